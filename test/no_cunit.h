/* no_cunit.h -- included before every CUnit test program's source when
 * configure found no CUnit (configure.ac): the library and the commands
 * build and install without it, and `make check` stops here with what to
 * install. */
#error "make check needs CUnit (the test suite): apt-get install libcunit1-dev, then ./configure again"

/* fuzz.h -- the fuzz targets under test/fuzz.  Each target defines the
 * libFuzzer entry point LLVMFuzzerTestOneInput (and may define
 * LLVMFuzzerInitialize); build one with libFuzzer for open-ended runs:
 *
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -Ilib -Iintegrands \
 *       test/fuzz/fuzz_expr.c integrands/expr.c -lm -o fuzz_expr
 *   ./fuzz_expr test/fuzz/corpus/expr
 *
 * or with driver.c (no libFuzzer needed), as `make check` does: every
 * corpus file once, then a fixed number of deterministic mutations. */
#ifndef PINT_FUZZ_H
#define PINT_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#endif

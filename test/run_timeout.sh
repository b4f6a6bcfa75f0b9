#!/bin/sh
# run_timeout.sh -- the log compiler of `make check`: runs one test under
# a time limit, so that no test can hang the suite.  A test still running
# after PINT_TEST_TIMEOUT seconds (default 1800: the slowest suite under
# the sanitizers on a loaded machine takes about 600) is killed with its
# whole process group (mpirun and the ranks it started included) and
# fails with one line naming it.
#
#   sh test/run_timeout.sh TEST [ARGS...]
limit=${PINT_TEST_TIMEOUT:-1800}
timeout --kill-after=30 "$limit" "$@"
rc=$?
if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    echo "run_timeout.sh: $1 did not finish within $limit s (a hang?): killed" >&2
    exit 1
fi
exit "$rc"

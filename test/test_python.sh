#!/bin/sh
# test_python.sh -- the Python package pintegrate (python/): its pytest
# suite against the module of this build tree.  Skipped (exit 77) when
# configure found no Python 3 with headers, numpy and pytest.  Under the
# sanitizer build the module and libpint need the sanitizers' runtimes
# loaded first, into a Python that was not built with them.
if [ -z "$PINT_PYTEST" ]; then
    echo "no Python 3 with headers, numpy and pytest: skipped"
    exit 77
fi
PYTHONPATH=$PINT_PYTHONPATH${PYTHONPATH:+:$PYTHONPATH}
export PYTHONPATH
if [ -n "$PINT_SANITIZERS" ]; then
    LD_PRELOAD="$($PINT_CC -print-file-name=libasan.so) $($PINT_CC -print-file-name=libubsan.so)"
    # Python's own allocations live until exit: leaks are not ours to see
    ASAN_OPTIONS=detect_leaks=0:$ASAN_OPTIONS
    export LD_PRELOAD ASAN_OPTIONS
fi
cd "$PINT_SRCDIR/python/tests" || exit 1
exec "$PINT_PYTEST" -m pytest -q -p no:cacheprovider test_pintegrate.py

#!/bin/sh
# fuzz.sh -- the deterministic fuzz runs of `make check` (see fuzz.h):
# every corpus input, then a fixed number of mutations per target.
# FUZZ_RUNS scales them (default: 10000 argument vectors for pint).
set -e
src=${PINT_SRCDIR:-.}/test/fuzz/corpus
bin=$(dirname "${PINT:?set by make check}")/../test/fuzz   # the build tree
runs=${FUZZ_RUNS:-10000}
"$bin/fuzz_cli" -n "$runs" "$src"/cli/*
"$bin/fuzz_expr" -n "$((runs * 10))" "$src"/expr/*
"$bin/fuzz_batch" -n "$runs" "$src"/batch/*

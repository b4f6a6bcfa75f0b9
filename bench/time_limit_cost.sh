#!/usr/bin/env bash
# What --time-limit costs a run that does not reach it: the same
# problem with no limit and with --time-limit 1e6, interleaved REPS
# times, for each case and thread count.  With a limit, calls expected to
# last 0.2 ms or more go through the guard of lib/eval.h (a hand-over to
# a thread of its own, the points copied); quicker calls run as without a
# limit.  The cheap Genz families make the quick calls; --cost-us 2
# makes every call a guarded one.
# Usage: bench/time_limit_cost.sh
#   PINT (default ./drivers/pint), REPS (5), THREADS ("1 2"),
#   CASES (newline-separated pint options)
# Prints a markdown table: the median seconds of each, and their ratio.
set -euo pipefail
PINT=${PINT:-./drivers/pint}
REPS=${REPS:-5}
THREADS=${THREADS:-"1 2"}
CASES=${CASES:-"-f genz1 -d 5 --er 1e-13 --max-evals 2e7
-f genz5 -d 5 --er 1e-13 --max-evals 2e7
-f genz2 -d 5 --er 1e-9 --max-evals 4e5 --cost-us 2
-f genz5 -d 5 --er 1e-13 --max-evals 2e7 --method qmc
-f genz4 -d 5 --er 1e-4 --max-evals 2e7 --method mc"}

seconds() {   # the run's own seconds from its JSON
    { "$PINT" --json "$@" < /dev/null || true; } \
        | awk 'match($0, /"seconds": [0-9.e+-]+/) {
                   print substr($0, RSTART + 11, RLENGTH - 11); exit }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "| case | threads | no limit (s) | --time-limit 1e6 (s) | ratio |"
echo "|---|---:|---:|---:|---:|"
mapfile -t cases <<< "$CASES"
for c in "${cases[@]}"; do
    [ -n "$c" ] || continue
    for t in $THREADS; do
        a=() b=()
        for _ in $(seq "$REPS"); do
            # shellcheck disable=SC2086
            a+=("$(seconds $c --threads "$t")")
            # shellcheck disable=SC2086
            b+=("$(seconds $c --threads "$t" --time-limit 1e6)")
        done
        ma=$(printf '%s\n' "${a[@]}" | median)
        mb=$(printf '%s\n' "${b[@]}" | median)
        echo "| \`$c\` | $t | $ma | $mb | $(awk -v a="$ma" -v b="$mb" \
            'BEGIN { printf "%.2f", b / a }') |"
    done
done

#!/usr/bin/env bash
# Idle ranks as helpers of busy ones' steps (lib/par/helpers.c), against
# regions only (--no-helpers), side by side at each P.  The integrand is
# the plug-in of bench/sleepy.c, which sleeps inside itself (PINT_SLEEP_US
# a point, 1000 by default), so pint cannot tell it from real work and P
# ranks can be studied on 2 cores.  One thread a rank.
# Usage: bench/helpers.sh [P ...]   (default 4 8 16)
#   PINT, MPIRUN, SLEEPY (path to sleepy.so), COST (us a point),
#   CASE (the problem; default the short case of bench/RESULTS.md 10.4:
#   genz2_sleep, d = 3, er 1e-3, about 30,000 evaluations)
# Prints a markdown table: seconds, efficiency against one rank,
# evaluations and their growth, transfers and helpers lent.
set -euo pipefail
PINT=${PINT:-/tmp/build/drivers/pint}
MPIRUN=${MPIRUN:-mpirun}
SLEEPY=${SLEEPY:-/tmp/build/bench/.libs/sleepy.so}
COST=${COST:-1000}
CASE=${CASE:--f genz2_sleep -d 3 --er 1e-3}
ranks=("$@")
[ ${#ranks[@]} -gt 0 ] || ranks=(4 8 16)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

run() {   # run P [options]: one JSON line
    local np=$1
    shift
    # shellcheck disable=SC2086
    PINT_SLEEP_US="$COST" "$MPIRUN" --quiet --oversubscribe -x PINT_SLEEP_US \
        -np "$np" "$PINT" --json --threads 1 --plugin "$SLEEPY" $CASE "$@"
}

row() {   # row P T1 E1 helpers-json regions-json
    python3 - "$@" <<'PY'
import json, sys
np_, t1, e1 = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
h, r = json.loads(sys.argv[4]), json.loads(sys.argv[5])
def cells(x, extra):
    return "%.2f | %.2f | %d | %+.1f%% | %d" % (
        x["seconds"], t1 / x["seconds"] / np_, x["evals"],
        100 * (x["evals"] / e1 - 1), x[extra])
print("| %d | %s | %s |" % (np_, cells(h, "helpers_lent"),
                            cells(r, "transfers")))
PY
}

one=$(run 1)
t1=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["seconds"])' "$one")
e1=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["evals"])' "$one")
echo "one rank: $t1 s, $e1 evaluations ($CASE, $COST us a point)"
echo
echo "| P | helpers s | eff | evals | growth | lent | regions only s | eff | evals | growth | transfers |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for np in "${ranks[@]}"; do
    h=$(run "$np")
    r=$(run "$np" --no-helpers)
    row "$np" "$t1" "$e1" "$h" "$r"
done

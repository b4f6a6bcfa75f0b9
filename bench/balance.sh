#!/usr/bin/env bash
# The one controller (--balance rr) against the tree of controllers
# (--balance tree), side by side at each P, interleaved REPS times.  The
# integrand is the plug-in of bench/sleepy.c, which sleeps inside itself
# (PINT_SLEEP_US a point, 1000 by default), so pint cannot tell it from
# real work and P ranks can be studied on 2 cores.  One thread a rank,
# regions only (--no-helpers: the simulator of bench/sim.c models no
# helpers, and its predictions are checked against these runs).
# Usage: bench/balance.sh [P ...]   (default 32 64)
#   PINT, MPIRUN, SLEEPY (path to sleepy.so), COST (us a point), REPS (1),
#   CASE (default the long case of bench/RESULTS.md 10.9 and 11:
#   genz2_sleep, d = 2, er 1e-9, rule gm, about 320,000 evaluations),
#   T1 (the one-rank seconds; else measured first), GROUP (--group G;
#   default: the tree's own, about sqrt(P))
# Prints a markdown table: seconds, efficiency against one rank,
# evaluations, transfers and the controllers' messages of each mode.
set -euo pipefail
PINT=${PINT:-/tmp/build/drivers/pint}
MPIRUN=${MPIRUN:-mpirun}
SLEEPY=${SLEEPY:-/tmp/build/bench/.libs/sleepy.so}
COST=${COST:-1000}
REPS=${REPS:-1}
CASE=${CASE:--f genz2_sleep -d 2 --er 1e-9 --rule gm}
ranks=("$@")
[ ${#ranks[@]} -gt 0 ] || ranks=(32 64)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

run() {   # run P [options]: one JSON line
    local np=$1
    shift
    # shellcheck disable=SC2086
    PINT_SLEEP_US="$COST" "$MPIRUN" --quiet --oversubscribe -x PINT_SLEEP_US \
        -np "$np" "$PINT" --json --threads 1 --no-helpers --plugin "$SLEEPY" \
        $CASE "$@"
}

if [ -z "${T1:-}" ]; then
    T1=$(run 1 | python3 -c 'import json,sys; print(json.load(sys.stdin)["seconds"])')
fi
echo "one rank: $T1 s ($CASE, $COST us a point)"
echo
echo "| P | mode | s | eff | evals | transfers | controller messages |"
echo "|---:|---|---:|---:|---:|---:|---:|"
group=()
[ -n "${GROUP:-}" ] && group=(--group "$GROUP")
for np in "${ranks[@]}"; do
    for ((r = 0; r < REPS; r++)); do
        for mode in rr tree; do
            extra=()
            [ "$mode" = tree ] && extra=("${group[@]}")
            run "$np" --balance "$mode" "${extra[@]}" |
            python3 -c '
import json, sys
np_, mode, t1 = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
d = json.load(sys.stdin)
print("| %d | %s | %.2f | %.3f | %d | %d | %d |" % (
    np_, mode, d["seconds"], t1 / d["seconds"] / np_, d["evals"],
    d["transfers"], d["controller_messages"]))' "$np" "$mode" "$T1"
        done
    done
done

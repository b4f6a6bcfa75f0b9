#!/usr/bin/env bash
# Threads against one thread and against ranks (bench/RESULTS.md, section
# 10): the same integral with --regions-per-step 16 everywhere (so every
# run does the same work: the same evaluations, bit for bit, on any number
# of threads), on 1 and N threads of one process and on N ranks of one
# thread, side by side; speedup = the one-thread seconds / these seconds,
# pint's own seconds, the best of REPEAT runs.
#   cheap   genz1-6 at d = 5, er ER (default 1e-8; genz5 stops at 5e7)
#   costly  genz2 at d = 3, er 1e-4, each evaluation burning SPIN us of CPU
#           (--spin-us, inside the integrand)
# Usage: bench/threads.sh   (PINT, N, ER, SPIN, REPEAT, MPIRUN from the
# environment)
set -euo pipefail
PINT=${PINT:-./drivers/pint}
N=${N:-2}
ER=${ER:-1e-8}
SPIN=${SPIN:-200}
REPEAT=${REPEAT:-3}
MPIRUN=${MPIRUN:-mpirun}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

best() {    # command...: the least "seconds" of REPEAT runs, and evals
    local b="" e=""
    for _ in $(seq "$REPEAT"); do
        read -r s n < <("$@" --json | python3 -c '
import json, sys
r = json.load(sys.stdin)
print(r["seconds"], r["evals"])')
        if [ -z "$b" ] || python3 -c "import sys; sys.exit(not $s < $b)"; then
            b=$s
        fi
        e=$n
    done
    echo "$b $e"
}

echo "| integral | evals | 1 thread s | $N threads s | speedup | $N ranks s | speedup |"
echo "|---|---:|---:|---:|---:|---:|---:|"
case_row() {    # name, pint arguments...
    local name=$1
    shift
    read -r t1 e1 < <(best "$PINT" "$@" --threads 1 --regions-per-step 16)
    read -r tn en < <(best "$PINT" "$@" --threads "$N" --regions-per-step 16)
    read -r tr er < <(best "$MPIRUN" --quiet --oversubscribe -np "$N" \
                      "$PINT" "$@" --threads 1 --regions-per-step 16)
    [ "$e1" = "$en" ] || echo "warning: $name: $e1 against $en evaluations" >&2
    python3 -c "
t1, tn, tr = $t1, $tn, $tr
print('| $name | %d | %.3f | %.3f | %.2f | %.3f | %.2f |' % (
    $e1, t1, tn, t1 / tn, tr, t1 / tr))"
}
for f in genz1 genz2 genz3 genz4 genz5 genz6; do
    case_row "$f d=5" -f "$f" -d 5 --er "$ER" --max-evals 5e7
done
case_row "genz2 d=3, ${SPIN} us" -f genz2 -d 3 --er 1e-4 --spin-us "$SPIN"

#!/usr/bin/env bash
# QMC work units over emulated workers (Cucos 2003, ch. 4.1): speedup of
# single-cell, row and constant-row distribution for W = 2..32 workers,
# every evaluation sleeping COST microseconds (--cost-us) so that many
# ranks emulate many processors on two cores.  Then heterogeneity: every
# odd rank twice as slow (--cost-us COST,2*COST), and the last rank alone
# twice as slow.
#
#   speedup = T1 / TW, T1 the one-rank time of the same problem (same rows,
#   shifts and seed: every mode computes the same answer).
#   Row distribution: W ranks, all compute.  single-cell and constant-row:
#   W + 1 ranks, rank 0 only hands out units.  Constant-row: the default
#   K = 16 units per worker and row, and K = 4 for comparison.
#
# Usage: bench/qmc_units.sh   (PINT, MPIRUN, F, D, ER, COST, WORKERS from env)
set -euo pipefail
PINT=${PINT:-/tmp/build/drivers/pint}
MPIRUN=${MPIRUN:-mpirun}
F=${F:-expprod}
D=${D:-360}
ER=${ER:-2e-7}
COST=${COST:-200}
WORKERS=${WORKERS:-"2 4 8 16 30 32"}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

run() {   # ranks, extra options...: prints "seconds evals rows status"
  local np=$1; shift
  "$MPIRUN" --quiet --oversubscribe -np "$np" "$PINT" --json --method qmc \
      -f "$F" -d "$D" --er "$ER" "$@" |
    python3 -c 'import json,sys; r=json.load(sys.stdin); print(r["seconds"], r["evals"], r["rows"], r["status"])'
}

read -r t1 e1 rows1 st1 < <(run 1 --cost-us "$COST")
echo "problem: $F d=$D --er $ER, --cost-us $COST; one rank: $t1 s, $e1 evaluations, $rows1 rows, $st1"
echo
echo "| workers | single-cell speedup | row speedup | constant-row speedup | single-cell evals | row evals | constant-row evals |"
echo "|---:|---:|---:|---:|---:|---:|---:|"
for w in $WORKERS; do
  read -r ts es _ _ < <(run $((w + 1)) --qmc-units single-cell --cost-us "$COST")
  read -r tr er _ _ < <(run "$w" --qmc-units row --cost-us "$COST")
  read -r tc ec _ _ < <(run $((w + 1)) --qmc-units constant-row --cost-us "$COST")
  python3 -c "
t1 = $t1
print('| $w | %.2f | %.2f | %.2f | $es | $er | $ec |' % (t1 / $ts, t1 / $tr, t1 / $tc))"
done

echo
echo "Heterogeneous: every odd rank costs $((2 * COST)) us.  The capacity of"
echo "W workers is then 0.75 W fast workers; efficiency = speedup / (0.75 W)."
echo
echo "| workers | row speedup | row efficiency | constant-row K=4 speedup | efficiency | constant-row K=16 speedup | efficiency |"
echo "|---:|---:|---:|---:|---:|---:|---:|"
slow="$COST,$((2 * COST))"
for w in $WORKERS; do
  read -r tr _ _ _ < <(run "$w" --qmc-units row --cost-us "$slow")
  read -r t4 _ _ _ < <(run $((w + 1)) --qmc-units constant-row --units-per-worker 4 --cost-us "$slow")
  read -r t16 _ _ _ < <(run $((w + 1)) --qmc-units constant-row --units-per-worker 16 --cost-us "$slow")
  python3 -c "
t1, cap = $t1, 0.75 * $w
s = [t1 / $tr, t1 / $t4, t1 / $t16]
print('| $w | %.2f | %.3f | %.2f | %.3f | %.2f | %.3f |' % (s[0], s[0] / cap, s[1], s[1] / cap, s[2], s[2] / cap))"
done

echo
echo "One slow rank: the last costs $((2 * COST)) us.  The capacity of W"
echo "workers is then W - 0.5 fast workers; efficiency = speedup / (W - 0.5)."
echo
echo "| workers | row speedup | row efficiency | constant-row K=16 speedup | efficiency |"
echo "|---:|---:|---:|---:|---:|"
for w in $WORKERS; do
  costs=$(python3 -c "print(','.join(['$COST'] * ($w - 1) + ['$((2 * COST))']))")
  # constant-row: rank 0 only controls, so W + 1 ranks, the last slow
  costs1=$(python3 -c "print(','.join(['$COST'] * $w + ['$((2 * COST))']))")
  read -r tr _ _ _ < <(run "$w" --qmc-units row --cost-us "$costs")
  read -r t16 _ _ _ < <(run $((w + 1)) --qmc-units constant-row --cost-us "$costs1")
  python3 -c "
t1, cap = $t1, $w - 0.5
s = [t1 / $tr, t1 / $t16]
print('| $w | %.2f | %.3f | %.2f | %.3f |' % (s[0], s[0] / cap, s[1], s[1] / cap))"
done

#!/usr/bin/env bash
# Work shared by measured speed (QMC rows, lib/qmc_run.c; Monte Carlo
# rounds, lib/mc_run.c) against work shared evenly, side by side in one
# run: every evaluation sleeps COST us (so that many ranks emulate many
# processors on two cores), on W ranks that are alike, where every odd
# rank is twice as slow, and where the last rank alone is twice as slow.
#
#   efficiency = T1 / (capacity x TW): T1 the one-rank time, capacity the
#   ranks in units of a fast one (W; 0.75 W; W - 0.5).
#
# METHOD qmc (default): expprod, d = 360, er = 2e-7; METHOD mc: expprod,
# d = 10, er = 2e-3.
#
# Usage: OLD=/path/to/even/pint NEW=/path/to/pint bench/shares_by_speed.sh
#        (METHOD, MPIRUN, F, D, ER, COST, WORKERS from env)
set -euo pipefail
OLD=${OLD:?the pint that shares evenly}
NEW=${NEW:-/tmp/build/drivers/pint}
MPIRUN=${MPIRUN:-mpirun}
METHOD=${METHOD:-qmc}
F=${F:-expprod}
if [ "$METHOD" = mc ]; then D=${D:-10}; ER=${ER:-2e-3}
else D=${D:-360}; ER=${ER:-2e-7}; fi
COST=${COST:-200}
WORKERS=${WORKERS:-"2 4 8 16"}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

run() {   # pint, ranks, costs: prints "seconds value evals"
  "$MPIRUN" --quiet --oversubscribe -np "$2" "$1" --json --method "$METHOD" \
      -f "$F" -d "$D" --er "$ER" --cost-us "$3" |
    python3 -c 'import json,sys; r=json.load(sys.stdin); print(r["seconds"], repr(r["value"][0]), r["evals"])'
}

read -r t1 _ n1 < <(run "$NEW" 1 "$COST")
echo "problem: --method $METHOD -f $F -d $D --er $ER, --cost-us $COST; one rank: $t1 s, $n1 evaluations"
echo
echo "| ranks | speeds | even: seconds | efficiency | by speed: seconds | efficiency | by speed / even |"
echo "|---:|---|---:|---:|---:|---:|---:|"
for w in $WORKERS; do
  for kind in alike odd last; do
    case $kind in
      alike) costs=$COST; cap=$w ;;
      odd) costs="$COST,$((2 * COST))"; cap=$(python3 -c "print(0.75 * $w)") ;;
      last) costs=$(python3 -c "print(','.join(['$COST'] * ($w - 1) + ['$((2 * COST))']))")
            cap=$(python3 -c "print($w - 0.5)") ;;
    esac
    read -r to _ < <(run "$OLD" "$w" "$costs")
    read -r tn _ < <(run "$NEW" "$w" "$costs")
    python3 -c "
t1, cap = $t1, $cap
print('| $w | $kind | %.2f | %.3f | %.2f | %.3f | %.3f |' % ($to, t1 / (cap * $to), $tn, t1 / (cap * $tn), $tn / $to))"
  done
done

#!/usr/bin/env bash
# rules.sh -- the box rules side by side on pint-bench's Genz grid:
# the share of honest estimates (|Q - I| <= E) and the evaluations.
#
#   BENCH=/tmp/build/drivers/pint-bench bench/rules.sh > rules.md
#
# Environment (defaults in brackets):
#   BENCH      the pint-bench binary                 [/tmp/build/drivers/pint-bench]
#   INSTANCES  Genz instances per cell, seeds 1..N   [21]
#
# Part 1: every family at d = 2, 5, 8, 10 and er = 1e-3, 1e-6 with
# pint-bench's default limit (1e6 evaluations), for pint with each box rule
# and for hcubature.  Part 2: d = 5, er = 1e-6, limit 1e7, pint (default
# rule) and hcubature in one run, with pint's ratios to hcubature.
set -euo pipefail

BENCH=${BENCH:-/tmp/build/drivers/pint-bench}
INSTANCES=${INSTANCES:-21}
if [[ ! -x $BENCH ]]; then
    echo "rules.sh: not an executable: $BENCH (set BENCH)" >&2
    exit 2
fi

echo "## Part 1: honest share and median evaluations, limit 1e6"
echo
echo "| family | d | tol | method | runs | median evals | worst evals | median s | ok | honest | digits | | |"
echo "|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for rule in sym9 sym7 gm; do
    "$BENCH" -d 2,5,8,10 --tols 1e-3,1e-6 --instances "$INSTANCES" \
        --methods pint --rule "$rule" | grep '| pint |' \
        | sed "s/| pint |/| pint $rule |/"
done
"$BENCH" -d 2,5,8,10 --tols 1e-3,1e-6 --instances "$INSTANCES" \
    --methods hcubature | grep '| hcubature |'
echo
echo "## Part 2: d = 5, er = 1e-6, limit 1e7"
echo
"$BENCH" -d 5 --tols 1e-6 --instances "$INSTANCES" --max-evals 1e7 \
    --methods pint,hcubature | grep '|'

#!/bin/sh
# vegas_peers.sh -- pint's VEGAS+ beside GSL's vegas (pint-bench) and
# Cuba's Vegas (bench/peer_cuhre --vegas, from the r-cran-cubature Debian
# package) on the same Genz instances: evaluations to reach the tolerance
# and the honest share (|Q - I| <= E, one standard error), medians of
# INSTANCES (default 21) per cell.  bench/RESULTS.md section 13.
#
#   make bench/peer_cuhre
#   bench/vegas_peers.sh [DIMS] [ER] > vegas.csv
#
# DIMS default "5 10 20", ER default 1e-3, MAX (evaluations a run)
# default 1e7, CUBA the Cuba shared object.  One CSV (pint-bench's
# columns) on stdout; bench/vegas_table.py makes the table.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$here/..
dims=${1:-"5 10 20"}
er=${2:-1e-3}
max=${MAX:-10000000}
inst=${INSTANCES:-21}
cuba=${CUBA:-/usr/lib/R/site-library/cubature/libs/cubature.so}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dl=$(echo $dims | tr ' ' ,)
"$top/drivers/pint-bench" --families genz1,genz2,genz3,genz4,genz5,genz6 \
    --dims "$dl" --tols "$er" --mc-tols "$er" --methods pint-vegas,vegas \
    --instances "$inst" --max-evals "$max" --csv "$tmp/bench.csv" > /dev/null
cat "$tmp/bench.csv"
if [ -r "$cuba" ]; then
    for d in $dims; do
        for f in 1 2 3 4 5 6; do
            "$top/bench/peer_cuhre" --lib "$cuba" --vegas -f genz$f -d "$d" \
                --er "$er" --instances "$inst" --max-evals "$max" | tail -n +2
        done
    done
fi

#!/bin/sh
# cuhre_grid.sh -- pint's default rule beside Cuba's Cuhre (key 0, its
# default rules: degree 13 at d = 2, 11 at d = 3, 9 from d = 4; from the
# r-cran-cubature Debian package, as bench/peer_cuhre loads it) on the
# same Genz instances: issue 26's grid, d = 2, 3, 5, 8, 10 x er = 1e-4,
# 1e-7 x genz1-6, 21 instances a cell, limit 1e7 evaluations a run.
# Evaluation counts and honesty only: nothing here is timed.
#
#   make bench/peer_cuhre
#   bench/cuhre_grid.sh > grid.csv && bench/cuhre_grid_table.py grid.csv
#
# DIMS, TOLS (comma lists), INSTANCES, MAX, CUBA, RULE (pint's rule,
# default auto; its name goes in the method column, as pint-RULE) from
# the environment;
# LAST=1 also runs Cuhre with --last (the last iteration's sum over its
# regions, as pint reports, instead of Cuba's weighted average of the
# iterations); PINT=0 leaves pint out.  One CSV (pint-bench's columns)
# on stdout.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$here/..
dims=${DIMS:-2,3,5,8,10}
tols=${TOLS:-1e-4,1e-7}
inst=${INSTANCES:-21}
max=${MAX:-10000000}
cuba=${CUBA:-/usr/lib/R/site-library/cubature/libs/cubature.so}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ "${PINT:-1}" != 0 ]; then
    "$top/drivers/pint-bench" --families genz1,genz2,genz3,genz4,genz5,genz6 \
        --dims "$dims" --tols "$tols" --methods pint --instances "$inst" \
        --max-evals "$max" --rule "${RULE:-auto}" --csv "$tmp/bench.csv" \
        > /dev/null
    if [ -n "${RULE:-}" ]; then
        sed "2,\$s/^pint,/pint-$RULE,/" "$tmp/bench.csv"
    else
        cat "$tmp/bench.csv"
    fi
else
    echo "method,family,dim,difficulty,tol,seed,evals,seconds,value,error,exact,status,ok,honest,digits"
fi
[ -r "$cuba" ] || { echo "cuhre_grid.sh: no Cuba at $cuba" >&2; exit 0; }
for d in $(echo "$dims" | tr , ' '); do
    for er in $(echo "$tols" | tr , ' '); do
        for f in 1 2 3 4 5 6; do
            "$top/bench/peer_cuhre" --lib "$cuba" -f genz$f -d "$d" \
                --er "$er" --instances "$inst" --max-evals "$max" |
                tail -n +2
            if [ "${LAST:-0}" = 1 ]; then
                "$top/bench/peer_cuhre" --lib "$cuba" -f genz$f -d "$d" \
                    --er "$er" --instances "$inst" --max-evals "$max" \
                    --last | tail -n +2
            fi
        done
    done
done

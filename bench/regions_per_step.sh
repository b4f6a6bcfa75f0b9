#!/usr/bin/env bash
# Evaluations against regions per step (bench/RESULTS.md, section 10):
# pint -f genzF -d D --er ER --regions-per-step K on one thread, for
# genz1-6, D in DIMS and K in KS; a '!' marks a run whose true error
# exceeds its estimate, "(limit)" one stopped by the 5e7 evaluation
# limit.  Counts only: the machine's load does not matter.
# Usage: bench/regions_per_step.sh   (PINT, DIMS, KS, ER from the
# environment)
set -euo pipefail
PINT=${PINT:-./drivers/pint}
DIMS=${DIMS:-3 5 8}
KS=${KS:-1 4 16 64}
ER=${ER:-1e-6}
printf '| family | d |'
for k in $KS; do printf ' K = %s |' "$k"; done
printf '\n|---|---:|'
for k in $KS; do printf -- '---:|'; done
printf '\n'
for f in genz1 genz2 genz3 genz4 genz5 genz6; do
  for d in $DIMS; do
    printf '| %s | %s |' "$f" "$d"
    for k in $KS; do
      { "$PINT" --json -f "$f" -d "$d" --er "$ER" --max-evals 5e7 \
                --regions-per-step "$k" || [ $? -eq 1 ]; } |
        python3 -c '
import json, sys
r = json.load(sys.stdin)
v, x, e = r["value"][0], r["exact"][0], r["error"][0]
mark = ("" if abs(v - x) <= e else "!") + \
       ("" if r["status"] == "converged" else " (limit)")
sys.stdout.write(" %d%s |" % (r["evals"], mark))'
    done
    printf '\n'
  done
done

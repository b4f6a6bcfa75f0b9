#!/usr/bin/env bash
# How the update period and the transfer size were chosen: seconds of
# (a) 2 ranks, genz3 d=5 er=3e-3, integrand burning 200 us of CPU, and
# (b) 16 ranks emulated (--cost-us 1000), genz2 d=2 er=1e-8,
# over --update-seconds (with --lb-regions 4) and --lb-regions (with
# --update-seconds 0.002).  Usage: bench/mpi_defaults.sh (PINT, MPIRUN)
set -euo pipefail
PINT=${PINT:-/tmp/build/drivers/pint}
MPIRUN=${MPIRUN:-mpirun}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
row() {   # label, then pint arguments
  local label=$1; shift
  "$MPIRUN" --quiet --oversubscribe "$@" | python3 -c '
import json, sys
r = json.load(sys.stdin)
print("| %s | %.2f | %d | %d | %d |" % (sys.argv[1], r["seconds"], r["evals"],
      r["transfers"], r["controller_messages"]))' "$label"
}
echo "| setting | seconds | evals | transfers | controller messages |"
echo "|---|---:|---:|---:|---:|"
real=(-np 2 "$PINT" --json -f genz3 -d 5 --er 3e-3 --spin-us 200)
emul=(-np 16 "$PINT" --json -f genz2 -d 2 --er 1e-8 --cost-us 1000)
for u in 0.0005 0.002 0.01; do row "P=2 real, update $u s, lb 4" "${real[@]}" --update-seconds $u; done
for k in 1 4 16; do row "P=2 real, update 0.002 s, lb $k" "${real[@]}" --lb-regions $k; done
for u in 0.0005 0.002 0.01; do row "P=16 emulated, update $u s, lb 4" "${emul[@]}" --update-seconds $u; done
for k in 1 4 16; do row "P=16 emulated, update 0.002 s, lb $k" "${emul[@]}" --lb-regions $k; done

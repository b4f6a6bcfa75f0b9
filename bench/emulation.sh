#!/usr/bin/env bash
# The emulations of a slow integrand side by side (bench/RESULTS.md, 3):
# pint -f genz2 -d 2 --er ER, every evaluation costing COST us, on P ranks
# sharing 2 cores, as
#   old      OLD_PINT --cost-us COST (a pint whose library slept for the
#            integrand, in slices with the controller polled between them:
#            before 28d932d);
#   wrapper  PINT --cost-us COST (the driver wraps the integrand; the
#            library polls between chunks of every batch);
#   plugin   PINT --plugin SLEEPY -f genz2_sleep (bench/sleepy.c: the
#            integrand sleeps inside itself, pint's options say nothing).
# Efficiency = evaluations x COST / (P x seconds), seconds being pint's own.
# Usage: bench/emulation.sh [P ...]   (PINT, OLD_PINT, SLEEPY, COST, ER,
# MPIRUN from the environment; OLD_PINT or SLEEPY unset: that row is left out)
set -euo pipefail
PINT=${PINT:-/tmp/build/drivers/pint}
OLD_PINT=${OLD_PINT:-}
SLEEPY=${SLEEPY:-}
COST=${COST:-1000}
ER=${ER:-1e-9}
MPIRUN=${MPIRUN:-mpirun}
ranks=("$@")
[ ${#ranks[@]} -gt 0 ] || ranks=(2 8 32)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

row() {     # name P json
    python3 - "$1" "$2" "$3" "$COST" <<'PY'
import json, sys
name, p, out, cost = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4])
r = json.loads(out)
t = r["seconds"]
idle = sum(r["rank_idle_seconds"]) / p
print("| %s | %d | %.2f | %d | %.3f | %d | %.2f |" % (
    name, p, t, r["evals"], r["evals"] * cost * 1e-6 / (p * t),
    r["transfers"], idle))
PY
}

echo "| emulation | P | seconds | evals | efficiency | transfers | idle s/rank |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for np in "${ranks[@]}"; do
  run=("$MPIRUN" --quiet --oversubscribe -np "$np")
  if [ -n "$OLD_PINT" ]; then
    row old "$np" "$("${run[@]}" "$OLD_PINT" --json -f genz2 -d 2 --er "$ER" \
                     --cost-us "$COST")"
  fi
  row wrapper "$np" "$("${run[@]}" "$PINT" --json -f genz2 -d 2 --er "$ER" \
                       --cost-us "$COST")"
  if [ -n "$SLEEPY" ]; then
    row plugin "$np" "$(PINT_SLEEP_US="$COST" "${run[@]}" -x PINT_SLEEP_US \
                        "$PINT" --json --plugin "$SLEEPY" -f genz2_sleep -d 2 \
                        --er "$ER")"
  fi
done

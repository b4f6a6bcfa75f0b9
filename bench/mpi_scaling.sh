#!/usr/bin/env bash
# Emulated scale: every evaluation sleeps --cost-us (1000 us by default),
# so P ranks can be studied on 2 cores.  genz2 at d = 2, er = 1e-9
# (about 320,000 evaluations: 5 minutes on one rank).  Prints a markdown
# table: seconds, speedup against P = 1, efficiency, evaluations, transfers,
# controller messages per second, mean idle seconds per rank, and the
# efficiency model E = 1/(1 + k Tc/Ts) of DESIGN.md (Cucos ch. 7) with
# k = transfers, Tc = one subdivision step (the longest a fed worker waits
# for the giver to finish its step), Ts = the one-rank time.
# Usage: bench/mpi_scaling.sh [P ...]   (PINT, MPIRUN, COST from env;
# SLEEPY=path/to/sleepy.so: the integrand sleeps inside itself, the
# plug-in of bench/sleepy.c, instead of --cost-us)
set -euo pipefail
PINT=${PINT:-/tmp/build/drivers/pint}
MPIRUN=${MPIRUN:-mpirun}
COST=${COST:-1000}
ranks=("$@")
[ ${#ranks[@]} -gt 0 ] || ranks=(1 2 4 8 16 32)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

echo "| P | seconds | speedup | efficiency | evals | transfers | ctrl msgs/s | idle s/rank | model E |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
t1=""
for np in "${ranks[@]}"; do
  if [ -n "${SLEEPY:-}" ]; then
    out=$(PINT_SLEEP_US="$COST" "$MPIRUN" --quiet --oversubscribe -x PINT_SLEEP_US \
          -np "$np" "$PINT" --json --plugin "$SLEEPY" -f genz2_sleep -d 2 --er 1e-9)
  else
    out=$("$MPIRUN" --quiet --oversubscribe -np "$np" "$PINT" --json -f genz2 -d 2 \
          --er 1e-9 --cost-us "$COST")
  fi
  t1=$(python3 - "$out" "$np" "$t1" "$COST" <<'PY'
import json, sys
r = json.loads(sys.argv[1]); np_ = int(sys.argv[2]); cost = float(sys.argv[4])
t = r["seconds"]
t1 = float(sys.argv[3]) if sys.argv[3] else t
step = 2 * 17 * cost * 1e-6              # GM at d = 2: 17 points, 2 per step
k = r["transfers"]
model = 1.0 / (1.0 + k * step / t1) if np_ > 1 else 1.0
idle = sum(r["rank_idle_seconds"]) / np_
print("| %d | %.2f | %.2f | %.3f | %d | %d | %.0f | %.2f | %.3f |" % (
    np_, t, t1 / t, t1 / t / np_, r["evals"], k,
    r["controller_messages"] / t, idle, model), file=sys.stderr)
print(t1)
PY
)
done 2>&1 >/dev/null | cat

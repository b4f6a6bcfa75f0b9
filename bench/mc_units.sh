#!/usr/bin/env bash
# Monte Carlo work units over emulated workers (Cucos 2003, ch. 4.1,
# Figure 4.6): fixed-count rounds against fixed-time units of 0.01 s and
# 2 s, for W = 2..32 workers, every evaluation sleeping COST microseconds.
#
#   efficiency = T_need / (W x wall seconds), T_need = N_need x seconds per
#   evaluation on one rank: the time one rank needs for the points that
#   meet the tolerance, N_need = (sigma / (ER |I|))^2, with sigma from a
#   one-rank run of 10^6 free points and the seconds per evaluation from a
#   one-rank run of MEASURE points at the emulated cost.  Rounds that
#   double overshoot N_need; units that run past the stop waste time.  Fixed-time units: W + 1 ranks,
#   rank 0 only collects; fixed-count rounds: W ranks, all sample.
#   The breaking loss of a unit is what workers compute after the
#   decision to stop: up to one unit each.
#
# Usage: bench/mc_units.sh   (PINT, MPIRUN, F, D, ER, COST, WORKERS from env)
set -euo pipefail
PINT=${PINT:-/tmp/build/drivers/pint}
MPIRUN=${MPIRUN:-mpirun}
F=${F:-genz4}
D=${D:-10}
ER=${ER:-1.2e-3}
COST=${COST:-1000}
MEASURE=${MEASURE:-2000}
WORKERS=${WORKERS:-"2 4 8 16 30 32"}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

run() {   # ranks, extra options...: prints "seconds evals status value error"
  local np=$1; shift
  "$MPIRUN" --quiet --oversubscribe -np "$np" "$PINT" --json --method mc \
      -f "$F" -d "$D" "$@" |
    python3 -c 'import json,sys; r=json.load(sys.stdin); print(r["seconds"], r["evals"], r["status"], r["value"][0], r["error"][0])'
}

read -r tm em _ _ _ < <(run 1 --cost-us "$COST" --er 1e-12 --max-evals "$MEASURE")
read -r _ es1 _ q1 err1 < <(run 1 --er 1e-12 --max-evals 1000000)
need=$(python3 -c "print(($err1 * $es1 ** 0.5 / ($ER * abs($q1))) ** 2)")
echo "problem: $F d=$D --er $ER, --cost-us $COST: $(python3 -c "print('%.1f' % (1e6 * $tm / $em))") us per evaluation on one rank, N_need = $(python3 -c "print(round($need))") points ($(python3 -c "print('%.1f' % ($need * $tm / $em))") s on one rank)"
echo
echo "| workers | rounds: evals | rounds: efficiency | 0.01 s units: evals | efficiency | 2 s units: evals | efficiency |"
echo "|---:|---:|---:|---:|---:|---:|---:|"
for w in $WORKERS; do
  read -r tr er _ _ _ < <(run "$w" --cost-us "$COST" --er "$ER")
  read -r ts es _ _ _ < <(run $((w + 1)) --cost-us "$COST" --er "$ER" --unit-seconds 0.01)
  read -r tl el _ _ _ < <(run $((w + 1)) --cost-us "$COST" --er "$ER" --unit-seconds 2)
  python3 -c "
tneed = $need * $tm / $em
def eff(secs): return tneed / ($w * secs)
print('| $w | $er | %.3f | $es | %.3f | $el | %.3f |' % (eff($tr), eff($ts), eff($tl)))"
done

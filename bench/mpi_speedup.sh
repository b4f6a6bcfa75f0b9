#!/usr/bin/env bash
# Real speedup on this machine: 1 rank against 2 ranks, the integrand
# burning real CPU (--spin-us), genz2 and genz3 at d = 5.  Prints a
# markdown table of median seconds over REPEATS runs, speedup and
# efficiency.  Usage: bench/mpi_speedup.sh   (PINT, MPIRUN, REPEATS from env)
set -euo pipefail
PINT=${PINT:-/tmp/build/drivers/pint}
MPIRUN=${MPIRUN:-mpirun}
REPEATS=${REPEATS:-3}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

# family, tolerance (one-rank runs of a few seconds), integrand cost
cases=(
  "genz2 5e-3 200" "genz3 3e-3 200"
  "genz2 3e-3 20"  "genz3 3e-4 20"
)
median() { python3 -c 'import sys,statistics; print(statistics.median(float(x) for x in sys.argv[1:]))' "$@"; }
field() { python3 -c 'import json,sys; r=json.loads(sys.argv[1]); print(r[sys.argv[2]])' "$1" "$2"; }

echo "| integrand | cost us | evals P=1 | evals P=2 | seconds P=1 | seconds P=2 | speedup | efficiency |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for c in "${cases[@]}"; do
  read -r f er cost <<<"$c"
  t1=(); t2=()
  for _ in $(seq "$REPEATS"); do
    for np in 1 2; do
      out=$("$MPIRUN" --quiet -np "$np" "$PINT" --json -f "$f" -d 5 --er "$er" --spin-us "$cost")
      s=$(field "$out" seconds); e=$(field "$out" evals)
      if [ "$np" = 1 ]; then t1+=("$s"); e1=$e; else t2+=("$s"); e2=$e; fi
    done
  done
  m1=$(median "${t1[@]}"); m2=$(median "${t2[@]}")
  python3 -c "
s1, s2 = $m1, $m2
print('| %s d=5 er=%s | %s | %s | %s | %.2f | %.2f | %.3f | %.3f |' % ('$f', '$er', '$cost', $e1, $e2, s1, s2, s1 / s2, s1 / s2 / 2))"
done

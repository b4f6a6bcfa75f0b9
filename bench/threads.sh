#!/usr/bin/env bash
# Threads against one thread, against ranks and against Cuba's forked
# workers (bench/RESULTS.md, section 10), side by side in one run:
#   adaptive  genz1-6 at d = 5, each at a tolerance that makes a run of a
#             second or more on one thread (ER_genzN below; the limit
#             MAXEV), with --regions-per-step 16 everywhere, so that one
#             process does the same work, bit for bit, on 1 and N
#             threads; N ranks of one thread under mpirun partition the
#             box their own way;
#   costly    genz2 at d = 3, er 1e-4, each evaluation burning SPIN us of
#             CPU inside the integrand (--spin-us);
#   mc, qmc   genz2 at d = 5 (their results are the same bit for bit on
#             any number of threads);
#   cuhre     Cuba's Cuhre on the same genz instance (seed 1) without and
#             with N forked workers (bench/peer_cuhre --cores N), when
#             CUBA_LIB names a shared object with Cuhre (the Debian
#             package r-cran-cubature has one).
# speedup = the one-thread seconds / these seconds; pint's own seconds
# (Cuhre's: peer_cuhre's), the best of REPEAT runs.
# Usage: bench/threads.sh   (PINT, PEER_CUHRE, CUBA_LIB, N, SPIN, REPEAT,
# MAXEV, MPIRUN from the environment)
set -euo pipefail
PINT=${PINT:-./drivers/pint}
PEER_CUHRE=${PEER_CUHRE:-./bench/peer_cuhre}
CUBA_LIB=${CUBA_LIB:-/usr/lib/R/site-library/cubature/libs/cubature.so}
N=${N:-2}
SPIN=${SPIN:-200}
REPEAT=${REPEAT:-3}
MAXEV=${MAXEV:-2e8}
MPIRUN=${MPIRUN:-mpirun}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
declare -A ER=([genz1]=1e-14 [genz2]=1e-10 [genz3]=1e-10 [genz4]=1e-11
               [genz5]=1e-10 [genz6]=1e-14)

best() {    # command...: it prints "seconds evals"; the least seconds of
            # REPEAT runs, and the evals
    local b="" e=""
    for _ in $(seq "$REPEAT"); do
        read -r s n < <("$@")
        if [ -z "$b" ] || python3 -c "import sys; sys.exit(not $s < $b)"; then
            b=$s
        fi
        e=$n
    done
    echo "$b $e"
}

pint_run() {    # pint arguments...: its seconds and evals
    "$@" --json | python3 -c '
import json, sys
r = json.load(sys.stdin)
print(r["seconds"], r["evals"])'
}

echo "| integral | evals | 1 thread s | $N threads s | speedup | $N ranks s | speedup |"
echo "|---|---:|---:|---:|---:|---:|---:|"
case_row() {    # name, pint arguments...
    local name=$1
    shift
    read -r t1 e1 < <(best pint_run "$PINT" "$@" --threads 1)
    read -r tn en < <(best pint_run "$PINT" "$@" --threads "$N")
    read -r tr er < <(best pint_run "$MPIRUN" --quiet --oversubscribe \
                      -np "$N" "$PINT" "$@" --threads 1)
    [ "$e1" = "$en" ] || echo "warning: $name: $e1 against $en evaluations" >&2
    python3 -c "
t1, tn, tr = $t1, $tn, $tr
print('| $name | %d | %.3f | %.3f | %.2f | %.3f | %.2f |' % (
    $e1, t1, tn, t1 / tn, tr, t1 / tr))"
}
for f in genz1 genz2 genz3 genz4 genz5 genz6; do
    case_row "$f d=5 er ${ER[$f]}" -f "$f" -d 5 --er "${ER[$f]}" \
             --max-evals "$MAXEV" --regions-per-step 16
done
case_row "genz2 d=3, ${SPIN} us" -f genz2 -d 3 --er 1e-4 --spin-us "$SPIN" \
         --regions-per-step 16
case_row "mc genz2 d=5" --method mc -f genz2 -d 5 --er 2e-5
case_row "qmc genz2 d=5" --method qmc -f genz2 -d 5 --er 1e-10

# Cuba's Cuhre: 0 and N forked workers, the same instance (seed 1)
cuhre_run() {   # er cores: Cuhre's seconds and evals
    "$PEER_CUHRE" --lib "$CUBA_LIB" -f genz2 -d 5 --er "$1" --instances 1 \
                  --max-evals 2000000000 --cores "$2" | python3 -c '
import csv, sys
r = list(csv.DictReader(sys.stdin))[0]
print(r["seconds"], r["evals"])'
}
if [ -x "$PEER_CUHRE" ] && [ -r "$CUBA_LIB" ]; then
    echo
    echo "| Cuba Cuhre, genz2 d=5 | evals | 0 workers s | $N workers s | speedup |"
    echo "|---|---:|---:|---:|---:|"
    for er in 1e-8 1e-9; do
        read -r c0 n0 < <(best cuhre_run "$er" 0)
        read -r cn nn < <(best cuhre_run "$er" "$N")
        python3 -c "print('| er $er | %d / %d | %.3f | %.3f | %.2f |' % (
            $n0, $nn, $c0, $cn, $c0 / $cn))"
    done
fi

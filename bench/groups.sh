#!/usr/bin/env bash
# groups.sh -- many integrals in groups of ranks (Cucos 2003, ch. 5.1,
# Figures 5.1-5.6): 100 instances of each Genz family at d = 10, run by
# P = 28 ranks (emulated workers: every evaluation sleeps COST us) cut into
# groups of 1, 2, 4, 7, 14 and 28 ranks.  Prints a markdown table of wall
# seconds and evaluations per family and group size, writes the CSV to
# OUT/groups.csv and, when gnuplot is there, OUT/plots/groups.png.
#
# Usage: bench/groups.sh [OUT]   (PINT, MPIRUN, P, COST, COUNT, SIZES
#                                 from the environment; OUT default bench)
#
# Tolerances per family are chosen so that one instance takes about
# 5e4 .. 1.3e5 evaluations on one rank (measured with --family ... --count
# 5 on one rank): genz1 1e-6, genz2 1e-4, genz3 1e-1, genz4 3e-3,
# genz5 1e-2, genz6 1e-3; difficulty 1; seeds 1..COUNT.
set -euo pipefail
OUT=${1:-bench}
PINT=${PINT:-/tmp/build/drivers/pint}
MPIRUN=${MPIRUN:-mpirun}
P=${P:-28}
COST=${COST:-20}
COUNT=${COUNT:-100}
SIZES=${SIZES:-"1 2 4 7 14 28"}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

declare -A ER=( [genz1]=1e-6 [genz2]=1e-4 [genz3]=1e-1 [genz4]=3e-3
                [genz5]=1e-2 [genz6]=1e-3 )
mkdir -p "$OUT/plots"
csv="$OUT/groups.csv"
echo "family,er,group_size,groups,seconds,evals,converged,limit,failed" > "$csv"
for f in genz1 genz2 genz3 genz4 genz5 genz6; do
  for s in $SIZES; do
    # exit status 1 (some instances stopped at the limit) is a result
    { "$MPIRUN" --quiet --oversubscribe -np "$P" "$PINT" --json \
        --family "$f" -d 10 --count "$COUNT" --er "${ER[$f]}" \
        --max-evals 2e6 --group-size "$s" --cost-us "$COST" || [ $? -eq 1 ]; } |
      tail -1 |
      python3 -c '
import json, sys
r = json.loads(sys.stdin.read())
print("%s,%s,%s,%d,%.3f,%d,%d,%d,%d" % (sys.argv[1], sys.argv[2], sys.argv[3],
      r["groups"], r["seconds"], r["evals"], r["converged"], r["limit"],
      r["failed"]))' "$f" "${ER[$f]}" "$s" >> "$csv"
  done
done

python3 - "$csv" <<'EOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
sizes = sorted({int(r["group_size"]) for r in rows})
print("Wall seconds (million evaluations) per family and ranks per group:")
print()
print("| family | er | " + " | ".join("size %d" % s for s in sizes) + " |")
print("|---|---|" + "---:|" * len(sizes))
fams = sorted({r["family"] for r in rows})
for f in fams:
    cells = []
    for s in sizes:
        r = [x for x in rows if x["family"] == f and int(x["group_size"]) == s][0]
        lim = int(r["limit"])
        cells.append("%s (%.2f%s)" % (r["seconds"], int(r["evals"]) / 1e6,
                                      "; %d at limit" % lim if lim else ""))
    er = [x for x in rows if x["family"] == f][0]["er"]
    print("| %s | %s | %s |" % (f, er, " | ".join(cells)))
EOF

if command -v gnuplot > /dev/null; then
  gnuplot <<EOF
set terminal pngcairo size 900,600
set output "$OUT/plots/groups.png"
set datafile separator ","
set logscale x 2
set logscale y
set xtics (1, 2, 4, 7, 14, 28)
set xlabel "ranks per group (P = $P, $COUNT instances, d = 10)"
set ylabel "wall seconds"
set key outside right
set title "Many integrals in groups: runtime against group size"
plot for [f in "genz1 genz2 genz3 genz4 genz5 genz6"] \
    "< grep '^".f.",' $csv" using 3:5 with linespoints title f
EOF
  echo
  echo "figure: $OUT/plots/groups.png"
fi

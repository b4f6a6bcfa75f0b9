#!/bin/sh
# test_plots.sh -- the benchmark figures (bench/plots.sh, make bench-plots):
#  1. make bench-plots writes its figures to the build tree's
#     bench/results-plots/, never over the committed bench/plots/;
#  2. from the recorded run (bench/pint-bench.csv) plots.sh draws both
#     figures of every family, every method in a colour of its own;
#  3. no two "d=N" labels of a figure overlap: each is at least 6% of the
#     x axis (in decades) or 3% of the y axis apart from every other.
# Skipped (77) without gnuplot.
#
# Environment (AM_TESTS_ENVIRONMENT): PINT_SRCDIR.
set -u
top=${PINT_SRCDIR:-.}
command -v gnuplot > /dev/null 2>&1 || { echo "gnuplot not found: skipped"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_plots.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

# 1. where make bench-plots writes (make -n: the commands, not run)
make -n -C "${PINT_BUILDDIR:-.}" bench-plots > "$tmp/n" 2>&1
if ! grep -q 'plots.sh bench/results.csv bench/results-plots' "$tmp/n" ||
   grep -q 'bench/plots *$' "$tmp/n"; then
    echo "FAIL: make bench-plots does not write to bench/results-plots:"
    grep plots.sh "$tmp/n"
    fail=1
fi

# 2. the figures of the recorded run
PLOTS_DATA="$tmp/data" "$top/bench/plots.sh" "$top/bench/pint-bench.csv" \
    "$tmp/png" > "$tmp/out" 2> "$tmp/err" || {
    echo "FAIL: plots.sh failed:"; cat "$tmp/err"; exit 1; }
families=$(cut -d, -f2 "$top/bench/pint-bench.csv" | sed 1d | sort -u)
for f in $families; do
    for x in evals seconds; do
        [ -s "$tmp/png/$f-$x.png" ] || { echo "FAIL: no $f-$x.png"; fail=1; }
    done
done
colours=$(cut -f5 "$tmp/data/index" | head -1 | tr ' ' '\n')
if [ "$(printf '%s\n' "$colours" | sort -u | wc -l)" -ne "$(printf '%s\n' "$colours" | wc -l)" ]; then
    echo "FAIL: two methods share a colour: $colours"; fail=1
fi

# 3. the labels apart, in every family and both figures
while IFS="$(printf '\t')" read -r fdir fname family methods colours tols tdigits ymin ymax xre xrs; do
    for axis in 1 2; do
        if [ $axis = 1 ]; then xr=$xre; xc=3; yc=9; else xr=$xrs; xc=4; yc=10; fi
        [ "$xr" = - ] && continue
        cat "$fdir"/m*.lab | awk -v xr="$xr" -v xc=$xc -v yc=$yc \
            -v ymin="$ymin" -v ymax="$ymax" -v what="$family/$axis" '
            BEGIN { split(xr, r, ":"); wx = 0.06 * (log(r[2]) - log(r[1])) / log(10)
                    hy = 0.03 * (ymax - ymin) }
            $yc != "nan" && $xc > 0 { n++; x[n] = log($xc) / log(10); y[n] = $yc; t[n] = $8 }
            END { bad = 0
                  for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) {
                      dx = x[i] - x[j]; if (dx < 0) dx = -dx
                      dy = y[i] - y[j]; if (dy < 0) dy = -dy
                      if (dx < wx * 0.999 && dy < hy * 0.999) {
                          printf "FAIL: %s: labels %s and %s overlap\n", what, t[i], t[j]; bad = 1 } }
                  printf "%s: %d labels apart\n", what, n
                  exit bad }' || fail=1
    done
done < "$tmp/data/index"
exit "$fail"

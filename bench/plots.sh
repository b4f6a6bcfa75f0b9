#!/usr/bin/env bash
# plots.sh -- work-precision figures from a pint-bench CSV.
#
#   bench/plots.sh CSV OUTDIR
#
# For every Genz family present in CSV (written by `pint-bench --csv`), two
# PNG figures in OUTDIR:
#   FAMILY-evals.png    correct digits against integrand evaluations
#   FAMILY-seconds.png  correct digits against seconds
# Every method is its own series (its own colour): one point per run,
# filled when the tolerance was met (ok = 1) and open otherwise, and the
# medians per (dimension, tolerance) as larger points, joined across the
# tolerances of one dimension by a line.  Rows whose x value is not
# positive (a run faster than the clock) cannot be shown on the log axis;
# they are counted on standard error.
#
# Environment:
#   GNUPLOT    the gnuplot program    [gnuplot]
#   PYTHON     the python3 program    [python3]
#   PLOTS_DATA a directory to keep the data files in (test/test_plots.sh
#              reads the labels' places there)  [a temporary one, removed]
#
# Needs gnuplot with the pngcairo terminal and python3 (standard library).
set -euo pipefail

me=plots.sh
die() {
    echo "$me: $*" >&2
    exit 2
}

[[ $# -eq 2 ]] || die "usage: $me CSV OUTDIR"
csv=$1
outdir=$2
GNUPLOT=${GNUPLOT:-gnuplot}
PYTHON=${PYTHON:-python3}
gp="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/plots.gp"

[[ -f $csv && -r $csv ]] || die "no such CSV file: $csv"
[[ -r $gp ]] || die "missing gnuplot script: $gp"
command -v "$GNUPLOT" >/dev/null || die "gnuplot not found (set GNUPLOT; on Debian: apt-get install gnuplot-nox)"
command -v "$PYTHON" >/dev/null || die "python3 not found (set PYTHON)"

header='method,family,dim,difficulty,tol,seed,evals,seconds,value,error,exact,status,ok,honest,digits'
first=$(head -n 1 -- "$csv" | tr -d '\r')
[[ $first == "$header" ]] || die "$csv: wrong header (expected: $header)"

if [[ -n ${PLOTS_DATA:-} ]]; then
    tmp=$PLOTS_DATA
    mkdir -p -- "$tmp" || die "cannot create $tmp"
else
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/pint-plots.XXXXXX")
    trap 'rm -rf "$tmp"' EXIT
fi

# Split the CSV into per-(family, method) data files, family number J:
#   TMP/fJ/mK.pts  evals seconds digits ok dim tol        (one per run)
#   TMP/fJ/mK.med  dim tol evals seconds digits digits n  (medians; one
#                      block per dimension, ordered from loose to tight
#                      tolerance, blocks separated by a blank line; the
#                      digits are the medians over the runs with evals > 0
#                      and with seconds > 0)
#   TMP/fJ/mK.lab  the last line of every block, "d=DIM" and the heights
#                      of the label in the evals and the seconds figure
#                      (moved up where labels of the family would overlap)
# and TMP/index with one line per family:
#   TMP/fJ<TAB>file name<TAB>FAMILY<TAB>methods<TAB>colours<TAB>tolerances<TAB>-log10(tolerances)<TAB>
#   ymin<TAB>ymax<TAB>evals range<TAB>seconds range
# (lists blank-separated, "-" when empty; methods and colours in the order
# of the files mK; gnuplot's real() cannot read 1e-06, hence the digits).
"$PYTHON" - "$csv" "$tmp" "$header" <<'PY'
import csv
import math
import os
import re
import sys

path, tmp, header = sys.argv[1:4]
names = header.split(",")
me = "plots.sh"


def die(msg):
    print(f"{me}: {msg}", file=sys.stderr)
    sys.exit(2)


def num(text, what, line):
    try:
        return float(text)
    except ValueError:
        die(f"{path}:{line}: {what} is not a number: {text!r}")


# Fixed colours for the known methods, so that a method looks the same in
# every figure; others take the spare colours in turn.
# The names are pint-bench's (--methods); the colours are told apart by
# hue and lightness, colour-blind readers included (the Okabe-Ito set and
# four more), no two of the same family of hue.
known = ["pint", "pint-qmc", "pint-mc", "pint-vegas", "hcubature",
         "pcubature", "qag", "vegas", "miser"]
colour = {"pint": "#0072b2", "pint-qmc": "#56b4e9", "pint-mc": "#999999",
          "pint-vegas": "#cc79a7", "hcubature": "#e69f00",
          "pcubature": "#009e73", "qag": "#6a3d9a", "vegas": "#cc0000",
          "miser": "#8c510a"}
spare = ["#000000", "#b8860b", "#17becf", "#e7298a"]

data = {}              # family -> method -> list of (evals, seconds, digits, ok, dim, tol)
order = []             # methods in order of appearance
with open(path, newline="") as f:
    reader = csv.reader(f)
    next(reader)
    for row in reader:
        line = reader.line_num
        if not row or all(not c.strip() for c in row):
            continue
        if len(row) != len(names):
            die(f"{path}:{line}: {len(row)} fields, expected {len(names)}")
        r = dict(zip(names, (c.strip() for c in row)))
        method = "_".join(r["method"].split()) or "?"
        family = " ".join(r["family"].split()) or "?"
        rec = (num(r["evals"], "evals", line), num(r["seconds"], "seconds", line),
               num(r["digits"], "digits", line), num(r["ok"], "ok", line) == 1,
               int(num(r["dim"], "dim", line)), num(r["tol"], "tol", line))
        data.setdefault(family, {}).setdefault(method, []).append(rec)
        if method not in order:
            order.append(method)

if not data:
    die(f"{path}: no data rows")

methods = [m for m in known if m in order] + [m for m in order if m not in known]
for m in methods:
    if m not in colour:
        colour[m] = spare[len([c for c in colour if c not in known]) % len(spare)]


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else 0.5 * (xs[n // 2 - 1] + xs[n // 2])


def famkey(name):
    # genz2 before genz10
    head = name.rstrip("0123456789")
    tail = name[len(head):]
    return (head, int(tail) if tail else -1, name)


def tolname(t):
    e = round(math.log10(t))
    return f"1e{e}" if abs(t / 10.0**e - 1) < 1e-9 else f"{t:g}"


def xrange(family, present, col):
    """The log-axis range "lo:hi" of column col (0 evals, 1 seconds) with a
    margin of 5% on either side, at least half a decade wide; "-" when no
    run has a positive value."""
    xs = [r[col] for m in present for r in data[family][m]
          if r[col] > 0 and math.isfinite(r[2])]
    if not xs:
        return "-"
    lo, hi = math.log10(min(xs)), math.log10(max(xs))
    if hi - lo < 0.5:
        mid = 0.5 * (lo + hi)
        lo, hi = mid - 0.25, mid + 0.25
    pad = 0.05 * (hi - lo)
    return f"{10 ** (lo - pad):.6g}:{10 ** (hi + pad):.6g}"


skipped = {"evals": 0, "seconds": 0, "digits": 0}
with open(os.path.join(tmp, "index"), "w") as index:
    for fi, family in enumerate(sorted(data, key=famkey)):
        fdir = os.path.join(tmp, f"f{fi}")
        os.makedirs(fdir)
        present = [m for m in methods if m in data[family]]
        ys = []
        labels = []      # [method file number, median line, text, x, y (evals), x, y (seconds)]
        for k, m in enumerate(present, 1):
            runs = [r for r in data[family][m] if math.isfinite(r[2])]
            skipped["digits"] += len(data[family][m]) - len(runs)
            skipped["evals"] += sum(1 for r in runs if not r[0] > 0)
            skipped["seconds"] += sum(1 for r in runs if not r[1] > 0)
            ys += [r[2] for r in runs]
            with open(os.path.join(fdir, f"m{k}.pts"), "w") as out:
                for e, s, d, ok, dim, tol in runs:
                    print(f"{e:.17g} {s:.17g} {d:.17g} {int(ok)} {dim} {tol:.17g}", file=out)
            cells = {}
            for r in runs:
                cells.setdefault((r[4], r[5]), []).append(r)
            with open(os.path.join(fdir, f"m{k}.med"), "w") as out:
                keys = sorted(cells, key=lambda c: (c[0], -c[1]))
                for j, (dim, tol) in enumerate(keys):
                    if j and dim != keys[j - 1][0]:
                        print(file=out)
                    rs = cells[(dim, tol)]
                    # medians over the runs with a positive x, so that the
                    # median point can be drawn on the log axis
                    pe = [r for r in rs if r[0] > 0]
                    ps = [r for r in rs if r[1] > 0]
                    me_ = median([r[0] for r in pe]) if pe else math.nan
                    de = median([r[2] for r in pe]) if pe else math.nan
                    ms = median([r[1] for r in ps]) if ps else math.nan
                    ds = median([r[2] for r in ps]) if ps else math.nan
                    line = f"{dim} {tol:.17g} {me_:.17g} {ms:.17g} {de:.17g} {ds:.17g} {len(rs)}"
                    print(line, file=out)
                    if j + 1 == len(keys) or keys[j + 1][0] != dim:
                        labels.append([k, line, f"d={dim}", me_, de, ms, ds])
        tols = sorted({r[5] for m in present for r in data[family][m] if r[5] > 0},
                      reverse=True)
        ranges = [xrange(family, present, 0), xrange(family, present, 1)]
        # digits from just below 0 (or the worst run) to one above the best
        # run or tolerance
        tdig = [-math.log10(t) for t in tols]
        ymin = math.floor(min(ys + [0.0])) - 0.5
        ymax = min(16, math.ceil(max(ys + tdig + [0.0]))) + 1
        # the labels' heights, moved up past the labels already placed
        # that they would overlap (a label is about 4% of the x axis wide
        # and 2.5% of the y axis high)
        heights = []
        for axis, (xc, yc) in enumerate(((3, 4), (5, 6))):
            placed, h = [], {}
            if ranges[axis] != "-":
                lo, hi = (math.log10(float(v)) for v in ranges[axis].split(":"))
                wx, hy = 0.06 * (hi - lo), 0.03 * (ymax - ymin)
                order_ = sorted((i for i, l in enumerate(labels)
                                 if l[xc] > 0 and math.isfinite(l[yc])),
                                key=lambda i: labels[i][yc])
                for i in order_:
                    x, y = math.log10(labels[i][xc]), labels[i][yc]
                    moved = True
                    while moved:
                        moved = False
                        for px, py in placed:
                            if abs(x - px) < wx and abs(y - py) < hy \
                                    and py + hy > y:
                                y, moved = py + hy, True    # only ever up
                    placed.append((x, y))
                    h[i] = y
            heights.append(h)
        for k in range(1, len(present) + 1):
            with open(os.path.join(fdir, f"m{k}.lab"), "w") as lab:
                for i, l in enumerate(labels):
                    if l[0] == k:
                        ye = heights[0].get(i, math.nan)
                        ysec = heights[1].get(i, math.nan)
                        print(f"{l[1]} {l[2]} {ye:.6g} {ysec:.6g}", file=lab)
        # the family's name in file names: no path separators or blanks
        fname = re.sub(r"[^A-Za-z0-9._+-]", "_", family).lstrip(".") or "_"
        print(fdir, fname, family, " ".join(present), " ".join(colour[m] for m in present),
              " ".join(tolname(t) for t in tols) or "-",
              " ".join(f"{-math.log10(t):.6f}" for t in tols) or "-",
              ymin, ymax, xrange(family, present, 0), xrange(family, present, 1),
              sep="\t", file=index)

for what, n in skipped.items():
    if n:
        why = "not finite" if what == "digits" else "<= 0, not on the log axis"
        print(f"{me}: note: {n} row(s) with {what} {why} left out"
              + (" of every figure" if what == "digits" else f" of the {what} figures"),
              file=sys.stderr)
PY

mkdir -p -- "$outdir" || die "cannot create $outdir"

# gnuplot strings are single-quoted; a quote in a path would end them
gpquote() { printf "'%s'" "${1//\'/\'\'}"; }

while IFS=$'\t' read -r fdir fname family methods colours tols tdigits ymin ymax xr_evals xr_seconds; do
    if [[ $tols == - ]]; then
        tols=''
        tdigits=''
    fi
    for x in evals seconds; do
        out="$outdir/$fname-$x.png"
        if [[ $x == evals ]]; then xr=$xr_evals; else xr=$xr_seconds; fi
        if [[ $xr == - ]]; then
            echo "$me: note: $family: no run with $x > 0, $out not made" >&2
            continue
        fi
        "$GNUPLOT" -e "datadir=$(gpquote "$fdir"); family=$(gpquote "$family");
            methods=$(gpquote "$methods"); colours=$(gpquote "$colours");
            tols='$tols'; tdigits='$tdigits'; xaxis='$x'; xlo=${xr%:*}; xhi=${xr#*:};
            ymin=$ymin; ymax=$ymax; outfile=$(gpquote "$out")" \
            "$gp" || die "gnuplot failed on $out"
        echo "$out"
    done
done <"$tmp/index"

#!/usr/bin/env python3
"""cuhre_grid_table.py -- the table of bench/cuhre_grid.sh's CSV: per
dimension, tolerance and family, pint's and Cuhre's median evaluations
over the instances (a run stopped at the limit counts with its
evaluations), how many converged, the honest share (|Q - I| <= E), and
pint / Cuhre of the medians (issue 26 asks <= 1 wherever Cuhre
converges, with pint honest in >= 95%).

    bench/cuhre_grid_table.py grid.csv
"""
import csv
import statistics
import sys
from collections import defaultdict

rows = defaultdict(list)
for r in csv.DictReader(open(sys.argv[1])):
    rows[(int(r["dim"]), float(r["tol"]), r["family"], r["method"])].append(r)


def cell(rs):
    ev = statistics.median(float(r["evals"]) for r in rs)
    conv = sum(r["status"] == "converged" for r in rs)
    hon = sum(r["honest"] == "1" for r in rs)
    return ev, conv, round(100 * hon / len(rs))


print("| d | er | family | pint evals (conv.) | honest | Cuhre evals (conv.)"
      " | honest | pint / Cuhre |")
print("|---:|---|---|---:|---:|---:|---:|---:|")
keys = sorted({k[:3] for k in rows})
for d, tol, fam in keys:
    p = rows.get((d, tol, fam, "pint"))
    c = rows.get((d, tol, fam, "cuhre"))
    if not p or not c:
        continue
    pe, pc, ph = cell(p)
    ce, cc, ch = cell(c)
    ratio = pe / ce if ce > 0 else float("nan")
    mark = " **" if cc == len(c) and ratio > 1 else ""
    print("| %d | %g | %s | %.4g (%d/%d) | %d%% | %.4g (%d/%d) | %d%% | "
          "%.2f%s |" % (d, tol, fam, pe, pc, len(p), ph, ce, cc, len(c), ch,
                        ratio, mark))

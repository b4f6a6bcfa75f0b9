#!/usr/bin/env python3
"""cuhre_grid_table.py -- the table of bench/cuhre_grid.sh's CSV (one or
more files, concatenated): per dimension, tolerance and family, pint's
and Cuhre's median evaluations over the instances (a run stopped at the
limit counts with its evaluations), how many converged, the honest share
(|Q - I| <= E), and pint / Cuhre of the medians, for Cuhre's default
report and, when the CSV has it, its --last report.  Issue 26 asks
pint / Cuhre <= 1 wherever Cuhre converges, with pint honest in >= 95%:
a cell where Cuhre converged in every instance and the ratio is above 1
is marked **.

    bench/cuhre_grid_table.py grid.csv [more.csv ...]

pint's runs are those of the methods named pint or pint-RULE (RULE=sym13
bench/cuhre_grid.sh): a row each, in the column "pint".
"""
import csv
import statistics
import sys
from collections import defaultdict

rows = defaultdict(list)
seen = set()
for path in sys.argv[1:]:
    for r in csv.DictReader(open(path)):
        key = (int(r["dim"]), float(r["tol"]), r["family"], r["method"])
        if key + (r["seed"],) in seen:      # a run repeated in two files
            continue
        seen.add(key + (r["seed"],))
        rows[key].append(r)
peers = [m for m in ("cuhre", "cuhre-last") if any(k[3] == m for k in rows)]
pints = sorted({k[3] for k in rows if k[3].split("-")[0] == "pint"
                and k[3] not in ("pint-mc", "pint-qmc", "pint-vegas")})


def cell(rs):
    ev = statistics.median(float(r["evals"]) for r in rs)
    conv = sum(r["status"] == "converged" for r in rs)
    hon = sum(r["honest"] == "1" for r in rs)
    return ev, conv, round(100 * hon / len(rs))


print("| d | er | family | pint | evals (conv.) | honest | "
      + " | ".join("%s evals (conv.) | honest | pint / %s" % (m, m)
                   for m in peers) + " |")
print("|---:|---|---|---|---:|---:|" + "---:|---:|---:|" * len(peers))
for (d, tol, fam), pm in ((c, pm) for c in sorted({k[:3] for k in rows})
                          for pm in pints):
    p = rows.get((d, tol, fam, pm))
    if not p:
        continue
    pe, pc, ph = cell(p)
    out = "| %d | %g | %s | %s | %.4g (%d/%d) | %d%% |" % (
        d, tol, fam, pm, pe, pc, len(p), ph)
    for m in peers:
        c = rows.get((d, tol, fam, m))
        if not c:
            out += " - | - | - |"
            continue
        ce, cc, ch = cell(c)
        ratio = pe / ce if ce > 0 else float("nan")
        mark = " **" if cc == len(c) and ratio > 1 else ""
        out += " %.4g (%d/%d) | %d%% | %.2f%s |" % (ce, cc, len(c), ch,
                                                    ratio, mark)
    print(out)

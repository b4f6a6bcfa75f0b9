#!/usr/bin/env python3
"""vegas_table.py -- the table of bench/vegas_peers.sh's CSV: per family,
dimension and program, the median evaluations over the instances (a run
that stopped at the limit counts with its evaluations), how many
converged, and the honest share (|Q - I| <= E, E one standard error:
68% expected of an exact one); then, per family over the dimensions,
the shares within 1, 2 and 3 errors (68%, 95% and 99.7% expected).

    bench/vegas_table.py vegas.csv
"""
import csv
import statistics
import sys
from collections import defaultdict

rows = defaultdict(list)
for r in csv.DictReader(open(sys.argv[1])):
    rows[(r["family"], int(r["dim"]), r["method"])].append(r)
progs = ["pint-vegas", "vegas", "cuba-vegas"]
names = {"pint-vegas": "pint vegas", "vegas": "GSL vegas",
         "cuba-vegas": "Cuba Vegas"}
print("| family | d | " + " | ".join(
    "%s evals (conv.) | honest" % names[p] for p in progs) + " |")
print("|---|---:|" + "---:|---:|" * len(progs))
fams = sorted({k[0] for k in rows})
dims = sorted({k[1] for k in rows})
for d in dims:
    for f in fams:
        cells = []
        for p in progs:
            rs = rows.get((f, d, p), [])
            if not rs:
                cells.append("- | -")
                continue
            ev = statistics.median(float(r["evals"]) for r in rs)
            conv = sum(r["status"] == "converged" for r in rs)
            hon = sum(r["honest"] == "1" for r in rs)
            cells.append("%.3g (%d/%d) | %d%%" % (ev, conv, len(rs),
                                                 round(100 * hon / len(rs))))
        print("| %s | %d | %s |" % (f, d, " | ".join(cells)))

def within(r, k):
    """|Q - I| <= k E, for a row with an exact value."""
    try:
        v, e, x = float(r["value"]), float(r["error"]), float(r["exact"])
    except ValueError:
        return False
    return abs(v - x) <= k * e

print()
print("| family | " + " | ".join(
    "%s within 1, 2, 3 E" % names[p] for p in progs) + " |")
print("|---|" + "---:|" * len(progs))
for f in fams:
    cells = []
    for p in progs:
        rs = [r for d in dims for r in rows.get((f, d, p), [])
              if r["exact"] not in ("", "nan")]
        if not rs:
            cells.append("-")
            continue
        cells.append(", ".join("%d%%" % round(100 * sum(within(r, k)
                                                         for r in rs)
                                              / len(rs))
                               for k in (1, 2, 3)))
    print("| %s | %s |" % (f, " | ".join(cells)))

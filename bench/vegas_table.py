#!/usr/bin/env python3
"""vegas_table.py -- the table of bench/vegas_peers.sh's CSV: per family,
dimension and program, the median evaluations over the instances (a run
that stopped at the limit counts with its evaluations), how many
converged, and the honest share (|Q - I| <= E, E one standard error).

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

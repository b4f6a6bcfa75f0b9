#!/usr/bin/env python3
"""cuhre_feasible.py -- where Cuba's Cuhre stops before pint, could pint?

For each cell named (DIM:ER:FAMILY) and each instance of a
bench/cuhre_grid.sh CSV, run pint (one region a step, --threads 1) with
Cuhre's own evaluation count as the limit and compare pint's answer
there with the exact value: is its true error already within the
tolerance, and how far is its error estimate from it?  A cell where
pint's answer is within the tolerance at Cuhre's count but its estimate
is not is one where only the estimate's caution keeps pint running
(issue 26, item 2).  Evaluation counts and errors only: nothing timed.

    bench/cuhre_grid.sh > grid.csv
    bench/cuhre_feasible.py grid.csv 2:1e-4:genz1 3:1e-7:genz2 ...

PINT (the pint command, default drivers/pint next to this directory);
PEER, the method column to compare with: cuhre (the default, Cuba's
weighted average of its iterations) or cuhre-last (its last iteration,
in a grid made with LAST=1).  bench/RESULTS.md, sections 15.10, 15.20.
"""
import csv
import json
import os
import statistics
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
pint = os.environ.get("PINT", os.path.join(here, "..", "drivers", "pint"))
peer = os.environ.get("PEER", "cuhre")


def cell_rows(rows, method, d, er, fam):
    return {int(r["seed"]): r for r in rows
            if r["method"] == method and r["dim"] == d
            and float(r["tol"]) == float(er) and r["family"] == fam}


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    rows = list(csv.DictReader(open(sys.argv[1])))
    cells = []
    for cell in sys.argv[2:]:
        parts = cell.split(":")
        if len(parts) != 3:
            sys.exit("cuhre_feasible.py: %s is not DIM:ER:FAMILY" % cell)
        d, er, fam = parts
        cu = cell_rows(rows, peer, d, er, fam)
        pi = cell_rows(rows, "pint", d, er, fam)
        for name, got in ((peer, cu), ("pint", pi)):
            if not got:
                sys.exit("cuhre_feasible.py: no %s rows for %s in %s"
                         % (name, cell, sys.argv[1]))
        cells.append((d, er, fam, cu, pi))
    print(f"| d | er | family | pint evals | {peer} evals | pint within "
          f"the tolerance at {peer}'s count | median true error / "
          "tolerance | median estimate / tolerance |")
    print("|---:|---|---|---:|---:|---:|---:|---:|")
    for d, er, fam, cu, pi in cells:
        within, true, est = 0, [], []
        for seed in sorted(cu):
            n = int(cu[seed]["evals"])
            exact = float(cu[seed]["exact"])
            out = subprocess.run(
                [pint, "-f", fam, "-d", d, "--seed", str(seed), "--er",
                 "1e-15", "--threads", "1", "--max-evals", str(n), "--json"],
                capture_output=True, text=True, check=False).stdout
            j = json.loads(out)
            tol = float(er) * abs(exact)
            err = abs(j["value"][0] - exact)
            within += err <= tol
            true.append(err / tol)
            est.append(j["error"][0] / tol)
        med = lambda rs: statistics.median(int(r["evals"]) for r in rs)
        print("| %s | %s | %s | %d | %d | %d of %d | %.3g | %.3g |" % (
            d, er, fam, med(pi.values()), med(cu.values()), within, len(cu),
            statistics.median(true), statistics.median(est)))


if __name__ == "__main__":
    main()

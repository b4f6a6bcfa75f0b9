#!/usr/bin/env python3
"""narrow_peaks.py -- narrow Gaussians exp(-|x - c|^2 / (2 s^2)) over
[0,1]^d against their closed form (products of erf), centres drawn from
a fixed stream: the runs that end with |Q - I| > E (each named), and for
each (width, tolerance) cell how many, the median evaluations and the
largest |Q - I| / E (bench/RESULTS.md, section 17).

    bench/narrow_peaks.py PINT D ERS WIDTHS N
    bench/narrow_peaks.py drivers/pint 2 1e-4,1e-7 0.003,0.01,0.03 40

One `pint -e ... --json --threads 1` a run, so the counts do not depend
on the machine's load.
"""
import json
import math
import random
import statistics
import subprocess
import sys


def exact(c, s):
    q = 1.0
    w = s * math.sqrt(2)
    for a in c:
        q *= s * math.sqrt(math.pi / 2) * (math.erf((1 - a) / w)
                                           + math.erf(a / w))
    return q


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    pint, d = sys.argv[1], int(sys.argv[2])
    ers = sys.argv[3].split(",")
    widths = [float(s) for s in sys.argv[4].split(",")]
    n = int(sys.argv[5])
    rng = random.Random(7)
    cells = {}
    for s in widths:
        for i in range(n):
            c = [rng.uniform(0.02, 0.98) for _ in range(d)]
            x = exact(c, s)
            expr = "exp(-(%s)/%.17g)" % (
                "+".join("(x%d-%.17g)^2" % (k + 1, a)
                         for k, a in enumerate(c)), 2 * s * s)
            for er in ers:
                out = subprocess.run(
                    [pint, "-e", expr, "-d", str(d), "--er", er, "--json",
                     "--threads", "1", "--max-evals", "1e7"],
                    capture_output=True, text=True)
                try:
                    r = json.loads(out.stdout)
                except ValueError:
                    print("error: width %g, centre %d, er %s: %s"
                          % (s, i, er, out.stderr.strip()[:200]))
                    continue
                q, e = r["value"][0], r["error"][0]
                off = abs(q - x) / e if e > 0 else math.inf
                cell = cells.setdefault((s, er), [0, [], 0.0])
                cell[1].append(r["evals"])
                cell[2] = max(cell[2], off)
                if off > 1:
                    cell[0] += 1
                    print("off: width %g centre %d %s er %s: |Q-I|/E %.3g, "
                          "relative %.2e, %s after %d evaluations"
                          % (s, i, c, er, off, abs(q - x) / x, r["status"],
                             r["evals"]), flush=True)
    print("| width | er | off by more than E | median evaluations | "
          "largest abs(Q - I) / E |")
    print("|---:|---:|---:|---:|---:|")
    for (s, er), (bad, evals, worst) in sorted(cells.items()):
        print("| %g | %s | %d of %d | %g | %.3g |"
              % (s, er, bad, len(evals), statistics.median(evals), worst))


if __name__ == "__main__":
    main()

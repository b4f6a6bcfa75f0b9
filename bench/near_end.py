#!/usr/bin/env python3
"""near_end.py -- one dimension: singularities on an end and just inside
it, pint's default (QAGS with the check of its extrapolation) beside
pint --no-extrapolation and SciPy's quad (QUADPACK's qags), each with
its evaluations and |Q - I| / E.  bench/RESULTS.md section 9.8.

    bench/near_end.py [PINT] [OTHER_PINT]
    bench/near_end.py --scan PINT OTHER_PINT

PINT defaults to drivers/pint; OTHER_PINT, when given, adds its default
run as a column (a build before a change).  SciPy is optional.  --scan:
120 random end-point singularities t^a log(1/t)^b (1 + c x), t = x or
1 - x, a in (-0.95, 2), b in 0..2, c in (-0.9, 5) (seed 7), at er 1e-6
and 1e-10, through both programs: how often the later one gives up the
extrapolation the earlier kept, the dishonest runs of each, and the
evaluations the later one adds."""
import json
import math
import os
import subprocess
import sys
import warnings

import random


def scan(new, old):
    rng = random.Random(7)
    n = refuted = dis_old = dis_new = 0
    extra = []

    def moment(al, bb):     # int_0^1 t^al log(1/t)^bb dt
        return math.gamma(bb + 1) / (al + 1) ** (bb + 1)
    for _ in range(120):
        a = rng.uniform(-0.95, 2.0)
        b = rng.choice([0, 1, 2])
        c = rng.uniform(-0.9, 5)
        lo = rng.choice([True, False])
        t = "x1" if lo else "(1-x1)"
        expr = ("%s^(%r)*(-log(%s))^%d*(1+%r*x1)" % (t, a, t, b, c) if b
                else "%s^(%r)*(1+%r*x1)" % (t, a, c))
        exact = (moment(a, b) + c * moment(a + 1, b) if lo
                 else (1 + c) * moment(a, b) - c * moment(a + 1, b))
        for er in (1e-6, 1e-10):
            rn, ro = run(new, expr, er), run(old, expr, er)
            n += 1
            extra.append(rn["evals"] - ro["evals"])
            if ro["extrapolated"] and not rn["extrapolated"]:
                refuted += 1
                print("given up:", expr, er)
            dis_old += abs(ro["value"][0] - exact) > ro["error"][0]
            dis_new += abs(rn["value"][0] - exact) > rn["error"][0]
    extra.sort()
    print("%d runs: extrapolation given up in %d; |Q - I| > E in %d (the "
          "earlier program) and %d (the later); evaluations added: median "
          "%d, mean %.1f, most %d" % (n, refuted, dis_old, dis_new,
                                     extra[n // 2], sum(extra) / n,
                                     extra[-1]))


here = os.path.dirname(os.path.abspath(__file__))
pint = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "drivers", "pint")
other = sys.argv[2] if len(sys.argv) > 2 else None
try:
    from scipy.integrate import quad
except ImportError:
    quad = None
warnings.simplefilter("ignore")


def near(a):
    return ("abs(x1-%r)^-0.5" % a, lambda x: abs(x - a) ** -0.5,
            2 * (math.sqrt(a) + math.sqrt(1 - a)))


CASES = [("x1^-0.5", lambda x: x ** -0.5, 2.0),
         ("x1^-0.9*log(1/x1)", lambda x: x ** -0.9 * math.log(1 / x), 100.0),
         ("log(x1)/sqrt(x1)", lambda x: math.log(x) / math.sqrt(x), -4.0),
         ("log(x1)", lambda x: math.log(x), -1.0),
         ("x1^-0.99", lambda x: x ** -0.99, 100.0)]
CASES += [near(a) for a in (1e-4, 1e-6, 1e-8, 1e-10, 1e-12, 1e-14)]
CASES += [("abs(x1-(1-1e-8))^-0.5", lambda x: abs(x - (1 - 1e-8)) ** -0.5,
           2 * (math.sqrt(1e-8) + math.sqrt(1 - 1e-8)))]


def run(prog, expr, er, extra=()):
    out = subprocess.run([prog, "--expr", expr, "-d", "1", "--er", str(er),
                          "--json"] + list(extra),
                         capture_output=True, text=True).stdout
    return json.loads(out)


def cell(r, exact):
    q, e = r["value"][0], r["error"][0]
    ratio = abs(q - exact) / e if e > 0 else math.inf
    st = "" if r["status"] == "converged" else " (%s)" % r["status"]
    return "%d | %.3g%s" % (r["evals"], ratio, st)


if len(sys.argv) == 4 and sys.argv[1] == "--scan":
    scan(sys.argv[2], sys.argv[3])
    sys.exit(0)
cols = ["f on [0, 1]", "er", "pint evals", "\\|Q-I\\|/E"]
if other:
    cols += ["before: evals", "\\|Q-I\\|/E"]
cols += ["--no-extrapolation: evals", "\\|Q-I\\|/E"]
if quad:
    cols += ["SciPy quad: evals", "\\|Q-I\\|/E"]
print("| " + " | ".join(cols) + " |")
print("|---|---|" + "---:|" * (len(cols) - 2))
for er in (1e-6, 1e-8, 1e-10):
    for expr, f, exact in CASES:
        row = [expr.replace("|", "\\|"), "%g" % er, cell(run(pint, expr, er), exact)]
        if other:
            row.append(cell(run(other, expr, er), exact))
        row.append(cell(run(pint, expr, er, ["--no-extrapolation"]), exact))
        if quad:
            try:
                q, e, info = quad(f, 0, 1, epsabs=0, epsrel=er, limit=1000,
                                  full_output=1)[:3]
                row.append("%d | %.3g" % (info["neval"], abs(q - exact) / e))
            except ZeroDivisionError:
                row.append("a node on the singularity | ")
        print("| " + " | ".join(row) + " |")

#!/usr/bin/env python3
"""inner_point.py -- one dimension: singular points inside [0, 1] that
no bisection makes, pint's default beside another build of pint and
SciPy's quad (QUADPACK's qags); bench/RESULTS.md section 9.9.

    bench/inner_point.py [PINT] [OTHER_PINT]

Two random families (seeds 11 and 5), every integral in closed form:
  A  |x - s|^a, s in (0.001, 0.999), a in (-0.9, 0.6), at er 1e-6, 1e-8,
     1e-10 (240 runs);
  B  log|x - s| (1 + c x), |x - s|^a log(1/|x - s|) (1 + c x),
     |x - s|^a + |x - t|^-1/2, (x > s) exp(x), at er 1e-6 and 1e-9
     (120 runs).
For each program: the runs by status, how many are off by more than
their error estimate (|Q - I| > E + 1e-14 |I|), and the evaluations
(median, mean).  SciPy is optional."""
import json
import math
import random
import subprocess
import sys
import warnings
from collections import Counter


def J(L, b):        # int_0^L u^b log(1/u) du
    return L ** (b + 1) * (1 / (b + 1) ** 2 - math.log(L) / (b + 1))


def P(L, b):        # int_0^L u^b du
    return L ** (b + 1) / (b + 1)


def family_a():
    rng = random.Random(11)
    for _ in range(80):
        s = rng.uniform(0.001, 0.999)
        a = rng.uniform(-0.9, 0.6)
        if abs(a) < 0.05:
            a = 0.3
        f = (lambda s, a: lambda x: abs(x - s) ** a if x != s
             else math.inf)(s, a)
        yield ("abs(x1-%r)^(%r)" % (s, a), P(s, a) + P(1 - s, a), f,
               (1e-6, 1e-8, 1e-10))


def family_b():
    rng = random.Random(5)
    for _ in range(60):
        kind = rng.choice(["log", "powlog", "two", "jump"])
        s, t = rng.uniform(0.01, 0.99), rng.uniform(0.01, 0.99)
        a, c = rng.uniform(-0.8, 0.5), rng.uniform(-0.9, 3)
        if kind == "log":       # int log|x - s| (1 + c x)
            L = lambda u: u * math.log(u) - u           # int_0^u log v
            M = lambda u: u * u * math.log(u) / 2 - u * u / 4
            exact = (1 + c * s) * (L(1 - s) + L(s)) + c * (M(1 - s) - M(s))
            expr = "log(abs(x1-%r))*(1+%r*x1)" % (s, c)
            f = (lambda s, c: lambda x: math.log(abs(x - s)) * (1 + c * x)
                 if x != s else -math.inf)(s, c)
        elif kind == "powlog":
            exact = ((1 + c * s) * (J(1 - s, a) + J(s, a))
                     + c * (J(1 - s, a + 1) - J(s, a + 1)))
            expr = ("abs(x1-%r)^(%r)*(-log(abs(x1-%r)))*(1+%r*x1)"
                    % (s, a, s, c))
            f = (lambda s, a, c: lambda x: abs(x - s) ** a
                 * -math.log(abs(x - s)) * (1 + c * x) if x != s
                 else math.inf)(s, a, c)
        elif kind == "two":
            exact = P(s, a) + P(1 - s, a) + P(t, -0.5) + P(1 - t, -0.5)
            expr = "abs(x1-%r)^(%r)+abs(x1-%r)^(-0.5)" % (s, a, t)
            f = (lambda s, t, a: lambda x: math.inf if x in (s, t)
                 else abs(x - s) ** a + abs(x - t) ** -0.5)(s, t, a)
        else:
            exact = math.e - math.exp(s)
            expr = "(x1>%r)*exp(x1)" % s
            f = (lambda s: lambda x: math.exp(x) if x > s else 0.0)(s)
        yield expr, exact, f, (1e-6, 1e-9)


def run(prog, expr, er):
    p = subprocess.run([prog, "-e", expr, "-d", "1", "--er", repr(er),
                        "--json"], capture_output=True, text=True)
    r = json.loads(p.stdout)
    return r["status"], r["value"][0], r["error"][0], r["evals"]


def scipy_run(f, er):
    from scipy.integrate import quad
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        v, e, info = quad(f, 0, 1, epsabs=0, epsrel=er, limit=1000,
                          full_output=1)[:3]
    return "", v, e, info["neval"]


def main():
    progs = sys.argv[1:] or ["drivers/pint"]
    try:
        import scipy.integrate  # noqa: F401
        names = progs + ["scipy"]
    except ImportError:
        names = progs
    for title, fam in (("A", family_a), ("B", family_b)):
        st = {n: Counter() for n in names}
        off = Counter()
        offst = {n: Counter() for n in names}
        ev = {n: [] for n in names}
        for expr, exact, f, tols in fam():
            for er in tols:
                for n in names:
                    s, v, e, k = (scipy_run(f, er) if n == "scipy"
                                  else run(n, expr, er))
                    st[n][s or "-"] += 1
                    ev[n].append(k)
                    if v is None or not abs(v - exact) <= e + 1e-14 * abs(exact):
                        off[n] += 1
                        offst[n][s or "-"] += 1
        for n in names:
            e = sorted(ev[n])
            print("%s %s: %s; |Q - I| > E in %d of %d %s; evaluations "
                  "median %d, mean %d" % (title, n, dict(st[n]), off[n],
                                          len(e), dict(offst[n]),
                                          e[len(e) // 2], sum(e) // len(e)))


main()

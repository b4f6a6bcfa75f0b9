#!/usr/bin/env python3
"""python_overhead.py -- what the Python package costs, and how it
compares with SciPy on the same integrands (bench/RESULTS.md 12).

    make bench/gauss.la
    PYTHONPATH=python/build /usr/bin/python3 bench/python_overhead.py

1. Overhead: Genz's Gaussian family in 5 dimensions at er 1e-6, the
   vectorized numpy integrand through pintegrate.integrate against the
   same integrand compiled as a plug-in (bench/gauss.c) through the pint
   command (its JSON "seconds": the time of pint_integrate, without the
   process's start), on 1 and 2 threads and 1, 16, 64 regions a step
   (the same evaluations in both), the runs interleaved, REPS of each;
   medians.  The Python time is the whole call as a user times it
   (learning the shape of f included); of it, the time inside f is
   numpy's own work, which the compiled integrand does not pay; the
   rest, less the plug-in's time, is what the binding costs.
2. SciPy on the same integrands: nquad (nested QUADPACK; SciPy 1.10 has
   no scipy.integrate.cubature nor qmc_quad) in 3 dimensions at er 1e-6
   and in 5 at er 1e-3 (at 1e-6 its nested calls take hours), called
   point by point as nquad wants; evaluations, seconds, true error
   against the closed form, and whether the estimate covers it.
"""

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import time

import numpy as np

import pintegrate

A = np.array([2.0, 3.0, 1.5, 2.5, 3.5])     # as bench/gauss.c
U = np.array([0.3, 0.5, 0.7, 0.2, 0.6])


def exact(d):
    v = 1.0
    for a, u in zip(A[:d], U[:d]):
        v *= math.sqrt(math.pi) / (2 * a) * (math.erf(a * (1 - u))
                                             + math.erf(a * u))
    return v


def gauss(d):
    """The integrand as numpy code, written for speed (in place, no
    temporaries beyond one)."""
    a, u = A[:d], U[:d]

    def f(x):
        t = x - u
        t *= a
        t *= t
        return np.exp(-t.sum(axis=1))
    return f


def plugin_run(pint, plugin, er, threads, k):
    out = subprocess.run(
        [pint, "--plugin", plugin, "-f", "gauss5", "-d", "5", "--er", er,
         "--threads", str(threads), "--regions-per-step", str(k), "--json"],
        check=True, capture_output=True, text=True).stdout
    j = json.loads(out)
    return j["seconds"], j["evals"], j["value"][0], j["error"][0]


def python_run(er, threads, k):
    """The call's wall time, and the time spent inside f (numpy's own
    work, which a compiled integrand does not pay)."""
    g = gauss(5)
    inside = [0.0]

    def f(x):
        t0 = time.perf_counter()
        y = g(x)
        inside[0] += time.perf_counter() - t0
        return y
    t0 = time.perf_counter()
    r = pintegrate.integrate(f, [0] * 5, [1] * 5, epsrel=float(er),
                             threads=threads, regions_per_step=k)
    wall = time.perf_counter() - t0
    return wall, r.evals, float(r.value), float(r.error), inside[0]


def overhead(args):
    x = exact(5)
    print("## Overhead: gauss5 (Genz Gaussian), d = 5, er %s, %d runs each, "
          "interleaved; medians" % (args.er, args.reps))
    print()
    print("| threads | regions a step | plug-in s | Python s (call) | of it "
          "in f | evals | Python/plug-in | binding's own/plug-in | "
          "both honest |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for threads, k in ((1, 1), (1, 16), (1, 64), (2, 16), (2, 64)):
        ps, py, inside = [], [], []
        honest = True
        for _ in range(args.reps):
            s, ev, v, e = plugin_run(args.pint, args.plugin, args.er,
                                     threads, k)
            ps.append(s)
            honest &= abs(v - x) <= e
            w, ev2, v2, e2, fin = python_run(args.er, threads, k)
            py.append(w)
            inside.append(fin)
            honest &= abs(v2 - x) <= e2 and ev2 == ev
        a, b = statistics.median(ps), statistics.median(py)
        c = statistics.median(inside)
        # with threads, time inside f overlaps: only on 1 thread is
        # call - inside - plug-in the binding's own cost
        own = "%.2f" % ((b - c - a) / a) if threads == 1 else "-"
        print("| %d | %d | %.4f | %.4f | %.4f | %d | **%.2f** | %s | %s |"
              % (threads, k, a, b, c, ev, b / a, own,
                 "yes" if honest else "NO"))
    print()


def timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t0


def scipy_side(args):
    from scipy import integrate
    print("## Side by side with SciPy %s (same integrands, closed forms)"
          % __import__("scipy").__version__)
    print()
    print("| d | er | program | evaluations | seconds | estimate | "
          "true error | error estimate | honest |")
    print("|---|---|---|---:|---:|---|---:|---:|---|")
    for d, er in ((3, 1e-6), (5, 1e-3)):
        x = exact(d)
        f = gauss(d)
        r, s = timed(lambda: pintegrate.integrate(f, [0] * d, [1] * d,
                                                  epsrel=er))
        row(d, er, "pintegrate", r.evals, s, float(r.value), x,
            float(r.error))
        calls = [0]
        a, u = A[:d], U[:d]

        def g(*p):
            calls[0] += 1
            return math.exp(-sum((ai * (pi - ui)) ** 2
                                 for ai, pi, ui in zip(a, p, u)))
        (v, e), s = timed(lambda: integrate.nquad(
            g, [[0, 1]] * d, opts={"epsrel": er, "epsabs": 0}))
        row(d, er, "scipy nquad", calls[0], s, v, x, e)
    print()


def row(d, er, prog, evals, s, v, x, e):
    print("| %d | %g | %s | %d | %.3f | %.12g | %.2e | %.2e | %s |"
          % (d, er, prog, evals, s, v, abs(v - x), e,
             "yes" if abs(v - x) <= e else "no"))
    sys.stdout.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--pint", default=os.path.join(here, "..", "drivers",
                                                   "pint"))
    ap.add_argument("--plugin", default=os.path.join(here, ".libs",
                                                     "gauss.so"))
    ap.add_argument("--er", default="1e-6")
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--no-scipy", action="store_true")
    args = ap.parse_args()
    overhead(args)
    if not args.no_scipy:
        scipy_side(args)


if __name__ == "__main__":
    main()

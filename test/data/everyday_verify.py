#!/usr/bin/env python3
"""Independent check of everyday.tsv with mpmath.

    python3 test/data/everyday_verify.py [everyday.tsv] [--only NAME ...]

Each line of the TSV (tab-separated, no header):

    name  dim  lo  hi  expr  exact  er  note

`expr` is pint's expression language; components of a vector integrand are
separated by " ; " (and so are the exact values).  `note` starts with the
category (infinite, endpoint, interior, oscillatory, zero, vector, smooth)
and may hold `points=...` (singular or kink locations: `points=1/3,2/3` in
1-D, `points=x1:0.3,x2:0.6` in n-D, `points=none` when the kink is not on an
axis-parallel line) and `peak=...` (narrow smooth peaks, same syntax).

How each value is checked:

* The expression is parsed by a small parser written here that follows
  pint's grammar (integrands/expr.h: ^ right-associative and tighter than
  unary minus, comparisons give 1/0, C semantics for pow, fmod, round ...)
  and evaluated in mpmath arithmetic (30 digits).
* n <= 2: mpmath.quad (tanh-sinh) of the parsed expression over the box,
  each axis split at its `points` and `peak` values (and, for the few
  oscillatory lines listed in SPLIT, into equal pieces; expcos_half is cut
  at 1, 2, ..., 40); for the strongest end-point singularities (EXP_SUBST)
  the axis is first mapped by x = lo + (hi - lo) exp(-u) onto [0, inf);
  max_diag_2d, whose kink x1 = x2 is not axis-parallel, is done as an
  iterated integral whose inner range is split at x2 = x1.
* n >= 3: the integral is reduced analytically (REDUCE below), and the
  reduction's integrand is compared with the parsed expression at random
  points of the domain (relative 1e-20) before it is used:
    - terms:  f(x) = sum_t prod_i g_ti(x_i) (optionally the real or
              imaginary part of complex factors exp(i x)); by Fubini the
              integral is sum_t prod_i int g_ti, each a 1-D mpmath.quad;
    - sumfn:  f(x) = g(x1 + ... + xn) on [0,1]^n; the integral is
              int_0^n g(s) p_n(s) ds with the Irwin-Hall density
              p_n(s) = sum_{k<=s} (-1)^k C(n,k) (s-k)^(n-1) / (n-1)!,
              one 1-D mpmath.quad split at the integers;
    - gauss:  f(x) = exp(-x^T A x) on R^n; with A = L D L^T (L unit lower
              triangular, computed here) the substitution y = L^T x has
              Jacobian 1, so the integral is prod_k int_R exp(-D_k t^2) dt,
              n 1-D mpmath.quads.
A line passes when |independent - exact| <= 1e-12 |exact|, or <= 1e-14
when exact is 0.  The script also checks the file's format and the
category counts.  Exit status 0 only if everything passes.
"""
import math
import random
import re
import sys
import time

import mpmath as mp

mp.mp.dps = 30
REL_TOL = mp.mpf("1e-12")
ABS_TOL_ZERO = mp.mpf("1e-14")
MIN_COUNTS = {"infinite": 10, "endpoint": 8, "interior": 6, "oscillatory": 6,
              "zero": 5, "vector": 5, "smooth": 5}

# ------------------------------------------------------------------------
# pint's expression language, evaluated in mpmath

NAN = mp.mpf("nan")


def _real(r):
    return NAN if isinstance(r, mp.mpc) else r


def _fn1(f):
    return lambda a: _real(f(a))


def _pow(a, b):
    if b == mp.floor(b) and abs(b) < 10 ** 6:
        n = int(b)
        if a == 0 and n < 0:
            return mp.inf
        return a ** n
    if a < 0:
        return NAN
    if a == 0:
        return mp.mpf(0) if b > 0 else mp.inf
    return mp.power(a, b)


def _div(a, b):
    if b == 0:
        return NAN if a == 0 else mp.inf * mp.sign(a)
    return a / b


def _trunc(a):
    return mp.floor(a) if a >= 0 else mp.ceil(a)


def _fmod(a, b):
    if b == 0:
        return NAN
    return a - _trunc(a / b) * b


def _fmin(a, b):
    return b if mp.isnan(a) else a if mp.isnan(b) else min(a, b)


def _fmax(a, b):
    return b if mp.isnan(a) else a if mp.isnan(b) else max(a, b)


FUNCS = {
    "sin": (1, mp.sin), "cos": (1, mp.cos), "tan": (1, mp.tan),
    "asin": (1, _fn1(mp.asin)), "acos": (1, _fn1(mp.acos)),
    "atan": (1, mp.atan), "sinh": (1, mp.sinh), "cosh": (1, mp.cosh),
    "tanh": (1, mp.tanh), "asinh": (1, mp.asinh), "acosh": (1, _fn1(mp.acosh)),
    "atanh": (1, _fn1(mp.atanh)), "exp": (1, mp.exp), "expm1": (1, mp.expm1),
    "log": (1, _fn1(mp.log)), "log1p": (1, _fn1(mp.log1p)),
    "log2": (1, _fn1(lambda a: mp.log(a, 2))), "log10": (1, _fn1(mp.log10)),
    "sqrt": (1, _fn1(mp.sqrt)),
    "cbrt": (1, lambda a: mp.sign(a) * mp.cbrt(abs(a))),
    "abs": (1, abs), "floor": (1, mp.floor), "ceil": (1, mp.ceil),
    "round": (1, lambda a: mp.sign(a) * mp.floor(abs(a) + mp.mpf(0.5))),
    "trunc": (1, _trunc), "erf": (1, mp.erf), "erfc": (1, mp.erfc),
    "gamma": (1, mp.gamma), "sign": (1, lambda a: mp.mpf(mp.sign(a))),
    "step": (1, lambda a: mp.mpf(1) if a >= 0 else mp.mpf(0)),
    "atan2": (2, mp.atan2), "pow": (2, _pow), "hypot": (2, mp.hypot),
    "min": (2, _fmin), "max": (2, _fmax), "fmod": (2, _fmod),
}
BINOPS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b,
          "*": lambda a, b: a * b, "/": _div}
CMPS = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
        ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
        "==": lambda a, b: a == b, "!=": lambda a, b: a != b}

TOKEN = re.compile(r"""\s*(?:
    (?P<num>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<op>\*\*|<=|>=|==|!=|[-+*/^(),<>]))""", re.X)


class ParseError(Exception):
    pass


def tokenize(src):
    toks, pos = [], 0
    while True:
        while pos < len(src) and src[pos] in " \t":
            pos += 1
        if pos == len(src):
            toks.append(("end", None))
            return toks
        m = TOKEN.match(src, pos)
        if not m:
            raise ParseError("bad character at %d in %r" % (pos, src))
        kind = m.lastgroup
        text = m.group(kind)
        if kind == "num" and m.end() < len(src) and (
                src[m.end()].isalpha() or src[m.end()] == "_"):
            raise ParseError("letter after a number in %r" % src)
        toks.append((kind, text))
        pos = m.end()


def compile_expr(src, ndim):
    """Parse one component; returns f(x) with x a sequence of mpf."""
    toks = tokenize(src)
    i = [0]

    def peek():
        return toks[i[0]]

    def take():
        t = toks[i[0]]
        i[0] += 1
        return t

    def expect(text):
        t = take()
        if t != ("op", text):
            raise ParseError("expected %r, got %r in %r" % (text, t, src))

    def p_expr():                       # compare
        left = p_sum()
        t = peek()
        if t[0] == "op" and t[1] in CMPS:
            take()
            right = p_sum()
            cmp = CMPS[t[1]]
            if peek()[0] == "op" and peek()[1] in CMPS:
                raise ParseError("comparisons do not chain")
            return lambda x, l=left, r=right: mp.mpf(1) if cmp(l(x), r(x)) else mp.mpf(0)
        return left

    def chain(ops, operand):
        left = operand()
        while peek()[0] == "op" and peek()[1] in ops:
            op = BINOPS[take()[1]]
            right = operand()
            left = (lambda l, r, o: lambda x: o(l(x), r(x)))(left, right, op)
        return left

    def p_sum():
        return chain("+-", p_product)

    def p_product():
        return chain("*/", p_unary)

    def p_unary():
        t = peek()
        if t in (("op", "-"), ("op", "+")):
            take()
            a = p_unary()
            return (lambda x: -a(x)) if t[1] == "-" else a
        return p_power()

    def p_power():
        base = p_primary()
        if peek() in (("op", "^"), ("op", "**")):
            take()
            ex = p_unary()                  # right-associative
            return lambda x: _pow(base(x), ex(x))
        return base

    def p_primary():
        kind, text = take()
        if kind == "num":
            c = mp.mpf(text)
            return lambda x: c
        if kind == "name":
            if peek() == ("op", "("):
                take()
                if text not in FUNCS:
                    raise ParseError("unknown function %r" % text)
                nargs, f = FUNCS[text]
                args = [p_expr()]
                for _ in range(nargs - 1):
                    expect(",")
                    args.append(p_expr())
                expect(")")
                if nargs == 1:
                    a = args[0]
                    return lambda x: f(a(x))
                a, b = args
                return lambda x: f(a(x), b(x))
            m = re.fullmatch(r"x([1-9]\d*)", text)
            if m:
                k = int(m.group(1))
                if k > ndim:
                    raise ParseError("%s beyond dimension %d" % (text, ndim))
                return lambda x: x[k - 1]
            if text == "pi":
                return lambda x: +mp.pi
            if text == "e":
                return lambda x: +mp.e
            raise ParseError("unknown name %r" % text)
        if (kind, text) == ("op", "("):
            a = p_expr()
            expect(")")
            return a
        raise ParseError("unexpected %r in %r" % (text, src))

    f = p_expr()
    if peek() != ("end", None):
        raise ParseError("trailing %r in %r" % (peek(), src))
    return f


# ------------------------------------------------------------------------
# the TSV

def parse_bound(s):
    s = s.strip()
    if s == "inf":
        return mp.inf
    if s == "-inf":
        return -mp.inf
    if not re.fullmatch(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?", s):
        raise ValueError("bad bound %r" % s)
    return mp.mpf(s)


def parse_bounds(s, n):
    v = [parse_bound(t) for t in s.split(",")]
    if len(v) == 1:
        v = v * n
    if len(v) != n:
        raise ValueError("bounds %r for dimension %d" % (s, n))
    return v


def parse_frac(s):
    if "/" in s:
        a, b = s.split("/")
        return mp.mpf(a) / mp.mpf(b)
    return mp.mpf(s)


def parse_points(note, key, n):
    """{axis: [values]} from `key=...` in note."""
    out = {}
    m = re.search(r"\b%s=([^\s;]+)" % key, note)
    if not m or m.group(1) == "none":
        return out
    for item in m.group(1).split(","):
        if ":" in item:
            ax, val = item.split(":")
            k = int(ax[1:]) - 1
        else:
            if n != 1:
                raise ValueError("%s without axis in %d-D" % (key, n))
            k, val = 0, item
        out.setdefault(k, []).append(parse_frac(val))
    return out


def read_tsv(path):
    rows = []
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip():
                continue
            cols = line.split("\t")
            if len(cols) != 8:
                raise ValueError("line %d: %d columns" % (lineno, len(cols)))
            name, dim, lo, hi, expr, exact, er, note = cols
            n = int(dim)
            assert 1 <= n <= 6, (lineno, n)
            comps = expr.split(" ; ")
            exacts = exact.split(" ; ")
            assert len(comps) == len(exacts), (lineno, "components")
            erv = float(er)
            assert 1e-8 <= erv <= 1e-4, (lineno, er)
            if n >= 4:
                assert erv >= 1e-5, (lineno, "n >= 4 wants er 1e-4 or 1e-5")
            for s in exacts:            # 17 significant digits (or 0)
                digits = re.sub(r"[eE].*", "", s).lstrip("-").replace(".", "").lstrip("0")
                assert s == "0" or len(digits) == 17, (lineno, s)
            rows.append(dict(
                name=name, n=n, lo=parse_bounds(lo, n), hi=parse_bounds(hi, n),
                expr=expr, fs=[compile_expr(c, n) for c in comps],
                exact=[mp.mpf(s) for s in exacts], er=erv, note=note,
                cat=note.split(":")[0].split()[0],
                points=parse_points(note, "points", n),
                peaks=parse_points(note, "peak", n)))
    return rows


# ------------------------------------------------------------------------
# reductions for n >= 3 (and the one 2-D line with a diagonal kink)

E = mp.exp
ONE = lambda t: mp.mpf(1)
EI = lambda t: mp.expj(t)                    # exp(i t)


def gauss_matrix(rows):
    return [[mp.mpf(v) for v in r] for r in rows]


# Each entry: kind, data, how; `comps` is a list, one per component.
REDUCE = {
    "gauss_R3_cov": ("gauss", [gauss_matrix([[2, "0.5", "-0.2"], ["0.5", 1, "0.3"],
                                             ["-0.2", "0.3", "1.5"]])]),
    "gauss_R4_cov": ("gauss", [gauss_matrix([[1, "0.25", 0, 0], ["0.25", 1, "0.25", 0],
                                             [0, "0.25", 1, "0.25"], [0, 0, "0.25", 1]])]),
    "exp_prod_3d": ("terms", [[[lambda t: E(-t), lambda t: E(-2 * t), lambda t: E(-3 * t)]]]),
    "mixed_3d": ("terms", [[[lambda t: t, lambda t: E(-t ** 2), lambda t: E(-t)]]]),
    "quarter_3d": ("terms", [[[lambda t: t ** mp.mpf("-0.25")] * 3]]),
    "sin_sum_3d": ("terms_im", [[[EI] * 3]]),
    "cos4_4d": ("terms", [[[lambda t: mp.cos(4 * t)] * 4]]),
    "vec_3d": ("terms", [
        [[lambda t: t] * 3],
        [[lambda t: 10000 * E(-t), lambda t: E(-t), lambda t: E(-t)]],
        [[lambda t: mp.mpf("1e-4") * t ** 2, ONE, ONE],
         [ONE, lambda t: mp.mpf("1e-4") * t ** 2, ONE],
         [ONE, ONE, lambda t: mp.mpf("1e-4") * t ** 2]]]),
    "poly_3d": ("terms", [[[lambda t: t, lambda t: t ** 2, lambda t: t ** 3]]]),
    "inv_sum_3d": ("sumfn", [lambda s: 1 / (1 + s)]),
    "exp_sum_4d": ("terms", [[[E] * 4]]),
    "lorentz_prod_4d": ("terms", [[[lambda t: 1 / (1 + t ** 2)] * 4]]),
    "gauss_box_5d": ("terms", [[[lambda t: E(-t ** 2)] * 5]]),
    "sq_sum_5d": ("sumfn", [lambda s: s ** 2]),
    "cos_sum_6d": ("terms_re", [[[EI] * 6]]),
    "inv_sq_sum_6d": ("sumfn", [lambda s: (1 + s) ** -2]),
}

# lines whose finite axes mpmath should cut into equal pieces (oscillation)
SPLIT = {"cos20": 4, "xsin30": 16, "chirp": 32, "sin_xy10": 4}

# extra verification-only cuts {axis: [values]} (oscillation on a half-line)
CUTS = {"expcos_half": {0: list(range(1, 41))}}

# axes on which mpmath integrates after x = lo + (hi - lo) exp(-u), u in
# [0, inf): x^a singularities at lo with a near -1 (x^-0.9 leaves ~1e-9 of
# the integral below 1e-100, out of tanh-sinh's reach)
EXP_SUBST = {"powlog_m09": {0}, "log_over_sqrt": {0}, "sqrtlog_2d": {0}}

# iterated integral with the inner axis (x2) split where x2 = x1
INNER_SPLIT = {"max_diag_2d": lambda x1: [x1]}


def random_point(row, rng):
    x = []
    for a, b in zip(row["lo"], row["hi"]):
        if mp.isinf(a) and mp.isinf(b):
            x.append(mp.mpf(rng.gauss(0, 1)))
        elif mp.isinf(b):
            x.append(a + mp.mpf(rng.expovariate(1)))
        elif mp.isinf(a):
            x.append(b - mp.mpf(rng.expovariate(1)))
        else:
            x.append(a + (b - a) * mp.mpf(rng.uniform(0.02, 0.98)))
    return x


def reduction_integrand(kind, data, x):
    if kind.startswith("terms"):
        v = mp.fsum(mp.fprod(g(xi) for g, xi in zip(term, x)) for term in data)
        return {"terms": mp.re, "terms_im": mp.im, "terms_re": mp.re}[kind](v)
    if kind == "sumfn":
        return data(mp.fsum(x))
    if kind == "gauss":
        n = len(data)
        return E(-mp.fsum(data[i][j] * x[i] * x[j] for i in range(n) for j in range(n)))
    raise ValueError(kind)


def check_reduction(row, k, kind, data):
    """The reduction's integrand equals the parsed expr at random points."""
    rng = random.Random(12345 + k)
    worst = mp.mpf(0)
    for _ in range(25):
        x = random_point(row, rng)
        a = row["fs"][k](x)
        b = reduction_integrand(kind, data, x)
        d = abs(a - b) / max(abs(a), abs(b), mp.mpf("1e-300"))
        worst = max(worst, d)
    if worst > mp.mpf("1e-20"):
        raise AssertionError("%s comp %d: reduction differs from expr (%s)"
                             % (row["name"], k + 1, mp.nstr(worst, 3)))
    return worst


def quad1(f, a, b, pts=()):
    return mp.quad(f, [a] + sorted(pts) + [b])


def irwin_hall_piece(n, j):
    fac = mp.factorial(n - 1)
    return lambda s: mp.fsum((-1) ** k * mp.binomial(n, k) * (s - k) ** (n - 1)
                             for k in range(j + 1)) / fac


def ldl_pivots(A):
    n = len(A)
    A = [row[:] for row in A]
    piv = []
    for k in range(n):
        d = A[k][k]
        assert d > 0
        piv.append(d)
        for i in range(k + 1, n):
            l = A[i][k] / d
            for j in range(k + 1, n):
                A[i][j] -= l * A[k][j]
    return piv


def reduced_value(row, kind, data):
    n = row["n"]
    if kind.startswith("terms"):
        total = 0
        for term in data:
            p = mp.mpf(1) if kind == "terms" else mp.mpc(1)
            for i, g in enumerate(term):
                p *= quad1(g, row["lo"][i], row["hi"][i], row["points"].get(i, ()))
            total += p
        return {"terms": mp.re, "terms_im": mp.im, "terms_re": mp.re}[kind](total)
    if kind == "sumfn":
        assert all(a == 0 for a in row["lo"]) and all(b == 1 for b in row["hi"])
        return mp.fsum(mp.quad(lambda s, p=irwin_hall_piece(n, j): data(s) * p(s), [j, j + 1])
                       for j in range(n))
    if kind == "gauss":
        assert all(a == -mp.inf for a in row["lo"]) and all(b == mp.inf for b in row["hi"])
        return mp.fprod(mp.quad(lambda t, d=d: E(-d * t ** 2), [-mp.inf, mp.inf])
                        for d in ldl_pivots(data))
    raise ValueError(kind)


HOW = {"terms": "Fubini: sum of products of 1-D quads",
       "terms_re": "Re of product of 1-D quads of exp(i t)",
       "terms_im": "Im of product of 1-D quads of exp(i t)",
       "sumfn": "1-D quad against the Irwin-Hall density",
       "gauss": "LDL^T: product of 1-D Gaussian quads"}


# ------------------------------------------------------------------------
# direct quadrature for n <= 2

def axis_nodes(row, i):
    a, b = row["lo"][i], row["hi"][i]
    cuts = set(row["points"].get(i, [])) | set(row["peaks"].get(i, []))
    for c in cuts:
        assert a < c < b, (row["name"], "point outside the range")
    cuts |= set(mp.mpf(c) for c in CUTS.get(row["name"], {}).get(i, []))
    if i in EXP_SUBST.get(row["name"], ()):
        assert not cuts and not (mp.isinf(a) or mp.isinf(b))
        return [mp.mpf(0), mp.inf]
    m = SPLIT.get(row["name"], 1)
    if m > 1 and not (mp.isinf(a) or mp.isinf(b)):
        cuts |= {a + (b - a) * j / m for j in range(1, m)}
    return [a] + sorted(cuts) + [b]


def direct_value(row, k):
    f = row["fs"][k]
    n = row["name"]
    sub = EXP_SUBST.get(n, set())
    if sub:                         # x_i = lo + (hi - lo) exp(-u_i)
        g, lo, hi = f, row["lo"], row["hi"]

        def f(u):
            x, jac = [], mp.mpf(1)
            for i, ui in enumerate(u):
                if i in sub:
                    w = (hi[i] - lo[i]) * mp.exp(-ui)
                    x.append(lo[i] + w)
                    jac *= w
                else:
                    x.append(ui)
            return g(x) * jac
    if row["n"] == 1:
        return (mp.quad(lambda t: f([t]), axis_nodes(row, 0)),
                "mpmath.quad 1-D" + (", x=exp(-u)" if sub else ""))
    if n in INNER_SPLIT:
        lo2, hi2 = row["lo"][1], row["hi"][1]
        inner = lambda s: mp.quad(lambda t: f([s, t]),
                                  [lo2] + INNER_SPLIT[n](s) + [hi2])
        return mp.quad(inner, axis_nodes(row, 0)), "iterated mpmath.quad, inner split at x2=x1"
    return (mp.quad(lambda s, t: f([s, t]), axis_nodes(row, 0), axis_nodes(row, 1)),
            "mpmath.quad 2-D" + (", x1=exp(-u)" if sub else ""))


# ------------------------------------------------------------------------

def main(argv):
    args = argv[1:]
    path = args[0] if args and args[0].endswith(".tsv") else \
        __file__.rsplit("/", 1)[0] + "/everyday.tsv"
    only = set(args[args.index("--only") + 1:]) if "--only" in args else set()
    rows = read_tsv(path)

    names = [r["name"] for r in rows]
    problems = []
    if len(set(names)) != len(names):
        problems.append("duplicate names")
    counts = {}
    for r in rows:
        counts[r["cat"]] = counts.get(r["cat"], 0) + 1
    for c, m in MIN_COUNTS.items():
        if counts.get(c, 0) < m:
            problems.append("category %s: %d < %d" % (c, counts.get(c, 0), m))
    if len(rows) < 48:
        problems.append("only %d lines" % len(rows))
    for r in rows:
        if r["n"] >= 3 and r["name"] not in REDUCE:
            problems.append("%s: n >= 3 without a reduction" % r["name"])

    print("%-20s %4s %-25s %-25s %9s  %s" % ("name", "comp", "exact", "independent",
                                             "rel.diff", "method"))
    nfail = nval = 0
    worst = mp.mpf(0)
    t0 = time.time()
    for r in rows:
        if only and r["name"] not in only:
            continue
        for k, ex in enumerate(r["exact"]):
            if r["name"] in REDUCE:
                kind, comps = REDUCE[r["name"]]
                data = comps[k]
                try:
                    check_reduction(r, k, kind, data)
                except AssertionError as err:
                    problems.append(str(err))
                    nfail += 1
                    continue
                val, how = reduced_value(r, kind, data), HOW[kind]
            else:
                val, how = direct_value(r, k)
            nval += 1
            if ex == 0:
                d = abs(val)
                ok = d <= ABS_TOL_ZERO
                dtxt = "abs " + mp.nstr(d, 2)
            else:
                d = abs(val - ex) / abs(ex)
                ok = d <= REL_TOL
                dtxt = mp.nstr(d, 2)
                worst = max(worst, d)
            if not ok:
                nfail += 1
            print("%-20s %4d %-25s %-25s %9s  %s%s" % (
                r["name"], k + 1, mp.nstr(ex, 17), mp.nstr(val, 17), dtxt, how,
                "" if ok else "   <-- FAIL"), flush=True)
    print()
    print("categories: " + ", ".join("%s %d" % (c, counts.get(c, 0)) for c in MIN_COUNTS))
    print("%d lines, %d values checked, %d failed, max relative difference %s "
          "(tolerance %s; zero-valued: absolute %s), %.0f s"
          % (len(rows), nval, nfail, mp.nstr(worst, 3), mp.nstr(REL_TOL, 1),
             mp.nstr(ABS_TOL_ZERO, 1), time.time() - t0))
    for p in problems:
        print("PROBLEM:", p)
    ok = nfail == 0 and not problems
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))

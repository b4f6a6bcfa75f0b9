"""pintegrate -- adaptive numerical integration with pint, from Python.

    >>> import numpy as np, pintegrate
    >>> r = pintegrate.integrate(lambda x: np.exp(-np.sum(x**2, axis=1)),
    ...                          [0, 0, 0], [1, 1, 1], epsrel=1e-8)
    >>> r.value, r.error, r.status

The integrand is vectorized: it receives an (npts, ndim) array of points
and returns (npts,) values, or (npts, ncomp) for a vector integrand,
called with the points of every step (by default on the calling thread;
with threads=N from N of pint's threads, one call at a time holding the
GIL).

The package is named pintegrate: `pint` on the Python package index is
another project (physical units).
"""

import math
import signal
import sys
import threading

import numpy as np

from . import _core

__all__ = ["integrate", "Result", "PintError", "IntegrandError",
           "threads_default", "__version__"]

__version__ = _core.version()

# pint's status codes (pint.h) and the exit codes of the pint command
CONVERGED, MAX_EVALS, MAX_REGIONS, ERR_INTEGRAND, ERR_NONFINITE, \
    ERR_INVALID, ERR_NOMEM, TIME_LIMIT, INTERRUPTED, ROUNDOFF, \
    UNRELIABLE = range(11)
_ERRORS = (ERR_INTEGRAND, ERR_NONFINITE, ERR_INVALID, ERR_NOMEM)


class Result:
    """The outcome of integrate().

    value, error: numpy arrays of the shape of one point's value (() for
    a scalar integrand, (ncomp,) for a vector one); status: pint's status
    name ("converged", "max-evals", "time-limit", "round-off",
    "unreliable", ...; an error status raises instead); converged: status
    == "converged"; evals, regions, seconds, message; rule and method
    used; nranks and rank_evals under MPI; checkpoints written and
    checkpoint_message; resumed_evals; for method "vegas", iterations
    and chi2_dof (of the iterations combined).
    """

    def __init__(self, d, shape):
        self.value = np.array(d["value"], dtype=float).reshape(shape)
        self.error = np.array(d["error"], dtype=float).reshape(shape)
        self.status = d["status_name"]
        self.status_code = d["status"]
        self.converged = d["status"] == CONVERGED
        self.message = d["message"]
        for k in ("evals", "regions", "seconds", "rule", "method", "nranks",
                  "rank_evals", "transfers", "rows", "checkpoints",
                  "checkpoint_message", "resumed_evals", "extrapolated",
                  "reopened", "helpers_lent", "iterations", "chi2_dof"):
            setattr(self, k, d[k])

    def __repr__(self):
        return ("Result(value=%s, error=%s, status=%r, evals=%d, "
                "regions=%d, seconds=%.3g%s)"
                % (np.array2string(self.value, precision=16),
                   np.array2string(self.error, precision=3), self.status,
                   self.evals, self.regions, self.seconds,
                   ", message=%r" % self.message if self.message else ""))


class PintError(RuntimeError):
    """A run that failed: pint's one-line message, and .result with the
    estimate reached (value and error NaN when there was none)."""

    def __init__(self, message, result=None):
        super().__init__(message)
        self.result = result


class IntegrandError(PintError):
    """The integrand failed on another rank, or returned NaN or Inf."""


def threads_default():
    """The threads a run with threads=0 uses (OMP_NUM_THREADS, else the
    cores this process may run on)."""
    return _core.threads_default()


def _points(lo, hi, simplices):
    """The domain as float64 arrays, and the dimension."""
    if simplices is not None:
        if lo is not None or hi is not None:
            raise ValueError("give lo and hi, or simplices, not both")
        s = np.ascontiguousarray(simplices, dtype=np.float64)
        if s.ndim == 2:
            s = s[np.newaxis]
        if s.ndim != 3 or s.shape[0] < 1 or s.shape[1] != s.shape[2] + 1:
            raise ValueError("simplices: an array of shape (nsimplices, "
                             "ndim + 1, ndim) of vertices wanted, not %s"
                             % (s.shape,))
        return None, None, s, s.shape[2]
    if lo is None or hi is None:
        raise ValueError("lo and hi (or simplices) are required")
    lo = np.ascontiguousarray(np.atleast_1d(lo), dtype=np.float64)
    hi = np.ascontiguousarray(np.atleast_1d(hi), dtype=np.float64)
    if lo.ndim != 1 or lo.shape != hi.shape or lo.size < 1:
        raise ValueError("lo and hi: two sequences of the same length "
                         "wanted, not shapes %s and %s" % (lo.shape, hi.shape))
    return lo, hi, None, lo.size


def _breakpoints(points, ndim):
    """points as two float64 arrays: the values and their axes."""
    if points is None:
        return None, None
    items = points.items() if isinstance(points, dict) else [(0, points)]
    vals, axes = [], []
    for axis, vs in items:
        if isinstance(axis, bool) or not isinstance(axis, (int, np.integer)):
            raise ValueError("points: the axes are whole numbers 0..%d, "
                             "not %r" % (ndim - 1, axis))
        if not 0 <= axis < ndim:
            raise ValueError("points: axis %d is not one of 0..%d"
                             % (axis, ndim - 1))
        v = np.atleast_1d(np.asarray(vs, dtype=np.float64))
        if v.ndim != 1:
            raise ValueError("points: a number or a sequence of numbers "
                             "an axis, not shape %s" % (v.shape,))
        vals.extend(v.tolist())
        axes.extend([float(axis)] * v.size)
    return (np.array(vals, dtype=np.float64),
            np.array(axes, dtype=np.float64))


def _inside(lo, hi, s):
    """One point of the domain (for learning the shape of f's values)."""
    if s is not None:
        return s[0].mean(axis=0)
    x = np.empty(lo.size)
    for i, (a, b) in enumerate(zip(lo, hi)):
        if math.isfinite(a) and math.isfinite(b):
            x[i] = 0.5 * (a + b)
        elif math.isfinite(a):
            x[i] = a + 1.0
        elif math.isfinite(b):
            x[i] = b - 1.0
        else:
            x[i] = 0.0
    return x


def _team(comm):
    """The mpi4py communicator the run will use, or None without MPI."""
    if comm is not None:
        return comm
    mpi = sys.modules.get("mpi4py.MPI")
    if mpi is not None and mpi.Is_initialized() and not mpi.Is_finalized():
        return mpi.COMM_WORLD
    return None


def _learn_shape(fv, lo, hi, s, team):
    """One call of f at a point of the domain: the shape of its values
    and ncomp.  On several ranks every rank learns whether all could:
    a rank whose call failed must not leave the others waiting in the
    run (they raise IntegrandError naming it, it raises its own error)."""
    shape = ncomp = failure = None
    try:
        y = np.asarray(fv(_inside(lo, hi, s)[np.newaxis]), dtype=np.float64)
        if y.ndim == 1 and y.shape[0] == 1:
            shape, ncomp = (), 1
        elif y.ndim == 2 and y.shape[0] == 1 and y.shape[1] >= 1:
            shape, ncomp = (y.shape[1],), y.shape[1]
        else:
            raise ValueError("the integrand returned shape %s for 1 point; "
                             "(1,) or (1, ncomp) wanted" % (y.shape,))
    except Exception as e:          # noqa: BLE001 -- raised again below
        failure = e
    if team is not None and team.Get_size() > 1:
        seen = team.allgather(-1 if failure is not None else ncomp)
        if failure is None and -1 in seen:
            raise IntegrandError("rank %d: the integrand failed at its first "
                                 "point" % seen.index(-1))
        if failure is None and len(set(seen)) > 1:
            raise ValueError("the integrand's values have %s components on "
                             "the ranks, not one count"
                             % ", ".join(map(str, seen)))
    if failure is not None:
        raise failure
    return shape, ncomp


def _vectorize(f, args):
    def fv(x):
        return np.array([f(p, *args) for p in x], dtype=np.float64)
    return fv


def integrate(f, lo=None, hi=None, *, simplices=None, args=(),
              epsrel=1e-6, epsabs=0.0, maxeval=100_000_000,
              maxregions=10_000_000, method="adaptive", rule=None,
              vectorized=True, ncomp=None, norm="max", threads=1,
              regions_per_step=0, seed=1, time_limit=0.0, checkpoint=None,
              checkpoint_every=0.0, resume=None, identity=None, scale=1.0,
              extrapolate=True, shifts=0, periodize=None, progress=None,
              progress_every=0.5, comm=None, points=None):
    """Integrate f over the box [lo, hi] or a union of simplices.

    f(x, *args): with vectorized=True (the default) x is an (npts, ndim)
    array and f returns (npts,) values or (npts, ncomp); with
    vectorized=False x is one point (ndim,) and f returns a number or
    (ncomp,) values.  Bounds may be -inf or inf (the axis is mapped onto
    a finite range, x = a + scale tan(pi t/2)).  simplices: an array of
    shape (nsimplices, ndim + 1, ndim), the vertices of each.  Without
    ncomp, f is first called once at one point of the domain to learn
    the shape of its values (that call is not counted in evals).

    Converged when the error meets max(epsabs, epsrel |value|) in the
    norm ("max": ParInt's, "individual": every component on its own,
    "l2").  method: "adaptive" (subdivision with rule: None for the
    default: "sym13" in 2-D, "sym11" in 3-D, "sym9" above; "sym7", "gm",
    "gk15".."gk61",
    "simplex3".."simplex9"),
    "qmc" (randomized lattices), "mc" (Monte Carlo), "vegas" (VEGAS+).
    threads: 1 (the default) evaluates f on the calling thread alone; N
    on N of pint's threads, 0 on every core (threads_default()).  Python
    runs one thread at a time (the GIL): for a cheap numpy integrand two
    threads were 4 times slower than one (bench/RESULTS.md 12), so more
    pay only when f spends its time in code that releases the GIL.  The
    result is the same, bit for bit, on any number of threads for a
    given regions_per_step.  time_limit (seconds), checkpoint (a file,
    written every checkpoint_every seconds, or less often when a write
    takes over a ninth of that, and at the end), resume (a
    checkpoint to continue from; identity names the integrand in its
    fingerprint, by default f's module and name), progress (called on
    rank 0 with a dict about every progress_every seconds; an exception
    it raises stops the run).  points: breakpoints, where f is singular
    or has a kink or a jump inside the box (method "adaptive"): a number
    or a sequence of numbers on axis 0, or a dict {axis: numbers} (axes
    0-based, as x[:, axis]; pint's messages count them from 1, as x1,
    x2, ...); the box is cut there before the run, so no region
    straddles them and no point falls on one (in one dimension,
    QUADPACK's QAGP).  A singularity that a point would hit (1/sqrt|x -
    0.5| on [0, 1]: the centre) needs one.

    Under MPI (mpi4py imported), every rank of comm (an mpi4py
    communicator; None: MPI.COMM_WORLD) calls integrate with the same
    arguments and gets the result.

    Returns a Result.  A limit (maxeval, time_limit, round-off, ...)
    returns too, with the estimate reached and status saying which.
    Raises ValueError for bad input (pint's one-line message), the
    integrand's own exception (with .pint_result: the estimate reached)
    when it raised, IntegrandError when it returned NaN or Inf or failed
    on another rank, MemoryError, and KeyboardInterrupt (with .result)
    after Ctrl-C, which stops the run cleanly.
    """
    if not callable(f):
        raise TypeError("f must be callable")
    lo, hi, s, ndim = _points(lo, hi, simplices)
    pts, pax = _breakpoints(points, ndim)
    args = tuple(args)
    fv = f if vectorized and not args else (
        (lambda x: f(x, *args)) if vectorized else _vectorize(f, args))
    if ncomp is None:
        shape, ncomp = _learn_shape(fv, lo, hi, s, _team(comm))
    else:
        ncomp = int(ncomp)
        if ncomp < 1:
            raise ValueError("ncomp must be >= 1")
        shape = (ncomp,)

    def ev(mx, mf, npts):
        x = np.frombuffer(mx, dtype=np.float64).reshape(npts, ndim).copy()
        y = np.asarray(fv(x), dtype=np.float64)
        out = np.frombuffer(mf, dtype=np.float64).reshape(npts, ncomp)
        if y.shape == (npts, ncomp) or (ncomp == 1 and y.shape == (npts,)):
            out[...] = y.reshape(npts, ncomp)
        else:
            raise ValueError("the integrand returned shape %s for %d points;"
                             " (%d,%s) wanted" % (y.shape, npts, npts,
                                                  " %d" % ncomp
                                                  if shape else ""))
        del out

    if comm is not None:
        comm = comm.py2f()
    if identity is None:
        identity = "%s.%s" % (getattr(f, "__module__", "?"),
                              getattr(f, "__qualname__", type(f).__name__))
    catch = (threading.current_thread() is threading.main_thread()
             and signal.getsignal(signal.SIGINT) is signal.default_int_handler)
    d = _core.integrate(
        ev, ndim, ncomp, lo=lo, hi=hi, simplices=s, epsrel=float(epsrel),
        epsabs=float(epsabs), max_evals=int(maxeval),
        max_regions=int(maxregions), method=method, rule=rule, norm=norm,
        threads=int(threads), regions_per_step=int(regions_per_step),
        seed=int(seed), time_limit=float(time_limit),
        checkpoint=None if checkpoint is None else str(checkpoint),
        checkpoint_seconds=float(checkpoint_every),
        resume=None if resume is None else str(resume),
        identity=str(identity), scale=float(scale),
        extrapolate=1 if extrapolate else 0, shifts=int(shifts),
        periodize=periodize, progress=progress,
        progress_seconds=float(progress_every), comm=comm,
        catch_sigint=catch, points=pts, points_axis=pax)
    res = Result(d, shape)
    exc = d["exception"]
    if exc is not None:
        exc.pint_result = res
        raise exc
    if d["interrupted"]:
        e = KeyboardInterrupt(res.message or "interrupted")
        e.result = res
        raise e
    code = d["status"]
    if code == ERR_INVALID:
        raise ValueError(res.message)
    if code == ERR_NOMEM:
        raise MemoryError(res.message)
    if code in (ERR_INTEGRAND, ERR_NONFINITE):
        raise IntegrandError(res.message, res)
    return res

"""Tests of the Python package pintegrate (run by test/test_python.sh
from `make check`, or `python3 -m pytest` here with the package on
PYTHONPATH).  Every accuracy check is against a closed form, at the
tolerance asked for: converged means |Q - I| <= E and E within it."""

import math
import os
import shutil
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

import pintegrate

HERE = os.path.dirname(os.path.abspath(__file__))


def limited(integrate):
    """integrate with a smaller evaluation limit (the runs here converge
    within 400,000), so that a broken build fails in a second, not at
    the default 1e8."""
    def run(*args, **kw):
        kw.setdefault("maxeval", 3_000_000)
        return integrate(*args, **kw)
    return run


integrate = limited(pintegrate.integrate)


def honest(r, exact, epsrel):
    """Converged, the error within the tolerance, the true error within
    the estimate (every component)."""
    assert r.status == "converged", r
    v, e, x = np.atleast_1d(r.value), np.atleast_1d(r.error), np.atleast_1d(exact)
    assert np.all(np.abs(v - x) <= e), (r, exact)
    assert np.all(e <= epsrel * np.abs(v)), r


# ---------------------------------------------------------- closed forms

def genz4(a, u):
    """exp(-sum a_i^2 (x_i - u_i)^2) on [0,1]^d and its integral."""
    a, u = np.asarray(a, float), np.asarray(u, float)

    def f(x):
        return np.exp(-np.sum((a * (x - u)) ** 2, axis=1))
    exact = 1.0
    for ai, ui in zip(a, u):
        exact *= math.sqrt(math.pi) / (2 * ai) * (
            math.erf(ai * (1 - ui)) + math.erf(ai * ui))
    return f, exact


@pytest.mark.parametrize("d", [2, 5])
def test_genz_gaussian(d):
    rng = np.random.default_rng(7)
    f, exact = genz4(rng.uniform(1, 4, d), rng.uniform(0, 1, d))
    r = integrate(f, [0] * d, [1] * d, epsrel=1e-6)
    honest(r, exact, 1e-6)
    assert r.value.shape == ()
    assert r.evals > 0 and r.regions > 0 and r.seconds >= 0
    # the default rule: degree 13 at d = 2, 11 at d = 3, 9 above
    assert r.method == "adaptive" and r.rule == {2: "sym13",
                                                 3: "sym11"}.get(d, "sym9")


def test_genz_oscillatory_5d():
    # cos(2 pi u + sum a_i x_i): the real part of a product of exponentials
    a = np.array([1.1, 0.7, 1.9, 0.4, 1.3])
    u = 0.3
    z = np.exp(2j * math.pi * u) * np.prod((np.exp(1j * a) - 1) / (1j * a))
    r = integrate(
        lambda x: np.cos(2 * math.pi * u + x @ a), [0] * 5, [1] * 5,
        epsrel=1e-8)
    honest(r, z.real, 1e-8)


def test_gaussian_over_rn():
    d = 3
    r = integrate(lambda x: np.exp(-np.sum(x * x, axis=1)),
                  [-np.inf] * d, [np.inf] * d, epsrel=1e-6)
    honest(r, math.pi ** 1.5, 1e-6)


def test_half_line_and_scale():
    # int_0^inf x e^{-x/50} dx = 2500: the mass lies far out, scale says so
    r = integrate(lambda x: x[:, 0] * np.exp(-x[:, 0] / 50), [0],
                  [np.inf], epsrel=1e-8, scale=50)
    honest(r, 2500.0, 1e-8)


def test_boundary_singularities_1d():
    r = integrate(lambda x: 1 / np.sqrt(x[:, 0]), [0], [1],
                  epsrel=1e-10)
    honest(r, 2.0, 1e-10)
    r = integrate(lambda x: np.log(x[:, 0]), [0], [1],
                  epsrel=1e-10)
    honest(r, -1.0, 1e-10)


def test_boundary_singularity_2d():
    # log(x1 x2) on the unit square: -2 (a face point where f is not
    # finite is evaluated just inside).  numpy's error state belongs to
    # a thread, and f runs on pint's: it sets its own.
    def f(x):
        with np.errstate(divide="ignore"):
            return np.log(x[:, 0] * x[:, 1])
    r = integrate(f, [0, 0], [1, 1], epsrel=1e-6)
    honest(r, -2.0, 1e-6)


def test_breakpoints():
    # 1/sqrt|x - 0.5| on [0, 1]: the centre is a rule point, where f is
    # infinite; in one dimension the run then makes it a breakpoint
    # itself (lib/onedim.c) and converges, in more evaluations than with
    # the breakpoint given: 2 sqrt(2) (QAGP)
    def f1(x):
        with np.errstate(divide="ignore"):
            return 1 / np.sqrt(np.abs(x[:, 0] - 0.5))
    found = integrate(f1, [0], [1], epsrel=1e-10)
    honest(found, 2 * math.sqrt(2), 1e-10)
    r = integrate(f1, [0], [1], epsrel=1e-10, points=0.5)
    honest(r, 2 * math.sqrt(2), 1e-10)
    assert r.evals < found.evals
    # a singular line x2 = 0.5 and a kink at x1 = 0.25 in 2-D, by axis:
    # |x1 - 0.25| |x2 - 0.5|^-1/2, exactly (0.25^2 + 0.75^2)/2 2 sqrt(2)
    def f2(x):
        with np.errstate(divide="ignore"):
            return (np.abs(x[:, 0] - 0.25)
                    / np.sqrt(np.abs(x[:, 1] - 0.5)))
    exact = (0.25 ** 2 + 0.75 ** 2) / 2 * 2 * math.sqrt(2)
    with pytest.raises(pintegrate.IntegrandError, match="breakpoint"):
        integrate(f2, [0, 0], [1, 1], epsrel=1e-6)
    r = integrate(f2, [0, 0], [1, 1], epsrel=1e-6,
                  points={1: [0.5], 0: 0.25})
    honest(r, exact, 1e-6)


def test_integral_of_zero():
    r = integrate(lambda x: x[:, 0] - 0.5, [0, 0], [1, 1])
    assert r.status == "converged", r
    assert abs(r.value) <= r.error


def test_vector_of_different_scales():
    def f(x):
        return np.stack([x[:, 0], 1e-9 * x[:, 1] ** 2,
                         np.exp(x[:, 0] + x[:, 1])], axis=1)
    exact = [0.5, 1e-9 / 3, (math.e - 1) ** 2]
    r = integrate(f, [0, 0], [1, 1], epsrel=1e-8,
                  norm="individual")
    assert r.value.shape == (3,)
    honest(r, exact, 1e-8)


def test_simplices():
    # x1 x2 on the unit triangle: 1/24; x1^2 + x2^2 on the square as two
    # triangles: 2/3
    r = integrate(lambda x: x[:, 0] * x[:, 1],
                  simplices=[[[0, 0], [1, 0], [0, 1]]],
                  epsrel=1e-10)
    honest(r, 1 / 24, 1e-10)
    r = integrate(lambda x: np.sum(x * x, axis=1),
                  simplices=[[[0, 0], [1, 0], [1, 1]],
                                        [[0, 0], [1, 1], [0, 1]]],
                  epsrel=1e-10)
    honest(r, 2 / 3, 1e-10)
    assert r.rule.startswith("simplex")


def test_not_vectorized_with_args():
    def f(x, k):
        return math.exp(k * x[0]) * x[1]
    r = integrate(f, [0, 0], [1, 1], args=(2.0,),
                  vectorized=False, epsrel=1e-8)
    honest(r, (math.exp(2) - 1) / 2 * 0.5, 1e-8)


def test_vector_not_vectorized():
    r = integrate(lambda x: [x[0], x[0] ** 2], [0], [1],
                  vectorized=False, epsrel=1e-10)
    assert r.value.shape == (2,)
    honest(r, [0.5, 1 / 3], 1e-10)


@pytest.mark.parametrize("method", ["qmc", "mc", "vegas"])
def test_sampling_methods(method):
    f, exact = genz4([1.5, 2.0, 1.0], [0.4, 0.6, 0.5])
    r = integrate(f, [0] * 3, [1] * 3, epsrel=1e-3,
                  method=method, seed=3)
    assert r.status == "converged", r
    assert r.method == method
    # a standard error: within 3 of them, for this seed
    assert abs(r.value - exact) <= 3 * r.error, (r, exact)
    assert r.error <= 1e-3 * abs(r.value)


def test_same_bits_on_any_threads():
    f, exact = genz4([2.0, 3.0, 1.5, 2.5], [0.3, 0.5, 0.7, 0.2])
    rs = [integrate(f, [0] * 4, [1] * 4, epsrel=1e-8,
                    threads=t, regions_per_step=16)
          for t in (1, 2, 3)]
    for r in rs[1:]:
        assert r.value == rs[0].value and r.error == rs[0].error
        assert r.evals == rs[0].evals
    honest(rs[0], exact, 1e-8)


# -------------------------------------------------------------- limits

def test_evaluation_limit_keeps_estimate():
    f, exact = genz4([5, 5, 5], [0.5, 0.5, 0.5])
    r = integrate(f, [0] * 3, [1] * 3, epsrel=1e-13,
                  maxeval=20000)
    assert r.status == "max-evals"
    assert not r.converged
    assert r.evals <= 20000
    assert abs(r.value - exact) <= r.error


def test_time_limit():
    r = integrate(lambda x: np.cos(40 * x).prod(axis=1),
                  [0] * 6, [1] * 6, epsrel=1e-12, time_limit=0.3,
                  maxeval=10**12)
    assert r.status == "time-limit"
    assert r.seconds < 5
    assert np.isfinite(r.value) and np.isfinite(r.error)


def test_round_off():
    r = integrate(lambda x: np.exp(x[:, 0]), [0], [1],
                  epsrel=1e-17)
    assert r.status == "round-off"
    assert abs(r.value - (math.e - 1)) <= r.error


def test_progress_and_its_exception():
    seen = []

    def prog(p):
        seen.append(p)
    r = integrate(lambda x: np.cos(40 * x).prod(axis=1),
                  [0] * 6, [1] * 6, epsrel=1e-12, time_limit=0.6,
                  maxeval=10**12, progress=prog, progress_every=0.1)
    assert r.status == "time-limit"
    assert len(seen) >= 2
    assert seen[-1]["evals"] <= r.evals and len(seen[-1]["value"]) == 1

    class Enough(Exception):
        pass

    def stop(p):
        if p["seconds"] > 0.2:
            raise Enough("enough")
    with pytest.raises(Enough) as e:
        integrate(lambda x: np.cos(40 * x).prod(axis=1),
                  [0] * 6, [1] * 6, epsrel=1e-12, progress=stop,
                  maxeval=10**12, time_limit=60, progress_every=0.05)
    assert e.value.pint_result.status == "interrupted"
    assert e.value.pint_result.seconds < 5


def test_checkpoint_and_resume(tmp_path):
    f, exact = genz4([4, 3, 5], [0.2, 0.6, 0.5])
    ck = str(tmp_path / "run.ckpt")
    r1 = integrate(f, [0] * 3, [1] * 3, epsrel=1e-10,
                   maxeval=5000, checkpoint=ck, identity="g4")
    assert r1.status == "max-evals" and r1.checkpoints >= 1
    r2 = integrate(f, [0] * 3, [1] * 3, epsrel=1e-10, resume=ck,
                   identity="g4")
    assert r2.resumed_evals == r1.evals
    honest(r2, exact, 1e-10)
    # another integrand's checkpoint is refused
    with pytest.raises(ValueError, match="checkpoint"):
        integrate(f, [0] * 3, [1] * 3, resume=ck, identity="g5")


# ----------------------------------------------------------- bad input

@pytest.mark.parametrize("kw, text", [
    (dict(lo=[1], hi=[0]), "lower bound must be below upper bound"),
    (dict(lo=[0], hi=[1], rule="nine"), "unknown rule 'nine'"),
    (dict(lo=[0], hi=[1], method="lattice"), "unknown method 'lattice'"),
    (dict(lo=[0], hi=[1], epsrel=-1.0), "relative tolerance"),
    (dict(lo=[0, 0], hi=[1]), "same length"),
    (dict(lo=[0, 0], hi=[1, 1], rule="gk21"), "gk21"),
    (dict(lo=[0, 0], hi=[1, 1], method="qmc", checkpoint="/no/such/dir/c"),
     "/no/such/dir"),
    (dict(simplices=[[0, 0], [1, 0]]), "simplices"),
    (dict(lo=[0], hi=[1], simplices=[[[0], [1]]]), "not both"),
    (dict(lo=[0], hi=[1], points=1.5), "inside"),
    (dict(lo=[0, 0], hi=[1, 1], points={2: 0.5}), "axis 2 is not one of 0..1"),
    (dict(lo=[0, 0], hi=[1, 1], points={"x1": 0.5}), "whole numbers"),
    (dict(lo=[0], hi=[1], points=[[0.5]]), "sequence of numbers"),
    (dict(lo=[0, 0], hi=[1, 1], points=0.5, method="qmc"), "adaptive"),
])
def test_bad_input(kw, text):
    with pytest.raises(ValueError) as e:
        integrate(lambda x: x[:, 0], **kw)
    msg = str(e.value)
    assert text in msg
    assert "\n" not in msg


def test_bad_shape_from_integrand():
    with pytest.raises(ValueError, match="returned shape"):
        integrate(lambda x: np.ones((x.shape[0], 2, 2)), [0], [1])
    with pytest.raises(ValueError, match=r"returned shape \(3,\)"):
        integrate(lambda x: np.ones(3), [0, 0], [1, 1], ncomp=1)


def test_raising_callback_keeps_estimate():
    calls = [0]

    def f(x):
        calls[0] += 1
        if calls[0] > 20:
            raise ZeroDivisionError("boom at call 21")
        return np.exp(-np.sum((3 * (x - 0.5)) ** 2, axis=1))
    with pytest.raises(ZeroDivisionError, match="boom") as e:
        integrate(f, [0] * 3, [1] * 3, epsrel=1e-12, threads=1)
    r = e.value.pint_result
    assert r.status == "integrand-error"
    # the estimate reached before the failure, honest
    _, exact = genz4([3, 3, 3], [0.5, 0.5, 0.5])
    assert np.isfinite(r.value) and abs(r.value - exact) <= r.error


def test_nan_from_integrand():
    with pytest.raises(pintegrate.IntegrandError,
                       match="integrand returned NaN") as e:
        integrate(lambda x: np.where(x[:, 0] > 0.7, np.nan, 1.0),
                  [0, 0], [1, 1])
    assert e.value.result.status == "integrand-error"


def test_values_too_large():
    # finite values whose sums pass the largest double: an error, not a
    # NaN estimate (nor Monte Carlo's error of 0 made of Inf - Inf)
    with pytest.raises(pintegrate.IntegrandError,
                       match="integrand values too large") as e:
        integrate(lambda x: np.full(len(x), 1e308), [0, 0], [1, 1])
    assert e.value.result.status == "integrand-error"
    with pytest.raises(pintegrate.IntegrandError, match="overflowed"):
        integrate(lambda x: 1e200 * (1 + x[:, 0]), [0, 0], [1, 1],
                  method="mc")
    # so small that Monte Carlo's squares are 0: no error of 0
    with pytest.raises(pintegrate.IntegrandError,
                       match="too small for their squares"):
        integrate(lambda x: 1e-200 * (1 + x[:, 0]), [0, 0], [1, 1],
                  method="mc")


def test_callable_required():
    with pytest.raises(TypeError):
        integrate(3, [0], [1])


# ---------------------------------------------------- Ctrl-C, MPI ranks

def test_ctrl_c_stops_cleanly():
    code = (
        "import numpy as np, time, pintegrate\n"
        "def f(x):\n"
        "    time.sleep(0.001)\n"
        "    return np.cos(40 * x).prod(axis=1)\n"
        "print('started', flush=True)\n"
        "try:\n"
        "    pintegrate.integrate(f, [0] * 6, [1] * 6, epsrel=1e-12)\n"
        "except KeyboardInterrupt as e:\n"
        "    print('interrupted', e.result.status, e.result.evals > 0)\n"
    )
    p = subprocess.Popen([sys.executable, "-c", code],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True)
    try:
        assert p.stdout.readline().strip() == "started"
        time.sleep(1.0)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=60)
    finally:
        p.kill()
        p.wait()
    assert p.returncode == 0, err
    assert out.strip() == "interrupted interrupted True", (out, err)


def mpirun():
    m = shutil.which("mpirun") or shutil.which("mpiexec")
    try:
        import mpi4py  # noqa: F401
    except ImportError:
        return None
    return m


@pytest.mark.skipif(mpirun() is None, reason="needs mpirun and mpi4py")
def test_mpi_two_ranks():
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1",
               OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    p = subprocess.run([mpirun(), "--oversubscribe", "-np", "2",
                        sys.executable, os.path.join(HERE, "mpi_ranks.py")],
                       capture_output=True, text=True, timeout=120, env=env)
    assert p.returncode == 0, (p.stdout, p.stderr)
    lines = sorted(l for l in p.stdout.splitlines() if l.startswith("rank"))
    assert len(lines) == 6, p.stdout
    _, exact = genz4([2, 3, 4], [0.3, 0.5, 0.7])
    got = {}
    for l in lines:
        w = l.split()
        got[(int(w[1]), w[2])] = w[3:]
    for rank in (0, 1):
        status, value, error, nranks = got[(rank, "result")]
        assert status == "converged" and nranks == "2"
        assert abs(float(value) - exact) <= float(error) <= 1e-8 * exact
    # both ranks have the same result
    assert got[(0, "result")] == got[(1, "result")]
    # a callback that raises on rank 1: rank 1 gets its own exception,
    # rank 0 pint's, naming rank 1
    assert got[(1, "failure")][0] == "ZeroDivisionError"
    assert got[(0, "failure")][0] == "IntegrandError"
    assert "rank 1" in " ".join(got[(0, "failure")])
    # the first call (the shape of the values) failing on rank 1 only
    assert got[(1, "first")][0] == "KeyError"
    assert got[(0, "first")][0] == "IntegrandError"
    assert "rank 1" in " ".join(got[(0, "first")])


def test_readme_example(capsys, monkeypatch):
    """The README's Python example runs as written, and says what it
    says it does (with this module's evaluation limit)."""
    monkeypatch.setattr(pintegrate, "integrate", integrate)
    text = open(os.path.join(HERE, "..", "..", "README.md")).read()
    block = text.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(block, "README.md", "exec"), {})
    out = capsys.readouterr().out.split("\n")
    v, e = map(float, out[0].split()[:2])
    assert out[0].split()[2] == "converged"
    assert abs(v - math.pi ** 1.5) <= e <= 1e-8 * v
    nums = [float(t) for t in out[1].replace("[", " ").replace("]", " ").split()]
    assert len(nums) == 4
    assert abs(nums[0] - 1 / 6) <= 1e-8 and abs(nums[1] - 1 / 24) <= 1e-8
    assert max(nums[2:]) <= 1e-10 * (1 / 6)

/* _core.c -- the C half of the Python package pintegrate: one call,
 * pintegrate._core.integrate, runs pint_integrate with a Python callback
 * as the integrand's batch form (pint.h).
 *
 * The Python half (__init__.py) checks the arguments, learns the shape of
 * the integrand's values, and passes an evaluator ev(x, fval, npts): x a
 * read-only memoryview of npts * ndim doubles, fval a writable one of
 * npts * ncomp, valid during the call only (the evaluator copies x).
 * Here:
 *
 * - The GIL is released for the run; every call of the integrand takes
 *   it (the library may call from several threads at once, each call on
 *   its own points).  The first exception the evaluator raises is kept,
 *   the call returns non-zero, and the library stops the run on every
 *   rank with the estimate reached (PINT_ERR_INTEGRAND); the exception
 *   goes back to Python with the result.
 * - SIGINT during a run started from the main thread sets the library's
 *   stop flag (opt.stop): the run ends at its next check with
 *   PINT_INTERRUPTED and the estimate reached, and Python raises
 *   KeyboardInterrupt afterwards.  Python's own handler is restored.
 * - Under MPI (initialized, e.g. by mpi4py), comm is the communicator's
 *   Fortran handle (mpi4py's Comm.py2f()); every rank of it calls
 *   integrate, as in C.
 *
 * Returns a dict of the result's fields and "exception": the exception
 * the callback raised on this rank, or None.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include "pint.h"

/* The run the SIGINT handler stops: one at a time, the main thread's. */
static volatile int *volatile sigint_stop;

static void on_sigint(int sig)
{
    (void)sig;
    volatile int *s = sigint_stop;
    if (s)
        *s = 1;
}

typedef struct {
    PyObject *ev;               /* ev(x, fval, npts) */
    PyObject *progress;         /* progress(dict) or NULL */
    PyObject *exc;              /* the first exception ev raised, or NULL */
    PyObject *pexc;             /* the exception progress raised, or NULL */
    int stopped_by_progress;
    volatile int stop;          /* opt.stop */
} bridge;

/* The exception being raised, kept in *slot (the first one only). */
static void keep_exception(PyObject **slot)
{
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    if (value && tb)
        PyException_SetTraceback(value, tb);
    if (!*slot && value) {
        *slot = value;
        value = NULL;
    }
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(tb);
}

/* A memoryview released (a view still exported keeps it: then it stays
 * until its holder lets go, and the evaluator copies x, so it is not
 * pint's buffer that outlives the call) and dropped. */
static void release(PyObject *view)
{
    if (!view)
        return;
    PyObject *t = PyObject_CallMethod(view, "release", NULL);
    if (!t)
        PyErr_Clear();
    Py_XDECREF(t);
    Py_DECREF(view);
}

static int batch(int ndim, size_t npts, const double *x, int ncomp,
                 double *fval, void *ctx)
{
    bridge *b = ctx;
    PyGILState_STATE g = PyGILState_Ensure();
    int rc = 1;
    if (!b->exc) {
        PyObject *mx = PyMemoryView_FromMemory(
            (char *)x, (Py_ssize_t)(npts * (size_t)ndim * sizeof *x),
            PyBUF_READ);
        PyObject *mf = PyMemoryView_FromMemory(
            (char *)fval, (Py_ssize_t)(npts * (size_t)ncomp * sizeof *fval),
            PyBUF_WRITE);
        PyObject *r = NULL;
        if (mx && mf)
            r = PyObject_CallFunction(b->ev, "OOn", mx, mf, (Py_ssize_t)npts);
        if (r)
            rc = 0;
        else
            keep_exception(&b->exc);
        Py_XDECREF(r);
        /* the views die here: pint's buffers are not Python's to keep */
        release(mx);
        release(mf);
    }
    PyGILState_Release(g);
    return rc;
}

static PyObject *doubles(const double *v, Py_ssize_t n)
{
    PyObject *l = PyList_New(n);
    for (Py_ssize_t i = 0; l && i < n; i++) {
        PyObject *f = PyFloat_FromDouble(v[i]);
        if (!f) {
            Py_DECREF(l);
            return NULL;
        }
        PyList_SET_ITEM(l, i, f);
    }
    return l;
}

static void progress(const pint_progress *p, void *ctx)
{
    bridge *b = ctx;
    PyGILState_STATE g = PyGILState_Ensure();
    if (!b->pexc) {
        PyObject *v = doubles(p->value, p->ncomp);
        PyObject *e = doubles(p->error, p->ncomp);
        PyObject *d = v && e
            ? Py_BuildValue("{s:d,s:L,s:n,s:L,s:i,s:i,s:O,s:O,s:L}",
                            "seconds", p->seconds, "evals", p->evals,
                            "regions", (Py_ssize_t)p->regions, "rows",
                            p->rows, "ranks_busy", p->ranks_busy, "nranks",
                            p->nranks, "value", v, "error", e,
                            "checkpoints", p->checkpoints)
            : NULL;
        PyObject *r = d ? PyObject_CallOneArg(b->progress, d) : NULL;
        if (!r) {
            keep_exception(&b->pexc);
            b->stopped_by_progress = 1;
            b->stop = 1;
        }
        Py_XDECREF(r);
        Py_XDECREF(d);
        Py_XDECREF(v);
        Py_XDECREF(e);
    }
    PyGILState_Release(g);
}

/* A float64 buffer of exactly n doubles (C-contiguous), or an error. */
static int get_doubles(PyObject *o, Py_buffer *view, Py_ssize_t n,
                       const char *what)
{
    if (PyObject_GetBuffer(o, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) != 0)
        return -1;
    if (view->itemsize != sizeof(double) || !view->format
        || strcmp(view->format, "d") != 0
        || view->len != n * (Py_ssize_t)sizeof(double)) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_ValueError, "%s: %zd float64 values wanted", what,
                     n);
        return -1;
    }
    return 0;
}

static int name_to(int (*from)(const char *), const char *name,
                   const char *what, int *out)
{
    if (!name)
        return 0;
    int v = from(name);
    if (v < 0) {
        PyErr_Format(PyExc_ValueError, "unknown %s '%s'", what, name);
        return -1;
    }
    *out = v;
    return 0;
}

static PyObject *result_dict(const pint_result *res, PyObject *exc,
                             int interrupted, int by_progress)
{
    PyObject *rank_evals = PyList_New(res->nranks > 0 ? res->nranks : 0);
    for (int i = 0; rank_evals && i < res->nranks; i++)
        PyList_SET_ITEM(rank_evals, i,
                        PyLong_FromLongLong(res->rank_evals[i]));
    PyObject *v = doubles(res->value, res->ncomp);
    PyObject *e = doubles(res->error, res->ncomp);
    PyObject *d = NULL;
    if (v && e && rank_evals)
        d = Py_BuildValue(
            "{s:O,s:O,s:i,s:s,s:L,s:n,s:d,s:s,s:s,s:s,s:i,s:O,s:L,s:L,"
            "s:L,s:s,s:L,s:i,s:L,s:L,s:L,s:d,s:O,s:i,s:i}",
            "value", v, "error", e, "status", res->status, "status_name",
            pint_status_name(res->status), "evals", res->evals, "regions",
            (Py_ssize_t)res->regions, "seconds", res->seconds, "message",
            res->message, "rule", pint_rule_name(res->rule), "method",
            pint_method_name(res->method), "nranks", res->nranks,
            "rank_evals", rank_evals, "transfers", res->transfers, "rows",
            res->rows, "checkpoints", res->checkpoints,
            "checkpoint_message", res->checkpoint_message, "resumed_evals",
            res->resumed_evals, "extrapolated", res->extrapolated,
            "reopened", res->reopened, "helpers_lent", res->helpers_lent,
            "iterations", res->iterations, "chi2_dof", res->chi2_dof,
            "exception", exc ? exc : Py_None, "interrupted", interrupted,
            "stopped_by_progress", by_progress);
    Py_XDECREF(v);
    Py_XDECREF(e);
    Py_XDECREF(rank_evals);
    return d;
}

static PyObject *core_integrate(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *kwlist[] = {
        "ev", "ndim", "ncomp", "lo", "hi", "simplices", "epsrel", "epsabs",
        "max_evals", "max_regions", "method", "rule", "norm", "threads",
        "regions_per_step", "seed", "time_limit", "checkpoint",
        "checkpoint_seconds", "resume", "identity", "scale", "extrapolate",
        "shifts", "periodize", "progress", "progress_seconds", "comm",
        "catch_sigint", "points", "points_axis", NULL
    };
    PyObject *ev, *lo = Py_None, *hi = Py_None, *simp = Py_None;
    PyObject *prog = Py_None, *comm = Py_None;
    PyObject *pts = Py_None, *pax = Py_None;
    int ndim, ncomp, catch_sigint = 0;
    pint_options opt;
    pint_options_init(&opt);
    const char *method = NULL, *rule = NULL, *norm = NULL, *per = NULL;
    long long max_evals = opt.max_evals, max_regions = (long long)opt.max_regions;
    unsigned long long seed = opt.seed;
    if (!PyArg_ParseTupleAndKeywords(
            args, kw, "Oii|OOOddLLzzziiKdzdzzdiizOdOpOO", kwlist, &ev, &ndim,
            &ncomp, &lo, &hi, &simp, &opt.epsrel, &opt.epsabs, &max_evals,
            &max_regions, &method, &rule, &norm, &opt.threads,
            &opt.regions_per_step, &seed, &opt.time_limit, &opt.checkpoint,
            &opt.checkpoint_seconds, &opt.resume, &opt.identity, &opt.scale,
            &opt.extrapolate, &opt.shifts, &per, &prog,
            &opt.progress_seconds, &comm, &catch_sigint, &pts, &pax))
        return NULL;
    if (!PyCallable_Check(ev)) {
        PyErr_SetString(PyExc_TypeError, "ev must be callable");
        return NULL;
    }
    if (ndim < 1 || ncomp < 1) {
        PyErr_SetString(PyExc_ValueError, "ndim and ncomp must be >= 1");
        return NULL;
    }
    if (max_regions < 0) {
        PyErr_SetString(PyExc_ValueError, "max_regions must be >= 0");
        return NULL;
    }
    opt.max_evals = max_evals;
    opt.max_regions = (size_t)max_regions;
    opt.seed = (uint64_t)seed;
    int m = 0, r = 0, n = 0, p = 0;
    if (name_to(pint_method_from_name, method, "method", &m)
        || name_to(pint_rule_from_name, rule, "rule", &r)
        || name_to(pint_norm_from_name, norm, "norm", &n)
        || name_to(pint_periodize_from_name, per, "periodize", &p))
        return NULL;
    if (method)
        opt.method = (enum pint_method)m;
    if (rule)
        opt.rule = (enum pint_rule)r;
    if (norm)
        opt.norm = (enum pint_norm)n;
    if (per)
        opt.periodize = (enum pint_periodize)p;

    MPI_Comm c = MPI_COMM_NULL;
    if (comm != Py_None) {
        int inited = 0, finalized = 0;
        MPI_Initialized(&inited);
        MPI_Finalized(&finalized);
        if (!inited || finalized) {
            PyErr_SetString(PyExc_ValueError,
                            "comm given, but MPI is not initialized "
                            "(import mpi4py.MPI first)");
            return NULL;
        }
        long long h = PyLong_AsLongLong(comm);
        if (h == -1 && PyErr_Occurred())
            return NULL;
        c = MPI_Comm_f2c((MPI_Fint)h);
        if (c == MPI_COMM_NULL) {
            PyErr_SetString(PyExc_ValueError, "comm is MPI_COMM_NULL");
            return NULL;
        }
        opt.comm = &c;
    }

    Py_buffer blo = { 0 }, bhi = { 0 }, bs = { 0 };
    pint_domain dom;
    if (simp != Py_None) {
        Py_ssize_t per_s = (Py_ssize_t)(ndim + 1) * ndim;
        if (PyObject_GetBuffer(simp, &bs, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT))
            return NULL;
        Py_ssize_t ns = bs.len / (Py_ssize_t)sizeof(double) / per_s;
        PyBuffer_Release(&bs);
        if (ns < 1 || get_doubles(simp, &bs, ns * per_s, "simplices") != 0) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "simplices: none given");
            return NULL;
        }
        dom = pint_domain_simplices((size_t)ns, bs.buf);
    } else {
        if (get_doubles(lo, &blo, ndim, "lo") != 0)
            return NULL;
        if (get_doubles(hi, &bhi, ndim, "hi") != 0) {
            PyBuffer_Release(&blo);
            return NULL;
        }
        dom = pint_domain_box(blo.buf, bhi.buf);
    }

    /* breakpoints: values and their axes (0-based, as float64) of the
     * same length; the library checks them */
    Py_buffer bpv = { 0 }, bpa = { 0 };
    int *axes = NULL;
    if (pts != Py_None) {
        Py_ssize_t np_ = 0;
        if (PyObject_GetBuffer(pts, &bpv, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT)
            == 0) {
            np_ = bpv.len / (Py_ssize_t)sizeof(double);
            PyBuffer_Release(&bpv);
        }
        if (PyErr_Occurred() || get_doubles(pts, &bpv, np_, "points") != 0
            || get_doubles(pax, &bpa, np_, "points_axis") != 0
            || !(axes = malloc((size_t)(np_ ? np_ : 1) * sizeof *axes))) {
            PyBuffer_Release(&bpv);
            PyBuffer_Release(&bpa);
            PyBuffer_Release(&blo);
            PyBuffer_Release(&bhi);
            PyBuffer_Release(&bs);
            return PyErr_Occurred() ? NULL : PyErr_NoMemory();
        }
        for (Py_ssize_t i = 0; i < np_; i++)
            axes[i] = (int)((const double *)bpa.buf)[i];
        opt.npoints = (size_t)np_;
        opt.points = bpv.buf;
        opt.points_axis = axes;
    }

    /* on the heap, holding ev: a call abandoned at the time limit
     * (pint(3)) may still run with it after the run, so a run that
     * stopped there leaves it allocated */
    bridge *bp = calloc(1, sizeof *bp);
    pint_result *res = bp ? pint_result_alloc(ncomp) : NULL;
    if (!res) {
        free(bp);
        free(axes);
        PyBuffer_Release(&bpv);
        PyBuffer_Release(&bpa);
        PyBuffer_Release(&blo);
        PyBuffer_Release(&bhi);
        PyBuffer_Release(&bs);
        return PyErr_NoMemory();
    }
    bridge *b = bp;
    b->ev = ev;
    Py_INCREF(ev);
    b->progress = prog != Py_None ? prog : NULL;
    pint_function fn = { .ndim = ndim, .ncomp = ncomp, .fbatch = batch,
                         .ctx = b };
    opt.stop = &b->stop;
    if (b->progress) {
        opt.progress = progress;
        opt.progress_ctx = b;
    }
    /* a run inside an integrand's call (from the main thread) stops on
     * SIGINT too, and gives the outer run its flag back after */
    struct sigaction sa, old;
    volatile int *outer = sigint_stop;
    int caught = 0;
    if (catch_sigint) {
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_sigint;
        sigemptyset(&sa.sa_mask);
        sigint_stop = &b->stop;
        caught = sigaction(SIGINT, &sa, &old) == 0;
    }
    Py_BEGIN_ALLOW_THREADS
    pint_integrate(&fn, &dom, &opt, res);
    Py_END_ALLOW_THREADS
    if (caught) {
        sigaction(SIGINT, &old, NULL);
        sigint_stop = outer;
    }
    int interrupted = b->stop && !b->stopped_by_progress;
    PyObject *d = result_dict(res, b->exc ? b->exc : b->pexc, interrupted,
                              b->stopped_by_progress);
    Py_CLEAR(b->exc);
    Py_CLEAR(b->pexc);
    if (res->status != PINT_TIME_LIMIT) {
        Py_DECREF(b->ev);
        free(b);
    }
    pint_result_free(res);
    free(axes);
    PyBuffer_Release(&bpv);
    PyBuffer_Release(&bpa);
    PyBuffer_Release(&blo);
    PyBuffer_Release(&bhi);
    PyBuffer_Release(&bs);
    return d;
}

static PyObject *core_threads_default(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    return PyLong_FromLong(pint_threads_default());
}

static PyObject *core_version(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    return PyUnicode_FromString(pint_version());
}

static PyMethodDef methods[] = {
    { "integrate", (PyCFunction)(void (*)(void))core_integrate,
      METH_VARARGS | METH_KEYWORDS, "Run pint_integrate (see __init__.py)." },
    { "threads_default", core_threads_default, METH_NOARGS,
      "The threads a run with threads=0 uses." },
    { "version", core_version, METH_NOARGS, "libpint's version." },
    { NULL, NULL, 0, NULL }
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "pintegrate._core",
    "The C half of pintegrate (see pintegrate.integrate).", -1, methods,
    NULL, NULL, NULL, NULL
};

PyMODINIT_FUNC PyInit__core(void)
{
    return PyModule_Create(&module);
}

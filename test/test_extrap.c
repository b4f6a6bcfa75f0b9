/* test_extrap.c -- the 1-D extrapolating engine (lib/extrap.c) against
 * closed forms and against GSL's qags/qagp on the same integrands.
 *
 * The problems are the classic singular test integrals of QUADPACK
 * (Piessens et al. 1983, ch. 4) and of GSL's test suite.  Every accuracy
 * check asserts an honest error estimate (|Q - I| <= E) that meets the
 * tolerance asked for (E <= epsrel |Q|), and pint's evaluation count
 * within 2x of GSL's on the same problem.  The table of counts is printed
 * to the test's log.
 */
#include <float.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "extrap.h"
#include "rule.h"
#include "testutil.h"

#define LIMIT 1000

/* ---------------------------------------------------------- integrands */

typedef double (*fun1)(double);

static double f_x26log(double x) { return pow(x, 2.6) * log(1 / x); }
static double f_xm09log(double x) { return pow(x, -0.9) * log(1 / x); }
static double f_logsqrt(double x) { return log(x) / sqrt(x); }
static double f_xm05(double x) { return 1 / sqrt(x); }
static double f_isqrt3(double x) { return 1 / sqrt(fabs(x - 1.0 / 3)); }
static double f_log7(double x) { return log(fabs(x - 1.0 / 7)); }
static double f_x3log(double x)
{
    return x * x * x * log(fabs((x * x - 1) * (x * x - 2)));
}
static double f_exp(double x) { return exp(x); }
static double f_peak(double x) { return 1 / ((x - 0.5) * (x - 0.5) + 1e-6); }
static double f_1mx(double x) { return 1 / sqrt(1 - x); }
static double f_xm11(double x) { return pow(x, -1.1); }
static double f_inv2(double x) { return 1 / ((x - 1.0 / 3) * (x - 1.0 / 3)); }
static double f_invabs(double x) { return 1 / fabs(x - 1.0 / 3); }

static double i_x26log(void) { return 1 / (3.6 * 3.6); }
static double i_xm09log(void) { return 100; }
static double i_logsqrt(void) { return -4; }
static double i_xm05(void) { return 2; }
static double i_isqrt3(void) { return 2 * (sqrt(1.0 / 3) + sqrt(2.0 / 3)); }
static double i_log7(void)
{
    return log(1.0 / 7) / 7 + 6 * log(6.0 / 7) / 7 - 1;
}
static double i_x3log(void) { return 61 * log(2.0) + 77 * log(7.0) / 4 - 27; }
static double i_exp(void) { return exp(1.0) - 1; }
static double i_peak(void) { return 2000 * atan(500.0); }

typedef struct {
    const char *name;
    fun1 f;
    double (*exact)(void);
    double a, b;
    size_t npts;
    double pts[2];
} problem;

#define SQRT2 1.4142135623730951

static const problem problems[] = {
    { "x^2.6 log(1/x)", f_x26log, i_x26log, 0, 1, 0, { 0 } },
    { "x^-0.9 log(1/x)", f_xm09log, i_xm09log, 0, 1, 0, { 0 } },
    { "log(x)/sqrt(x)", f_logsqrt, i_logsqrt, 0, 1, 0, { 0 } },
    { "x^-0.5", f_xm05, i_xm05, 0, 1, 0, { 0 } },
    { "|x-1/3|^-0.5", f_isqrt3, i_isqrt3, 0, 1, 0, { 0 } },
    { "|x-1/3|^-0.5, bp 1/3", f_isqrt3, i_isqrt3, 0, 1, 1, { 1.0 / 3 } },
    { "log|x-1/7|", f_log7, i_log7, 0, 1, 0, { 0 } },
    { "log|x-1/7|, bp 1/7", f_log7, i_log7, 0, 1, 1, { 1.0 / 7 } },
    { "x^3 log|(x^2-1)(x^2-2)|, bp", f_x3log, i_x3log, 0, 3, 2,
      { 1, SQRT2 } },
    { "exp(x) (smooth)", f_exp, i_exp, 0, 1, 0, { 0 } },
    { "peak 1/((x-.5)^2+1e-6)", f_peak, i_peak, 0, 1, 0, { 0 } },
};
#define NPROBLEMS (sizeof problems / sizeof problems[0])

/* The integrand behind pint_function: a scalar fun1 in every component,
 * component k multiplied by scale[k] (1 when NULL); fails (returns 7 or
 * NaN) on the call numbered fail_at / nan_at (counting from 1; 0: never). */
typedef struct {
    fun1 f[4];
    long calls;
    long fail_at, nan_at;
} fctx;

static int eval_one(const double *x, int ncomp, double *fv, fctx *c)
{
    c->calls++;
    if (c->calls == c->fail_at)
        return 7;
    for (int k = 0; k < ncomp; k++)
        fv[k] = c->f[k](x[0]);
    if (c->calls == c->nan_at)
        fv[0] = NAN;
    return 0;
}

static int f_point(int ndim, const double *x, int ncomp, double *fv,
                   void *ctx)
{
    (void)ndim;
    return eval_one(x, ncomp, fv, ctx);
}

static int f_batch(int ndim, size_t npts, const double *x, int ncomp,
                   double *fv, void *ctx)
{
    (void)ndim;
    for (size_t p = 0; p < npts; p++) {
        int rc = eval_one(x + p, ncomp, fv + p * (size_t)ncomp, ctx);
        if (rc)
            return rc;
    }
    return 0;
}

/* GSL side */
typedef struct {
    fun1 f;
    long calls;
} gctx;

static double g_fun(double x, void *p)
{
    gctx *c = p;
    c->calls++;
    return c->f(x);
}

typedef struct {
    int status;
    double val, err;
    long evals;
} gsl_out;

static gsl_out run_gsl(const problem *p, double epsabs, double epsrel,
                       size_t limit)
{
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(limit);
    gctx c = { p->f, 0 };
    gsl_function gf = { g_fun, &c };
    gsl_out o;
    CU_ASSERT_PTR_NOT_NULL_FATAL(w);
    if (p->npts) {
        double pts[4];
        pts[0] = p->a;
        for (size_t i = 0; i < p->npts; i++)
            pts[i + 1] = p->pts[i];
        pts[p->npts + 1] = p->b;
        o.status = gsl_integration_qagp(&gf, pts, p->npts + 2, epsabs,
                                        epsrel, limit, w, &o.val, &o.err);
    } else {
        o.status = gsl_integration_qags(&gf, p->a, p->b, epsabs, epsrel,
                                        limit, w, &o.val, &o.err);
    }
    o.evals = c.calls;
    gsl_integration_workspace_free(w);
    return o;
}

/* pint side */
typedef struct {
    int code, rc;
    double val[4], err[4];
    long long evals;
    size_t intervals;
    int extrapolated;
} pint_out;

static pint_rule_impl *gk21(int ncomp)
{
    int status;
    char msg[128];
    pint_rule_impl *r = pint_rule_new(PINT_RULE_GK21, 1, ncomp, &status,
                                      msg, sizeof msg);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    return r;
}

/* Run to the end (or to the first error) over [a, b] with breakpoints
 * pts[npts]. */
static pint_out run_pint_fn(const pint_function *fn, double a, double b,
                            size_t npts, const double *pts, double epsabs,
                            double epsrel, size_t limit)
{
    pint_rule_impl *r = gk21(fn->ncomp);
    int status;
    char msg[256];
    pint_out o;
    memset(&o, 0, sizeof o);
    pint_extrap *e = pint_extrap_new(fn, r, a, b, npts, pts, limit, &status,
                                     msg, sizeof msg);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    o.rc = pint_extrap_start(e, epsabs, epsrel);
    while (o.rc == 0 && !pint_extrap_done(e))
        o.rc = pint_extrap_step(e);
    o.code = pint_extrap_done(e);
    pint_extrap_result(e, o.val, o.err);
    o.evals = pint_extrap_evals(e);
    o.intervals = pint_extrap_intervals(e);
    o.extrapolated = pint_extrap_is_extrapolated(e, 0);
    pint_extrap_free(e);
    pint_rule_free(r);
    return o;
}

static pint_out run_pint(const problem *p, double epsabs, double epsrel,
                         size_t limit)
{
    fctx c = { { p->f }, 0, 0, 0 };
    pint_function fn = { 1, 1, f_point, NULL, &c };
    return run_pint_fn(&fn, p->a, p->b, p->npts, p->pts, epsabs, epsrel,
                       limit);
}

/* |Q - I| <= E and E <= tol, reported when not */
static void check_honest(const char *what, double q, double e, double exact,
                         double tol)
{
    if (!(fabs(q - exact) <= e) || !(e <= tol))
        fprintf(stderr, "\n  %s: Q = %.17g, I = %.17g, |Q-I| = %.3g, "
                "E = %.3g, tol = %.3g\n", what, q, exact, fabs(q - exact),
                e, tol);
    CU_ASSERT(fabs(q - exact) <= e);
    CU_ASSERT(e <= tol);
}

/* ---------------------------------------------------------------- tests */

/* pint_rule_gk_apply_moduli: the value and error apply gives, and
 * QUADPACK's resabs/resasc as gsl_integration_qk21 computes them. */
static void test_moduli(void)
{
    pint_rule_impl *r = gk21(1);
    const problem *p = &problems[1];
    const double ends[][2] = { { 0, 1 }, { 0.25, 0.5 }, { 1e-3, 2e-3 } };
    for (size_t i = 0; i < 3; i++) {
        const double a = ends[i][0], b = ends[i][1];
        double g[2] = { 0.5 * (a + b), 0.5 * (b - a) };
        double x[21], f[21], v, e, ra, rs, v2, e2;
        int split;
        r->points(r, g, x);
        for (int j = 0; j < 21; j++)
            f[j] = p->f(x[j]);
        pint_rule_gk_apply_moduli(r, g, f, &v, &e, &ra, &rs);
        r->apply(r, g, 2 * g[1], 0, f, &v2, &e2, &split, NULL);
        CU_ASSERT(v == v2 && e == e2);
        gctx c = { p->f, 0 };
        gsl_function gf = { g_fun, &c };
        double gv, ge, gra, grs;
        gsl_integration_qk21(&gf, a, b, &gv, &ge, &gra, &grs);
        PT_ASSERT_CLOSE(ra / gra, 1.0, 1e-14);
        PT_ASSERT_CLOSE(rs / grs, 1.0, 1e-14);
    }
    CU_ASSERT(pint_rule_is_gauss_kronrod(r));
    pint_rule_free(r);
    int status;
    char msg[128];
    pint_rule_impl *gm = pint_rule_new(PINT_RULE_GM, 2, 1, &status, msg,
                                       sizeof msg);
    CU_ASSERT_PTR_NOT_NULL_FATAL(gm);
    CU_ASSERT(!pint_rule_is_gauss_kronrod(gm));
    pint_rule_free(gm);
}

/* The classic problems at 1e-6 and 1e-10: converged, honest, within the
 * tolerance, consistent with GSL and within 2x of its evaluations. */
static void test_vs_gsl(void)
{
    const double tols[] = { 1e-6, 1e-10 };
    printf("\n  %-30s %6s %7s %7s %6s\n", "problem", "epsrel", "pint",
           "gsl", "ratio");
    for (size_t i = 0; i < NPROBLEMS; i++)
        for (size_t t = 0; t < 2; t++) {
            const problem *p = &problems[i];
            const double tol = tols[t], exact = p->exact();
            gsl_out g = run_gsl(p, 0, tol, LIMIT);
            pint_out o = run_pint(p, 0, tol, LIMIT);
            char what[96];
            snprintf(what, sizeof what, "%s at %g", p->name, tol);
            printf("  %-30s %6.0e %7lld %7ld %6.2f%s\n", p->name, tol,
                   o.evals, g.evals, (double)o.evals / (double)g.evals,
                   p->npts ? " qagp" : "");
            CU_ASSERT_EQUAL(g.status, GSL_SUCCESS);
            CU_ASSERT_EQUAL(o.rc, 0);
            CU_ASSERT_EQUAL(o.code, PINT_EXTRAP_CONVERGED);
            check_honest(what, o.val[0], o.err[0], exact,
                         tol * fabs(o.val[0]));
            /* the two answers agree within their error estimates */
            CU_ASSERT(fabs(o.val[0] - g.val) <= o.err[0] + g.err);
            if (!(o.evals <= 2 * g.evals))
                fprintf(stderr, "\n  %s: %lld evaluations, GSL %ld\n", what,
                        o.evals, g.evals);
            CU_ASSERT(o.evals <= 2 * g.evals);
        }
}

/* The singular problems converge through extrapolation: without it the
 * plain sums would need thousands of evaluations (x^-0.9 log(1/x) took
 * 9,765 with the general engine). */
static void test_extrapolation_used(void)
{
    const size_t singular[] = { 1, 2, 3, 5, 7, 8 };
    for (size_t j = 0; j < sizeof singular / sizeof singular[0]; j++) {
        const problem *p = &problems[singular[j]];
        pint_out o = run_pint(p, 0, 1e-10, LIMIT);
        CU_ASSERT_EQUAL(o.code, PINT_EXTRAP_CONVERGED);
        CU_ASSERT(o.extrapolated);
    }
    /* a smooth integrand converges on the first interval */
    pint_out o = run_pint(&problems[9], 0, 1e-10, LIMIT);
    CU_ASSERT_EQUAL(o.evals, 21);
    CU_ASSERT(!o.extrapolated);
}

/* An absolute tolerance alone. */
static void test_epsabs(void)
{
    const problem *p = &problems[2];        /* log(x)/sqrt(x), I = -4 */
    gsl_out g = run_gsl(p, 1e-9, 0, LIMIT);
    pint_out o = run_pint(p, 1e-9, 0, LIMIT);
    CU_ASSERT_EQUAL(g.status, GSL_SUCCESS);
    CU_ASSERT_EQUAL(o.code, PINT_EXTRAP_CONVERGED);
    check_honest("log(x)/sqrt(x), epsabs 1e-9", o.val[0], o.err[0], -4,
                 1e-9);
    CU_ASSERT(o.evals <= 2 * g.evals);
}

/* Breakpoints in any order give the same run. */
static void test_breakpoint_order(void)
{
    problem p = problems[8];
    pint_out o1 = run_pint(&p, 0, 1e-10, LIMIT);
    p.pts[0] = SQRT2;
    p.pts[1] = 1;
    pint_out o2 = run_pint(&p, 0, 1e-10, LIMIT);
    CU_ASSERT(o1.val[0] == o2.val[0] && o1.err[0] == o2.err[0]);
    CU_ASSERT_EQUAL(o1.evals, o2.evals);
}

/* Tolerances that cannot be met: the round-off statuses, with a finite,
 * honest best estimate. */
static void test_roundoff(void)
{
    /* exp: the first estimate already sits at the rule's roundoff floor
     * (50 eps resabs > 1e-15 |Q|); GSL (which refuses epsrel < 50 eps)
     * says the same with the equivalent absolute tolerance */
    const problem *p = &problems[9];
    const double exact = p->exact();
    pint_out o = run_pint(p, 0, 1e-15, LIMIT);
    CU_ASSERT_EQUAL(o.code, PINT_EXTRAP_ROUNDOFF);
    CU_ASSERT_EQUAL(o.evals, 21);
    CU_ASSERT(isfinite(o.val[0]) && isfinite(o.err[0]));
    CU_ASSERT(fabs(o.val[0] - exact) <= o.err[0]);
    CU_ASSERT(o.err[0] > 1e-15 * fabs(o.val[0]));
    gsl_out g = run_gsl(p, 1e-15 * exact, 0, LIMIT);
    CU_ASSERT_EQUAL(g.status, GSL_EROUND);
    pint_out oa = run_pint(p, 1e-15 * exact, 0, LIMIT);
    CU_ASSERT_EQUAL(oa.code, PINT_EXTRAP_ROUNDOFF);
    CU_ASSERT_EQUAL(oa.evals, g.evals);

    /* singular integrands, after many bisections: the subdivision stops
     * gaining (QUADPACK ier 2) or the epsilon table stalls (ier 4).  At
     * these stops the error estimate is QUADPACK's heuristic, which does
     * not promise |Q - I| <= E (x^-0.9 log(1/x): E = 1.9e-12 for an
     * error of 4.5e-12, and GSL's at the equivalent absolute tolerance is
     * as optimistic); the best estimate itself is accurate. */
    const size_t singular[] = { 0, 1, 2, 3 };
    for (size_t j = 0; j < sizeof singular / sizeof singular[0]; j++) {
        p = &problems[singular[j]];
        o = run_pint(p, 0, 1e-15, LIMIT);
        if (!(o.code == PINT_EXTRAP_ROUNDOFF || o.code == PINT_EXTRAP_TABLE))
            fprintf(stderr, "\n  %s at 1e-15: %s\n", p->name,
                    pint_extrap_code_name(o.code));
        CU_ASSERT(o.code == PINT_EXTRAP_ROUNDOFF
                  || o.code == PINT_EXTRAP_TABLE);
        CU_ASSERT(isfinite(o.val[0]) && isfinite(o.err[0]));
        CU_ASSERT(fabs(o.val[0] - p->exact()) <= 1e-12 * fabs(p->exact()));
        CU_ASSERT(o.err[0] > 1e-15 * fabs(o.val[0]));
        CU_ASSERT(o.intervals < LIMIT);
    }
    /* x^2.6 log(1/x): the subdivision's own roundoff test (ier 2), with
     * an honest estimate */
    p = &problems[0];
    o = run_pint(p, 0, 1e-15, LIMIT);
    CU_ASSERT_EQUAL(o.code, PINT_EXTRAP_ROUNDOFF);
    CU_ASSERT(fabs(o.val[0] - p->exact()) <= o.err[0]);
    CU_ASSERT(o.err[0] > 1e-15 * fabs(o.val[0]));
}

/* Divergent integrals: the extrapolated value does not match the plain
 * sums (QUADPACK ier 5), or an interval becomes too small to bisect
 * (ier 3) -- as GSL says on the same problems. */
static void test_divergent(void)
{
    const problem div[] = {
        { "x^-1.1", f_xm11, NULL, 0, 1, 0, { 0 } },
        { "(x-1/3)^-2", f_inv2, NULL, 0, 1, 0, { 0 } },
        { "|x-1/3|^-1", f_invabs, NULL, 0, 1, 0, { 0 } },
    };
    const int want[] = { PINT_EXTRAP_DIVERGENT, PINT_EXTRAP_DIVERGENT,
                         PINT_EXTRAP_SINGULAR };
    const int gsl_want[] = { GSL_EDIVERGE, GSL_EDIVERGE, GSL_ESING };
    for (size_t i = 0; i < 3; i++)
        for (int t = 0; t < 2; t++) {
            const double tol = t ? 1e-10 : 1e-6;
            pint_out o = run_pint(&div[i], 0, tol, LIMIT);
            gsl_out g = run_gsl(&div[i], 0, tol, LIMIT);
            if (o.code != want[i])
                fprintf(stderr, "\n  %s at %g: %s\n", div[i].name, tol,
                        pint_extrap_code_name(o.code));
            CU_ASSERT_EQUAL(o.rc, 0);
            CU_ASSERT_EQUAL(o.code, want[i]);
            CU_ASSERT_EQUAL(g.status, gsl_want[i]);
            CU_ASSERT(isfinite(o.val[0]) && isfinite(o.err[0]));
            CU_ASSERT(o.evals <= 2 * g.evals);
        }
}

/* The interval limit (QUADPACK ier 1). */
static void test_limit(void)
{
    const problem p = { "(1-x)^-0.5", f_1mx, NULL, 0, 1, 0, { 0 } };
    const problem q = { "|x-1/3|^-1", f_invabs, NULL, 0, 1, 0, { 0 } };
    pint_out o = run_pint(&q, 0, 1e-10, 40);
    CU_ASSERT_EQUAL(o.code, PINT_EXTRAP_LIMIT);
    CU_ASSERT_EQUAL(o.intervals, 40);
    CU_ASSERT_EQUAL(o.evals, 21 + 39 * 42);
    CU_ASSERT(isfinite(o.val[0]) && o.err[0] > 0);
    /* a limit of one interval: the first estimate and nothing more */
    o = run_pint(&problems[1], 0, 1e-10, 1);
    CU_ASSERT_EQUAL(o.code, PINT_EXTRAP_LIMIT);
    CU_ASSERT_EQUAL(o.evals, 21);
    /* unless it is good enough */
    o = run_pint(&problems[9], 0, 1e-10, 1);
    CU_ASSERT_EQUAL(o.code, PINT_EXTRAP_CONVERGED);
    /* (1-x)^-0.5, the singularity at the upper end */
    o = run_pint(&p, 0, 1e-10, LIMIT);
    CU_ASSERT_EQUAL(o.code, PINT_EXTRAP_CONVERGED);
    check_honest("(1-x)^-0.5", o.val[0], o.err[0], 2, 1e-10 * o.val[0]);
}

/* Components.  Two equal components run exactly like one (the max norm
 * of equal errors is the error); different ones each get an honest
 * estimate. */
static void test_components(void)
{
    for (size_t i = 0; i < NPROBLEMS; i++) {
        const problem *p = &problems[i];
        fctx c = { { p->f, p->f }, 0, 0, 0 };
        pint_function fn = { 1, 2, f_point, NULL, &c };
        pint_out o2 = run_pint_fn(&fn, p->a, p->b, p->npts, p->pts, 0, 1e-10,
                                  LIMIT);
        pint_out o1 = run_pint(p, 0, 1e-10, LIMIT);
        CU_ASSERT_EQUAL(o2.code, o1.code);
        CU_ASSERT_EQUAL(o2.evals, o1.evals);
        for (int k = 0; k < 2; k++)
            CU_ASSERT(o2.val[k] == o1.val[0] && o2.err[k] == o1.err[0]);
    }

    /* four integrands, singular at either end or not at all */
    fctx c = { { f_xm05, f_logsqrt, f_1mx, f_exp }, 0, 0, 0 };
    const double exact[4] = { 2, -4, 2, exp(1.0) - 1 };
    pint_function fn = { 1, 4, f_point, NULL, &c };
    const double tols[] = { 1e-6, 1e-10 };
    for (int t = 0; t < 2; t++) {
        pint_out o = run_pint_fn(&fn, 0, 1, 0, NULL, 0, tols[t], LIMIT);
        double big = 0, sum_gsl = 0;
        CU_ASSERT_EQUAL(o.code, PINT_EXTRAP_CONVERGED);
        for (int k = 0; k < 4; k++)
            big = fmax(big, fabs(o.val[k]));
        for (int k = 0; k < 4; k++) {
            char what[64];
            snprintf(what, sizeof what, "component %d at %g", k, tols[t]);
            check_honest(what, o.val[k], o.err[k], exact[k], tols[t] * big);
            problem p = { "", c.f[k], NULL, 0, 1, 0, { 0 } };
            sum_gsl += (double)run_gsl(&p, 0, tols[t], LIMIT).evals;
        }
        /* no dearer than integrating the components one by one */
        printf("\n  4 components at %g: %lld evaluations (GSL one by one "
               "%.0f)", tols[t], o.evals, sum_gsl);
        CU_ASSERT((double)o.evals <= 2 * sum_gsl);
    }
}

/* The batch callback gives the same run as the point callback. */
static void test_batch(void)
{
    const problem *p = &problems[8];
    fctx c = { { p->f }, 0, 0, 0 };
    pint_function fn = { 1, 1, NULL, f_batch, &c };
    pint_out ob = run_pint_fn(&fn, p->a, p->b, p->npts, p->pts, 0, 1e-10,
                              LIMIT);
    pint_out o = run_pint(p, 0, 1e-10, LIMIT);
    CU_ASSERT(ob.val[0] == o.val[0] && ob.err[0] == o.err[0]);
    CU_ASSERT_EQUAL(ob.evals, o.evals);
    CU_ASSERT_EQUAL(c.calls, o.evals);
}

/* An integrand error stops a step and changes nothing: the result stays
 * the one before it, and stepping on (the integrand recovered) finishes
 * exactly as an undisturbed run, one batch of evaluations dearer. */
static void test_integrand_error(void)
{
    const problem *p = &problems[1];
    pint_out clean = run_pint(p, 0, 1e-10, LIMIT);
    for (int kind = 0; kind < 2; kind++) {
        fctx c = { { p->f }, 0, 0, 0 };
        if (kind)
            c.nan_at = 21 + 42 * 3 + 5;
        else
            c.fail_at = 21 + 42 * 3 + 5;
        pint_function fn = { 1, 1, f_point, NULL, &c };
        pint_rule_impl *r = gk21(1);
        int status;
        char msg[256];
        pint_extrap *e = pint_extrap_new(&fn, r, p->a, p->b, 0, NULL, LIMIT,
                                         &status, msg, sizeof msg);
        CU_ASSERT_PTR_NOT_NULL_FATAL(e);
        CU_ASSERT_EQUAL(pint_extrap_start(e, 0, 1e-10), 0);
        for (int s = 0; s < 3; s++)
            CU_ASSERT_EQUAL(pint_extrap_step(e), 0);
        double v0, e0, v1, e1;
        pint_extrap_result(e, &v0, &e0);
        size_t n0 = pint_extrap_intervals(e);
        int rc = pint_extrap_step(e);
        CU_ASSERT_EQUAL(rc, kind ? PINT_ERR_NONFINITE : PINT_ERR_INTEGRAND);
        CU_ASSERT(strstr(pint_extrap_message(e), kind ? "NaN" : "code 7")
                  != NULL);
        pint_extrap_result(e, &v1, &e1);
        CU_ASSERT(v0 == v1 && e0 == e1);
        CU_ASSERT_EQUAL(pint_extrap_intervals(e), n0);
        CU_ASSERT_EQUAL(pint_extrap_evals(e), 21 + 42 * 4);
        CU_ASSERT_EQUAL(pint_extrap_done(e), PINT_EXTRAP_RUNNING);
        while (!pint_extrap_done(e))
            CU_ASSERT_EQUAL_FATAL(pint_extrap_step(e), 0);
        pint_extrap_result(e, &v1, &e1);
        CU_ASSERT(v1 == clean.val[0] && e1 == clean.err[0]);
        CU_ASSERT_EQUAL(pint_extrap_evals(e), clean.evals + 42);
        pint_extrap_free(e);
        pint_rule_free(r);
    }

    /* an error in the first batch: no result; start may be retried */
    fctx c = { { p->f }, 0, 3, 0 };
    pint_function fn = { 1, 1, f_point, NULL, &c };
    pint_rule_impl *r = gk21(1);
    int status;
    char msg[256];
    pint_extrap *e = pint_extrap_new(&fn, r, p->a, p->b, 0, NULL, LIMIT,
                                     &status, msg, sizeof msg);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_EQUAL(pint_extrap_start(e, 0, 1e-10), PINT_ERR_INTEGRAND);
    double v, er;
    pint_extrap_result(e, &v, &er);
    CU_ASSERT(isnan(v) && isnan(er));
    CU_ASSERT_EQUAL(pint_extrap_step(e), PINT_ERR_INVALID);
    CU_ASSERT_EQUAL(pint_extrap_start(e, 0, 1e-10), 0);
    while (!pint_extrap_done(e))
        CU_ASSERT_EQUAL_FATAL(pint_extrap_step(e), 0);
    pint_extrap_result(e, &v, &er);
    CU_ASSERT(v == clean.val[0] && er == clean.err[0]);
    CU_ASSERT_EQUAL(pint_extrap_step(e), PINT_ERR_INVALID);
    CU_ASSERT_EQUAL(pint_extrap_start(e, 0, 1e-10), PINT_ERR_INVALID);
    pint_extrap_free(e);
    pint_rule_free(r);
}

static int try_new(const pint_function *fn, const pint_rule_impl *r,
                   double a, double b, size_t n, const double *pts,
                   size_t limit, char *msg, size_t msglen)
{
    int status = -1;
    pint_extrap *e = pint_extrap_new(fn, r, a, b, n, pts, limit, &status,
                                     msg, msglen);
    if (e) {
        CU_ASSERT_EQUAL(status, 0);
        pint_extrap_free(e);
        return 0;
    }
    CU_ASSERT(msg[0] != '\0');
    return status;
}

static void test_invalid(void)
{
    fctx c = { { f_exp, f_exp }, 0, 0, 0 };
    pint_function fn = { 1, 1, f_point, NULL, &c };
    pint_function fn2 = { 1, 2, f_point, NULL, &c };
    pint_function fn_2d = { 2, 1, f_point, NULL, &c };
    pint_rule_impl *r = gk21(1);
    char msg[256];
    const double inside[] = { 0.5, 0.25 }, dup[] = { 0.5, 0.25, 0.5 };
    const double edge[] = { 0.0 }, outside[] = { 1.5 }, bad[] = { NAN };
    const double inf[] = { INFINITY };

    CU_ASSERT_EQUAL(try_new(&fn, r, 0, 1, 2, inside, 10, msg, sizeof msg), 0);
    CU_ASSERT_EQUAL(try_new(&fn, r, 0, 1, 3, dup, 10, msg, sizeof msg),
                    PINT_ERR_INVALID);
    CU_ASSERT(strstr(msg, "twice") != NULL);
    CU_ASSERT_EQUAL(try_new(&fn, r, 0, 1, 1, edge, 10, msg, sizeof msg),
                    PINT_ERR_INVALID);
    CU_ASSERT_EQUAL(try_new(&fn, r, 0, 1, 1, outside, 10, msg, sizeof msg),
                    PINT_ERR_INVALID);
    CU_ASSERT_EQUAL(try_new(&fn, r, 0, 1, 1, bad, 10, msg, sizeof msg),
                    PINT_ERR_INVALID);
    CU_ASSERT_EQUAL(try_new(&fn, r, 0, 1, 1, inf, 10, msg, sizeof msg),
                    PINT_ERR_INVALID);
    CU_ASSERT_EQUAL(try_new(&fn, r, 0, 1, 1, NULL, 10, msg, sizeof msg),
                    PINT_ERR_INVALID);
    CU_ASSERT_EQUAL(try_new(&fn, r, 1, 0, 0, NULL, 10, msg, sizeof msg),
                    PINT_ERR_INVALID);
    CU_ASSERT_EQUAL(try_new(&fn, r, 0, 0, 0, NULL, 10, msg, sizeof msg),
                    PINT_ERR_INVALID);
    CU_ASSERT_EQUAL(try_new(&fn, r, 0, INFINITY, 0, NULL, 10, msg,
                            sizeof msg), PINT_ERR_INVALID);
    CU_ASSERT_EQUAL(try_new(&fn, r, NAN, 1, 0, NULL, 10, msg, sizeof msg),
                    PINT_ERR_INVALID);
    CU_ASSERT_EQUAL(try_new(&fn, r, -DBL_MAX, DBL_MAX, 0, NULL, 10, msg,
                            sizeof msg), PINT_ERR_INVALID);
    /* limit below the initial intervals */
    CU_ASSERT_EQUAL(try_new(&fn, r, 0, 1, 2, inside, 2, msg, sizeof msg),
                    PINT_ERR_INVALID);
    CU_ASSERT_EQUAL(try_new(&fn, r, 0, 1, 0, NULL, 0, msg, sizeof msg),
                    PINT_ERR_INVALID);
    /* rule and integrand must agree */
    CU_ASSERT_EQUAL(try_new(&fn2, r, 0, 1, 0, NULL, 10, msg, sizeof msg),
                    PINT_ERR_INVALID);
    CU_ASSERT_EQUAL(try_new(&fn_2d, r, 0, 1, 0, NULL, 10, msg, sizeof msg),
                    PINT_ERR_INVALID);
    int status;
    pint_rule_impl *gm = pint_rule_new(PINT_RULE_GM, 2, 1, &status, msg,
                                       sizeof msg);
    CU_ASSERT_EQUAL(try_new(&fn, gm, 0, 1, 0, NULL, 10, msg, sizeof msg),
                    PINT_ERR_INVALID);
    pint_rule_free(gm);
    /* an absurd limit: out of memory, reported */
    CU_ASSERT_EQUAL(try_new(&fn, r, 0, 1, 0, NULL, (size_t)-1 / 2, msg,
                            sizeof msg), PINT_ERR_NOMEM);

    /* tolerances */
    pint_extrap *e = pint_extrap_new(&fn, r, 0, 1, 0, NULL, 10, &status, msg,
                                     sizeof msg);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_EQUAL(pint_extrap_step(e), PINT_ERR_INVALID);
    CU_ASSERT_EQUAL(pint_extrap_start(e, -1, 1e-6), PINT_ERR_INVALID);
    CU_ASSERT_EQUAL(pint_extrap_start(e, 0, NAN), PINT_ERR_INVALID);
    CU_ASSERT_EQUAL(pint_extrap_start(e, INFINITY, 0), PINT_ERR_INVALID);
    CU_ASSERT_EQUAL(pint_extrap_evals(e), 0);
    CU_ASSERT_EQUAL(pint_extrap_start(e, 0, 1e-6), 0);
    CU_ASSERT_EQUAL(pint_extrap_done(e), PINT_EXTRAP_CONVERGED);
    CU_ASSERT_EQUAL(pint_extrap_step_evals(e), 42);
    CU_ASSERT_EQUAL(pint_extrap_extrapolations(e), 0);
    pint_extrap_free(e);
    pint_extrap_free(NULL);
    pint_rule_free(r);

    CU_ASSERT_STRING_EQUAL(pint_extrap_code_name(PINT_EXTRAP_DIVERGENT),
                           "divergent");
    CU_ASSERT_STRING_EQUAL(pint_extrap_code_name(99), "unknown");
}

/* Through pint_integrate: in one dimension the library runs this engine
 * (same evaluations as GSL qags/qagp, breakpoints from opt.points), maps
 * its stops to pint's statuses, and opt.extrapolate = 0 brings back the
 * plain engine. */
static int run_api(const problem *p, double epsrel, int extrapolate,
                   pint_result *res)
{
    fctx c = { .f = { p->f } };
    pint_function fn = { .ndim = 1, .ncomp = 1, .f = f_point, .ctx = &c };
    double lo = p->a, hi = p->b;
    pint_domain dom = pint_domain_box(&lo, &hi);
    pint_options opt;
    pint_options_init(&opt);
    opt.epsrel = epsrel;
    opt.extrapolate = extrapolate;
    opt.npoints = p->npts;
    opt.points = p->pts;
    return pint_integrate(&fn, &dom, &opt, res);
}

static void test_api(void)
{
    pint_result *res = pint_result_alloc(1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(res);
    for (size_t i = 0; i < NPROBLEMS; i++) {
        const problem *p = &problems[i];
        gsl_out g = run_gsl(p, 0, 1e-10, LIMIT);
        int st = run_api(p, 1e-10, 1, res);
        check_honest(p->name, res->value[0], res->error[0], p->exact(),
                     1e-10 * fabs(res->value[0]));
        CU_ASSERT_EQUAL(st, PINT_CONVERGED);
        /* QAGS's evaluations, and when it extrapolated, the check's
         * samples (lib/extrap.c: at most 600) with its answer kept; for
         * a singular point inside (the problem followed by the same with
         * that point as a breakpoint), the search for it (at most 80
         * batches of 16) and the run again with it as a breakpoint, as
         * GSL's qagp runs the next problem, with the check's samples */
        long long again = 0;
        if (p->npts == 0 && i + 1 < NPROBLEMS && problems[i + 1].f == p->f
            && problems[i + 1].npts == 1)
            again = run_gsl(&problems[i + 1], 0, 1e-10, LIMIT).evals
                    + 80 * 16 + 608;
        CU_ASSERT(res->evals >= g.evals);
        CU_ASSERT(res->evals
                  <= g.evals + (res->extrapolated ? 608 : 0) + again);
        CU_ASSERT(fabs(res->value[0] - g.val) <= res->error[0] + g.err);
        if (res->evals != g.evals)
            printf("\n  %s: %lld evaluations, GSL's qags %ld", p->name,
                   res->evals, g.evals);
        CU_ASSERT_EQUAL(res->rule, PINT_RULE_GK21);
    }
    /* x^-0.9 log(1/x): extrapolated, and without it thousands more */
    CU_ASSERT_EQUAL(run_api(&problems[1], 1e-6, 1, res), PINT_CONVERGED);
    CU_ASSERT_EQUAL(res->extrapolated, 1);
    long long with = res->evals;
    CU_ASSERT_EQUAL(run_api(&problems[1], 1e-6, 0, res), PINT_CONVERGED);
    CU_ASSERT_EQUAL(res->extrapolated, 0);
    CU_ASSERT(res->evals > 10 * with);
    /* stops: an unattainable tolerance is round-off, a divergent integral
     * is unreliable, a non-integrable point is round-off; each keeps a
     * finite estimate and says why */
    CU_ASSERT_EQUAL(run_api(&problems[9], 1e-15, 1, res), PINT_ROUNDOFF);
    CU_ASSERT(isfinite(res->value[0]));
    CU_ASSERT(strstr(res->message, "roundoff") != NULL);
    const problem div = { "x^-1.1", f_xm11, NULL, 0, 1, 0, { 0 } };
    CU_ASSERT_EQUAL(run_api(&div, 1e-6, 1, res), PINT_UNRELIABLE);
    CU_ASSERT(strstr(res->message, "divergent") != NULL);
    const problem sing = { "|x-1/3|^-1", f_invabs, NULL, 0, 1, 0, { 0 } };
    CU_ASSERT_EQUAL(run_api(&sing, 1e-6, 1, res), PINT_ROUNDOFF);
    CU_ASSERT(strstr(res->message, "too small to bisect") != NULL);
    /* a breakpoint outside the range is refused */
    problem bad = problems[5];
    bad.pts[0] = 1.5;
    CU_ASSERT_EQUAL(run_api(&bad, 1e-6, 1, res), PINT_ERR_INVALID);
    CU_ASSERT(strstr(res->message, "not inside the range") != NULL);
    pint_result_free(res);
}

/* A singularity just inside an end: at every scale the bisections reach
 * it looks like one at the end, and QAGS's extrapolation (GSL's too)
 * misses its mass with a tiny estimate (|x - 1e-10|^-1/2 on [0, 1]: 2e-5
 * of 2 missing, E = 1e-12).  The check of the extrapolated answer
 * (lib/extrap.c, the verification) refutes it and the run goes on with
 * the plain sums: converged and honest.  (Near the upper end, at er 1e-6:
 * at 1e-8 the plain sums bisect down to the doubles' spacing near 1 and
 * stop for round-off, honest too.) */
#define NEAR_END(name, expr)                                            \
    static double name(double x) { return 1 / sqrt(fabs(x - (expr))); }
NEAR_END(f_near6, 1e-6)
NEAR_END(f_near10, 1e-10)
NEAR_END(f_near14, 1e-14)
NEAR_END(f_near_b, 1 - 1e-8)
static double i_near(double a) { return 2 * (sqrt(a) + sqrt(1 - a)); }
static double i_near6(void) { return i_near(1e-6); }
static double i_near10(void) { return i_near(1e-10); }
static double i_near14(void) { return i_near(1e-14); }
static double i_near_b(void) { return i_near(1e-8); }
static double f_exp_sqrt(double x) { return exp(-x) / sqrt(x); }
static double i_sqrt_pi(void) { return sqrt(M_PI); }

static void test_near_end(void)
{
    static const problem near[] = {
        { "|x - 1e-6|^-1/2", f_near6, i_near6, 0, 1, 0, { 0 } },
        { "|x - 1e-10|^-1/2", f_near10, i_near10, 0, 1, 0, { 0 } },
        { "|x - 1e-14|^-1/2", f_near14, i_near14, 0, 1, 0, { 0 } },
        { "|x - (1 - 1e-8)|^-1/2", f_near_b, i_near_b, 0, 1, 0, { 0 } },
    };
    pint_result *res = pint_result_alloc(1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(res);
    for (size_t i = 0; i < sizeof near / sizeof near[0]; i++) {
        const problem *p = &near[i];
        const double exact = p->exact(), tol = i < 3 ? 1e-8 : 1e-6;
        gsl_out g = run_gsl(p, 0, tol, LIMIT);
        printf("\n  %s: GSL's qags |Q - I| = %.3g, E = %.3g", p->name,
               fabs(g.val - exact), g.err);
        int st = run_api(p, tol, 1, res);
        CU_ASSERT_EQUAL(st, PINT_CONVERGED);
        CU_ASSERT_EQUAL(res->extrapolated, 0);
        check_honest(p->name, res->value[0], res->error[0], exact,
                     tol * fabs(res->value[0]));
        printf("; pint %lld evaluations, |Q - I| = %.3g, E = %.3g",
               res->evals, fabs(res->value[0] - exact), res->error[0]);
    }
    /* the samples never refute a power law times a logarithm, or a
     * constant beside x^-1/2 (local exponents that drift slowly), and
     * at a singularity on the end the answer is QAGS's */
    for (int i = 1; i <= 3; i++) {
        const problem *p = &problems[i];
        gsl_out g = run_gsl(p, 0, 1e-10, LIMIT);
        CU_ASSERT_EQUAL(run_api(p, 1e-10, 1, res), PINT_CONVERGED);
        CU_ASSERT_EQUAL(res->extrapolated, 1);
        CU_ASSERT(fabs(res->value[0] - g.val) <= res->error[0] + g.err);
        CU_ASSERT(res->evals - g.evals <= 300);
    }
    /* nor the map of an infinite range, whose t resolves the finite end
     * to 1e-16 only (lib/map.c): below that the samples would see its
     * rounding as a bend */
    const problem semi = { "exp(-x)/sqrt(x) on [0, inf)", f_exp_sqrt,
                           i_sqrt_pi, 0, INFINITY, 0, { 0 } };
    CU_ASSERT_EQUAL(run_api(&semi, 1e-10, 1, res), PINT_CONVERGED);
    CU_ASSERT_EQUAL(res->extrapolated, 1);
    check_honest(semi.name, res->value[0], res->error[0], semi.exact(),
                 1e-10 * fabs(res->value[0]));
    pint_result_free(res);
}

/* Singular points inside (0, 1) that no bisection makes: at s1 the
 * smallest intervals close in on a point their positions around it
 * change from level to level, and QAGS's extrapolation (GSL's too)
 * stops with an estimate far below its error; at s2 a node lands on the
 * point (f infinite there).  pint finds the point and runs again with it
 * as a breakpoint (lib/extrap.c, pint_extrap_interior; onedim.c): honest,
 * converged.  A point that is not integrable stops for round-off. */
#define S1 0.14106649277132655
#define A1 (-0.8473791950540166)
#define S2 0.42161430949946316
#define A2 (-0.744240477952578)
static double f_in1(double x) { return pow(fabs(x - S1), A1); }
static double f_in2(double x) { return pow(fabs(x - S2), A2); }
static double i_inner(double s, double a)
{
    return (pow(s, a + 1) + pow(1 - s, a + 1)) / (a + 1);
}
static double i_in1(void) { return i_inner(S1, A1); }
static double i_in2(void) { return i_inner(S2, A2); }

static void test_inner_point(void)
{
    static const problem inner[] = {
        { "|x - s1|^a1", f_in1, i_in1, 0, 1, 0, { 0 } },
        { "|x - s2|^a2", f_in2, i_in2, 0, 1, 0, { 0 } },
    };
    static const double tols[] = { 1e-6, 1e-8 };
    pint_result *res = pint_result_alloc(1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(res);
    for (size_t i = 0; i < 2; i++) {
        const problem *p = &inner[i];
        const double exact = p->exact(), tol = tols[i];
        gsl_out g = run_gsl(p, 0, tol, LIMIT);
        printf("\n  %s: GSL's qags |Q - I| = %.3g, E = %.3g (status %d)",
               p->name, fabs(g.val - exact), g.err, g.status);
        int st = run_api(p, tol, 1, res);
        CU_ASSERT_EQUAL(st, PINT_CONVERGED);
        check_honest(p->name, res->value[0], res->error[0], exact,
                     tol * fabs(res->value[0]));
        printf("; pint %lld evaluations, |Q - I| = %.3g, E = %.3g",
               res->evals, fabs(res->value[0] - exact), res->error[0]);
    }
    const problem sing = { "|x-1/3|^-1", f_invabs, NULL, 0, 1, 0, { 0 } };
    CU_ASSERT_EQUAL(run_api(&sing, 1e-6, 1, res), PINT_ROUNDOFF);
    CU_ASSERT(strstr(res->message, "beside the singular point found at "
                                   "0.33333333333333331") != NULL);
    pint_result_free(res);
}

static CU_TestInfo tests[] = {
    { "GK moduli agree with GSL qk21", test_moduli },
    { "singular problems vs GSL qags/qagp at 1e-6, 1e-10", test_vs_gsl },
    { "the singular problems are extrapolated", test_extrapolation_used },
    { "absolute tolerance", test_epsabs },
    { "breakpoints in any order", test_breakpoint_order },
    { "unattainable tolerance: roundoff status", test_roundoff },
    { "divergent and singular integrals", test_divergent },
    { "interval limit", test_limit },
    { "components", test_components },
    { "batch integrand", test_batch },
    { "integrand errors lose nothing", test_integrand_error },
    { "invalid input", test_invalid },
    { "through pint_integrate", test_api },
    { "a singularity just inside an end: extrapolation refuted",
      test_near_end },
    { "a singular point inside: found, made a breakpoint",
      test_inner_point },
    CU_TEST_INFO_NULL,
};

int main(void)
{
    alarm(300);         /* no test may hang */
    gsl_set_error_handler_off();
    return pint_test_run("extrap", tests);
}

/* test_genz.c -- the built-in test integrands: registry, parameters, and
 * every exact value checked against an independent computation (GSL's
 * adaptive quadrature, nested for two dimensions, or a formula worked out
 * here by hand).
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>

#include "integrands.h"
#include "testutil.h"

#define LIMIT 2000              /* GSL workspace size (subintervals) */
#define TOL_QUAD 1e-10          /* exact vs GSL quadrature */

/* |a - b| <= tol |b|: a purely relative check, for values far from 1. */
#define ASSERT_REL(a, b, tol)                                             \
    do {                                                                  \
        double r_a_ = (a), r_b_ = (b);                                    \
        int r_ok_ = fabs(r_a_ - r_b_) <= (tol) * fabs(r_b_);              \
        if (!r_ok_)                                                       \
            fprintf(stderr, "\n  %s:%d: %.17g vs %.17g (rel %.3g)\n",     \
                    __FILE__, __LINE__, r_a_, r_b_,                       \
                    fabs(r_a_ - r_b_) / fabs(r_b_));                      \
        CU_ASSERT(r_ok_);                                                 \
    } while (0)

/* Domains built here rather than by libpint's constructors, so that this
 * suite depends on the integrands alone. */
static pint_domain box_dom(const double *lo, const double *hi)
{
    pint_domain d = { .kind = PINT_DOMAIN_BOX, .lo = lo, .hi = hi };
    return d;
}

static pint_domain simplex_dom(size_t n, const double *v)
{
    pint_domain d = { .kind = PINT_DOMAIN_SIMPLICES, .nsimplices = n,
                      .vertices = v };
    return d;
}

/* ------------------------------------------------ GSL reference values */

/* One component of an integrand on the plane x = o + s e1 + t e2 (or on
 * the line x = s in one dimension), for GSL's one-dimensional routines.
 * The 2-D integral runs over s in [s0, s1] and t in [c0 + c1 s, d0 + d1 s],
 * times jac: a box when c1 = d1 = 0, a triangle otherwise. */
typedef struct {
    pint_function fn;
    int comp;
    int absval;                 /* integrate |f| (the scale of the error) */
    double epsabs;              /* absolute tolerance of every piece */
    double o[2], e1[2], e2[2];
    double c0, c1, d0, d1, jac;
    double cut[2][2];           /* points to split at, per axis (sorted) */
    int ncut[2];
    double s;                   /* the outer variable, for the inner one */
    gsl_integration_workspace *w;
    int status;                 /* first GSL failure, or 0 */
} quad;

/* f at x, the chosen component. */
static double quad_f(quad *q, const double *x)
{
    double fv[3];
    if (q->fn.f(q->fn.ndim, x, q->fn.ncomp, fv, q->fn.ctx) != 0)
        q->status = -1;
    double v = fv[q->comp];
    return q->absval ? fabs(v) : v;
}

static double line_f(double s, void *p)
{
    return quad_f(p, &s);
}

static double plane_f(double t, void *p)
{
    quad *q = p;
    double x[2];
    for (int i = 0; i < 2; i++)
        x[i] = q->o[i] + q->s * q->e1[i] + t * q->e2[i];
    return quad_f(q, x);
}

/* GSL qags with the failure recorded in q->status. */
static double qags(quad *q, double (*f)(double, void *), double a, double b,
                   double epsrel, gsl_integration_workspace *w)
{
    gsl_function F = { f, q };
    double r, e;
    int st = gsl_integration_qags(&F, a, b, q->epsabs, epsrel, LIMIT, w, &r,
                                  &e);
    if (st != 0 && q->status == 0)
        q->status = st;
    return r;
}

/* qags on [a, b] cut at the points where the integrand has a kink, jump,
 * singularity or narrow peak (qags finds them too, but a nested outer
 * integral then sees the inner one's error as noise). */
static double qags_cut(quad *q, double (*f)(double, void *), double a,
                       double b, const double *cut, int ncut, double epsrel,
                       gsl_integration_workspace *w)
{
    double sum = 0, left = a;
    for (int k = 0; k < ncut; k++)
        if (cut[k] > left && cut[k] < b) {
            sum += qags(q, f, left, cut[k], epsrel, w);
            left = cut[k];
        }
    return sum + qags(q, f, left, b, epsrel, w);
}

/* The inner integral at outer variable s. */
static double outer_f(double s, void *p)
{
    quad *q = p;
    q->s = s;
    return q->jac * qags_cut(q, plane_f, q->c0 + q->c1 * s,
                             q->d0 + q->d1 * s, q->cut[1], q->ncut[1], 1e-12,
                             q->w);
}

/* Integral over [s0, s1] (1-D) or the plane region of q (2-D). */
static double quad_run(quad *q, double s0, double s1)
{
    gsl_integration_workspace *wout = gsl_integration_workspace_alloc(LIMIT);
    q->w = gsl_integration_workspace_alloc(LIMIT);
    q->status = 0;
    double r = q->fn.ndim == 1
             ? qags_cut(q, line_f, s0, s1, q->cut[0], q->ncut[0], 1e-12, wout)
             : qags_cut(q, outer_f, s0, s1, q->cut[0], q->ncut[0], 1e-11,
                        wout);
    gsl_integration_workspace_free(q->w);
    gsl_integration_workspace_free(wout);
    return r;
}

/* Integral of component comp of t over the box [lo, hi] (d = 1 or 2) by
 * GSL, and of its absolute value into *l1.  *ok is 0 if GSL failed.  The
 * integral of |f| is the scale of the quadrature error (an oscillatory f
 * can integrate to nearly 0): it needs only a few digits, and it sets the
 * absolute tolerance of the real run. */
static double gsl_box(const pint_testfn *t, int comp, const double *lo,
                      const double *hi, double *l1, int *ok)
{
    quad q = { .fn = pint_testfn_function(t), .comp = comp, .absval = 1,
               .o = { 0, 0 }, .e1 = { 1, 0 }, .e2 = { 0, 1 },
               .jac = 1 };
    if (t->ndim == 2) {
        q.c0 = lo[1];
        q.d0 = hi[1];
    }
    /* cut at 0 (invsqrt) and at the Genz u_i (peaks, kinks, jumps) */
    for (int i = 0; i < t->ndim; i++) {
        double u = t->u ? t->u[i] : 0;
        q.cut[i][0] = u < 0 ? u : 0;
        q.cut[i][1] = u < 0 ? 0 : u;
        q.ncut[i] = 2;
    }
    q.epsabs = 1e-300;
    *l1 = quad_run(&q, lo[0], hi[0]);
    q.absval = 0;
    q.epsabs = 1e-13 * *l1;
    double r = quad_run(&q, lo[0], hi[0]);
    *ok = q.status == 0;
    return r;
}

/* Integral of t (2-D, one component) over the triangle v[3][2] by GSL. */
static double gsl_triangle(const pint_testfn *t, const double *v, int *ok)
{
    quad q = { .fn = pint_testfn_function(t), .comp = 0,
               .o = { v[0], v[1] },
               .e1 = { v[2] - v[0], v[3] - v[1] },
               .e2 = { v[4] - v[0], v[5] - v[1] },
               .c0 = 0, .c1 = 0, .d0 = 1, .d1 = -1 };
    q.jac = fabs(q.e1[0] * q.e2[1] - q.e1[1] * q.e2[0]);
    double r = quad_run(&q, 0, 1);
    *ok = q.status == 0;
    return r;
}

/* --------------------------------------------------- registry and rng */

static const char *const expected_names[] = {
    "genz1", "genz2", "genz3", "genz4", "genz5", "genz6",
    "explin", "one", "invsqrt", "vec3", "runge", "expprod",
};
#define NFAM (sizeof expected_names / sizeof expected_names[0])

static void test_registry(void)
{
    CU_ASSERT_EQUAL(pint_testfn_count(), NFAM);
    for (size_t i = 0; i < NFAM; i++) {
        const pint_testfn_family *f = pint_testfn_family_at(i);
        CU_ASSERT_PTR_NOT_NULL_FATAL(f);
        CU_ASSERT_STRING_EQUAL(f->name, expected_names[i]);
        CU_ASSERT_PTR_EQUAL(pint_testfn_find(expected_names[i]), f);
        CU_ASSERT(f->summary != NULL && strlen(f->summary) > 10);
        CU_ASSERT(f->min_dim >= 1 && f->min_dim <= f->max_dim);
        CU_ASSERT(f->eval != NULL && f->exact != NULL);
        CU_ASSERT_EQUAL(f->uses_params, i < 6);
        CU_ASSERT_EQUAL(f->ncomp, strcmp(f->name, "vec3") == 0 ? 3 : 1);
        if (i < 6)
            CU_ASSERT_EQUAL(f->max_dim, 64);
    }
    CU_ASSERT_PTR_NULL(pint_testfn_family_at(NFAM));
    CU_ASSERT_PTR_NULL(pint_testfn_find("genz7"));
    CU_ASSERT_PTR_NULL(pint_testfn_find(""));
    CU_ASSERT_PTR_NULL(pint_testfn_find(NULL));
}

/* splitmix64 from seed 0 starts 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4
 * (the reference sequence of Vigna's splitmix64.c). */
static void test_rng(void)
{
    pint_rng r;
    pint_rng_seed(&r, 0);
    CU_ASSERT_EQUAL(pint_rng_uniform(&r),
                    (double)(UINT64_C(0xe220a8397b1dcdaf) >> 11) * 0x1p-53);
    CU_ASSERT_EQUAL(pint_rng_uniform(&r),
                    (double)(UINT64_C(0x6e789e6aa1b965f4) >> 11) * 0x1p-53);

    /* same seed, same stream; another seed, another stream; all in [0,1) */
    pint_rng a, b, c;
    pint_rng_seed(&a, 12345);
    pint_rng_seed(&b, 12345);
    pint_rng_seed(&c, 12346);
    int same = 1, differ = 0, inrange = 1;
    double mean = 0;
    for (int i = 0; i < 10000; i++) {
        double x = pint_rng_uniform(&a), y = pint_rng_uniform(&b);
        double z = pint_rng_uniform(&c);
        same = same && x == y;
        differ += x != z;
        inrange = inrange && x >= 0 && x < 1 && z >= 0 && z < 1;
        mean += x / 10000;
    }
    CU_ASSERT(same);
    CU_ASSERT_EQUAL(differ, 10000);
    CU_ASSERT(inrange);
    CU_ASSERT(fabs(mean - 0.5) < 0.02);   /* 7 standard deviations */
}

static void test_new_errors(void)
{
    char msg[128];
    CU_ASSERT_PTR_NULL(pint_testfn_new("xyz", 2, 1, 1, msg, sizeof msg));
    CU_ASSERT_STRING_EQUAL(msg, "unknown integrand 'xyz' (see --list)");
    CU_ASSERT_PTR_NULL(pint_testfn_new("genz3", 0, 1, 1, msg, sizeof msg));
    CU_ASSERT_STRING_EQUAL(msg,
                           "integrand genz3 needs dimension 1..64, got 0");
    CU_ASSERT_PTR_NULL(pint_testfn_new("genz1", 65, 1, 1, msg, sizeof msg));
    CU_ASSERT_STRING_EQUAL(msg,
                           "integrand genz1 needs dimension 1..64, got 65");
    CU_ASSERT_PTR_NULL(pint_testfn_new("explin", 17, 1, 1, msg, sizeof msg));
    CU_ASSERT_STRING_EQUAL(msg,
                           "integrand explin needs dimension 1..16, got 17");

    const double bad[] = { 0, -1, NAN, INFINITY };
    for (int k = 0; k < 4; k++) {
        msg[0] = 0;
        CU_ASSERT_PTR_NULL(pint_testfn_new("genz2", 3, 1, bad[k], msg,
                                           sizeof msg));
        CU_ASSERT(strncmp(msg, "difficulty must be finite and > 0", 33)
                  == 0);
    }
    /* no room for a message is fine */
    CU_ASSERT_PTR_NULL(pint_testfn_new("nope", 1, 1, 1, NULL, 0));

    /* success clears the message */
    strcpy(msg, "stale");
    pint_testfn *t = pint_testfn_new("genz6", 64, 1, 1, msg, sizeof msg);
    CU_ASSERT_PTR_NOT_NULL(t);
    CU_ASSERT_STRING_EQUAL(msg, "");
    pint_testfn_free(t);
    pint_testfn_free(NULL);
}

/* ----------------------------------------------------------- parameters */

static const double norm_h[6] = { 110, 600, 600, 100, 150, 100 };
static const double norm_e[6] = { 1.5, 2, 2, 1, 2, 2 };

static void test_params(void)
{
    const int dims[] = { 1, 3, 10, 64 };
    const double diffs[] = { 1, 2.5 };
    for (int f = 0; f < 6; f++)
        for (int k = 0; k < 4; k++)
            for (int m = 0; m < 2; m++) {
                int n = dims[k];
                pint_testfn *t = pint_testfn_new(expected_names[f], n, 99,
                                                 diffs[m], NULL, 0);
                CU_ASSERT_PTR_NOT_NULL_FATAL(t);
                CU_ASSERT_PTR_NOT_NULL_FATAL(t->u);
                CU_ASSERT_PTR_NOT_NULL_FATAL(t->a);
                double sum = 0;
                for (int i = 0; i < n; i++)
                    sum += t->a[i];
                ASSERT_REL(sum, norm_h[f] * diffs[m] / pow(n, norm_e[f]),
                           1e-12);
                pint_testfn_free(t);
            }
}

/* The documented draw order: u_1..u_n then a_1..a_n, each 0.05 + 0.9 U. */
static void test_params_order(void)
{
    const int n = 7;
    pint_testfn *t = pint_testfn_new("genz4", n, 2024, 1, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    pint_rng r;
    pint_rng_seed(&r, 2024);
    double raw[7];
    for (int i = 0; i < n; i++)
        CU_ASSERT_EQUAL(t->u[i], 0.05 + 0.9 * pint_rng_uniform(&r));
    for (int i = 0; i < n; i++)
        raw[i] = 0.05 + 0.9 * pint_rng_uniform(&r);
    /* scaling keeps the ratios of the raw draws */
    for (int i = 1; i < n; i++)
        ASSERT_REL(t->a[i] / t->a[0], raw[i] / raw[0], 1e-14);
    for (int i = 0; i < n; i++)
        CU_ASSERT(t->u[i] >= 0.05 && t->u[i] < 0.95);
    pint_testfn_free(t);
}

static void test_params_reproducible(void)
{
    const int n = 12;
    pint_testfn *a = pint_testfn_new("genz2", n, 7, 1.5, NULL, 0);
    pint_testfn *b = pint_testfn_new("genz2", n, 7, 1.5, NULL, 0);
    pint_testfn *c = pint_testfn_new("genz2", n, 8, 1.5, NULL, 0);
    CU_ASSERT_FATAL(a && b && c);
    CU_ASSERT(memcmp(a->u, b->u, n * sizeof *a->u) == 0);
    CU_ASSERT(memcmp(a->a, b->a, n * sizeof *a->a) == 0);
    int udiff = 0, adiff = 0;
    for (int i = 0; i < n; i++) {
        udiff += a->u[i] != c->u[i];
        adiff += a->a[i] != c->a[i];
    }
    CU_ASSERT_EQUAL(udiff, n);
    CU_ASSERT_EQUAL(adiff, n);
    CU_ASSERT_EQUAL(a->seed, 7);
    CU_ASSERT_EQUAL(a->difficulty, 1.5);
    CU_ASSERT_EQUAL(a->ndim, n);
    pint_testfn_free(a);
    pint_testfn_free(b);
    pint_testfn_free(c);
}

/* Families without parameters have none. */
static void test_classic_no_params(void)
{
    for (size_t i = 6; i < NFAM; i++) {
        pint_testfn *t = pint_testfn_new(expected_names[i], 2, 5, 1, NULL,
                                         0);
        CU_ASSERT_PTR_NOT_NULL_FATAL(t);
        CU_ASSERT_PTR_NULL(t->u);
        CU_ASSERT_PTR_NULL(t->a);
        pint_testfn_free(t);
    }
}

/* --------------------------------------------------- the pint_function */

static void test_function(void)
{
    pint_testfn *t = pint_testfn_new("vec3", 2, 1, 1, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    pint_function fn = pint_testfn_function(t);
    CU_ASSERT_EQUAL(fn.ndim, 2);
    CU_ASSERT_EQUAL(fn.ncomp, 3);
    CU_ASSERT_PTR_EQUAL(fn.ctx, t);
    CU_ASSERT_PTR_NULL(fn.fbatch);
    CU_ASSERT_PTR_NOT_NULL_FATAL(fn.f);
    double x[2] = { 0.5, -1.25 }, fv[3];
    CU_ASSERT_EQUAL(fn.f(2, x, 3, fv, fn.ctx), 0);
    CU_ASSERT_EQUAL(fv[0], 1);
    CU_ASSERT_EQUAL(fv[1], -0.75);
    PT_ASSERT_CLOSE(fv[2], cos(0.5) * cos(1.25), 1e-15);
    /* a mismatched call is refused, not read past the arrays */
    CU_ASSERT_NOT_EQUAL(fn.f(3, x, 3, fv, fn.ctx), 0);
    CU_ASSERT_NOT_EQUAL(fn.f(2, x, 1, fv, fn.ctx), 0);
    CU_ASSERT_NOT_EQUAL(fn.f(2, x, 3, fv, NULL), 0);
    pint_testfn_free(t);

    /* invsqrt: |x|^-1/2 per coordinate, 0 (not inf) on a zero coordinate */
    t = pint_testfn_new("invsqrt", 2, 1, 1, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    fn = pint_testfn_function(t);
    double xs[2] = { 0.25, -4 };
    CU_ASSERT_EQUAL(fn.f(2, xs, 1, fv, fn.ctx), 0);
    CU_ASSERT_EQUAL(fv[0], 1);
    xs[1] = 0;
    CU_ASSERT_EQUAL(fn.f(2, xs, 1, fv, fn.ctx), 0);
    CU_ASSERT_EQUAL(fv[0], 0);
    pint_testfn_free(t);

    /* each Genz integrand at one point, from its definition */
    pint_testfn *g[6];
    for (int f = 0; f < 6; f++) {
        g[f] = pint_testfn_new(expected_names[f], 2, 3, 1, NULL, 0);
        CU_ASSERT_PTR_NOT_NULL_FATAL(g[f]);
    }
    double y[2] = { 0.3, 0.4 }, v[6];
    for (int f = 0; f < 6; f++) {
        fn = pint_testfn_function(g[f]);
        CU_ASSERT_EQUAL(fn.f(2, y, 1, &v[f], fn.ctx), 0);
    }
    const double *u, *a;
    u = g[0]->u; a = g[0]->a;
    PT_ASSERT_CLOSE(v[0], cos(2 * 3.14159265358979323846 * u[0]
                              + a[0] * y[0] + a[1] * y[1]), 1e-14);
    u = g[1]->u; a = g[1]->a;
    ASSERT_REL(v[1], 1 / (pow(a[0], -2) + pow(y[0] - u[0], 2))
                     / (pow(a[1], -2) + pow(y[1] - u[1], 2)), 1e-14);
    a = g[2]->a;
    ASSERT_REL(v[2], pow(1 + a[0] * y[0] + a[1] * y[1], -3), 1e-14);
    u = g[3]->u; a = g[3]->a;
    ASSERT_REL(v[3], exp(-pow(a[0] * (y[0] - u[0]), 2)
                         - pow(a[1] * (y[1] - u[1]), 2)), 1e-13);
    u = g[4]->u; a = g[4]->a;
    ASSERT_REL(v[4], exp(-a[0] * fabs(y[0] - u[0])
                         - a[1] * fabs(y[1] - u[1])), 1e-13);
    u = g[5]->u; a = g[5]->a;
    double e6 = (y[0] > u[0] || y[1] > u[1]) ? 0
              : exp(a[0] * y[0] + a[1] * y[1]);
    PT_ASSERT_CLOSE(v[5], e6, 1e-13);
    /* genz6 vanishes past u in the first two coordinates only */
    double z[3] = { 0, 0, 0 };
    fn = pint_testfn_function(g[5]);
    z[0] = u[0] + 0.01;
    CU_ASSERT_EQUAL(fn.f(2, z, 1, &v[5], fn.ctx), 0);
    CU_ASSERT_EQUAL(v[5], 0);
    z[0] = u[0] - 0.01;
    CU_ASSERT_EQUAL(fn.f(2, z, 1, &v[5], fn.ctx), 0);
    CU_ASSERT(v[5] > 0);
    for (int f = 0; f < 6; f++)
        pint_testfn_free(g[f]);
}

/* -------------------------------------------- exact vs GSL on boxes */

/* Exact integral of every component of `name` (d = 1 or 2) over [lo, hi]
 * against GSL, relative to the integral of |f|. */
static void check_box(const char *name, int d, uint64_t seed,
                      const double *lo, const double *hi)
{
    pint_testfn *t = pint_testfn_new(name, d, seed, 1, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    pint_domain dom = box_dom(lo, hi);
    double exact[3];
    int known = pint_testfn_exact(t, &dom, exact);
    CU_ASSERT(known);
    for (int k = 0; known && k < t->family->ncomp; k++) {
        double l1;
        int ok;
        double num = gsl_box(t, k, lo, hi, &l1, &ok);
        CU_ASSERT(ok);
        CU_ASSERT(l1 > 0);
        int good = fabs(exact[k] - num) <= TOL_QUAD * fmax(fabs(num), l1);
        if (!good || !ok)
            fprintf(stderr, "\n  %s d=%d comp %d: exact %.17g gsl %.17g "
                    "(|f| %.3g)%s\n", name, d, k, exact[k], num, l1,
                    ok ? "" : " GSL failed");
        CU_ASSERT(good);
    }
    pint_testfn_free(t);
}

static const double unit_lo[2] = { 0, 0 }, unit_hi[2] = { 1, 1 };
/* boxes that contain the Genz u_i (0.05..0.95) and negative coordinates */
static const double box_lo[2] = { -0.3, -0.25 }, box_hi[2] = { 1.7, 1.9 };
/* genz3 needs 1 + a.x > 0: a positive box */
static const double pos_lo[2] = { 0.1, 0.3 }, pos_hi[2] = { 1.6, 0.9 };

/* Every family and dimension 1 and 2, on the unit box and another. */
static void test_exact_boxes(void)
{
    for (size_t f = 0; f < NFAM; f++) {
        const char *name = expected_names[f];
        int genz3 = strcmp(name, "genz3") == 0;
        for (int d = 1; d <= 2; d++)
            for (uint64_t seed = 1; seed <= 2; seed++) {
                check_box(name, d, seed, unit_lo, unit_hi);
                check_box(name, d, seed, genz3 ? pos_lo : box_lo,
                          genz3 ? pos_hi : box_hi);
            }
    }
}

/* ----------------------------- exact vs a tensor Gauss rule, d = 3 */

/* The nodes and weights of the 3-D reference on axis i of [lo, hi]: the
 * axis cut at the Genz u_i (where genz5 has its kink and genz6 its
 * jump), GSL's 64-point Gauss-Legendre rule on each piece.  Returns the
 * number of nodes (at most 128). */
static int gauss_axis(const gsl_integration_glfixed_table *g, double lo,
                      double hi, double u, double *x, double *w)
{
    double cut[3] = { lo, hi, hi };
    int npiece = 1;
    if (u > lo && u < hi) {
        cut[1] = u;
        npiece = 2;
    }
    int n = 0;
    for (int p = 0; p < npiece; p++)
        for (size_t k = 0; k < g->n; k++, n++)
            gsl_integration_glfixed_point(cut[p], cut[p + 1], k, &x[n],
                                          &w[n], g);
    return n;
}

/* The Genz families in d = 3 against that reference (about 2e6 points):
 * the closed forms beyond the one- and two-dimensional cases GSL's nested
 * qags checks, relative to the integral of |f|: to 1e-14 for genz1, an
 * entire function (measured at most 4.6e-16; its integral is down to
 * 2e-5 of that of |f|, so a looser check would miss a closed form off by
 * 1e-9), to 1e-11 for the others (measured at most 8.8e-13, genz4). */
static void test_exact_3d(void)
{
    gsl_integration_glfixed_table *g = gsl_integration_glfixed_table_alloc(64);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    static const double lo3[2][3] = { { 0, 0, 0 }, { -0.3, -0.25, 0.1 } };
    static const double hi3[2][3] = { { 1, 1, 1 }, { 1.7, 1.9, 0.8 } };
    static const double poslo[3] = { 0.1, 0.3, 0.2 }, poshi[3] = { 1.6, 0.9, 1.3 };
    for (int fam = 1; fam <= 6; fam++)
        for (uint64_t seed = 1; seed <= 2; seed++)
            for (int b = 0; b < 2; b++) {
                char name[8];
                snprintf(name, sizeof name, "genz%d", fam);
                pint_testfn *t = pint_testfn_new(name, 3, seed, 1, NULL, 0);
                CU_ASSERT_PTR_NOT_NULL_FATAL(t);
                const double *lo = b && fam == 3 ? poslo : lo3[b];
                const double *hi = b && fam == 3 ? poshi : hi3[b];
                pint_domain dom = box_dom(lo, hi);
                double exact;
                CU_ASSERT_FATAL(pint_testfn_exact(t, &dom, &exact));
                double x[3][128], w[3][128];
                int n[3];
                for (int i = 0; i < 3; i++)
                    n[i] = gauss_axis(g, lo[i], hi[i], t->u ? t->u[i] : lo[i],
                                      x[i], w[i]);
                pint_function fn = pint_testfn_function(t);
                double sum = 0, l1 = 0;
                for (int a = 0; a < n[0]; a++)
                    for (int c = 0; c < n[1]; c++)
                        for (int e = 0; e < n[2]; e++) {
                            double pt[3] = { x[0][a], x[1][c], x[2][e] }, v;
                            fn.f(3, pt, 1, &v, fn.ctx);
                            double wt = w[0][a] * w[1][c] * w[2][e];
                            sum += wt * v;
                            l1 += wt * fabs(v);
                        }
                double tol = fam == 1 ? 1e-14 : 1e-11;
                int good = fabs(exact - sum) <= tol * l1;
                if (!good)
                    fprintf(stderr, "\n  %s d=3 seed %d box %d: exact %.17g "
                            "Gauss %.17g (|f| %.3g)\n", name, (int)seed, b,
                            exact, sum, l1);
                CU_ASSERT(good);
                pint_testfn_free(t);
            }
    gsl_integration_glfixed_table_free(g);
}

/* Narrow boxes away from the peak: the cases the cancellation-free
 * one-dimensional formulas are for.  For the Genz families the box starts
 * 5 / a_i past u_i, where the Gaussian is e^-25: a difference of erf
 * values near 1 would keep no digits there. */
static void test_exact_narrow(void)
{
    const char *genz[] = { "genz2", "genz4", "genz5" };
    for (int k = 0; k < 3; k++)
        for (int d = 1; d <= 2; d++) {
            pint_testfn *t = pint_testfn_new(genz[k], d, 4, 1, NULL, 0);
            CU_ASSERT_PTR_NOT_NULL_FATAL(t);
            /* right of the peak, then left of it */
            double lo[2], hi[2], lo2[2], hi2[2];
            for (int i = 0; i < d; i++) {
                lo[i] = t->u[i] + 5 / t->a[i];
                hi[i] = lo[i] + 0.01;
                hi2[i] = t->u[i] - 5 / t->a[i];
                lo2[i] = hi2[i] - 0.01;
            }
            pint_testfn_free(t);
            check_box(genz[k], d, 4, lo, hi);
            check_box(genz[k], d, 4, lo2, hi2);
        }
    const double lo[2] = { 0.97, 0.0 }, hi[2] = { 0.99, 0.02 };
    const char *names[] = { "runge", "invsqrt", "explin", "vec3" };
    for (int k = 0; k < 4; k++)
        for (int d = 1; d <= 2; d++)
            check_box(names[k], d, 4, lo, hi);
}

/* -------------------------------------------------- genz3 (corner peak) */

/* Integral of (1 + a.x)^-(n+1) over [lo, hi] from its Laplace form
 *   1 / (n! prod a_i) int_0^inf e^{-s0 r} prod_i (1 - e^{-a_i w_i r}) dr,
 * s0 = 1 + a.lo, w = hi - lo: one positive 1-D integrand, no cancellation,
 * and no shared code with the corner sum. */
typedef struct {
    const pint_testfn *t;
    const double *lo, *hi;
    double s0;
} laplace;

static double laplace_f(double r, void *p)
{
    const laplace *L = p;
    double v = exp(-L->s0 * r);
    for (int i = 0; i < L->t->ndim; i++)
        v *= -expm1(-L->t->a[i] * (L->hi[i] - L->lo[i]) * r);
    return v;
}

static double genz3_laplace(const pint_testfn *t, const double *lo,
                            const double *hi)
{
    laplace L = { t, lo, hi, 1 };
    for (int i = 0; i < t->ndim; i++)
        L.s0 += t->a[i] * lo[i];
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(LIMIT);
    gsl_function F = { laplace_f, &L };
    double r, e;
    int st = gsl_integration_qagiu(&F, 0, 0, 1e-13, LIMIT, w, &r, &e);
    gsl_integration_workspace_free(w);
    CU_ASSERT_EQUAL(st, 0);
    for (int i = 0; i < t->ndim; i++)
        r /= (i + 1) * t->a[i];
    return r;
}

/* genz3 against the Laplace form on the unit cube and on a shifted box. */
static void check_genz3(int n, uint64_t seed, double difficulty, double tol)
{
    pint_testfn *t = pint_testfn_new("genz3", n, seed, difficulty, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    double lo[64], hi[64], ex;
    for (int i = 0; i < n; i++) {
        lo[i] = 0;
        hi[i] = 1;
    }
    pint_domain dom = box_dom(lo, hi);
    CU_ASSERT_FATAL(pint_testfn_exact(t, &dom, &ex));
    ASSERT_REL(ex, genz3_laplace(t, lo, hi), tol);
    for (int i = 0; i < n; i++) {
        lo[i] = -0.1 + 0.05 * i;
        hi[i] = 0.5 + 0.1 * i;
    }
    CU_ASSERT_FATAL(pint_testfn_exact(t, &dom, &ex));
    ASSERT_REL(ex, genz3_laplace(t, lo, hi), tol);
    pint_testfn_free(t);
}

static void test_genz3(void)
{
    check_genz3(5, 1, 1, 1e-12);
    check_genz3(5, 2, 3, 1e-12);
    check_genz3(8, 3, 1, 1e-12);
    check_genz3(12, 4, 1, 1e-12);
    check_genz3(16, 5, 1, 1e-12);
}

/* Where the corner sum is not trustworthy the value is unknown. */
static void test_genz3_unknown(void)
{
    double lo[64], hi[64], ex = 42;
    for (int i = 0; i < 64; i++) {
        lo[i] = 0;
        hi[i] = 1;
    }
    pint_domain dom = box_dom(lo, hi);
    /* beyond 2^22 corners */
    pint_testfn *t = pint_testfn_new("genz3", 23, 1, 1, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    CU_ASSERT_EQUAL(pint_testfn_exact(t, &dom, &ex), 0);
    pint_testfn_free(t);
    /* a nearly constant integrand: the sum cancels completely */
    t = pint_testfn_new("genz3", 6, 1, 1e-9, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    CU_ASSERT_EQUAL(pint_testfn_exact(t, &dom, &ex), 0);
    pint_testfn_free(t);
    /* 1 + a.x crosses 0 inside the box: a = 600 in 1-D */
    t = pint_testfn_new("genz3", 1, 1, 1, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    lo[0] = -0.5;
    CU_ASSERT_EQUAL(pint_testfn_exact(t, &dom, &ex), 0);
    lo[0] = -0.5 / t->a[0];     /* still positive: known */
    CU_ASSERT_EQUAL(pint_testfn_exact(t, &dom, &ex), 1);
    pint_testfn_free(t);
}

/* ------------------------------------------------------------ simplices */

/* The unit n-simplex: 0 and the unit vectors, v[k * n + i]. */
static void unit_simplex(int n, double scale, double *v)
{
    for (int k = 0; k <= n; k++)
        for (int i = 0; i < n; i++)
            v[k * n + i] = (k == i + 1) ? scale : 0;
}

/* No Genz family claims an exact value over simplices. */
static void test_genz_simplices(void)
{
    double v[4 * 3];
    unit_simplex(3, 1, v);
    pint_domain dom = simplex_dom(1, v);
    for (int f = 0; f < 6; f++) {
        pint_testfn *t = pint_testfn_new(expected_names[f], 3, 1, 1, NULL,
                                         0);
        CU_ASSERT_PTR_NOT_NULL_FATAL(t);
        double ex;
        CU_ASSERT_EQUAL(pint_testfn_exact(t, &dom, &ex), 0);
        pint_testfn_free(t);
    }
}

/* exp(x1 + 2 x2 + 3 x3) over the unit 3-simplex: the exponent at the
 * vertices is c = (0, 1, 2, 3) and 3! vol = 1, so the integral is
 * sum_j e^{c_j} / prod_{k != j} (c_j - c_k)
 *   = -1/6 + e/2 - e^2/2 + e^3/6. */
static void test_explin_simplex3(void)
{
    double e = exp(1.0);
    double want = -1.0 / 6 + e / 2 - e * e / 2 + e * e * e / 6;
    pint_testfn *t = pint_testfn_new("explin", 3, 1, 1, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    double v[4 * 3], ex = 0;
    unit_simplex(3, 1, v);
    pint_domain dom = simplex_dom(1, v);
    CU_ASSERT(pint_testfn_exact(t, &dom, &ex));
    ASSERT_REL(ex, want, 1e-13);

    /* the vertex order does not matter */
    double w[4 * 3] = { 0, 0, 1,  1, 0, 0,  0, 0, 0,  0, 1, 0 };
    dom = simplex_dom(1, w);
    CU_ASSERT(pint_testfn_exact(t, &dom, &ex));
    ASSERT_REL(ex, want, 1e-13);

    /* the unit cube as its 6 Kuhn simplices (x_p(0) <= x_p(1) <= x_p(2)
     * for each permutation p) gives the box value prod (e^i - 1) / i */
    static const int perm[6][3] = { {0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                    {1, 2, 0}, {2, 0, 1}, {2, 1, 0} };
    double kuhn[6 * 4 * 3];
    for (int s = 0; s < 6; s++)
        for (int k = 0; k <= 3; k++)
            for (int i = 0; i < 3; i++) {
                /* vertex k has ones in the last k coordinates of p */
                int pos = 0;
                while (perm[s][pos] != i)
                    pos++;
                kuhn[(s * 4 + k) * 3 + i] = pos >= 3 - k ? 1 : 0;
            }
    dom = simplex_dom(6, kuhn);
    CU_ASSERT(pint_testfn_exact(t, &dom, &ex));
    ASSERT_REL(ex, (e - 1) * (e * e - 1) / 2 * (e * e * e - 1) / 3, 1e-13);
    pint_testfn_free(t);
}

/* A 2-simplex against nested GSL: well separated, equal and nearly equal
 * exponents at the vertices (where the divided-difference formula would
 * divide by zero), and a wide one. */
static void test_explin_simplex2(void)
{
    const double tri[][6] = {
        { 0.2, -0.1,  1.3, 0.4,  0.5, 1.1 },          /* generic */
        { 0, 0,  2, -1,  0.5, 0.8 },                  /* c.v = 0, 0, 2.1 */
        { 0, 0,  2, -1 + 1e-9,  0.5, 0.8 },           /* 0, 2e-9, 2.1 */
        { 0.1, 0.1,  0.2, 0.05,  0.15, 0.15 },        /* all within 0.2 */
        { -3, 0,  4, -1,  1, 3 },                     /* -3, 2, 7 */
    };
    pint_testfn *t = pint_testfn_new("explin", 2, 1, 1, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    for (size_t k = 0; k < sizeof tri / sizeof tri[0]; k++) {
        pint_domain dom = simplex_dom(1, tri[k]);
        double ex = 0;
        int ok;
        CU_ASSERT(pint_testfn_exact(t, &dom, &ex));
        double num = gsl_triangle(t, tri[k], &ok);
        CU_ASSERT(ok);
        ASSERT_REL(ex, num, 1e-10);
    }
    pint_testfn_free(t);
}

/* The wide unit 3-simplex scaled by 10 (exponents 0, 10, 20, 30: the
 * recurrence side) and one with a tight cluster of exponents (the series
 * side), against the explicit divided difference. */
static void test_explin_simplex_wide(void)
{
    pint_testfn *t = pint_testfn_new("explin", 3, 1, 1, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    double v[4 * 3], ex = 0;
    unit_simplex(3, 10, v);
    pint_domain dom = simplex_dom(1, v);
    CU_ASSERT(pint_testfn_exact(t, &dom, &ex));
    /* sum_j e^{z_j} / prod (z_j - z_k) for z = 0, 10, 20, 30, times
     * |det| = 1000 */
    double z[4] = { 0, 10, 20, 30 }, want = 0;
    for (int j = 0; j < 4; j++) {
        double p = 1;
        for (int k = 0; k < 4; k++)
            if (k != j)
                p *= z[j] - z[k];
        want += exp(z[j]) / p;
    }
    ASSERT_REL(ex, 1000 * want, 1e-12);

    /* a tiny simplex at (1,1,1), edges h = 2^-20 so that every vertex,
     * exponent (6 + h k) and |det| = h^3 is exact:
     * exp[z_0..z_3] = e^6 sum_k h_k(0, h, 2h, 3h) / (3 + k)!
     *               = e^6 (1/6 + 6 h / 24 + 25 h^2 / 120 + O(h^3)) */
    double h = 0x1p-20;
    unit_simplex(3, h, v);
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < 3; i++)
            v[k * 3 + i] += 1;
    CU_ASSERT(pint_testfn_exact(t, &dom, &ex));
    ASSERT_REL(ex, h * h * h * exp(6.0)
                   * (1.0 / 6 + 6 * h / 24 + 25 * h * h / 120), 1e-13);
    pint_testfn_free(t);
}

/* The unit n-simplex scaled by h: the exponent at the vertices is
 * 0, h, ..., n h, equally spaced, so the divided difference is the forward
 * difference (e^h - 1)^n / (n! h^n), and |det| = h^n: the integral is
 * (e^h - 1)^n / n!.  Wide (h = 10), unit, and clustered (h = 1e-3) nodes,
 * n = 1..16. */
static void test_explin_simplex_n(void)
{
    const double hs[] = { 10, 1, 1e-3 };
    for (int n = 1; n <= 16; n++) {
        pint_testfn *t = pint_testfn_new("explin", n, 1, 1, NULL, 0);
        CU_ASSERT_PTR_NOT_NULL_FATAL(t);
        double v[17 * 16];
        pint_domain dom = simplex_dom(1, v);
        for (int k = 0; k < 3; k++) {
            unit_simplex(n, hs[k], v);
            double want = 1, ex = 0;
            for (int j = 1; j <= n; j++)
                want *= expm1(hs[k]) / j;
            CU_ASSERT(pint_testfn_exact(t, &dom, &ex));
            ASSERT_REL(ex, want, 1e-13);
        }
        pint_testfn_free(t);
    }
}

/* "one" over simplices is their volume; over a box, the box's. */
static void test_one_volume(void)
{
    pint_testfn *t = pint_testfn_new("one", 3, 1, 1, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    double v[2 * 4 * 3], ex = 0;
    unit_simplex(3, 1, v);
    unit_simplex(3, 2, v + 12);
    v[12 + 3 * 2 + 0] = 0.5;    /* shear vertex 2: same volume */
    pint_domain dom = simplex_dom(1, v);
    CU_ASSERT(pint_testfn_exact(t, &dom, &ex));
    ASSERT_REL(ex, 1.0 / 6, 1e-15);
    dom = simplex_dom(2, v);
    CU_ASSERT(pint_testfn_exact(t, &dom, &ex));
    ASSERT_REL(ex, 1.0 / 6 + 8.0 / 6, 1e-15);
    double lo[3] = { -1, 0, 2 }, hi[3] = { 2, 0.5, 2.25 };
    dom = box_dom(lo, hi);
    CU_ASSERT(pint_testfn_exact(t, &dom, &ex));
    ASSERT_REL(ex, 3 * 0.5 * 0.25, 1e-15);
    pint_testfn_free(t);

    /* a 2-D triangle, orientation reversed */
    t = pint_testfn_new("one", 2, 1, 1, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    double tri[6] = { 0, 0,  0, 2,  3, 0 };
    dom = simplex_dom(1, tri);
    CU_ASSERT(pint_testfn_exact(t, &dom, &ex));
    ASSERT_REL(ex, 3, 1e-15);
    pint_testfn_free(t);
}

/* Domains the routines cannot use give "unknown". */
static void test_exact_bad_domain(void)
{
    pint_testfn *t = pint_testfn_new("genz1", 2, 1, 1, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    double lo[2] = { 0, 1 }, hi[2] = { 1, 1 }, ex;
    pint_domain dom = box_dom(lo, hi);  /* empty in x2 */
    CU_ASSERT_EQUAL(pint_testfn_exact(t, &dom, &ex), 0);
    hi[1] = 2;
    CU_ASSERT_EQUAL(pint_testfn_exact(t, &dom, &ex), 1);
    CU_ASSERT_EQUAL(pint_testfn_exact(t, NULL, &ex), 0);
    pint_testfn_free(t);

    t = pint_testfn_new("one", 2, 1, 1, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    dom = simplex_dom(0, lo);
    CU_ASSERT_EQUAL(pint_testfn_exact(t, &dom, &ex), 0);
    dom = simplex_dom(1, NULL);
    CU_ASSERT_EQUAL(pint_testfn_exact(t, &dom, &ex), 0);
    pint_testfn_free(t);

    /* explin overflowing on a large box is unknown, not inf */
    t = pint_testfn_new("explin", 1, 1, 1, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    double l1[1] = { 0 }, h1[1] = { 800 };
    dom = box_dom(l1, h1);
    CU_ASSERT_EQUAL(pint_testfn_exact(t, &dom, &ex), 0);
    h1[0] = 700;
    CU_ASSERT_EQUAL(pint_testfn_exact(t, &dom, &ex), 1);
    pint_testfn_free(t);
}

/* f along axis i through the point x of the context. */
typedef struct {
    pint_function fn;
    double x[64];
    int axis;
} line_ctx;

static double along_axis(double s, void *p)
{
    line_ctx *lc = p;
    double v;
    lc->x[lc->axis] = s;
    lc->fn.f(64, lc->x, 1, &v, lc->fn.ctx);
    return v;
}

/* A box exact value at high dimension: the products stay accurate. */
static void test_exact_high_dim(void)
{
    double lo[64], hi[64];
    for (int i = 0; i < 64; i++) {
        lo[i] = 0;
        hi[i] = 1;
    }
    pint_domain dom = box_dom(lo, hi);
    double ex[3];
    pint_testfn *t = pint_testfn_new("vec3", 64, 1, 1, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    CU_ASSERT(pint_testfn_exact(t, &dom, ex));
    ASSERT_REL(ex[0], 1, 1e-15);
    ASSERT_REL(ex[1], 32, 1e-15);
    ASSERT_REL(ex[2], pow(sin(1.0), 64), 1e-13);
    pint_testfn_free(t);
    /* the product families against their own values: f = prod_i g_i(x_i),
     * so the integral is f(u) prod_i (int f on the line through u along
     * axis i) / f(u), each line by GSL qags cut at u_i: no parameter of
     * the family is used.  (genz2 at n = 64 is a product of 64 factors
     * a_i^2 < 1 at its peak: its value underflows to 0.) */
    const char *prod[] = { "genz4", "genz5" };
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(LIMIT);
    for (int k = 0; k < 2; k++) {
        t = pint_testfn_new(prod[k], 64, 1, 1, NULL, 0);
        CU_ASSERT_PTR_NOT_NULL_FATAL(t);
        CU_ASSERT(pint_testfn_exact(t, &dom, ex));
        line_ctx lc = { pint_testfn_function(t), { 0 }, 0 };
        memcpy(lc.x, t->u, 64 * sizeof *lc.x);
        double fu;
        lc.fn.f(64, lc.x, 1, &fu, lc.fn.ctx);
        double logp = log(fu);
        for (int i = 0; i < 64; i++) {
            lc.axis = i;
            gsl_function F = { along_axis, &lc };
            double r1, e1, r2, e2;
            gsl_integration_qags(&F, 0, t->u[i], 0, 1e-13, LIMIT, w, &r1, &e1);
            gsl_integration_qags(&F, t->u[i], 1, 0, 1e-13, LIMIT, w, &r2, &e2);
            lc.x[i] = t->u[i];
            logp += log((r1 + r2) / fu);
        }
        ASSERT_REL(ex[0], exp(logp), 1e-11);
        pint_testfn_free(t);
    }
    gsl_integration_workspace_free(w);
}

/* The batch forms of the Genz families give the point forms' values bit
 * for bit (the engines call the batch form); the classic families have
 * none. */
static void test_genz_batch(void)
{
    const char *fam[6] = { "genz1", "genz2", "genz3", "genz4", "genz5",
                           "genz6" };
    enum { NPTS = 257 };
    for (int k = 0; k < 6; k++)
        for (int n = 1; n <= 12; n += 5) {
            pint_testfn *t = pint_testfn_new(fam[k], n, 7, 1, NULL, 0);
            CU_ASSERT_PTR_NOT_NULL_FATAL(t);
            pint_function fn = pint_testfn_function(t);
            CU_ASSERT_PTR_NOT_NULL_FATAL(fn.fbatch);
            static double x[NPTS * 12], fb[NPTS], fp[NPTS];
            pint_rng rng;
            pint_rng_seed(&rng, 99 + (uint64_t)k);
            for (int i = 0; i < NPTS * n; i++)
                x[i] = pint_rng_uniform(&rng);
            CU_ASSERT_EQUAL(fn.fbatch(n, NPTS, x, 1, fb, fn.ctx), 0);
            int same = 1;
            for (int p = 0; p < NPTS; p++) {
                CU_ASSERT_EQUAL(fn.f(n, x + p * n, 1, fp + p, fn.ctx), 0);
                same &= memcmp(fp + p, fb + p, sizeof *fb) == 0;
            }
            CU_ASSERT(same);
            /* a foreign context is refused, as by the point form */
            CU_ASSERT_NOT_EQUAL(fn.fbatch(n + 1, NPTS, x, 1, fb, fn.ctx), 0);
            pint_testfn_free(t);
        }
    pint_testfn *t = pint_testfn_new("explin", 2, 1, 1, NULL, 0);
    CU_ASSERT_PTR_NULL(pint_testfn_function(t).fbatch);
    pint_testfn_free(t);
}

static CU_TestInfo tests[] = {
    { "Genz batch forms equal the point forms", test_genz_batch },
    { "registry order and fields", test_registry },
    { "splitmix64 reference and streams", test_rng },
    { "bad name, dimension, difficulty", test_new_errors },
    { "Genz normalization sum(a)", test_params },
    { "Genz draw order u then a", test_params_order },
    { "Genz parameters reproducible", test_params_reproducible },
    { "classic families have no parameters", test_classic_no_params },
    { "pint_function and point values", test_function },
    { "exact vs GSL, d = 1, 2, two boxes", test_exact_boxes },
    { "exact vs a tensor Gauss rule, d = 3, genz1-6", test_exact_3d },
    { "exact vs GSL, narrow boxes", test_exact_narrow },
    { "genz3 vs Laplace form, n = 5..16", test_genz3 },
    { "genz3 unknown when untrustworthy", test_genz3_unknown },
    { "Genz over simplices unknown", test_genz_simplices },
    { "explin over the unit 3-simplex", test_explin_simplex3 },
    { "explin over triangles vs GSL", test_explin_simplex2 },
    { "explin over wide and tiny simplices", test_explin_simplex_wide },
    { "explin over scaled unit n-simplices", test_explin_simplex_n },
    { "one gives volumes", test_one_volume },
    { "unusable domains are unknown", test_exact_bad_domain },
    { "box exact values at n = 64", test_exact_high_dim },
    CU_TEST_INFO_NULL,
};

int main(void)
{
    /* failures are checked through the returned status */
    gsl_set_error_handler_off();
    return pint_test_run("integrands", tests);
}

/* genz.c -- the six test families of Genz (1987) with closed-form
 * integrals over any box [lo, hi] (Cucos 2003, Table 5.1).
 *
 *   genz1 oscillatory    cos(2 pi u_1 + sum a_i x_i)
 *   genz2 product peak   prod 1 / (a_i^-2 + (x_i - u_i)^2)
 *   genz3 corner peak    (1 + sum a_i x_i)^-(n+1)
 *   genz4 Gaussian       exp(-sum a_i^2 (x_i - u_i)^2)
 *   genz5 C0             exp(-sum a_i |x_i - u_i|)
 *   genz6 discontinuous  0 if x_1 > u_1 or (n >= 2 and x_2 > u_2),
 *                        else exp(sum a_i x_i)
 *
 * Parameters (pint_genz_params): u_1..u_n are drawn first, then a_1..a_n,
 * each as 0.05 + 0.9 U with U = pint_rng_uniform of a generator seeded
 * with the instance's seed; then a is scaled so that
 * sum(a) = h difficulty / n^e.  That order is part of the reproducibility
 * contract: changing it changes every published benchmark instance.
 *
 * The exact values are products of one-dimensional integrals except for
 * genz3, whose integral is an alternating sum over the 2^n corners of the
 * box; that sum cancels badly, so it is done in double-double arithmetic
 * with a running error bound, and reported unknown when the bound does not
 * guarantee 1e-13 relative accuracy.  Over simplices no family has a closed
 * form here (exact returns 0).
 */
#include <math.h>
#include <stddef.h>

#include "integrands.h"
#include "families.h"

#define GENZ_PI 3.14159265358979323846
#define GENZ_SQRT_PI 1.77245385090551602730

/* Sum normalization (h, e) of families 1..6: sum(a) = h difficulty / n^e. */
static const double genz_h[PINT_GENZ_COUNT] = { 110, 600, 600, 100, 150, 100 };
static const double genz_e[PINT_GENZ_COUNT] = { 1.5, 2, 2, 1, 2, 2 };

/* Index 0..5 of a Genz family, or -1. */
static int genz_index(const pint_testfn_family *fam)
{
    for (int k = 0; k < PINT_GENZ_COUNT; k++)
        if (fam == &pint_genz_families[k])
            return k;
    return -1;
}

int pint_genz_params(const pint_testfn_family *fam, int ndim, uint64_t seed,
                     double difficulty, double *u, double *a)
{
    int k = genz_index(fam);
    if (k < 0 || ndim < 1)
        return -1;

    pint_rng r;
    pint_rng_seed(&r, seed);
    for (int i = 0; i < ndim; i++)
        u[i] = 0.05 + 0.9 * pint_rng_uniform(&r);
    double sum = 0;
    for (int i = 0; i < ndim; i++) {
        a[i] = 0.05 + 0.9 * pint_rng_uniform(&r);
        sum += a[i];
    }

    double target = genz_h[k] * difficulty / pow((double)ndim, genz_e[k]);
    double scale = target / sum;
    if (!isfinite(scale) || !(scale > 0))
        return -1;
    for (int i = 0; i < ndim; i++)
        a[i] *= scale;
    return 0;
}

/* The Genz instance behind ctx, or NULL (see pint_testfn_ctx). */
static const pint_testfn *genz_ctx(int ndim, int ncomp, void *ctx)
{
    const pint_testfn *t = pint_testfn_ctx(ndim, ncomp, ctx);
    if (t == NULL || t->u == NULL || t->a == NULL)
        return NULL;
    return t;
}

/* ---------------------------------------------------------- integrands */

static int genz1_eval(int ndim, const double *x, int ncomp, double *fval,
                      void *ctx)
{
    const pint_testfn *t = genz_ctx(ndim, ncomp, ctx);
    if (t == NULL)
        return -1;
    double s = 2 * GENZ_PI * t->u[0];
    for (int i = 0; i < ndim; i++)
        s += t->a[i] * x[i];
    fval[0] = cos(s);
    return 0;
}

static int genz2_eval(int ndim, const double *x, int ncomp, double *fval,
                      void *ctx)
{
    const pint_testfn *t = genz_ctx(ndim, ncomp, ctx);
    if (t == NULL)
        return -1;
    double p = 1;
    for (int i = 0; i < ndim; i++) {
        double d = x[i] - t->u[i];
        p /= 1 / (t->a[i] * t->a[i]) + d * d;
    }
    fval[0] = p;
    return 0;
}

static int genz3_eval(int ndim, const double *x, int ncomp, double *fval,
                      void *ctx)
{
    const pint_testfn *t = genz_ctx(ndim, ncomp, ctx);
    if (t == NULL)
        return -1;
    double s = 1;
    for (int i = 0; i < ndim; i++)
        s += t->a[i] * x[i];
    fval[0] = pow(s, -(double)(ndim + 1));
    return 0;
}

static int genz4_eval(int ndim, const double *x, int ncomp, double *fval,
                      void *ctx)
{
    const pint_testfn *t = genz_ctx(ndim, ncomp, ctx);
    if (t == NULL)
        return -1;
    double s = 0;
    for (int i = 0; i < ndim; i++) {
        double d = t->a[i] * (x[i] - t->u[i]);
        s += d * d;
    }
    fval[0] = exp(-s);
    return 0;
}

static int genz5_eval(int ndim, const double *x, int ncomp, double *fval,
                      void *ctx)
{
    const pint_testfn *t = genz_ctx(ndim, ncomp, ctx);
    if (t == NULL)
        return -1;
    double s = 0;
    for (int i = 0; i < ndim; i++)
        s += t->a[i] * fabs(x[i] - t->u[i]);
    fval[0] = exp(-s);
    return 0;
}

static int genz6_eval(int ndim, const double *x, int ncomp, double *fval,
                      void *ctx)
{
    const pint_testfn *t = genz_ctx(ndim, ncomp, ctx);
    if (t == NULL)
        return -1;
    if (x[0] > t->u[0] || (ndim >= 2 && x[1] > t->u[1])) {
        fval[0] = 0;
        return 0;
    }
    double s = 0;
    for (int i = 0; i < ndim; i++)
        s += t->a[i] * x[i];
    fval[0] = exp(s);
    return 0;
}

/* ------------------------------------------------------- batch forms */

/* The same six integrands on npts points at once: the instance is looked
 * up once, and the inner loops over the coordinates carry no calls, so
 * the compiler can vectorize them.  Values are bit-identical to the point
 * forms (same operations in the same order). */
#define GENZ_BATCH(name, body)                                              \
    static int name(int ndim, size_t npts, const double *x, int ncomp,     \
                    double *fval, void *ctx)                                \
    {                                                                       \
        const pint_testfn *t = genz_ctx(ndim, ncomp, ctx);                  \
        if (t == NULL)                                                      \
            return -1;                                                      \
        const double *restrict a = t->a, *restrict u = t->u;                \
        (void)a;                                                            \
        (void)u;                                                            \
        for (size_t p = 0; p < npts; p++) {                                 \
            const double *restrict xp = x + p * (size_t)ndim;               \
            body                                                            \
        }                                                                   \
        return 0;                                                           \
    }

GENZ_BATCH(genz1_batch, {
    double s = 2 * GENZ_PI * u[0];
    for (int i = 0; i < ndim; i++)
        s += a[i] * xp[i];
    fval[p] = cos(s);
})

GENZ_BATCH(genz2_batch, {
    double q = 1;
    for (int i = 0; i < ndim; i++) {
        double d = xp[i] - u[i];
        q /= 1 / (a[i] * a[i]) + d * d;
    }
    fval[p] = q;
})

GENZ_BATCH(genz3_batch, {
    double s = 1;
    for (int i = 0; i < ndim; i++)
        s += a[i] * xp[i];
    fval[p] = pow(s, -(double)(ndim + 1));
})

GENZ_BATCH(genz4_batch, {
    double s = 0;
    for (int i = 0; i < ndim; i++) {
        double d = a[i] * (xp[i] - u[i]);
        s += d * d;
    }
    fval[p] = exp(-s);
})

GENZ_BATCH(genz5_batch, {
    double s = 0;
    for (int i = 0; i < ndim; i++)
        s += a[i] * fabs(xp[i] - u[i]);
    fval[p] = exp(-s);
})

GENZ_BATCH(genz6_batch, {
    if (xp[0] > u[0] || (ndim >= 2 && xp[1] > u[1])) {
        fval[p] = 0;
        continue;
    }
    double s = 0;
    for (int i = 0; i < ndim; i++)
        s += a[i] * xp[i];
    fval[p] = exp(s);
})

/* ------------------------------------------- one-dimensional integrals */

/* sin(z)/z, 1 at 0. */
static double sinc(double z)
{
    return z == 0 ? 1 : sin(z) / z;
}

/* atan(x) - atan(y), with d = x - y computed by the caller from the
 * interval width (more accurate than subtracting x and y).  When
 * xy > -1 the difference lies in (-pi/2, pi/2) and equals
 * atan(d / (1 + xy)), which keeps its relative accuracy when x and y are
 * large and close; otherwise x and y have opposite signs and the plain
 * difference does not cancel. */
static double atan_diff(double x, double y, double d)
{
    if (x * y > -1)
        return atan(d / (1 + x * y));
    return atan(x) - atan(y);
}

/* erf(x) - erf(y) without the cancellation of two values near +-1: on one
 * side of 0 the difference of erfc of the magnitudes is exact to a few
 * ulps of itself. */
static double erf_diff(double x, double y)
{
    if (x >= 0 && y >= 0)
        return erfc(y) - erfc(x);
    if (x <= 0 && y <= 0)
        return erfc(-x) - erfc(-y);
    return erf(x) - erf(y);
}

/* Integral of exp(-a |x - u|) over [l, h], a > 0.  Each branch is a
 * product or sum of positive terms, with expm1 for the narrow cases. */
static double c0_integral(double a, double u, double l, double h)
{
    if (h <= u)
        return exp(-a * (u - h)) * -expm1(-a * (h - l)) / a;
    if (l >= u)
        return exp(-a * (l - u)) * -expm1(-a * (h - l)) / a;
    return (-expm1(-a * (u - l)) - expm1(-a * (h - u))) / a;
}

/* Integral of exp(a x) over [l, h], a > 0 (expm1: exact for narrow or
 * weak cases too). */
static double exp_integral(double a, double l, double h)
{
    return exp(a * l) * expm1(a * (h - l)) / a;
}

/* ------------------------------------------------ exact box integrals */

static int genz1_exact(const pint_testfn *t, const pint_domain *dom,
                       double *exact)
{
    if (!pint_testfn_is_box(t, dom))
        return 0;
    /* Re of e^{i 2 pi u1} prod_i int e^{i a_i x_i}: each factor is
     * e^{i a m} w sinc(a w / 2) with m, w the midpoint and width */
    double phase = 2 * GENZ_PI * t->u[0], prod = 1;
    for (int i = 0; i < t->ndim; i++) {
        double l = dom->lo[i], h = dom->hi[i], a = t->a[i];
        phase += a * (0.5 * l + 0.5 * h);
        prod *= (h - l) * sinc(0.5 * a * (h - l));
    }
    exact[0] = cos(phase) * prod;
    return 1;
}

static int genz2_exact(const pint_testfn *t, const pint_domain *dom,
                       double *exact)
{
    if (!pint_testfn_is_box(t, dom))
        return 0;
    double prod = 1;
    for (int i = 0; i < t->ndim; i++) {
        double l = dom->lo[i], h = dom->hi[i], a = t->a[i], u = t->u[i];
        prod *= a * atan_diff(a * (h - u), a * (l - u), a * (h - l));
    }
    exact[0] = prod;
    return 1;
}

static int genz4_exact(const pint_testfn *t, const pint_domain *dom,
                       double *exact)
{
    if (!pint_testfn_is_box(t, dom))
        return 0;
    double prod = 1;
    for (int i = 0; i < t->ndim; i++) {
        double l = dom->lo[i], h = dom->hi[i], a = t->a[i], u = t->u[i];
        prod *= GENZ_SQRT_PI / (2 * a) * erf_diff(a * (h - u), a * (l - u));
    }
    exact[0] = prod;
    return 1;
}

static int genz5_exact(const pint_testfn *t, const pint_domain *dom,
                       double *exact)
{
    if (!pint_testfn_is_box(t, dom))
        return 0;
    double prod = 1;
    for (int i = 0; i < t->ndim; i++)
        prod *= c0_integral(t->a[i], t->u[i], dom->lo[i], dom->hi[i]);
    exact[0] = prod;
    return 1;
}

static int genz6_exact(const pint_testfn *t, const pint_domain *dom,
                       double *exact)
{
    if (!pint_testfn_is_box(t, dom))
        return 0;
    double prod = 1;
    for (int i = 0; i < t->ndim; i++) {
        double l = dom->lo[i], h = dom->hi[i];
        /* the first two coordinates are cut off at u */
        if (i < 2 && h > t->u[i])
            h = t->u[i];
        if (h <= l) {
            prod = 0;
            break;
        }
        prod *= exp_integral(t->a[i], l, h);
    }
    exact[0] = prod;
    return 1;
}

/* ------------------------------------------------- genz3: corner peak */

/* Integrating s^-(n+1), s = 1 + a.x, once per coordinate gives
 *
 *   I = 1 / (n! prod a_i) * sum_{v corner} (-1)^{#hi(v)} / s(v),
 *
 * the n-fold difference of 1/s over the box.  The terms are O(1/s) while
 * the sum is n! prod a_i I, so the sum loses about log10(sum|t| / |S|)
 * digits: at difficulty 1 on the unit cube 7 at n = 12 (plain doubles
 * would keep 9 digits, too few), 16 at n = 20.  Double-double arithmetic
 * (about 32 digits) and a running bound on the rounding error decide, per
 * instance and box, whether the result is good to GENZ3_RELTOL: it is
 * known up to n = 15 at difficulty 0.25, 19 at difficulty 1, and up to the
 * cap GENZ3_MAXDIM (2^22 corners, 0.2 s) at difficulty 4.  Where known,
 * the value agrees with an independent 1-D quadrature to about 1e-15. */
#define GENZ3_MAXDIM 22
#define GENZ3_RELTOL 1e-13
/* unit roundoff of the double-double operations below, with slack */
#define DD_EPS 0x1.0p-104

/* A double-double: the unevaluated sum hi + lo, |lo| <= ulp(hi) / 2. */
typedef struct {
    double hi, lo;
} dd_real;

/* a + b exactly as a double-double (Knuth's branch-free TwoSum). */
static dd_real two_sum(double a, double b)
{
    double s = a + b, bb = s - a;
    dd_real r = { s, (a - (s - bb)) + (b - bb) };
    return r;
}

/* a + b exactly, valid when |a| >= |b| (Dekker's FastTwoSum). */
static dd_real fast_two_sum(double a, double b)
{
    double s = a + b;
    dd_real r = { s, b - (s - a) };
    return r;
}

/* a * b exactly: fma gives the rounding error of the product. */
static dd_real two_prod(double a, double b)
{
    double p = a * b;
    dd_real r = { p, fma(a, b, -p) };
    return r;
}

/* x + y, relative error about 2 u^2 even under cancellation. */
static dd_real dd_add(dd_real x, dd_real y)
{
    dd_real s = two_sum(x.hi, y.hi), e = two_sum(x.lo, y.lo);
    s.lo += e.hi;
    s = fast_two_sum(s.hi, s.lo);
    s.lo += e.lo;
    return fast_two_sum(s.hi, s.lo);
}

static dd_real dd_sub(dd_real x, dd_real y)
{
    dd_real my = { -y.hi, -y.lo };
    return dd_add(x, my);
}

/* x * b for a double b. */
static dd_real dd_mul_d(dd_real x, double b)
{
    dd_real p = two_prod(x.hi, b);
    p.lo += x.lo * b;
    return fast_two_sum(p.hi, p.lo);
}

/* 1 / x by long division: three double quotients, each correcting the
 * remainder of the previous ones. */
static dd_real dd_recip(dd_real x)
{
    dd_real one = { 1, 0 };
    double q1 = 1 / x.hi;
    dd_real r = dd_sub(one, dd_mul_d(x, q1));
    double q2 = r.hi / x.hi;
    r = dd_sub(r, dd_mul_d(x, q2));
    double q3 = r.hi / x.hi;
    dd_real q = fast_two_sum(q1, q2);
    dd_real q3d = { q3, 0 };
    return dd_add(q, q3d);
}

/* State of the corner sum: the exact products a_i lo_i and a_i hi_i, their
 * magnitudes, and the accumulated error measure. */
typedef struct {
    int n;
    dd_real lo_term[GENZ3_MAXDIM], hi_term[GENZ3_MAXDIM];
    double lo_mag[GENZ3_MAXDIM], hi_mag[GENZ3_MAXDIM];
    double weight;      /* sum over corners of |1/s| * (sum |terms of s|)/s */
} corner_sum;

/* Sum over the corners below coordinate i of (-1)^{#hi} / s, where s
 * already holds 1 + sum_{j<i} a_j x_j (mag: the sum of the magnitudes of
 * its terms).  Recursing on the coordinates makes the signed sum a binary
 * tree, so its rounding error grows with n and not with 2^n. */
static dd_real corner_tree(corner_sum *c, int i, dd_real s, double mag)
{
    if (i == c->n) {
        dd_real t = dd_recip(s);
        /* relative error of s is about (n + 1) DD_EPS mag / s; it passes
         * to 1/s unchanged */
        c->weight += t.hi * (mag / s.hi);
        return t;
    }
    dd_real a = corner_tree(c, i + 1, dd_add(s, c->lo_term[i]),
                            mag + c->lo_mag[i]);
    dd_real b = corner_tree(c, i + 1, dd_add(s, c->hi_term[i]),
                            mag + c->hi_mag[i]);
    return dd_sub(a, b);
}

static int genz3_exact(const pint_testfn *t, const pint_domain *dom,
                       double *exact)
{
    int n = t->ndim;
    if (n > GENZ3_MAXDIM || !pint_testfn_is_box(t, dom))
        return 0;

    corner_sum c = { .n = n, .weight = 0 };
    dd_real smin = { 1, 0 };
    for (int i = 0; i < n; i++) {
        c.lo_term[i] = two_prod(t->a[i], dom->lo[i]);
        c.hi_term[i] = two_prod(t->a[i], dom->hi[i]);
        c.lo_mag[i] = fabs(c.lo_term[i].hi);
        c.hi_mag[i] = fabs(c.hi_term[i].hi);
        smin = dd_add(smin, c.lo_term[i]);
    }
    /* a > 0, so 1 + a.x is smallest at lo: the integrand must be finite
     * and of one sign on the whole box */
    if (!(smin.hi > 0))
        return 0;

    dd_real sum = corner_tree(&c, 0, (dd_real){ 1, 0 }, 1);
    double bound = 4 * (n + 2) * DD_EPS * c.weight;
    double s = sum.hi + sum.lo;
    /* a sum near the underflow threshold has lost the double-double tail */
    if (!(fabs(s) > 1e-250) || !(bound <= GENZ3_RELTOL * fabs(s)))
        return 0;

    /* divide by n! prod a_i one factor at a time: no overflow of n! and
     * no underflow of prod a_i on the way */
    for (int i = 0; i < n; i++)
        s /= (i + 1) * t->a[i];
    exact[0] = s;
    return 1;
}

/* --------------------------------------------------------------- table */

const pint_testfn_family pint_genz_families[PINT_GENZ_COUNT] = {
    { "genz1", "Genz oscillatory cos(2 pi u1 + sum a_i x_i)",
      1, 1, 64, 1, genz1_eval, genz1_exact,
      genz1_batch },
    { "genz2", "Genz product peak prod 1/(a_i^-2 + (x_i - u_i)^2)",
      1, 1, 64, 1, genz2_eval, genz2_exact,
      genz2_batch },
    { "genz3", "Genz corner peak (1 + a.x)^-(n+1), exact to n ~ 19",
      1, 1, 64, 1, genz3_eval, genz3_exact,
      genz3_batch },
    { "genz4", "Genz Gaussian exp(-sum a_i^2 (x_i - u_i)^2)",
      1, 1, 64, 1, genz4_eval, genz4_exact,
      genz4_batch },
    { "genz5", "Genz C0 exp(-sum a_i |x_i - u_i|)",
      1, 1, 64, 1, genz5_eval, genz5_exact,
      genz5_batch },
    { "genz6", "Genz discontinuous exp(a.x), 0 if x1 > u1 or x2 > u2",
      1, 1, 64, 1, genz6_eval, genz6_exact,
      genz6_batch },
};

/* classic.c -- a few classic integrands with exact values, for tests and
 * for checking the drivers end to end.
 *
 *   explin   exp(sum_i i x_i), weights 1..n     boxes and simplices
 *   one      1                                  boxes and simplices
 *   invsqrt  prod |x_i|^-1/2                    boxes
 *   vec3     (1, sum_i x_i, prod_i cos x_i)     boxes
 *   runge    prod 1 / (1 + 25 x_i^2)            boxes
 *   expprod  prod (1 + (e^x_i - e + 1) / i^2)   boxes, dimension 1..1000
 *
 * None of them has parameters: the seed and difficulty of an instance are
 * ignored.  The simplex integrals of explin use the divided difference of
 * exp at the values c.v_j of the exponent at the vertices (Hermite-Genocchi
 * formula), computed so that equal or nearly equal values are no problem.
 */
#include <math.h>
#include <float.h>
#include <stdlib.h>

#include "integrands.h"
#include "families.h"

#define EXPLIN_MAXDIM 16        /* e^(n(n+1)/2) stays far from overflow */
#define CLASSIC_MAXDIM 64
#define EXPPROD_MAXDIM 1000     /* the QMC engine's PINT_QMC_MAX_DIM */
#define E_MINUS_1 1.71828182845904523536
#define U_ROUND (DBL_EPSILON / 2)

/* ---------------------------------------------------------- integrands */

static int explin_eval(int ndim, const double *x, int ncomp, double *fval,
                       void *ctx)
{
    if (pint_testfn_ctx(ndim, ncomp, ctx) == NULL)
        return -1;
    double s = 0;
    for (int i = 0; i < ndim; i++)
        s += (i + 1) * x[i];
    fval[0] = exp(s);
    return 0;
}

static int one_eval(int ndim, const double *x, int ncomp, double *fval,
                    void *ctx)
{
    (void)x;
    if (pint_testfn_ctx(ndim, ncomp, ctx) == NULL)
        return -1;
    fval[0] = 1;
    return 0;
}

/* |x|^-1/2 in each coordinate.  On the measure-zero set where some x_i is
 * 0 the value is 0 rather than inf: rules that put a node on a face (a
 * lattice point at the origin) must not turn an integrable singularity
 * into a non-finite sample. */
static int invsqrt_eval(int ndim, const double *x, int ncomp, double *fval,
                        void *ctx)
{
    if (pint_testfn_ctx(ndim, ncomp, ctx) == NULL)
        return -1;
    double p = 1;
    for (int i = 0; i < ndim; i++) {
        if (x[i] == 0) {
            p = 0;
            break;
        }
        p /= sqrt(fabs(x[i]));
    }
    fval[0] = p;
    return 0;
}

static int vec3_eval(int ndim, const double *x, int ncomp, double *fval,
                     void *ctx)
{
    if (pint_testfn_ctx(ndim, ncomp, ctx) == NULL)
        return -1;
    double s = 0, p = 1;
    for (int i = 0; i < ndim; i++) {
        s += x[i];
        p *= cos(x[i]);
    }
    fval[0] = 1;
    fval[1] = s;
    fval[2] = p;
    return 0;
}

static int runge_eval(int ndim, const double *x, int ncomp, double *fval,
                      void *ctx)
{
    if (pint_testfn_ctx(ndim, ncomp, ctx) == NULL)
        return -1;
    double p = 1;
    for (int i = 0; i < ndim; i++)
        p /= 1 + 25 * x[i] * x[i];
    fval[0] = p;
    return 0;
}

/* A high-dimensional test for lattice rules: a smooth product whose
 * coordinates matter less and less, factor i being
 *
 *     g_i(x) = 1 + gamma_i (e^x - (e - 1)),  gamma_i = 1 / i^2,
 *
 * so that the integral over [0,1]^n is 1 for every n, the variance is
 * prod_i (1 + 0.242 gamma_i^2) - 1, between 0.242 (n = 1) and 0.267, and g_i
 * is smooth but not periodic (g_i(0) != g_i(1)): plain lattice sums
 * converge slowly until a periodizing transform is applied.  On [0,1]
 * factor i lies in [1 + (2 - e) gamma_i, 1 + gamma_i], within [0.28, 2].
 * The weights decay like those of the P_2 merit the Korobov generators
 * were chosen by. */
static double expprod_gamma(int i) /* i = 0 .. n-1 */
{
    return 1.0 / ((double)(i + 1) * (double)(i + 1));
}

static int expprod_eval(int ndim, const double *x, int ncomp, double *fval,
                        void *ctx)
{
    if (pint_testfn_ctx(ndim, ncomp, ctx) == NULL)
        return -1;
    double p = 1;
    for (int i = 0; i < ndim; i++)
        p *= 1 + expprod_gamma(i) * (exp(x[i]) - E_MINUS_1);
    fval[0] = p;
    return 0;
}

/* ------------------------------------------------------------ geometry */

/* Volume of a box. */
static double box_volume(int n, const double *lo, const double *hi)
{
    double v = 1;
    for (int i = 0; i < n; i++)
        v *= hi[i] - lo[i];
    return v;
}

/* n! as a double (exact up to 22!, correctly rounded products beyond). */
static double factorial(int n)
{
    double f = 1;
    for (int k = 2; k <= n; k++)
        f *= k;
    return f;
}

/* |det(v_1 - v_0, ..., v_n - v_0)| = n! times the volume of the simplex
 * with vertices v[k * n + i], by Gaussian elimination with partial
 * pivoting in work[n * n].  Accurate unless the simplex is nearly flat. */
static double simplex_det(int n, const double *v, double *work)
{
    for (int r = 0; r < n; r++)
        for (int i = 0; i < n; i++)
            work[r * n + i] = v[(r + 1) * n + i] - v[i];

    double det = 1;
    for (int c = 0; c < n; c++) {
        int piv = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(work[r * n + c]) > fabs(work[piv * n + c]))
                piv = r;
        if (work[piv * n + c] == 0)
            return 0;
        if (piv != c)
            for (int i = 0; i < n; i++) {
                double tmp = work[c * n + i];
                work[c * n + i] = work[piv * n + i];
                work[piv * n + i] = tmp;
            }
        double p = work[c * n + c];
        det *= p;
        for (int r = c + 1; r < n; r++) {
            double m = work[r * n + c] / p;
            for (int i = c + 1; i < n; i++)
                work[r * n + i] -= m * work[c * n + i];
        }
    }
    return fabs(det);
}

/* Sum over the simplices of dom of |det| (n! times their volume); -1 when
 * out of memory. */
static double simplices_det_sum(int n, const pint_domain *dom)
{
    double *work = malloc((size_t)n * (size_t)n * sizeof *work);
    if (work == NULL)
        return -1;
    double sum = 0;
    size_t stride = (size_t)(n + 1) * (size_t)n;
    for (size_t s = 0; s < dom->nsimplices; s++)
        sum += simplex_det(n, dom->vertices + s * stride, work);
    free(work);
    return sum;
}

/* --------------------------------------------- divided differences of exp */

/* Two ways to a divided difference exp[z_i..z_j] over a range of sorted
 * nodes, each with a bound on its rounding error; the table keeps, range
 * by range, the one with the smaller bound.  The Taylor series about the
 * smallest node has positive terms, so it never cancels, but needs about
 * e (spread) terms: it is tried up to EXPDD_MAXSPREAD.  The recurrence
 * divides a difference of two positive values by the spread, so it is good
 * for wide ranges and useless for (nearly) equal nodes. */
#define EXPDD_MAXSPREAD 20.0
#define EXPDD_MAXTERMS 96       /* 20^96 / 96! < 1e-25 */

/* Sort x[0..n-1] ascending (n is small). */
static void sort_small(double *x, int n)
{
    for (int i = 1; i < n; i++) {
        double v = x[i];
        int j = i;
        for (; j > 0 && x[j - 1] > v; j--)
            x[j] = x[j - 1];
        x[j] = v;
    }
}

/* Number of series terms for node spread r: the tail
 * sum_{k>K} r^k / k! <= 2 r^(K+1) / (K+1)!, valid once K + 2 >= 2 r, must
 * be negligible next to the first term, 1. */
static int series_terms(double r)
{
    double term = 1;
    int k = 0;
    while (k < EXPDD_MAXTERMS
           && (k + 2 < 2 * r || 2 * term * r / (k + 1) > 1e-3 * U_ROUND)) {
        k++;
        term *= r / k;
    }
    return k;
}

/* exp[z_0..z_m] for sorted nodes with z_m - z_0 <= EXPDD_MAXSPREAD, into
 * *val with an error bound *err.  With y = z - z_0 >= 0,
 *
 *   exp[z_0..z_m] = e^{z_0} sum_k h_k(y_0..y_m) / (m + k)!,
 *
 * h_k the complete homogeneous symmetric polynomial of degree k, built
 * node by node from h_k(..., y_p) = h_k(...) + y_p h_{k-1}(..., y_p).
 * Every quantity is non-negative, so the rounding error is a fixed multiple
 * of the value; h_k <= C(m+k, k) r^k makes term k at most r^k / (k! m!),
 * which bounds the tail. */
static void expdd_series(const double *z, int m, double *val, double *err)
{
    double r = z[m] - z[0];
    int nt = series_terms(r);
    double h[EXPDD_MAXTERMS + 1];
    h[0] = 1;
    for (int k = 1; k <= nt; k++)
        h[k] = 0;               /* h_k(y_0) = 0^k: y_0 = 0 */
    for (int p = 1; p <= m; p++) {
        double y = z[p] - z[0];
        for (int k = 1; k <= nt; k++)
            h[k] += y * h[k - 1];
    }
    double f = 1 / factorial(m), sum = 0, rk = 1, kfact = 1;
    for (int k = 0; k <= nt; k++) {
        sum += h[k] * f;
        f /= m + k + 1;
        rk *= r;
        kfact *= k + 1;
    }
    double tail = 2 * rk / kfact / factorial(m);
    double e0 = exp(z[0]);
    *val = e0 * sum;
    /* first-order count of roundings in term k: 2 (m + k) in h_k, k from
     * the y_p, m + k + 1 in 1/(m+k)!, nt in the sum; then exp and the
     * product */
    *err = e0 * tail + (3 * m + 5 * nt + 5) * U_ROUND * *val;
}

/* exp[z_0..z_n] for sorted nodes into *val with error bound *err, using d
 * and e (n + 1 each) for the table of divided differences over ranges of
 * consecutive nodes, built level by level in place.  The recurrence is
 * (exp[z_{i+1}..z_j] - exp[z_i..z_{j-1}]) / (z_j - z_i): both terms are
 * positive (exp has positive derivatives), so its running error bound is
 * the errors of the terms plus the rounding of the difference, divided by
 * the spread. */
static void expdd(const double *z, int n, double *d, double *e,
                  double *val, double *err)
{
    for (int i = 0; i <= n; i++) {
        d[i] = exp(z[i]);
        e[i] = U_ROUND * d[i];
    }
    for (int m = 1; m <= n; m++)
        for (int i = 0; i + m <= n; i++) {
            double w = z[i + m] - z[i];
            double rv = 0, re = INFINITY, sv, se;
            if (w > 0) {
                double diff = d[i + 1] - d[i];
                rv = diff / w;
                re = (e[i + 1] + e[i] + U_ROUND * fabs(diff)) / w
                   + 2 * U_ROUND * fabs(rv);
            }
            if (w <= EXPDD_MAXSPREAD) {
                expdd_series(z + i, m, &sv, &se);
                if (se < re) {
                    rv = sv;
                    re = se;
                }
            }
            d[i] = rv;
            e[i] = re;
        }
    *val = d[0];
    *err = e[0];
}

/* Integral of exp(c.x), c_i = i + 1, over the simplex with vertices
 * v[k * n + i] (n <= EXPLIN_MAXDIM): |det| exp[c.v_0, ..., c.v_n]
 * (Hermite-Genocchi).  *relerr bounds the relative error: that of the
 * divided difference, plus that of the nodes c.v_j (the logarithmic
 * derivative of exp[z] in z_j is the mean of a barycentric coordinate, and
 * these means add up to 1, so the nodes' errors count by their maximum),
 * plus a nominal 2 n u for the elimination (not a bound for a nearly flat
 * simplex, whose volume is ill-conditioned anyway). */
static double explin_simplex(int n, const double *v, double *relerr)
{
    double work[EXPLIN_MAXDIM * EXPLIN_MAXDIM];
    double z[EXPLIN_MAXDIM + 1], d[EXPLIN_MAXDIM + 1], e[EXPLIN_MAXDIM + 1];
    double zerr = 0;
    for (int j = 0; j <= n; j++) {
        double s = 0, mag = 0;
        for (int i = 0; i < n; i++) {
            s += (i + 1) * v[j * n + i];
            mag += fabs((i + 1) * v[j * n + i]);
        }
        z[j] = s;
        zerr = fmax(zerr, (n + 1) * U_ROUND * mag);
    }
    sort_small(z, n + 1);

    double dd, dderr;
    expdd(z, n, d, e, &dd, &dderr);
    double det = simplex_det(n, v, work);
    *relerr = dderr / dd + zerr + 2 * n * U_ROUND;
    return det * dd;
}

/* --------------------------------------------------------- exact values */

/* Results of the simplex routines below are trusted to this. */
#define EXPLIN_RELTOL 1e-12

static int explin_exact(const pint_testfn *t, const pint_domain *dom,
                        double *exact)
{
    int n = t->ndim;
    if (pint_testfn_is_box(t, dom)) {
        /* product of int_l^h e^{c x} = e^{c l} expm1(c (h - l)) / c */
        double p = 1;
        for (int i = 0; i < n; i++) {
            double c = i + 1, l = dom->lo[i], h = dom->hi[i];
            p *= exp(c * l) * expm1(c * (h - l)) / c;
        }
        exact[0] = p;
        return 1;
    }
    if (n > EXPLIN_MAXDIM || !pint_testfn_is_simplices(t, dom))
        return 0;
    /* the terms are positive: their relative bounds combine by maximum,
     * and compensated (Neumaier) summation keeps the sum's own rounding
     * at a few ulps however many simplices there are */
    double sum = 0, comp = 0, relerr = 0;
    size_t stride = (size_t)(n + 1) * (size_t)n;
    for (size_t s = 0; s < dom->nsimplices; s++) {
        double r;
        double x = explin_simplex(n, dom->vertices + s * stride, &r);
        double t1 = sum + x;
        comp += fabs(sum) >= fabs(x) ? (sum - t1) + x : (x - t1) + sum;
        sum = t1;
        relerr = fmax(relerr, r);
    }
    sum += comp;
    relerr += 4 * U_ROUND;
    if (!(relerr <= EXPLIN_RELTOL))
        return 0;
    exact[0] = sum;
    return 1;
}

static int one_exact(const pint_testfn *t, const pint_domain *dom,
                     double *exact)
{
    int n = t->ndim;
    if (pint_testfn_is_box(t, dom)) {
        exact[0] = box_volume(n, dom->lo, dom->hi);
        return 1;
    }
    if (!pint_testfn_is_simplices(t, dom))
        return 0;
    double dets = simplices_det_sum(n, dom);
    if (dets < 0)
        return 0;
    exact[0] = dets / factorial(n);
    return 1;
}

/* int_l^h |x|^-1/2 dx = F(h) - F(l), F(x) = 2 sign(x) sqrt|x|; on one side
 * of 0 written as 2 (h - l) / (sqrt|h| + sqrt|l|), which does not cancel
 * for narrow intervals far from 0. */
static int invsqrt_exact(const pint_testfn *t, const pint_domain *dom,
                         double *exact)
{
    if (!pint_testfn_is_box(t, dom))
        return 0;
    double p = 1;
    for (int i = 0; i < t->ndim; i++) {
        double l = dom->lo[i], h = dom->hi[i];
        double sl = sqrt(fabs(l)), sh = sqrt(fabs(h));
        if (l < 0 && h > 0)
            p *= 2 * (sh + sl);
        else
            p *= 2 * (h - l) / (sh + sl);
    }
    exact[0] = p;
    return 1;
}

static int vec3_exact(const pint_testfn *t, const pint_domain *dom,
                      double *exact)
{
    if (!pint_testfn_is_box(t, dom))
        return 0;
    int n = t->ndim;
    double vol = box_volume(n, dom->lo, dom->hi), mid = 0, cosprod = 1;
    for (int i = 0; i < n; i++) {
        double l = dom->lo[i], h = dom->hi[i];
        mid += 0.5 * l + 0.5 * h;
        /* sin h - sin l without cancellation for narrow intervals */
        cosprod *= 2 * cos(0.5 * l + 0.5 * h) * sin(0.5 * (h - l));
    }
    exact[0] = vol;
    exact[1] = vol * mid;       /* a linear function: volume times centre */
    exact[2] = cosprod;
    return 1;
}

/* atan(x) - atan(y) for y < x, d = x - y (see genz.c: the same identity
 * keeps narrow intervals away from the origin accurate). */
static double atan_diff(double x, double y, double d)
{
    if (x * y > -1)
        return atan(d / (1 + x * y));
    return atan(x) - atan(y);
}

static int runge_exact(const pint_testfn *t, const pint_domain *dom,
                       double *exact)
{
    if (!pint_testfn_is_box(t, dom))
        return 0;
    double p = 1;
    for (int i = 0; i < t->ndim; i++) {
        double l = dom->lo[i], h = dom->hi[i];
        p *= atan_diff(5 * h, 5 * l, 5 * (h - l)) / 5;
    }
    exact[0] = p;
    return 1;
}

/* Product of int_l^h g_i = w (1 - gamma_i (e - 1)) + gamma_i e^l
 * expm1(w), w = h - l: e^h - e^l written without cancellation for narrow
 * intervals. */
static int expprod_exact(const pint_testfn *t, const pint_domain *dom,
                         double *exact)
{
    if (!pint_testfn_is_box(t, dom))
        return 0;
    double p = 1;
    for (int i = 0; i < t->ndim; i++) {
        double l = dom->lo[i], w = dom->hi[i] - l, g = expprod_gamma(i);
        p *= w * (1 - g * E_MINUS_1) + g * exp(l) * expm1(w);
    }
    exact[0] = p;
    return 1;
}

/* --------------------------------------------------------------- table */

const pint_testfn_family pint_classic_families[PINT_CLASSIC_COUNT] = {
    { "explin", "exp(sum_i i x_i), exact over boxes and simplices",
      1, 1, EXPLIN_MAXDIM, 0, explin_eval, explin_exact, NULL },
    { "one", "the constant 1 (exact: the volume)",
      1, 1, CLASSIC_MAXDIM, 0, one_eval, one_exact, NULL },
    { "invsqrt", "prod |x_i|^-1/2, singular on x_i = 0 (boxes)",
      1, 1, CLASSIC_MAXDIM, 0, invsqrt_eval, invsqrt_exact, NULL },
    { "vec3", "3 components 1, sum x_i, prod cos x_i (boxes)",
      3, 1, CLASSIC_MAXDIM, 0, vec3_eval, vec3_exact, NULL },
    { "runge", "Runge peak prod 1/(1 + 25 x_i^2) (boxes)",
      1, 1, CLASSIC_MAXDIM, 0, runge_eval, runge_exact, NULL },
    { "expprod", "smooth prod 1 + (e^x_i - e + 1)/i^2, integral 1 (boxes)",
      1, 1, EXPPROD_MAXDIM, 0, expprod_eval, expprod_exact, NULL },
};

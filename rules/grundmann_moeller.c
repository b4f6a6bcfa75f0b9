/* grundmann_moeller.c -- Grundmann-Moeller rules on the n-simplex, degree
 * 2s+1 (s = 1..4), with the embedded degree 2s-1 rule as error estimator.
 *
 * Grundmann & Moeller, "Invariant integration formulas for the n-simplex by
 * combinatorial methods", SIAM J. Numer. Anal. 15 (1978) 282-290.  With
 * d = 2s+1 and m_i = d + n - 2i, the rule of index s on a simplex of unit
 * volume is
 *
 *     Q_s f = sum_{i=0}^{s} w_i  sum_{beta in N^{n+1}, |beta| = s-i} f(x_beta)
 *     w_i   = (-1)^i n! m_i^d / (4^s i! (d+n-i)!)
 *
 * where x_beta has barycentric coordinates (2 beta_j + 1) / m_i.  "Layer" i
 * holds the C(n+s-i, n) points with |beta| = s-i; in all the rule has
 * C(n+s+1, n+1) points.
 *
 * The rule of index s-1 has d' = d-2, and its layer i' has |beta| = s-1-i'
 * and denominator d'+n-2i' = m_{i'+1}: it is exactly layer i'+1 of Q_s.  So
 * the error estimate |Q_s - Q_{s-1}| needs no extra points, only a second
 * weight per layer.  For s = 1 the lower rule (index 0) is the centroid rule,
 * which the same formula gives.
 *
 * Accuracy.  The weights alternate in sign and grow with n and s: the sum of
 * |w_i| times the layer sizes is about 1140 for s = 4, n = 20, while the
 * weights add up to 1.  Rounding in the weights or in a single running sum
 * would be amplified by that factor, so
 *   - every weight is a double-double: it is the quotient of two integers
 *     that are exact doubles (both stay below 2^53 for s <= 4, n <= 20; the
 *     largest is 4^4 * 29!/20! ~ 9.3e14), and the remainder of the division
 *     is exact with fma;
 *   - the weights of Q_s - Q_{s-1} are formed in the table, not by
 *     subtracting two rule values: layer i >= 1 has sign (-1)^i in Q_s and
 *     (-1)^(i-1) in Q_{s-1}, so the difference weight is a sum of two
 *     magnitudes, with no cancellation at all;
 *   - the integrand values are summed per layer with Neumaier's compensated
 *     summation, and the layer sums are combined in double-double.
 * What is left is the rounding of the integrand values themselves.
 */
#include <math.h>
#include <stdlib.h>

#include "rule.h"

#define GM_MAX_S 4

/* An unevaluated sum hi + lo. */
typedef struct {
    double hi, lo;
} gm_dd;

typedef struct {
    int s;                      /* index: degree 2s+1, embedded 2s-1 */
    /* Layer i holds points start[i] .. start[i+1]-1; start[s+1] = npoints. */
    size_t start[GM_MAX_S + 2];
    double inv_m[GM_MAX_S + 1]; /* 1/m_i */
    gm_dd w[GM_MAX_S + 1];      /* weight of a point of layer i in Q_s */
    gm_dd e[GM_MAX_S + 1];      /* ... in Q_s - Q_{s-1} */
    /* Sparse barycentric table: point p of layer i has coordinate 1/m_i on
     * every vertex, plus coef[p*s + k] on vertex vtx[p*s + k], k < nnz[p].
     * At most s = |beta| vertices have beta_j > 0, which makes forming a
     * point O(s n) instead of O(n^2). */
    unsigned char *nnz;
    unsigned char *vtx;
    double *coef;               /* 2 beta_j / m_i */
} gm_tables;

/* ---- double-double arithmetic ---------------------------------------- */

static gm_dd gm_two_sum(double a, double b)
{
    double s = a + b;
    double bb = s - a;
    gm_dd r = { s, (a - (s - bb)) + (b - bb) };
    return r;
}

static gm_dd gm_dd_add(gm_dd a, gm_dd b)
{
    gm_dd s = gm_two_sum(a.hi, b.hi);
    return gm_two_sum(s.hi, s.lo + (a.lo + b.lo));
}

/* a * b for a double-double a and an unnormalized pair b (a Neumaier sum
 * and its compensation); the lo*lo term is below the precision kept. */
static gm_dd gm_dd_mul(gm_dd a, gm_dd b)
{
    double p = a.hi * b.hi;
    double e = fma(a.hi, b.hi, -p);
    return gm_two_sum(p, e + (a.hi * b.lo + a.lo * b.hi));
}

/* num / den as a double-double.  The remainder num - hi*den is exactly
 * representable, and fma computes it without rounding. */
static gm_dd gm_dd_div(double num, double den)
{
    double hi = num / den;
    double rem = fma(-hi, den, num);
    gm_dd r = { hi, rem / den };
    return r;
}

static gm_dd gm_dd_neg_if(gm_dd a, int negate)
{
    if (negate) {
        a.hi = -a.hi;
        a.lo = -a.lo;
    }
    return a;
}

/* ---- tables ------------------------------------------------------------ */

/* |w_i| of the rule of index s (s = 0 is the centroid rule) in dimension n,
 * on a unit-volume simplex: n! m^d / (4^s i! (d+n-i)!), m = d+n-2i, formed
 * as m^d / (4^s i! (n+1)(n+2)...(d+n-i)) with exact integer factors. */
static gm_dd gm_layer_weight(int s, int n, int i)
{
    int d = 2 * s + 1, m = d + n - 2 * i;
    double num = 1.0, den = 1.0;
    for (int k = 0; k < d; k++)
        num *= m;
    for (int k = 0; k < s; k++)
        den *= 4.0;
    for (int k = 2; k <= i; k++)
        den *= k;
    for (int k = n + 1; k <= d + n - i; k++)
        den *= k;
    return gm_dd_div(num, den);
}

static void gm_weights(gm_tables *t, int n)
{
    int s = t->s;
    for (int i = 0; i <= s; i++) {
        gm_dd hi_rule = gm_layer_weight(s, n, i);
        gm_dd diff = hi_rule;
        if (i >= 1)     /* opposite signs in the two rules: magnitudes add */
            diff = gm_dd_add(hi_rule, gm_layer_weight(s - 1, n, i - 1));
        t->w[i] = gm_dd_neg_if(hi_rule, i % 2);
        t->e[i] = gm_dd_neg_if(diff, i % 2);
        t->inv_m[i] = 1.0 / (2 * s + 1 + n - 2 * i);
    }
}

/* C(a, b) for the small arguments used here (exact in size_t). */
static size_t gm_binomial(int a, int b)
{
    size_t c = 1;
    for (int k = 1; k <= b; k++)
        c = c * (size_t)(a - b + k) / (size_t)k;
    return c;
}

/* Store point p from the multiset seq[0..q-1] of vertex indices
 * (nondecreasing; vertex j occurs beta_j times). */
static void gm_store_point(gm_tables *t, size_t p, const int *seq, int q,
                           int m)
{
    int nz = 0;
    for (int k = 0; k < q;) {
        int j = seq[k], mult = 0;
        while (k < q && seq[k] == j) {
            mult++;
            k++;
        }
        t->vtx[p * t->s + nz] = (unsigned char)j;
        t->coef[p * t->s + nz] = 2.0 * mult / m;
        nz++;
    }
    t->nnz[p] = (unsigned char)nz;
}

/* All beta in N^{n+1} with |beta| = q, as nondecreasing sequences of q
 * vertex indices in 0..n (lexicographic order), stored from point p on.
 * Returns the index after the last point stored. */
static size_t gm_fill_layer(gm_tables *t, int n, int q, int m, size_t p)
{
    int seq[GM_MAX_S] = { 0 };
    for (;;) {
        gm_store_point(t, p++, seq, q, m);
        int k = q - 1;
        while (k >= 0 && seq[k] == n)
            k--;
        if (k < 0)
            return p;
        seq[k]++;
        for (int j = k + 1; j < q; j++)
            seq[j] = seq[k];
    }
}

static void gm_tables_free(gm_tables *t)
{
    if (t == NULL)
        return;
    free(t->nnz);
    free(t->vtx);
    free(t->coef);
    free(t);
}

static gm_tables *gm_tables_new(int s, int n)
{
    gm_tables *t = calloc(1, sizeof *t);
    if (t == NULL)
        return NULL;
    t->s = s;
    t->start[0] = 0;
    for (int i = 0; i <= s; i++)
        t->start[i + 1] = t->start[i] + gm_binomial(n + s - i, n);
    size_t np = t->start[s + 1];
    t->nnz = calloc(np, sizeof *t->nnz);
    t->vtx = calloc(np * (size_t)s, sizeof *t->vtx);
    t->coef = calloc(np * (size_t)s, sizeof *t->coef);
    if (t->nnz == NULL || t->vtx == NULL || t->coef == NULL) {
        gm_tables_free(t);
        return NULL;
    }
    for (int i = 0; i <= s; i++)
        gm_fill_layer(t, n, s - i, 2 * s + 1 + n - 2 * i, t->start[i]);
    gm_weights(t, n);
    return t;
}

/* ---- the rule ---------------------------------------------------------- */

static void gm_points(const pint_rule_impl *r, const double *geom, double *x)
{
    const gm_tables *t = r->tables;
    int n = r->ndim, s = t->s;
    double vsum[PINT_SIMPLEX_MAX_DIM];

    for (int i = 0; i < n; i++) {
        vsum[i] = 0.0;
        for (int v = 0; v <= n; v++)
            vsum[i] += geom[v * n + i];
    }
    for (int layer = 0; layer <= s; layer++) {
        double c = t->inv_m[layer];
        for (size_t p = t->start[layer]; p < t->start[layer + 1]; p++) {
            double *xp = x + p * (size_t)n;
            for (int i = 0; i < n; i++)
                xp[i] = c * vsum[i];
            for (int k = 0; k < t->nnz[p]; k++) {
                const double *v = geom + t->vtx[p * s + k] * n;
                double a = t->coef[p * s + k];
                for (int i = 0; i < n; i++)
                    xp[i] += a * v[i];
            }
        }
    }
}

/* Neumaier sums of f over every layer, per component: sum[i*ncomp + k] and
 * its compensation cmp[i*ncomp + k]. */
static void gm_layer_sums(const gm_tables *t, int ncomp, const double *f,
                          double *sum, double *cmp)
{
    for (int layer = 0; layer <= t->s; layer++) {
        double *sl = sum + layer * ncomp, *cl = cmp + layer * ncomp;
        for (int k = 0; k < ncomp; k++)
            sl[k] = cl[k] = 0.0;
        for (size_t p = t->start[layer]; p < t->start[layer + 1]; p++) {
            const double *fp = f + p * (size_t)ncomp;
            for (int k = 0; k < ncomp; k++) {
                double a = sl[k], b = fp[k], u = a + b;
                cl[k] += fabs(a) >= fabs(b) ? (a - u) + b : (b - u) + a;
                sl[k] = u;
            }
        }
    }
}

static void gm_apply(const pint_rule_impl *r, const double *geom, double vol,
                     int child, const double *f, double *val, double *err,
                     int *split, double *work)
{
    (void)child;                /* no split correction */
    const gm_tables *t = r->tables;
    int ncomp = r->ncomp, s = t->s;
    double *sum = work, *cmp = work + (size_t)(s + 1) * ncomp;

    gm_layer_sums(t, ncomp, f, sum, cmp);
    for (int k = 0; k < ncomp; k++) {
        gm_dd q = { 0.0, 0.0 }, e = { 0.0, 0.0 };
        for (int i = 0; i <= s; i++) {
            gm_dd layer = { sum[i * ncomp + k], cmp[i * ncomp + k] };
            q = gm_dd_add(q, gm_dd_mul(t->w[i], layer));
            e = gm_dd_add(e, gm_dd_mul(t->e[i], layer));
        }
        val[k] = vol * (q.hi + q.lo);
        err[k] = fabs(vol * (e.hi + e.lo));
    }
    *split = pint_simplex_longest_edge(r->ndim, geom);
}

static void gm_destroy(pint_rule_impl *r)
{
    if (r == NULL)
        return;
    gm_tables_free(r->tables);
    free(r);
}

pint_rule_impl *pint_rule_grundmann_moeller_new(enum pint_rule id, int ndim,
                                                int ncomp)
{
    /* pint_rule_new checks the arguments; refuse nonsense here too rather
     * than index out of the tables. */
    if (id < PINT_RULE_SIMPLEX3 || id > PINT_RULE_SIMPLEX9
        || ndim < PINT_SIMPLEX_MIN_DIM || ndim > PINT_SIMPLEX_MAX_DIM
        || ncomp < 1)
        return NULL;
    int s = 1 + (int)(id - PINT_RULE_SIMPLEX3);

    pint_rule_impl *r = calloc(1, sizeof *r);
    if (r == NULL)
        return NULL;
    gm_tables *t = gm_tables_new(s, ndim);
    if (t == NULL) {
        free(r);
        return NULL;
    }
    r->id = id;
    r->kind = PINT_REGION_SIMPLEX;
    r->ndim = ndim;
    r->ncomp = ncomp;
    r->npoints = t->start[s + 1];
    r->points = gm_points;
    r->apply = gm_apply;
    r->work_size = 2 * (size_t)(s + 1) * (size_t)ncomp;
    r->destroy = gm_destroy;
    r->tables = t;
    return r;
}

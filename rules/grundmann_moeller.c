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
 *
 * Error estimate.  All lower GM rules are embedded, so e1 = |Q_s - Q_{s-1}|
 * and e2 = |Q_{s-1} - Q_{s-2}| come free.  In the asymptotic regime of a
 * smooth f, rho = e1/e2 is small (0.002 to 0.04 on exp and a Gaussian
 * peak) and e1 alone overestimates.  Along an edge or at a vertex where f
 * is singular the sequence decays slowly and the true error exceeds e1:
 * per region (simplex7, regions touching the singular edge, every scale
 * alike) log x: rho 0.47, error 2.1 e1; x^-1/2: 0.60, 4.9 e1; x^-3/4:
 * 0.68, 10.5 e1; x^-0.9: 0.73, 27 e1.  In the spirit of the decay checks
 * of DCUHRE (Berntsen, Espelid & Genz, ACM TOMS 17 (1991) 437), with
 * t = rho/(1-rho):
 *     E = max(1, A t, B t^2) e1,  A = 2.5, B = 4 (s >= 3; s = 2: 4, 6),
 * and for rho >= 0.8 the factor at 0.8 times max(e1, e2).  Fitted on 10
 * integrands (log, x^+-1/2, x^-3/4, x^-0.9, 1/sqrt(x+y), x log x, ...) on
 * 7 region shapes of the bisection, s = 2, 3, 4: every (region, f) had
 * error <= E but x^-0.9 at s = 2 (1.7 E) and s = 3 (0.97 E).  Only the top
 * ratio is used: a polynomial of degree 2s-1 makes e1 vanish while e2 and
 * e3 are of one size.  Differences below 1e-13 |Q| are rounding and keep
 * E = e1.  s = 1 has no ratio and keeps E = e1.  E is never below the
 * rounding of the value, 2 eps sum_i |w_i S_i| (S_i the sum of f over
 * layer i): without it, monomials the rule integrates exactly came out
 * 1.1 to 1.9 times E off.
 *
 * Split.  The longest edge keeps simplices round, and then the regions
 * along a singular edge stay as long as they are wide: x^-1/2 on the
 * triangle needed 265,380 evaluations at er 1e-3 and did not converge at
 * 1e-4 in 1e8.  The advice is therefore the edge along which f varies
 * most: on layer 0 the points beta +- (e_a - e_b) and beta lie on a line
 * parallel to edge (a, b), and the sum of |second differences| over them
 * measures f along that edge.  The longest edge is kept unless f varies
 * there 4 times less than along the edge found (pure largest difference
 * cost 1.8 times the evaluations on the Gaussian and product peaks; with
 * the factor 4 they cost 1.0 to 1.1 times).  Measured with
 * bench/simplex_honesty.c: singular cases 190,500,610 -> 512,270
 * evaluations summed over the table (4 of them now converge where they
 * hit the limit), smooth ones 22,920 -> 18,930, all honest.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "rule.h"

#define GM_MAX_S 4

/* The decay check of the error estimate (head comment, "Error
 * estimate"): E = max(1, A t, B t^2) e1 with t = rho / (1 - rho), rho the
 * largest ratio of consecutive differences; A, B for s >= 3 and for s = 2
 * (one ratio only); from rho >= RHO_MAX on, the sequence is not trusted
 * at all and E is the factor at RHO_MAX times the largest difference. */
#define GM_A 2.5
#define GM_B 4.0
#define GM_A_S2 4.0
#define GM_B_S2 6.0
#define GM_RHO_MAX 0.8
/* e1, e2 below this share of |Q|: rounding, the ratio means nothing */
#define GM_NOISE 1e-13
/* the rounding floor of an estimate, in units of eps sum_i |w_i S_i| (S_i
 * the sum of f over layer i): the sums are double-double, so what is left
 * is the rounding of the values of f themselves (symmetric.c's sums are
 * plain doubles: 50) */
#define GM_FLOOR 2.0
/* split advice: second differences equal within this share tie (the
 * longer edge wins); below this share of sum |f| they are rounding */
#define GM_SPLIT_TIE 1e-6
#define GM_SPLIT_NOISE 1e-12
#define GM_SPLIT_RATIO 4.0

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
    /* ... in Q_{s-k} - Q_{s-k-1}, k < min(s, 2): d[0] gives e1 of the
     * head comment, d[1] e2 (0 on the layers i < k the pair does not
     * use) */
    gm_dd d[2][GM_MAX_S + 1];
    /* Sparse barycentric table: point p of layer i has coordinate 1/m_i on
     * every vertex, plus coef[p*s + k] on vertex vtx[p*s + k], k < nnz[p].
     * At most s = |beta| vertices have beta_j > 0, which makes forming a
     * point O(s n) instead of O(n^2). */
    unsigned char *nnz;
    unsigned char *vtx;
    double *coef;               /* 2 beta_j / m_i */
    /* Second differences along the edges (split advice): on layer 0,
     * x_{beta + e_a - e_b} - x_beta = (2/m_0)(v_a - v_b), so the points
     * beta +- (e_a - e_b) and beta, for every beta with beta_a, beta_b >=
     * 1, lie on a line parallel to edge (a, b) at equal steps.  Edge
     * (a, b), a < b, has the triples tri[3 * q] (plus, centre, minus),
     * q = tstart[e] .. tstart[e+1]-1, e its index in (a, b) order.  None
     * when s = 1. */
    size_t *tstart;
    size_t *tri;
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
        t->w[i] = gm_dd_neg_if(gm_layer_weight(s, n, i), i % 2);
        t->inv_m[i] = 1.0 / (2 * s + 1 + n - 2 * i);
    }
    /* Q_j = Q_{s-k} uses layers i >= k of Q_s as its layers i - k, with
     * sign (-1)^(i-k); Q_{j-1} uses layers i >= k+1 with sign
     * (-1)^(i-k-1): opposite signs, so the magnitudes add */
    for (int k = 0; k < s && k < 2; k++)
        for (int i = 0; i <= s; i++) {
            gm_dd diff = { 0.0, 0.0 };
            if (i >= k) {
                diff = gm_layer_weight(s - k, n, i - k);
                if (i >= k + 1)
                    diff = gm_dd_add(diff,
                                     gm_layer_weight(s - k - 1, n, i - k - 1));
            }
            t->d[k][i] = gm_dd_neg_if(diff, (i - k) % 2);
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
    free(t->tstart);
    free(t->tri);
    free(t);
}

/* beta of layer-0 point p as a number in base s+1 (at most 5^21 < 2^63) */
static unsigned long long gm_code(const gm_tables *t, int n, size_t p,
                                  int *beta)
{
    int s = t->s, m = 2 * s + 1 + n;
    for (int j = 0; j <= n; j++)
        beta[j] = 0;
    for (int k = 0; k < t->nnz[p]; k++)
        beta[t->vtx[p * s + k]] = (int)lround(t->coef[p * s + k] * m / 2.0);
    unsigned long long c = 0;
    for (int j = 0; j <= n; j++)
        c = c * (unsigned long long)(s + 1) + (unsigned long long)beta[j];
    return c;
}

typedef struct {
    unsigned long long code;
    size_t p;
} gm_keyed;

static int gm_keyed_cmp(const void *x, const void *y)
{
    unsigned long long a = ((const gm_keyed *)x)->code,
                       b = ((const gm_keyed *)y)->code;
    return (a > b) - (a < b);
}

static size_t gm_find(const gm_keyed *k, size_t np, unsigned long long code)
{
    size_t lo = 0, hi = np;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (k[mid].code <= code)
            lo = mid;
        else
            hi = mid;
    }
    return k[lo].p;
}

static int gm_edge_triples(gm_tables *t, int n)
{
    int s = t->s;
    size_t np = t->start[1], nedge = (size_t)n * (n + 1) / 2;
    size_t per = gm_binomial(n + s - 2, n);     /* beta_a, beta_b >= 1 */
    gm_keyed *k = malloc(np * sizeof *k);
    t->tstart = malloc((nedge + 1) * sizeof *t->tstart);
    t->tri = malloc(3 * per * nedge * sizeof *t->tri);
    if (k == NULL || t->tstart == NULL || t->tri == NULL) {
        free(k);
        return -1;
    }
    int beta[PINT_SIMPLEX_MAX_DIM + 1];
    for (size_t p = 0; p < np; p++) {
        k[p].code = gm_code(t, n, p, beta);
        k[p].p = p;
    }
    qsort(k, np, sizeof *k, gm_keyed_cmp);
    unsigned long long place[PINT_SIMPLEX_MAX_DIM + 1];
    place[n] = 1;
    for (int j = n - 1; j >= 0; j--)
        place[j] = place[j + 1] * (unsigned long long)(s + 1);
    size_t q = 0, e = 0;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b <= n; b++, e++) {
            t->tstart[e] = q;
            for (size_t p = 0; p < np; p++) {
                unsigned long long c = gm_code(t, n, p, beta);
                if (beta[a] < 1 || beta[b] < 1)
                    continue;
                t->tri[3 * q] = gm_find(k, np, c + place[a] - place[b]);
                t->tri[3 * q + 1] = p;
                t->tri[3 * q + 2] = gm_find(k, np, c - place[a] + place[b]);
                q++;
            }
        }
    t->tstart[e] = q;
    free(k);
    return 0;
}

/* The sum of |second differences| of f along edge e (its index in (a, b)
 * order), over the triples of the tables and the m components. */
static double gm_edge_variation(const gm_tables *t, size_t e, int m,
                                const double *f)
{
    double d = 0.0;
    for (size_t q = t->tstart[e]; q < t->tstart[e + 1]; q++) {
        const size_t *x = t->tri + 3 * q;
        for (int k = 0; k < m; k++)
            d += fabs(f[x[0] * m + k] + f[x[2] * m + k]
                      - 2.0 * f[x[1] * m + k]);
    }
    return d;
}

/* The edge to bisect: the one with the largest sum of |second
 * differences| of f along it (head comment, "Split"); when every sum is
 * at the rounding level of f, or two are equal up to rounding, the
 * longest edge, as for s = 1. */
static int gm_split_edge(const pint_rule_impl *r, const double *geom,
                         const double *f)
{
    const gm_tables *t = r->tables;
    int n = r->ndim, m = r->ncomp;
    if (t->tri == NULL)
        return pint_simplex_longest_edge(n, geom);
    double scale = 0.0;
    for (size_t p = 0; p < t->start[1]; p++)
        for (int k = 0; k < m; k++)
            scale += fabs(f[p * m + k]);
    int best = -1;
    double best_d = 0.0, best_len = 0.0;
    size_t e = 0;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b <= n; b++, e++) {
            double d = gm_edge_variation(t, e, m, f);
            double len = 0.0;
            for (int i = 0; i < n; i++) {
                double h = geom[b * n + i] - geom[a * n + i];
                len += h * h;
            }
            /* differences within GM_SPLIT_TIE of each other tie */
            if (best < 0 || d > best_d * (1.0 + GM_SPLIT_TIE)
                || (d >= best_d * (1.0 - GM_SPLIT_TIE) && len > best_len)) {
                best = a * (n + 1) + b;
                best_d = fmax(d, best_d);
                best_len = len;
            }
        }
    if (!(best_d > GM_SPLIT_NOISE * scale))
        return pint_simplex_longest_edge(n, geom);
    /* the longest edge unless f varies GM_SPLIT_RATIO times less along
     * it than along the edge found */
    int lng = pint_simplex_longest_edge(n, geom), la = lng / (n + 1),
        lb = lng % (n + 1);
    e = (size_t)la * (2 * (size_t)n + 1 - (size_t)la) / 2 + (size_t)(lb - la - 1);
    double d = gm_edge_variation(t, e, m, f);
    return GM_SPLIT_RATIO * d >= best_d ? lng : best;
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
    if (s >= 2 && gm_edge_triples(t, n) != 0) {
        gm_tables_free(t);
        return NULL;
    }
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

/* The error estimate from e[0] = |Q_s - Q_{s-1}| and, for s >= 2,
 * e[1] = |Q_{s-1} - Q_{s-2}| (head comment, "Error estimate"). */
static double gm_estimate(int s, const double *e, double val)
{
    /* differences at the rounding level of the value carry no decay */
    if (s < 2 || fmax(e[0], e[1]) <= GM_NOISE * fabs(val))
        return e[0];
    double rho = e[1] > 0.0 ? e[0] / e[1] : e[0] > 0.0 ? HUGE_VAL : 0.0;
    double a = s == 2 ? GM_A_S2 : GM_A, b = s == 2 ? GM_B_S2 : GM_B;
    if (!(rho < GM_RHO_MAX)) {
        double t = GM_RHO_MAX / (1.0 - GM_RHO_MAX);
        return fmax(a * t, b * t * t) * fmax(e[0], e[1]);
    }
    double t = rho / (1.0 - rho);
    return fmax(1.0, fmax(a * t, b * t * t)) * e[0];
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
        gm_dd q = { 0.0, 0.0 }, e[2];
        double ek[2] = { 0.0, 0.0 }, mag = 0.0;
        int ne = s < 2 ? s : 2;         /* e1 and e2 */
        for (int j = 0; j < ne; j++)
            e[j] = q;
        for (int i = 0; i <= s; i++) {
            gm_dd layer = { sum[i * ncomp + k], cmp[i * ncomp + k] };
            q = gm_dd_add(q, gm_dd_mul(t->w[i], layer));
            mag += fabs(t->w[i].hi * layer.hi);
            for (int j = 0; j < ne && j <= i; j++)
                e[j] = gm_dd_add(e[j], gm_dd_mul(t->d[j][i], layer));
        }
        for (int j = 0; j < ne; j++)
            ek[j] = fabs(vol * (e[j].hi + e[j].lo));
        val[k] = vol * (q.hi + q.lo);
        /* never below the rounding of the value: a polynomial the rule
         * integrates exactly still has its sums and f rounded */
        err[k] = fmax(gm_estimate(s, ek, val[k]),
                      GM_FLOOR * DBL_EPSILON * fabs(vol) * mag);
    }
    *split = gm_split_edge(r, geom, f);
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

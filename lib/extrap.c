/* extrap.c -- one-dimensional adaptive integration with extrapolation
 * (see extrap.h).
 *
 * References:
 *   [P] R. Piessens, E. de Doncker-Kapenga, C. W. Ueberhuber, D. K.
 *       Kahaner, QUADPACK: A Subroutine Package for Automatic
 *       Integration, Springer 1983: 2.2.1 (QAGS, QAGP), 3.3.3 (the
 *       routines' flow, error flags and tests).
 *   [D] E. de Doncker, An adaptive extrapolation algorithm for automatic
 *       integration, SIGNUM Newsletter 13 (1978) 12-18.
 *   [W] P. Wynn, On a device for computing the e_m(S_n) transformation,
 *       MTAC 10 (1956) 91-96; Upon systems of recursions which obtain
 *       among the quotients of the Pade table, Numer. Math. 8 (1966)
 *       264-269 (the cross rule used below).
 *
 * The idea [D]: bisecting the interval with the largest error, the error
 * soon concentrates in the smallest intervals, around the singularity.
 * Call an interval "large" when its level (bisections since the initial
 * interval it came from) is below levmax.  While some large interval
 * carries a noticeable error, bisect the large ones; once the error is
 * concentrated in the small ones, the current sum is one more term of a
 * sequence S_0, S_1, ... (one per level) whose limit the epsilon
 * algorithm estimates; then levmax goes up by one.  The plain sums go on
 * converging meanwhile and remain the answer when the extrapolated one is
 * not better.  With one initial interval this is QAGS; breakpoints give
 * QAGP (whose levels generalise QAGS's interval lengths [P, 3.3.3]).
 *
 * Where this departs from the published routines (on the test problems
 * of test/test_extrap.c none of it changes a run at an attainable
 * tolerance: the evaluation counts are QAGS's and QAGP's):
 *   - a tolerance met wins over a roundoff or limit flag raised in the
 *     same step (QUADPACK reports the flag);
 *   - the answer is chosen (extrapolated or plain, choose()) by the rule
 *     QAGS applies at its end, whenever it is asked for, and the test for
 *     convergence after extrapolation is applied to that answer, with
 *     the roundoff correction `correc` QAGS adds at the end already
 *     included: a run never claims a tolerance its reported error misses;
 *   - the plain sums are compensated (sum.h) and recomputed from the
 *     intervals every so often;
 *   - all intervals stay ordered by error (QUADPACK orders only as many
 *     as the remaining bisections can reach);
 *   - when the epsilon table meets three elements equal to machine
 *     precision it keeps its diagonals up to there (QUADPACK leaves the
 *     table as it was);
 *   - several components (extrap.h).
 * The code is written from the descriptions in [P], [D] and [W]; no
 * QUADPACK or GSL source is used.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "extrap.h"
#include "eval.h"
#include "map.h"
#include "sum.h"

/* ------------------------------------------------------------------ */
/* Wynn's epsilon algorithm on a growing sequence.                     */

/* The table keeps at most 50 elements, as in [P]: older ones add nothing
 * but roundoff. */
#define WYNN_LIMIT 50
#define WYNN_DIAG (WYNN_LIMIT / 2 + 1)

/* With eps_{-1} = 0, eps_0^(n) = S_n and
 *     eps_{j+1}^(n) = eps_{j-1}^(n+1) + 1 / (eps_j^(n+1) - eps_j^(n)),
 * the even columns E_j^(n) = eps_{2j}^(n) are the estimates ([W] 1956).
 * Only they are needed: four neighbours in the even table obey Wynn's
 * cross rule ([W] 1966), with C = E_j^(n):
 *     1/(E_{j+1}^(n-1) - C) + 1/(E_{j-1}^(n+1) - C)
 *         = 1/(E_j^(n-1) - C) + 1/(E_j^(n+1) - C).
 * Adding S_N therefore needs the two latest ascending diagonals: `cur`
 * holds E_j^(N-1-2j) (j = 0, 1, ...; cur[0] = S_{N-1}) and `prev`
 * E_j^(N-2-2j); the new diagonal next[j] = E_j^(N-2j) follows from
 * next[j-1], cur[j-1], prev[j-1] and prev[j-2] (E_{-1} is infinite).
 * Invariant: ncur = ceil(K/2), nprev = floor(K/2) for the K elements
 * kept. */
typedef struct {
    double cur[WYNN_DIAG], prev[WYNN_DIAG];
    int ncur, nprev;
    long long calls;            /* estimates produced */
    double last[3];             /* the last three of them */
} wynn_table;

static void wynn_init(wynn_table *w)
{
    memset(w, 0, sizeof *w);
}

static int wynn_len(const wynn_table *w) { return w->ncur + w->nprev; }

/* Append s.  From the third element on returns 1 with the estimate of
 * the limit in *est and its error in *esterr (DBL_MAX for the first
 * three estimates, which have no history to be judged by), else 0.
 *
 * Of the new diagonal's elements the one that changed least from its
 * neighbours is the estimate; its error is its distance to the last
 * three estimates, never below 5 eps |est| ([P] 3.3.3, QELG).  The
 * diagonal stops early, and the table is cut to what precedes, when two
 * neighbours agree to machine precision (the next element would be
 * noise) or the correction 1/ss would exceed 10^4 |C| (an irregular
 * sequence); when the three elements around a step agree to machine
 * precision, that value is taken as the limit at once. */
static int wynn_push(wynn_table *w, double s, double *est, double *esterr)
{
    const int num = wynn_len(w) + 1;
    const int nnew = (num - 1) / 2;
    double next[WYNN_DIAG];
    double best = s, best_err = DBL_MAX;
    int keep = num, settled = 0;

    next[0] = s;
    for (int j = 1; j <= nnew; j++) {
        const double n = w->prev[j - 1], c = w->cur[j - 1], so = next[j - 1];
        const double d_s = so - c, d_n = c - n;
        const double e_s = fabs(d_s), e_n = fabs(d_n);
        const double tol_s = fmax(fabs(so), fabs(c)) * DBL_EPSILON;
        const double tol_n = fmax(fabs(c), fabs(n)) * DBL_EPSILON;

        if (e_s <= tol_s && e_n <= tol_n) {
            best = so;
            best_err = e_s + e_n;
            settled = 1;
            keep = 2 * j - 1;
            break;
        }
        double inv_w = 0.0;      /* 1 / (C - W), W = E_{j-2}: 0 for j = 1 */
        int flat_w = 0;
        if (j >= 2) {
            const double wv = w->prev[j - 2], d_w = c - wv;
            flat_w = fabs(d_w) <= fmax(fabs(c), fabs(wv)) * DBL_EPSILON;
            inv_w = 1.0 / d_w;
        }
        if (flat_w || e_s <= tol_s || e_n <= tol_n) {
            keep = 2 * j - 1;
            break;
        }
        const double ss = inv_w + 1.0 / d_s - 1.0 / d_n;
        if (fabs(ss * c) <= 1e-4) {
            keep = 2 * j - 1;
            break;
        }
        next[j] = c + 1.0 / ss;
        const double err = e_s + fabs(next[j] - so) + e_n;
        if (err <= best_err) {
            best_err = err;
            best = next[j];
        }
    }

    if (keep >= WYNN_LIMIT)
        keep = WYNN_LIMIT - 1;
    const int nc = (keep + 1) / 2, np = keep / 2;
    memcpy(w->prev, w->cur, (size_t)np * sizeof *w->prev);
    memcpy(w->cur, next, (size_t)nc * sizeof *w->cur);
    w->ncur = nc;
    w->nprev = np;

    if (num < 3)
        return 0;
    w->calls++;
    if (!settled) {
        if (w->calls <= 3) {
            w->last[w->calls - 1] = best;
            best_err = DBL_MAX;
        } else {
            best_err = fabs(best - w->last[2]) + fabs(best - w->last[1])
                     + fabs(best - w->last[0]);
            w->last[0] = w->last[1];
            w->last[1] = w->last[2];
            w->last[2] = best;
        }
    }
    *est = best;
    *esterr = fmax(best_err, 5.0 * DBL_EPSILON * fabs(best));
    return 1;
}

/* ------------------------------------------------------------------ */
/* The engine.                                                         */

typedef struct {
    pint_sum area, errsum;      /* plain sums over the intervals */
    double erlarg;              /* error over the large intervals */
    double best, best_err;      /* extrapolated value; DBL_MAX: none yet */
    double correc;              /* erlarg when best was found */
    double resabs;              /* integral of |f| over [a, b] at the start */
    int ksgn;                   /* 1: |integral| ~ integral of |f| at the
                                   start (f of one sign), else -1 */
    int ktmin;                  /* extrapolations since best improved */
    int noext;                  /* table collapsed to one element */
    wynn_table tab;
} comp_state;

struct pint_extrap {
    const pint_function *fn;
    int nonzero_seen;           /* some value was not 0 */
    const pint_rule_impl *rule;
    int ncomp;
    double a, b;
    size_t nbreak;
    double *brk;                /* sorted breakpoints */
    size_t nprobed;             /* breakpoints the verification probes */
    double probed[PINT_EXTRAP_MAX_PROBED];
    size_t max_iv, n_iv;        /* interval capacity, intervals in use */
    double *lo, *hi, *key;      /* per interval: ends, max_k err */
    int *level;                 /* bisections since its initial interval */
    double *val, *err;          /* [i * ncomp + k] */
    size_t *order;              /* slots by key, largest first */
    comp_state *comp;
    /* scratch: points and values of max(nint, 2) intervals, rule outputs */
    double *x, *f, *rv, *re, *rabs, *rasc;
    double *tmp;                /* 2 * ncomp: the parent being bisected */
    int *within;                /* ncomp */

    double epsabs, epsrel;
    double ertest;              /* tolerance the large intervals are held
                                   to before extrapolating */
    size_t next, next_pos;      /* slot to bisect next, its place in order */
    int levmax;                 /* levels below it are "large" */
    int extrap_mode;            /* looking for large intervals to bisect */
    int noext;                  /* no component extrapolates any more */
    int ierro;                  /* roundoff seen while extrapolating: the
                                   extrapolated errors get correc added */
    int iroff1, iroff2, iroff3; /* roundoff symptoms (step) */
    int code;                   /* enum pint_extrap_code */
    int plain_final;            /* converged on the plain sums */
    int started;
    size_t last_n;              /* points of the last batch in x, f */
    long long evals, nextrap;
    size_t steps_since_recompute;
    char msg[256];
};

const char *pint_extrap_code_name(int code)
{
    switch (code) {
    case PINT_EXTRAP_RUNNING: return "running";
    case PINT_EXTRAP_CONVERGED: return "converged";
    case PINT_EXTRAP_LIMIT: return "interval-limit";
    case PINT_EXTRAP_ROUNDOFF: return "roundoff";
    case PINT_EXTRAP_SINGULAR: return "singular";
    case PINT_EXTRAP_TABLE: return "extrapolation-stalled";
    case PINT_EXTRAP_DIVERGENT: return "divergent";
    default: return "unknown";
    }
}

static int cmp_double(const void *p, const void *q)
{
    double x = *(const double *)p, y = *(const double *)q;
    return (x > y) - (x < y);
}

void pint_extrap_free(pint_extrap *e)
{
    if (!e)
        return;
    free(e->brk);
    free(e->lo);
    free(e->hi);
    free(e->key);
    free(e->level);
    free(e->val);
    free(e->err);
    free(e->order);
    free(e->comp);
    free(e->x);
    free(e->f);
    free(e->rv);
    free(e->re);
    free(e->rabs);
    free(e->rasc);
    free(e->tmp);
    free(e->within);
    free(e);
}

/* calloc of n * size bytes, NULL on overflow too */
static void *alloc_n(size_t n, size_t size)
{
    if (n == 0)
        n = 1;
    if (n > (size_t)-1 / size)
        return NULL;
    return calloc(n, size);
}

pint_extrap *pint_extrap_new(const pint_function *fn, const pint_rule_impl *r,
                             double a, double b, size_t npoints,
                             const double *points, size_t max_intervals,
                             int *status, char *msg, size_t msglen)
{
    *status = PINT_ERR_INVALID;
    if (!fn || fn->ndim != 1 || fn->ncomp < 1 || (!fn->f && !fn->fbatch)) {
        snprintf(msg, msglen, "extrapolation needs a one-dimensional "
                 "integrand with at least one component");
        return NULL;
    }
    if (!pint_rule_is_gauss_kronrod(r) || r->ncomp != fn->ncomp) {
        snprintf(msg, msglen, "extrapolation needs a Gauss-Kronrod rule "
                 "for %d components", fn->ncomp);
        return NULL;
    }
    /* a + b and b - a too: the bisection takes (a + b) / 2 */
    if (!isfinite(a) || !isfinite(b) || !(a < b) || !isfinite(a + b)
        || !isfinite(b - a)) {
        snprintf(msg, msglen, "the interval [%g, %g] must be finite with "
                 "a < b", a, b);
        return NULL;
    }
    if (npoints > 0 && !points) {
        snprintf(msg, msglen, "%zu breakpoints but no array", npoints);
        return NULL;
    }
    for (size_t i = 0; i < npoints; i++)
        if (!isfinite(points[i]) || !(points[i] > a && points[i] < b)) {
            snprintf(msg, msglen, "breakpoint %zu (%g) is not strictly "
                     "inside (%g, %g)", i + 1, points[i], a, b);
            return NULL;
        }
    if (npoints >= (size_t)-1 / 2 || max_intervals < npoints + 1) {
        snprintf(msg, msglen, "an interval limit of %zu is below the %zu "
                 "initial intervals", max_intervals, npoints + 1);
        return NULL;
    }

    *status = PINT_ERR_NOMEM;
    snprintf(msg, msglen, "out of memory for %zu intervals", max_intervals);
    pint_extrap *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    const size_t m = (size_t)fn->ncomp, cap = max_intervals;
    const size_t nscr = npoints + 1 > 2 ? npoints + 1 : 2;
    e->fn = fn;
    e->rule = r;
    e->ncomp = fn->ncomp;
    e->a = a;
    e->b = b;
    e->nbreak = npoints;
    e->max_iv = cap;
    e->brk = alloc_n(npoints, sizeof *e->brk);
    e->lo = alloc_n(cap, sizeof *e->lo);
    e->hi = alloc_n(cap, sizeof *e->hi);
    e->key = alloc_n(cap, sizeof *e->key);
    e->level = alloc_n(cap, sizeof *e->level);
    e->order = alloc_n(cap, sizeof *e->order);
    e->comp = alloc_n(m, sizeof *e->comp);
    e->tmp = alloc_n(2 * m, sizeof *e->tmp);
    e->within = alloc_n(m, sizeof *e->within);
    if (cap <= (size_t)-1 / m) {
        e->val = alloc_n(cap * m, sizeof *e->val);
        e->err = alloc_n(cap * m, sizeof *e->err);
    }
    if (nscr <= (size_t)-1 / r->npoints / m) {
        e->x = alloc_n(nscr * r->npoints, sizeof *e->x);
        e->f = alloc_n(nscr * r->npoints * m, sizeof *e->f);
        e->rv = alloc_n(nscr * m, sizeof *e->rv);
        e->re = alloc_n(nscr * m, sizeof *e->re);
        e->rabs = alloc_n(nscr * m, sizeof *e->rabs);
        e->rasc = alloc_n(nscr * m, sizeof *e->rasc);
    }
    if (!e->brk || !e->lo || !e->hi || !e->key || !e->level || !e->order
        || !e->comp || !e->val || !e->err || !e->x || !e->f || !e->rv
        || !e->re || !e->rabs || !e->rasc || !e->tmp || !e->within) {
        pint_extrap_free(e);
        return NULL;
    }
    if (npoints)
        memcpy(e->brk, points, npoints * sizeof *e->brk);
    qsort(e->brk, npoints, sizeof *e->brk, cmp_double);
    for (size_t i = 1; i < npoints; i++)
        if (e->brk[i] == e->brk[i - 1]) {
            *status = PINT_ERR_INVALID;
            snprintf(msg, msglen, "breakpoint %g is given twice", e->brk[i]);
            pint_extrap_free(e);
            return NULL;
        }
    *status = 0;
    if (msglen)
        msg[0] = '\0';
    return e;
}

/* ----------------------------------------------------- ordered list */

/* Insert slot s into the order (largest key first), above the slots of
 * equal key. */
static void order_insert(pint_extrap *e, size_t s)
{
    size_t lo = 0, hi = e->n_iv;        /* n_iv: entries in order now */
    const double k = e->key[s];
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (e->key[e->order[mid]] > k)
            lo = mid + 1;
        else
            hi = mid;
    }
    memmove(e->order + lo + 1, e->order + lo,
            (e->n_iv - lo) * sizeof *e->order);
    e->order[lo] = s;
    e->n_iv++;
}

static void order_remove(pint_extrap *e, size_t pos)
{
    memmove(e->order + pos, e->order + pos + 1,
            (e->n_iv - pos - 1) * sizeof *e->order);
    e->n_iv--;
}

/* Store an evaluated interval in slot s (not yet in the order). */
static void set_interval(pint_extrap *e, size_t s, double lo, double hi,
                         int level, const double *v, const double *er)
{
    const size_t m = (size_t)e->ncomp;
    double key = 0.0;
    e->lo[s] = lo;
    e->hi[s] = hi;
    e->level[s] = level;
    memcpy(e->val + s * m, v, m * sizeof *v);
    memcpy(e->err + s * m, er, m * sizeof *er);
    for (size_t k = 0; k < m; k++)
        key = fmax(key, er[k]);
    e->key[s] = key;
}

static void recompute(pint_extrap *e)
{
    const size_t m = (size_t)e->ncomp;
    for (size_t k = 0; k < m; k++) {
        pint_sum_init(&e->comp[k].area);
        pint_sum_init(&e->comp[k].errsum);
    }
    for (size_t i = 0; i < e->n_iv; i++)
        for (size_t k = 0; k < m; k++) {
            pint_sum_add(&e->comp[k].area, e->val[i * m + k]);
            pint_sum_add(&e->comp[k].errsum, e->err[i * m + k]);
        }
    e->steps_since_recompute = 0;
}

/* ------------------------------------------------ answers and tests */

/* Component k's answer: the extrapolated value when it exists and its
 * relative error is not the larger, else the plain sum ([P] 3.3.3: the
 * choice QAGS makes at the end, made here whenever asked).  *test: the
 * choice must pass the divergence test. */
static int choose(const pint_extrap *e, int k, double *v, double *er,
                  int *test)
{
    const comp_state *c = &e->comp[k];
    const double area = pint_sum_get(&c->area);
    const double errsum = pint_sum_get(&c->errsum);
    int extrap;

    *test = 0;
    if (e->plain_final || c->best_err == DBL_MAX) {
        extrap = 0;
    } else {
        const double be = c->best_err + (e->ierro ? c->correc : 0.0);
        const double bv = c->best;
        if (bv != 0.0 && area != 0.0) {
            extrap = !(be / fabs(bv) > errsum / fabs(area));
            *test = extrap;
        } else if (be > errsum) {
            extrap = 0;
        } else {
            extrap = 1;
            *test = area != 0.0;
        }
        if (extrap) {
            *v = bv;
            *er = be;
            return 1;
        }
    }
    *v = area;
    *er = errsum;
    return 0;
}

static double tolerance(const pint_extrap *e, double absval)
{
    return fmax(e->epsabs, e->epsrel * absval);
}

/* Convergence of the plain sums (QAGS's errsum <= errbnd). */
static int plain_converged(const pint_extrap *e)
{
    double big = 0.0, es = 0.0;
    for (int k = 0; k < e->ncomp; k++) {
        big = fmax(big, fabs(pint_sum_get(&e->comp[k].area)));
        es = fmax(es, pint_sum_get(&e->comp[k].errsum));
    }
    return es <= tolerance(e, big);
}

/* Convergence of the answers choose() gives (QAGS's abserr <= ertest
 * after an extrapolation); the tolerance of component k alone in
 * *within[k] when within is not NULL. */
static int chosen_converged(const pint_extrap *e, int *within)
{
    double big = 0.0, emax = 0.0, v, er;
    int test;
    for (int k = 0; k < e->ncomp; k++) {
        choose(e, k, &v, &er, &test);
        big = fmax(big, fabs(v));
        emax = fmax(emax, er);
    }
    const double tol = tolerance(e, big);
    if (within)
        for (int k = 0; k < e->ncomp; k++) {
            choose(e, k, &v, &er, &test);
            within[k] = er <= tol;
        }
    return emax <= tol;
}

static const char *stop_message(int code)
{
    switch (code) {
    case PINT_EXTRAP_LIMIT:
        return "the interval limit was reached before the tolerance";
    case PINT_EXTRAP_ROUNDOFF:
        return "roundoff error prevents the tolerance from being reached";
    case PINT_EXTRAP_SINGULAR:
        return "an interval became too small to bisect: the integrand "
               "behaves too badly (a non-integrable singularity?)";
    case PINT_EXTRAP_TABLE:
        return "the extrapolation no longer converges: roundoff in the "
               "epsilon table prevents the tolerance from being reached";
    case PINT_EXTRAP_DIVERGENT:
        return "the integral is probably divergent, or converges too "
               "slowly to be extrapolated";
    default:
        return "";
    }
}

/* End the run with code.  An extrapolated answer must look like the
 * limit of the plain sums: of the same sign and within a factor 100 of
 * the plain sum, whose error may not exceed it, unless f changes sign and
 * both are below 1% of the integral of |f| ([P] 3.3.3, QAGS's test for
 * divergence).  Otherwise the run is declared divergent. */
static void stop(pint_extrap *e, int code, int plain)
{
    e->plain_final = plain;
    if (!plain)
        for (int k = 0; k < e->ncomp; k++) {
            const comp_state *c = &e->comp[k];
            double v, er;
            int test;
            choose(e, k, &v, &er, &test);
            if (!test)
                continue;
            const double area = pint_sum_get(&c->area);
            if (c->ksgn == -1
                && fmax(fabs(v), fabs(area)) <= 0.01 * c->resabs)
                continue;
            const double ratio = v / area;
            if (0.01 > ratio || ratio > 100.0
                || pint_sum_get(&c->errsum) > fabs(area))
                code = PINT_EXTRAP_DIVERGENT;
        }
    e->code = code;
    snprintf(e->msg, sizeof e->msg, "%s", stop_message(code));
}

/* ------------------------------------------------------------ start */

/* All initial intervals (between the breakpoints) in one batch. */
static int eval_initial(pint_extrap *e, size_t nint)
{
    const pint_rule_impl *r = e->rule;
    const size_t np = r->npoints;
    for (size_t j = 0; j < nint; j++) {
        const double lo = j == 0 ? e->a : e->brk[j - 1];
        const double hi = j == nint - 1 ? e->b : e->brk[j];
        const double g[2] = { 0.5 * (lo + hi), 0.5 * (hi - lo) };
        e->lo[j] = lo;
        e->hi[j] = hi;
        r->points(r, g, e->x + j * np);
    }
    int rc = pint_eval_points_inside(e->fn, nint * np, e->x, e->f,
                                     e->msg, sizeof e->msg);
    e->evals += (long long)(nint * np);
    e->last_n = nint * np;
    if (rc != 0)
        return rc;
    e->nonzero_seen |= pint_eval_any_nonzero(e->f, nint * np
                                                    * (size_t)e->ncomp);
    return 0;
}

/* The rule on the initial intervals: raw[k], the sum of their errors;
 * returns 1 when some estimate is unreliable.  An error estimate at its
 * cap (err == resasc) says the rule has not resolved f there: such an
 * interval gets the whole error of its component, so it is bisected
 * first ([P] 3.3.3, QAGP), and the run does not stop on it. */
static int apply_initial(pint_extrap *e, size_t nint, double *raw)
{
    const pint_rule_impl *r = e->rule;
    const size_t m = (size_t)e->ncomp, np = r->npoints;
    int unreliable = 0;
    for (size_t k = 0; k < m; k++) {
        raw[k] = 0.0;
        e->comp[k].resabs = 0.0;
    }
    for (size_t j = 0; j < nint; j++) {
        const double g[2] = { 0.5 * (e->lo[j] + e->hi[j]),
                              0.5 * (e->hi[j] - e->lo[j]) };
        pint_rule_gk_apply_moduli(r, g, e->f + j * np * m, e->rv + j * m,
                                  e->re + j * m, e->rabs + j * m,
                                  e->rasc + j * m);
        for (size_t k = 0; k < m; k++) {
            raw[k] += e->re[j * m + k];
            e->comp[k].resabs += e->rabs[j * m + k];
        }
    }
    for (size_t j = 0; j < nint; j++)
        for (size_t k = 0; k < m; k++) {
            double *er = &e->re[j * m + k];
            if (*er == e->rasc[j * m + k] && *er != 0.0) {
                unreliable = 1;
                *er = raw[k];
            }
        }
    e->n_iv = 0;
    for (size_t j = 0; j < nint; j++) {
        set_interval(e, j, e->lo[j], e->hi[j], 0, e->rv + j * m,
                     e->re + j * m);
        order_insert(e, j);
    }
    recompute(e);
    return unreliable;
}

/* Every component's extrapolation state at its first sum; the run's
 * state at its start.  Returns the error bound of the tolerance. */
static double init_components(pint_extrap *e)
{
    const size_t m = (size_t)e->ncomp;
    double big = 0.0;
    for (size_t k = 0; k < m; k++)
        big = fmax(big, fabs(pint_sum_get(&e->comp[k].area)));
    const double errbnd = tolerance(e, big);
    for (size_t k = 0; k < m; k++) {
        comp_state *c = &e->comp[k];
        const double area = pint_sum_get(&c->area);
        double dummy1, dummy2;
        c->erlarg = pint_sum_get(&c->errsum);
        c->best = area;
        c->best_err = DBL_MAX;
        c->correc = 0.0;
        c->ktmin = 0;
        c->noext = 0;
        c->ksgn = fabs(area) >= (1.0 - 50.0 * DBL_EPSILON) * c->resabs
                ? 1 : -1;
        wynn_init(&c->tab);
        wynn_push(&c->tab, area, &dummy1, &dummy2);     /* S_0 */
    }
    e->ertest = errbnd;
    e->levmax = 1;
    e->extrap_mode = e->noext = e->ierro = 0;
    e->iroff1 = e->iroff2 = e->iroff3 = 0;
    e->next = e->order[0];
    e->next_pos = 0;
    e->code = PINT_EXTRAP_RUNNING;
    e->plain_final = 0;
    e->started = 1;
    e->msg[0] = '\0';
    return errbnd;
}

int pint_extrap_start(pint_extrap *e, double epsabs, double epsrel)
{
    const size_t m = (size_t)e->ncomp, nint = e->nbreak + 1;
    if (e->started) {
        snprintf(e->msg, sizeof e->msg, "the run has already started");
        return PINT_ERR_INVALID;
    }
    if (!(epsabs >= 0.0) || !(epsrel >= 0.0) || !isfinite(epsabs)
        || !isfinite(epsrel)) {
        snprintf(e->msg, sizeof e->msg, "tolerances must be finite and "
                 ">= 0 (epsabs %g, epsrel %g)", epsabs, epsrel);
        return PINT_ERR_INVALID;
    }
    e->epsabs = epsabs;
    e->epsrel = epsrel;
    int rc = eval_initial(e, nint);
    if (rc != 0)
        return rc;
    double *raw = e->tmp, rawmax = 0.0;
    int unreliable = apply_initial(e, nint, raw);
    for (size_t k = 0; k < m; k++)
        rawmax = fmax(rawmax, raw[k]);
    const double errbnd = init_components(e);
    if ((rawmax <= errbnd && !unreliable) || rawmax == 0.0) {
        stop(e, PINT_EXTRAP_CONVERGED, 1);
        return 0;
    }
    /* every component that misses the tolerance is at the rule's
     * roundoff floor already */
    int floor = 1;
    for (size_t k = 0; k < m; k++)
        if (raw[k] > errbnd
            && !(raw[k] <= 100.0 * DBL_EPSILON * e->comp[k].resabs))
            floor = 0;
    int code = 0;
    if (floor)
        code = PINT_EXTRAP_ROUNDOFF;
    if (nint == e->max_iv)
        code = PINT_EXTRAP_LIMIT;
    if (code)
        stop(e, code, 1);
    return 0;
}

/* ------------------------------------------------------------- step */

static void choose_top(pint_extrap *e)
{
    e->next = e->order[0];
    e->next_pos = 0;
}

/* Add the current sums to the epsilon tables; may end the run. */
static void extrapolate(pint_extrap *e)
{
    const int m = e->ncomp;
    int improved = 0, first = 0, all_noext = 1;

    for (int k = 0; k < m; k++) {
        comp_state *c = &e->comp[k];
        double est, esterr;
        if (c->noext)
            continue;
        if (wynn_len(&c->tab) == 1)
            first = 1;
        if (wynn_push(&c->tab, pint_sum_get(&c->area), &est, &esterr)) {
            e->nextrap++;
            c->ktmin++;
            if (esterr < c->best_err) {
                c->ktmin = 0;
                c->best = est;
                c->best_err = esterr;
                c->correc = c->erlarg;
                improved = 1;
            }
        }
        if (wynn_len(&c->tab) == 1)
            c->noext = 1;
        else
            all_noext = 0;
    }
    e->noext = all_noext;

    if (first || improved) {
        /* the large intervals are held to the tolerance of the current
         * answer (first: of the plain sums, as QAGS after one bisection) */
        double big = 0.0;
        for (int k = 0; k < m; k++) {
            const comp_state *c = &e->comp[k];
            const double v = c->best_err < DBL_MAX && !first
                           ? c->best : pint_sum_get(&c->area);
            big = fmax(big, fabs(v));
        }
        e->ertest = tolerance(e, big);
    }
    int *within = e->within;
    if (chosen_converged(e, within)) {
        stop(e, PINT_EXTRAP_CONVERGED, 0);
        return;
    }
    /* six extrapolations without progress while the extrapolated error
     * is far below the plain one: the table is stuck in roundoff */
    for (int k = 0; k < m; k++) {
        const comp_state *c = &e->comp[k];
        if (!within[k] && c->ktmin > 5
            && c->best_err < 1e-3 * pint_sum_get(&c->errsum)) {
            stop(e, PINT_EXTRAP_TABLE, 0);
            return;
        }
    }
}

/* Roundoff symptoms, on the component ks that made the parent (value
 * pv, error pe) the worst ([P] 3.3.3): bisection no longer changes the
 * value while the error does not drop (iroff1 before extrapolation,
 * iroff2 during), or the error grows under bisection (iroff3).
 * Estimates at their cap say nothing either way. */
static void roundoff_symptoms(pint_extrap *e, int ks, const double *pv,
                              const double *pe, size_t n)
{
    const size_t mm = (size_t)e->ncomp;
    const double *v1 = e->rv, *v2 = e->rv + mm, *er1 = e->re,
                 *er2 = e->re + mm, *asc1 = e->rasc, *asc2 = e->rasc + mm;
    if (er1[ks] == asc1[ks] || er2[ks] == asc2[ks])
        return;
    const double area12 = v1[ks] + v2[ks], erro12 = er1[ks] + er2[ks];
    if (fabs(pv[ks] - area12) <= 1e-5 * fabs(area12)
        && erro12 >= 0.99 * pe[ks]) {
        if (e->extrap_mode)
            e->iroff2++;
        else
            e->iroff1++;
    }
    if (n + 1 > 10 && erro12 > pe[ks])
        e->iroff3++;
}

/* The halves [a1, mid] and [mid, b2] (in rv, re) replace their parent
 * i (value pv, error pe) in the sums and the order: the half with the
 * larger error takes the parent's slot, the other slot n. */
static void replace_parent(pint_extrap *e, size_t i, size_t pos, size_t n,
                           const double *edges, int levcur,
                           const double *pv, const double *pe)
{
    const int m = e->ncomp;
    const size_t mm = (size_t)m;
    const double a1 = edges[0], mid = edges[1], b2 = edges[2];
    double *v1 = e->rv, *v2 = e->rv + mm, *er1 = e->re, *er2 = e->re + mm;
    for (int k = 0; k < m; k++) {
        comp_state *c = &e->comp[k];
        pint_sum_add(&c->area, v1[k]);
        pint_sum_add(&c->area, v2[k]);
        pint_sum_add(&c->area, -pv[k]);
        pint_sum_add(&c->errsum, er1[k]);
        pint_sum_add(&c->errsum, er2[k]);
        pint_sum_add(&c->errsum, -pe[k]);
    }
    double k1 = 0.0, k2 = 0.0;
    for (int k = 0; k < m; k++) {
        k1 = fmax(k1, er1[k]);
        k2 = fmax(k2, er2[k]);
    }
    order_remove(e, pos);
    if (k2 > k1) {
        set_interval(e, i, mid, b2, levcur, v2, er2);
        set_interval(e, n, a1, mid, levcur, v1, er1);
    } else {
        set_interval(e, i, a1, mid, levcur, v1, er1);
        set_interval(e, n, mid, b2, levcur, v2, er2);
    }
    order_insert(e, n);
    order_insert(e, i);
    if (++e->steps_since_recompute >= e->n_iv)
        recompute(e);
}

/* Why the run must stop after bisecting [a1, b2] at mid (0: it need
 * not). */
static int limit_code(pint_extrap *e, double a1, double mid, double b2)
{
    int code = 0;
    if (e->iroff1 + e->iroff2 >= 10 || e->iroff3 >= 20)
        code = PINT_EXTRAP_ROUNDOFF;
    if (e->iroff2 >= 5)
        e->ierro = 1;
    if (e->n_iv == e->max_iv)
        code = PINT_EXTRAP_LIMIT;
    /* the midpoint no longer separates the ends in floating point */
    if (fmax(fabs(a1), fabs(b2))
        <= (1.0 + 100.0 * DBL_EPSILON) * (fabs(mid) + 1000.0 * DBL_MIN))
        code = PINT_EXTRAP_SINGULAR;
    return code;
}

/* After a bisection at level levcur of a parent of error pe (halves'
 * errors in re): the next interval to bisect, or an extrapolation
 * step when only small intervals are left to matter. */
static void next_interval(pint_extrap *e, int levcur, const double *pe)
{
    const int m = e->ncomp;
    const double *er1 = e->re, *er2 = e->re + (size_t)m;
    for (int k = 0; k < m; k++) {
        comp_state *c = &e->comp[k];
        c->erlarg -= pe[k];
        if (levcur < e->levmax)
            c->erlarg += er1[k] + er2[k];
    }
    if (!e->extrap_mode) {
        if (e->level[e->order[0]] < e->levmax) {
            choose_top(e);      /* the worst interval is still large */
            return;
        }
        e->extrap_mode = 1;
    }
    double erlarg = 0.0;
    for (int k = 0; k < m; k++)
        erlarg = fmax(erlarg, e->comp[k].erlarg);
    if (!e->ierro && erlarg > e->ertest) {
        /* the large intervals still matter: bisect the worst of them */
        for (size_t p = 0; p < e->n_iv; p++)
            if (e->level[e->order[p]] < e->levmax) {
                e->next = e->order[p];
                e->next_pos = p;
                return;
            }
    }
    extrapolate(e);
    if (e->code != PINT_EXTRAP_RUNNING)
        return;
    choose_top(e);
    e->extrap_mode = 0;
    e->levmax++;
    for (int k = 0; k < m; k++)
        e->comp[k].erlarg = pint_sum_get(&e->comp[k].errsum);
}

int pint_extrap_step(pint_extrap *e)
{
    if (!e->started || e->code != PINT_EXTRAP_RUNNING) {
        snprintf(e->msg, sizeof e->msg, "%s",
                 e->started ? "the run has stopped" : "the run has not started");
        return PINT_ERR_INVALID;
    }
    const pint_rule_impl *r = e->rule;
    const int m = e->ncomp;
    const size_t mm = (size_t)m, np = r->npoints;
    const size_t i = e->next, pos = e->next_pos, n = e->n_iv;
    const double a1 = e->lo[i], b2 = e->hi[i], mid = 0.5 * (a1 + b2);
    const double g1[2] = { 0.5 * (a1 + mid), 0.5 * (mid - a1) };
    const double g2[2] = { 0.5 * (mid + b2), 0.5 * (b2 - mid) };

    /* both halves in one batch; nothing changes until it succeeded */
    r->points(r, g1, e->x);
    r->points(r, g2, e->x + np);
    int rc = pint_eval_points_inside(e->fn, 2 * np, e->x, e->f, e->msg,
                                     sizeof e->msg);
    e->evals += 2 * (long long)np;
    e->last_n = 2 * np;
    if (rc != 0)
        return rc;
    e->nonzero_seen |= pint_eval_any_nonzero(e->f, 2 * np
                                                    * (size_t)e->ncomp);
    pint_rule_gk_apply_moduli(r, g1, e->f, e->rv, e->re, e->rabs, e->rasc);
    pint_rule_gk_apply_moduli(r, g2, e->f + np * mm, e->rv + mm, e->re + mm,
                              e->rabs + mm, e->rasc + mm);

    /* the parent, before its slot is reused */
    double *pv = e->tmp, *pe = e->tmp + mm;
    memcpy(pv, e->val + i * mm, mm * sizeof *pv);
    memcpy(pe, e->err + i * mm, mm * sizeof *pe);
    const int levcur = e->level[i] + 1;
    int ks = 0;
    for (int k = 1; k < m; k++)
        if (pe[k] > pe[ks])
            ks = k;
    roundoff_symptoms(e, ks, pv, pe, n);
    const double edges[3] = { a1, mid, b2 };
    replace_parent(e, i, pos, n, edges, levcur, pv, pe);
    int code = limit_code(e, a1, mid, b2);
    if (plain_converged(e)) {
        stop(e, PINT_EXTRAP_CONVERGED, 1);
        return 0;
    }
    if (chosen_converged(e, NULL)) {
        stop(e, PINT_EXTRAP_CONVERGED, 0);
        return 0;
    }
    if (code) {
        stop(e, code, 0);
        return 0;
    }
    if (e->noext) {
        choose_top(e);
        return 0;
    }
    next_interval(e, levcur, pe);
    return 0;
}

/* ------------------------------------------------- the verification */

/* The extrapolation assumes that the behaviour the smallest intervals
 * show near an end continues to it: sums that look like x^-1/2 at 1e-3
 * are extrapolated as x^-1/2 down to 0.  A singularity just inside the
 * end (|x - 1e-10|^-1/2 on [0, 1]) looks so at every scale the
 * bisections reach, and its mass, 2e-5 of 2, is missed with an estimate
 * of 3e-13 (QUADPACK and GSL alike; bench/RESULTS.md 9.8).  So an
 * extrapolated answer is checked before it is accepted.  From each small
 * interval that lies at an end of [a, b], f is sampled at distances
 *     w / 4^j,  j = 1, 2, ...
 * from that end (w the interval's width), and the local exponent
 * c_j = log(f_j / f_(j-1)) / log(1/4) of each step is compared with the
 * step's before: near a power law x^c (times logarithms, or a smooth
 * factor) it changes slowly (log(1/x)/sqrt(x): by 0.04 a step, a
 * constant plus x^-1/2: by 0.09), while a singularity at some distance
 * from the end bends it by 0.3 to 1.2 within a step or two.  The
 * samples go down until the mass left, x |f| / (1 + c), is below a tenth
 * of the tolerance (for x^-1/2 at er 1e-10 some 40 points; they stop at
 * floating point's limits, or 600 points, with nothing concluded).  A
 * change of the exponent by more than PROBE_BEND where x |f| still
 * exceeds that tenth, or there a change of sign or a value that is not
 * finite, refutes the extrapolation: the run goes on with the plain sums
 * (QUADPACK's QAG, bisection), which resolves the end. */
#define PROBE_RATIO 4.0
#define PROBE_MAX 600
#define PROBE_BATCH 8
#define PROBE_BEND 0.25
#define PROBE_MASS 0.1
#define PROBE_TINY (DBL_MIN / DBL_EPSILON)
/* On an infinite range's map (map.h) t's distance to the finite end is
 * resolved to about 1e-16 only (x is computed from 1 - t): below this the
 * samples' exponent is rounding (exp(-x)/sqrt(x) on [0, inf): -0.76 for
 * -0.5 at t = 6e-17) */
#define PROBE_TINY_MAPPED 1e-12

/* 1 when x is one of v[0..n-1]. */
static int member(double x, const double *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (v[i] == x)
            return 1;
    return 0;
}

/* The end of interval s that is an end of [a, b], or a breakpoint found
 * inside (pint_extrap_probe_points): -1 its lower end, 1 its upper, 0
 * neither (or both).  The user's breakpoints are not checked: there the
 * user has said where the singularity is (and one just beside it, with
 * the mirror image on the other side, QAGP resolves: |x - (1/2 +
 * 1e-10)|^-1/2 with the breakpoint 1/2 at er 1e-8 exactly, where the
 * plain sums bisect onto the singular point). */
static int probe_side(const pint_extrap *e, size_t s)
{
    int lo = e->lo[s] == e->a || member(e->lo[s], e->probed, e->nprobed),
        hi = e->hi[s] == e->b || member(e->hi[s], e->probed, e->nprobed);
    return lo == hi ? 0 : lo ? -1 : 1;
}

/* The n points in e->x evaluated into e->f, when `budget` (evaluations
 * in all) allows, after between(arg) (when not NULL): 0, 2 when the
 * budget ends first, or an integrand status or between's. */
static int sample_eval(pint_extrap *e, size_t n, long long budget,
                       int (*between)(void *), void *arg)
{
    if (e->evals + (long long)n > budget)
        return 2;
    int rc = between ? between(arg) : 0;
    if (rc != 0)
        return rc;
    rc = pint_eval_call(e->fn, n, e->x, e->f, e->msg, sizeof e->msg);
    e->evals += (long long)n;
    return rc;
}

/* The samples of interval s towards its end `side`: 0 when they show the
 * power law the extrapolation assumed (or nothing can be concluded), 1
 * when they refute it, 2 when the budget of evaluations ends first, or
 * an integrand status. */
static int probe(pint_extrap *e, size_t s, int side, double tau,
                 long long budget, int (*between)(void *), void *arg)
{
    const size_t m = (size_t)e->ncomp;
    const double end = side < 0 ? e->lo[s] : e->hi[s];
    double d = e->hi[s] - e->lo[s], last_x = end - side * d;
    const double tiny = pint_map_is(e->fn) ? PROBE_TINY_MAPPED : PROBE_TINY;
    double prev[m], expo[m], prev_x[m];
    int live[m], seen[m], nexp[m];      /* seen: prev holds a value */
    for (size_t k = 0; k < m; k++) {
        live[k] = 1;
        seen[k] = nexp[k] = 0;
    }
    for (int j = 0; j < PROBE_MAX; j += PROBE_BATCH) {
        size_t n = 0;
        for (; n < PROBE_BATCH; n++) {
            d /= PROBE_RATIO;
            const double x = end - side * d;
            /* floating point's end (and no subnormal distances, where
             * x^c overflows) */
            if (x == end || x == last_x || !(d >= tiny))
                break;
            e->x[n] = last_x = x;
        }
        if (n == 0)
            return 0;           /* floating point's end: nothing known */
        int rc = sample_eval(e, n, budget, between, arg);
        if (rc != 0)
            return rc;
        for (size_t p = 0; p < n; p++) {
            const double x = fabs(e->x[p] - end);
            int any = 0;
            for (size_t k = 0; k < m; k++) {
                if (!live[k])
                    continue;
                const double f = e->f[p * m + k];
                if (!isfinite(f))       /* where the mass mattered: a
                                           singular point hit; else an
                                           end's own rounding (the map of
                                           an infinite range) */
                    return seen[k] && PROBE_RATIO * x * fabs(prev[k]) > tau;
                const double mass = x * fabs(f);
                if (seen[k] && (f == 0.0) != (prev[k] == 0.0)) {
                    /* a zero appears or ends where it matters */
                    if (mass > tau || x * fabs(prev[k]) > tau)
                        return 1;
                    nexp[k] = 0;
                } else if (seen[k] && f == 0.0) {
                    live[k] = 0;        /* vanishes towards the end */
                    continue;
                } else if (seen[k] && (f > 0.0) != (prev[k] > 0.0)) {
                    if (mass > tau)     /* a change of sign that matters */
                        return 1;
                    nexp[k] = 0;
                } else if (seen[k]) {
                    /* the distances as rounded (near an end other than
                     * 0 their ratio is 4 only roughly) */
                    const double c = log(fabs(f / prev[k]))
                                     / log(x / prev_x[k]);
                    if (nexp[k] >= 1 && mass > tau
                        && fabs(c - expo[k]) > PROBE_BEND)
                        return 1;
                    expo[k] = c;
                    nexp[k]++;
                    /* the mass below x: done with this component */
                    if (nexp[k] >= 2 && c > -1.0 && mass / (1.0 + c) <= tau) {
                        live[k] = 0;
                        continue;
                    }
                }
                prev[k] = f;
                prev_x[k] = x;
                seen[k] = 1;
                any = 1;
            }
            if (!any)
                return 0;
        }
    }
    return 0;
}

int pint_extrap_verify(pint_extrap *e, long long budget,
                       int (*between)(void *), void *arg)
{
    const size_t m = (size_t)e->ncomp;
    if (!e->started || e->plain_final
        || (e->code != PINT_EXTRAP_CONVERGED && e->code != PINT_EXTRAP_ROUNDOFF
            && e->code != PINT_EXTRAP_TABLE))
        return 0;
    double big = 0.0;
    int any = 0;
    for (size_t k = 0; k < m; k++) {
        double v, er;
        int test;
        any |= choose(e, (int)k, &v, &er, &test);
        big = fmax(big, fabs(v));
    }
    if (!any)
        return 0;
    const double tau = PROBE_MASS * tolerance(e, big);
    int refuted = 0;
    for (size_t i = 0; i < e->n_iv && !refuted; i++) {
        int side;
        if (e->level[i] < e->levmax - 1 || !(side = probe_side(e, i)))
            continue;
        int rc = probe(e, i, side, tau, budget, between, arg);
        if (rc == 2)
            return 1;           /* the budget ended the check */
        if (rc != 0 && rc != 1)
            return rc;          /* an integrand status, or between's */
        refuted = rc == 1;
    }
    if (!refuted)
        return 0;
    /* on with the plain sums */
    for (size_t k = 0; k < m; k++) {
        e->comp[k].best_err = DBL_MAX;
        e->comp[k].noext = 1;
    }
    e->noext = 1;
    e->code = PINT_EXTRAP_RUNNING;
    e->msg[0] = '\0';
    choose_top(e);
    return 0;
}

/* ------------------------------------- a singular point inside (a, b) */

/* The extrapolation converges as it should when the smallest intervals
 * close in on an end or a breakpoint: their sums then form the geometric
 * sequence Wynn's algorithm accelerates.  A singularity inside (a, b),
 * at no point the bisections make, is approached by intervals whose
 * position around it changes from level to level; the sequence is not
 * geometric and the estimate of the extrapolated value is no measure of
 * its error (|x - s|^a, s random in (0, 1), a in (-0.9, 0.6): 63
 * dishonest runs of 240 at er 1e-6, 1e-8, 1e-10, up to 480 E; QUADPACK's
 * qags through SciPy the same 63).  With that point as a breakpoint
 * QAGP's extrapolation is exact to rounding.  So when an extrapolated
 * answer's smallest intervals lie inside, away from the ends and the
 * breakpoints, the point is looked for: LOCATE_SAMPLES points across
 * the deepest interval and its neighbours, the bracket around the
 * largest second difference of f (the point of |x - s|^a for a < 2, a
 * jump, a log) taken, and again, a quarter of the width a batch, down
 * to neighbouring doubles, of which the one with the largest second
 * difference (or where f is not finite) is the point.  The caller runs
 * again with it as a breakpoint that the verification probes as it
 * probes the ends (a point found beside the singularity, or a feature
 * that is no singularity, is refuted there). */
#define LOCATE_SAMPLES 9
#define LOCATE_DOUBLES 16       /* at most, at the end (e->x holds 30
                                   or more: two GK15 intervals) */
#define LOCATE_BATCHES 80
#define LOCATE_AWAY 4.0         /* widths from an end or a breakpoint */

/* The distance from x to the nearest end or breakpoint. */
static double to_nearest_end(const pint_extrap *e, double x)
{
    double d = fmin(x - e->a, e->b - x);
    for (size_t i = 0; i < e->nbreak; i++)
        d = fmin(d, fabs(x - e->brk[i]));
    return d;
}

/* The deepest interval inside, LOCATE_AWAY of its widths from any end
 * or breakpoint: its slot, or SIZE_MAX. */
static size_t inner_cluster(const pint_extrap *e)
{
    size_t best = SIZE_MAX;
    for (size_t i = 0; i < e->n_iv; i++) {
        const double w = e->hi[i] - e->lo[i];
        if (e->level[i] < e->levmax - 1
            || to_nearest_end(e, e->lo[i]) < LOCATE_AWAY * w
            || to_nearest_end(e, e->hi[i]) < LOCATE_AWAY * w)
            continue;
        if (best == SIZE_MAX || w < e->hi[best] - e->lo[best])
            best = i;
    }
    return best;
}

/* Of the n points in e->x (ascending) and their values: the index of a
 * value that is not finite (*bad 1), else of the interior point with the largest
 * second difference (the largest over the components), or -1 when every
 * second difference is 0. */
static int roughest(const pint_extrap *e, size_t n, int *bad)
{
    const size_t m = (size_t)e->ncomp;
    *bad = 1;
    for (size_t p = 0; p < n; p++)
        for (size_t k = 0; k < m; k++)
            if (!isfinite(e->f[p * m + k]))
                return (int)p;
    *bad = 0;
    int best = -1;
    double top = 0.0;
    for (size_t p = 1; p + 1 < n; p++)
        for (size_t k = 0; k < m; k++) {
            const double d2 = fabs(e->f[(p - 1) * m + k]
                                   - 2.0 * e->f[p * m + k]
                                   + e->f[(p + 1) * m + k]);
            if (d2 > top) {
                top = d2;
                best = (int)p;
            }
        }
    return best;
}

int pint_extrap_interior(pint_extrap *e, long long budget,
                         int (*between)(void *), void *arg, double *point)
{
    const size_t m = (size_t)e->ncomp;
    /* an interval too small to bisect, or an extrapolated answer */
    int any = e->started && e->code == PINT_EXTRAP_SINGULAR;
    if (!e->started || e->plain_final
        || (e->code != PINT_EXTRAP_CONVERGED && e->code != PINT_EXTRAP_ROUNDOFF
            && e->code != PINT_EXTRAP_TABLE && !any))
        return 0;
    for (size_t k = 0; k < m; k++) {
        double v, er;
        int test;
        any |= choose(e, (int)k, &v, &er, &test);
    }
    size_t c;
    if (!any || (c = inner_cluster(e)) == SIZE_MAX)
        return 0;
    /* the deepest interval and its neighbours' widths */
    const double w = e->hi[c] - e->lo[c];
    double lo = e->lo[c] - w, hi = e->hi[c] + w;
    for (int batch = 0; batch < LOCATE_BATCHES; batch++) {
        size_t n = 0;
        for (size_t i = 0; i < LOCATE_SAMPLES; i++) {
            const double x = lo + (hi - lo) * (double)i
                                  / (double)(LOCATE_SAMPLES - 1);
            if (n == 0 || x > e->x[n - 1])
                e->x[n++] = x;
        }
        int last = n < LOCATE_SAMPLES;
        if (last) {
            /* down to a few doubles: each of them, and one beyond */
            n = 0;
            for (double x = nextafter(lo, -HUGE_VAL);
                 n < LOCATE_DOUBLES && x <= nextafter(hi, HUGE_VAL);
                 x = nextafter(x, HUGE_VAL))
                e->x[n++] = x;
        }
        int rc = sample_eval(e, n, budget, between, arg);
        if (rc != 0)
            return rc;
        int bad, p = roughest(e, n, &bad);
        if (p < 0)
            return 0;           /* flat: nothing to find */
        if (last || bad) {
            const double x = e->x[p];
            if (!(x > e->a && x < e->b) || member(x, e->brk, e->nbreak))
                return 0;
            *point = x;
            return 1;
        }
        lo = e->x[p > 0 ? p - 1 : 0];
        hi = e->x[(size_t)p + 1 < n ? (size_t)p + 1 : n - 1];
    }
    return 0;
}

int pint_extrap_infinite_at(const pint_extrap *e, double *point)
{
    const size_t m = (size_t)e->ncomp;
    size_t first = SIZE_MAX;
    for (size_t j = 0; j < e->last_n * m; j++) {
        if (isnan(e->f[j]))
            return 0;           /* f undefined somewhere: an error */
        if (isinf(e->f[j]) && first == SIZE_MAX)
            first = j / m;
    }
    if (first == SIZE_MAX)
        return 0;
    const double x = e->x[first];
    if (!(x > e->a && x < e->b))
        return 0;
    *point = x;
    return 1;
}

int pint_extrap_probe_points(pint_extrap *e, size_t n, const double *points)
{
    if (n > PINT_EXTRAP_MAX_PROBED)
        return PINT_ERR_INVALID;
    e->nprobed = n;
    if (n)
        memcpy(e->probed, points, n * sizeof *points);
    return 0;
}

/* -------------------------------------------------------- accessors */

int pint_extrap_done(const pint_extrap *e)
{
    return e->started ? e->code : PINT_EXTRAP_RUNNING;
}

void pint_extrap_result(const pint_extrap *e, double *val, double *err)
{
    for (int k = 0; k < e->ncomp; k++) {
        int test;
        if (!e->started) {
            val[k] = err[k] = NAN;
            continue;
        }
        choose(e, k, &val[k], &err[k], &test);
    }
}

int pint_extrap_is_extrapolated(const pint_extrap *e, int k)
{
    double v, er;
    int test;
    if (!e->started || k < 0 || k >= e->ncomp)
        return 0;
    return choose(e, k, &v, &er, &test);
}

long long pint_extrap_evals(const pint_extrap *e) { return e->evals; }
size_t pint_extrap_intervals(const pint_extrap *e) { return e->n_iv; }
long long pint_extrap_extrapolations(const pint_extrap *e)
{ return e->nextrap; }
size_t pint_extrap_step_evals(const pint_extrap *e)
{ return 2 * e->rule->npoints; }
const char *pint_extrap_message(const pint_extrap *e) { return e->msg; }

int pint_extrap_nonzero_seen(const pint_extrap *e) { return e->nonzero_seen; }

double pint_extrap_absval(const pint_extrap *e, int k)
{
    return e->comp[k].resabs;
}

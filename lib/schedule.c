/* schedule.c -- work-unit scheduling: DLS chunk formulas (see schedule.h).
 *
 * References (schedule.h): Balasubramaniam 2003, ch. 2.1 (equations
 * cited as B2.x), and Mendhe, ch. 2.3 (M2.x).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "schedule.h"

/* Measurements of one worker (AWF and AF). */
typedef struct {
    long long nrep;   /* reports accepted so far */
    double sum_it;    /* AWF: sum of i * T_i over reports i = 1..nrep (B2.4) */
    double sum_ik;    /* AWF: sum of i * K_i */
    double items;     /* AF: sum of K_c */
    double secs;      /* AF: sum of T_c */
    double s2;        /* AF: sum of K_c * (T_c/K_c)^2 = sum T_c^2 / K_c */
} sched_stat;

struct pint_sched {
    enum pint_schedule kind;
    long long n, remaining;
    int p;
    long long fixed;        /* STATIC: ceil(N/P); FSC: K; AF: k0 = ceil(N/(4P)) */
    long long batch_chunk;  /* FAC, WF: chunk of the current batch */
    int batch_left;         /* FAC, WF: requests left in the current batch */
    double *w;              /* WF: normalized weights; AWF: scratch */
    sched_stat *st;         /* AWF, AF */
};

static long long ceil_div(long long a, long long b)
{
    return a / b + (a % b != 0);
}

pint_sched *pint_sched_new(enum pint_schedule kind, long long n, int p,
                           const double *weights, long long fsc_chunk)
{
    if (!pint_schedule_name(kind) || n < 0 || p < 1
        || fsc_chunk < 0)
        return NULL;
    double wsum = 0.0;
    if (kind == PINT_SCHED_WF && weights) {
        for (int i = 0; i < p; i++) {
            if (!isfinite(weights[i]) || !(weights[i] > 0.0))
                return NULL;
            wsum += weights[i];
        }
        if (!isfinite(wsum))
            return NULL;
    }
    pint_sched *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->kind = kind;
    s->n = s->remaining = n;
    s->p = p;
    switch (kind) {
    case PINT_SCHED_STATIC:
        s->fixed = ceil_div(n, p);
        break;
    case PINT_SCHED_FSC:
        s->fixed = fsc_chunk ? fsc_chunk : ceil_div(n, 4LL * p);
        break;
    case PINT_SCHED_AF:
        s->fixed = ceil_div(n, 4LL * p);   /* B2.1.7 step 1: k0 = N/(4P) */
        break;
    default:
        break;
    }
    if (s->fixed < 1)
        s->fixed = 1;
    if (kind == PINT_SCHED_WF || kind == PINT_SCHED_AWF) {
        s->w = malloc((size_t)p * sizeof *s->w);
        if (!s->w) {
            free(s);
            return NULL;
        }
        for (int i = 0; i < p; i++)
            s->w[i] = weights && kind == PINT_SCHED_WF
                    ? weights[i] * p / wsum : 1.0;   /* M2.17: sum w = P */
    }
    if (kind == PINT_SCHED_AWF || kind == PINT_SCHED_AF) {
        s->st = calloc((size_t)p, sizeof *s->st);
        if (!s->st) {
            free(s->w);
            free(s);
            return NULL;
        }
    }
    return s;
}

void pint_sched_free(pint_sched *s)
{
    if (!s)
        return;
    free(s->w);
    free(s->st);
    free(s);
}

long long pint_sched_remaining(const pint_sched *s)
{
    return s ? s->remaining : 0;
}

/* A real-valued chunk size made an integer in [1, r]. */
static long long clamp_chunk(double k, long long r)
{
    if (!(k >= 1.0))          /* also catches NaN */
        return 1;
    if (k >= (double)r)
        return r;
    long long c = (long long)k;
    return c < r ? c : r;
}

/* AWF weights WP_j from the reports (B2.4-B2.9).  WAP_j = sum i T_ij /
 * sum i K_ij is the time per item with report i weighted by i (the
 * chunk index plays the part of the time-step index, so recent chunks
 * count more).  A worker without reports gets WAP_j = AWAP (neutral). */
static void awf_weights(pint_sched *s)
{
    int p = s->p, nrep = 0;
    double awap = 0.0;
    for (int j = 0; j < p; j++)
        if (s->st[j].nrep > 0) {
            awap += s->st[j].sum_it / s->st[j].sum_ik;
            nrep++;
        }
    if (nrep == 0) {
        for (int j = 0; j < p; j++)
            s->w[j] = 1.0;
        return;
    }
    awap /= nrep;                                            /* B2.5 */
    double trw = 0.0;
    for (int j = 0; j < p; j++) {
        double wap = s->st[j].nrep > 0
                   ? s->st[j].sum_it / s->st[j].sum_ik : awap;
        s->w[j] = awap / wap;                                /* B2.6 */
        trw += s->w[j];                                      /* B2.8 */
    }
    for (int j = 0; j < p; j++)
        s->w[j] = s->w[j] * p / trw;                         /* B2.9 */
}

/* AF chunk for worker w (B2.13-B2.16, M2.24), R = current remaining.
 * Per-item mean and deviation of worker i from its chunk reports
 * (K_c items in T_c seconds, chunk mean m_c = T_c/K_c):
 *   mu_i     = sum T_c / sum K_c,
 *   sigma_i^2 = sum K_c (m_c - mu_i)^2 / (n_i - 1)   (n_i >= 2 chunks;
 *              Var m_c = sigma^2/K_c for iid items), and sigma_i = mu_i
 *              (coefficient of variation 1) while n_i = 1.
 * Workers without reports take the average mu and sigma of the others.
 * A worker with no report of its own gets k0 = ceil(N/(4P)) (step 1).
 * K_w = (D + 2 E R - sqrt(D^2 + 4 D E R)) / (2 mu_w), D = sum sigma^2/mu,
 * E = (sum 1/mu)^-1, evaluated in the equivalent cancellation-free form
 * K_w = 2 E^2 R^2 / (mu_w (D + 2 E R + sqrt(D^2 + 4 D E R))). */
static void af_estimate(const sched_stat *st, double *mu, double *sg)
{
    *mu = st->secs / st->items;
    if (st->nrep >= 2) {
        double ss = st->s2 - *mu * st->secs;   /* sum K_c (m_c - mu)^2 */
        *sg = ss > 0.0 ? sqrt(ss / (double)(st->nrep - 1)) : 0.0;
    } else {
        *sg = *mu;
    }
}

static long long af_chunk(const pint_sched *s, int w)
{
    if (s->st[w].nrep == 0)
        return s->fixed < s->remaining ? s->fixed : s->remaining;
    double mu_avg = 0.0, sg_avg = 0.0, mu, sg;
    int nrep = 0;
    for (int i = 0; i < s->p; i++)
        if (s->st[i].nrep > 0) {
            af_estimate(&s->st[i], &mu, &sg);
            mu_avg += mu;
            sg_avg += sg;
            nrep++;
        }
    mu_avg /= nrep;
    sg_avg /= nrep;
    double d = 0.0, inv = 0.0;
    for (int i = 0; i < s->p; i++) {
        if (s->st[i].nrep > 0) {
            af_estimate(&s->st[i], &mu, &sg);
        } else {
            mu = mu_avg;
            sg = sg_avg;
        }
        d += sg * sg / mu;
        inv += 1.0 / mu;
    }
    double e = 1.0 / inv, r = (double)s->remaining, muw, sgw;
    af_estimate(&s->st[w], &muw, &sgw);
    double er = e * r;
    double k = 2.0 * er * er / (muw * (d + 2.0 * er + sqrt(d * d + 4.0 * d * er)));
    return clamp_chunk(ceil(k), s->remaining);
}

long long pint_sched_next(pint_sched *s, int w)
{
    if (!s || w < 0 || w >= s->p || s->remaining <= 0)
        return 0;
    long long r = s->remaining, k;
    switch (s->kind) {
    case PINT_SCHED_STATIC:
    case PINT_SCHED_FSC:
        k = s->fixed;
        break;
    case PINT_SCHED_SS:
        k = 1;
        break;
    case PINT_SCHED_GSS:
        k = ceil_div(r, s->p);
        break;
    case PINT_SCHED_FAC:
    case PINT_SCHED_WF:
        if (s->batch_left == 0) {
            s->batch_chunk = ceil_div(r, 2LL * s->p);
            s->batch_left = s->p;
        }
        s->batch_left--;
        k = s->kind == PINT_SCHED_FAC
          ? s->batch_chunk
          : clamp_chunk(floor(s->w[w] * (double)s->batch_chunk + 0.5), r);
        break;
    case PINT_SCHED_AWF:
        awf_weights(s);
        k = clamp_chunk(ceil((double)r / 2.0 * s->w[w] / s->p), r);  /* B2.10 */
        break;
    case PINT_SCHED_AF:
        k = af_chunk(s, w);
        break;
    default:
        k = 1;
        break;
    }
    if (k < 1)
        k = 1;
    if (k > r)
        k = r;
    s->remaining -= k;
    return k;
}

void pint_sched_report(pint_sched *s, int w, long long items, double seconds)
{
    if (!s || !s->st || w < 0 || w >= s->p || items <= 0
        || !isfinite(seconds) || !(seconds > 0.0))
        return;
    sched_stat *st = &s->st[w];
    double k = (double)items;
    st->nrep++;
    st->sum_it += (double)st->nrep * seconds;
    st->sum_ik += (double)st->nrep * k;
    st->items += k;
    st->secs += seconds;
    st->s2 += seconds * seconds / k;
}

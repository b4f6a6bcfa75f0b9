/* mc.c -- the plain Monte Carlo engine (see mc.h). */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mc.h"
#include "tolerance.h"
#include "rng.h"
#include "sum.h"

#define BATCH 1024              /* points per integrand call */

struct pint_mc {
    const pint_function *fn;
    int ndim, ncomp;
    double *lo, *width;
    pint_stream stream;
    pint_eval_cost cost;
    pint_sum *sum, *sumsq, *abssum;
    long long count, skipped;
    double *x, *f;              /* one batch, allocated once */
    char msg[256];
};

pint_mc *pint_mc_new(const pint_function *fn, const double *lo,
                     const double *hi, uint64_t seed, uint32_t stream)
{
    pint_mc *mc = calloc(1, sizeof *mc);
    if (!mc)
        return NULL;
    int n = fn->ndim, m = fn->ncomp;
    mc->fn = fn;
    mc->ndim = n;
    mc->ncomp = m;
    mc->lo = malloc(2 * (size_t)n * sizeof *mc->lo);
    mc->sum = calloc(3 * (size_t)m, sizeof *mc->sum);
    mc->x = malloc((size_t)BATCH * (size_t)n * sizeof *mc->x);
    mc->f = malloc((size_t)BATCH * (size_t)m * sizeof *mc->f);
    if (!mc->lo || !mc->sum || !mc->x || !mc->f) {
        pint_mc_free(mc);
        return NULL;
    }
    mc->width = mc->lo + n;
    mc->sumsq = mc->sum + m;
    mc->abssum = mc->sum + 2 * m;
    for (int i = 0; i < n; i++) {
        mc->lo[i] = lo[i];
        mc->width[i] = hi[i] - lo[i];
    }
    pint_stream_init(&mc->stream, seed, stream);
    return mc;
}

void pint_mc_free(pint_mc *mc)
{
    if (!mc)
        return;
    free(mc->lo);
    free(mc->sum);
    free(mc->x);
    free(mc->f);
    free(mc);
}

void pint_mc_set_cost(pint_mc *mc, const pint_eval_cost *c) { mc->cost = *c; }

const char *pint_mc_message(const pint_mc *mc) { return mc->msg; }

int pint_mc_sample(pint_mc *mc, long long npts)
{
    int n = mc->ndim, m = mc->ncomp;
    while (npts > 0) {
        size_t b = npts < BATCH ? (size_t)npts : BATCH;
        for (size_t p = 0; p < b; p++)
            for (int i = 0; i < n; i++)
                mc->x[p * (size_t)n + i] =
                    mc->lo[i] + mc->width[i] * pint_stream_uniform(&mc->stream);
        int rc = pint_eval_points(mc->fn, b, mc->x, mc->f, mc->msg,
                                  sizeof mc->msg);
        pint_eval_cost_pay(&mc->cost, b);
        if (rc != 0)
            return rc;
        for (size_t p = 0; p < b; p++)
            for (int k = 0; k < m; k++) {
                double v = mc->f[p * (size_t)m + k];
                pint_sum_add(&mc->sum[k], v);
                pint_sum_add(&mc->sumsq[k], v * v);
                pint_sum_add(&mc->abssum[k], fabs(v));
            }
        mc->count += (long long)b;
        npts -= (long long)b;
    }
    return 0;
}

void pint_mc_sums(const pint_mc *mc, double *sum, double *sumsq,
                  long long *count)
{
    for (int k = 0; k < mc->ncomp; k++) {
        sum[k] = pint_sum_get(&mc->sum[k]);
        sumsq[k] = pint_sum_get(&mc->sumsq[k]);
    }
    *count = mc->count;
}

void pint_mc_abs(const pint_mc *mc, double *abssum)
{
    for (int k = 0; k < mc->ncomp; k++)
        abssum[k] = pint_sum_get(&mc->abssum[k]);
}

long long pint_mc_count(const pint_mc *mc) { return mc->count; }

void pint_mc_skip(pint_mc *mc, long long points)
{
    mc->skipped = points;
    pint_stream_seek(&mc->stream, (uint64_t)points * (uint64_t)mc->ndim);
}

long long pint_mc_position(const pint_mc *mc)
{
    return mc->skipped + mc->count;
}

/* ---------------------------------------------------------- checkpoints */

pint_mc_state *pint_mc_state_new(int ncomp, int nstreams)
{
    pint_mc_state *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    st->ncomp = ncomp;
    st->nstreams = nstreams;
    st->sum = calloc(2 * (size_t)ncomp, sizeof *st->sum);
    st->pos = calloc(nstreams ? (size_t)nstreams : 1, sizeof *st->pos);
    if (!st->sum || !st->pos) {
        pint_mc_state_free(st);
        return NULL;
    }
    st->sumsq = st->sum + ncomp;
    return st;
}

void pint_mc_state_free(pint_mc_state *st)
{
    if (!st)
        return;
    free(st->sum);
    free(st->pos);
    free(st);
}

double *pint_mc_state_pack(const pint_mc_state *st, size_t *len)
{
    int m = st->ncomp;
    *len = 2 + 2 * (size_t)m + (size_t)st->nstreams;
    double *v = malloc(*len * sizeof *v);
    if (!v)
        return NULL;
    v[0] = (double)st->count;
    memcpy(v + 1, st->sum, 2 * (size_t)m * sizeof *v);
    v[1 + 2 * m] = st->nstreams;
    for (int r = 0; r < st->nstreams; r++)
        v[2 + 2 * m + r] = (double)st->pos[r];
    return v;
}

/* A count: a whole number in [0, 2^53). */
static int is_count(double x)
{
    return x >= 0 && x < 9007199254740992.0 && x == floor(x);
}

pint_mc_state *pint_mc_state_unpack(const double *v, size_t len, int ncomp,
                                    char *msg, size_t msglen)
{
    size_t head = 2 + 2 * (size_t)ncomp;
    if (len < head || !is_count(v[0]) || !is_count(v[head - 1])
        || (size_t)v[head - 1] != len - head) {
        snprintf(msg, msglen, "not the state of a Monte Carlo run");
        return NULL;
    }
    double total = 0;
    for (size_t r = head; r < len; r++) {
        if (!is_count(v[r])) {
            snprintf(msg, msglen, "stream %zu has no valid position",
                     r - head);
            return NULL;
        }
        total += v[r];
    }
    for (int k = 0; k < ncomp; k++)
        if (v[1 + ncomp + k] < 0) {
            snprintf(msg, msglen, "a negative sum of squares");
            return NULL;
        }
    if (total != v[0]) {
        snprintf(msg, msglen, "the streams' positions do not add up to the "
                 "points in the sums");
        return NULL;
    }
    pint_mc_state *st = pint_mc_state_new(ncomp, (int)(len - head));
    if (!st) {
        snprintf(msg, msglen, "out of memory");
        return NULL;
    }
    st->count = (long long)v[0];
    memcpy(st->sum, v + 1, 2 * (size_t)ncomp * sizeof *v);
    for (int r = 0; r < st->nstreams; r++)
        st->pos[r] = (long long)v[head + (size_t)r];
    return st;
}

void pint_mc_absval(int ncomp, const double *abssum, long long n, double vol,
                    double *absval)
{
    for (int k = 0; k < ncomp; k++)
        absval[k] = n > 0 ? vol * (abssum[k] / (double)n) : 0.0;
}

void pint_mc_estimate(int ncomp, const double *sum, const double *sumsq,
                      long long n, double vol, double *value, double *error)
{
    for (int k = 0; k < ncomp; k++) {
        if (n < 2) {
            value[k] = n ? vol * sum[k] : 0.0;
            error[k] = INFINITY;
            continue;
        }
        double mean = sum[k] / (double)n;
        /* sample variance, never negative through rounding */
        double var = (sumsq[k] - (double)n * mean * mean) / (double)(n - 1);
        value[k] = vol * mean;
        error[k] = vol * sqrt(fmax(var, 0.0) / (double)n);
    }
}

/* Points between two looks at the watch. */
#define WATCH_CHUNK 4096

int pint_mc_sample_watched(pint_mc *mc, long long npts,
                           const pint_watch *watch)
{
    if (!watch->deadline && !watch->opt->stop)
        return pint_mc_sample(mc, npts);
    while (npts > 0) {
        int halt = pint_watch_halt(watch);
        if (halt)
            return halt;
        long long n = npts < WATCH_CHUNK ? npts : WATCH_CHUNK;
        int rc = pint_mc_sample(mc, n);
        if (rc != 0)
            return rc;
        npts -= n;
    }
    return 0;
}

void pint_mc_save(const pint_mc_saving *sv, const pint_mc_state *st)
{
    size_t len;
    double *v = pint_mc_state_pack(st, &len);
    if (!v) {
        snprintf(sv->res->checkpoint_message,
                 sizeof sv->res->checkpoint_message,
                 "checkpoint %s: out of memory", sv->path);
        return;
    }
    pint_ckpt_save(sv->path, sv->desc, v, len, st->count, sv->res);
    free(v);
}

/* The state of all points so far: the base, plus buf's combined sums
 * and the streams of this run (pos[size]); the base's other streams are
 * kept. */
static void fill_state(pint_mc_state *st, const pint_mc_state *base,
                       const double *buf, int m, int size)
{
    const double *pos = buf + 2 * m + 1;
    st->count = (long long)buf[2 * m];
    for (int k = 0; k < 2 * m; k++)
        st->sum[k] = buf[k];
    for (int r = 0; r < st->nstreams; r++)
        st->pos[r] = r < size ? (long long)pos[r] : 0;
    if (!base)
        return;
    st->count += base->count;
    for (int k = 0; k < m; k++) {
        st->sum[k] += base->sum[k];
        st->sumsq[k] += base->sumsq[k];
    }
    for (int r = size; r < base->nstreams; r++)
        st->pos[r] = base->pos[r];
}

/* The rounds double the number of points, so an uninterrupted run tests
 * the tolerance at FIRST_ROUND 2^k points.  A run resumed from `before`
 * points makes its first round end at the next of those counts, and so
 * tests where the uninterrupted run tests and stops at the same count
 * when the verdicts agree (on one rank, or when the stop came at the end
 * of a round, with the same points). */
static long long first_round(long long before)
{
    long long t = PINT_MC_FIRST_ROUND;
    while (t <= before && t <= LLONG_MAX / 2)
        t *= 2;
    return t > before ? t - before : PINT_MC_FIRST_ROUND;
}

int pint_mc_run(pint_mc *mc, const pint_options *opt, double vol,
                const pint_mc_team *team, const pint_mc_saving *sv,
                pint_watch *watch, double *value, double *error,
                long long *evals)
{
    int m = mc->ncomp, rank = team ? team->rank : 0;
    int size = team ? team->size : 1;
    int len = 3 * m + 1 + size + 2;
    const pint_mc_state *base = sv ? sv->base : NULL;
    int writing = sv && sv->path && rank == 0;
    int nstreams = base && base->nstreams > size ? base->nstreams : size;
    double *buf = malloc(((size_t)len + 3 * (size_t)m) * sizeof *buf);
    double *all = buf + len;    /* the sums with the base's */
    double *absval = all + 2 * m;
    double *abssum = buf + 2 * m + 1 + size;   /* this run's points only */
    pint_mc_state *st = writing ? pint_mc_state_new(m, nstreams) : NULL;
    /* the estimate reached so far, kept if the first round fails */
    if (base && base->count > 0)
        pint_mc_estimate(m, base->sum, base->sum + m, base->count, vol,
                         value, error);
    else
        for (int k = 0; k < m; k++)
            value[k] = error[k] = NAN;
    if (!buf || (writing && !st)) {
        free(buf);
        pint_mc_state_free(st);
        return PINT_ERR_NOMEM;
    }
    long long before = base ? base->count : 0;
    if (before > 0 && pint_tolerance_met(opt, value, error, NULL, m, 1.0)) {
        /* resumed from points that already meet the tolerance (tested
         * without the floor, whose |f| is of this run's points): done,
         * as the uninterrupted run was */
        if (writing)
            pint_mc_save(sv, base);
        *evals = before;
        free(buf);
        pint_mc_state_free(st);
        return PINT_CONVERGED;
    }
    long long total = 0, round = first_round(before);
    int status = PINT_MAX_EVALS, halt = 0;
    for (;;) {
        if (round > opt->max_evals - before - total)
            round = opt->max_evals - before - total;
        long long mine = team && team->share ? team->share(team->arg, round)
                                             : round;
        double t0 = pint_watch_now();
        int rc = pint_mc_sample_watched(mc, mine, watch);
        if (rc == PINT_TIME_LIMIT || rc == PINT_INTERRUPTED) {
            halt = rc;
            rc = 0;
        }
        long long n;
        pint_mc_sums(mc, buf, buf + m, &n);
        buf[2 * m] = (double)n;
        for (int r = 0; r < size; r++)
            buf[2 * m + 1 + r] = r == rank ? (double)pint_mc_position(mc) : 0;
        pint_mc_abs(mc, abssum);
        buf[len - 2] = pint_watch_now() - t0;
        buf[len - 1] = rc != 0 ? 3.0 : halt == PINT_INTERRUPTED ? 2.0
                       : halt ? 1.0 : 0.0;
        if (team && team->combine)
            team->combine(team->arg, buf, len);
        if (buf[len - 1] == 3.0) {
            status = rc != 0 ? rc : PINT_ERR_INTEGRAND;
            break;
        }
        total = (long long)buf[2 * m];
        for (int k = 0; k < 2 * m; k++)
            all[k] = buf[k] + (base ? base->sum[k] : 0.0);
        pint_mc_estimate(m, all, all + m, before + total, vol, value, error);
        pint_mc_absval(m, abssum, total, vol, absval);
        pint_watch_progress(watch, before + total, 0, 0, watch->nranks, m,
                            value, error);
        if (pint_tolerance_met(opt, value, error, absval, m, 1.0)) {
            status = PINT_CONVERGED;
            break;
        }
        if (buf[len - 1] != 0.0) {
            /* some rank halted (maybe not this one): all stop, for the
             * same reason (a stop request wins over the clock) */
            status = buf[len - 1] == 2.0 ? PINT_INTERRUPTED : PINT_TIME_LIMIT;
            break;
        }
        if (before + total >= opt->max_evals)
            break;
        if (writing && pint_watch_checkpoint_due(watch)) {
            fill_state(st, base, buf, m, size);
            pint_mc_save(sv, st);
            pint_watch_checkpoint_written(watch);
        }
        /* double the sample, unless rounds must stay short for the
         * checkpoints (all ranks see the same maximum time) */
        if (!(sv && sv->period > 0 && buf[len - 2] > sv->period / 4))
            round = before + total;
    }
    if (writing && !pint_status_is_error(status)) {
        fill_state(st, base, buf, m, size);
        pint_mc_save(sv, st);
    }
    *evals = before + total;
    free(buf);
    pint_mc_state_free(st);
    return status;
}

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

/* mc.c -- the plain Monte Carlo engine (see mc.h). */
#include <limits.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mc.h"
#include "tolerance.h"
#include "rng.h"
#include "sum.h"
#include "pool.h"

#define BATCH 1024              /* points per integrand call */
#define SLOTS_PER_THREAD 4      /* batches per thread in one pool job */

/* A batch's outcome: its partial sums (sum, sumsq, abssum per
 * component), or the integrand's failure. */
typedef struct {
    pint_sum *sums;             /* 3 ncomp */
    long long pos;              /* its first point in the stream */
    size_t npts;
    int rc;
    char msg[256];
} mc_slot;

struct pint_mc {
    const pint_function *fn;
    int ndim, ncomp;
    double *lo, *width;
    pint_stream stream0;        /* as initialized: batches seek in it */
    pint_sum *sum, *sumsq, *abssum;
    long long count, skipped;
    pint_pool *pool;            /* NULL: the caller's thread alone */
    int nthreads;
    size_t nslots;
    double *x, *f;              /* a batch per thread, allocated once */
    pint_sum *acc;              /* a thread's running sums: 3 ncomp, at
                                   acc_stride apart (whole cache lines) */
    size_t acc_stride;
    mc_slot *slot;              /* the current job's batches */
    pint_sum *slot_sums;
    char msg[256];
};

/* Buffers for nthreads threads; 0, or -1 when out of memory (mc as it
 * was). */
static int size_buffers(pint_mc *mc, int nthreads)
{
    size_t nslots = (size_t)SLOTS_PER_THREAD * (size_t)nthreads;
    size_t n = (size_t)mc->ndim, m = (size_t)mc->ncomp;
    double *x = malloc((size_t)nthreads * BATCH * n * sizeof *x);
    double *f = malloc((size_t)nthreads * BATCH * m * sizeof *f);
    mc_slot *slot = calloc(nslots, sizeof *slot);
    pint_sum *sums = calloc(nslots * 3 * m, sizeof *sums);
    /* each thread's sums on cache lines of their own: they change at
     * every point */
    size_t stride = (3 * m * sizeof(pint_sum) + 63) / 64 * 64;
    pint_sum *acc = aligned_alloc(64, (size_t)nthreads * stride);
    if (!x || !f || !slot || !sums || !acc) {
        free(x);
        free(f);
        free(slot);
        free(sums);
        free(acc);
        return -1;
    }
    free(mc->x);
    free(mc->f);
    free(mc->slot);
    free(mc->slot_sums);
    free(mc->acc);
    mc->x = x;
    mc->f = f;
    mc->acc = acc;
    mc->acc_stride = stride / sizeof(pint_sum);
    mc->slot = slot;
    mc->slot_sums = sums;
    mc->nslots = nslots;
    mc->nthreads = nthreads;
    for (size_t i = 0; i < nslots; i++)
        slot[i].sums = sums + i * 3 * m;
    return 0;
}

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
    if (!mc->lo || !mc->sum || size_buffers(mc, 1) != 0) {
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
    pint_stream_init(&mc->stream0, seed, stream);
    return mc;
}

static int resize(void *mc, int nthreads)
{
    return size_buffers(mc, nthreads);
}

int pint_mc_set_threads(pint_mc *mc, int nthreads)
{
    if ((nthreads < 1 ? 1 : nthreads) == mc->nthreads)
        return 0;
    return pint_pool_move(&mc->pool, nthreads, resize, mc, mc->msg,
                          sizeof mc->msg);
}

void pint_mc_free(pint_mc *mc)
{
    if (!mc)
        return;
    pint_pool_free(mc->pool);
    free(mc->lo);
    free(mc->sum);
    free(mc->x);
    free(mc->f);
    free(mc->slot);
    free(mc->slot_sums);
    free(mc->acc);
    free(mc);
}


const char *pint_mc_message(const pint_mc *mc) { return mc->msg; }

/* Batch i of the current job, on a thread: its points from the stream
 * at their own position (so that no batch depends on which thread drew
 * the one before), their values, and their partial sums. */
static void batch_task(void *arg, size_t i, int thread)
{
    pint_mc *mc = arg;
    int n = mc->ndim, m = mc->ncomp;
    mc_slot *sl = &mc->slot[i];
    size_t b = sl->npts;
    double *x = mc->x + (size_t)thread * BATCH * (size_t)n;
    double *f = mc->f + (size_t)thread * BATCH * (size_t)m;
    pint_stream s = mc->stream0;
    pint_stream_seek(&s, (uint64_t)sl->pos * (uint64_t)n);
    for (size_t p = 0; p < b; p++)
        for (int d = 0; d < n; d++)
            x[p * (size_t)n + d] =
                mc->lo[d] + mc->width[d] * pint_stream_uniform(&s);
    sl->npts = b;
    sl->rc = pint_eval_points(mc->fn, b, x, f, sl->msg, sizeof sl->msg);
    if (sl->rc != 0)
        return;
    /* summed in the thread's own lines, then stored in the slot (the
     * slots of other threads' batches share its lines) */
    pint_sum *sum = mc->acc + (size_t)thread * mc->acc_stride;
    pint_sum *sumsq = sum + m, *abssum = sum + 2 * m;
    for (int k = 0; k < m; k++) {
        pint_sum_init(&sum[k]);
        pint_sum_init(&sumsq[k]);
        pint_sum_init(&abssum[k]);
    }
    for (size_t p = 0; p < b; p++)
        for (int k = 0; k < m; k++) {
            double v = f[p * (size_t)m + k];
            pint_sum_add(&sum[k], v);
            pint_sum_add(&sumsq[k], v * v);
            pint_sum_add(&abssum[k], fabs(v));
        }
    memcpy(sl->sums, sum, 3 * (size_t)m * sizeof *sum);
}

/* Batches of BATCH points, up to nslots of them a job, on the pool's
 * threads; their partial sums join the totals in batch order, so the
 * sums do not depend on the number of threads.  On a failure the
 * batches before the first failing one count. */
int pint_mc_sample(pint_mc *mc, long long npts)
{
    int m = mc->ncomp;
    while (npts > 0) {
        long long pos = mc->skipped + mc->count, job = 0;
        size_t nb = 0;
        for (; nb < mc->nslots && job < npts; nb++) {
            long long b = npts - job < BATCH ? npts - job : BATCH;
            mc->slot[nb].pos = pos + job;
            mc->slot[nb].npts = (size_t)b;
            job += b;
        }
        pint_pool_run(mc->pool, nb, batch_task, mc);
        for (size_t i = 0; i < nb; i++) {
            const mc_slot *sl = &mc->slot[i];
            if (sl->rc != 0) {
                snprintf(mc->msg, sizeof mc->msg, "%s", sl->msg);
                return sl->rc;
            }
            for (int k = 0; k < m; k++) {
                pint_sum_merge(&mc->sum[k], &sl->sums[k]);
                pint_sum_merge(&mc->sumsq[k], &sl->sums[m + k]);
                pint_sum_merge(&mc->abssum[k], &sl->sums[2 * m + k]);
            }
            mc->count += (long long)sl->npts;
        }
        npts -= job;
    }
    return 0;
}

/* One job's batches from unit *u at point *at of it (unit i: the points
 * [bound[i], bound[i + 1]) after pos), a batch never across two units;
 * *u and *at advance past them.  The number of batches. */
static size_t plan_job(pint_mc *mc, long long pos, const long long *bound,
                       long long nunits, long long *u, long long *at,
                       long long *unit_of)
{
    size_t nb = 0;
    while (nb < mc->nslots && *u < nunits) {
        long long left = bound[*u + 1] - bound[*u] - *at;
        if (left <= 0) {
            ++*u;
            *at = 0;
            continue;
        }
        long long b = left < BATCH ? left : BATCH;
        mc->slot[nb].pos = pos + bound[*u] + *at;
        mc->slot[nb].npts = (size_t)b;
        unit_of[nb++] = *u;
        *at += b;
    }
    return nb;
}

int pint_mc_units(pint_mc *mc, long long pos, const long long *bound,
                  long long nunits, const pint_watch *watch, double *out)
{
    int m = mc->ncomp;
    size_t wd = 1 + 3 * (size_t)m;
    if (nunits > 0)
        memset(out, 0, (size_t)nunits * wd * sizeof *out);
    long long u = 0, at = 0, unit_of[mc->nslots], cur = -1;
    pint_sum acc[3 * m];
    for (;;) {
        int halt = watch ? pint_watch_halt(watch) : 0;
        size_t nb = halt ? 0 : plan_job(mc, pos, bound, nunits, &u, &at,
                                        unit_of);
        if (nb > 0)
            pint_pool_run(mc->pool, nb, batch_task, mc);
        /* the batches' sums into their units', in order; a unit's sums
         * are stored whenever its batches so far are added */
        int rc = 0;
        for (size_t i = 0; i < nb && !rc; i++) {
            const mc_slot *sl = &mc->slot[i];
            if (sl->rc != 0) {
                snprintf(mc->msg, sizeof mc->msg, "%s", sl->msg);
                rc = sl->rc;
                break;
            }
            if (unit_of[i] != cur) {
                cur = unit_of[i];
                for (int k = 0; k < 3 * m; k++)
                    pint_sum_init(&acc[k]);
            }
            for (int k = 0; k < 3 * m; k++)
                pint_sum_merge(&acc[k], &sl->sums[k]);
            double *o = out + (size_t)cur * wd;
            o[0] += (double)sl->npts;
            for (int k = 0; k < 3 * m; k++)
                o[1 + k] = pint_sum_get(&acc[k]);
        }
        if (rc || halt)
            return rc ? rc : halt;
        if (nb == 0)
            return 0;
    }
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
    *len = 3 + 2 * (size_t)m + (size_t)st->nstreams;
    double *v = malloc(*len * sizeof *v);
    if (!v)
        return NULL;
    v[0] = (double)st->count;
    memcpy(v + 1, st->sum, 2 * (size_t)m * sizeof *v);
    v[1 + 2 * m] = st->nstreams;
    for (int r = 0; r < st->nstreams; r++)
        v[2 + 2 * m + r] = (double)st->pos[r];
    v[*len - 1] = (double)st->next;
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
    /* with the shared stream's position after the streams, or not */
    if (len < head || !is_count(v[0]) || !is_count(v[head - 1])
        || ((size_t)v[head - 1] != len - head
            && (size_t)v[head - 1] + 1 != len - head)) {
        snprintf(msg, msglen, "not the state of a Monte Carlo run");
        return NULL;
    }
    size_t nstreams = (size_t)v[head - 1];
    double next = 0;
    if (len - head > nstreams) {
        next = v[--len];
        if (!is_count(next)) {
            snprintf(msg, msglen, "the shared stream has no valid "
                     "position");
            return NULL;
        }
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
    if (total > v[0] || v[0] - total > next) {
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
    st->next = (long long)next;
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
        double sq = (double)n * mean * mean;
        double var = (sumsq[k] - sq) / (double)(n - 1);
        value[k] = vol * mean;
        /* values whose squares pass the largest double leave no variance
         * (Inf - Inf), nor do values whose squares fall below the
         * smallest normal double (their sum 0 or subnormal, precision
         * lost): no error estimate, NaN, never the 0 that fmax would
         * make of it (rounds.c stops the run) */
        int lost = !isfinite(sumsq[k]) || !isfinite(sq)
                   || (sum[k] != 0.0 && sumsq[k] < DBL_MIN * (double)n);
        error[k] = lost ? NAN : vol * sqrt(fmax(var, 0.0) / (double)n);
    }
}

/* Points between two looks at the watch, per thread. */
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
        long long chunk = (long long)WATCH_CHUNK * mc->nthreads;
        long long n = npts < chunk ? npts : chunk;
        int rc = pint_mc_sample(mc, n);
        if (rc != 0)
            return rc;
        npts -= n;
    }
    return 0;
}

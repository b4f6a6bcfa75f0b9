/* mc.c -- the plain Monte Carlo engine (see mc.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "mc.h"
#include "problem.h"
#include "rng.h"
#include "sum.h"

#define BATCH 1024              /* points per integrand call */

struct pint_mc {
    const pint_function *fn;
    int ndim, ncomp;
    double *lo, *width;
    pint_stream stream;
    pint_eval_cost cost;
    pint_sum *sum, *sumsq;
    long long count;
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
    mc->sum = calloc(2 * (size_t)m, sizeof *mc->sum);
    mc->x = malloc((size_t)BATCH * (size_t)n * sizeof *mc->x);
    mc->f = malloc((size_t)BATCH * (size_t)m * sizeof *mc->f);
    if (!mc->lo || !mc->sum || !mc->x || !mc->f) {
        pint_mc_free(mc);
        return NULL;
    }
    mc->width = mc->lo + n;
    mc->sumsq = mc->sum + m;
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

long long pint_mc_count(const pint_mc *mc) { return mc->count; }

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

int pint_mc_run(pint_mc *mc, const pint_options *opt, double vol,
                const pint_mc_team *team, pint_watch *watch, double *value,
                double *error, long long *evals)
{
    int m = mc->ncomp, len = 2 * m + 2;
    double *buf = malloc((size_t)len * sizeof *buf);
    if (!buf)
        return PINT_ERR_NOMEM;
    long long total = 0, round = PINT_MC_FIRST_ROUND;
    int status = PINT_MAX_EVALS, halt = 0;
    for (;;) {
        if (round > opt->max_evals - total)
            round = opt->max_evals - total;
        long long mine = team && team->share ? team->share(team->arg, round)
                                             : round;
        int rc = pint_mc_sample_watched(mc, mine, watch);
        if (rc == PINT_TIME_LIMIT || rc == PINT_INTERRUPTED) {
            halt = rc;
            rc = 0;
        }
        long long n;
        pint_mc_sums(mc, buf, buf + m, &n);
        buf[2 * m] = (double)n;
        buf[2 * m + 1] = rc != 0 ? 3.0 : halt == PINT_INTERRUPTED ? 2.0
                         : halt ? 1.0 : 0.0;
        if (team && team->combine)
            team->combine(team->arg, buf, len);
        if (buf[2 * m + 1] == 3.0) {
            status = rc != 0 ? rc : PINT_ERR_INTEGRAND;
            break;
        }
        total = (long long)buf[2 * m];
        pint_mc_estimate(m, buf, buf + m, total, vol, value, error);
        pint_watch_progress(watch, total, 0, 0, watch->nranks, m, value,
                            error);
        if (pint_tolerance_met(opt, value, error, m, 1.0)) {
            status = PINT_CONVERGED;
            break;
        }
        if (buf[2 * m + 1] != 0.0) {
            /* some rank halted (maybe not this one): all stop, for the
             * same reason (a stop request wins over the clock) */
            status = buf[2 * m + 1] == 2.0 ? PINT_INTERRUPTED
                                           : PINT_TIME_LIMIT;
            break;
        }
        if (total >= opt->max_evals)
            break;
        round = total;          /* double the sample */
    }
    *evals = total;
    free(buf);
    return status;
}

/* mc.h -- the plain Monte Carlo engine: uniform points in a box from a
 * counter-based stream, running sums of f and f^2 per component.  It
 * knows nothing of MPI: the drivers (api.c, par/mc_par.c) decide how many
 * points each rank draws and combine the sums. */
#ifndef PINT_MC_H
#define PINT_MC_H

#include <stdint.h>
#include "pint.h"
#include "eval.h"
#include "watch.h"

typedef struct pint_mc pint_mc;

/* A sampler of fn over the box [lo, hi] (copied) drawing from stream
 * `stream` of `seed`.  NULL when out of memory. */
pint_mc *pint_mc_new(const pint_function *fn, const double *lo,
                     const double *hi, uint64_t seed, uint32_t stream);
void pint_mc_free(pint_mc *mc);
void pint_mc_set_cost(pint_mc *mc, const pint_eval_cost *c);

/* Evaluate npts more points (in batches; the integrand sees batches).
 * Returns 0 or an integrand error status (message in pint_mc_message). */
int pint_mc_sample(pint_mc *mc, long long npts);
const char *pint_mc_message(const pint_mc *mc);

/* Sums so far: sum[k] and sumsq[k] of f_k (compensated), and the count. */
void pint_mc_sums(const pint_mc *mc, double *sum, double *sumsq,
                  long long *count);

/* Points this sampler has drawn. */
long long pint_mc_count(const pint_mc *mc);

/* The estimate from sums over n points in a box of volume vol:
 * value = vol * mean, error = vol * standard error of the mean. */
void pint_mc_estimate(int ncomp, const double *sum, const double *sumsq,
                      long long n, double vol, double *value, double *error);

/* How a run is shared among ranks: `share` gives this rank's part of a
 * round's points; `combine` sums, over all ranks and in place, buf =
 * [sum[m], sumsq[m], count, flag] (flag is combined by maximum: 0 fine,
 * 1 time limit, 2 stop request, 3 failed).  On one rank both are NULL. */
typedef struct {
    long long (*share)(void *arg, long long round_points);
    void (*combine)(void *arg, double *buf, int len);
    void *arg;
} pint_mc_team;

/* Rounds of growing size until max_k error[k] <= max(epsabs, epsrel
 * max_k |value[k]|), the evaluation limit, or a halt of the watch (time
 * limit or stop request: a round is cut short, the estimate is made of
 * the points drawn).  Returns the status; value/error/evals are the
 * combined estimate and count.  Progress is reported on rank 0. */
int pint_mc_run(pint_mc *mc, const pint_options *opt, double vol,
                const pint_mc_team *team, pint_watch *watch, double *value,
                double *error, long long *evals);

/* Evaluate npts more points in chunks, looking at the watch between
 * them: 0, an integrand error status, or the halt status (then fewer
 * points were drawn). */
int pint_mc_sample_watched(pint_mc *mc, long long npts,
                           const pint_watch *watch);

/* Points drawn first, and the growth of the rounds: round r (r >= 1)
 * draws as many points as all rounds before it, so the number of
 * convergence checks grows like log(n). */
#define PINT_MC_FIRST_ROUND 4096

#endif

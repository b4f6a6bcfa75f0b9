/* mc.h -- the plain Monte Carlo engine: uniform points in a box from a
 * counter-based stream, running sums of f and f^2 per component.  It
 * knows nothing of MPI: the drivers (api.c, par/mc_par.c) decide how many
 * points each rank draws and combine the sums. */
#ifndef PINT_MC_H
#define PINT_MC_H

#include <stdint.h>
#include "pint.h"
#include "checkpoint.h"
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

/* The sums of |f_k| over the points drawn (not kept in checkpoints: the
 * floor of tolerance.h needs only an estimate). */
void pint_mc_abs(const pint_mc *mc, double *abssum);

/* The estimate of the integral of |f_k| from abssum over n points in a
 * box of volume vol (0 when n is 0). */
void pint_mc_absval(int ncomp, const double *abssum, long long n, double vol,
                    double *absval);

/* Points this sampler has drawn. */
long long pint_mc_count(const pint_mc *mc);

/* Start the stream after `points` points drawn by an earlier run (a
 * resumed run continues its stream, so no point is drawn twice), and
 * where the stream stands: skipped + drawn. */
void pint_mc_skip(pint_mc *mc, long long points);
long long pint_mc_position(const pint_mc *mc);

/* What a checkpoint of a Monte Carlo run keeps: the sums of every point
 * drawn, and how far each stream went (stream r is rank r's).  As numbers
 * of the checkpoint file:
 *
 *     count, sum[ncomp], sumsq[ncomp], nstreams, pos[nstreams]
 *
 * with sum over r of pos[r] = count. */
typedef struct {
    int ncomp, nstreams;
    long long count;
    double *sum, *sumsq;
    long long *pos;
} pint_mc_state;

/* A zeroed state; NULL when out of memory. */
pint_mc_state *pint_mc_state_new(int ncomp, int nstreams);
void pint_mc_state_free(pint_mc_state *st);
/* The numbers of st (malloc'ed, *len of them); NULL when out of memory. */
double *pint_mc_state_pack(const pint_mc_state *st, size_t *len);
/* The state of len numbers; NULL with a reason in msg when they are not
 * one (or out of memory). */
pint_mc_state *pint_mc_state_unpack(const double *v, size_t len, int ncomp,
                                    char *msg, size_t msglen);

/* Checkpoints of pint_mc_run.  base: the state resumed from (its sums
 * count in every estimate, its points against the evaluation limit), or
 * NULL (pos[r] continues stream r: the caller skips its sampler there).
 * path: the checkpoint file rank 0 writes (header desc; written or not
 * as res->checkpoints and res->checkpoint_message say) with the state of
 * all points so far, every `period` seconds (0: never) at the end of a
 * round, and once when the run stops for any reason but an error; NULL:
 * no checkpoints.  With a period (the same on every rank), a round grows
 * only while the last one took at most a quarter of it on every rank,
 * so rounds stay shorter than about half a period. */
typedef struct {
    const pint_mc_state *base;
    const char *path;
    const pint_ckpt *desc;
    pint_result *res;
    double period;
} pint_mc_saving;

/* Write st as sv's checkpoint (rank 0). */
void pint_mc_save(const pint_mc_saving *sv, const pint_mc_state *st);

/* The estimate from sums over n points in a box of volume vol:
 * value = vol * mean, error = vol * standard error of the mean. */
void pint_mc_estimate(int ncomp, const double *sum, const double *sumsq,
                      long long n, double vol, double *value, double *error);

/* How a run is shared among ranks: `share` gives this rank's part of a
 * round's points; `combine` combines over all ranks and in place buf =
 * [sum[m], sumsq[m], count, pos[size], abssum[m], seconds, flag]: all but
 * the last two summed (pos[r]: rank r's stream position, 0 from other ranks),
 * the last two by maximum (seconds: the round's time; flag: 0 fine, 1
 * time limit, 2 stop request, 3 failed).  rank and size: this rank and
 * the team's size.  On one rank: team NULL. */
typedef struct {
    long long (*share)(void *arg, long long round_points);
    void (*combine)(void *arg, double *buf, int len);
    void *arg;
    int rank, size;
} pint_mc_team;

/* Rounds of growing size until the convergence test (tolerance.h, in the
 * norm of opt, with the floor), the evaluation limit, or a halt of the watch (time
 * limit or stop request: a round is cut short, the estimate is made of
 * the points drawn).  Returns the status; value/error/evals are the
 * combined estimate and count (with the base's).  Progress is reported
 * on rank 0.  sv: checkpoints, or NULL. */
int pint_mc_run(pint_mc *mc, const pint_options *opt, double vol,
                const pint_mc_team *team, const pint_mc_saving *sv,
                pint_watch *watch, double *value, double *error,
                long long *evals);

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

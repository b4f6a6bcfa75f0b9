/* mc.h -- the plain Monte Carlo engine: uniform points in a box from a
 * counter-based stream, running sums of f and f^2 per component.  It
 * knows nothing of MPI or files: the rounds (mc_run.c) and the fixed-time
 * units (par/mc_par.c) decide how many
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

/* Draw and evaluate on nthreads threads (1 at first): a pool of its own,
 * kept until pint_mc_free.  The sums do not depend on the number of
 * threads (see pint_mc_sample).  0, or PINT_ERR_NOMEM with the message
 * in pint_mc_message (the sampler stays as it was). */
int pint_mc_set_threads(pint_mc *mc, int nthreads);

/* The stream of the rounds (mc_run.c): one for the whole team, drawn by
 * position, so that a point does not depend on who draws it.  Rank
 * streams (fixed-time units, par/mc_par.c) are numbered by rank. */
#define PINT_MC_SHARED_STREAM 0xFFFFFFFFu

/* Units of points at given positions of the stream: unit i holds the
 * points pos + bound[i] .. pos + bound[i + 1] - 1 (bound nondecreasing).
 * Each unit's numbers go to out + i (1 + 3 ncomp): its points, then the
 * sums of f_k, of f_k^2 and of |f_k| over them (compensated within the
 * unit).  A unit's numbers depend on its points alone, not on the
 * number of threads nor on the other units.  The watch (or NULL) is
 * looked at between jobs of a few thousand points: on a halt, or an
 * integrand error (message in pint_mc_message), the units reached hold
 * the points drawn before it and the rest are zero; returns 0, the
 * error or the halt.  The running sums of pint_mc_sample are not
 * touched. */
int pint_mc_units(pint_mc *mc, long long pos, const long long *bound,
                  long long nunits, const pint_watch *watch, double *out);

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
 * drawn, how far each rank stream went (stream r is rank r's in
 * fixed-time units), and where the shared stream goes on (the rounds'
 * points before `next` were drawn, or skipped by a round cut short, and
 * are never drawn again).  As numbers of the checkpoint file:
 *
 *     count, sum[ncomp], sumsq[ncomp], nstreams, pos[nstreams], next
 *
 * with the points of the rank streams (sum over r of pos[r]) at most
 * count, and the rest of count at most next.  The states written before
 * the rounds shared a stream end after pos (next 0, the sum of pos[r]
 * is count) and are read as such. */
typedef struct {
    int ncomp, nstreams;
    long long count;
    double *sum, *sumsq;
    long long *pos;
    long long next;
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

/* The estimate from sums over n points in a box of volume vol:
 * value = vol * mean, error = vol * standard error of the mean. */
void pint_mc_estimate(int ncomp, const double *sum, const double *sumsq,
                      long long n, double vol, double *value, double *error);

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

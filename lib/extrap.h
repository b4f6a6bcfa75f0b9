/* extrap.h -- one-dimensional adaptive integration with extrapolation.
 *
 * The algorithm of QUADPACK's QAGS and QAGP (Piessens, de Doncker-Kapenga,
 * Ueberhuber, Kahaner, QUADPACK, Springer 1983, 2.2.1 and 3.3.3; de
 * Doncker, SIGNUM Newsletter 13 (1978) 12): global bisection of the
 * interval with the largest error, a Gauss-Kronrod pair on every interval,
 * and Wynn's epsilon algorithm (Wynn, MTAC 10 (1956) 91) applied to the
 * sequence of sums at which the error is concentrated in the smallest
 * intervals.  For end-point and interior singularities (x^a, log x, ...)
 * the extrapolated sequence converges far faster than the plain sums.
 *
 * Like adapt.h, an engine is a steppable object:
 *
 *     pint_extrap *e = pint_extrap_new(&fn, gk21, a, b, 0, NULL, 1000,
 *                                      &status, msg, sizeof msg);
 *     status = pint_extrap_start(e, epsabs, epsrel);
 *     while (status == 0 && !pint_extrap_done(e) && <evaluation budget>)
 *         status = pint_extrap_step(e);
 *     pint_extrap_result(e, val, err);
 *
 * Breakpoints (QAGP) are points of (a, b) where the integrand is known to
 * misbehave; they cut [a, b] into the initial intervals.
 *
 * Components (fn->ncomp = m >= 1).  Every interval carries m values and
 * errors; its key, max_k err[k], orders the bisections.  Each component
 * has its own epsilon table (sampled at the same moments) and its own
 * best extrapolated value; the control quantities of QAGS (sum of errors
 * over the large intervals, the convergence tests) use the max norm over
 * the components.  With m = 1 the tests are QAGS's (the few departures
 * are listed in extrap.c).  The convergence test is pint's (pint.h):
 *     max_k error[k] <= max(epsabs, epsrel * max_k |value[k]|).
 *
 * Tolerances steer the algorithm (which intervals to bisect before
 * extrapolating), so they are given to pint_extrap_start, not to a
 * separate test.  Like QUADPACK's, the engine is built for attainable
 * tolerances (epsrel >= 50 eps, QUADPACK's own input rule): below that
 * it stops with a roundoff code, and its answer may then be worse than
 * the one a looser tolerance gives.
 *
 * Memory: pint_extrap_new allocates everything, O(max_intervals * (3 + 2m))
 * doubles; a step allocates nothing.  A step costs O(intervals) for the
 * ordered list of errors (a memmove), so max_intervals should be what
 * QUADPACK calls the limit (hundreds to some thousands), not pint's region
 * limit.
 */
#ifndef PINT_EXTRAP_H
#define PINT_EXTRAP_H

#include <stddef.h>
#include "pint.h"
#include "rule.h"
#include "eval.h"

typedef struct pint_extrap pint_extrap;

/* Why a run stopped (pint_extrap_done).  The QUADPACK ier of QAGS/QAGP in
 * brackets.  Except for RUNNING and CONVERGED the result is still the best
 * estimate reached, with an error estimate that misses the tolerance; at
 * ROUNDOFF and TABLE stops near machine precision that estimate is
 * QUADPACK's heuristic and can be optimistic (x^-0.9 log(1/x) at 1e-15:
 * E = 1.9e-12 for an error of 4.5e-12; GSL's is alike).  The caller maps
 * the codes to its statuses. */
enum pint_extrap_code {
    PINT_EXTRAP_RUNNING = 0,    /* not finished: step again */
    PINT_EXTRAP_CONVERGED,      /* the tolerance is met [0] */
    PINT_EXTRAP_LIMIT,          /* max_intervals intervals reached [1] */
    PINT_EXTRAP_ROUNDOFF,       /* roundoff prevents the tolerance from
                                   being reached: the error estimates stop
                                   decreasing under bisection, or sit at
                                   the rule's roundoff floor [2] */
    PINT_EXTRAP_SINGULAR,       /* an interval became too small to bisect
                                   in floating point: a non-integrable
                                   singularity or a jump-like feature [3] */
    PINT_EXTRAP_TABLE,          /* the extrapolation table no longer
                                   converges: six extrapolations in a row
                                   without improvement while the
                                   extrapolated error is far below the
                                   plain one; roundoff in the table [4] */
    PINT_EXTRAP_DIVERGENT       /* the integral is probably divergent (or
                                   converges very slowly): the extrapolated
                                   value is inconsistent with the plain
                                   sum (of another sign or 100 times
                                   off, or the plain error exceeds the
                                   plain sum); checked whenever a run
                                   stops on an extrapolated value, even
                                   one that met the tolerance [5] */
};

/* "running", "converged", "interval-limit", "roundoff", "singular",
 * "extrapolation-stalled", "divergent"; "unknown" otherwise. */
const char *pint_extrap_code_name(int code);

/* An engine for fn (ndim 1, ncomp >= 1) over [a, b] with the
 * Gauss-Kronrod rule r (built for ncomp = fn->ncomp; QAGS uses GK21),
 * both outliving the engine.  points[npoints] (may be NULL when npoints
 * is 0) are breakpoints: finite, strictly inside (a, b), in any order,
 * no two equal; they are copied.  a < b, both finite (and b - a, a + b
 * too).  max_intervals >= npoints + 1 bounds the partition.  On failure
 * returns NULL and sets
 * *status (PINT_ERR_INVALID with the reason in msg[msglen], or
 * PINT_ERR_NOMEM). */
pint_extrap *pint_extrap_new(const pint_function *fn, const pint_rule_impl *r,
                             double a, double b, size_t npoints,
                             const double *points, size_t max_intervals,
                             int *status, char *msg, size_t msglen);
void pint_extrap_free(pint_extrap *e);


/* Evaluate the initial intervals (one batch) for the tolerances epsabs,
 * epsrel (>= 0, finite; they steer the algorithm, not just its end).
 * Returns 0 (then pint_extrap_done may already say why the run is over)
 * or PINT_ERR_INTEGRAND / PINT_ERR_NONFINITE / PINT_ERR_INVALID with
 * pint_extrap_message; after an integrand error start may be called
 * again. */
int pint_extrap_start(pint_extrap *e, double epsabs, double epsrel);

/* One bisection of the chosen interval (both halves in one batch of
 * 2 * npoints evaluations) and the extrapolation bookkeeping after it.
 * Returns 0 or an integrand status (PINT_ERR_INTEGRAND,
 * PINT_ERR_NONFINITE): then the engine is exactly as before the step
 * (the evaluations are counted) and the result is the one before it.
 * PINT_ERR_INVALID when the run is not started or already stopped. */
int pint_extrap_step(pint_extrap *e);

/* PINT_EXTRAP_RUNNING (0) while the run goes on, else the reason it
 * stopped (enum pint_extrap_code). */
int pint_extrap_done(const pint_extrap *e);
/* After a stop on an extrapolated answer (converged, or for roundoff or
 * a stalled table): check the extrapolation's premise near the ends
 * (extrap.c, the verification), with at most `budget` evaluations in all
 * (pint_extrap_evals) and between(arg), when not NULL, before every
 * batch of points (a non-zero return ends the check with that status).
 * Returns 0 -- the run then either stopped as before, or runs again
 * without extrapolation when the check refuted the answer --, 1 when the
 * budget ended the check first (the answer is then unconfirmed), an
 * integrand status, or between's.  Does nothing (0) on any other run. */
int pint_extrap_verify(pint_extrap *e, long long budget,
                       int (*between)(void *), void *arg);

/* After a stop on an extrapolated answer whose smallest intervals lie
 * inside (a, b), away from its ends and breakpoints: the singular point
 * they close in on, looked for with at most `budget` evaluations in all
 * (between as pint_extrap_verify's).  Returns 1 with the point (a double
 * strictly inside, no breakpoint) in *point -- the caller then runs
 * again with it as a breakpoint (extrap.c explains why) --, 0 when there
 * is none (or nothing was found), 2 when the budget ended the search, an
 * integrand status, or between's. */
int pint_extrap_interior(pint_extrap *e, long long budget,
                         int (*between)(void *), void *arg, double *point);

/* After a step (or the start) that returned PINT_ERR_NONFINITE: 1 with
 * the point in *point when its batch holds no NaN and its first
 * infinite value is at a point strictly inside (a, b), where a
 * singularity may be given as a breakpoint (or, when it is one, where a
 * node was rounded onto it); else 0. */
int pint_extrap_infinite_at(const pint_extrap *e, double *point);

/* Breakpoints (at most PINT_EXTRAP_MAX_PROBED, copied) at which
 * pint_extrap_verify probes as it probes the ends: those found by
 * pint_extrap_interior.  0, or PINT_ERR_INVALID for too many. */
#define PINT_EXTRAP_MAX_PROBED 4
int pint_extrap_probe_points(pint_extrap *e, size_t n, const double *points);

/* The best answer now: per component, the extrapolated value when there
 * is one and its error estimate is the smaller (relative to the value;
 * the rule of QAGS), else the plain sum over the intervals; val[ncomp],
 * err[ncomp].  A run that converged on the plain sums reports them.
 * NaN before a successful start. */
void pint_extrap_result(const pint_extrap *e, double *val, double *err);

/* 1 when component k of the result is the extrapolated value. */
int pint_extrap_is_extrapolated(const pint_extrap *e, int k);

long long pint_extrap_evals(const pint_extrap *e);
size_t pint_extrap_intervals(const pint_extrap *e);
/* Extrapolated estimates computed so far, summed over the components
 * (0 for a run that never extrapolated). */
long long pint_extrap_extrapolations(const pint_extrap *e);
/* Points evaluated by one step. */
size_t pint_extrap_step_evals(const pint_extrap *e);
/* The integral of |f_k| over [a, b] from the initial intervals. */
double pint_extrap_absval(const pint_extrap *e, int k);
/* 1 when some value evaluated was not 0 (tolerance.h,
 * pint_check_vanished). */
int pint_extrap_nonzero_seen(const pint_extrap *e);
/* The last error, or why the run stopped; "" when there is nothing to
 * say. */
const char *pint_extrap_message(const pint_extrap *e);

#endif /* PINT_EXTRAP_H */

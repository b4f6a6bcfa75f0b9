/* eval.h -- calling the integrand on a batch of points.
 *
 * The engines hand the integrand every point of a rule application at
 * once: through the batch callback when the user gave one, or one point
 * at a time otherwise.  Every value is checked here, so a NaN, an Inf or
 * a non-zero return stops the integration with a message naming the point.
 */
#ifndef PINT_EVAL_H
#define PINT_EVAL_H

#include <stddef.h>
#include "pint.h"

/* Someone to answer while the integrand runs (the controller on a rank
 * that also works, a batch's hook): pint_eval_call_polled hands the
 * integrand a batch in chunks and runs poll(arg) between them once 2 ms
 * have passed since the batch began or the last poll.  A chunk
 * is sized, as batches go, to take about a millisecond of the
 * integrand's own time (from 1 point, doubled while chunks are quick,
 * halved when slow; a guarded call's time is measured on its runner,
 * without the hand-over, which on a loaded machine can take milliseconds
 * whatever the chunk's size), so the rank answers within about that
 * however slow the integrand, and a cheap integrand still gets large
 * chunks.  chunk: the size to try next (0 at first).  waited: other
 * ranks wait on the call (a helper's slice, a share of the cooperative
 * start): under a guard it is handed over whatever its size, also
 * without a poll, so a hang in it ends at the deadline.  (A rank's
 * other threads, which do not poll, call as ever: a quick call of
 * theirs that hangs is out of the guard's reach, as on one rank; handing
 * their calls over made a cheap integrand's run on 2 threads 1.3 to 1.5
 * times as long.) */
typedef struct {
    void (*poll)(void *arg);
    void *arg;
    size_t chunk;
    int waited;
} pint_eval_poll;

/* pint_eval_call with p's poll between chunks (p NULL or p->poll NULL:
 * one call, guarded as p->waited says). */
int pint_eval_call_polled(const pint_function *fn, size_t npts,
                          const double *x, double *f, char *msg,
                          size_t msglen, pint_eval_poll *p);

/* Evaluate fn at npts points x[p*ndim + i] into f[p*ncomp + k].
 * Returns 0, PINT_ERR_INTEGRAND or PINT_ERR_NONFINITE (with a one-line
 * message in msg). */
int pint_eval_points(const pint_function *fn, size_t npts, const double *x,
                     double *f, char *msg, size_t msglen);

/* The two halves of pint_eval_points, for an engine that mends some
 * values before it checks them (adapt.c: points on a region's faces).
 * pint_eval_call calls the integrand only (0 or PINT_ERR_INTEGRAND);
 * pint_eval_check looks at points from..npts-1 and returns
 * PINT_ERR_NONFINITE for the first non-finite value, with its point's
 * index in *bad (when bad is not NULL). */
/* "(x1, x2, ...)" of point x as the user knows it (through the map of an
 * infinite range, map.h; at most 6 coordinates) into buf, for messages. */
void pint_eval_format_point(const pint_function *fn, const double *x,
                            char *buf, size_t len);

/* 1 when one of the n values is not 0 (a run's guard against a mass its
 * points lost: tolerance.h, pint_check_vanished). */
int pint_eval_any_nonzero(const double *f, size_t n);

/* For a value that is not finite at a point no region's face passes
 * through (so no breakpoint does; not the end of an infinite range
 * either): appends to msg how to name a singularity there.
 * pint_eval_points_inside: pint_eval_points for points that all lie
 * inside their regions (Gauss-Kronrod's), with that hint. */
void pint_eval_hint_breakpoint(char *msg, size_t msglen);
int pint_eval_points_inside(const pint_function *fn, size_t npts,
                            const double *x, double *f, char *msg,
                            size_t msglen);

int pint_eval_call(const pint_function *fn, size_t npts, const double *x,
                   double *f, char *msg, size_t msglen);
int pint_eval_check(const pint_function *fn, size_t from, size_t npts,
                    const double *x, const double *f, size_t *bad,
                    char *msg, size_t msglen);

/* ------------------------------------------------ calls under a deadline
 *
 * A run with a time limit must end near its limit even when an
 * integrand call never returns (a loop, a lock, a remote service that
 * does not answer): the engines check the clock only between batches.
 * A guard wraps the integrand (pint_guard_function): a call through
 * pint_eval_call runs on a thread of the guard's (a runner, one per
 * calling thread at a time, made when first needed and kept) while the
 * calling thread waits for it, until the call returns or the guard's
 * deadline passes.  Only calls expected to last 0.2 ms or more (their
 * points times the seconds a point has taken so far), the first, and
 * the polled or waited-on calls of pint_eval_call_polled are handed
 * over: the hand-over costs tens of microseconds, and a
 * quicker call runs on the calling thread, timed.  (A point's seconds
 * are the integrand's own, measured on the runner: counted with the
 * hand-over, quick calls looked slow on a loaded machine, and were
 * handed over, and so were slower.)  A call still running at the deadline is abandoned:
 * the caller gets PINT_TIME_LIMIT with a line saying so, every later
 * call gets it at once, and the runner keeps its own copies of the
 * points and values, so the call may go on, or return whenever it
 * does, without touching anything of the run; a runner whose abandoned
 * call returns frees itself.  The integrand's context must then stay
 * valid until the process ends (so must the guard's inner function:
 * the caller leaves whatever it points to allocated).
 *
 * A call runs on the runner as it would have on the caller, through
 * pint_eval_call of the inner function (points of failures named the
 * same way).  The points and values are copied across, a cost that
 * matters only for the cheapest integrands, and only with a limit. */
typedef struct pint_guard pint_guard;

/* A guard for inner (not copied: it must outlive the guard's calls) for
 * a run whose time limit of `limit` seconds falls at limit_at
 * (pint_watch_now seconds): a call is abandoned 0.5 s + 5% of the limit
 * after it.  NULL when out of memory. */
pint_guard *pint_guard_new(const pint_function *inner, double limit_at,
                           double limit);

/* The function the engines call in place of inner. */
const pint_function *pint_guard_function(pint_guard *g);

/* The guard fn is (NULL: fn is not a guard's function). */
const pint_guard *pint_eval_guard(const pint_function *fn);

/* 1 once a call has been abandoned. */
int pint_guard_abandoned(const pint_guard *g);

/* The line that says a call was abandoned. */
void pint_guard_message(const pint_guard *g, char *msg, size_t len);

/* The runners stopped and joined, the guard freed (NULL: nothing).  The
 * runners of abandoned calls are left to themselves. */
void pint_guard_free(pint_guard *g);

/* fn, or the function a guard wraps when fn is a guard's. */
const pint_function *pint_eval_inner(const pint_function *fn);

#endif /* PINT_EVAL_H */

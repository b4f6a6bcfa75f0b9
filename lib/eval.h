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
 * is sized, as batches go, to take about a millisecond (from 1 point,
 * doubled while chunks are quick, halved when slow), so the rank answers
 * within about that however slow the integrand, and a cheap integrand
 * still gets large chunks.  chunk: the size to try next (0 at first). */
typedef struct {
    void (*poll)(void *arg);
    void *arg;
    size_t chunk;
} pint_eval_poll;

/* pint_eval_call with p's poll between chunks (p NULL or p->poll NULL:
 * one call). */
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
/* 1 when one of the n values is not 0 (a run's guard against a mass its
 * points lost: tolerance.h, pint_check_vanished). */
int pint_eval_any_nonzero(const double *f, size_t n);

int pint_eval_call(const pint_function *fn, size_t npts, const double *x,
                   double *f, char *msg, size_t msglen);
int pint_eval_check(const pint_function *fn, size_t from, size_t npts,
                    const double *x, const double *f, size_t *bad,
                    char *msg, size_t msglen);

#endif /* PINT_EVAL_H */

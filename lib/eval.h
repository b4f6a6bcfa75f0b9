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

/* Emulated integrand cost, a benchmarking aid: every evaluation costs
 * cost_us microseconds, slept (sleep) or burnt on the CPU (spin).  With a
 * `poll`, a long sleep is cut into slices of about a millisecond and poll
 * runs between them, so a rank that also controls stays responsive.  A sleep ends late
 * (timer slack, a busy core): the time past the deadline is kept in
 * `late` and taken off the next payments, so that over a run the cost
 * is what was asked, not one overshoot per batch more. */
typedef struct {
    double cost_us;
    int spin;
    void (*poll)(void *arg);
    void *poll_arg;
    double late;                /* seconds slept past earlier deadlines */
} pint_eval_cost;

void pint_eval_cost_pay(pint_eval_cost *c, size_t npts);

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

/* result.c -- pint_result: allocation, failures, statistics (see
 * result.h and pint.h). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "result.h"

pint_result *pint_result_alloc(int ncomp)
{
    if (ncomp < 1)
        return NULL;
    pint_result *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->value = calloc((size_t)ncomp, sizeof *r->value);
    r->error = calloc((size_t)ncomp, sizeof *r->error);
    if (!r->value || !r->error) {
        pint_result_free(r);
        return NULL;
    }
    r->ncomp = ncomp;
    return r;
}

void pint_result_free(pint_result *res)
{
    if (!res)
        return;
    free(res->rank_evals);
    free(res->rank_idle);
    free(res->value);
    free(res->error);
    free(res);
}

/* Record an error status with its one-line message; value and error
 * become NaN so that no caller mistakes them for an estimate. */
static void set_message(pint_result *res, int status, const char *fmt,
                        va_list ap)
{
    /* format aside: the arguments may point into res->message itself */
    char line[sizeof res->message];
    vsnprintf(line, sizeof line, fmt, ap);
    memcpy(res->message, line, sizeof line);
    res->status = status;
}

void pint_no_estimate(pint_result *res)
{
    for (int k = 0; k < res->ncomp; k++)
        res->value[k] = res->error[k] = NAN;
}

int pint_fail(pint_result *res, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    set_message(res, status, fmt, ap);
    va_end(ap);
    pint_no_estimate(res);
    return status;
}

int pint_fail_keep(pint_result *res, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    set_message(res, status, fmt, ap);
    va_end(ap);
    for (int k = 0; k < res->ncomp; k++)
        if (!isfinite(res->error[k]) || !isfinite(res->value[k]))
            pint_no_estimate(res);
    return status;
}

void pint_batch_not_started(pint_result *r, int why)
{
    pint_fail(r, why, why == PINT_TIME_LIMIT
                      ? "not started: the end time had passed"
                      : "not started: the batch was stopped");
    r->status = why;
    r->evals = 0;
    r->regions = 0;
    r->seconds = 0.0;
}

int pint_result_ranks(pint_result *res, int nranks)
{
    long long *ev = realloc(res->rank_evals, (size_t)nranks * sizeof *ev);
    if (ev)
        res->rank_evals = ev;
    double *idle = ev ? realloc(res->rank_idle, (size_t)nranks * sizeof *idle)
                      : NULL;
    if (!ev || !idle)
        return -1;
    res->rank_idle = idle;
    res->nranks = nranks;
    for (int r = 0; r < nranks; r++) {
        ev[r] = 0;
        idle[r] = 0.0;
    }
    return 0;
}

int pint_result_audit(long long seen, long long regions, const pint_sum *vol,
                      double domain, const pint_sum *val, const double *value,
                      int m)
{
    int ok = seen == regions
             && fabs(pint_sum_get(vol) - domain) <= 1e-12 * domain;
    for (int k = 0; k < m; k++)
        ok = ok && fabs(pint_sum_get(&val[k]) - value[k])
                       <= 1e-12 * fmax(pint_sum_get(&val[m + k]), 1e-300)
                          + 1e-300;
    return ok ? 1 : -1;
}

/* The line of component k's estimate out of double's range: values too
 * large (overflow: value not finite, or |value| >= 1) or too small for
 * their squares (a variance lost below the smallest normal double,
 * |value| < 1; the two are some 300 decades apart). */
static void range_message(pint_result *res, int k, double value)
{
    if (isfinite(value) && fabs(value) < 1.0)
        snprintf(res->message, sizeof res->message,
                 "the error estimate of component %d is lost: the "
                 "integrand's values are too small for their squares in "
                 "double precision (scale the integrand up)", k + 1);
    else
        snprintf(res->message, sizeof res->message,
                 "the estimate of component %d overflowed: the integrand's "
                 "values are too large for sums in double precision "
                 "(scale the integrand down)", k + 1);
}

int pint_overflowed(const double *value, const double *error,
                    const double *absval, int m, pint_result *res)
{
    for (int k = 0; k < m; k++) {
        if (isfinite(value[k]) && !isnan(error[k])
            && (!absval || isfinite(absval[k])))
            continue;
        range_message(res, k, value[k]);
        return 1;
    }
    return 0;
}

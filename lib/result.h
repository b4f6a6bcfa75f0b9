/* result.h -- filling a pint_result: failures with their one-line
 * message, no estimate, the per-rank statistics (private; the public
 * pint_result_alloc and pint_result_free are in pint.h). */
#ifndef PINT_RESULT_H
#define PINT_RESULT_H

#include "pint.h"
#include "sum.h"

/* Record an error status and its one-line message in res; value and
 * error become NaN.  Returns status. */
int pint_fail(pint_result *res, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The same, but value and error stay as they are when every error is
 * finite: for an error met during a run, whose caller has put there the
 * estimate reached before the failing evaluation (NaN, or an infinite
 * error, when the run never reached an estimate of the whole domain:
 * then all become NaN).  Returns status. */
int pint_fail_keep(pint_result *res, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* value[k] = error[k] = NaN for k < ncomp: no estimate. */
void pint_no_estimate(pint_result *res);

/* 1 when some value[k] or absval[k] (k < m; absval may be NULL) is not
 * finite, or error[k] is NaN, although the integrand's values were
 * finite: sums that passed the largest double, or squares below the
 * smallest normal one (the methods' NaN error: mc.c, qmc.c,
 * vegas_run.c); an infinite error alone is neither: no error estimate
 * yet, as of one Monte Carlo point.  The message then names the first
 * such component and says to scale the integrand down or up (the
 * status is the caller's: PINT_ERR_NONFINITE); else 0, res untouched. */
int pint_overflowed(const double *value, const double *error,
                    const double *absval, int m, pint_result *res);

/* A batch's integral not started: why is PINT_INTERRUPTED (the batch
 * was stopped) or PINT_TIME_LIMIT (its end time had passed), the
 * status; no estimate, nothing counted, a message saying so. */
void pint_batch_not_started(pint_result *r, int why);

/* Per-rank statistics arrays for nranks ranks, zeroed (res->nranks =
 * nranks); 0, or -1 when out of memory. */
int pint_result_ranks(pint_result *res, int nranks);

/* The audit of opt.verify (under MPI the controller's, on one process
 * api.c's): 1 when the regions seen (seen of them) are the regions the
 * run reports, their volumes vol tile the domain's volume `domain`, and
 * their values val[m] sum to value[m] up to the rounding of sums taken
 * in another order, relative to the sum of their magnitudes val[m + k]
 * (genz1 at d = 2, seed 3 is -1.7e-6 from regions of 1e-4, and relative
 * to |value| the check failed now and then on a correct run); else -1. */
int pint_result_audit(long long seen, long long regions, const pint_sum *vol,
                      double domain, const pint_sum *val, const double *value,
                      int m);

#endif

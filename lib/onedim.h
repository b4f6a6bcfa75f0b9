/* onedim.h -- integrals in one dimension with QUADPACK's algorithm.
 *
 * In one dimension pint runs QAGS/QAGP (extrap.h: Gauss-Kronrod with
 * Wynn's epsilon extrapolation, breakpoints) rather than its plain
 * adaptive engine when opt.extrapolate is set: at end-point and interior
 * singularities it needs a small fraction of the evaluations (x^-0.9
 * log(1/x) on [0,1] at er 1e-6: 399 against 9,765), and on smooth
 * integrands the same.  One rank computes it (under MPI, rank 0, and the
 * result is broadcast by lib/par/par.c); checkpoints and resume use the
 * plain engine.
 */
#ifndef PINT_ONEDIM_H
#define PINT_ONEDIM_H

#include "pint.h"
#include "watch.h"

/* 1 when the problem (checked, rule id chosen) runs on the 1-D engine. */
int pint_use_extrapolation(const pint_function *fn, const pint_domain *dom,
                           const pint_options *opt, enum pint_rule id);

/* Integrate on this rank alone: res gets value, error, evals, regions
 * (intervals), rank_evals[0], extrapolated and, unless converged, a
 * message; returns the status.  Limits: opt.max_evals, the time limit and
 * stop flag of w, and min(opt.max_regions, 20000) intervals.  poll (may
 * be NULL) is called with poll_arg between steps. */
int pint_integrate_extrap(const pint_function *fn, const pint_domain *dom,
                          const pint_options *opt, pint_result *res,
                          enum pint_rule id, pint_watch *w,
                          void (*poll)(void *), void *poll_arg);

#endif /* PINT_ONEDIM_H */

/* problem.h -- checking a problem and cutting its domain into pieces,
 * shared by the sequential driver (api.c) and the MPI roles (par/). */
#ifndef PINT_PROBLEM_H
#define PINT_PROBLEM_H

#include <stddef.h>
#include "pint.h"
#include "rule.h"

/* Record an error status and its one-line message in res; value and
 * error become NaN.  Returns status. */
int pint_fail(pint_result *res, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The convergence test of pint.h in the norm o->norm, shared by every
 * method (factor 1 is the test itself; factor f > 1 the test with the
 * tolerance f times looser).  A NaN error never passes. */
int pint_tolerance_met(const pint_options *o, const double *value,
                       const double *error, int m, double factor);

/* The test in a form that can be shared among P workers: thr[k], the
 * threshold component k must meet on its own (max: eps; individual: its
 * tolerance max(epsabs, epsrel |value[k]|); l2: -1, none), and the
 * returned eps, the bound of the 2-norm of the errors of the components
 * without a threshold (l2; 0 for the others).  pint_tolerance_pass
 * tells whether errors meet thresholds and eps: the errors of the total
 * meet them when each worker's meet thr/P and eps/P, since error[k] and
 * the 2-norm of a sum are at most the sums of the workers' (the shares of
 * par/controller.c). */
double pint_tolerance_thresholds(const pint_options *o, const double *value,
                                 int m, double *thr);
int pint_tolerance_pass(enum pint_norm norm, const double *error, int m,
                        double eps, const double *thr);

/* How far errors are from done in a norm, to compare workers or
 * regions: max_k error[k] (max), max_k error[k]/thr[k] (individual; thr
 * NULL: as max), ||error||_2 (l2). */
double pint_norm_measure(enum pint_norm norm, const double *error, int m,
                         const double *thr);

/* The guard against a mass the rules lost: a converged adaptive result
 * whose every component is 0 with error 0 (every point of the final
 * partition gave 0), while some point evaluated earlier did not
 * (nonzero_seen), becomes PINT_UNRELIABLE with a message.  Returns the
 * status (PINT_CONVERGED otherwise). */
int pint_check_vanished(pint_result *res, int nonzero_seen);

/* Check fn, dom and opt; on success store the rule to use in *rule and
 * return 0, else the status (message in res). */
int pint_problem_check(const pint_function *fn, const pint_domain *dom,
                       const pint_options *opt, pint_result *res,
                       enum pint_rule *rule);

/* The domain as regions of the rule's kind: the box (cut at the
 * breakpoints of opt, pint.h; in t when fn is a mapped infinite range),
 * or each simplex.  Returns the count, with geometries in *geom (count *
 * geom_len doubles) and volumes in *vol (caller frees both), or 0 when
 * out of memory. */
size_t pint_domain_regions(const pint_domain *dom, const pint_function *fn,
                           const pint_options *opt, double **geom,
                           double **vol);

/* The breakpoints of opt on axis i (0-based), sorted, in the variable the
 * engines integrate (t of a mapped axis), into out[] (opt->npoints
 * doubles); returns how many. */
size_t pint_axis_points(const pint_function *fn, const pint_options *opt,
                        int i, double *out);

/* The volume of the whole domain. */
double pint_domain_volume(const pint_domain *dom, int ndim);

#endif

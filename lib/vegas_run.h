/* vegas_run.h -- VEGAS+ in iterations on one process or a team
 * (private; the method of the run skeleton, rounds.h, made of vegas.c's
 * engine). */
#ifndef PINT_VEGAS_RUN_H
#define PINT_VEGAS_RUN_H

#include "pint.h"
#include "team.h"
#include "watch.h"

/* Iterations until the combined estimate meets the tolerance (tolerance.h,
 * with the floor; two iterations combined at least, their chi^2
 * plausible), the evaluation limit, or a halt of the watch (an iteration
 * cut short does not count).  res as pint_rounds_run leaves it, with
 * iterations and chi2_dof; returns the status. */
int pint_vegas_integrate(const pint_function *fn, const pint_domain *dom,
                         const pint_options *opt, pint_team *t,
                         pint_watch *w, pint_result *res);

#endif

/* problem.h -- checking a problem before a run: options, domain,
 * breakpoints and the rule to use (private). */
#ifndef PINT_PROBLEM_H
#define PINT_PROBLEM_H

#include "pint.h"

/* Check fn, dom and opt; on success store the rule to use in *rule and
 * return 0, else the status (message in res). */
int pint_problem_check(const pint_function *fn, const pint_domain *dom,
                       const pint_options *opt, pint_result *res,
                       enum pint_rule *rule);

/* Check what opt asks of the team of `ranks` (1: one process, without
 * MPI): 0, or the status (message in res). */
int pint_problem_check_ranks(const pint_options *opt, int ranks,
                             pint_result *res);

#endif

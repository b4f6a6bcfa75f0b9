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

/* The rule of a run that resumes a checkpoint whose rule is `saved`
 * (pint_ckpt_rule: -1 when unreadable): with --rule auto, the
 * checkpoint's rule when it applies to the problem, so a checkpoint made
 * under an earlier default goes on as it began; else `chosen` (and the
 * read refuses a checkpoint of another rule, naming both). */
enum pint_rule pint_problem_resume_rule(const pint_function *fn,
                                        const pint_domain *dom,
                                        const pint_options *opt,
                                        enum pint_rule chosen, int saved);

/* Check what opt asks of the team of `ranks` (1: one process, without
 * MPI): 0, or the status (message in res). */
int pint_problem_check_ranks(const pint_options *opt, int ranks,
                             pint_result *res);

#endif

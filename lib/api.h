/* api.h -- the entry point under pint_integrate (private).
 *
 * pint_integrate on *comm_ptr (NULL: opt->comm, else the world) with a
 * hook between steps: the groups of a batch (par/groups.c) run their
 * integrals through it.
 */
#ifndef PINT_API_H
#define PINT_API_H

#include "pint.h"
#include "par/entry.h"

int pint_integrate_on(const pint_function *fn, const pint_domain *dom,
                      const pint_options *opt, pint_result *res,
                      const void *comm_ptr, const pint_par_hook *hook);

#endif

/* domain.h -- the domain of a problem: its volume and its first regions
 * (private; the public constructors pint_domain_box and
 * pint_domain_simplices are in pint.h). */
#ifndef PINT_DOMAIN_H
#define PINT_DOMAIN_H

#include <stddef.h>
#include "pint.h"

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

/* families.h -- private to integrands/: the family tables and the small
 * helpers (helpers.c) that registry.c, genz.c and classic.c share.  Not
 * installed and not used outside integrands/ (drivers and tests go
 * through integrands.h).
 */
#ifndef PINT_FAMILIES_H
#define PINT_FAMILIES_H

#include "integrands.h"

/* The six Genz families, genz1..genz6 in this order (genz.c). */
#define PINT_GENZ_COUNT 6
extern const pint_testfn_family pint_genz_families[PINT_GENZ_COUNT];

/* The classic integrands with exact values (classic.c). */
#define PINT_CLASSIC_COUNT 6
extern const pint_testfn_family pint_classic_families[PINT_CLASSIC_COUNT];

/* Draw the parameters of a Genz family into u[ndim] and a[ndim]:
 * u_1..u_n first, then a_1..a_n, each 0.05 + 0.9 U with U from a pint_rng
 * seeded with `seed`; then a is scaled so that sum(a) = h difficulty / n^e.
 * Returns 0, or -1 when fam is not a Genz family or the scaled a would not
 * be finite and positive.  (genz.c) */
int pint_genz_params(const pint_testfn_family *fam, int ndim, uint64_t seed,
                     double difficulty, double *u, double *a);

/* The instance behind an integrand's ctx, or NULL when ctx is NULL or its
 * dimension or component count differ from the call's: the eval functions
 * then return non-zero rather than read past the parameter arrays.
 * (helpers.c) */
const pint_testfn *pint_testfn_ctx(int ndim, int ncomp, void *ctx);

/* 1 when dom is a box usable by an exact routine: lo and hi given, finite,
 * and lo[i] < hi[i] for i < t->ndim. (helpers.c) */
int pint_testfn_is_box(const pint_testfn *t, const pint_domain *dom);

/* 1 when dom is a non-empty list of simplices with finite vertices.
 * (helpers.c) */
int pint_testfn_is_simplices(const pint_testfn *t, const pint_domain *dom);

#endif /* PINT_FAMILIES_H */

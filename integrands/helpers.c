/* helpers.c -- what the families share (see families.h and
 * integrands.h): the reproducible generator that draws the Genz
 * parameters, and the checks of an instance's context and domain.
 * Below registry.c, genz.c and classic.c, which all use it.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "integrands.h"
#include "families.h"

/* ------------------------------------------------------------------ rng */

/* splitmix64 (Steele, Lea and Flood 2014): a 64-bit counter stepped by the
 * golden-ratio increment and passed through a bijective mixer.  Every seed
 * gives a full-period stream, which is all the parameter draws need. */
void pint_rng_seed(pint_rng *r, uint64_t seed)
{
    r->s = seed;
}

/* The next 64 random bits. */
static uint64_t rng_next(pint_rng *r)
{
    uint64_t z = (r->s += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* Uniform in [0,1): the top 53 bits fill a double's mantissa exactly, so
 * every value is a multiple of 2^-53 and 1 is never returned. */
double pint_rng_uniform(pint_rng *r)
{
    return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

/* -------------------------------------------------- helpers for families */

const pint_testfn *pint_testfn_ctx(int ndim, int ncomp, void *ctx)
{
    const pint_testfn *t = ctx;
    if (t == NULL || ndim != t->ndim || ncomp != t->family->ncomp)
        return NULL;
    return t;
}

int pint_testfn_is_box(const pint_testfn *t, const pint_domain *dom)
{
    if (dom->kind != PINT_DOMAIN_BOX || dom->lo == NULL || dom->hi == NULL)
        return 0;
    for (int i = 0; i < t->ndim; i++) {
        if (!isfinite(dom->lo[i]) || !isfinite(dom->hi[i]))
            return 0;
        if (!(dom->lo[i] < dom->hi[i]))
            return 0;
    }
    return 1;
}

int pint_testfn_is_simplices(const pint_testfn *t, const pint_domain *dom)
{
    if (dom->kind != PINT_DOMAIN_SIMPLICES || dom->vertices == NULL
        || dom->nsimplices == 0)
        return 0;
    size_t nval = dom->nsimplices * (size_t)(t->ndim + 1) * (size_t)t->ndim;
    for (size_t k = 0; k < nval; k++)
        if (!isfinite(dom->vertices[k]))
            return 0;
    return 1;
}

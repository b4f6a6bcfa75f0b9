/* rule.c -- dimension ranges and the factory (see rule.h); the rule
 * names are in lib/names.c. */
#include <stdio.h>
#include <string.h>
#include "rule.h"

static int is_gk(enum pint_rule id)
{
    return id >= PINT_RULE_GK15 && id <= PINT_RULE_GK61;
}

static int is_simplex(enum pint_rule id)
{
    return id >= PINT_RULE_SIMPLEX3 && id <= PINT_RULE_SIMPLEX9;
}

void pint_rule_dims(enum pint_rule rule, int *min_dim, int *max_dim)
{
    int lo = 1, hi = PINT_GM_MAX_DIM;
    if (rule == PINT_RULE_GM || rule == PINT_RULE_SYM7
        || rule == PINT_RULE_SYM9) {
        lo = PINT_GM_MIN_DIM;
        hi = PINT_GM_MAX_DIM;
    } else if (rule == PINT_RULE_SYM13) {
        lo = hi = 2;
    } else if (rule == PINT_RULE_SYM11) {
        lo = hi = 3;
    } else if (is_gk(rule)) {
        lo = hi = 1;
    } else if (is_simplex(rule)) {
        lo = PINT_SIMPLEX_MIN_DIM;
        hi = PINT_SIMPLEX_MAX_DIM;
    }
    if (min_dim)
        *min_dim = lo;
    if (max_dim)
        *max_dim = hi;
}

enum pint_rule pint_rule_fallback(enum pint_rule id)
{
    return id == PINT_RULE_SYM13 || id == PINT_RULE_SYM11 ? PINT_RULE_SYM9
                                                          : PINT_RULE_AUTO;
}

pint_rule_impl *pint_rule_new(enum pint_rule id, int ndim, int ncomp,
                              int *status, char *msg, size_t msglen)
{
    int lo, hi;
    if ((int)id <= PINT_RULE_AUTO || id >= PINT_RULE_COUNT_) {
        snprintf(msg, msglen, "unknown rule %d", (int)id);
        *status = PINT_ERR_INVALID;
        return NULL;
    }
    pint_rule_dims(id, &lo, &hi);
    if (ndim < lo || ndim > hi) {
        snprintf(msg, msglen, "rule %s needs dimension %d..%d, got %d",
                 pint_rule_name(id), lo, hi, ndim);
        *status = PINT_ERR_INVALID;
        return NULL;
    }
    pint_rule_impl *r;
    if (id == PINT_RULE_SYM7 || id == PINT_RULE_SYM9
        || id == PINT_RULE_SYM13 || id == PINT_RULE_SYM11) {
        int failed;
        r = pint_rule_symmetric_new(id, ndim, ncomp, &failed);
        if (!r && failed) {
            snprintf(msg, msglen, "rule %s could not be built for dimension "
                     "%d", pint_rule_name(id), ndim);
            *status = PINT_ERR_INVALID;
            return NULL;
        }
    } else if (id == PINT_RULE_GM)
        r = pint_rule_genz_malik_new(ndim, ncomp);
    else if (is_gk(id))
        r = pint_rule_gauss_kronrod_new(id, ncomp);
    else
        r = pint_rule_grundmann_moeller_new(id, ndim, ncomp);
    if (!r) {
        snprintf(msg, msglen, "out of memory building rule %s",
                 pint_rule_name(id));
        *status = PINT_ERR_NOMEM;
    }
    return r;
}

void pint_rule_free(pint_rule_impl *r)
{
    if (r)
        r->destroy(r);
}

/* rule.c -- rule names, dimension ranges and the factory (see rule.h). */
#include <stdio.h>
#include <string.h>
#include "rule.h"

static const char *const rule_names[PINT_RULE_COUNT_] = {
    [PINT_RULE_AUTO] = "auto",
    [PINT_RULE_GM] = "gm",
    [PINT_RULE_GK15] = "gk15", [PINT_RULE_GK21] = "gk21",
    [PINT_RULE_GK31] = "gk31", [PINT_RULE_GK41] = "gk41",
    [PINT_RULE_GK51] = "gk51", [PINT_RULE_GK61] = "gk61",
    [PINT_RULE_SIMPLEX3] = "simplex3", [PINT_RULE_SIMPLEX5] = "simplex5",
    [PINT_RULE_SIMPLEX7] = "simplex7", [PINT_RULE_SIMPLEX9] = "simplex9",
    [PINT_RULE_SYM7] = "sym7", [PINT_RULE_SYM9] = "sym9",
};

const char *pint_rule_name(enum pint_rule rule)
{
    if ((int)rule < 0 || rule >= PINT_RULE_COUNT_)
        return "unknown";
    return rule_names[rule];
}

int pint_rule_from_name(const char *name)
{
    if (!name)
        return -1;
    for (int i = 0; i < PINT_RULE_COUNT_; i++)
        if (strcmp(name, rule_names[i]) == 0)
            return i;
    return -1;
}

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
    if (id == PINT_RULE_SYM7 || id == PINT_RULE_SYM9) {
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

int pint_box_split_axis(int n, const double *diff, const double *h)
{
    double dmax = 0.0;
    for (int i = 0; i < n; i++)
        if (diff[i] > dmax)
            dmax = diff[i];
    int best = 0;
    double best_d = -1.0, best_h = -1.0;
    for (int i = 0; i < n; i++) {
        double d = diff[i] > dmax * (1.0 - 1e-10) ? dmax : diff[i];
        if (d > best_d || (d == best_d && h[i] > best_h)) {
            best = i;
            best_d = d;
            best_h = h[i];
        }
    }
    return best;
}

int pint_simplex_longest_edge(int n, const double *v)
{
    double best = -1.0;
    int code = 1;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b <= n; b++) {
            double len2 = 0.0;
            for (int i = 0; i < n; i++) {
                double h = v[b * n + i] - v[a * n + i];
                len2 += h * h;
            }
            if (len2 > best) {
                best = len2;
                code = a * (n + 1) + b;
            }
        }
    return code;
}

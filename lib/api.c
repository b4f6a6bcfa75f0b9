/* api.c -- pint_integrate and the small public helpers (see pint.h).
 *
 * pint_integrate checks the problem, builds the rule once, seeds the
 * engine with the domain (one region for a box, one per simplex) and steps
 * it until the tolerance is met or a limit is reached.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "pint.h"
#include "adapt.h"
#include "region.h"
#include "rule.h"

void pint_options_init(pint_options *opt)
{
    opt->epsabs = 0.0;
    opt->epsrel = 1e-6;
    opt->max_evals = 100000000LL;
    opt->max_regions = 10000000;
    opt->rule = PINT_RULE_AUTO;
}

pint_domain pint_domain_box(const double *lo, const double *hi)
{
    pint_domain d = { .kind = PINT_DOMAIN_BOX, .lo = lo, .hi = hi };
    return d;
}

pint_domain pint_domain_simplices(size_t nsimplices, const double *vertices)
{
    pint_domain d = { .kind = PINT_DOMAIN_SIMPLICES,
                      .nsimplices = nsimplices, .vertices = vertices };
    return d;
}

pint_result *pint_result_alloc(int ncomp)
{
    if (ncomp < 1)
        return NULL;
    pint_result *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->value = calloc((size_t)ncomp, sizeof *r->value);
    r->error = calloc((size_t)ncomp, sizeof *r->error);
    if (!r->value || !r->error) {
        pint_result_free(r);
        return NULL;
    }
    r->ncomp = ncomp;
    return r;
}

void pint_result_free(pint_result *res)
{
    if (!res)
        return;
    free(res->value);
    free(res->error);
    free(res);
}

const char *pint_status_name(int status)
{
    switch (status) {
    case PINT_CONVERGED: return "converged";
    case PINT_MAX_EVALS: return "max-evals";
    case PINT_MAX_REGIONS: return "max-regions";
    case PINT_ERR_INTEGRAND:
    case PINT_ERR_NONFINITE: return "integrand-error";
    case PINT_ERR_INVALID: return "invalid-input";
    case PINT_ERR_NOMEM: return "out-of-memory";
    default: return "unknown";
    }
}

const char *pint_version(void) { return PINT_VERSION; }

/* Record an error status with its one-line message; value and error
 * become NaN so that no caller mistakes them for an estimate. */
static int fail(pint_result *res, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(res->message, sizeof res->message, fmt, ap);
    va_end(ap);
    for (int k = 0; k < res->ncomp; k++)
        res->value[k] = res->error[k] = NAN;
    res->status = status;
    return status;
}

static int check_options(const pint_options *o, pint_result *res)
{
    if (!(o->epsabs >= 0.0) || !isfinite(o->epsabs))
        return fail(res, PINT_ERR_INVALID,
                    "absolute tolerance must be a finite number >= 0, got %g",
                    o->epsabs);
    if (!(o->epsrel >= 0.0) || !isfinite(o->epsrel))
        return fail(res, PINT_ERR_INVALID,
                    "relative tolerance must be a finite number >= 0, got %g",
                    o->epsrel);
    if (o->epsabs == 0.0 && o->epsrel == 0.0)
        return fail(res, PINT_ERR_INVALID,
                    "absolute and relative tolerances are both zero: "
                    "the integration could never converge");
    if (o->max_evals < 1)
        return fail(res, PINT_ERR_INVALID,
                    "the evaluation limit must be >= 1, got %lld",
                    o->max_evals);
    if (o->max_regions < 1)
        return fail(res, PINT_ERR_INVALID, "the region limit must be >= 1");
    if ((int)o->rule < 0 || o->rule >= PINT_RULE_COUNT_)
        return fail(res, PINT_ERR_INVALID, "unknown rule %d", (int)o->rule);
    return 0;
}

static int check_domain(const pint_domain *d, int n, pint_result *res)
{
    if (d->kind == PINT_DOMAIN_BOX) {
        if (!d->lo || !d->hi)
            return fail(res, PINT_ERR_INVALID, "box domain without bounds");
        for (int i = 0; i < n; i++) {
            if (!isfinite(d->lo[i]) || !isfinite(d->hi[i]))
                return fail(res, PINT_ERR_INVALID,
                            "bounds of axis %d must be finite, got [%g, %g]",
                            i + 1, d->lo[i], d->hi[i]);
            if (!(d->lo[i] < d->hi[i]))
                return fail(res, PINT_ERR_INVALID,
                            "lower bound must be below upper bound on axis %d,"
                            " got [%g, %g]", i + 1, d->lo[i], d->hi[i]);
        }
        return 0;
    }
    if (d->kind != PINT_DOMAIN_SIMPLICES)
        return fail(res, PINT_ERR_INVALID, "unknown domain kind %d",
                    (int)d->kind);
    if (d->nsimplices < 1 || !d->vertices)
        return fail(res, PINT_ERR_INVALID, "simplex domain without simplices");
    if (n > PINT_SIMPLEX_MAX_DIM)
        return fail(res, PINT_ERR_INVALID,
                    "simplex domains need dimension %d..%d, got %d",
                    PINT_SIMPLEX_MIN_DIM, PINT_SIMPLEX_MAX_DIM, n);
    size_t len = (size_t)n * (size_t)(n + 1);
    for (size_t s = 0; s < d->nsimplices; s++) {
        const double *v = d->vertices + s * len;
        for (size_t j = 0; j < len; j++)
            if (!isfinite(v[j]))
                return fail(res, PINT_ERR_INVALID,
                            "simplex %zu has a non-finite coordinate", s + 1);
        if (!(pint_simplex_volume(n, v) > 0.0))
            return fail(res, PINT_ERR_INVALID,
                        "simplex %zu is degenerate (zero volume)", s + 1);
    }
    return 0;
}

static enum pint_rule choose_rule(enum pint_rule asked, const pint_domain *d,
                                  int n)
{
    if (asked != PINT_RULE_AUTO)
        return asked;
    if (d->kind == PINT_DOMAIN_SIMPLICES)
        return PINT_RULE_SIMPLEX7;
    return n == 1 ? PINT_RULE_GK21 : PINT_RULE_GM;
}

static int rule_fits_domain(enum pint_rule r, enum pint_domain_kind k)
{
    int simplex_rule = r >= PINT_RULE_SIMPLEX3 && r <= PINT_RULE_SIMPLEX9;
    return simplex_rule == (k == PINT_DOMAIN_SIMPLICES);
}

/* Seed the engine: one region for the box, one per simplex. */
static int seed_regions(pint_adapt *a, const pint_domain *d, int n)
{
    if (d->kind == PINT_DOMAIN_BOX) {
        double g[2 * PINT_GM_MAX_DIM], vol = 1.0;
        for (int i = 0; i < n; i++) {
            g[i] = 0.5 * (d->lo[i] + d->hi[i]);
            g[n + i] = 0.5 * (d->hi[i] - d->lo[i]);
            vol *= d->hi[i] - d->lo[i];
        }
        return pint_adapt_add(a, g, vol);
    }
    size_t len = (size_t)n * (size_t)(n + 1);
    for (size_t s = 0; s < d->nsimplices; s++) {
        const double *v = d->vertices + s * len;
        int rc = pint_adapt_add(a, v, pint_simplex_volume(n, v));
        if (rc != 0)
            return rc;
    }
    return 0;
}

static int converged(const double *val, const double *err, int m,
                     const pint_options *o)
{
    double e = 0.0, q = 0.0;
    for (int k = 0; k < m; k++) {
        if (err[k] > e)
            e = err[k];
        if (fabs(val[k]) > q)
            q = fabs(val[k]);
    }
    double tol = fmax(o->epsabs, o->epsrel * q);
    return e <= tol;
}

/* Step until convergence or a limit; returns the status. */
static int run(pint_adapt *a, const pint_options *o, int m, double *val,
               double *err)
{
    long long step_evals = (long long)pint_adapt_step_evals(a);
    for (;;) {
        pint_adapt_totals(a, val, err);
        if (converged(val, err, m, o)) {
            /* confirm on exact sums before claiming convergence */
            pint_adapt_recompute(a);
            pint_adapt_totals(a, val, err);
            if (converged(val, err, m, o))
                return PINT_CONVERGED;
        }
        if (pint_adapt_evals(a) + step_evals > o->max_evals)
            return PINT_MAX_EVALS;
        if (pint_adapt_regions(a) + 1 > o->max_regions)
            return PINT_MAX_REGIONS;
        int rc = pint_adapt_step(a);
        if (rc != 0)
            return rc;
    }
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int pint_integrate(const pint_function *fn, const pint_domain *dom,
                   const pint_options *opt, pint_result *res)
{
    if (!res || res->ncomp < 1 || !res->value || !res->error)
        return PINT_ERR_INVALID;
    double t0 = now_seconds();
    res->message[0] = '\0';
    res->evals = 0;
    res->regions = 0;
    res->seconds = 0.0;
    res->rule = PINT_RULE_AUTO;
    if (!fn || !dom || !opt)
        return fail(res, PINT_ERR_INVALID, "missing function, domain or options");
    if (fn->ndim < 1)
        return fail(res, PINT_ERR_INVALID, "dimension must be >= 1, got %d",
                    fn->ndim);
    if (fn->ncomp != res->ncomp)
        return fail(res, PINT_ERR_INVALID,
                    "the integrand has %d components but the result %d",
                    fn->ncomp, res->ncomp);
    if (!fn->f && !fn->fbatch)
        return fail(res, PINT_ERR_INVALID, "no integrand function given");
    int rc = check_options(opt, res);
    if (rc == 0)
        rc = check_domain(dom, fn->ndim, res);
    if (rc != 0)
        return rc;

    enum pint_rule id = choose_rule(opt->rule, dom, fn->ndim);
    if (!rule_fits_domain(id, dom->kind))
        return fail(res, PINT_ERR_INVALID, "rule %s does not apply to a %s",
                    pint_rule_name(id),
                    dom->kind == PINT_DOMAIN_BOX ? "box" : "simplex domain");
    res->rule = id;
    int status = 0;
    char msg[256];
    pint_rule_impl *rule = pint_rule_new(id, fn->ndim, fn->ncomp, &status,
                                         msg, sizeof msg);
    if (!rule)
        return fail(res, status, "%s", msg);
    pint_adapt *a = pint_adapt_new(fn, rule);
    if (!a) {
        pint_rule_free(rule);
        return fail(res, PINT_ERR_NOMEM, "out of memory");
    }
    status = seed_regions(a, dom, fn->ndim);
    if (status == 0)
        status = run(a, opt, fn->ncomp, res->value, res->error);
    pint_adapt_recompute(a);
    pint_adapt_totals(a, res->value, res->error);
    res->evals = pint_adapt_evals(a);
    res->regions = pint_adapt_regions(a);
    res->status = status;
    if (status == PINT_MAX_EVALS)
        snprintf(res->message, sizeof res->message,
                 "evaluation limit %lld reached before the tolerance was met",
                 opt->max_evals);
    else if (status == PINT_MAX_REGIONS)
        snprintf(res->message, sizeof res->message,
                 "region limit %zu reached before the tolerance was met",
                 opt->max_regions);
    else if (status >= PINT_ERR_INTEGRAND)
        fail(res, status, "%s", pint_adapt_message(a));
    pint_adapt_free(a);
    pint_rule_free(rule);
    res->seconds = now_seconds() - t0;
    return status;
}

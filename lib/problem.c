/* problem.c -- checking a problem before a run (see problem.h). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include "problem.h"
#include "eval.h"
#include "map.h"
#include "qmc.h"
#include "region.h"
#include "result.h"
#include "rule.h"

/* The threads and the regions per step. */
static int check_threads(const pint_options *o, pint_result *res)
{
    if (o->threads < 0 || o->threads > PINT_MAX_THREADS)
        return pint_fail(res, PINT_ERR_INVALID, "threads must be 0 (the "
                         "cores) or 1..%d, got %d", PINT_MAX_THREADS,
                         o->threads);
    if (o->regions_per_step < 0
        || o->regions_per_step > PINT_MAX_REGIONS_PER_STEP)
        return pint_fail(res, PINT_ERR_INVALID, "regions per step must be 0 "
                         "(automatic) or 1..%d, got %d",
                         PINT_MAX_REGIONS_PER_STEP, o->regions_per_step);
    return 0;
}

static int check_options(const pint_options *o, pint_result *res)
{
    if (!(o->epsabs >= 0.0) || !isfinite(o->epsabs))
        return pint_fail(res, PINT_ERR_INVALID,
                    "absolute tolerance must be a finite number >= 0, got %g",
                    o->epsabs);
    if (!(o->epsrel >= 0.0) || !isfinite(o->epsrel))
        return pint_fail(res, PINT_ERR_INVALID,
                    "relative tolerance must be a finite number >= 0, got %g",
                    o->epsrel);
    if (o->epsabs == 0.0 && o->epsrel == 0.0)
        return pint_fail(res, PINT_ERR_INVALID,
                    "absolute and relative tolerances are both zero: "
                    "the integration could never converge");
    if (o->max_evals < 1)
        return pint_fail(res, PINT_ERR_INVALID,
                    "the evaluation limit must be >= 1, got %lld",
                    o->max_evals);
    if (o->max_regions < 1)
        return pint_fail(res, PINT_ERR_INVALID, "the region limit must be >= 1");
    if (o->update_evals < 0)
        return pint_fail(res, PINT_ERR_INVALID,
                         "the update period must be >= 0 evaluations");
    if (!(o->update_seconds >= 0.0) || !isfinite(o->update_seconds))
        return pint_fail(res, PINT_ERR_INVALID,
                         "the update period must be a finite number >= 0 "
                         "seconds");
    if (o->lb_regions < 0)
        return pint_fail(res, PINT_ERR_INVALID,
                         "the regions per transfer must be >= 0");
    if ((int)o->rule < 0 || o->rule >= PINT_RULE_COUNT_)
        return pint_fail(res, PINT_ERR_INVALID, "unknown rule %d", (int)o->rule);
    if (!(o->time_limit >= 0.0) || !isfinite(o->time_limit))
        return pint_fail(res, PINT_ERR_INVALID,
                         "the time limit must be a finite number >= 0 "
                         "seconds (0: none)");
    if (!(o->end_time >= 0.0) || !isfinite(o->end_time))
        return pint_fail(res, PINT_ERR_INVALID,
                         "the end time must be a finite number >= 0 seconds "
                         "since the Epoch (0: none)");
    if (!(o->progress_seconds >= 0.0) || !isfinite(o->progress_seconds))
        return pint_fail(res, PINT_ERR_INVALID,
                         "the progress period must be a finite number >= 0 "
                         "seconds");
    if (!(o->checkpoint_seconds >= 0.0) || !isfinite(o->checkpoint_seconds))
        return pint_fail(res, PINT_ERR_INVALID,
                         "the checkpoint period must be a finite number >= 0 "
                         "seconds");
    if (!(o->scale >= 0.0) || !isfinite(o->scale))
        return pint_fail(res, PINT_ERR_INVALID,
                         "the scale of the infinite ranges must be a finite "
                         "number > 0, got %g", o->scale);
    if (!pint_norm_name(o->norm))
        return pint_fail(res, PINT_ERR_INVALID, "unknown norm %d",
                         (int)o->norm);
    if (!pint_balance_name(o->balance))
        return pint_fail(res, PINT_ERR_INVALID, "unknown balancing %d",
                         (int)o->balance);
    if (o->balance_group < 0)
        return pint_fail(res, PINT_ERR_INVALID,
                         "a group of the tree needs at least 1 worker, "
                         "got %d", o->balance_group);
    if ((o->checkpoint && !o->checkpoint[0]) || (o->resume && !o->resume[0]))
        return pint_fail(res, PINT_ERR_INVALID,
                         "an empty checkpoint file name");
    /* the options of one method are checked only when it runs: a program
     * that fills the options by hand for the adaptive method need not
     * know the QMC ones */
    if (o->method == PINT_METHOD_QMC) {
        if (o->shifts < 2 && o->shifts != 0)
            return pint_fail(res, PINT_ERR_INVALID,
                             "QMC needs at least 2 shifts per row, got %d",
                             o->shifts);
        if (!pint_periodize_name(o->periodize))
            return pint_fail(res, PINT_ERR_INVALID,
                             "unknown periodizing transform %d",
                             (int)o->periodize);
        if (!pint_qmc_units_name(o->qmc_units))
            return pint_fail(res, PINT_ERR_INVALID, "unknown QMC work unit %d",
                             (int)o->qmc_units);
        if (o->units_per_worker < 0)
            return pint_fail(res, PINT_ERR_INVALID,
                             "units per worker must be >= 1 (0: the default), "
                             "got %d", o->units_per_worker);
        if (!pint_schedule_name(o->schedule))
            return pint_fail(res, PINT_ERR_INVALID, "unknown schedule %d",
                             (int)o->schedule);
    }
    if (o->method == PINT_METHOD_MC
        && (!(o->unit_seconds >= 0.0) || !isfinite(o->unit_seconds)))
        return pint_fail(res, PINT_ERR_INVALID,
                         "the unit time must be a finite number >= 0 seconds");
    return 0;
}

static int check_domain(const pint_domain *d, int n, pint_result *res)
{
    if (d->kind == PINT_DOMAIN_BOX) {
        if (!d->lo || !d->hi)
            return pint_fail(res, PINT_ERR_INVALID, "box domain without bounds");
        double vol = 1.0;
        for (int i = 0; i < n; i++) {
            if (isnan(d->lo[i]) || isnan(d->hi[i]))
                return pint_fail(res, PINT_ERR_INVALID,
                                 "a bound of axis %d is NaN", i + 1);
            if (!(d->lo[i] < d->hi[i]))
                return pint_fail(res, PINT_ERR_INVALID,
                            "lower bound must be below upper bound on axis %d,"
                            " got [%g, %g]", i + 1, d->lo[i], d->hi[i]);
            /* the map of infinite ranges (map.h) is applied before this
             * check, so an infinite bound here is one it left alone */
            if (!isfinite(d->hi[i] - d->lo[i]))
                return pint_fail(res, PINT_ERR_INVALID,
                            "axis %d: the range [%g, %g] is too wide for "
                            "floating point (its width overflows); for an "
                            "infinite range give -inf or inf", i + 1,
                            d->lo[i], d->hi[i]);
            vol *= d->hi[i] - d->lo[i];
        }
        if (!isfinite(vol) || !(vol >= DBL_MIN))
            return pint_fail(res, PINT_ERR_INVALID,
                             "the box's volume %s floating point (%s); "
                             "rescale the variables",
                             isfinite(vol) ? "underflows" : "overflows",
                             isfinite(vol) ? "below 2.2e-308"
                                           : "above 1.8e308");
        return 0;
    }
    if (d->kind != PINT_DOMAIN_SIMPLICES)
        return pint_fail(res, PINT_ERR_INVALID, "unknown domain kind %d",
                    (int)d->kind);
    if (d->nsimplices < 1 || !d->vertices)
        return pint_fail(res, PINT_ERR_INVALID, "simplex domain without simplices");
    if (n > PINT_SIMPLEX_MAX_DIM)
        return pint_fail(res, PINT_ERR_INVALID,
                    "simplex domains need dimension %d..%d, got %d",
                    PINT_SIMPLEX_MIN_DIM, PINT_SIMPLEX_MAX_DIM, n);
    size_t len = (size_t)n * (size_t)(n + 1);
    for (size_t s = 0; s < d->nsimplices; s++) {
        const double *v = d->vertices + s * len;
        for (size_t j = 0; j < len; j++)
            if (!isfinite(v[j]))
                return pint_fail(res, PINT_ERR_INVALID,
                            "simplex %zu has a non-finite coordinate", s + 1);
        if (!(pint_simplex_volume(n, v) > 0.0))
            return pint_fail(res, PINT_ERR_INVALID,
                        "simplex %zu is degenerate (zero volume)", s + 1);
    }
    return 0;
}

/* The breakpoints: at most PINT_MAX_POINTS, on a box, for the adaptive
 * method, each finite and strictly inside its axis's range (as given: x,
 * not t), no two equal on one axis, at most PINT_MAX_PIECES pieces in
 * all. */
#define PINT_MAX_PIECES 1000000
#define PINT_MAX_POINTS 10000       /* the check below is quadratic */
static int check_points(const pint_function *fn, const pint_domain *dom,
                        const pint_options *opt, pint_result *res)
{
    if (opt->npoints == 0)
        return 0;
    if (!opt->points)
        return pint_fail(res, PINT_ERR_INVALID,
                         "%zu breakpoints but no array of them",
                         opt->npoints);
    if (opt->npoints > PINT_MAX_POINTS)
        return pint_fail(res, PINT_ERR_INVALID,
                         "%zu breakpoints (at most %d)", opt->npoints,
                         PINT_MAX_POINTS);
    if (dom->kind != PINT_DOMAIN_BOX || opt->method != PINT_METHOD_ADAPTIVE)
        return pint_fail(res, PINT_ERR_INVALID,
                         "breakpoints apply to boxes and the adaptive "
                         "method");
    const pint_function *u = pint_eval_inner(fn);   /* through a guard */
    const pint_domain *given = pint_map_is(u)
                               ? pint_map_user_domain(u->ctx) : dom;
    double pieces = 1.0;
    for (int i = 0; i < fn->ndim; i++) {
        size_t k = 0;
        for (size_t j = 0; j < opt->npoints; j++) {
            int axis = opt->points_axis ? opt->points_axis[j] : 0;
            if (axis < 0 || axis >= fn->ndim)
                return pint_fail(res, PINT_ERR_INVALID,
                                 "breakpoint %zu: no axis %d in dimension "
                                 "%d", j + 1, axis + 1, fn->ndim);
            if (axis != i)
                continue;
            double x = opt->points[j];
            if (!(x > given->lo[i] && x < given->hi[i]))
                return pint_fail(res, PINT_ERR_INVALID,
                                 "breakpoint %g is not inside the range "
                                 "[%g, %g] of axis %d", x, given->lo[i],
                                 given->hi[i], i + 1);
            for (size_t l = 0; l < j; l++)
                if ((opt->points_axis ? opt->points_axis[l] : 0) == i
                    && opt->points[l] == x)
                    return pint_fail(res, PINT_ERR_INVALID,
                                     "breakpoint %g is given twice on axis "
                                     "%d", x, i + 1);
            k++;
        }
        pieces *= (double)(k + 1);
    }
    if (pieces > PINT_MAX_PIECES)
        return pint_fail(res, PINT_ERR_INVALID,
                         "the breakpoints cut the box into %.0f pieces "
                         "(at most %d)", pieces, PINT_MAX_PIECES);
    return 0;
}

static enum pint_rule choose_rule(enum pint_rule asked, const pint_domain *d,
                                  int n)
{
    if (asked != PINT_RULE_AUTO)
        return asked;
    if (d->kind == PINT_DOMAIN_SIMPLICES)
        return PINT_RULE_SIMPLEX7;
    /* degree 13 at d = 2 and 11 at d = 3, their regions next to a
     * singularity on sym9 (rules/rule.h, pint_rule_fallback;
     * bench/RESULTS.md 15.3, 15.4) */
    return n == 1 ? PINT_RULE_GK21 : n == 2 ? PINT_RULE_SYM13
         : n == 3 ? PINT_RULE_SYM11 : PINT_RULE_SYM9;
}

static int rule_fits_domain(enum pint_rule r, enum pint_domain_kind k)
{
    int simplex_rule = r >= PINT_RULE_SIMPLEX3 && r <= PINT_RULE_SIMPLEX9;
    return simplex_rule == (k == PINT_DOMAIN_SIMPLICES);
}


int pint_problem_check(const pint_function *fn, const pint_domain *dom,
                       const pint_options *opt, pint_result *res,
                       enum pint_rule *rule)
{
    if (!fn || !dom || !opt)
        return pint_fail(res, PINT_ERR_INVALID,
                         "missing function, domain or options");
    if (fn->ndim < 1)
        return pint_fail(res, PINT_ERR_INVALID,
                         "dimension must be >= 1, got %d", fn->ndim);
    if (fn->ncomp != res->ncomp)
        return pint_fail(res, PINT_ERR_INVALID,
                         "the integrand has %d components but the result %d",
                         fn->ncomp, res->ncomp);
    if (!fn->f && !fn->fbatch)
        return pint_fail(res, PINT_ERR_INVALID, "no integrand function given");
    int rc = check_options(opt, res);
    if (rc == 0)
        rc = check_threads(opt, res);
    if (rc == 0)
        rc = check_domain(dom, fn->ndim, res);
    if (rc != 0)
        return rc;
    rc = check_points(fn, dom, opt, res);
    if (rc != 0)
        return rc;
    if (opt->method != PINT_METHOD_ADAPTIVE && opt->method != PINT_METHOD_MC
        && opt->method != PINT_METHOD_QMC && opt->method != PINT_METHOD_VEGAS)
        return pint_fail(res, PINT_ERR_INVALID, "unknown method %d",
                         (int)opt->method);
    if (opt->method != PINT_METHOD_ADAPTIVE) {
        if (dom->kind != PINT_DOMAIN_BOX)
            return pint_fail(res, PINT_ERR_INVALID,
                             "method %s integrates over boxes only",
                             pint_method_name(opt->method));
        if (opt->method == PINT_METHOD_QMC && fn->ndim > PINT_QMC_MAX_DIM)
            return pint_fail(res, PINT_ERR_INVALID,
                             "method qmc needs dimension 1..%d, got %d",
                             PINT_QMC_MAX_DIM, fn->ndim);
        *rule = PINT_RULE_AUTO;
        return 0;
    }
    enum pint_rule id = choose_rule(opt->rule, dom, fn->ndim);
    if (!rule_fits_domain(id, dom->kind))
        return pint_fail(res, PINT_ERR_INVALID, "rule %s does not apply to a %s",
                         pint_rule_name(id),
                         dom->kind == PINT_DOMAIN_BOX ? "box"
                                                      : "simplex domain");
    int lo, hi;
    pint_rule_dims(id, &lo, &hi);
    if (opt->rule == PINT_RULE_AUTO && dom->kind == PINT_DOMAIN_BOX
        && fn->ndim > hi)
        return pint_fail(res, PINT_ERR_INVALID,
                         "method adaptive reaches dimension %d (rule %s), "
                         "got %d: methods qmc (up to %d), vegas and mc take "
                         "more", hi, pint_rule_name(id), fn->ndim,
                         PINT_QMC_MAX_DIM);
    if (fn->ndim < lo || fn->ndim > hi)
        return pint_fail(res, PINT_ERR_INVALID,
                         "rule %s needs dimension %d..%d, got %d",
                         pint_rule_name(id), lo, hi, fn->ndim);
    *rule = id;
    return 0;
}

int pint_problem_check_ranks(const pint_options *opt, int ranks,
                             pint_result *res)
{
    if (opt->dedicated_controller && ranks < 2)
        return pint_fail(res, PINT_ERR_INVALID,
                         "a dedicated controller needs at least 2 ranks");
    return 0;
}

enum pint_rule pint_problem_resume_rule(const pint_function *fn,
                                        const pint_domain *dom,
                                        const pint_options *opt,
                                        enum pint_rule chosen, int saved)
{
    if (opt->rule != PINT_RULE_AUTO || opt->method != PINT_METHOD_ADAPTIVE
        || saved < 0 || saved >= PINT_RULE_COUNT_ || saved == PINT_RULE_AUTO
        || !rule_fits_domain((enum pint_rule)saved, dom->kind))
        return chosen;
    int lo, hi;
    pint_rule_dims((enum pint_rule)saved, &lo, &hi);
    return fn->ndim >= lo && fn->ndim <= hi ? (enum pint_rule)saved : chosen;
}

/* problem.c -- checking a problem and cutting its domain (see problem.h). */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "problem.h"
#include "map.h"
#include "qmc.h"
#include "region.h"

/* Record an error status with its one-line message; value and error
 * become NaN so that no caller mistakes them for an estimate. */
static void set_message(pint_result *res, int status, const char *fmt,
                        va_list ap)
{
    /* format aside: the arguments may point into res->message itself */
    char line[sizeof res->message];
    vsnprintf(line, sizeof line, fmt, ap);
    memcpy(res->message, line, sizeof line);
    res->status = status;
}

void pint_no_estimate(pint_result *res)
{
    for (int k = 0; k < res->ncomp; k++)
        res->value[k] = res->error[k] = NAN;
}

int pint_fail(pint_result *res, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    set_message(res, status, fmt, ap);
    va_end(ap);
    pint_no_estimate(res);
    return status;
}

int pint_fail_keep(pint_result *res, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    set_message(res, status, fmt, ap);
    va_end(ap);
    for (int k = 0; k < res->ncomp; k++)
        if (!isfinite(res->error[k]) || !isfinite(res->value[k]))
            pint_no_estimate(res);
    return status;
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
    if (!(o->cost_us >= 0.0) || !isfinite(o->cost_us))
        return pint_fail(res, PINT_ERR_INVALID,
                         "the emulated cost must be a finite number >= 0");
    if ((int)o->rule < 0 || o->rule >= PINT_RULE_COUNT_)
        return pint_fail(res, PINT_ERR_INVALID, "unknown rule %d", (int)o->rule);
    if (!(o->time_limit >= 0.0) || !isfinite(o->time_limit))
        return pint_fail(res, PINT_ERR_INVALID,
                         "the time limit must be a finite number >= 0 "
                         "seconds (0: none)");
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
    const pint_domain *given = pint_map_is(fn)
                               ? pint_map_user_domain(fn->ctx) : dom;
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
    return n == 1 ? PINT_RULE_GK21 : PINT_RULE_SYM9;
}

static int rule_fits_domain(enum pint_rule r, enum pint_domain_kind k)
{
    int simplex_rule = r >= PINT_RULE_SIMPLEX3 && r <= PINT_RULE_SIMPLEX9;
    return simplex_rule == (k == PINT_DOMAIN_SIMPLICES);
}


/* ||x||_2, scaled so that no square overflows or underflows; NaN when
 * an entry is NaN. */
static double norm2(const double *x, int m)
{
    double s = 0.0;
    for (int k = 0; k < m; k++) {
        if (isnan(x[k]))
            return NAN;
        s = fmax(s, fabs(x[k]));
    }
    if (s == 0.0 || isinf(s))
        return s;
    double sum = 0.0;
    for (int k = 0; k < m; k++) {
        double t = x[k] / s;
        sum += t * t;
    }
    return s * sqrt(sum);
}

/* Component k is accepted by the floor (problem.h): its value cannot be
 * told from 0 and its error is within the floor (factor times looser). */
static int floored(const double *value, const double *error,
                   const double *absval, int k, double factor)
{
    return absval && fabs(value[k]) <= error[k]
           && error[k] <= factor * PINT_FLOOR_RHO * absval[k];
}

/* The tolerance of component k in the max and individual norms (qmax:
 * max_k |value[k]|). */
static double comp_tol(const pint_options *o, const double *value, int k,
                       double qmax)
{
    return fmax(o->epsabs, o->epsrel * (o->norm == PINT_NORM_INDIVIDUAL
                                        ? fabs(value[k]) : qmax));
}

static double max_abs(const double *x, int m)
{
    double q = 0.0;
    for (int k = 0; k < m; k++)
        q = fmax(q, fabs(x[k]));
    return q;
}

/* ||x||_2 over the components the floor does not accept (all when
 * absval is NULL), scaled as norm2. */
static double norm2_open(const double *x, const double *value,
                         const double *error, const double *absval, int m,
                         double factor)
{
    double s = 0.0, sum = 0.0;
    for (int k = 0; k < m; k++) {
        if (floored(value, error, absval, k, factor))
            continue;
        if (isnan(x[k]))
            return NAN;
        s = fmax(s, fabs(x[k]));
    }
    if (s == 0.0 || isinf(s))
        return s;
    for (int k = 0; k < m; k++)
        if (!floored(value, error, absval, k, factor)) {
            double t = x[k] / s;
            sum += t * t;
        }
    return s * sqrt(sum);
}

int pint_tolerance_met(const pint_options *o, const double *value,
                       const double *error, const double *absval, int m,
                       double factor)
{
    if (o->norm == PINT_NORM_L2) {
        double eps = factor * fmax(o->epsabs, o->epsrel * norm2(value, m));
        if (absval && eps < DBL_EPSILON
                            * norm2_open(absval, value, error, absval, m,
                                         factor))
            return 0;           /* below the rounding of the values */
        return norm2_open(error, value, error, absval, m, factor) <= eps;
    }
    /* max: the expression of ParInt's test, bit for bit */
    double q = max_abs(value, m);
    double eps = factor * fmax(o->epsabs, o->epsrel * q);
    for (int k = 0; k < m; k++) {
        double tol = o->norm == PINT_NORM_INDIVIDUAL
                     ? factor * comp_tol(o, value, k, q) : eps;
        if (floored(value, error, absval, k, factor))
            continue;
        if (!(error[k] <= tol) || (absval && tol < DBL_EPSILON * absval[k]))
            return 0;
    }
    return 1;
}

double pint_tolerance_thresholds(const pint_options *o, const double *value,
                                 const double *error, const double *absval,
                                 int m, double *thr)
{
    if (o->norm == PINT_NORM_L2) {
        for (int k = 0; k < m; k++)
            thr[k] = absval && fabs(value[k]) <= error[k]
                     ? PINT_FLOOR_RHO * absval[k] : -1.0;
        double eps = fmax(o->epsabs, o->epsrel * norm2(value, m));
        if (absval) {
            /* the components without a threshold are those the test's
             * 2-norm takes when the others meet their floors */
            double s = 0.0, sum = 0.0;
            for (int k = 0; k < m; k++)
                if (thr[k] < 0.0)
                    s = fmax(s, absval[k]);
            for (int k = 0; k < m && s > 0.0 && isfinite(s); k++)
                if (thr[k] < 0.0)
                    sum += (absval[k] / s) * (absval[k] / s);
            if (eps < DBL_EPSILON * s * sqrt(sum))
                eps = -1.0;     /* below the rounding: never met */
        }
        return eps;
    }
    double q = max_abs(value, m);
    double eps = fmax(o->epsabs, o->epsrel * q);
    for (int k = 0; k < m; k++) {
        double t = o->norm == PINT_NORM_INDIVIDUAL ? comp_tol(o, value, k, q)
                                                   : eps;
        if (absval) {
            if (t < DBL_EPSILON * absval[k])
                t = -1.0;       /* below the rounding: never met */
            if (fabs(value[k]) <= error[k])
                t = fmax(t, PINT_FLOOR_RHO * absval[k]);
        }
        thr[k] = t;
    }
    return o->norm == PINT_NORM_INDIVIDUAL ? 0.0 : eps;
}

int pint_tolerance_pass(enum pint_norm norm, const double *error, int m,
                        double eps, const double *thr)
{
    if (norm != PINT_NORM_L2) {
        for (int k = 0; k < m; k++)
            if (!(error[k] <= thr[k]))
                return 0;
        return 1;
    }
    /* l2: the components with a threshold meet it; the 2-norm of the
     * others meets eps (scaled as norm2) */
    double s = 0.0;
    for (int k = 0; k < m; k++) {
        if (thr[k] >= 0.0) {
            if (!(error[k] <= thr[k]))
                return 0;
        } else if (!(error[k] <= s)) {
            if (isnan(error[k]))
                return 0;
            s = error[k];
        }
    }
    if (s == 0.0 || isinf(s))
        return s <= eps;
    double sum = 0.0;
    for (int k = 0; k < m; k++)
        if (thr[k] < 0.0) {
            double t = error[k] / s;
            sum += t * t;
        }
    return s * sqrt(sum) <= eps;
}

double pint_norm_measure(enum pint_norm norm, const double *error, int m,
                         const double *thr)
{
    double r = 0.0;
    if (norm == PINT_NORM_L2)
        return norm2(error, m);
    for (int k = 0; k < m; k++) {
        double e = error[k];
        if (norm == PINT_NORM_INDIVIDUAL && thr)
            e = thr[k] > 0.0 ? e / thr[k] : e > 0.0 ? HUGE_VAL : 0.0;
        r = fmax(r, e);
    }
    return r;
}

int pint_roundoff(const pint_options *o, const double *value,
                  const double *error, const double *absval, int m,
                  long long evals, pint_stall *st)
{
    /* the components held up below the rounding level, at the floor:
     * how far their errors are down, relative to their |f| */
    double level = -1.0;
    if (!absval || pint_tolerance_met(o, value, error, absval, m, 1.0)) {
        level = -1.0;
    } else if (o->norm == PINT_NORM_L2) {
        double eps = fmax(o->epsabs, o->epsrel * norm2(value, m));
        double a = norm2_open(absval, value, error, absval, m, 1.0);
        double e = norm2_open(error, value, error, absval, m, 1.0);
        if (eps < PINT_FLOOR_RHO * a && e <= PINT_FLOOR_RHO * a) {
            if (e <= eps)
                return 1;       /* it claims what the rounding forbids */
            level = e / a;
        }
    } else {
        double q = max_abs(value, m);
        for (int k = 0; k < m; k++) {
            double tol = comp_tol(o, value, k, q);
            if (!floored(value, error, absval, k, 1.0)
                && tol < PINT_FLOOR_RHO * absval[k]
                && error[k] <= PINT_FLOOR_RHO * absval[k]) {
                if (error[k] <= tol)
                    return 1;   /* it claims what the rounding forbids */
                level = fmax(level, error[k] / absval[k]);
            }
        }
    }
    if (!(level >= 0.0)) {
        st->evals = 0;
        return 0;
    }
    if (st->evals == 0 || evals < 2 * st->evals) {
        if (st->evals == 0) {
            st->evals = evals > 0 ? evals : 1;
            st->level = level;
        }
        return 0;
    }
    if (level >= 0.5 * st->level)
        return 1;               /* twice the work did not halve it */
    st->evals = evals;
    st->level = level;
    return 0;
}

int pint_check_vanished(pint_result *res, int nonzero_seen, int final_zero)
{
    if (!nonzero_seen || !final_zero)
        return PINT_CONVERGED;
    /* the splits left only regions where every point gave 0: on a box
     * far wider than where f lives (x in [-1e300, 1e300] for exp(-x^2))
     * the rules' points have missed it */
    snprintf(res->message, sizeof res->message,
             "the integrand was not 0 at points sampled first, but is 0 at "
             "every point of the final regions: the rules' points likely "
             "miss where it lives; give -inf/inf bounds or a narrower box");
    return PINT_UNRELIABLE;
}

/* The widest axis of the domain: hi - lo of a box (inf for an infinite
 * range), the spread of the vertices of simplices. */
static double widest_axis(const pint_domain *dom, int ndim)
{
    double w = 0.0;
    for (int i = 0; i < ndim; i++) {
        double lo = INFINITY, hi = -INFINITY;
        if (dom->kind == PINT_DOMAIN_BOX) {
            lo = dom->lo[i];
            hi = dom->hi[i];
        } else {
            size_t nv = dom->nsimplices * ((size_t)ndim + 1);
            for (size_t v = 0; v < nv; v++) {
                lo = fmin(lo, dom->vertices[v * (size_t)ndim + i]);
                hi = fmax(hi, dom->vertices[v * (size_t)ndim + i]);
            }
        }
        w = fmax(w, hi - lo);
    }
    return w;
}

int pint_check_nothing_seen(pint_result *res, const pint_domain *dom,
                            int ndim)
{
    for (int k = 0; k < res->ncomp; k++)
        if (res->value[k] != 0.0 || res->error[k] != 0.0)
            return PINT_CONVERGED;
    double w = widest_axis(dom, ndim);
    if (!(w > PINT_WIDE_AXIS))
        return PINT_CONVERGED;
    snprintf(res->message, sizeof res->message,
             "every point sampled gave 0, on an axis of width %g: the "
             "rules' points may miss where the integrand lives; give a "
             "box around where it lives",
             w);
    return PINT_UNRELIABLE;
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
        rc = check_domain(dom, fn->ndim, res);
    if (rc != 0)
        return rc;
    rc = check_points(fn, dom, opt, res);
    if (rc != 0)
        return rc;
    if (opt->method != PINT_METHOD_ADAPTIVE && opt->method != PINT_METHOD_MC
        && opt->method != PINT_METHOD_QMC)
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
    if (fn->ndim < lo || fn->ndim > hi)
        return pint_fail(res, PINT_ERR_INVALID,
                         "rule %s needs dimension %d..%d, got %d",
                         pint_rule_name(id), lo, hi, fn->ndim);
    *rule = id;
    return 0;
}

double pint_domain_volume(const pint_domain *dom, int n)
{
    if (dom->kind == PINT_DOMAIN_BOX) {
        double v = 1.0;
        for (int i = 0; i < n; i++)
            v *= dom->hi[i] - dom->lo[i];
        return v;
    }
    size_t len = (size_t)n * (size_t)(n + 1);
    double v = 0.0;
    for (size_t s = 0; s < dom->nsimplices; s++)
        v += pint_simplex_volume(n, dom->vertices + s * len);
    return v;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

size_t pint_axis_points(const pint_function *fn, const pint_options *opt,
                        int i, double *out)
{
    size_t k = 0;
    for (size_t j = 0; j < opt->npoints; j++) {
        int axis = opt->points_axis ? opt->points_axis[j] : 0;
        if (axis != i)
            continue;
        double x = opt->points[j];
        out[k++] = pint_map_is(fn) ? pint_map_inverse(fn->ctx, i, x) : x;
    }
    qsort(out, k, sizeof *out, cmp_double);
    return k;
}

/* The box cut at its breakpoints: the product of the pieces of every
 * axis, into geom/vol (count regions). */
static size_t cut_box(const pint_domain *dom, const pint_function *fn,
                      const pint_options *opt, double **geom_out,
                      double **vol_out)
{
    int n = fn->ndim;
    size_t np = opt ? opt->npoints : 0, count = 1;
    /* the edges of axis i: lo, its points, hi */
    double *edges = malloc(((size_t)n * (np + 2)) * sizeof *edges);
    size_t *nedge = malloc((size_t)n * sizeof *nedge);
    size_t *at = calloc((size_t)n, sizeof *at);
    double *geom = NULL, *vol = NULL;
    if (!edges || !nedge || !at)
        goto out;
    for (int i = 0; i < n; i++) {
        double *e = edges + (size_t)i * (np + 2);
        e[0] = dom->lo[i];
        size_t k = np ? pint_axis_points(fn, opt, i, e + 1) : 0;
        e[k + 1] = dom->hi[i];
        nedge[i] = k + 2;
        count *= k + 1;
    }
    size_t glen = 2 * (size_t)n;
    geom = malloc(count * glen * sizeof *geom);
    vol = malloc(count * sizeof *vol);
    if (!geom || !vol) {
        free(geom);
        free(vol);
        geom = vol = NULL;
        count = 0;
        goto out;
    }
    for (size_t r = 0; r < count; r++) {
        double *g = geom + r * glen;
        vol[r] = 1.0;
        for (int i = 0; i < n; i++) {
            const double *e = edges + (size_t)i * (np + 2) + at[i];
            g[i] = 0.5 * e[0] + 0.5 * e[1];        /* no overflow */
            g[n + i] = 0.5 * (e[1] - e[0]);
            vol[r] *= e[1] - e[0];
        }
        for (int i = 0; i < n; i++) {           /* the next piece */
            if (++at[i] < nedge[i] - 1)
                break;
            at[i] = 0;
        }
    }
out:
    free(edges);
    free(nedge);
    free(at);
    *geom_out = geom;
    *vol_out = vol;
    return geom ? count : 0;
}

size_t pint_domain_regions(const pint_domain *dom, const pint_function *fn,
                           const pint_options *opt, double **geom_out,
                           double **vol_out)
{
    if (dom->kind == PINT_DOMAIN_BOX)
        return cut_box(dom, fn, opt, geom_out, vol_out);
    int n = fn->ndim;
    size_t glen = pint_region_geom_len(PINT_REGION_SIMPLEX, n);
    size_t count = dom->nsimplices;
    double *geom = malloc(count * glen * sizeof *geom);
    double *vol = malloc(count * sizeof *vol);
    if (!geom || !vol) {
        free(geom);
        free(vol);
        return 0;
    }
    memcpy(geom, dom->vertices, count * glen * sizeof *geom);
    for (size_t s = 0; s < count; s++)
        vol[s] = pint_simplex_volume(n, geom + s * glen);
    *geom_out = geom;
    *vol_out = vol;
    return count;
}

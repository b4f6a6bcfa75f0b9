/* tolerance.c -- the convergence test, the floor and the rounding limit
 * (see tolerance.h). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include "tolerance.h"

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

/* Component k is accepted by the floor (tolerance.h): its value cannot be
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

int pint_frozen_stop(const pint_options *o, const double *value,
                     const double *error, const double *frozen,
                     const double *absval, int m)
{
    int any = 0;
    for (int k = 0; k < m; k++)
        any |= frozen[k] > 0.0;
    if (!any || pint_tolerance_met(o, value, frozen, absval, m, 1.0))
        return 0;
    double rest[m > 0 ? m : 1];
    for (int k = 0; k < m; k++)
        rest[k] = error[k] <= 2.0 * frozen[k] ? 0.0 : error[k] - frozen[k];
    return pint_tolerance_met(o, value, rest, absval, m, 1.0);
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
    if (!(w > PINT_WIDE_AXIS)) {
        snprintf(res->message, sizeof res->message,
                 "every point sampled (%lld) gave 0, taken for an integral "
                 "of 0: an integrand that is not 0 only between them (a "
                 "peak narrower than their spacing) would be missed",
                 res->evals);
        return PINT_CONVERGED;
    }
    snprintf(res->message, sizeof res->message,
             "every point sampled gave 0, on an axis of width %g: the "
             "rules' points may miss where the integrand lives; give a "
             "box around where it lives",
             w);
    return PINT_UNRELIABLE;
}

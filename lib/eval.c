/* eval.c -- batched integrand evaluation with checks (see eval.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "eval.h"

/* Format "(x1, x2, ...)" into buf, shortened with "..." when long. */
static void format_point(int ndim, const double *x, char *buf, size_t len)
{
    size_t used = 0;
    int shown = ndim < 6 ? ndim : 6;
    used += (size_t)snprintf(buf, len, "(");
    for (int i = 0; i < shown && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%.6g",
                                 i ? ", " : "", x[i]);
    if (used < len)
        snprintf(buf + used, len - used, "%s)", shown < ndim ? ", ..." : "");
}

static int check_values(const pint_function *fn, size_t npts,
                        const double *x, const double *f, char *msg,
                        size_t msglen)
{
    size_t total = npts * (size_t)fn->ncomp;
    for (size_t j = 0; j < total; j++) {
        if (isfinite(f[j]))
            continue;
        size_t p = j / (size_t)fn->ncomp;
        char pt[160];
        format_point(fn->ndim, x + p * (size_t)fn->ndim, pt, sizeof pt);
        snprintf(msg, msglen, "integrand returned %s in component %zu at x = %s",
                 isnan(f[j]) ? "NaN" : "Inf", j % (size_t)fn->ncomp + 1, pt);
        return PINT_ERR_NONFINITE;
    }
    return 0;
}

int pint_eval_points(const pint_function *fn, size_t npts, const double *x,
                     double *f, char *msg, size_t msglen)
{
    if (fn->fbatch) {
        int rc = fn->fbatch(fn->ndim, npts, x, fn->ncomp, f, fn->ctx);
        if (rc != 0) {
            snprintf(msg, msglen,
                     "integrand (batch of %zu points) returned error code %d",
                     npts, rc);
            return PINT_ERR_INTEGRAND;
        }
    } else {
        for (size_t p = 0; p < npts; p++) {
            const double *xp = x + p * (size_t)fn->ndim;
            int rc = fn->f(fn->ndim, xp, fn->ncomp,
                           f + p * (size_t)fn->ncomp, fn->ctx);
            if (rc != 0) {
                char pt[160];
                format_point(fn->ndim, xp, pt, sizeof pt);
                snprintf(msg, msglen,
                         "integrand returned error code %d at x = %s", rc, pt);
                return PINT_ERR_INTEGRAND;
            }
        }
    }
    return check_values(fn, npts, x, f, msg, msglen);
}

static double mono_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void pint_eval_cost_pay(pint_eval_cost *c, size_t npts)
{
    if (!c || !(c->cost_us > 0.0))
        return;
    double want = 1e-6 * c->cost_us * (double)npts;
    double owed = c->late < want ? c->late : want;
    c->late -= owed;
    double end = mono_seconds() + (want - owed), t;
    if (c->spin) {
        while ((t = mono_seconds()) < end)
            ;
    } else {
        for (;;) {
            double left = end - (t = mono_seconds());
            if (left <= 0.0)
                break;
            /* slices only when someone must be answered in between */
            double slice = left < 1e-3 || !c->poll ? left : 1e-3;
            struct timespec ts = { (time_t)slice,
                                   (long)((slice - (double)(time_t)slice) * 1e9) };
            nanosleep(&ts, NULL);
            if (c->poll)
                c->poll(c->poll_arg);
        }
    }
    c->late += t - end;
}

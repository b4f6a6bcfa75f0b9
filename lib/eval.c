/* eval.c -- batched integrand evaluation with checks (see eval.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "eval.h"
#include "map.h"
#include "watch.h"

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

/* The point as the user knows it: through the map of an infinite range
 * when fn is one (map.h), else x itself. */
static void format_user_point(const pint_function *fn, const double *x,
                              char *buf, size_t len)
{
    double y[8];
    int shown = fn->ndim < 6 ? fn->ndim : 6;
    if (pint_map_is(fn)) {
        pint_map_point(fn->ctx, x, shown, y);
        x = y;
    }
    format_point(fn->ndim, x, buf, len);
}

int pint_eval_check(const pint_function *fn, size_t from, size_t npts,
                    const double *x, const double *f, size_t *bad,
                    char *msg, size_t msglen)
{
    size_t m = (size_t)fn->ncomp, total = npts * m;
    for (size_t j = from * m; j < total; j++) {
        if (isfinite(f[j]))
            continue;
        size_t p = j / m;
        char pt[160];
        int axis = pint_map_is(fn)
                   ? pint_map_infinite_axis(fn->ctx, x + p * (size_t)fn->ndim)
                   : 0;
        format_user_point(fn, x + p * (size_t)fn->ndim, pt, sizeof pt);
        if (axis > 0)
            snprintf(msg, msglen, "the subdivision of the infinite range of "
                     "axis %d reached its end (x = %s) before the tolerance "
                     "was met: does the integral diverge?", axis, pt);
        else
            snprintf(msg, msglen,
                     "integrand returned %s in component %zu at x = %s",
                     isnan(f[j]) ? "NaN" : "Inf", j % m + 1, pt);
        if (bad)
            *bad = p;
        return PINT_ERR_NONFINITE;
    }
    return 0;
}

int pint_eval_any_nonzero(const double *f, size_t n)
{
    for (size_t j = 0; j < n; j++)
        if (f[j] != 0.0)
            return 1;
    return 0;
}

int pint_eval_points(const pint_function *fn, size_t npts, const double *x,
                     double *f, char *msg, size_t msglen)
{
    int rc = pint_eval_call(fn, npts, x, f, msg, msglen);
    return rc ? rc : pint_eval_check(fn, 0, npts, x, f, NULL, msg, msglen);
}

int pint_eval_call(const pint_function *fn, size_t npts, const double *x,
                   double *f, char *msg, size_t msglen)
{
    if (pint_map_is(fn)) {
        size_t p;
        int rc = pint_map_call(fn->ctx, npts, x, f, &p);
        if (rc != 0 && p < npts) {
            char pt[160];
            format_user_point(fn, x + p * (size_t)fn->ndim, pt, sizeof pt);
            snprintf(msg, msglen,
                     "integrand returned error code %d at x = %s", rc, pt);
        } else if (rc != 0)
            snprintf(msg, msglen,
                     "integrand (batch of points) returned error code %d",
                     rc);
        return rc ? PINT_ERR_INTEGRAND : 0;
    }
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
                format_user_point(fn, xp, pt, sizeof pt);
                snprintf(msg, msglen,
                         "integrand returned error code %d at x = %s", rc, pt);
                return PINT_ERR_INTEGRAND;
            }
        }
    }
    return 0;
}

#define CHUNK_FAST 2.5e-4     /* seconds: a chunk this quick doubles */
#define CHUNK_SLOW 2e-3       /* and one this slow halves */
#define POLL_AFTER 2e-3       /* seconds of a batch between two polls */

int pint_eval_call_polled(const pint_function *fn, size_t npts,
                          const double *x, double *f, char *msg,
                          size_t msglen, pint_eval_poll *p)
{
    if (!p || !p->poll)
        return pint_eval_call(fn, npts, x, f, msg, msglen);
    size_t nd = (size_t)fn->ndim, m = (size_t)fn->ncomp, done = 0;
    double polled = pint_watch_now();
    while (done < npts) {
        size_t k = p->chunk ? p->chunk : 1;
        if (k > npts - done)
            k = npts - done;
        double t0 = pint_watch_now();
        int rc = pint_eval_call(fn, k, x + done * nd, f + done * m, msg,
                                msglen);
        if (rc != 0)
            return rc;
        double dt = pint_watch_now() - t0;
        if (k == (p->chunk ? p->chunk : 1)) {
            if (dt < CHUNK_FAST)
                p->chunk = 2 * k;
            else if (dt > CHUNK_SLOW && k > 1)
                p->chunk = k / 2;
            else
                p->chunk = k;
        }
        done += k;
        /* only a batch that lasts: a quick one is answered between
         * steps, as before (polling it changes the run's timing) */
        if (done < npts && t0 + dt - polled >= POLL_AFTER) {
            p->poll(p->arg);
            polled = pint_watch_now();
        }
    }
    return 0;
}

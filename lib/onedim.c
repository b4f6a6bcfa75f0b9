/* onedim.c -- the 1-D run on QUADPACK's algorithm (see onedim.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "onedim.h"
#include "extrap.h"
#include "result.h"
#include "tolerance.h"
#include "domain.h"
#include "rule.h"

/* The interval limit of the extrapolating engine: a step moves O(n)
 * doubles of its ordered list, and QUADPACK's limits are of this order
 * or smaller. */
#define EXTRAP_MAX_INTERVALS 20000

int pint_use_extrapolation(const pint_function *fn, const pint_domain *dom,
                           const pint_options *opt, enum pint_rule id)
{
    return fn->ndim == 1 && opt->method == PINT_METHOD_ADAPTIVE
           && dom->kind == PINT_DOMAIN_BOX && opt->extrapolate
           && !opt->checkpoint && !opt->resume
           && opt->norm == PINT_NORM_MAX   /* its tests are ParInt's */
           && id >= PINT_RULE_GK15 && id <= PINT_RULE_GK61;
}

/* Why the extrapolating engine stopped, as a status (and a message in
 * res unless converged). */
static int extrap_status(const pint_extrap *e, size_t limit, pint_result *res)
{
    int code = pint_extrap_done(e);
    if (code == PINT_EXTRAP_CONVERGED)
        return PINT_CONVERGED;
    if (code == PINT_EXTRAP_LIMIT) {
        snprintf(res->message, sizeof res->message, "interval limit %zu "
                 "reached before the tolerance was met (--no-extrapolation "
                 "lifts it to the region limit)", limit);
        return PINT_MAX_REGIONS;
    }
    snprintf(res->message, sizeof res->message, "%s",
             pint_extrap_message(e));
    /* a divergent integral has no value to trust; roundoff, a stalled
     * table, an interval too small to bisect: floating point stops it */
    return code == PINT_EXTRAP_DIVERGENT ? PINT_UNRELIABLE : PINT_ROUNDOFF;
}

/* An integral of 0: every component's value cannot be told from 0 and
 * its error is down at the floor of tolerance.h (PINT_FLOOR_RHO times the
 * integral of |f|), where a stop for round-off is convergence. */
static int zero_to_rounding(const pint_extrap *e, pint_result *res)
{
    for (int k = 0; k < res->ncomp; k++)
        if (!(fabs(res->value[k]) <= res->error[k]
              && res->error[k] <= PINT_FLOOR_RHO * pint_extrap_absval(e, k)))
            return 0;
    res->message[0] = '\0';
    return 1;
}

/* What the loop below does between steps, for the check's batches. */
typedef struct {
    pint_watch *w;
    int watched;
    void (*poll)(void *);
    void *poll_arg;
} between_ctx;

static int between(void *arg)
{
    between_ctx *b = arg;
    if (b->poll)
        b->poll(b->poll_arg);
    return b->watched ? pint_watch_halt(b->w) : 0;
}

static int is_one_of(double x, const double *pts, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (pts[i] == x)
            return 1;
    return 0;
}

/* Steps of e until it stops, or a limit of pint's is reached (`spent`
 * evaluations of earlier runs counted against --max-evals); an
 * extrapolated answer is then checked, and refuted the run goes on
 * without extrapolation (extrap.h, pint_extrap_verify).  0 or a
 * status. */
static int run_engine(pint_extrap *e, const pint_function *fn,
                      const pint_options *opt, pint_result *res,
                      pint_watch *w, int watched, void (*poll)(void *),
                      void *poll_arg, long long spent)
{
    long long step = (long long)pint_extrap_step_evals(e);
    int status = pint_extrap_start(e, opt->epsabs, opt->epsrel);
    for (;;) {
        while (status == 0 && !pint_extrap_done(e)) {
            long long done = spent + pint_extrap_evals(e);
            if (done + step > opt->max_evals) {
                status = PINT_MAX_EVALS;
                break;
            }
            if (watched) {
                if ((status = pint_watch_halt(w)) != 0)
                    break;
                pint_extrap_result(e, res->value, res->error);
                pint_watch_progress(w, done, pint_extrap_intervals(e), 0, 1,
                                    fn->ncomp, res->value, res->error);
            }
            if (poll)
                poll(poll_arg);
            status = pint_extrap_step(e);
        }
        if (status != 0)
            return status;
        between_ctx b = { w, watched, poll, poll_arg };
        int v = pint_extrap_verify(e, opt->max_evals - spent, between, &b);
        status = v == 1 ? PINT_MAX_EVALS : v;
        if (status != 0 || pint_extrap_done(e))
            return status;
    }
}

/* One dimension, one rank: QUADPACK's QAGS/QAGP (extrap.h) until it
 * stops, or a limit of pint's is reached. */
int pint_integrate_extrap(const pint_function *fn, const pint_domain *dom,
                          const pint_options *opt, pint_result *res,
                          enum pint_rule id, pint_watch *w,
                          void (*poll)(void *), void *poll_arg)
{
    int status = 0;
    char msg[256];
    pint_rule_impl *rule = pint_rule_new(id, 1, fn->ncomp, &status, msg,
                                         sizeof msg);
    if (!rule)
        return pint_fail(res, status, "%s", msg);
    /* the user's breakpoints, then those found (pint_extrap_interior) */
    size_t room = (opt->npoints ? opt->npoints : 1) + PINT_EXTRAP_MAX_PROBED;
    double *pts = malloc(room * sizeof *pts);
    if (!pts) {
        pint_rule_free(rule);
        return pint_fail(res, PINT_ERR_NOMEM, "out of memory");
    }
    size_t np = pint_axis_points(fn, opt, 0, pts), nfound = 0;
    size_t limit = opt->max_regions < EXTRAP_MAX_INTERVALS
                   ? opt->max_regions : EXTRAP_MAX_INTERVALS;
    if (limit < np + PINT_EXTRAP_MAX_PROBED + 1)
        limit = np + PINT_EXTRAP_MAX_PROBED + 1;
    int watched = w->deadline > 0 || opt->stop || opt->progress;
    long long spent = 0;        /* by the runs before this one */
    pint_extrap *e;
    for (;;) {
        e = pint_extrap_new(fn, rule, dom->lo[0], dom->hi[0], np + nfound,
                            pts, limit, &status, msg, sizeof msg);
        if (!e) {
            free(pts);
            pint_rule_free(rule);
            return pint_fail(res, status, "%s", msg);
        }
        pint_extrap_probe_points(e, nfound, pts + np);
        status = run_engine(e, fn, opt, res, w, watched, poll, poll_arg,
                            spent);
        if (status != 0 && status != PINT_ERR_NONFINITE)
            break;
        /* a singular point inside: again with it as a breakpoint (one
         * where f was infinite, or the one the smallest intervals of an
         * extrapolated answer close in on) */
        double at;
        int v;
        if (status == PINT_ERR_NONFINITE) {
            v = pint_extrap_infinite_at(e, &at);
            if (v == 1 && is_one_of(at, pts, np + nfound)) {
                /* a node rounded onto a breakpoint: the intervals beside
                 * it are a few doubles wide */
                status = PINT_ROUNDOFF;
                snprintf(res->message, sizeof res->message, "an interval "
                         "beside %s %.17g became too small to bisect: the "
                         "integrand behaves too badly there (a "
                         "non-integrable singularity?)",
                         is_one_of(at, pts, np) ? "the breakpoint"
                                                : "the singular point found at",
                         at);
                break;
            }
        } else if (nfound < PINT_EXTRAP_MAX_PROBED) {
            between_ctx b = { w, watched, poll, poll_arg };
            v = pint_extrap_interior(e, opt->max_evals - spent, between, &b,
                                     &at);
            if (v == 2)
                status = PINT_MAX_EVALS;
            else if (v != 1)
                status = v;
        } else {
            v = 0;
        }
        if (v != 1 || nfound == PINT_EXTRAP_MAX_PROBED)
            break;
        status = 0;
        spent += pint_extrap_evals(e);
        pint_extrap_free(e);
        pts[np + nfound++] = at;
    }
    free(pts);
    if (status == 0)
        status = extrap_status(e, limit, res);
    pint_extrap_result(e, res->value, res->error);
    /* finite values whose sums passed the largest double: no estimate
     * (the values were checked, so a NaN or Inf here is an overflow) */
    int overflow = !pint_status_is_error(status)
                   && status != PINT_TIME_LIMIT && status != PINT_INTERRUPTED
                   && pint_extrap_intervals(e) > 0
                   && pint_overflowed(res->value, res->error, NULL,
                                      fn->ncomp, res);
    if (overflow) {
        status = PINT_ERR_NONFINITE;
        pint_no_estimate(res);
    }
    if (status == PINT_ROUNDOFF && zero_to_rounding(e, res))
        status = PINT_CONVERGED;
    if (status == PINT_CONVERGED) {
        int zero = 1;           /* 0 +- 0: every final point gave 0 */
        for (int k = 0; k < fn->ncomp; k++)
            zero &= res->value[k] == 0.0 && res->error[k] == 0.0;
        status = pint_check_vanished(res, pint_extrap_nonzero_seen(e), zero);
    }
    res->evals = spent + pint_extrap_evals(e);
    res->regions = pint_extrap_intervals(e);
    res->rank_evals[0] = res->evals;
    for (int k = 0; k < fn->ncomp; k++)
        res->extrapolated |= pint_extrap_is_extrapolated(e, k);
    if (pint_status_is_error(status) && !overflow)
        /* the estimate reached is kept */
        pint_fail_keep(res, status, "%s", pint_extrap_message(e));
    pint_extrap_free(e);
    pint_rule_free(rule);
    return status;
}


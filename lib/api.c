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
#include "api.h"
#include "adapt.h"
#include "neighbours.h"
#include "checkpoint.h"
#include "onedim.h"
#include "map.h"
#include "options.h"
#include "pool.h"
#include "mc_run.h"
#include "qmc_run.h"
#include "vegas_run.h"
#include "par/entry.h"
#include "result.h"
#include "tolerance.h"
#include "domain.h"
#include "eval.h"
#include "problem.h"
#include "region.h"
#include "rule.h"
#include "sum.h"
#include "watch.h"

/* The checkpoint of a sequential run: every region and the evaluations. */
static void write_checkpoint(pint_adapt *a, const pint_ckpt *desc,
                             const pint_options *o, pint_result *res)
{
    size_t n = pint_adapt_regions(a);
    double *recs = malloc((n ? n : 1) * desc->rec_len * sizeof *recs);
    if (!recs) {
        snprintf(res->checkpoint_message, sizeof res->checkpoint_message,
                 "checkpoint %s: out of memory", o->checkpoint);
        return;
    }
    pint_adapt_pack_all(a, recs);
    pint_ckpt_save(o->checkpoint, desc, recs, n, pint_adapt_evals(a), res);
    free(recs);
}

/* 1 when the errors of the regions too narrow to split (adapt.h,
 * pint_adapt_frozen; into fe[m]) alone fail the tolerance and the rest
 * is refined (tolerance.h, pint_frozen_stop): no step can help, and
 * res->message says where they are. */
static int frozen_fail(pint_adapt *a, const pint_options *o,
                       const double *val, const double *err,
                       const double *absval, double *fe, int m,
                       pint_result *res)
{
    if (pint_adapt_frozen(a, fe) == 0)
        return 0;
    int fail = pint_frozen_stop(o, val, err, fe, absval, m);
    if (fail) {
        pint_adapt_frozen_note(a);
        snprintf(res->message, sizeof res->message, "%s",
                 pint_adapt_message(a));
    }
    return fail;
}

/* The neighbours' check (neighbours.h), each component's threshold of
 * the convergence test (tolerance.h; the 2-norm's bound for a component
 * without one) the scale of a mass worth a probe, into thr[m].
 * *checked: 1 when the regions as they are passed the check at the
 * thresholds passed[m] (a resumed checkpoint's, checkpoint.h): at those
 * or looser ones nothing is probed again, so that a resumed converged
 * run ends with the evaluations it had.  A check that raises nothing
 * leaves its thresholds there. */
static int blind_neighbours(pint_adapt *a, const pint_options *o, int m,
                            const double *val, const double *err,
                            const double *absval, double *thr,
                            double *passed, int *checked, size_t *raised)
{
    double eps = pint_tolerance_thresholds(o, val, err, absval, m, thr);
    int looser = *checked;
    for (int k = 0; k < m; k++) {
        thr[k] = fmax(0.0, thr[k] >= 0.0 ? thr[k] : eps);
        looser = looser && thr[k] >= passed[k];
    }
    *raised = 0;
    if (looser)
        return 0;
    int rc = pint_neighbours_check(a, thr, o->max_evals - pint_adapt_evals(a),
                                   raised);
    *checked = rc == 0 && *raised == 0;
    if (*checked)
        memcpy(passed, thr, (size_t)m * sizeof *passed);
    return rc;
}

/* Step until convergence, a limit or a halt; returns the status.  The
 * clock is read between steps only when something depends on it.  thr,
 * absval, frozen and passed: room for m doubles each; passed and
 * *checked as for blind_neighbours, in (a resumed checkpoint's) and out
 * (the check the regions passed, for the final checkpoint). */
static int run(pint_adapt *a, const pint_options *o, int m, double *val,
               double *err, double *thr, double *absval, double *frozen,
               double *passed, int *checked, pint_watch *w,
               const pint_ckpt *desc, pint_result *res)
{
    long long step_evals = (long long)pint_adapt_step_evals(a);
    int many = pint_adapt_step_points(a) > pint_adapt_step_evals(a);
    int watched = w->deadline > 0 || o->stop || o->progress
                  || (o->checkpoint && o->checkpoint_seconds > 0);
    pint_stall stall = { 0, 0.0 };
    for (;;) {
        pint_adapt_totals(a, val, err);
        pint_adapt_abs(a, absval);
        if (pint_overflowed(val, err, absval, m, res))
            return PINT_ERR_NONFINITE;
        if (pint_tolerance_met(o, val, err, absval, m, 1.0)) {
            /* confirm on exact sums before claiming convergence */
            pint_adapt_recompute(a);
            pint_adapt_totals(a, val, err);
            pint_adapt_abs(a, absval);
            if (pint_tolerance_met(o, val, err, absval, m, 1.0)) {
                size_t raised;
                int rc = blind_neighbours(a, o, m, val, err, absval, thr,
                                          passed, checked, &raised);
                if (rc != 0)
                    return rc;
                if (!raised)
                    return PINT_CONVERGED;
                if (raised == PINT_NEIGHBOURS_UNCHECKED)
                    return PINT_MAX_EVALS;  /* no evaluations to check */
                continue;       /* a region was blind: refine it */
            }
        } else if (pint_roundoff(o, val, err, absval, m, pint_adapt_evals(a),
                                 &stall)) {
            return PINT_ROUNDOFF;
        } else if (frozen_fail(a, o, val, err, absval, frozen, m, res)) {
            return PINT_ROUNDOFF;
        }
        if (pint_adapt_evals(a) + step_evals > o->max_evals)
            return PINT_MAX_EVALS;
        if (pint_adapt_regions(a) + 1 > o->max_regions)
            return PINT_MAX_REGIONS;
        /* the thresholds now: the individual keys weigh each component
         * by its tolerance, and a step of several regions splits no more
         * than they need */
        if (o->norm == PINT_NORM_INDIVIDUAL || many) {
            double eps = pint_tolerance_thresholds(o, val, err, absval, m,
                                                   thr);
            if (o->norm == PINT_NORM_INDIVIDUAL)
                pint_adapt_set_tolerances(a, thr);
            if (many)
                pint_adapt_set_goal(a, thr, eps);
        }
        if (watched) {
            int halt = pint_watch_halt(w);
            if (halt)
                return halt;
            pint_watch_progress(w, pint_adapt_evals(a), pint_adapt_regions(a),
                                0, 1, m, val, err);
            if (pint_watch_checkpoint_due(w)) {
                write_checkpoint(a, desc, o, res);
                pint_watch_checkpoint_written(w);
            }
        }
        int rc = pint_adapt_step_within(a, o->max_evals - pint_adapt_evals(a),
                                        (long long)o->max_regions
                                        - (long long)pint_adapt_regions(a));
        *checked = 0;           /* the regions changed */
        if (rc == PINT_ROUNDOFF)        /* only frozen regions are left */
            snprintf(res->message, sizeof res->message, "%s",
                     pint_adapt_message(a));
        if (rc != 0)
            return rc;
    }
}

/* Seed the engine: the regions of opt->resume, else the domain; the
 * thresholds at which a resumed checkpoint's regions passed the
 * neighbours' check into passed[ncomp] (*checked 1), if it says. */
static int seed_engine(pint_adapt *a, const pint_rule_impl *rule,
                       const pint_function *fn, const pint_domain *dom,
                       const pint_options *opt, const pint_ckpt *desc,
                       double *passed, int *checked, pint_result *res)
{
    *checked = 0;
    if (opt->resume) {
        pint_ckpt c;
        int status = pint_ckpt_read(opt->resume, desc, &c, res->message,
                                    sizeof res->message);
        if (status)
            return pint_fail(res, status, "%s", res->message);
        for (size_t r = 0; r < c.nregions && status == 0; r++)
            status = pint_adapt_insert(a, c.recs + r * c.rec_len);
        pint_adapt_count_evals(a, c.evals);
        res->resumed_evals = c.evals;
        if (c.checked) {
            memcpy(passed, c.checked, (size_t)fn->ncomp * sizeof *passed);
            *checked = 1;
        }
        pint_ckpt_clear(&c);
        return status ? pint_fail(res, status, "out of memory") : 0;
    }
    double *geom = NULL, *vol = NULL;
    size_t n = pint_domain_regions(dom, fn, opt, &geom, &vol);
    if (!n)
        return pint_fail(res, PINT_ERR_NOMEM, "out of memory");
    size_t glen = pint_region_geom_len(rule->kind, fn->ndim);
    int status = 0;
    for (size_t i = 0; i < n && status == 0; i++)
        status = pint_adapt_add(a, geom + i * glen, vol[i]);
    free(geom);
    free(vol);
    return status;
}

/* --verify on one process: the engine's regions summed as the
 * controller sums the workers' under MPI (pint_result_audit); 0 when
 * there was no room to audit. */
typedef struct {
    int ncomp;
    long long count;
    pint_sum vol, *val;         /* val[2 ncomp]: values, magnitudes */
} audit;

static void audit_region(const pint_region *r, void *arg)
{
    audit *au = arg;
    au->count++;
    pint_sum_add(&au->vol, r->vol);
    for (int k = 0; k < au->ncomp; k++) {
        pint_sum_add(&au->val[k], r->data[k]);
        pint_sum_add(&au->val[au->ncomp + k], fabs(r->data[k]));
    }
}

static int audit_here(const pint_adapt *a, const pint_domain *dom, int ndim,
                      int ncomp, const double *value)
{
    audit au = { ncomp, 0, { 0.0, 0.0 }, calloc(2 * (size_t)ncomp,
                                                 sizeof *au.val) };
    if (!au.val)
        return 0;
    pint_adapt_foreach(a, audit_region, &au);
    int ok = pint_result_audit(au.count, (long long)pint_adapt_regions(a),
                               &au.vol, pint_domain_volume(dom, ndim),
                               au.val, value, ncomp);
    free(au.val);
    return ok;
}

/* One rank, no MPI: seed and step the engine until done. */
static int integrate_here(const pint_function *fn, const pint_domain *dom,
                          const pint_options *opt, pint_result *res,
                          enum pint_rule id, pint_watch *w)
{
    int status = 0;
    char msg[256];
    pint_rule_impl *rule = pint_rule_new(id, fn->ndim, fn->ncomp, &status,
                                         msg, sizeof msg);
    if (!rule)
        return pint_fail(res, status, "%s", msg);
    pint_adapt *a = pint_adapt_new(fn, rule);
    double *thr = malloc(4 * (size_t)fn->ncomp * sizeof *thr);
    double *passed = thr ? thr + 3 * fn->ncomp : NULL;
    int checked = 0;
    if (!a || !thr) {
        pint_adapt_free(a);
        free(thr);
        pint_rule_free(rule);
        return pint_fail(res, PINT_ERR_NOMEM, "out of memory");
    }
    pint_adapt_set_norm(a, opt->norm);
    pint_pool *pool = NULL;
    if (pint_adapt_threads(a, opt, &pool) != 0)
        status = pint_fail(res, PINT_ERR_NOMEM, "%s", pint_adapt_message(a));
    pint_ckpt desc;
    pint_ckpt_describe(&desc, fn, dom, opt, id, pint_adapt_rec_len(a));
    if (status == 0 && opt->checkpoint
        && pint_ckpt_writable(opt->checkpoint, msg, sizeof msg) != 0)
        status = pint_fail(res, PINT_ERR_INVALID, "%s", msg);
    if (status == 0)
        status = seed_engine(a, rule, fn, dom, opt, &desc, passed, &checked,
                             res);
    int reached = status == 0;  /* every piece of the domain has a value */
    if (status == 0)
        status = run(a, opt, fn->ncomp, res->value, res->error, thr,
                     thr + fn->ncomp, thr + 2 * fn->ncomp, passed, &checked,
                     w, &desc, res);
    pint_adapt_recompute(a);
    pint_adapt_totals(a, res->value, res->error);
    if (!reached)
        pint_no_estimate(res);
    if (status == PINT_CONVERGED) {
        double *absval = thr + fn->ncomp;
        int zero = 1;
        pint_adapt_abs(a, absval);
        for (int k = 0; k < fn->ncomp; k++)
            zero &= absval[k] == 0.0;
        status = pint_check_vanished(res, pint_adapt_nonzero_seen(a), zero);
    }
    res->evals = pint_adapt_evals(a);
    res->regions = pint_adapt_regions(a);
    res->rank_evals[0] = res->evals;
    if (opt->verify && reached)
        res->verified = audit_here(a, dom, fn->ndim, fn->ncomp, res->value);
    res->status = status;
    if (opt->checkpoint && !pint_status_is_error(status)) {
        desc.checked = status == PINT_CONVERGED && checked ? passed : NULL;
        write_checkpoint(a, &desc, opt, res);
    }
    /* an error in the run keeps the estimate reached before it (a failed
     * step put its region back) */
    if (pint_status_is_error(status) && !res->message[0])
        pint_fail_keep(res, status, "%s", pint_adapt_message(a));
    pint_adapt_free(a);
    pint_pool_free(pool);
    free(thr);
    pint_rule_free(rule);
    return status;
}

int pint_integrate(const pint_function *fn, const pint_domain *dom,
                   const pint_options *opt, pint_result *res)
{
    return pint_integrate_on(fn, dom, opt, res, NULL, NULL);
}

/* A result before a run: nothing counted, no message. */
static void clear_result(pint_result *res, const pint_options *opt)
{
    res->message[0] = '\0';
    res->evals = 0;
    res->regions = 0;
    res->seconds = 0.0;
    res->rule = PINT_RULE_AUTO;
    res->method = opt ? opt->method : PINT_METHOD_ADAPTIVE;
    res->transfers = res->regions_moved = res->controller_messages = 0;
    res->verified = 0;
    res->rows = res->points_per_row = 0;
    res->shifts = 0;
    res->group = 0;
    res->checkpoints = 0;
    res->checkpoint_message[0] = '\0';
    res->resumed_evals = 0;
    res->extrapolated = 0;
    res->reopened = 0;
    res->helpers_lent = 0;
}

/* The line of a run stopped by its time limit or a stop request, and
 * what the run said of it: a call abandoned at the limit, here (the
 * guard's) or on a rank of the run (its line, kept in res->message). */
static void limit_message(pint_result *res, const pint_options *opt,
                          int status, const pint_guard *guard)
{
    char why[sizeof res->message];
    snprintf(why, sizeof why, "%s", res->message);
    if (!why[0] && pint_guard_abandoned(guard))
        pint_guard_message(guard, why, sizeof why);
    pint_watch_message(opt, status, res->message, sizeof res->message);
    size_t used = strlen(res->message), room = sizeof res->message - used;
    if (why[0] && room > 3) {   /* "; " and what fits of the line */
        size_t n = strlen(why) < room - 3 ? strlen(why) : room - 3;
        memcpy(res->message + used, "; ", 2);
        memcpy(res->message + used + 2, why, n);
        res->message[used + 2 + n] = '\0';
    }
}

int pint_integrate_on(const pint_function *fn, const pint_domain *dom,
                      const pint_options *opt, pint_result *res,
                      const void *comm_ptr, const pint_par_hook *hook)
{
    if (!res || res->ncomp < 1 || !res->value || !res->error)
        return PINT_ERR_INVALID;
    double t0 = pint_watch_now();
    pint_options full;          /* the caller's, with the fields it lacks */
    char msg[sizeof res->message];
    if (opt && pint_options_adopt(opt, &full, msg, sizeof msg) != 0) {
        clear_result(res, NULL);
        return pint_fail(res, PINT_ERR_INVALID, "%s", msg);
    }
    if (opt)
        opt = &full;
    clear_result(res, opt);
    pint_watch watch;
    memset(&watch, 0, sizeof watch);
    if (opt)
        pint_watch_start(&watch, opt, t0);
    watch.res = res;
    /* infinite ranges: every method and run mode integrates the map */
    const pint_domain *user_dom = dom;
    pint_map *map = NULL;
    if (opt) {
        int rc = pint_map_open(fn, dom, opt->scale == 0.0 ? 1.0 : opt->scale,
                               &map, res->message, sizeof res->message);
        if (rc != 0)
            return pint_fail(res, rc, "%s", res->message);
        if (map) {
            fn = pint_map_function(map);
            dom = pint_map_domain(map);
        }
    }
    /* a time limit holds even for an integrand call that never returns:
     * calls run under a guard that abandons them after the limit */
    pint_guard *guard = NULL;
    if (opt && watch.deadline > 0) {
        guard = pint_guard_new(fn, watch.deadline, watch.deadline - t0);
        if (!guard) {
            pint_map_free(map);
            return pint_fail(res, PINT_ERR_NOMEM, "out of memory");
        }
        fn = pint_guard_function(guard);
    }
    int status;
    int size = pint_par_team_size(comm_ptr, opt ? opt->comm : NULL);
    if (size > 0) {
        if (pint_result_ranks(res, size) != 0) {
            pint_guard_free(guard);
            pint_map_free(map);
            return pint_fail(res, PINT_ERR_NOMEM, "out of memory");
        }
        status = pint_par_run(fn, dom, opt, res, comm_ptr, hook, &watch);
    } else {
        enum pint_rule id;
        if (pint_result_ranks(res, 1) != 0) {
            pint_guard_free(guard);
            pint_map_free(map);
            return pint_fail(res, PINT_ERR_NOMEM, "out of memory");
        }
        status = pint_problem_check(fn, dom, opt, res, &id);
        if (status == 0)
            status = pint_problem_check_ranks(opt, 1, res);
        if (status == 0 && opt->resume)
            id = pint_problem_resume_rule(fn, dom, opt, id,
                                          pint_ckpt_rule(opt->resume));
        pint_team alone;
        pint_team_alone(&alone);
        if (status == 0 && opt->method == PINT_METHOD_MC) {
            status = pint_mc_integrate(fn, dom, opt, &alone, &watch, res);
        } else if (status == 0 && opt->method == PINT_METHOD_QMC) {
            status = pint_qmc_integrate(fn, dom, opt, &alone, &watch, res);
        } else if (status == 0 && opt->method == PINT_METHOD_VEGAS) {
            status = pint_vegas_integrate(fn, dom, opt, &alone, &watch, res);
        } else if (status == 0) {
            res->rule = id;
            status = pint_use_extrapolation(fn, dom, opt, id)
                     ? pint_integrate_extrap(fn, dom, opt, res, id, &watch,
                                             NULL, NULL)
                     : integrate_here(fn, dom, opt, res, id, &watch);
        }
    }
    if (status == PINT_CONVERGED)
        status = pint_check_nothing_seen(res, user_dom, fn->ndim);
    if (status == PINT_MAX_EVALS)
        snprintf(res->message, sizeof res->message,
                 "evaluation limit %lld reached before the tolerance was met",
                 opt->max_evals);
    else if (status == PINT_MAX_REGIONS)
        snprintf(res->message, sizeof res->message,
                 "region limit %zu reached before the tolerance was met",
                 opt->max_regions);
    else if (status == PINT_TIME_LIMIT || status == PINT_INTERRUPTED)
        limit_message(res, opt, status, guard);
    else if (status == PINT_ROUNDOFF && !res->message[0])  /* 1-D: its own */
        snprintf(res->message, sizeof res->message,
                 "the error estimate stopped falling at the rounding noise, "
                 "above the tolerance (rounding allows no tolerance below "
                 "2.2e-16 of the integral of |f|; the rules' sums reach "
                 "about 1e-14 to 1e-12 of it)");
    res->status = status;
    res->seconds = pint_watch_now() - t0;
    /* an abandoned call may still run inside the map: it stays */
    if (pint_guard_abandoned(guard))
        map = NULL;
    pint_guard_free(guard);
    pint_map_free(map);
    return status;
}

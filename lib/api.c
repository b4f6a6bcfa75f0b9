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
#include <mpi.h>
#include "pint.h"
#include "adapt.h"
#include "mc.h"
#include "qmc.h"
#include "par/par.h"
#include "problem.h"
#include "region.h"
#include "rule.h"

void pint_options_init(pint_options *opt)
{
    opt->epsabs = 0.0;
    opt->epsrel = 1e-6;
    opt->max_evals = 100000000LL;
    opt->max_regions = 10000000;
    opt->rule = PINT_RULE_AUTO;
    opt->method = PINT_METHOD_ADAPTIVE;
    opt->seed = 1;
    opt->comm = NULL;
    opt->dedicated_controller = 0;
    opt->update_evals = 0;
    opt->update_seconds = 0.0;
    opt->lb_regions = 0;
    opt->verify = 0;
    opt->cost_us = 0.0;
    opt->cost_spin = 0;
    opt->shifts = PINT_QMC_DEFAULT_SHIFTS;
    opt->periodize = PINT_PERIODIZE_BAKER;
    opt->qmc_units = PINT_UNITS_ROW;
    opt->units_per_worker = PINT_QMC_DEFAULT_UNITS;
    opt->schedule = PINT_SCHED_SS;
    opt->unit_seconds = 0.0;
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
    free(res->rank_evals);
    free(res->rank_idle);
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

const char *pint_method_name(enum pint_method method)
{
    switch (method) {
    case PINT_METHOD_ADAPTIVE: return "adaptive";
    case PINT_METHOD_MC: return "mc";
    case PINT_METHOD_QMC: return "qmc";
    default: return "unknown";
    }
}

int pint_method_from_name(const char *name)
{
    if (!name)
        return -1;
    if (strcmp(name, "adaptive") == 0)
        return PINT_METHOD_ADAPTIVE;
    if (strcmp(name, "mc") == 0)
        return PINT_METHOD_MC;
    if (strcmp(name, "qmc") == 0)
        return PINT_METHOD_QMC;
    return -1;
}

static const char *const periodize_names[] = { "none", "baker", "korobov",
                                                "sidi" };
static const char *const units_names[] = { "row", "single-cell",
                                           "constant-row" };
#define COUNT(a) ((int)(sizeof a / sizeof a[0]))

static int index_of(const char *const *names, int n, const char *name)
{
    if (!name)
        return -1;
    for (int i = 0; i < n; i++)
        if (strcmp(name, names[i]) == 0)
            return i;
    return -1;
}

const char *pint_periodize_name(enum pint_periodize p)
{
    int i = (int)p;
    return i >= 0 && i < COUNT(periodize_names) ? periodize_names[i] : NULL;
}

int pint_periodize_from_name(const char *name)
{
    return index_of(periodize_names, COUNT(periodize_names), name);
}

const char *pint_qmc_units_name(enum pint_qmc_units u)
{
    int i = (int)u;
    return i >= 0 && i < COUNT(units_names) ? units_names[i] : NULL;
}

int pint_qmc_units_from_name(const char *name)
{
    return index_of(units_names, COUNT(units_names), name);
}

/* Step until convergence or a limit; returns the status. */
static int run(pint_adapt *a, const pint_options *o, int m, double *val,
               double *err)
{
    long long step_evals = (long long)pint_adapt_step_evals(a);
    for (;;) {
        pint_adapt_totals(a, val, err);
        if (pint_tolerance_met(o, val, err, m, 1.0)) {
            /* confirm on exact sums before claiming convergence */
            pint_adapt_recompute(a);
            pint_adapt_totals(a, val, err);
            if (pint_tolerance_met(o, val, err, m, 1.0))
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

/* Per-rank statistics arrays for nranks ranks (zeroed). */
static int rank_stats(pint_result *res, int nranks)
{
    long long *ev = realloc(res->rank_evals, (size_t)nranks * sizeof *ev);
    if (ev)
        res->rank_evals = ev;
    double *idle = ev ? realloc(res->rank_idle, (size_t)nranks * sizeof *idle)
                      : NULL;
    if (!ev || !idle)
        return -1;
    res->rank_idle = idle;
    res->nranks = nranks;
    for (int r = 0; r < nranks; r++) {
        ev[r] = 0;
        idle[r] = 0.0;
    }
    return 0;
}

/* One rank, no MPI: seed and step the engine until done. */
static int integrate_here(const pint_function *fn, const pint_domain *dom,
                          const pint_options *opt, pint_result *res,
                          enum pint_rule id)
{
    int status = 0;
    char msg[256];
    pint_rule_impl *rule = pint_rule_new(id, fn->ndim, fn->ncomp, &status,
                                         msg, sizeof msg);
    if (!rule)
        return pint_fail(res, status, "%s", msg);
    pint_adapt *a = pint_adapt_new(fn, rule);
    double *geom = NULL, *vol = NULL;
    size_t n = a ? pint_domain_pieces(dom, fn->ndim, 1, &geom, &vol) : 0;
    if (!a || !n) {
        pint_adapt_free(a);
        pint_rule_free(rule);
        return pint_fail(res, PINT_ERR_NOMEM, "out of memory");
    }
    pint_eval_cost cost = { .cost_us = opt->cost_us, .spin = opt->cost_spin };
    pint_adapt_set_cost(a, &cost);
    size_t glen = pint_region_geom_len(rule->kind, fn->ndim);
    for (size_t i = 0; i < n && status == 0; i++)
        status = pint_adapt_add(a, geom + i * glen, vol[i]);
    free(geom);
    free(vol);
    if (status == 0)
        status = run(a, opt, fn->ncomp, res->value, res->error);
    pint_adapt_recompute(a);
    pint_adapt_totals(a, res->value, res->error);
    res->evals = pint_adapt_evals(a);
    res->regions = pint_adapt_regions(a);
    res->rank_evals[0] = res->evals;
    res->status = status;
    if (status >= PINT_ERR_INTEGRAND)
        pint_fail(res, status, "%s", pint_adapt_message(a));
    pint_adapt_free(a);
    pint_rule_free(rule);
    return status;
}

/* One rank, no MPI: plain Monte Carlo from stream 0. */
static int mc_here(const pint_function *fn, const pint_domain *dom,
                   const pint_options *opt, pint_result *res)
{
    pint_mc *mc = pint_mc_new(fn, dom->lo, dom->hi, opt->seed, 0);
    if (!mc)
        return pint_fail(res, PINT_ERR_NOMEM, "out of memory");
    pint_eval_cost cost = { .cost_us = opt->cost_us, .spin = opt->cost_spin };
    pint_mc_set_cost(mc, &cost);
    int status = pint_mc_run(mc, opt, pint_domain_volume(dom, fn->ndim), NULL,
                             res->value, res->error, &res->evals);
    res->rank_evals[0] = res->evals;
    if (status >= PINT_ERR_INTEGRAND)
        pint_fail(res, status, "%s", pint_mc_message(mc));
    pint_mc_free(mc);
    return status;
}

/* One rank, no MPI: the rows of the lattice rules in order. */
static int qmc_here(const pint_function *fn, const pint_domain *dom,
                    const pint_options *opt, pint_result *res)
{
    int shifts = opt->shifts ? opt->shifts : PINT_QMC_DEFAULT_SHIFTS;
    pint_qmc *q = pint_qmc_new(fn, dom->lo, dom->hi, shifts, opt->periodize,
                               opt->seed);
    if (!q)
        return pint_fail(res, PINT_ERR_NOMEM, "out of memory");
    pint_eval_cost cost = { .cost_us = opt->cost_us, .spin = opt->cost_spin };
    pint_qmc_set_cost(q, &cost);
    int status = pint_qmc_run(q, opt, res->value, res->error, &res->evals,
                              &res->rows);
    res->rank_evals[0] = res->evals;
    res->shifts = shifts;
    res->points_per_row = res->rows > 0
        ? pint_qmc_row_points(q, (int)res->rows - 1) : 0;
    if (status >= PINT_ERR_INTEGRAND)
        pint_fail(res, status, "%s", pint_qmc_message(q));
    pint_qmc_free(q);
    return status;
}

int pint_integrate(const pint_function *fn, const pint_domain *dom,
                   const pint_options *opt, pint_result *res)
{
    return pint_integrate_on(fn, dom, opt, res, NULL, NULL);
}

int pint_integrate_on(const pint_function *fn, const pint_domain *dom,
                      const pint_options *opt, pint_result *res,
                      const void *comm_ptr, const pint_par_hook *hook)
{
    if (!res || res->ncomp < 1 || !res->value || !res->error)
        return PINT_ERR_INVALID;
    double t0 = now_seconds();
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
    int mpi_up = 0, mpi_down = 0;
    MPI_Initialized(&mpi_up);
    MPI_Finalized(&mpi_down);
    int status;
    if (mpi_up && !mpi_down) {
        MPI_Comm comm = comm_ptr ? *(const MPI_Comm *)comm_ptr
                        : opt && opt->comm ? *(const MPI_Comm *)opt->comm
                                           : MPI_COMM_WORLD;
        int size;
        MPI_Comm_size(comm, &size);
        if (rank_stats(res, size) != 0)
            return pint_fail(res, PINT_ERR_NOMEM, "out of memory");
        status = pint_par_integrate(fn, dom, opt, res, comm, hook);
    } else {
        enum pint_rule id;
        if (rank_stats(res, 1) != 0)
            return pint_fail(res, PINT_ERR_NOMEM, "out of memory");
        status = pint_problem_check(fn, dom, opt, res, &id);
        if (status == 0 && opt->method == PINT_METHOD_MC) {
            res->method = PINT_METHOD_MC;
            status = mc_here(fn, dom, opt, res);
        } else if (status == 0 && opt->method == PINT_METHOD_QMC) {
            res->method = PINT_METHOD_QMC;
            status = qmc_here(fn, dom, opt, res);
        } else if (status == 0) {
            res->rule = id;
            status = integrate_here(fn, dom, opt, res, id);
        }
    }
    if (status == PINT_MAX_EVALS)
        snprintf(res->message, sizeof res->message,
                 "evaluation limit %lld reached before the tolerance was met",
                 opt->max_evals);
    else if (status == PINT_MAX_REGIONS)
        snprintf(res->message, sizeof res->message,
                 "region limit %zu reached before the tolerance was met",
                 opt->max_regions);
    res->status = status;
    res->seconds = now_seconds() - t0;
    return status;
}

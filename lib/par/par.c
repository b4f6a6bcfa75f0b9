/* par.c -- the distributed adaptive integration: roles, the initial
 * division of the domain, the polling loop and the result on every rank.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "par.h"
#include "problem.h"
#include "onedim.h"
#include "region.h"
#include "rule.h"

/* Defaults chosen by measurement (bench/RESULTS.md, section 3, "How the
 * defaults were chosen"). */
#define DEFAULT_UPDATE_SECONDS 2e-3
#define DEFAULT_LB_REGIONS 4
#define INITIAL_GRANT_STEPS 64

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Every rank checks the problem; all agree on the first failure, whose
 * message every rank then holds.  No rank starts work alone. */
static int agree(MPI_Comm comm, int rank, int size, int status,
                 pint_result *res)
{
    int mine = status ? rank : size, first;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, comm);
    if (first == size)
        return 0;
    int st = status;
    MPI_Bcast(&st, 1, MPI_INT, first, comm);
    MPI_Bcast(res->message, (int)sizeof res->message, MPI_CHAR, first, comm);
    if (rank != first)
        pint_fail(res, st, "%s", res->message);
    return st;
}

/* The controller (and the hook) answer while this rank's worker sleeps
 * in an emulated integrand. */
typedef struct {
    pint_par_controller *c;
    const pint_par_hook *hook;
} poll_arg;

static void poll_others(void *arg)
{
    const poll_arg *p = arg;
    if (p->c)
        pint_par_controller_poll(p->c);
    if (p->hook)
        p->hook->fn(p->hook->arg);
}

static void broadcast_result(pint_par_ctx *ctx, pint_par_controller *c,
                             pint_result *res)
{
    int m = ctx->ncomp, P = ctx->size;
    size_t len = 9 + 2 * (size_t)m + 2 * (size_t)P;
    double *b = calloc(len, sizeof *b);
    long long *ev = res->rank_evals;
    double *idle = res->rank_idle;
    if (!b)
        MPI_Abort(ctx->comm, 3);
    if (c) {
        pint_par_controller_result(c, res, ev, idle);
        if (ctx->first_worker > 0)
            idle[0] = ctx->idle_seconds;    /* the dedicated controller */
        b[0] = res->status;
        b[1] = (double)res->evals;
        b[2] = (double)res->regions;
        b[3] = (double)res->transfers;
        b[4] = (double)res->regions_moved;
        b[5] = (double)res->controller_messages;
        b[6] = res->verified;
        memcpy(b + 7, res->value, (size_t)m * sizeof *b);
        memcpy(b + 7 + m, res->error, (size_t)m * sizeof *b);
        for (int r = 0; r < P; r++) {
            b[7 + 2 * m + r] = (double)ev[r];
            b[7 + 2 * m + P + r] = idle[r];
        }
        b[len - 1] = (double)res->checkpoints;
        b[len - 2] = (double)res->reopened;
    }
    MPI_Bcast(b, (int)len, MPI_DOUBLE, 0, ctx->comm);
    MPI_Bcast(res->message, (int)sizeof res->message, MPI_CHAR, 0, ctx->comm);
    MPI_Bcast(res->checkpoint_message, (int)sizeof res->checkpoint_message,
              MPI_CHAR, 0, ctx->comm);
    res->checkpoints = (long long)b[len - 1];
    res->reopened = (long long)b[len - 2];
    res->status = (int)b[0];
    res->evals = (long long)b[1];
    res->regions = (size_t)b[2];
    res->transfers = (long long)b[3];
    res->regions_moved = (long long)b[4];
    res->controller_messages = (long long)b[5];
    res->verified = (int)b[6];
    memcpy(res->value, b + 7, (size_t)m * sizeof *b);
    memcpy(res->error, b + 7 + m, (size_t)m * sizeof *b);
    for (int r = 0; r < P; r++) {
        ev[r] = (long long)b[7 + 2 * m + r];
        idle[r] = b[7 + 2 * m + P + r];
    }
    free(b);
}

void pint_par_bcast_checkpoints(pint_result *res, MPI_Comm comm)
{
    long long n = res->checkpoints;
    MPI_Bcast(&n, 1, MPI_LONG_LONG, 0, comm);
    res->checkpoints = n;
    MPI_Bcast(res->checkpoint_message, (int)sizeof res->checkpoint_message,
              MPI_CHAR, 0, comm);
}

int pint_par_open_state(const pint_options *opt, const pint_ckpt *want,
                        MPI_Comm comm, double **v, size_t *len,
                        pint_result *res)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    *v = NULL;
    *len = 0;
    pint_ckpt c;
    memset(&c, 0, sizeof c);
    int status = 0;
    if (rank == 0) {
        char msg[256];
        status = pint_ckpt_open(opt, want, &c, msg, sizeof msg);
        if (status)
            pint_fail(res, status, "%s", msg);
    }
    status = agree(comm, rank, size, status, res);
    if (status || !opt->resume)
        return status;
    double n[2] = { (double)c.nregions, (double)c.evals };
    MPI_Bcast(n, 2, MPI_DOUBLE, 0, comm);
    *len = (size_t)n[0];
    res->resumed_evals = (long long)n[1];
    if (rank == 0) {
        *v = c.recs;            /* taken over */
    } else {
        *v = malloc((*len ? *len : 1) * sizeof **v);
        if (!*v)
            MPI_Abort(comm, 3);  /* the others would wait for this rank */
    }
    MPI_Bcast(*v, (int)*len, MPI_DOUBLE, 0, comm);
    return 0;
}

int pint_par_bcast_result(pint_result *res, int status, MPI_Comm comm)
{
    int size;
    MPI_Comm_size(comm, &size);
    MPI_Bcast(&status, 1, MPI_INT, 0, comm);
    MPI_Bcast(res->value, res->ncomp, MPI_DOUBLE, 0, comm);
    MPI_Bcast(res->error, res->ncomp, MPI_DOUBLE, 0, comm);
    MPI_Bcast(res->rank_evals, size, MPI_LONG_LONG, 0, comm);
    MPI_Bcast(res->rank_idle, size, MPI_DOUBLE, 0, comm);
    MPI_Bcast(res->message, (int)sizeof res->message, MPI_CHAR, 0, comm);
    pint_par_bcast_checkpoints(res, comm);
    res->evals = res->resumed_evals;
    for (int r = 0; r < size; r++)
        res->evals += res->rank_evals[r];
    if (pint_status_is_error(status))   /* rank 0's estimate reached */
        pint_fail_keep(res, status, "%s", res->message);
    return status;
}

/* Poll until this rank's roles are done; wait with a growing sleep (20
 * microseconds to 1 millisecond) when there is nothing to do, so idle
 * ranks leave the cores to those that compute. */
static void run_roles(pint_par_ctx *ctx, pint_par_worker *w,
                      pint_par_controller *c)
{
    long wait_ns = 0;
    for (;;) {
        int did = 0;
        if (c)
            did |= pint_par_controller_poll(c);
        if (w) {
            did |= pint_par_worker_poll(w);
            did |= pint_par_worker_work(w);
        }
        if (ctx->hook)
            ctx->hook->fn(ctx->hook->arg);
        pint_par_outbox_progress(&ctx->out);
        if ((!w || pint_par_worker_done(w)) && (!c || pint_par_controller_done(c)))
            break;
        if (did) {
            wait_ns = 0;
            continue;
        }
        wait_ns = wait_ns ? (wait_ns * 2 > 1000000 ? 1000000 : wait_ns * 2)
                          : 20000;
        double t0 = now();
        struct timespec ts = { 0, wait_ns };
        nanosleep(&ts, NULL);
        ctx->idle_seconds += now() - t0;
    }
    pint_par_outbox_drain(&ctx->out);
}

/* Resume: rank 0 deals the checkpoint's regions round-robin to the
 * workers, whatever their number now; each inserts its share.  Returns
 * non-zero when a region could not be kept. */
static int deal_regions(pint_par_ctx *ctx, const pint_ckpt *saved,
                        pint_adapt *a)
{
    size_t L = ctx->ckpt.rec_len;
    int failed = 0;
    if (ctx->rank == 0) {
        size_t per = saved->nregions / (size_t)ctx->nworkers + 1;
        double *buf = malloc(per * L * sizeof *buf);
        if (!buf)
            return -1;
        for (int i = 0; i < ctx->nworkers; i++) {
            size_t n = 0;
            for (size_t r = (size_t)i; r < saved->nregions;
                 r += (size_t)ctx->nworkers)
                memcpy(buf + n++ * L, saved->recs + r * L, L * sizeof *buf);
            int dest = ctx->first_worker + i;
            if (dest == 0) {
                for (size_t r = 0; r < n && !failed; r++)
                    failed = pint_adapt_insert(a, buf + r * L) != 0;
            } else {
                MPI_Send(buf, (int)(n * L), MPI_DOUBLE, dest,
                         PINT_TAG_RESUME, ctx->comm);
            }
        }
        free(buf);
        return failed;
    }
    if (ctx->rank < ctx->first_worker)
        return 0;
    MPI_Status st;
    int len;
    MPI_Probe(0, PINT_TAG_RESUME, ctx->comm, &st);
    MPI_Get_count(&st, MPI_DOUBLE, &len);
    double *buf = malloc((len ? (size_t)len : 1) * sizeof *buf);
    if (!buf)
        return -1;
    MPI_Recv(buf, len, MPI_DOUBLE, 0, PINT_TAG_RESUME, ctx->comm,
             MPI_STATUS_IGNORE);
    for (size_t r = 0; r < (size_t)len / L && !failed; r++)
        failed = pint_adapt_insert(a, buf + r * L) != 0;
    free(buf);
    return failed;
}

static void call_hook(void *arg)
{
    const pint_par_hook *h = arg;
    h->fn(h->arg);
}

/* One dimension with extrapolation (onedim.h): rank 0 integrates alone
 * (answering the hook between steps) and every rank gets its result. */
static int extrap_on_rank0(pint_par_ctx *ctx, const pint_function *fn,
                           const pint_domain *dom, const pint_options *opt,
                           pint_result *res, enum pint_rule id)
{
    int m = fn->ncomp;
    double b[4 + 2 * (size_t)m];
    if (ctx->rank == 0) {
        b[0] = pint_integrate_extrap(fn, dom, opt, res, id, ctx->watch,
                                     ctx->hook ? call_hook : NULL,
                                     (void *)ctx->hook);
        b[1] = (double)res->evals;
        b[2] = (double)res->regions;
        b[3] = res->extrapolated;
        memcpy(b + 4, res->value, (size_t)m * sizeof *b);
        memcpy(b + 4 + m, res->error, (size_t)m * sizeof *b);
    }
    MPI_Bcast(b, 4 + 2 * m, MPI_DOUBLE, 0, ctx->comm);
    MPI_Bcast(res->message, (int)sizeof res->message, MPI_CHAR, 0,
              ctx->comm);
    res->status = (int)b[0];
    res->evals = (long long)b[1];
    res->regions = (size_t)b[2];
    res->extrapolated = (int)b[3];
    memcpy(res->value, b + 4, (size_t)m * sizeof *b);
    memcpy(res->error, b + 4 + m, (size_t)m * sizeof *b);
    res->rule = id;
    res->rank_evals[0] = res->evals;
    double idle = pint_watch_now() - ctx->watch->t0;
    for (int r = 1; r < ctx->size; r++)
        res->rank_idle[r] = idle;
    return res->status;
}

int pint_par_integrate(const pint_function *fn, const pint_domain *dom,
                       const pint_options *opt, pint_result *res,
                       MPI_Comm comm, const pint_par_hook *hook,
                       pint_watch *watch)
{
    pint_par_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.comm = comm;
    ctx.hook = hook;
    ctx.watch = watch;
    ctx.res = res;
    MPI_Comm_rank(comm, &ctx.rank);
    MPI_Comm_size(comm, &ctx.size);
    watch->reporter = ctx.rank == 0;
    watch->nranks = ctx.size;
    enum pint_rule id = PINT_RULE_AUTO;
    int status = pint_problem_check(fn, dom, opt, res, &id);
    if (status == 0 && opt->dedicated_controller && ctx.size < 2)
        status = pint_fail(res, PINT_ERR_INVALID,
                           "a dedicated controller needs at least 2 ranks");
    status = agree(comm, ctx.rank, ctx.size, status, res);
    if (status)
        return status;
    if (opt->method == PINT_METHOD_MC)
        return pint_par_mc(fn, dom, opt, res, comm, watch);
    if (opt->method == PINT_METHOD_QMC)
        return pint_par_qmc(fn, dom, opt, res, comm, watch);
    if (pint_use_extrapolation(fn, dom, opt, id))
        return extrap_on_rank0(&ctx, fn, dom, opt, res, id);
    res->rule = id;

    ctx.first_worker = opt->dedicated_controller ? 1 : 0;
    ctx.nworkers = ctx.size - ctx.first_worker;
    ctx.ncomp = fn->ncomp;
    ctx.opt = opt;
    pint_par_outbox_init(&ctx.out);
    int is_worker = ctx.rank >= ctx.first_worker;
    int is_controller = ctx.rank == 0;

    /* every rank builds the rule (cheap) so all know the step size */
    char msg[256];
    pint_rule_impl *rule = pint_rule_new(id, fn->ndim, fn->ncomp, &status,
                                         msg, sizeof msg);
    pint_adapt *a = rule && is_worker ? pint_adapt_new(fn, rule) : NULL;
    if (a)
        pint_adapt_set_norm(a, opt->norm);
    double *geom = NULL, *vol = NULL;
    /* The regions the run starts from: the domain as given (a box, or its
     * simplices), not cut further for the workers; the load balancer
     * feeds the idle ones.  Pieces cut in advance have no parent whose
     * split checked them, and a piece whose points all miss a jump claims
     * no error: genz6 at d = 10, er = 1e-6 ended 10% off with an estimate
     * of 3e-4 on 3 and 4 ranks (bench/RESULTS.md section 3). */
    size_t nstart = rule && !opt->resume
                    ? pint_domain_regions(dom, fn, opt, &geom, &vol)
                    : 0;
    pint_par_controller *c = NULL;
    pint_ckpt saved;            /* rank 0: the checkpoint resumed from */
    memset(&saved, 0, sizeof saved);
    if (rule)
        pint_ckpt_describe(&ctx.ckpt, fn, dom, opt, id,
                           pint_adapt_rec_len_for(rule, fn->ncomp));
    if (rule && is_controller)
        c = pint_par_controller_new(&ctx, pint_domain_volume(dom, fn->ndim));
    if (!rule)
        pint_fail(res, status, "%s", msg);
    else if ((is_worker && !a) || (!nstart && !opt->resume)
             || (is_controller && !c))
        status = pint_fail(res, PINT_ERR_NOMEM, "out of memory");
    else if (is_controller && opt->checkpoint
             && pint_ckpt_writable(opt->checkpoint, msg, sizeof msg) != 0)
        status = pint_fail(res, PINT_ERR_INVALID, "%s", msg);
    else if (is_controller && opt->resume) {
        status = pint_ckpt_read(opt->resume, &ctx.ckpt, &saved, msg,
                                sizeof msg);
        if (status)
            pint_fail(res, status, "%s", msg);
    }
    status = agree(comm, ctx.rank, ctx.size, status, res);
    if (status) {
        pint_par_controller_free(c);
        pint_adapt_free(a);
        pint_rule_free(rule);
        free(geom);
        free(vol);
        return status;
    }
    long long before = 0;       /* evaluations before the checkpoint */
    if (opt->resume) {
        double n = (double)saved.evals;
        MPI_Bcast(&n, 1, MPI_DOUBLE, 0, comm);
        before = (long long)n;
        res->resumed_evals = before;
    }

    ctx.rec_len = pint_adapt_rec_len_for(rule, fn->ncomp);
    ctx.step_evals = 2 * (long long)rule->npoints;
    ctx.update_evals = opt->update_evals;
    ctx.update_seconds = opt->update_seconds > 0 ? opt->update_seconds
                                                 : DEFAULT_UPDATE_SECONDS;
    ctx.lb_regions = opt->lb_regions > 0 ? opt->lb_regions : DEFAULT_LB_REGIONS;
    /* the budget: the domain's regions first, then a starting grant per worker
     * (whole steps), the rest on request */
    long long rest = opt->max_evals
                     - (opt->resume ? before
                                    : (long long)nstart
                                      * (long long)rule->npoints);
    if (rest < 0)
        rest = 0;
    long long steps = INITIAL_GRANT_STEPS;
    if (ctx.update_evals > 0)
        steps = 2 * ((ctx.update_evals + ctx.step_evals - 1) / ctx.step_evals);
    long long per = rest / ctx.nworkers / ctx.step_evals;
    ctx.initial_grant = (steps < per ? steps : per) * ctx.step_evals;
    /* only workers that start with a region hold a starting grant (on
     * resume, counted for all: one dealt none leaves its grant unspent) */
    long long starting = !opt->resume && (long long)nstart < ctx.nworkers
                         ? (long long)nstart : ctx.nworkers;
    ctx.budget = rest - ctx.initial_grant * starting;

    pint_par_worker *w = NULL;
    poll_arg others = { c, hook };
    int failed = 0;             /* the status of a failure on a first region */
    if (is_worker) {
        int me = ctx.rank - ctx.first_worker;
        pint_eval_cost cost = { .cost_us = opt->cost_us,
                                .spin = opt->cost_spin,
                                .poll = c || hook ? poll_others : NULL,
                                .poll_arg = &others };
        pint_adapt_set_cost(a, &cost);
        size_t glen = pint_region_geom_len(rule->kind, fn->ndim);
        for (size_t p = (size_t)me; p < nstart && !failed;
             p += (size_t)ctx.nworkers)
            failed = pint_adapt_add(a, geom + p * glen, vol[p]);
    }
    if (opt->resume) {
        if (deal_regions(&ctx, &saved, a) != 0)
            MPI_Abort(comm, 3);     /* out of memory: a region would be lost */
        if (is_worker && ctx.rank == ctx.first_worker)
            pint_adapt_count_evals(a, before);
    }
    pint_ckpt_clear(&saved);
    if (is_worker) {
        w = pint_par_worker_new(&ctx, a, failed,
                                failed ? pint_adapt_message(a) : "");
        if (!w)
            MPI_Abort(comm, 3);
    }
    free(geom);
    free(vol);

    run_roles(&ctx, w, c);
    broadcast_result(&ctx, c, res);
    /* every point of every final region 0 (adapt.h, absval), though
     * not every point seen */
    int seen = a && pint_adapt_nonzero_seen(a), any = 0;
    int zero = 1, all_zero = 1;
    if (a) {
        double absval[fn->ncomp];
        pint_adapt_abs(a, absval);
        for (int k = 0; k < fn->ncomp; k++)
            zero &= absval[k] == 0.0;
    }
    int flags[3] = { seen, !zero, failed }, any_flags[3];
    MPI_Allreduce(flags, any_flags, 3, MPI_INT, MPI_MAX, comm);
    any = any_flags[0];
    all_zero = !any_flags[1];
    if (res->status == PINT_CONVERGED)
        res->status = pint_check_vanished(res, any, all_zero);
    /* an error in the run keeps the estimate reached before it (a failed
     * step put its region back); a first region that failed leaves a
     * piece of the domain without a value, so no estimate */
    if (any_flags[2])
        pint_no_estimate(res);

    pint_par_worker_free(w);
    pint_par_controller_free(c);
    pint_par_outbox_destroy(&ctx.out);
    pint_adapt_free(a);
    pint_rule_free(rule);
    return res->status;
}

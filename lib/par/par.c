/* par.c -- the distributed adaptive integration: roles, the initial
 * division of the domain, the polling loop and the result on every rank.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "par.h"
#include "eval.h"
#include "pool.h"
#include "result.h"
#include "tolerance.h"
#include "neighbours.h"
#include "domain.h"
#include "problem.h"
#include "onedim.h"
#include "region.h"
#include "rule.h"
#include "collect.h"
#include "vegas_run.h"

/* Defaults chosen by measurement (bench/RESULTS.md, section 3, "How the
 * defaults were chosen"). */
#define DEFAULT_UPDATE_SECONDS 2e-3
#define DEFAULT_LB_REGIONS 4
#define INITIAL_GRANT_STEPS 64
#define DEFAULT_GROUP_MIN 32

/* The controller (and the hook) answer while this rank's worker waits
 * for its integrand (between chunks of every batch). */
typedef struct {
    pint_par_controller *c, *g;
    const pint_par_hook *hook;
    pint_par_helpers *h;        /* a worker's: answer its owner (NULL:
                                   the helpers' own poll) */
} poll_arg;

static void poll_others(void *arg)
{
    const poll_arg *p = arg;
    if (p->h)
        pint_par_helpers_serve(p->h, 1);     /* within its own step */
    if (p->c)
        pint_par_controller_poll(p->c);
    if (p->g)
        pint_par_controller_poll(p->g);
    if (p->hook)
        p->hook->fn(p->hook->arg);
}

static void broadcast_result(pint_par_ctx *ctx, pint_par_controller *c,
                             pint_result *res)
{
    double h[RES_HEADER] = { 0 };
    if (c) {
        pint_par_controller_result(c, res, res->rank_evals, res->rank_idle);
        if (ctx->first_worker > 0)      /* the dedicated controller */
            res->rank_idle[0] = ctx->idle_seconds;
        h[RES_STATUS] = res->status;
        h[RES_EVALS] = (double)res->evals;
        h[RES_REGIONS] = (double)res->regions;
        h[RES_TRANSFERS] = (double)res->transfers;
        h[RES_REGIONS_MOVED] = (double)res->regions_moved;
        h[RES_MESSAGES] = (double)res->controller_messages;
        h[RES_VERIFIED] = res->verified;
        h[RES_CHECKPOINTS] = (double)res->checkpoints;
        h[RES_REOPENED] = (double)res->reopened;
        h[RES_LENT] = (double)res->helpers_lent;
    }
    MPI_Comm comm = ctx->comm;
    MPI_Bcast(h, RES_HEADER, MPI_DOUBLE, 0, comm);
    MPI_Bcast(res->value, ctx->ncomp, MPI_DOUBLE, 0, comm);
    MPI_Bcast(res->error, ctx->ncomp, MPI_DOUBLE, 0, comm);
    MPI_Bcast(res->rank_evals, ctx->size, MPI_LONG_LONG, 0, comm);
    MPI_Bcast(res->rank_idle, ctx->size, MPI_DOUBLE, 0, comm);
    MPI_Bcast(res->message, (int)sizeof res->message, MPI_CHAR, 0, comm);
    MPI_Bcast(res->checkpoint_message, (int)sizeof res->checkpoint_message,
              MPI_CHAR, 0, comm);
    res->status = (int)h[RES_STATUS];
    res->evals = (long long)h[RES_EVALS];
    res->regions = (size_t)h[RES_REGIONS];
    res->transfers = (long long)h[RES_TRANSFERS];
    res->regions_moved = (long long)h[RES_REGIONS_MOVED];
    res->controller_messages = (long long)h[RES_MESSAGES];
    res->verified = (int)h[RES_VERIFIED];
    res->checkpoints = (long long)h[RES_CHECKPOINTS];
    res->reopened = (long long)h[RES_REOPENED];
    res->helpers_lent = (long long)h[RES_LENT];
}

/* Poll until this rank's roles are done; wait with a growing sleep (20
 * microseconds to 1 millisecond) when there is nothing to do, so idle
 * ranks leave the cores to those that compute. */
static void run_roles(pint_par_ctx *ctx, pint_par_worker *w,
                      pint_par_controller *c, pint_par_controller *g,
                      pint_par_helpers *h)
{
    long wait_ns = 0;
    for (;;) {
        int did = 0;
        if (c)
            did |= pint_par_controller_poll(c);
        if (g)
            did |= pint_par_controller_poll(g);
        if (w) {
            did |= pint_par_worker_poll(w);
            did |= pint_par_worker_work(w);
        }
        if (ctx->hook)
            ctx->hook->fn(ctx->hook->arg);
        pint_par_outbox_progress(&ctx->out);
        if ((!w || pint_par_worker_done(w)) && (!c || pint_par_controller_done(c))
            && (!g || pint_par_controller_done(g)))
            break;
        if (did) {
            wait_ns = 0;
            continue;
        }
        /* a helper at work answers within tens of microseconds */
        long most = h && pint_par_helpers_hurry(h) ? 20000 : 1000000;
        wait_ns = wait_ns ? (wait_ns * 2 > most ? most : wait_ns * 2)
                          : 20000;
        double t0 = pint_watch_now();
        struct timespec ts = { 0, wait_ns };
        nanosleep(&ts, NULL);
        ctx->idle_seconds += pint_watch_now() - t0;
    }
    pint_par_outbox_drain(&ctx->out);
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

MPI_Comm pint_par_comm(const void *comm_ptr, const void *opt_comm)
{
    return comm_ptr   ? *(const MPI_Comm *)comm_ptr
           : opt_comm ? *(const MPI_Comm *)opt_comm
                      : MPI_COMM_WORLD;
}

int pint_par_team_size(const void *comm_ptr, const void *opt_comm)
{
    int up = 0, down = 0, size = 0;
    MPI_Initialized(&up);
    MPI_Finalized(&down);
    if (up && !down)
        MPI_Comm_size(pint_par_comm(comm_ptr, opt_comm), &size);
    return size;
}

/* The workers of a group of the tree, 0 for one controller (see
 * pint_options.balance). */
static int group_size(const pint_options *opt, int nworkers)
{
    int tree = opt->balance == PINT_BALANCE_TREE
               || (opt->balance == PINT_BALANCE_AUTO
                   && nworkers >= PINT_BALANCE_TREE_FROM);
    if (!tree)
        return 0;
    /* about sqrt(P) groups of sqrt(P); below 1,024 workers groups of 32
     * (at 32 and 64 ranks, groups of 32 measured as efficient as one
     * controller, groups of 6 and 8 up to 3% less: bench/RESULTS.md 11) */
    int g = opt->balance_group > 0 ? opt->balance_group
                                   : (int)lround(sqrt((double)nworkers));
    if (opt->balance_group <= 0 && g < DEFAULT_GROUP_MIN)
        g = DEFAULT_GROUP_MIN;
    return g < nworkers ? g : nworkers;
}

/* What one rank holds for a distributed adaptive run. */
typedef struct {
    pint_rule_impl *rule;
    pint_adapt *a;              /* workers: the engine ... */
    pint_pool *pool;            /* ... stepping on these threads */
    pint_par_worker *w;         /* workers */
    pint_par_helpers *h;        /* workers: the sharing of steps */
    pint_par_controller *c;     /* rank 0 */
    pint_par_controller *g;     /* a group's first worker (the tree) */
    double *geom, *vol;         /* the domain's regions (not resuming) */
    size_t nstart;
    pint_ckpt saved;            /* rank 0, resuming: the checkpoint */
    double *mine;               /* a worker, resuming: its records */
    size_t nmine;
    long long before;           /* evaluations before the checkpoint */
} par_run;

static void tear_down(pint_par_ctx *ctx, par_run *p)
{
    pint_par_worker_free(p->w);
    pint_par_helpers_free(p->h);
    pint_par_controller_free(p->c);
    pint_par_controller_free(p->g);
    pint_par_outbox_destroy(&ctx->out);
    pint_adapt_free(p->a);
    pint_pool_free(p->pool);
    pint_rule_free(p->rule);
    pint_ckpt_clear(&p->saved);
    free(p->geom);
    free(p->vol);
    free(p->mine);
}

/* Everything each rank needs is allocated (so no rank can run out of
 * memory halfway through the start, where the others would wait for it)
 * and the checkpoint read; then all agree.  Returns the agreed status. */
static int set_up(pint_par_ctx *ctx, par_run *p, const pint_function *fn,
                  const pint_domain *dom, const pint_options *opt,
                  pint_result *res, enum pint_rule id)
{
    int is_worker = ctx->rank >= ctx->first_worker, status = 0;
    char msg[256];
    p->rule = pint_rule_new(id, fn->ndim, fn->ncomp, &status, msg,
                            sizeof msg);
    if (!p->rule)
        return pint_par_agree(ctx->comm, pint_fail(res, status, "%s", msg),
                              res);
    if (is_worker && (p->a = pint_adapt_new(fn, p->rule)) != NULL) {
        pint_adapt_set_norm(p->a, opt->norm);
        if (pint_adapt_threads(p->a, opt, &p->pool) != 0) {
            pint_adapt_free(p->a);      /* out of memory, agreed below */
            p->a = NULL;
        }
    }
    /* The regions the run starts from: the domain as given (a box, or its
     * simplices), not cut further for the workers; the load balancer
     * feeds the idle ones.  Pieces cut in advance have no parent whose
     * split checked them, and a piece whose points all miss a jump claims
     * no error: genz6 at d = 10, er = 1e-6 ended 10% off with an estimate
     * of 3e-4 on 3 and 4 ranks (bench/RESULTS.md section 3). */
    if (!opt->resume)
        p->nstart = pint_domain_regions(dom, fn, opt, &p->geom, &p->vol);
    ctx->rec_len = pint_adapt_rec_len_for(p->rule, fn->ncomp);
    pint_ckpt_describe(&ctx->ckpt, fn, dom, opt, id, ctx->rec_len);
    ctx->beside = p->rule->kind == PINT_REGION_BOX && fn->ndim >= 2
                  && fn->ndim <= PINT_NEIGHBOURS_MAX_DIM
                  && ctx->nworkers > 1 && !ctx->gsize ? 2 * fn->ndim : 0;
    if (ctx->rank == 0)
        p->c = pint_par_controller_new(ctx,
                                       pint_domain_volume(dom, fn->ndim));
    int me = ctx->rank - ctx->first_worker;
    if (ctx->gsize && me >= 0 && me % ctx->gsize == 0)
        p->g = pint_par_group_new(ctx, me / ctx->gsize);
    /* a helper takes a slice of any worker's step: room for the largest */
    unsigned long long most = p->a ? pint_adapt_step_points(p->a) : 0, all;
    MPI_Allreduce(&most, &all, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX, ctx->comm);
    if (p->a)
        p->h = pint_par_helpers_new(ctx, fn, p->pool, (size_t)all);
    if (p->a && p->h)
        p->w = pint_par_worker_new(ctx, p->a, p->h);
    int out = pint_par_outbox_init(&ctx->out);
    if ((is_worker && (!p->a || !p->w)) || (!p->nstart && !opt->resume)
        || (ctx->rank == 0 && !p->c) || out != 0
        || (ctx->gsize && me >= 0 && me % ctx->gsize == 0 && !p->g))
        status = pint_fail(res, PINT_ERR_NOMEM, "out of memory");
    else if (ctx->rank == 0 && opt->checkpoint
             && pint_ckpt_writable(opt->checkpoint, msg, sizeof msg) != 0)
        status = pint_fail(res, PINT_ERR_INVALID, "%s", msg);
    else if (ctx->rank == 0 && opt->resume) {
        status = pint_ckpt_read(opt->resume, &ctx->ckpt, &p->saved, msg,
                                sizeof msg);
        if (status)
            pint_fail(res, status, "%s", msg);
    }
    return pint_par_agree(ctx->comm, status, res);
}

/* Resuming: rank 0 deals the checkpoint's regions round-robin to the
 * workers.  Each worker allocates room for its share first and all
 * agree, so a rank out of memory stops every rank with nothing lost (the
 * checkpoint is still there). */
static int deal_regions(pint_par_ctx *ctx, par_run *p, pint_result *res)
{
    size_t L = ctx->rec_len, P = (size_t)ctx->nworkers;
    double n[2] = { (double)p->saved.nregions, (double)p->saved.evals };
    MPI_Bcast(n, 2, MPI_DOUBLE, 0, ctx->comm);
    size_t total = (size_t)n[0];
    p->before = res->resumed_evals = (long long)n[1];
    int status = 0, me = ctx->rank - ctx->first_worker;
    if (me >= 0) {
        p->nmine = total / P + ((size_t)me < total % P);
        p->mine = malloc((p->nmine ? p->nmine : 1) * L * sizeof *p->mine);
        if (!p->mine)
            status = pint_fail(res, PINT_ERR_NOMEM,
                               "rank %d: out of memory for the regions of "
                               "the checkpoint", ctx->rank);
    }
    double *buf = NULL;         /* rank 0: one worker's share at a time */
    if (ctx->rank == 0 && status == 0
        && !(buf = malloc((total / P + 1) * L * sizeof *buf)))
        status = pint_fail(res, PINT_ERR_NOMEM, "out of memory");
    status = pint_par_agree(ctx->comm, status, res);
    if (status) {
        free(buf);
        return status;
    }
    if (ctx->rank == 0) {
        for (size_t i = 0; i < P; i++) {
            int dest = ctx->first_worker + (int)i;
            double *to = dest == 0 ? p->mine : buf;
            size_t k = 0;
            for (size_t r = i; r < total; r += P)
                memcpy(to + k++ * L, p->saved.recs + r * L, L * sizeof *to);
            if (dest != 0)
                MPI_Send(buf, (int)(k * L), MPI_DOUBLE, dest, PINT_TAG_RESUME,
                         ctx->comm);
        }
        free(buf);
    } else if (me >= 0) {
        MPI_Recv(p->mine, (int)(p->nmine * L), MPI_DOUBLE, 0,
                 PINT_TAG_RESUME, ctx->comm, MPI_STATUS_IGNORE);
    }
    pint_ckpt_clear(&p->saved);
    return 0;
}

/* The evaluation budget: the domain's regions first (spent: what the
 * cooperative start evaluated; coop: it gave every worker a region),
 * then a starting grant per worker (whole steps), the rest on request. */
static void set_budget(pint_par_ctx *ctx, const par_run *p,
                       const pint_options *opt, long long spent, int coop)
{
    ctx->step_evals = 2 * (long long)p->rule->npoints;
    long long rest = opt->max_evals - spent
                     - (opt->resume ? p->before
                        : coop ? 0
                               : (long long)p->nstart
                                 * (long long)p->rule->npoints);
    if (rest < 0)
        rest = 0;
    long long steps = INITIAL_GRANT_STEPS;
    if (ctx->update_evals > 0)
        steps = 2 * ((ctx->update_evals + ctx->step_evals - 1)
                     / ctx->step_evals);
    /* after a cooperative start every worker holds a starting grant: at
     * most half of the budget so, the rest for those that run out (idle
     * ones keep theirs: with all of a limit of 2100 dealt out, 4 ranks
     * stopped at 925) */
    long long per = rest / (coop ? 2 * ctx->nworkers : ctx->nworkers)
                    / ctx->step_evals;
    ctx->initial_grant = (steps < per ? steps : per) * ctx->step_evals;
    /* only workers that start with a region hold a starting grant (on
     * resume, counted for all: one dealt none leaves its grant unspent) */
    long long starting = !opt->resume && !coop
                         && (long long)p->nstart < ctx->nworkers
                         ? (long long)p->nstart : ctx->nworkers;
    ctx->budget = rest - ctx->initial_grant * starting;
}

/* A worker's first regions: its round-robin share of the domain's, or
 * of the checkpoint's.  Returns 0, or the status of the first failure
 * (an integrand error on a first region, no memory for one). */
static int seed(pint_par_ctx *ctx, par_run *p, const pint_function *fn)
{
    int failed = 0;
    size_t me = (size_t)(ctx->rank - ctx->first_worker);
    size_t glen = pint_region_geom_len(p->rule->kind, fn->ndim);
    for (size_t i = me; i < p->nstart && !failed; i += (size_t)ctx->nworkers)
        failed = pint_adapt_add(p->a, p->geom + i * glen, p->vol[i]);
    for (size_t i = 0; i < p->nmine && !failed; i++)
        failed = pint_adapt_insert(p->a, p->mine + i * ctx->rec_len);
    if (ctx->opt->resume && me == 0)
        pint_adapt_count_evals(p->a, p->before);
    return failed;
}

/* After the run: a converged result whose final regions are all 0 at
 * every point, though some point seen was not, is unreliable
 * (tolerance.h); a first region that failed leaves a piece of the
 * domain without a value, so no estimate; an error in the run keeps
 * the estimate reached before it (a failed step put its region back). */
static void conclude(pint_par_ctx *ctx, const par_run *p, int failed,
                     pint_result *res)
{
    int seen = p->a && pint_adapt_nonzero_seen(p->a), zero = 1;
    if (p->a) {
        double absval[ctx->ncomp];
        pint_adapt_abs(p->a, absval);
        for (int k = 0; k < ctx->ncomp; k++)
            zero &= absval[k] == 0.0;
    }
    int flags[3] = { seen, !zero, failed != 0 }, any[3];
    MPI_Allreduce(flags, any, 3, MPI_INT, MPI_MAX, ctx->comm);
    if (res->status == PINT_CONVERGED)
        res->status = pint_check_vanished(res, any[0], !any[1]);
    if (any[2])
        pint_no_estimate(res);
}

/* The distributed adaptive method: set up, seed, run the roles, the
 * result on every rank. */
static int adaptive(pint_par_ctx *ctx, const pint_function *fn,
                    const pint_domain *dom, const pint_options *opt,
                    pint_result *res, enum pint_rule id)
{
    par_run p;
    memset(&p, 0, sizeof p);
    ctx->first_worker = opt->dedicated_controller ? 1 : 0;
    ctx->nworkers = ctx->size - ctx->first_worker;
    ctx->gsize = group_size(opt, ctx->nworkers);
    ctx->ncomp = fn->ncomp;
    ctx->opt = opt;
    ctx->update_evals = opt->update_evals;
    ctx->update_seconds = opt->update_seconds > 0 ? opt->update_seconds
                                                  : DEFAULT_UPDATE_SECONDS;
    ctx->lb_regions = opt->lb_regions > 0 ? opt->lb_regions
                                          : DEFAULT_LB_REGIONS;
    /* rank 0's on every rank: a worker's room for REGIONS is made for
     * it (worker.c), so a rank given other options must not send more */
    MPI_Bcast(&ctx->lb_regions, 1, MPI_INT, 0, ctx->comm);
    MPI_Bcast(&ctx->gsize, 1, MPI_INT, 0, ctx->comm);
    int me = ctx->rank - ctx->first_worker;
    ctx->update_rank = ctx->gsize && me >= 0
                       ? ctx->first_worker + me / ctx->gsize * ctx->gsize : 0;
    res->rule = id;
    int status = set_up(ctx, &p, fn, dom, opt, res, id);
    if (status == 0 && opt->resume)
        status = deal_regions(ctx, &p, res);
    if (status) {
        tear_down(ctx, &p);
        return status;
    }
    /* one region and several workers: they build the first levels
     * together, when that costs at most an eighth of the budget */
    pint_par_coop_out start = { 0, 0, 0.0 };
    int coop = -1;
    if (!opt->resume && p.nstart == 1 && ctx->nworkers >= 2
        && pint_par_coop_evals(ctx->nworkers, p.rule->npoints)
           <= opt->max_evals / 8)
        coop = pint_par_coop_start(ctx, p.a,
                                   p.a ? pint_pool_size(p.pool) : 0, p.rule,
                                   fn, p.geom, p.vol[0], &start);
    /* the root only, on the first worker, and its helpers: as a start
     * from one region whose evaluations were spent */
    int helped = coop >= 0 && start.helpers > 0;
    set_budget(ctx, &p, opt, helped ? 0 : start.spent, coop >= 0 && !helped);
    /* the first worker's controller counts its helpers */
    pint_par_controller *first = ctx->gsize ? (me == 0 ? p.g : NULL) : p.c;
    if (helped && first)
        pint_par_controller_start(first, start.helpers);
    if (helped && p.w && ctx->rank == ctx->first_worker)
        pint_par_helpers_start(p.h, start.helpers, start.spp,
                               2 * p.rule->npoints);
    int failed = 0;             /* the status of a failure on a first region */
    poll_arg others = { p.c, p.g, ctx->hook, p.h },
             mine = { p.c, p.g, ctx->hook, NULL };
    if (p.w) {
        pint_adapt_sharer share;
        pint_par_helpers_sharer(p.h, &share);
        pint_adapt_set_sharer(p.a, &share);
        /* between chunks of its own step a worker declines its owner's
         * slices at once (one worker alone has no owner) */
        pint_adapt_set_poll(p.a, p.c || p.g || ctx->hook || ctx->nworkers > 1
                                 ? poll_others : NULL, &others);
        pint_par_helpers_set_poll(p.h, p.c || p.g || ctx->hook
                                       ? poll_others : NULL, &mine);
        failed = coop >= 0 ? coop : seed(ctx, &p, fn);
        pint_par_worker_start(p.w, failed,
                              failed ? pint_adapt_message(p.a) : "");
    }
    free(p.geom);
    free(p.mine);
    p.geom = p.mine = NULL;
    run_roles(ctx, p.w, p.c, p.g, p.h);
    broadcast_result(ctx, p.c, res);
    conclude(ctx, &p, failed, res);
    tear_down(ctx, &p);
    return res->status;
}

/* A call abandoned at the time limit on a rank other than 0 (by its
 * guard, eval.h) that no message of the run reported is named in the
 * result, on every rank: a hang in a share of the cooperative start
 * (coop.c), after which the run went on from one region without that
 * rank, was reported as the limit alone, not as a call that may still
 * be running.  Rank 0's own the caller names (api.c). */
static void name_abandoned(const pint_par_ctx *ctx, const pint_function *fn,
                           int status, pint_result *res)
{
    const pint_guard *g = pint_eval_guard(fn);
    int mine = pint_guard_abandoned(g) ? ctx->rank : ctx->size, first;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, ctx->comm);
    if (first == 0 || first >= ctx->size || !g || res->message[0]
        || (status != PINT_TIME_LIMIT && status != PINT_INTERRUPTED))
        return;
    char line[sizeof res->message - 16];    /* room for "rank N: " */
    pint_guard_message(g, line, sizeof line);
    snprintf(res->message, sizeof res->message, "rank %d: %s", first, line);
}

int pint_par_run(const pint_function *fn, const pint_domain *dom,
                 const pint_options *opt, pint_result *res,
                 const void *comm_ptr, const pint_par_hook *hook,
                 pint_watch *watch)
{
    MPI_Comm comm = pint_par_comm(comm_ptr, opt ? opt->comm : NULL);
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
    if (status == 0)
        status = pint_problem_check_ranks(opt, ctx.size, res);
    status = pint_par_agree(comm, status, res);
    if (status)
        return status;
    if (opt->resume) {          /* rank 0 reads the checkpoint */
        int saved = ctx.rank == 0 ? pint_ckpt_rule(opt->resume) : -1;
        MPI_Bcast(&saved, 1, MPI_INT, 0, comm);
        id = pint_problem_resume_rule(fn, dom, opt, id, saved);
    }
    if (opt->method == PINT_METHOD_MC) {
        status = pint_par_mc(fn, dom, opt, res, comm, watch);
    } else if (opt->method == PINT_METHOD_QMC) {
        status = pint_par_qmc(fn, dom, opt, res, comm, watch);
    } else if (opt->method == PINT_METHOD_VEGAS) {
        pint_team t;
        pint_par_team(&t, &comm);
        status = pint_vegas_integrate(fn, dom, opt, &t, watch, res);
    } else if (pint_use_extrapolation(fn, dom, opt, id)) {
        status = extrap_on_rank0(&ctx, fn, dom, opt, res, id);
    } else {
        status = adaptive(&ctx, fn, dom, opt, res, id);
    }
    name_abandoned(&ctx, fn, status, res);
    return status;
}

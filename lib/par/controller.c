/* controller.c -- the controllers of the distributed adaptive integration.
 *
 * One controller (--balance rr) keeps each worker's latest update, the
 * totals over all of them (plus what is in flight between workers), the
 * required accuracy (the convergence test of the norm, tolerance.h; each
 * worker's share of it, see compute_shares) and the evaluation budget.
 * On an update from a busy worker it picks an idle worker round-robin
 * and orders the busy one to send it regions (Cucos 2003, ch. 6.1.1).
 * It stops everyone when the total meets the test or a limit is reached,
 * then gathers the exact final totals.
 *
 * The tree (--balance tree; proto.h) splits that role: a group
 * controller watches the workers of its group as the one controller
 * does, decides nothing about the run, and reports its group's sums;
 * the top controller watches the groups (their sums, not their workers),
 * decides the test and the limits, and gathers the finals.  Neither
 * watches more than about the square root of the workers (Cucos 2003,
 * ch. 5, hierarchical integration with group controllers).
 *
 * Checkpoints ride on the same stop: a STOP with the dump flag makes
 * every worker send all its regions before FINAL; the controller writes
 * them with the exact evaluation count, then resumes everyone (a
 * periodic checkpoint) or ends (the run stops: the final checkpoint).
 * The time limit and stop requests (rank 0's flag, or a worker's UPDATE
 * saying its flag is set) stop the run like any limit.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "par.h"
#include "region.h"
#include "result.h"
#include "tolerance.h"

/* The status of a stop made only to write a periodic checkpoint. */
#define CHECKPOINT_ROUND (-1)

/* A group feeds an idle worker from its own busiest one when that one's
 * error is at least this share of the largest any group has to give;
 * else it promises the worker to the top, which has the group of the
 * largest feed it.  1: regions move from the largest error the top knows
 * of, as with one controller (bench/sim.c --local-share, 128 workers in
 * groups of 32 on genz4 d = 4 at 1e-12: 0.25 0.920, 0.5 0.940, 1 0.939;
 * bench/RESULTS.md 11.3). */
#define LOCAL_SHARE 1.0

enum role {
    ROLE_ONE,                   /* the one controller: every worker */
    ROLE_TOP,                   /* the top of the tree: the groups */
    ROLE_GROUP                  /* a group controller: its workers */
};

typedef struct {
    double *upd;                /* latest UPDATE, NULL before the first */
    double *upd_store, *fin_store;  /* where upd and fin are kept */
    double *ctl;                /* a CONTROL kept for when memory is out */
    int ctl_sent;               /* ... in flight */
    double prev_evals;          /* evaluations at the update before */
    double prev_returned;       /* grants it had given back then */
    long long ordered;          /* REGIONS messages ordered towards it */
    int pending;                /* ordered work not yet acknowledged */
    double *fin;                /* FINAL, once received */
    long long audited;          /* its VERIFY messages of this round in */
    long long dumped;           /* its DUMP messages of this round in */
    size_t beside_from, beside_n;   /* its boxes in the controller's
                                       beside[] (BESIDE_UP) */
    int beside_sent;            /* the BESIDE to it in flight */
    int current;                /* it has reported since the last resume */
    long long lends;            /* times it was lent as a helper */
    int lent_to;                /* the worker of the last lend */
    int helpers;                /* workers lent to it now */
    int promised;               /* a group's: promised to the top */
    int giving;                 /* ordered to send regions: no source of
                                   another transfer until its next update
                                   (which follows the send, worker.c) */
    int granted;                /* sent evaluations since its update */
    int reclaiming;             /* sent RECLAIM, not yet answered */
} worker_view;

struct pint_par_controller {
    pint_par_ctx *ctx;
    enum role role;
    int lo, n;                  /* its workers: numbers lo .. lo + n - 1
                                   (the top: every worker, for the finals) */
    long long *budget;          /* what it may grant: ctx->budget, or a
                                   group's own */
    worker_view *w;             /* indexed by worker number - lo */
    int rr;                     /* round-robin cursor */
    int reported;               /* workers with an update */
    int current;                /* workers with an update since the last
                                   resume: the test is decided on these */
    int stopping;
    int finals;
    int ended;                  /* END sent: the result stands */
    int resumes;                /* times the exact total missed the test */
    long long wakes;            /* all idle above the accuracy: woken */
    int status;
    char message[256];
    long long messages;         /* messages handled */
    long long transfers;
    long long lends;            /* helpers lent */
    int reclaimed;              /* RECLAIM sent to its idle workers */
    int claim;                  /* a group: the top's STOP claims
                                   convergence (GD_TARGET) */
    /* the neighbours' check across ranks (proto.h, BESIDE_UP) */
    double *beside;             /* the boxes of this round, by arrival */
    size_t beside_len, beside_cap;  /* in doubles */
    int beside_in;              /* BESIDE_UP messages of this round in */
    int beside_lost;            /* out of memory for them: none sent */
    double *beside_msg;         /* the BESIDE, sent to every worker */
    double beside_none;         /* an empty one's buffer */
    int told_tight;             /* the top: GD_TIGHT sent to every group */
    long long probes;           /* the top: PROBEs sent; a group: the
                                   number of the last it heard */
    int granted_down;           /* the top: a grant sent since its last
                                   PROBE */
    double domain_volume;
    /* verification */
    int verify_ok;
    pint_sum vol_sum;
    long long verify_regions;
    pint_sum *verify_val;
    /* checkpoints */
    int dumping;                /* this stop collects every region */
    double *dump;               /* the regions collected */
    int dump_lost;              /* some did not arrive: out of memory */
    size_t dump_len, dump_cap;  /* in doubles */
    int halt;                   /* a stop request seen (PINT_INTERRUPTED) */
    /* the workers' shares of the test: [0] of eps, [1 + k] of component
     * k's threshold (proto.h, CONTROL); thr: scratch */
    double *shares, *thr;
    pint_stall stall;           /* below the rounding (pint_roundoff) */
    double *store;              /* the room of every worker_view */
    double *rx;                 /* a message of a known length, received */
    size_t rx_len;
    /* a group controller */
    int group;                  /* its number */
    long long own_budget;       /* granted by the top, not yet granted */
    long long returned_up;      /* given back to the top so far */
    int tight;                  /* the last quarter of the limit reached
                                   (a group: the top's GD_TIGHT came) */
    double version;             /* of the top's shares it holds (0: none
                                   yet: its own, from its sums) */
    double gmax;                /* the largest error a group has to give */
    double last_report;         /* when it last reported */
    int last_free;              /* its idle workers then */
    int last_flags;             /* its state's flags then (state_flags) */
    int dirty;                  /* news since: reported within a period */
    int npromised, promise[PINT_PROMISE_MAX];   /* to report */
    double *up;                 /* a GROUP_UP */
    /* the top */
    int ngroups, gsize;         /* group g: workers g gsize .. */
    double *gup;                /* each group's latest GROUP_UP, GUP_KIND
                                   -1 before the first */
    double *gprev;              /* [2 g]: its evaluations, [2 g + 1]: its
                                   returns at the report before */
    long long *gwoken;          /* its reports when last woken */
    long long *gseq;            /* its reports so far */
    long long *gfed;            /* workers it was told to feed since its
                                   last report */
    int gstopped;               /* groups whose stopped report is in */
    double sent_version;        /* of the shares last handed down */
    double *sent;               /* those shares [1 + m], and gmax */
    double *down;               /* a GROUP_DOWN */
};

/* A controller of workers lo .. lo + n - 1 in the given role. */
static pint_par_controller *make(pint_par_ctx *ctx, double domain_volume,
                                 enum role role, int lo, int n)
{
    pint_par_controller *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->ctx = ctx;
    c->role = role;
    c->lo = lo;
    c->n = n;
    c->budget = role == ROLE_GROUP ? &c->own_budget : &ctx->budget;
    c->w = calloc((size_t)n, sizeof *c->w);
    /* [k]: the values of component k; [m + k]: their magnitudes */
    c->verify_val = calloc(2 * (size_t)ctx->ncomp, sizeof *c->verify_val);
    c->shares = calloc(2 * (size_t)ctx->ncomp + 1, sizeof *c->shares);
    /* every message of a known length lands in room made here: UPDATE
     * and FINAL per worker, the one being received, a CONTROL per worker
     * for when memory runs out; the tree's messages */
    int m = ctx->ncomp;
    size_t per = pint_update_len(m) + pint_final_len(m) + pint_control_len(m);
    c->rx_len = pint_update_len(m);
    if (c->rx_len < pint_final_len(m))
        c->rx_len = pint_final_len(m);
    if (c->rx_len < PINT_FAIL_LEN)
        c->rx_len = PINT_FAIL_LEN;
    if (c->rx_len < pint_group_up_len(m))
        c->rx_len = pint_group_up_len(m);
    if (c->rx_len < pint_group_down_len(m))
        c->rx_len = pint_group_down_len(m);
    if ((ctx->opt->verify || ctx->opt->checkpoint)
        && c->rx_len < PINT_CHUNK_REGIONS * ctx->rec_len)
        c->rx_len = PINT_CHUNK_REGIONS * ctx->rec_len;
    if (ctx->beside && role == ROLE_ONE
        && c->rx_len < 1 + (size_t)ctx->beside * PINT_BESIDE_MAX)
        c->rx_len = 1 + (size_t)ctx->beside * PINT_BESIDE_MAX;
    size_t tree = pint_group_up_len(m) + pint_group_down_len(m) + 2 + m;
    c->store = malloc(((size_t)n * per + c->rx_len + tree)
                      * sizeof *c->store);
    if (!c->w || !c->verify_val || !c->shares || !c->store) {
        pint_par_controller_free(c);
        return NULL;
    }
    c->rx = c->store + (size_t)n * per;
    c->up = c->rx + c->rx_len;
    c->down = c->up + pint_group_up_len(m);
    c->sent = c->down + pint_group_down_len(m);
    for (int i = 0; i < c->n; i++) {
        c->w[i].upd_store = c->store + (size_t)i * per;
        c->w[i].fin_store = c->w[i].upd_store + pint_update_len(m);
        c->w[i].ctl = c->w[i].fin_store + pint_final_len(m);
    }
    c->thr = c->shares + 1 + ctx->ncomp;
    c->rr = -1;
    c->domain_volume = domain_volume;
    c->verify_ok = 1;
    pint_sum_init(&c->vol_sum);
    return c;
}

pint_par_controller *pint_par_controller_new(pint_par_ctx *ctx,
                                             double domain_volume)
{
    if (!ctx->gsize)
        return make(ctx, domain_volume, ROLE_ONE, 0, ctx->nworkers);
    pint_par_controller *c = make(ctx, domain_volume, ROLE_TOP, 0,
                                  ctx->nworkers);
    if (!c)
        return NULL;
    c->gsize = ctx->gsize;
    c->ngroups = (ctx->nworkers + c->gsize - 1) / c->gsize;
    size_t len = pint_group_up_len(ctx->ncomp);
    c->gup = malloc((size_t)c->ngroups * (len + 2) * sizeof *c->gup);
    c->gwoken = calloc(3 * (size_t)c->ngroups, sizeof *c->gwoken);
    if (!c->gup || !c->gwoken) {
        pint_par_controller_free(c);
        return NULL;
    }
    c->gprev = c->gup + (size_t)c->ngroups * len;
    c->gseq = c->gwoken + c->ngroups;
    c->gfed = c->gwoken + 2 * (size_t)c->ngroups;
    for (int g = 0; g < c->ngroups; g++) {
        c->gup[(size_t)g * len + GUP_KIND] = -1.0;
        c->gprev[2 * g] = c->gprev[2 * g + 1] = 0.0;
    }
    return c;
}

pint_par_controller *pint_par_group_new(pint_par_ctx *ctx, int g)
{
    int lo = g * ctx->gsize, n = ctx->nworkers - lo;
    if (n > ctx->gsize)
        n = ctx->gsize;
    pint_par_controller *c = make(ctx, 0.0, ROLE_GROUP, lo, n);
    if (c)
        c->group = g;
    return c;
}

void pint_par_controller_free(pint_par_controller *c)
{
    if (!c)
        return;
    free(c->store);
    free(c->w);
    free(c->verify_val);
    free(c->dump);
    free(c->beside);
    free(c->beside_msg);
    free(c->shares);
    free(c->gup);
    free(c->gwoken);
    free(c);
}

static int worker_rank(const pint_par_controller *c, int i)
{
    return c->ctx->first_worker + c->lo + i;
}

static int worker_index(const pint_par_controller *c, int rank)
{
    return rank - c->ctx->first_worker - c->lo;
}

/* The sums of component k over the workers' latest updates plus what
 * is in flight (sq, se), and their absval without it (sa). */
static void worker_sums(const pint_par_controller *c, int k, pint_sum *sq,
                        pint_sum *se, pint_sum *sa)
{
    int m = c->ctx->ncomp;
    for (int i = 0; i < c->n; i++) {
        const double *u = c->w[i].upd;
        if (!u)
            continue;
        /* own + sent - received, the cumulative sums with their
         * compensations, each added on its own (proto.h, UPDATE) */
        const double *b = u + UPD_HEADER;
        pint_sum_add(sq, b[k]);
        pint_sum_add(sq, b[2 * m + k]);
        pint_sum_add(sq, b[7 * m + k]);
        pint_sum_add(sq, -b[4 * m + k]);
        pint_sum_add(sq, -b[9 * m + k]);
        pint_sum_add(se, b[m + k]);
        pint_sum_add(se, b[3 * m + k]);
        pint_sum_add(se, b[8 * m + k]);
        pint_sum_add(se, -b[5 * m + k]);
        pint_sum_add(se, -b[10 * m + k]);
        pint_sum_add(sa, b[6 * m + k]);
    }
}

/* Group g's latest GROUP_UP (the top). */
static double *group_report(const pint_par_controller *c, int g)
{
    return c->gup + (size_t)g * pint_group_up_len(c->ctx->ncomp);
}

/* The same over the groups' latest reports (the top). */
static void group_sums(const pint_par_controller *c, int k, pint_sum *sq,
                       pint_sum *se, pint_sum *sa)
{
    int m = c->ctx->ncomp;
    for (int g = 0; g < c->ngroups; g++) {
        const double *r = group_report(c, g);
        if (r[GUP_KIND] < 0.0)
            continue;
        const double *b = r + GUP_HEADER;
        pint_sum_add(sq, b[k]);
        pint_sum_add(sq, b[m + k]);
        pint_sum_add(se, b[2 * m + k]);
        pint_sum_add(se, b[3 * m + k]);
        pint_sum_add(sa, b[4 * m + k]);
    }
}

/* The errors of the regions too narrow to split (adapt.h,
 * pint_adapt_frozen), f[m]: of the workers it watches, or (the top) of the
 * groups; those in flight are left out, which can only delay the stop. */
static void frozen_totals(const pint_par_controller *c, double *f)
{
    int m = c->ctx->ncomp;
    for (int k = 0; k < m; k++)
        f[k] = 0.0;
    if (c->role == ROLE_TOP) {
        for (int g = 0; g < c->ngroups; g++) {
            const double *r = group_report(c, g);
            if (r[GUP_KIND] >= 0.0)
                for (int k = 0; k < m; k++)
                    f[k] += r[GUP_HEADER + (GUP_BLOCKS - 1) * m + k];
        }
        return;
    }
    for (int i = 0; i < c->n; i++)
        if (c->w[i].upd)
            for (int k = 0; k < m; k++)
                f[k] += c->w[i].upd[UPD_HEADER + (UPD_BLOCKS - 1) * m + k];
}

/* Totals q, e and (a not NULL) absval: of the workers it watches, or
 * (the top) of the groups. */
static void totals(const pint_par_controller *c, double *q, double *e,
                   double *a)
{
    for (int k = 0; k < c->ctx->ncomp; k++) {
        pint_sum sq, se, sa;
        pint_sum_init(&sq);
        pint_sum_init(&se);
        pint_sum_init(&sa);
        if (c->role == ROLE_TOP)
            group_sums(c, k, &sq, &se, &sa);
        else
            worker_sums(c, k, &sq, &se, &sa);
        q[k] = pint_sum_get(&sq);
        e[k] = pint_sum_get(&se);
        if (a)
            a[k] = pint_sum_get(&sa);
    }
}

/* The shares of the test for totals q: each of P workers meeting thr/P
 * and eps/P makes the total meet thr and eps (tolerance.h,
 * pint_tolerance_thresholds), so a worker may rest once its own errors
 * meet them.  Max: eps/P for every component (ParInt's share); individual:
 * per component, tol_k/P; l2: eps/P of the 2-norm, since the 2-norm of
 * the total is at most the sum of the workers' 2-norms.  A group before
 * the top's first shares: of its own totals among its own workers (as if
 * every group held as much). */
static void compute_shares(pint_par_controller *c, const double *q,
                           const double *e, const double *a)
{
    pint_par_ctx *ctx = c->ctx;
    int m = ctx->ncomp, p = c->role == ROLE_GROUP ? c->n : ctx->nworkers;
    double eps = pint_tolerance_thresholds(ctx->opt, q, e, a, m, c->thr);
    c->shares[0] = eps / p;
    for (int k = 0; k < m; k++)
        c->shares[1 + k] = c->thr[k] >= 0.0 ? c->thr[k] / p : -1.0;
}

/* Whether the errors of update u meet the current shares. */
static int within_share(const pint_par_controller *c, const double *u)
{
    int m = c->ctx->ncomp;
    return pint_tolerance_pass(c->ctx->opt->norm, u + UPD_HEADER + m, m,
                               c->shares[0], c->shares + 1);
}

/* The last quarter of the evaluation limit: idle workers give their
 * grants back (CTL_TIGHT).  For good once reached: a grant given back
 * may lift the budget above the quarter again, and a group told "not
 * tight" then would keep what its idle workers hold. */
static int tight(const pint_par_controller *c)
{
    return c->tight;
}

/* The budget was spent (the one controller, the top): note the last
 * quarter. */
static void note_budget(pint_par_controller *c)
{
    if (c->role != ROLE_GROUP
        && 4 * c->ctx->budget < c->ctx->opt->max_evals)
        c->tight = 1;
}

/* A command; with_shares: carrying the current shares (else zeros: STOP
 * and END, after which no share matters). */
static void send_control(pint_par_controller *c, int rank, int cmd,
                         int with_shares, int target, int count,
                         long long grant, long long expect)
{
    pint_par_ctx *ctx = c->ctx;
    int m = ctx->ncomp;
    worker_view *v = &c->w[worker_index(c, rank)];
    double *b = malloc(pint_control_len(m) * sizeof *b);
    if (!b) {
        /* out of memory: the worker's kept one, once its last send is
         * done (a short message: it is, or soon will be) */
        while (v->ctl_sent)
            pint_par_outbox_progress(&ctx->out);
        b = v->ctl;
    }
    b[CTL_CMD] = cmd;
    b[CTL_EPS_SHARE] = with_shares ? c->shares[0] : 0.0;
    b[CTL_TARGET] = target;
    b[CTL_COUNT] = count;
    b[CTL_GRANT] = (double)grant;
    b[CTL_EXPECT] = (double)expect;
    if (grant > 0)
        v->granted = 1;
    b[CTL_TIGHT] = tight(c);
    for (int k = 0; k < m; k++)
        b[CTL_LEN + k] = with_shares ? c->shares[1 + k] : 0.0;
    if (b == v->ctl)
        pint_par_send_kept(&ctx->out, ctx->comm, b, pint_control_len(m),
                           rank, PINT_TAG_CONTROL, &v->ctl_sent);
    else if (pint_par_send(&ctx->out, ctx->comm, b, pint_control_len(m), rank,
                           PINT_TAG_CONTROL) != 0)
        send_control(c, rank, cmd, with_shares, target, count, grant, expect);
}

/* Send the message at kept (len doubles), which the caller reuses at
 * once: a copy goes, or when memory is out the message itself, blocking
 * (a short one: the peer keeps receiving). */
static void post(pint_par_controller *c, const double *kept, size_t len,
                 int dest, int tag)
{
    pint_par_ctx *ctx = c->ctx;
    double *b = malloc(len * sizeof *b);
    if (b) {
        memcpy(b, kept, len * sizeof *b);
        if (pint_par_send(&ctx->out, ctx->comm, b, len, dest, tag) == 0)
            return;
    }
    MPI_Send(kept, (int)len, MPI_DOUBLE, dest, tag, ctx->comm);
}

/* The top's order cmd to group g (target: a worker's number; grant:
 * evaluations for the group), with the shares last handed down. */
static void send_down(pint_par_controller *c, int g, int cmd, int target,
                      long long grant)
{
    pint_par_ctx *ctx = c->ctx;
    int m = ctx->ncomp;
    double *d = c->down;
    d[GD_CMD] = cmd;
    d[GD_TARGET] = target;
    d[GD_GRANT] = (double)grant;
    c->granted_down |= grant > 0;
    d[GD_TIGHT] = c->tight;
    d[GD_GMAX] = c->sent[1 + m];
    d[GD_DUMP] = c->dumping;
    d[GD_VERSION] = c->sent_version;
    memcpy(d + GD_LEN, c->sent, (1 + (size_t)m) * sizeof *d);
    post(c, d, pint_group_down_len(m),
         ctx->first_worker + g * c->gsize, PINT_TAG_GROUP_DOWN);
}

static void report_up(pint_par_controller *c, int kind);

/* Stop every worker; with a checkpoint file, every stop but one for an
 * error collects the regions (the final checkpoint, or a periodic one).
 * The top stops the groups, each of which stops its workers (dump: the
 * top's word) and then reports for the last time this round. */
static void stop_all(pint_par_controller *c, int status, int dump)
{
    if (c->stopping)
        return;
    c->stopping = 1;
    c->status = status;
    c->dumping = c->role == ROLE_GROUP
                 ? dump
                 : c->ctx->opt->checkpoint && !pint_status_is_error(status);
    c->dump_len = 0;
    for (int i = 0; i < c->n; i++)
        c->w[i].dumped = 0;
    /* a claim of convergence: each worker makes the neighbours' check
     * before its FINAL (worker.c), on the shares of the claim */
    int claim = c->role == ROLE_GROUP ? c->claim : status == PINT_CONVERGED;
    if (claim && c->role == ROLE_ONE && c->ctx->beside) {
        claim = 2;              /* and across ranks */
        c->beside_len = 0;
        c->beside_in = 0;
        c->beside_lost = 0;
    }
    if (c->role == ROLE_TOP) {
        for (int g = 0; g < c->ngroups; g++)
            send_down(c, g, PINT_GCMD_STOP, claim, 0);
        return;
    }
    for (int i = 0; i < c->n; i++)
        send_control(c, worker_rank(c, i), PINT_CMD_STOP, claim, claim,
                     c->dumping, 0, c->w[i].ordered);
    if (c->role == ROLE_GROUP)
        report_up(c, 1);
}

/* Worker i is lent as a helper: not every lend is dismissed yet. */
static int is_lent(const pint_par_controller *c, int i)
{
    const worker_view *v = &c->w[i];
    return v->lends > (v->upd ? (long long)v->upd[UPD_DISMISSED] : 0);
}

/* An idle worker other than `not`, round-robin; -1 when none. */
static int pick_idle(pint_par_controller *c, int not)
{
    int n = c->n;
    for (int s = 1; s <= n; s++) {
        int j = (c->rr + s) % n;
        const double *u = c->w[j].upd;
        if (j == not || !u || c->w[j].pending || c->w[j].promised
            || u[UPD_BUSY] != 0.0 || is_lent(c, j))
            continue;
        c->rr = j;
        return j;
    }
    return -1;
}

/* Evaluations granted with a reply: twice what the worker did in its last
 * period (so a reply in flight never starves it), at least four steps;
 * whole subdivision steps only (a partial step could never be spent, and
 * the worker would wait for a grant forever); nothing to a worker that
 * does not want to work. */
static long long grant_for(pint_par_controller *c, const double *u,
                           double done)
{
    pint_par_ctx *ctx = c->ctx;
    if (u[UPD_BUSY] == 0.0)
        return 0;
    /* nothing more before every worker has reported once: no decision
     * (round-off, convergence) is taken on part of the domain, and a
     * worker whose peer was descheduled must not spend the budget alone
     * meanwhile (2 ranks, exp(x1 + x2) at er 1e-15: 22,459 to 52,207
     * evaluations, once over 1e6 on a loaded machine, rank 1 reporting
     * late) */
    if (c->reported < c->n)
        return 0;
    long long steps = 2 * (long long)ceil(done / (double)ctx->step_evals);
    if (steps < 4)
        steps = 4;
    /* at most an even share of what is left, so the tail of the budget
     * goes to every worker, not to the first to ask */
    long long avail = *c->budget / ctx->step_evals / c->n;
    if (avail < 1 && *c->budget >= ctx->step_evals)
        avail = 1;
    long long g = (steps < avail ? steps : avail) * ctx->step_evals;
    *c->budget -= g;
    note_budget(c);
    return g;
}

/* Keep worker i's UPDATE u; returns the evaluations it made since its
 * update before. */
static double record_update(pint_par_controller *c, int i, const double *u)
{
    worker_view *v = &c->w[i];
    int was_lent = is_lent(c, i);       /* before its first update too */
    if (!v->upd) {
        v->upd = v->upd_store;
        c->reported++;
    }
    if (!v->current) {
        v->current = 1;
        c->current++;
    }
    double done = u[UPD_EVALS] - v->prev_evals;
    v->prev_evals = u[UPD_EVALS];
    /* an idle worker's grant back into the budget */
    *c->budget += (long long)(u[UPD_RETURNED] - v->prev_returned);
    v->prev_returned = u[UPD_RETURNED];
    memcpy(v->upd, u, pint_update_len(c->ctx->ncomp) * sizeof *u);
    v->giving = 0;
    v->granted = 0;
    v->reclaiming = 0;
    if (was_lent && !is_lent(c, i))     /* its last lend is dismissed */
        c->w[v->lent_to].helpers--;
    if (v->pending && u[UPD_RECEIVED] >= (double)v->ordered)
        v->pending = 0;
    if (u[UPD_HALT] != 0.0)
        c->halt = PINT_INTERRUPTED;
    return done;
}

/* Nobody works, yet the total is not met: the shares were handed out
 * under an older total.  Wake those above the current share (i, whose
 * update this is, gets its reply anyway); when there is none, every
 * error is within its share and the total meets the test up to
 * rounding: returns 1, converged. */
static int wake_or_converge(pint_par_controller *c, int i, const double *u)
{
    int woken = 0;
    for (int j = 0; j < c->n; j++) {
        const double *uj = c->w[j].upd;
        if (j == i || within_share(c, uj))
            continue;
        send_control(c, worker_rank(c, j), PINT_CMD_CONTINUE, 1, 0, 0, 0, 0);
        woken++;
    }
    if (!woken && within_share(c, u))
        return 1;
    c->wakes += woken > 0;
    return 0;
}

/* What the verdict needs besides the totals: of the workers, or (the
 * top) of the groups' reports. */
typedef struct {
    int all_current;            /* every worker reported since the resume */
    int all_waiting;            /* nobody can still work */
    int any_starved;            /* someone waits for evaluations */
    double regions, evals;
} run_state;

/* 1 when the errors of the regions too narrow to split alone fail the
 * tolerance for totals q, e, a and the rest is refined (tolerance.h,
 * pint_frozen_stop; api.c does the same on one rank): no step can lower
 * them; the message says so. */
static int frozen_fail(pint_par_controller *c, const double *q,
                       const double *e, const double *a)
{
    int m = c->ctx->ncomp;
    double f[m > 0 ? m : 1];
    frozen_totals(c, f);
    if (!pint_frozen_stop(c->ctx->opt, q, e, f, a, m))
        return 0;
    if (!c->message[0])
        snprintf(c->message, sizeof c->message, "regions too narrow to "
                 "split in double precision hold an error above the "
                 "tolerance: a singularity inside the domain? (moved to 0 "
                 "by a change of variables it can be resolved)");
    return 1;
}

/* The status the totals q, e, a (met: they meet the test) and state s
 * call for, -1 to go on; waking the idle is the caller's. */
static int decide(pint_par_controller *c, const double *q, const double *e,
                  const double *a, int met, const run_state *s)
{
    pint_par_ctx *ctx = c->ctx;
    int m = ctx->ncomp;
    if (s->all_current && met)
        return PINT_CONVERGED;
    if (s->regions >= (double)ctx->opt->max_regions)
        return PINT_MAX_REGIONS;
    if (s->all_current
        && pint_roundoff(ctx->opt, q, e, a, m, (long long)s->evals, &c->stall))
        return PINT_ROUNDOFF;
    if (s->all_current && frozen_fail(c, q, e, a))
        return PINT_ROUNDOFF;
    /* out of evaluations only when someone waits for them: workers that
     * are idle (the first reports, made before any share is known, are
     * idle) still hold their grants */
    if (s->all_waiting && s->all_current && s->any_starved
        && ctx->budget < ctx->step_evals)
        return PINT_MAX_EVALS;
    return -1;
}

/* The state of the workers it watches, from their latest updates. */
static void workers_state(const pint_par_controller *c, run_state *s)
{
    s->all_current = c->current == c->n;
    s->all_waiting = 1;
    s->any_starved = 0;
    s->regions = s->evals = 0.0;
    for (int j = 0; j < c->n; j++) {
        const double *uj = c->w[j].upd;
        if (!uj) {
            s->all_waiting = 0;
            continue;
        }
        s->regions += uj[UPD_REGIONS];
        s->evals += uj[UPD_EVALS];
        if ((uj[UPD_BUSY] != 0.0 && uj[UPD_STARVED] == 0.0) || c->w[j].pending
            || c->w[j].reclaiming || (c->w[j].granted && tight(c)))
            s->all_waiting = 0;
        s->any_starved |= uj[UPD_STARVED] != 0.0;
    }
}

/* The run's verdict on the totals after worker i's update u (the one
 * controller): 1 when it stops (converged, a limit, round-off), else 0. */
static int verdict(pint_par_controller *c, int i, const double *u)
{
    pint_par_ctx *ctx = c->ctx;
    int m = ctx->ncomp;
    double q[m > 0 ? m : 1], e[m > 0 ? m : 1], a[m > 0 ? m : 1];
    totals(c, q, e, a);
    int met = pint_tolerance_met(ctx->opt, q, e, a, m, 1.0);
    compute_shares(c, q, e, a);
    run_state s;
    workers_state(c, &s);
    int status = decide(c, q, e, a, met, &s);
    if (status < 0 && s.all_waiting && s.all_current
        && wake_or_converge(c, i, u))
        status = PINT_CONVERGED;
    if (status < 0)
        return 0;
    stop_all(c, status, 0);
    return 1;
}

/* Helpers lent to worker k now (counted as lends are made and their
 * dismissals reported: no scan of every worker, which at thousands of
 * workers would cost as much as the run's messages). */
static int helpers_of(const pint_par_controller *c, int k)
{
    return c->w[k].helpers;
}

static void lend_to(pint_par_controller *c, int i, int k)
{
    c->w[i].lends++;
    c->w[i].lent_to = k;
    c->w[k].helpers++;
    c->lends++;
    send_control(c, worker_rank(c, k), PINT_CMD_LEND, 1, worker_rank(c, i),
                 0, 0, 0);
}

void pint_par_controller_start(pint_par_controller *c, int n)
{
    for (int i = 1; i <= n; i++) {
        c->w[i].lends++;
        c->w[i].lent_to = 0;
        c->w[0].helpers++;
        c->lends++;
    }
}

/* Idle worker i lent to the busy worker whose steps are worth another
 * helper (UPD_HELPERS) with the largest error (in the norm) per helper
 * it has (helpers.c); 0 when there is none. */
static int lend(pint_par_controller *c, int i)
{
    pint_par_ctx *ctx = c->ctx;
    int m = ctx->ncomp, n = c->n, best_k = -1;
    double best = 0.0;
    for (int k = 0; k < n; k++) {
        const double *uk = c->w[k].upd;
        if (k == i || !uk || uk[UPD_BUSY] == 0.0 || is_lent(c, k))
            continue;
        int helpers = helpers_of(c, k);
        if (helpers >= uk[UPD_HELPERS])
            continue;
        double ek = pint_norm_measure(ctx->opt->norm, uk + UPD_HEADER + m, m,
                                      c->shares + 1) / (1 + helpers);
        if (ek > best) {
            best = ek;
            best_k = k;
        }
    }
    if (best_k < 0)
        return 0;
    lend_to(c, i, best_k);
    return 1;
}

/* Worker i's error in the norm of the shares (u: its update). */
static double measure(const pint_par_controller *c, const double *u)
{
    int m = c->ctx->ncomp;
    return pint_norm_measure(c->ctx->opt->norm, u + UPD_HEADER + m, m,
                             c->shares + 1);
}

/* Whether a worker whose latest update is u can be asked to give
 * regions: busy, 2 regions or more, and near the limit not waiting for
 * evaluations.  There a starved worker's regions wait for the budget,
 * not for hands: an idle worker returns its grant (worker.c), so a
 * worker that receives regions is busy and starved at once; ordered to
 * pass the largest on before it could evaluate them, it turned idle
 * again, and so did the next: 4 ranks at --max-evals 3e5 (genz6, d =
 * 10) moved regions 1,035,322 times in 16 minutes without one
 * evaluation, on a loaded machine (test/proto_script.c, "starved",
 * forces that state).  Before, starving is the moment's (a first
 * report waits for the others', a grant is on its way): a peak's first
 * worker, starved when the others reported idle, kept its regions, and
 * on 4 ranks in groups of 2 a rank sometimes got no work at all
 * (test_tree's failure on rank 2, 1 run in 8). */
static int gives(const pint_par_controller *c, const double *u)
{
    return u[UPD_BUSY] != 0.0 && u[UPD_REGIONS] >= 2
           && (u[UPD_STARVED] == 0.0 || !tight(c));
}

/* The busy worker other than `not` with 2 regions or more to give and
 * the largest error (*best), of those not already ordered to send since
 * their last update and not waiting for evaluations; -1 when none.  A
 * worker the updates still show as the busiest after it was ordered to
 * send would be ordered again and again before it reports: at 10,000
 * workers, where a group hands many idle workers to the one of the
 * largest error at once, 97% of the transfers came out empty
 * (bench/RESULTS.md 11.3).  Near the limit a starved worker gives
 * nothing: see gives(). */
static int busiest(const pint_par_controller *c, int not, double *best)
{
    int b = -1;
    *best = 0.0;
    for (int k = 0; k < c->n; k++) {
        const double *uk = c->w[k].upd;
        if (k == not || !uk || !gives(c, uk) || c->w[k].giving)
            continue;
        double ek = measure(c, uk);
        if (ek > *best) {
            *best = ek;
            b = k;
        }
    }
    return b;
}

/* A group gives regions within itself from workers of at least this
 * error: below, its idle workers are promised to the top, which feeds
 * them from the group of the largest (LOCAL_SHARE). */
static double local_floor(const pint_par_controller *c)
{
    return c->role == ROLE_GROUP ? LOCAL_SHARE * c->gmax : 0.0;
}

/* Worker i's reply to its update u (done: its evaluations since the
 * one before): a grant, and a transfer -- from the busiest worker to i
 * when i is idle, from i to an idle one when i is busy. */
static void reply(pint_par_controller *c, int i, const double *u, double done)
{
    pint_par_ctx *ctx = c->ctx;
    worker_view *v = &c->w[i];
    long long grant = grant_for(c, u, done);
    if (u[UPD_BUSY] == 0.0 && !v->pending && !v->promised
        && u[UPD_STARVED] == 0.0 && !is_lent(c, i)) {
        /* an idle worker: have the busiest one (the farthest from its
         * share, in the norm) feed it now rather than at that one's next
         * update -- unless the busiest wants helpers (a peak's chain of
         * splits, helpers.c): then it is lent */
        double best;
        int b = busiest(c, i, &best);
        int wide = b >= 0 && c->w[b].upd[UPD_HELPERS] == 0.0;
        if (!wide && lend(c, i))
            b = -1;
        if (b >= 0 && best >= local_floor(c)) {
            v->ordered++;
            v->pending = 1;
            c->w[b].giving = 1;
            c->transfers++;
            send_control(c, worker_rank(c, b), PINT_CMD_SEND, 1,
                         worker_rank(c, i), ctx->lb_regions, 0, 0);
        }
    }
    /* a busy worker: an idle one helps its steps when they are worth it
     * (the chain of splits of a costly integrand is shortened, and no
     * region is refined that one heap would not), else takes regions */
    int j = -1;
    if (u[UPD_BUSY] != 0.0 && (u[UPD_HELPERS] > helpers_of(c, i)
                               || gives(c, u)))
        j = pick_idle(c, i);
    /* every idle worker its steps are worth, at once: one a reply would
     * leave the others idle for as many of its steps */
    int lent = 0;
    while (j >= 0 && u[UPD_HELPERS] > helpers_of(c, i)) {
        lend_to(c, j, i);
        lent = 1;
        j = pick_idle(c, i);
    }
    if (lent || (j >= 0 && measure(c, u) < local_floor(c)))
        j = -1;
    if (j >= 0) {
        c->w[j].ordered++;
        c->w[j].pending = 1;
        v->giving = 1;
        c->transfers++;
        send_control(c, worker_rank(c, i), PINT_CMD_SEND, 1,
                     worker_rank(c, j), ctx->lb_regions, grant, 0);
    } else {
        send_control(c, worker_rank(c, i), PINT_CMD_CONTINUE, 1, 0, 0,
                     grant, 0);
    }
}

/* Every worker has reported once (i last), a group was granted
 * evaluations (i -1), or worker i gave evaluations back: those that ran
 * out of their grant meanwhile and were sent none since get one now
 * (they wait without reporting).  Near the limit a starved worker's
 * reply can carry nothing (the budget was held by others); when an idle
 * one then returned its grant, nobody fed the starved one, and 2 ranks
 * waited for ever at 2.6e6 of 3e6 evaluations (test/proto_script.c,
 * "returned"). */
static void feed_starved(pint_par_controller *c, int i)
{
    for (int j = 0; j < c->n; j++) {
        const double *uj = c->w[j].upd;
        if (j == i || !uj || uj[UPD_STARVED] == 0.0 || c->w[j].granted)
            continue;
        send_control(c, worker_rank(c, j), PINT_CMD_CONTINUE, 1, 0, 0,
                     grant_for(c, uj, 0.0), 0);
    }
}

/* ------------------------------------------------------ a group's side */

/* An idle worker the group could promise to the top. */
static int is_free(const pint_par_controller *c, int j)
{
    const double *u = c->w[j].upd;
    return u && u[UPD_BUSY] == 0.0 && u[UPD_STARVED] == 0.0
           && !c->w[j].pending && !c->w[j].promised && !is_lent(c, j);
}

static int count_free(const pint_par_controller *c)
{
    int n = 0;
    for (int j = 0; j < c->n; j++)
        n += is_free(c, j);
    return n;
}

/* The flags of a group's state the top decides on. */
static int state_flags(const run_state *s, int reported)
{
    return s->all_current | s->all_waiting << 1 | s->any_starved << 2
           | reported << 3;
}

/* The group's sums and state to the top (kind 1: stopped, its last
 * report of the round), promising it the idle workers it does not feed
 * (at most PINT_PROMISE_MAX; not in a stopped report). */
static void report_up(pint_par_controller *c, int kind)
{
    pint_par_ctx *ctx = c->ctx;
    int m = ctx->ncomp;
    double *r = c->up;
    run_state s;
    workers_state(c, &s);
    int busy = 0, above = 0, np = 0, givers = 0;
    double own = 0.0;
    for (int j = 0; j < c->n; j++) {
        const double *uj = c->w[j].upd;
        if (!uj)
            continue;
        /* a helper of a busy worker computes too */
        const double *owner = is_lent(c, j) ? c->w[c->w[j].lent_to].upd : NULL;
        busy += uj[UPD_BUSY] != 0.0 || (owner && owner[UPD_BUSY] != 0.0);
        above += !within_share(c, uj);
        if (uj[UPD_BUSY] != 0.0 && uj[UPD_REGIONS] >= 2 && measure(c, uj) > own)
            own = measure(c, uj);
        givers += uj[UPD_BUSY] != 0.0 && uj[UPD_REGIONS] >= 2
                  && !c->w[j].giving;
        /* none while no group has regions to give (after the top's
         * first shares) */
        if (kind == 0 && np < PINT_PROMISE_MAX && is_free(c, j)
            && (c->version == 0.0 || c->gmax > 0.0)) {
            c->w[j].promised = 1;
            r[GUP_PROMISED + np++] = c->lo + j;
        }
    }
    if (c->tight) {             /* near the limit: what it holds goes back */
        c->returned_up += c->own_budget;
        c->own_budget = 0;
    }
    r[GUP_KIND] = kind;
    r[GUP_GROUP] = c->group;
    r[GUP_REPORTED] = c->reported == c->n;
    r[GUP_CURRENT] = s.all_current;
    r[GUP_WAITING] = s.all_waiting;
    r[GUP_STARVED] = s.any_starved;
    r[GUP_BUSY] = busy;
    r[GUP_ABOVE] = above;
    r[GUP_VERSION] = c->version;
    r[GUP_REGIONS] = s.regions;
    r[GUP_EVALS] = s.evals;
    r[GUP_RETURNED] = (double)c->returned_up;
    r[GUP_HALT] = c->halt != 0;
    r[GUP_OWN] = own;
    r[GUP_GIVERS] = givers;
    r[GUP_TRANSFERS] = (double)c->transfers;
    r[GUP_LENDS] = (double)c->lends;
    r[GUP_MESSAGES] = (double)c->messages;
    r[GUP_WAKES] = (double)c->wakes;
    r[GUP_TIGHT] = c->reclaimed;
    r[GUP_PROBE] = (double)c->probes;
    r[GUP_NPROMISED] = np;
    for (int k = 0; k < m; k++) {
        pint_sum sq, se, sa;
        pint_sum_init(&sq);
        pint_sum_init(&se);
        pint_sum_init(&sa);
        worker_sums(c, k, &sq, &se, &sa);
        r[GUP_HEADER + k] = sq.s;
        r[GUP_HEADER + m + k] = sq.c;
        r[GUP_HEADER + 2 * m + k] = se.s;
        r[GUP_HEADER + 3 * m + k] = se.c;
        r[GUP_HEADER + 4 * m + k] = pint_sum_get(&sa);
    }
    frozen_totals(c, r + GUP_HEADER + (GUP_BLOCKS - 1) * m);
    post(c, r, pint_group_up_len(m), 0, PINT_TAG_GROUP_UP);
    c->last_report = pint_watch_now();
    c->last_free = count_free(c);
    c->last_flags = state_flags(&s, c->reported == c->n);
    c->dirty = 0;
}

/* After an update: a report at once when a flag the top decides on
 * changed, an idle worker came free or one waits for evaluations; else
 * within the update period (group_watch: the top sees every group's
 * latest state, or a group whose workers all fell silent could hold
 * the run for ever). */
static void maybe_report(pint_par_controller *c, const double *u)
{
    if (c->stopping)
        return;
    run_state s;
    workers_state(c, &s);
    c->dirty = 1;
    if (pint_watch_now() - c->last_report >= c->ctx->update_seconds
        || u[UPD_STARVED] != 0.0 || count_free(c) > c->last_free
        || state_flags(&s, c->reported == c->n) != c->last_flags)
        report_up(c, 0);
}

/* Wake the workers above the shares (the top found everyone waiting
 * with the total above the test). */
static void wake_group(pint_par_controller *c)
{
    int woken = 0;
    for (int j = 0; j < c->n; j++) {
        const double *uj = c->w[j].upd;
        if (!uj || within_share(c, uj))
            continue;
        send_control(c, worker_rank(c, j), PINT_CMD_CONTINUE, 1, 0, 0, 0, 0);
        woken++;
    }
    c->wakes += woken > 0;
}

/* FEED: the busiest worker not yet ordered to send since its update
 * sends regions to worker t, of another group or of this one; when none
 * can, the controller sends t an empty REGIONS message itself.  Either
 * way one REGIONS message, which t's group counts (COUNT). */
static void feed(pint_par_controller *c, int t)
{
    static const double none[1] = { 0.0 };
    double best;
    int k = busiest(c, t - c->lo, &best);
    if (k < 0) {
        /* none to give now (each was ordered to send since its update):
         * the controller sends t nothing itself, at once, rather than
         * deplete a sender again (at 10,000 workers: 0.69 against 0.82,
         * bench/RESULTS.md 11.3) */
        post(c, none, 0, c->ctx->first_worker + t, PINT_TAG_REGIONS);
        return;
    }
    c->w[k].giving = 1;
    c->transfers++;             /* SEND orders (GUP_TRANSFERS) */
    send_control(c, worker_rank(c, k), PINT_CMD_SEND, 1,
                 c->ctx->first_worker + t, c->ctx->lb_regions, 0, 0);
}

/* Everyone goes on (the top's RESUME): nothing is in flight, nobody is
 * promised, and no decision waits on reports older than this. */
static void group_resume(pint_par_controller *c)
{
    c->stopping = 0;
    c->current = 0;
    c->last_flags = -1;         /* its first news goes up at once */
    for (int i = 0; i < c->n; i++) {
        c->w[i].current = 0;
        c->w[i].promised = 0;
        send_control(c, worker_rank(c, i), PINT_CMD_RESUME, 1, 0, 0, 0, 0);
    }
}

/* The budget turned tight (the last quarter of the limit): every worker
 * that last said it was idle is asked for its grant, once a run; until
 * it answers it counts as working (workers_state), so the run does not
 * stop at the limit with evaluations on their way back.  A worker idle
 * before the budget turned tight gives its grant back only when it
 * updates, and one nobody feeds never does: 4 ranks in groups of 2
 * stopped at 144,613 of a limit of 200,000, an idle worker holding its
 * starting grant of 36,224 (test_tree, "limits").  Not before every
 * worker has reported once (the first reports are idle, made before any
 * share is known).  A group says it has asked (GUP_TIGHT): the top waits
 * for that (groups_state). */
static void reclaim_idle(pint_par_controller *c)
{
    if (c->reclaimed || c->stopping || !tight(c) || c->reported < c->n)
        return;
    c->reclaimed = 1;
    for (int j = 0; j < c->n; j++) {
        const double *uj = c->w[j].upd;
        if (uj[UPD_BUSY] != 0.0)
            continue;
        c->w[j].reclaiming = 1;
        send_control(c, worker_rank(c, j), PINT_CMD_RECLAIM, 1, 0, 0, 0, 0);
    }
    if (c->role == ROLE_GROUP)
        report_up(c, 0);
}

/* An order of the top. */
static void on_down(pint_par_controller *c, const double *d)
{
    pint_par_ctx *ctx = c->ctx;
    int m = ctx->ncomp, cmd = (int)d[GD_CMD], t = (int)d[GD_TARGET] - c->lo;
    double gmax = c->gmax;
    if (cmd == PINT_GCMD_SHARES || cmd == PINT_GCMD_WAKE
        || cmd == PINT_GCMD_RESUME) {
        c->version = d[GD_VERSION];
        memcpy(c->shares, d + GD_LEN, (1 + (size_t)m) * sizeof *d);
        c->gmax = d[GD_GMAX];
    }
    c->tight |= d[GD_TIGHT] != 0.0;
    c->own_budget += (long long)d[GD_GRANT];
    switch (cmd) {
    case PINT_GCMD_SHARES:
        if (d[GD_GRANT] > 0.0 && !c->stopping)
            feed_starved(c, -1);
        /* a group has regions to give again: the idle are promised now */
        if (gmax == 0.0 && c->gmax > 0.0 && !c->stopping && count_free(c) > 0)
            report_up(c, 0);
        break;
    case PINT_GCMD_WAKE:
        if (!c->stopping) {
            wake_group(c);
            report_up(c, 0);
        }
        break;
    case PINT_GCMD_FEED:
        feed(c, (int)d[GD_TARGET]);
        break;
    case PINT_GCMD_COUNT:
        /* the regions may be in already (they came the long way, top ->
         * feeding group -> its worker -> t, and t reported them) */
        c->w[t].ordered++;
        c->w[t].pending = !c->w[t].upd
                          || c->w[t].upd[UPD_RECEIVED] < (double)c->w[t].ordered;
        c->w[t].promised = 0;
        c->dirty = 1;
        break;
    case PINT_GCMD_RELEASE:
        c->w[t].promised = 0;
        break;
    case PINT_GCMD_STOP:
        c->claim = d[GD_TARGET] != 0.0;
        stop_all(c, PINT_CONVERGED, d[GD_DUMP] != 0.0);
        break;
    case PINT_GCMD_RESUME:
        group_resume(c);
        break;
    case PINT_GCMD_PROBE:
        c->probes = d[GD_TARGET];
        if (!c->stopping)
            report_up(c, 0);
        break;
    case PINT_GCMD_END:
        for (int i = 0; i < c->n; i++)
            send_control(c, worker_rank(c, i), PINT_CMD_END, 0, 0, 0, 0,
                         c->w[i].lends);
        c->ended = 1;
        break;
    default:
        break;
    }
    reclaim_idle(c);            /* GD_TIGHT heard: once */
}

static void on_update(pint_par_controller *c, int i, const double *u)
{
    int first = !c->w[i].upd;
    int gave_back = u[UPD_RETURNED] > c->w[i].prev_returned;
    double done = record_update(c, i, u);
    note_budget(c);             /* a small limit is tight from the start */
    if (c->stopping)
        return;
    if (c->role == ROLE_ONE && verdict(c, i, u))
        return;
    if (c->role == ROLE_GROUP && c->version == 0.0) {
        /* before the top's first shares: its own */
        int m = c->ctx->ncomp;
        double q[m > 0 ? m : 1], e[m > 0 ? m : 1], a[m > 0 ? m : 1];
        totals(c, q, e, a);
        compute_shares(c, q, e, a);
    }
    reply(c, i, u, done);
    if ((first && c->reported == c->n) || gave_back)
        feed_starved(c, i);
    reclaim_idle(c);
    if (c->role == ROLE_GROUP)
        maybe_report(c, u);
}

/* --------------------------------------------------------- the top's side */

/* Evaluations for group g (done: its evaluations since its report
 * before), as grant_for for a worker: twice what it did, at least four
 * steps a worker, at most an even share of what is left. */
static long long grant_group(pint_par_controller *c, int g, double done)
{
    pint_par_ctx *ctx = c->ctx;
    int n = ctx->nworkers - g * c->gsize < c->gsize
            ? ctx->nworkers - g * c->gsize : c->gsize;
    long long steps = 2 * (long long)ceil(done / (double)ctx->step_evals);
    if (steps < 4LL * n)
        steps = 4LL * n;
    long long avail = ctx->budget / ctx->step_evals / c->ngroups;
    if (avail < 1 && ctx->budget >= ctx->step_evals)
        avail = 1;
    long long grant = (steps < avail ? steps : avail) * ctx->step_evals;
    ctx->budget -= grant;
    note_budget(c);
    return grant;
}

/* The groups' state, from their latest reports; *all_reported: every
 * group has reported every worker once. */
static void groups_state(const pint_par_controller *c, run_state *s,
                         int *all_reported)
{
    s->all_current = s->all_waiting = *all_reported = 1;
    s->any_starved = 0;
    s->regions = s->evals = 0.0;
    for (int g = 0; g < c->ngroups; g++) {
        const double *r = group_report(c, g);
        if (r[GUP_KIND] < 0.0) {
            s->all_current = s->all_waiting = *all_reported = 0;
            continue;
        }
        *all_reported &= r[GUP_REPORTED] != 0.0;
        s->all_current &= r[GUP_CURRENT] != 0.0;
        /* told the budget is tight, a group works until it has asked
         * its idle workers for their grants (reclaim_idle) */
        s->all_waiting &= r[GUP_WAITING] != 0.0
                          && (!c->told_tight || r[GUP_TIGHT] != 0.0);
        s->any_starved |= r[GUP_STARVED] != 0.0;
        s->regions += r[GUP_REGIONS];
        s->evals += r[GUP_EVALS];
    }
}

static int everyone_reported(const pint_par_controller *c)
{
    if (c->role != ROLE_TOP)
        return c->reported == c->n;
    run_state s;
    int all;
    groups_state(c, &s, &all);
    return all;
}

/* The group of the largest error to give (a busy worker with 2 regions
 * or more), -1 none. */
static int busiest_group(const pint_par_controller *c)
{
    int b = -1;
    for (int g = 0; g < c->ngroups; g++) {
        const double *r = group_report(c, g);
        if (r[GUP_KIND] >= 0.0 && r[GUP_OWN] > 0.0
            && (b < 0 || r[GUP_OWN] > group_report(c, b)[GUP_OWN]))
            b = g;
    }
    return b;
}

/* The shares and the largest error to give go down to every group when
 * they moved (the shares by 1%, the largest by a factor 2), or any move
 * at all (exact: the top is about to wake groups). */
static void hand_down(pint_par_controller *c, int exact)
{
    int m = c->ctx->ncomp, b = busiest_group(c), moved = 0;
    double gmax = b >= 0 ? group_report(c, b)[GUP_OWN] : 0.0;
    for (int k = 0; k <= m; k++) {
        double d = fabs(c->shares[k] - c->sent[k]);
        moved |= exact ? d > 0.0 : d > 0.01 * fabs(c->shares[k]);
    }
    double old = c->sent[1 + m];
    moved |= c->sent_version == 0.0 || gmax > 2 * old || gmax < 0.5 * old;
    if (!moved)
        return;
    memcpy(c->sent, c->shares, (1 + (size_t)m) * sizeof *c->sent);
    c->sent[1 + m] = gmax;
    c->sent_version++;
    for (int g = 0; g < c->ngroups; g++)
        send_down(c, g, PINT_GCMD_SHARES, 0, 0);
}

/* Everyone waits and the total misses the test: the groups whose
 * workers miss the shares, or which hold older shares, wake them (each
 * once a report).  Returns 1 when no group holds anyone above the
 * current shares: every error is within its share and the total meets
 * the test up to rounding. */
static int wake_groups(pint_par_controller *c)
{
    hand_down(c, 1);
    int waiting = 0;
    for (int g = 0; g < c->ngroups; g++) {
        const double *r = group_report(c, g);
        if (r[GUP_VERSION] == c->sent_version && r[GUP_ABOVE] == 0.0)
            continue;
        waiting++;
        if (c->gwoken[g] == c->gseq[g])
            continue;               /* woken since its last report */
        c->gwoken[g] = c->gseq[g];
        send_down(c, g, PINT_GCMD_WAKE, 0, 0);
    }
    c->wakes += waiting > 0;
    return waiting == 0;
}

/* The group to feed a promised worker: of the largest error to give,
 * each worker it was told to feed since its report counting as half of
 * that, and told to feed no more workers than it has workers with
 * regions to give (each gives once an update: many promises at once are
 * spread over the groups that have something to give); -1 none, or
 * stopping. */
static int feeding_group(const pint_par_controller *c)
{
    int b = -1;
    double best = 0.0;
    for (int g = 0; !c->stopping && g < c->ngroups; g++) {
        const double *r = group_report(c, g);
        double own = r[GUP_KIND] >= 0.0 && (double)c->gfed[g] < r[GUP_GIVERS]
                     ? ldexp(r[GUP_OWN], -(int)c->gfed[g]) : 0.0;
        if (own > best) {
            best = own;
            b = g;
        }
    }
    return b;
}

/* Group g's promised workers: fed from the group of the largest error
 * (COUNT to g, then FEED to that one), else given back.  That group may
 * be g itself: it did not feed them because the largest error it last
 * heard of was older and larger than its own, which is now the largest
 * (else its idle workers would wait until the top's figure halved). */
static void place_promises(pint_par_controller *c, int g, const double *r)
{
    for (int p = 0; p < (int)r[GUP_NPROMISED]; p++) {
        int t = (int)r[GUP_PROMISED + p], b = feeding_group(c);
        if (b >= 0) {
            c->gfed[b]++;
            send_down(c, g, PINT_GCMD_COUNT, t, 0);
            send_down(c, b, PINT_GCMD_FEED, t, 0);
        } else {
            send_down(c, g, PINT_GCMD_RELEASE, t, 0);
        }
    }
}

static void maybe_conclude(pint_par_controller *c);

/* The groups' reports say the run is at the evaluation limit; but a
 * group near the limit gives back what it holds with its reports, and
 * one in flight can carry thousands of evaluations (4 ranks in groups
 * of 2 stopped at 161,027 of a limit of 200,000, 28,866 coming back
 * after the stop).  Returns 1 when every group has answered a PROBE
 * sent after the last grant (the answers carry everything back); else
 * sends one, unless one such is unanswered, and returns 0. */
static int limit_settled(pint_par_controller *c)
{
    int answered = c->probes > 0;
    for (int g = 0; g < c->ngroups; g++)
        answered &= group_report(c, g)[GUP_PROBE] == (double)c->probes;
    if (!c->granted_down && (answered || c->probes > 0))
        return answered;
    c->probes++;
    c->granted_down = 0;
    for (int g = 0; g < c->ngroups; g++)
        send_down(c, g, PINT_GCMD_PROBE, (int)c->probes, 0);
    return 0;
}

/* The budget turned tight: every group hears it (GD_TIGHT) once, and
 * asks its idle workers for their grants (reclaim_idle); a group whose
 * workers all wait would not hear it otherwise. */
static void tell_tight(pint_par_controller *c)
{
    if (c->told_tight || c->stopping || !tight(c))
        return;
    c->told_tight = 1;
    for (int g = 0; g < c->ngroups; g++)
        send_down(c, g, PINT_GCMD_SHARES, 0, 0);
}

/* A group's report. */
static void on_up(pint_par_controller *c, const double *r)
{
    pint_par_ctx *ctx = c->ctx;
    int m = ctx->ncomp, g = (int)r[GUP_GROUP];
    memcpy(group_report(c, g), r, pint_group_up_len(m) * sizeof *r);
    note_budget(c);             /* a small limit is tight from the start */
    c->gseq[g]++;
    c->gfed[g] = 0;
    ctx->budget += (long long)(r[GUP_RETURNED] - c->gprev[2 * g + 1]);
    c->gprev[2 * g + 1] = r[GUP_RETURNED];
    double done = r[GUP_EVALS] - c->gprev[2 * g];
    c->gprev[2 * g] = r[GUP_EVALS];
    if (r[GUP_HALT] != 0.0)
        c->halt = PINT_INTERRUPTED;
    if (r[GUP_KIND] == 1.0) {
        c->gstopped++;
        maybe_conclude(c);
        return;
    }
    if (c->stopping) {
        place_promises(c, g, r);
        return;
    }
    double q[m > 0 ? m : 1], e[m > 0 ? m : 1], a[m > 0 ? m : 1];
    totals(c, q, e, a);
    int met = pint_tolerance_met(ctx->opt, q, e, a, m, 1.0), all;
    compute_shares(c, q, e, a);
    run_state s;
    groups_state(c, &s, &all);
    int status = decide(c, q, e, a, met, &s);
    int settling = status == PINT_MAX_EVALS && !limit_settled(c);
    if (settling)
        status = -1;
    else if (status < 0 && s.all_waiting && s.all_current && wake_groups(c))
        status = PINT_CONVERGED;
    if (status >= 0) {
        place_promises(c, g, r);
        stop_all(c, status, 0);
        return;
    }
    hand_down(c, 0);
    /* nothing granted before every group has reported every worker: as
     * grant_for */
    if (all && (r[GUP_BUSY] > 0.0 || r[GUP_STARVED] != 0.0))
        send_down(c, g, PINT_GCMD_SHARES, 0, grant_group(c, g, done));
    tell_tight(c);
    place_promises(c, g, r);
}

static void on_verify(pint_par_controller *c, const double *recs, size_t n)
{
    pint_par_ctx *ctx = c->ctx;
    int m = ctx->ncomp;
    for (size_t r = 0; r < n; r++) {
        const double *rec = recs + r * ctx->rec_len;
        pint_sum_add(&c->vol_sum, rec[PINT_REC_VOL]);
        for (int k = 0; k < m; k++) {
            pint_sum_add(&c->verify_val[k], rec[PINT_REC_VALUE + k]);
            pint_sum_add(&c->verify_val[m + k], fabs(rec[PINT_REC_VALUE + k]));
        }
    }
    c->verify_regions += (long long)n;
}

static void conclude(pint_par_controller *c);

/* Receive the probed message st (*len doubles) into c->rx: every
 * message has a known bound (proto.h), and rx has room for the largest
 * (controller_new). */
static double *take_probed(pint_par_controller *c, const MPI_Status *st,
                           int *len)
{
    pint_par_ctx *ctx = c->ctx;
    MPI_Get_count(st, MPI_DOUBLE, len);
    MPI_Recv(c->rx, *len, MPI_DOUBLE, st->MPI_SOURCE, st->MPI_TAG, ctx->comm,
             MPI_STATUS_IGNORE);
    c->messages++;
    return c->rx;
}

/* Receive a VERIFY that worker i sent before its FINAL.  MPI keeps
 * order only between messages that match the same receive: a VERIFY and
 * the FINAL behind it can both arrive between the probe for VERIFY and
 * the probe for FINAL, so the FINAL must not conclude the round without
 * them all (seen under AddressSanitizer: the audit then counted too few
 * regions). */
static void take_verify(pint_par_controller *c, int i, int source)
{
    MPI_Status st;
    MPI_Probe(source, PINT_TAG_VERIFY, c->ctx->comm, &st);
    int len;
    double *buf = take_probed(c, &st, &len);
    on_verify(c, buf, (size_t)len / c->ctx->rec_len);
    c->w[i].audited++;
}

/* Keep the regions of a DUMP for the checkpoint. */
static void on_dump(pint_par_controller *c, const double *recs, size_t len)
{
    if (c->dump_lost)
        return;
    if (c->dump_len + len > c->dump_cap) {
        size_t cap = 2 * (c->dump_len + len);
        double *d = realloc(c->dump, cap * sizeof *d);
        if (!d) {               /* a checkpoint must be whole: none */
            c->dump_lost = 1;
            return;
        }
        c->dump = d;
        c->dump_cap = cap;
    }
    memcpy(c->dump + c->dump_len, recs, len * sizeof *recs);
    c->dump_len += len;
}

/* A DUMP a worker sent before its FINAL (see take_verify). */
static void take_dump(pint_par_controller *c, int i, int source)
{
    MPI_Status st;
    MPI_Probe(source, PINT_TAG_DUMP, c->ctx->comm, &st);
    int len;
    double *buf = take_probed(c, &st, &len);
    on_dump(c, buf, (size_t)len);
    c->w[i].dumped++;
}

/* Between messages: the time limit and stop requests stop the run, a
 * periodic checkpoint may be due, and rank 0 reports progress. */
static void watch(pint_par_controller *c)
{
    pint_par_ctx *ctx = c->ctx;
    if (c->stopping || c->ended)
        return;
    int halt = pint_watch_halt(ctx->watch);
    if (c->halt)
        halt = c->halt;
    int all = everyone_reported(c);
    if (halt && all) {
        stop_all(c, halt, 0);
        return;
    }
    if (all && pint_watch_checkpoint_due(ctx->watch)) {
        stop_all(c, CHECKPOINT_ROUND, 0);
        return;
    }
    /* a report covers the whole domain: every worker's totals are in */
    if (ctx->opt->progress && all && pint_watch_due(ctx->watch)) {
        int m = ctx->ncomp, busy = 0;
        double q[m], e[m], regions = 0.0, evals = 0.0;
        totals(c, q, e, NULL);
        for (int j = 0; c->role == ROLE_ONE && j < c->n; j++)
            if (c->w[j].upd) {
                /* a helper of a busy worker computes too */
                const double *owner = is_lent(c, j)
                                      ? c->w[c->w[j].lent_to].upd : NULL;
                busy += c->w[j].upd[UPD_BUSY] != 0.0
                        || (owner && owner[UPD_BUSY] != 0.0);
                regions += c->w[j].upd[UPD_REGIONS];
                evals += c->w[j].upd[UPD_EVALS];
            }
        for (int g = 0; c->role == ROLE_TOP && g < c->ngroups; g++) {
            const double *r = group_report(c, g);
            busy += (int)r[GUP_BUSY];
            regions += r[GUP_REGIONS];
            evals += r[GUP_EVALS];
        }
        pint_progress p = { .seconds = pint_watch_now() - ctx->watch->t0,
                            .evals = (long long)evals,
                            .regions = (size_t)regions, .ranks_busy = busy,
                            .nranks = ctx->size, .ncomp = m, .value = q,
                            .error = e,
                            .checkpoints = ctx->watch->reported_checkpoints,
                            .rule = ctx->res->rule };
        ctx->opt->progress(&p, ctx->opt->progress_ctx);
    }
}

/* Write the collected regions as the checkpoint, with the exact count of
 * evaluations from the FINAL reports. */
static int write_checkpoint(pint_par_controller *c)
{
    pint_par_ctx *ctx = c->ctx;
    long long evals = 0;
    int lost = c->dump_lost;
    for (int i = 0; i < c->n; i++) {
        evals += (long long)c->w[i].fin[FIN_EVALS];
        lost |= c->w[i].fin[FIN_UNSENT] != 0.0;
    }
    size_t n = c->dump_len / ctx->rec_len;
    c->dump_len = 0;
    c->dump_lost = 0;
    if (lost) {     /* the last checkpoint written stays the one to use */
        snprintf(ctx->res->checkpoint_message,
                 sizeof ctx->res->checkpoint_message,
                 "checkpoint %s not written: out of memory for its regions",
                 ctx->opt->checkpoint);
        return -1;
    }
    pint_ckpt_save(ctx->opt->checkpoint, &ctx->ckpt, c->dump, n, evals,
                   ctx->res);
    pint_watch_checkpoint_written(ctx->watch);
    return 0;
}

/* A group, between messages: news not yet reported goes up once the
 * update period passed; idle workers it does not feed are promised to
 * the top again now and then (the top gave them back when no group had
 * regions to give). */
static void group_watch(pint_par_controller *c)
{
    if (c->stopping || c->ended)
        return;
    double since = pint_watch_now() - c->last_report;
    if ((c->dirty && since >= c->ctx->update_seconds)
        || (c->gmax > 0.0 && since >= 4 * c->ctx->update_seconds
            && count_free(c) > 0))
        report_up(c, 0);
}

/* Every worker's boxes worth a probe are in: each worker gets them all
 * (BESIDE, one buffer for all: the offsets say which are its own), or
 * none when memory ran out. */
static void send_beside(pint_par_controller *c)
{
    pint_par_ctx *ctx = c->ctx;
    for (int i = 0; i < c->n; i++)
        while (c->w[i].beside_sent)
            pint_par_outbox_progress(&ctx->out);
    free(c->beside_msg);
    size_t head = (size_t)c->n + 1;
    c->beside_msg = c->beside_lost
                    ? NULL : malloc((head + c->beside_len) * sizeof(double));
    double *b = c->beside_msg;
    size_t len = 0, bl = (size_t)ctx->beside;  /* len 0: an empty BESIDE */
    if (b) {
        size_t at = 0;
        for (int i = 0; i < c->n; i++) {
            const worker_view *v = &c->w[i];
            b[i] = (double)(at / bl);
            if (v->beside_n > 0)
                memcpy(b + head + at, c->beside + v->beside_from,
                       bl * v->beside_n * sizeof *b);
            at += bl * v->beside_n;
        }
        b[c->n] = (double)(at / bl);
        len = head + at;
    }
    for (int i = 0; i < c->n; i++)
        pint_par_send_kept(&ctx->out, ctx->comm, b ? b : &c->beside_none, len,
                           worker_rank(c, i), PINT_TAG_BESIDE,
                           &c->w[i].beside_sent);
}

/* Worker i's BESIDE_UP: its count, then its boxes. */
static void on_beside_up(pint_par_controller *c, int i, const double *buf,
                         size_t len)
{
    worker_view *v = &c->w[i];
    size_t bl = (size_t)c->ctx->beside, n = len > 1 ? (len - 1) / bl : 0;
    if (!c->beside_lost && c->beside_len + bl * n > c->beside_cap) {
        size_t cap = 2 * (c->beside_len + bl * n);
        double *d = realloc(c->beside, cap * sizeof *d);
        if (d) {
            c->beside = d;
            c->beside_cap = cap;
        } else {
            c->beside_lost = 1;
        }
    }
    v->beside_from = c->beside_len;
    v->beside_n = c->beside_lost ? 0 : n;
    if (v->beside_n > 0) {      /* (none yet: beside may be NULL) */
        memcpy(c->beside + c->beside_len, buf + 1, bl * n * sizeof *buf);
        c->beside_len += bl * n;
    }
    if (++c->beside_in == c->n)
        send_beside(c);
}

int pint_par_controller_poll(pint_par_controller *c)
{
    pint_par_ctx *ctx = c->ctx;
    int handled = 0;
    static const int tags[3][6] = {
        [ROLE_ONE] = { PINT_TAG_FAIL, PINT_TAG_UPDATE, PINT_TAG_VERIFY,
                       PINT_TAG_DUMP, PINT_TAG_FINAL, PINT_TAG_BESIDE_UP },
        [ROLE_TOP] = { PINT_TAG_FAIL, PINT_TAG_GROUP_UP, PINT_TAG_VERIFY,
                       PINT_TAG_DUMP, PINT_TAG_FINAL },
        [ROLE_GROUP] = { PINT_TAG_UPDATE, PINT_TAG_GROUP_DOWN }
    };
    int ntags = c->role == ROLE_GROUP ? 2 : c->role == ROLE_TOP ? 5 : 6;
    for (;;) {
        int flag = 0, t;
        MPI_Status st;
        for (t = 0; t < ntags && !flag; t++)
            MPI_Iprobe(MPI_ANY_SOURCE, tags[c->role][t], ctx->comm, &flag,
                       &st);
        if (!flag)
            break;
        int len;
        double *buf = take_probed(c, &st, &len);
        int i = worker_index(c, st.MPI_SOURCE);
        handled = 1;
        switch (st.MPI_TAG) {
        case PINT_TAG_FAIL: {
            /* a call abandoned at the time limit (eval.h) is the limit,
             * and so is a step with only frozen regions (adapt.h) */
            int why = (int)buf[0],
                limit = why == PINT_TIME_LIMIT || why == PINT_ROUNDOFF;
            if (!c->message[0] && len >= 2) {
                char *text = (char *)(buf + 1);
                text[(len - 1) * sizeof(double) - 1] = '\0';
                snprintf(c->message, sizeof c->message, "%s", text);
                c->status = pint_status_is_error(why) || limit
                            ? why : PINT_ERR_INTEGRAND;
            }
            if (!c->stopping) {
                int status = c->status;
                stop_all(c, status, 0);
            } else if (!pint_status_is_error(c->status) && !limit) {
                c->status = PINT_ERR_INTEGRAND;
            }
            break;
        }
        case PINT_TAG_UPDATE:
            on_update(c, i, buf);
            break;
        case PINT_TAG_GROUP_UP:
            on_up(c, buf);
            break;
        case PINT_TAG_GROUP_DOWN:
            on_down(c, buf);
            break;
        case PINT_TAG_VERIFY:
            on_verify(c, buf, (size_t)len / ctx->rec_len);
            c->w[i].audited++;
            break;
        case PINT_TAG_DUMP:
            on_dump(c, buf, (size_t)len);
            c->w[i].dumped++;
            break;
        case PINT_TAG_BESIDE_UP:
            on_beside_up(c, i, buf, (size_t)len);
            break;
        case PINT_TAG_FINAL:
            /* kept first: a VERIFY or DUMP taken next lands in rx */
            memcpy(c->w[i].fin_store, buf, pint_final_len(ctx->ncomp)
                                           * sizeof *buf);
            c->w[i].fin = c->w[i].fin_store;
            while (c->w[i].audited < (long long)c->w[i].fin[FIN_VERIFY_MSGS])
                take_verify(c, i, st.MPI_SOURCE);
            while (c->w[i].dumped < (long long)c->w[i].fin[FIN_DUMP_MSGS])
                take_dump(c, i, st.MPI_SOURCE);
            c->finals++;
            maybe_conclude(c);
            break;
        }
    }
    if (c->role == ROLE_GROUP)
        group_watch(c);
    else
        watch(c);
    return handled;
}

/* Every FINAL is in, and (the top) every group's stopped report. */
static void maybe_conclude(pint_par_controller *c)
{
    if (c->finals == c->n
        && (c->role != ROLE_TOP || c->gstopped == c->ngroups))
        conclude(c);
}

/* Exact totals from the workers' FINAL reports (and absval, a not
 * NULL). */
static void final_totals(const pint_par_controller *c, double *q, double *e,
                         double *a)
{
    int m = c->ctx->ncomp;
    for (int k = 0; k < m; k++) {
        pint_sum sv, se, sa;
        pint_sum_init(&sv);
        pint_sum_init(&se);
        pint_sum_init(&sa);
        for (int i = 0; i < c->n; i++) {
            pint_sum_add(&sv, c->w[i].fin[FIN_HEADER + k]);
            pint_sum_add(&se, c->w[i].fin[FIN_HEADER + m + k]);
            pint_sum_add(&sa, c->w[i].fin[FIN_HEADER + 2 * m + k]);
        }
        q[k] = pint_sum_get(&sv);
        e[k] = pint_sum_get(&se);
        if (a)
            a[k] = pint_sum_get(&sa);
    }
}

/* Everyone goes on with the shares of the exact totals.  The reports
 * the stop was taken on are older than the finals that just missed the
 * test: no decision on the test until every worker has reported again
 * (each does at once on RESUME, worker.c). */
static void resume_all(pint_par_controller *c, const double *q,
                       const double *e, const double *a)
{
    pint_par_ctx *ctx = c->ctx;
    c->current = 0;
    for (int i = 0; i < c->n; i++)
        c->w[i].current = 0;
    c->stopping = 0;
    c->status = PINT_CONVERGED;
    c->finals = 0;
    c->verify_regions = 0;
    c->dump_len = 0;
    pint_sum_init(&c->vol_sum);
    for (int k = 0; k < ctx->ncomp; k++) {
        pint_sum_init(&c->verify_val[k]);
        pint_sum_init(&c->verify_val[ctx->ncomp + k]);
    }
    compute_shares(c, q, e, a);
    for (int i = 0; i < c->n; i++) {
        c->w[i].fin = NULL;
        c->w[i].audited = 0;
        c->w[i].dumped = 0;
        if (c->role == ROLE_ONE)
            send_control(c, worker_rank(c, i), PINT_CMD_RESUME, 1, 0, 0, 0,
                         0);
    }
    if (c->role != ROLE_TOP)
        return;
    /* the groups with these shares, and no report of theirs counts as
     * current until they report again */
    c->gstopped = 0;
    memcpy(c->sent, c->shares, (1 + (size_t)ctx->ncomp) * sizeof *c->sent);
    c->sent_version++;
    for (int g = 0; g < c->ngroups; g++) {
        group_report(c, g)[GUP_CURRENT] = 0.0;
        send_down(c, g, PINT_GCMD_RESUME, 0, 0);
    }
}

/* Every FINAL is in.  The decision to stop was taken on reports a few
 * milliseconds old; when the exact total still misses the test, everyone
 * resumes (nothing is in flight now: every ordered message arrived
 * before FINAL).  Otherwise END. */
static void conclude(pint_par_controller *c)
{
    pint_par_ctx *ctx = c->ctx;
    int m = ctx->ncomp;
    if (c->status == CHECKPOINT_ROUND) {
        int lost = write_checkpoint(c) != 0;
        c->dumping = 0;
        if (lost) {             /* stop with what is reached */
            c->status = PINT_ERR_NOMEM;
            if (!c->message[0])
                snprintf(c->message, sizeof c->message,
                         "out of memory for the regions of a checkpoint");
        } else if (c->halt) {
            c->status = c->halt;    /* the checkpoint just written is the
                                       final one */
        } else {
            double q[m], e[m], a[m];
            final_totals(c, q, e, a);
            resume_all(c, q, e, a);
            return;
        }
    }
    if (c->status == PINT_CONVERGED) {
        double q[m], e[m], a[m];
        final_totals(c, q, e, a);
        if (!pint_tolerance_met(ctx->opt, q, e, a, m, 1.0)) {
            c->resumes++;
            resume_all(c, q, e, a);
            return;
        }
    }
    if (c->dumping && !pint_status_is_error(c->status))
        write_checkpoint(c);
    for (int i = 0; c->role == ROLE_ONE && i < c->n; i++)
        send_control(c, worker_rank(c, i), PINT_CMD_END, 0, 0, 0, 0,
                     c->w[i].lends);
    for (int g = 0; c->role == ROLE_TOP && g < c->ngroups; g++)
        send_down(c, g, PINT_GCMD_END, 0, 0);
    c->ended = 1;
}

int pint_par_controller_done(const pint_par_controller *c)
{
    return c->ended;
}

void pint_par_controller_result(const pint_par_controller *c, pint_result *res,
                                long long *rank_evals, double *rank_idle)
{
    const pint_par_ctx *ctx = c->ctx;
    int m = ctx->ncomp;
    long long evals = 0, regions = 0, moved = 0;
    final_totals(c, res->value, res->error, NULL);
    for (int i = 0; i < c->n; i++) {
        const double *f = c->w[i].fin;
        evals += (long long)f[FIN_EVALS];
        regions += (long long)f[FIN_REGIONS];
        moved += (long long)f[FIN_SENT_REGIONS];
        rank_evals[worker_rank(c, i)] = (long long)f[FIN_EVALS]
                                        + (long long)f[FIN_HELPED];
        rank_idle[worker_rank(c, i)] = f[FIN_IDLE_SECONDS];
    }
    res->evals = evals;
    res->regions = (size_t)regions;
    res->status = c->status;
    res->transfers = c->transfers;
    res->regions_moved = moved;
    res->controller_messages = c->messages;
    res->reopened = c->wakes + c->resumes;
    res->helpers_lent = c->lends;
    for (int g = 0; c->role == ROLE_TOP && g < c->ngroups; g++) {
        /* the groups' counts, from their stopped reports */
        const double *r = group_report(c, g);
        res->transfers += (long long)r[GUP_TRANSFERS];
        res->controller_messages += (long long)r[GUP_MESSAGES];
        res->reopened += (long long)r[GUP_WAKES];
        res->helpers_lent += (long long)r[GUP_LENDS];
    }
    snprintf(res->message, sizeof res->message, "%s", c->message);
    res->verified = 0;
    if (ctx->opt->verify)       /* every region once */
        res->verified = pint_result_audit(c->verify_regions, regions,
                                          &c->vol_sum, c->domain_volume,
                                          c->verify_val, res->value, m);
}

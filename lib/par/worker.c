/* worker.c -- a worker of the distributed adaptive integration.
 *
 * It runs the adaptive loop on its own heap while its errors miss its
 * share of the required accuracy (in the norm of the run, proto.h,
 * CONTROL) and it holds an evaluation grant; it
 * reports to the controller every update period and whenever it changes
 * between busy and idle; it gives regions from the top of its heap to
 * another worker when the controller says so (Cucos 2003, ch. 6.1.1);
 * it shares its steps with the idle workers the controller lends it,
 * and helps the worker it is lent to (helpers.c).
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "par.h"
#include "region.h"
#include "tolerance.h"
#include "neighbours.h"

struct pint_par_worker {
    pint_par_ctx *ctx;
    pint_adapt *a;
    pint_par_helpers *h;        /* its helpers, and it as a helper */
    long long dismissed_told;   /* dismissals in its last UPDATE */
    int ending;                 /* END came: done once end_expect */
    long long end_expect;       /* dismissals are in */
    double *shares;             /* [0] of eps, [1 + k] of component k's
                                   threshold: idle when the errors meet
                                   them (proto.h, CONTROL) */
    double *ctl;                /* a CONTROL message */
    double *rbuf;               /* a REGIONS message received */
    double *fail, *fin, *upd;   /* FAIL, FINAL and an UPDATE, kept: the
                                   messages that must go out whatever
                                   the memory */
    int fail_sent, fin_sent, upd_sent;  /* in flight */
    double *val, *err;          /* scratch: the engine's totals */
    long long grant;            /* evaluations it may still do */
    long long returned;         /* of its grants, given back when idle */
    int tight;                  /* the controller's CTL_TIGHT */
    int answered;               /* a CONTROL came: the shares are known */
    long long evals_at_update;
    double time_at_update;
    int last_busy, last_starved;
    int failed;
    int stopping, reported, done;
    int dump;                   /* this STOP wants every region */
    int stop_check;             /* this STOP claims convergence: the
                                   neighbours' check before FINAL (2:
                                   and across ranks, proto.h) */
    int beside_wait;            /* BESIDE_UP sent, BESIDE awaited */
    double beside_none;         /* an empty BESIDE_UP's buffer */
    int beside_sent;            /* that one in flight */
    int halt_told;              /* the controller knows our stop flag */
    int steps_since_update;
    long long expect, received; /* REGIONS messages */
    long long transfers, sent_regions;
    pint_sum *sent_val, *sent_err, *recv_val, *recv_err;
    /* the engine's state when its running totals were last made exact
     * (is_busy): evaluations, regions, regions received and sent, and
     * whether the shares were known */
    long long exact_at[5];
    /* the state after its last neighbours' check, and the scale of that
     * check (blind_neighbours) */
    long long checked_at[4];
    double *checked_scale;
};

/* The engine's state: evaluations, regions, regions received and sent. */
static void engine_state(const pint_par_worker *w, long long *at)
{
    at[0] = pint_adapt_evals(w->a);
    at[1] = (long long)pint_adapt_regions(w->a);
    at[2] = w->received;
    at[3] = w->sent_regions;
}

/* The failure line: which rank, when there are several. */
static void fail_line(const pint_par_ctx *ctx, const char *msg, char *line,
                      size_t len)
{
    if (ctx->size > 1)
        snprintf(line, len, "rank %d: %s", ctx->rank, msg);
    else
        snprintf(line, len, "%s", msg);
}

/* FAIL: the status, then one line for the controller as chars in
 * doubles (proto.h); at most once a run. */
static void send_fail(pint_par_worker *w, int status, const char *msg)
{
    pint_par_ctx *ctx = w->ctx;
    if (w->failed)              /* the controller heeds the first only */
        return;
    char line[PINT_FAIL_CHARS];
    fail_line(ctx, msg, line, sizeof line);
    size_t len = strlen(line) + 1, n = 1 + (len + 7) / 8;
    memset(w->fail, 0, PINT_FAIL_LEN * sizeof *w->fail);
    w->fail[0] = status;
    memcpy(w->fail + 1, line, len);
    w->failed = 1;
    pint_par_send_kept(&ctx->out, ctx->comm, w->fail, n, 0, PINT_TAG_FAIL,
                       &w->fail_sent);
}

pint_par_worker *pint_par_worker_new(pint_par_ctx *ctx, pint_adapt *a,
                                     pint_par_helpers *h)
{
    pint_par_worker *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    int m = ctx->ncomp;
    w->ctx = ctx;
    w->a = a;
    w->h = h;
    w->last_busy = -1;
    w->sent_val = calloc(4 * (size_t)m, sizeof *w->sent_val);
    /* everything a message needs, once: the shares, the engine's totals,
     * CONTROL, a REGIONS message (at most lb_regions records), FAIL and
     * FINAL */
    size_t rlen = (size_t)ctx->lb_regions * ctx->rec_len;
    w->shares = malloc((4 * (size_t)m + 1 + pint_control_len(m) + rlen
                        + PINT_FAIL_LEN + pint_final_len(m)
                        + pint_update_len(m)) * sizeof *w->shares);
    if (!w->sent_val || !w->shares) {
        free(w->sent_val);
        free(w->shares);
        free(w);
        return NULL;
    }
    w->val = w->shares + 1 + m;
    w->err = w->val + m;
    w->ctl = w->err + m;
    w->rbuf = w->ctl + pint_control_len(m);
    w->fail = w->rbuf + rlen;
    w->fin = w->fail + PINT_FAIL_LEN;
    w->upd = w->fin + pint_final_len(m);
    w->checked_scale = w->upd + pint_update_len(m);
    w->checked_at[0] = -1;      /* never checked */
    for (int k = 0; k < m; k++)
        w->checked_scale[k] = HUGE_VAL;
    /* the share is unknown until the controller's first answer: report
     * first, so a domain whose first pieces already meet the tolerance is
     * not subdivided at all */
    w->shares[0] = HUGE_VAL;
    for (int k = 0; k < m; k++)
        w->shares[1 + k] = ctx->opt->norm == PINT_NORM_L2 ? -1.0 : HUGE_VAL;
    w->sent_err = w->sent_val + m;
    w->recv_val = w->sent_val + 2 * m;
    w->recv_err = w->sent_val + 3 * m;
    return w;
}

void pint_par_worker_start(pint_par_worker *w, int failed,
                           const char *fail_msg)
{
    /* a worker without a region waits for one from the load balancer and
     * is granted evaluations with it: a grant held idle could not be
     * spent by the worker that runs out */
    w->grant = pint_adapt_regions(w->a) > 0 ? w->ctx->initial_grant : 0;
    if (failed)
        send_fail(w, failed, fail_msg);
}

void pint_par_worker_free(pint_par_worker *w)
{
    if (!w)
        return;
    free(w->sent_val);
    free(w->shares);
    free(w);
}

static int is_starved(const pint_par_worker *w)
{
    return w->grant < w->ctx->step_evals;
}

/* Each component's share, the scale of a mass worth a probe (the
 * 2-norm's share for one without). */
static void probe_scale(const pint_par_worker *w, double *scale)
{
    for (int k = 0; k < w->ctx->ncomp; k++)
        scale[k] = fmax(0.0, w->shares[1 + k] >= 0.0 ? w->shares[1 + k]
                                                     : w->shares[0]);
}

/* The neighbours' check of a worker's own regions (neighbours.h), on
 * its probe_scale: before it goes idle on its share, and before
 * its FINAL when a STOP claims convergence (a worker still busy on a
 * share tighter than the total needs never went idle: --update-evals
 * 20000 on one rank ended 6.5e8 E off).  Once per state of the engine
 * and scale of at least the last one's.  1 when it raised an error past
 * the share.  The probes come out of the grant, which they may overdraw
 * by their few evaluations (the limit is kept to within steps under
 * MPI: proto.h); failed, the worker reports the failure as a step's. */
static int blind_neighbours(pint_par_worker *w)
{
    int m = w->ctx->ncomp;
    double *scale = w->val;         /* scratch until the totals below */
    int seen = 1;
    long long now_at[4];
    engine_state(w, now_at);
    probe_scale(w, scale);
    for (int k = 0; k < m; k++)
        seen &= scale[k] >= w->checked_scale[k];
    if (seen && memcmp(now_at, w->checked_at, sizeof now_at) == 0)
        return 0;
    memcpy(w->checked_scale, scale, (size_t)m * sizeof *scale);
    long long before = pint_adapt_evals(w->a);
    size_t raised = 0;
    int rc = pint_neighbours_check(w->a, scale, LLONG_MAX, &raised);
    w->grant -= pint_adapt_evals(w->a) - before;
    pint_adapt_totals(w->a, w->val, w->err);
    engine_state(w, w->checked_at);
    if (rc != 0) {
        send_fail(w, rc, pint_adapt_message(w->a));
        return 0;
    }
    return raised > 0 && !pint_tolerance_pass(w->ctx->opt->norm, w->err, m,
                                              w->shares[0], w->shares + 1);
}

/* On a claim of convergence across ranks: its boxes worth a probe to
 * the controller (at most PINT_BESIDE_MAX; none when it failed, or
 * memory ran out: the message must go, empty then). */
static void send_beside_up(pint_par_worker *w)
{
    pint_par_ctx *ctx = w->ctx;
    double *scale = w->val;
    probe_scale(w, scale);
    size_t n = w->failed ? 0 : pint_neighbours_worth(w->a, scale, NULL);
    size_t sent = n < PINT_BESIDE_MAX ? n : PINT_BESIDE_MAX;
    size_t bl = (size_t)ctx->beside;
    double *b = n ? malloc((1 + bl * n) * sizeof *b) : NULL;
    w->beside_wait = 1;
    if (b) {
        b[0] = (double)n;
        pint_neighbours_worth(w->a, scale, b + 1);
        if (pint_par_send(&ctx->out, ctx->comm, b, 1 + bl * sent,
                          ctx->update_rank, PINT_TAG_BESIDE_UP) == 0)
            return;
    }
    w->beside_none = (double)n;
    while (w->beside_sent)
        pint_par_outbox_progress(&ctx->out);
    pint_par_send_kept(&ctx->out, ctx->comm, &w->beside_none, 1,
                       ctx->update_rank, PINT_TAG_BESIDE_UP,
                       &w->beside_sent);
}

/* The BESIDE probed: the check of its regions beside the other workers'
 * boxes; then its FINAL may go.  (Out of memory for the message, it
 * cannot receive it: the run fails, with the message left behind.) */
static void on_beside(pint_par_worker *w, const MPI_Status *st)
{
    pint_par_ctx *ctx = w->ctx;
    int len;
    MPI_Get_count(st, MPI_DOUBLE, &len);
    double *b = malloc((len > 0 ? (size_t)len : 1) * sizeof *b);
    w->beside_wait = 0;
    if (!b) {
        send_fail(w, PINT_ERR_NOMEM,
                  "out of memory for the neighbours' check across ranks");
        return;
    }
    MPI_Recv(b, len, MPI_DOUBLE, st->MPI_SOURCE, PINT_TAG_BESIDE, ctx->comm,
             MPI_STATUS_IGNORE);
    int P = ctx->nworkers, me = ctx->rank - ctx->first_worker;
    if (len > P && !w->failed && pint_adapt_regions(w->a) > 0) {
        /* the others' boxes: those before its own, then those after */
        size_t head = (size_t)P + 1, from = (size_t)b[me],
               to = (size_t)b[me + 1], all = (size_t)b[P],
               bl = (size_t)ctx->beside;
        double *scale = w->val;
        probe_scale(w, scale);
        memmove(b + head + bl * from, b + head + bl * to,
                bl * (all - to) * sizeof *b);
        size_t raised = 0;
        long long before = pint_adapt_evals(w->a);
        int rc = pint_neighbours_check_beside(w->a, scale, LLONG_MAX,
                                              b + head, all - (to - from),
                                              &raised);
        w->grant -= pint_adapt_evals(w->a) - before;
        if (rc != 0)
            send_fail(w, rc, pint_adapt_message(w->a));
    }
    free(b);
}

/* Busy: something to refine, allowed to, and its errors not yet within
 * its shares. */
static int is_busy(pint_par_worker *w)
{
    if (w->failed || w->stopping || pint_adapt_regions(w->a) == 0)
        return 0;
    if (pint_adapt_regions(w->a) + 1 > w->ctx->opt->max_regions)
        return 0;
    if (!pint_adapt_splittable(w->a))
        return 0;               /* frozen: the controller decides */
    int m = w->ctx->ncomp;
    pint_adapt_totals(w->a, w->val, w->err);
    if (!pint_tolerance_pass(w->ctx->opt->norm, w->err, m, w->shares[0],
                             w->shares + 1))
        return 1;
    /* Idle on the running sums: confirm on exact ones, as the sequential
     * run does before it claims convergence.  The running error sum
     * drifts when huge errors came and went (a box of 1e10 whose first
     * regions claimed errors of 1e10): a worker idle on a sum 1e-6 too
     * low, while the exact FINAL totals missed the test, made the
     * controller resume everyone, and everyone go idle again, for ever.
     * Once per state of the engine, so an idle worker polls cheaply (and
     * again once the shares are known: the first reports are made
     * before, on no check). */
    long long now_at[5];
    engine_state(w, now_at);
    now_at[4] = w->answered;
    if (memcmp(now_at, w->exact_at, sizeof now_at) == 0)
        return 0;
    pint_adapt_recompute(w->a);
    pint_adapt_totals(w->a, w->val, w->err);
    int busy = !pint_tolerance_pass(w->ctx->opt->norm, w->err, m,
                                    w->shares[0], w->shares + 1)
               || (w->answered && blind_neighbours(w));
    /* the state after the probes is the one checked: probed once */
    now_at[0] = pint_adapt_evals(w->a);
    memcpy(w->exact_at, now_at, sizeof now_at);
    return busy;
}

/* Its refinement is narrow: at most HELP_WIDTH of its regions have
 * errors within half of its largest (the same share as a step's,
 * adapt.c): around a peak, a chain of splits that regions given away
 * cannot shorten (they would carry the chain's region from rank to
 * rank), and that helpers do.  A worker with more regions of like
 * errors is better served by idle workers taking some (a long run of
 * 320,000 1-ms points on 32 ranks: helpers for every busy worker split
 * regions one heap never would, +19% evaluations and an efficiency of
 * 0.77 against 0.97).  12 measured best of 2 to 63 on the two cases of
 * bench/RESULTS.md, 10.8. */
#define HELP_WIDTH 12

static int narrow(const pint_par_worker *w)
{
    return pint_adapt_width(w->a, 0.5, HELP_WIDTH + 1) <= HELP_WIDTH;
}

/* The helpers it keeps (busy): lent while it was narrow, they go only
 * once it is clearly wide (KEEP_WIDTH), or when its steps no longer
 * pay for them: a width that wavers about HELP_WIDTH would have them
 * lent and dismissed at every other step. */
#define KEEP_WIDTH 48
static int keepers(const pint_par_worker *w)
{
    if (!w->ctx->opt->helpers
        || pint_adapt_width(w->a, 0.5, KEEP_WIDTH + 1) > KEEP_WIDTH)
        return 0;
    return pint_par_helpers_useful(w->h);
}

/* The helpers its steps are worth now (busy). */
static int wanted(const pint_par_worker *w)
{
    return w->ctx->opt->helpers && narrow(w)
           ? pint_par_helpers_useful(w->h) : 0;
}

static void send_update(pint_par_worker *w)
{
    pint_par_ctx *ctx = w->ctx;
    int m = ctx->ncomp;
    /* out of memory: the kept one, or when it is still in flight, none
     * now (the next attempt will carry the news) */
    double *u = malloc(pint_update_len(m) * sizeof *u);
    int kept = !u && !w->upd_sent;
    if (kept)
        u = w->upd;
    if (!u)
        return;
    int busy = is_busy(w), starved = busy && is_starved(w);
    if (!busy && w->tight && w->grant > 0) {
        /* idle near the limit: what it holds could not be spent by a
         * worker that runs out (on a loaded machine 4 ranks stopped at
         * less than half of a limit of 3e5, the rest held by idle ones);
         * busy again, it asks.  Only near the limit: a worker that turns
         * idle and busy often would otherwise ask for every step (2 ranks
         * on a box of 1e10: 250,000 messages) */
        w->returned += w->grant;
        w->grant = 0;
    }
    u[UPD_RETURNED] = (double)w->returned;
    u[UPD_BUSY] = busy;
    u[UPD_STARVED] = starved;
    u[UPD_EVALS] = (double)pint_adapt_evals(w->a);
    u[UPD_REGIONS] = (double)pint_adapt_regions(w->a);
    u[UPD_RECEIVED] = (double)w->received;
    u[UPD_HALT] = w->halt_told = ctx->opt->stop && *ctx->opt->stop;
    u[UPD_DISMISSED] = (double)(w->dismissed_told
                                = pint_par_helpers_dismissed(w->h));
    u[UPD_HELPERS] = busy ? wanted(w) : 0;
    double *val = u + UPD_HEADER, *err = val + m;
    pint_adapt_totals(w->a, val, err);
    pint_adapt_frozen(w->a, u + UPD_HEADER + (UPD_BLOCKS - 1) * m);
    for (int k = 0; k < m; k++) {
        /* each cumulative sum as its running sum and its compensation
         * (proto.h, UPDATE) */
        u[UPD_HEADER + 2 * m + k] = w->sent_val[k].s;
        u[UPD_HEADER + 3 * m + k] = w->sent_err[k].s;
        u[UPD_HEADER + 4 * m + k] = w->recv_val[k].s;
        u[UPD_HEADER + 5 * m + k] = w->recv_err[k].s;
        u[UPD_HEADER + 7 * m + k] = w->sent_val[k].c;
        u[UPD_HEADER + 8 * m + k] = w->sent_err[k].c;
        u[UPD_HEADER + 9 * m + k] = w->recv_val[k].c;
        u[UPD_HEADER + 10 * m + k] = w->recv_err[k].c;
    }
    pint_adapt_abs(w->a, u + UPD_HEADER + 6 * m);
    if (kept)
        pint_par_send_kept(&ctx->out, ctx->comm, u, pint_update_len(m),
                           ctx->update_rank, PINT_TAG_UPDATE, &w->upd_sent);
    else if (pint_par_send(&ctx->out, ctx->comm, u, pint_update_len(m),
                           ctx->update_rank, PINT_TAG_UPDATE) != 0)
        return;             /* not sent: the next attempt */
    w->evals_at_update = pint_adapt_evals(w->a);
    w->time_at_update = pint_watch_now();
    w->steps_since_update = 0;
    w->last_busy = busy;
    w->last_starved = starved;
}

/* Give up to `count` regions (at most lb_regions, what the receiver has
 * room for) from the top of the heap to worker `dest`, keeping at least
 * half of them.  Always one message, maybe empty: the receiver counts
 * messages, not regions.  Out of memory it gives none. */
static void give_regions(pint_par_worker *w, int dest, int count)
{
    pint_par_ctx *ctx = w->ctx;
    int m = ctx->ncomp;
    size_t have = pint_adapt_regions(w->a);
    size_t n = (size_t)count < have / 2 ? (size_t)count : have / 2;
    if (n > (size_t)ctx->lb_regions)
        n = (size_t)ctx->lb_regions;
    double *buf = malloc((n ? n : 1) * ctx->rec_len * sizeof *buf);
    static const double none[1];
    if (!buf) {
        MPI_Send(none, 0, MPI_DOUBLE, dest, PINT_TAG_REGIONS, ctx->comm);
        w->transfers++;
        return;
    }
    size_t got = 0;
    for (; got < n; got++) {
        double *rec = buf + got * ctx->rec_len;
        if (!pint_adapt_take_top(w->a, rec))
            break;
        for (int k = 0; k < m; k++) {
            pint_sum_add(&w->sent_val[k], rec[PINT_REC_VALUE + k]);
            pint_sum_add(&w->sent_err[k], rec[pint_rec_error(m) + k]);
        }
    }
    pint_par_send(&ctx->out, ctx->comm, buf, got * ctx->rec_len, dest,
                  PINT_TAG_REGIONS);
    w->transfers++;
    w->sent_regions += (long long)got;
}

static void on_control(pint_par_worker *w, const double *c)
{
    int m = w->ctx->ncomp, cmd = (int)c[CTL_CMD];
    w->tight = c[CTL_TIGHT] != 0.0;
    w->answered = 1;
    /* END and a STOP that claims nothing carry no shares */
    if (cmd != PINT_CMD_END
        && (cmd != PINT_CMD_STOP || c[CTL_TARGET] != 0.0)) {
        w->shares[0] = c[CTL_EPS_SHARE];
        memcpy(w->shares + 1, c + CTL_LEN, (size_t)m * sizeof *c);
    }
    /* the individual keys weigh the components by these shares (STOP
     * and END carry none) */
    if (cmd == PINT_CMD_CONTINUE || cmd == PINT_CMD_SEND
        || cmd == PINT_CMD_RESUME) {
        pint_adapt_set_tolerances(w->a, w->shares + 1);
        /* and a step splits no more than the share needs */
        pint_adapt_set_goal(w->a, w->shares + 1, w->shares[0]);
    }
    w->grant += (long long)c[CTL_GRANT];
    switch (cmd) {
    case PINT_CMD_SEND:
        give_regions(w, (int)c[CTL_TARGET], (int)c[CTL_COUNT]);
        send_update(w);             /* the controller must see the move */
        break;
    case PINT_CMD_STOP:
        w->stopping = 1;
        w->reported = 0;
        w->expect = (long long)c[CTL_EXPECT];
        w->dump = c[CTL_COUNT] != 0.0;
        w->stop_check = (int)c[CTL_TARGET];
        break;
    case PINT_CMD_RESUME:
        w->stopping = 0;
        w->reported = 0;
        send_update(w);
        break;
    case PINT_CMD_LEND:
        pint_par_helpers_lend(w->h, (int)c[CTL_TARGET]);
        break;
    case PINT_CMD_RECLAIM:
        if (!w->stopping)
            send_update(w);     /* the controller waits for the answer */
        break;
    case PINT_CMD_END:
        /* a DISMISS may still be on its way: this run's messages must
         * not meet the next run on the communicator */
        w->ending = 1;
        w->end_expect = (long long)c[CTL_EXPECT];
        break;
    default:
        /* near the limit a grant that found it idle goes back at once
         * (its update and the grant crossed): held, nobody could spend
         * it */
        if (w->tight && w->grant > 0 && !w->stopping && !is_busy(w))
            send_update(w);
        /* a grant that leaves it starved (the neighbours' check's probes
         * had overdrawn the last one) is said at once: the controller
         * counts a granted worker as working until it reports, and this
         * one would wait for a grant without reporting (its state
         * unchanged), so the run waited for ever at its limit (2 ranks,
         * genz4 d = 5, er 1e-11, --max-evals 2e8: 200,000,283
         * evaluations done, the last grant of one step leaving -818 +
         * one step) */
        else if (c[CTL_GRANT] > 0.0 && !w->stopping && is_busy(w)
                 && is_starved(w))
            send_update(w);
        break;
    }
}

/* REGIONS: at most lb_regions records (the same on every rank, par.c),
 * so they always fit the buffer made for them. */
static void on_regions(pint_par_worker *w, int src, int len)
{
    pint_par_ctx *ctx = w->ctx;
    int m = ctx->ncomp;
    double *buf = w->rbuf;
    MPI_Recv(buf, len, MPI_DOUBLE, src, PINT_TAG_REGIONS, ctx->comm,
             MPI_STATUS_IGNORE);
    size_t n = (size_t)len / ctx->rec_len;
    for (size_t i = 0; i < n; i++) {
        const double *rec = buf + i * ctx->rec_len;
        /* no room for the region: the engine keeps its values in its
         * totals, and the run stops with an out-of-memory error and the
         * estimate reached */
        if (pint_adapt_insert(w->a, rec) != 0)
            send_fail(w, PINT_ERR_NOMEM, pint_adapt_message(w->a));
        for (int k = 0; k < m; k++) {
            pint_sum_add(&w->recv_val[k], rec[PINT_REC_VALUE + k]);
            pint_sum_add(&w->recv_err[k], rec[pint_rec_error(m) + k]);
        }
    }
    w->received++;
}

int pint_par_worker_poll(pint_par_worker *w)
{
    pint_par_ctx *ctx = w->ctx;
    /* stopping, it declines: its FINAL counts every point it evaluated */
    int handled = pint_par_helpers_serve(w->h, w->stopping);
    for (;;) {
        int flag = 0;
        MPI_Status st;
        /* probe our own tags only: on rank 0 the controller's messages
         * share the queue and must not hide ours */
        MPI_Iprobe(MPI_ANY_SOURCE, PINT_TAG_CONTROL, ctx->comm, &flag, &st);
        if (flag) {
            MPI_Recv(w->ctl, (int)pint_control_len(ctx->ncomp), MPI_DOUBLE,
                     st.MPI_SOURCE, PINT_TAG_CONTROL, ctx->comm,
                     MPI_STATUS_IGNORE);
            on_control(w, w->ctl);
            handled = 1;
            continue;
        }
        if (w->beside_wait) {
            MPI_Iprobe(MPI_ANY_SOURCE, PINT_TAG_BESIDE, ctx->comm, &flag,
                       &st);
            if (flag) {
                on_beside(w, &st);
                handled = 1;
                continue;
            }
        }
        MPI_Iprobe(MPI_ANY_SOURCE, PINT_TAG_REGIONS, ctx->comm, &flag, &st);
        if (!flag)
            break;
        int len;
        MPI_Get_count(&st, MPI_DOUBLE, &len);
        on_regions(w, st.MPI_SOURCE, len);
        if (!w->stopping)
            send_update(w);         /* busy again: say so */
        handled = 1;
    }
    if (w->ending && !w->done
        && pint_par_helpers_dismissed(w->h) >= w->end_expect)
        w->done = 1;
    return handled;
}

/* Every live region to the controller, in messages of at most
 * PINT_CHUNK_REGIONS records; returns how many messages went.  Out of
 * memory it stops and sets *unsent. */
static long long send_all_regions(pint_par_worker *w, int tag, int *unsent)
{
    pint_par_ctx *ctx = w->ctx;
    size_t n = pint_adapt_regions(w->a), L = ctx->rec_len;
    long long msgs = 0;
    for (size_t at = 0; at < n && !*unsent; at += PINT_CHUNK_REGIONS) {
        size_t k = n - at < PINT_CHUNK_REGIONS ? n - at : PINT_CHUNK_REGIONS;
        double *buf = malloc(k * L * sizeof *buf);
        if (buf)
            pint_adapt_pack(w->a, at, k, buf);
        if (!buf || pint_par_send(&ctx->out, ctx->comm, buf, k * L, 0,
                                  tag) != 0)
            *unsent = 1;
        else
            msgs++;
    }
    return msgs;
}

static void send_final(pint_par_worker *w)
{
    pint_par_ctx *ctx = w->ctx;
    int m = ctx->ncomp;
    pint_adapt_recompute(w->a);
    while (w->fin_sent)         /* the last round's: the controller has it */
        pint_par_outbox_progress(&ctx->out);
    double *f = w->fin;
    f[FIN_UNSENT] = 0.0;
    f[FIN_EVALS] = (double)pint_adapt_evals(w->a);
    f[FIN_REGIONS] = (double)pint_adapt_regions(w->a);
    f[FIN_SPLITS] = (double)pint_adapt_splits(w->a);
    f[FIN_TRANSFERS] = (double)w->transfers;
    f[FIN_SENT_REGIONS] = (double)w->sent_regions;
    f[FIN_IDLE_SECONDS] = ctx->idle_seconds;
    f[FIN_VOLUME] = 0.0;
    f[FIN_HELPED] = (double)pint_par_helpers_net(w->h);
    pint_adapt_totals(w->a, f + FIN_HEADER, f + FIN_HEADER + m);
    pint_adapt_abs(w->a, f + FIN_HEADER + 2 * m);
    /* every live region: for the controller's audit, for a checkpoint;
     * records kept without a region cannot be sent (adapt.h) */
    int unsent = pint_adapt_kept(w->a) > 0
                 && (ctx->opt->verify || w->dump);
    f[FIN_VERIFY_MSGS] = ctx->opt->verify
                         ? (double)send_all_regions(w, PINT_TAG_VERIFY, &unsent)
                         : 0.0;
    f[FIN_DUMP_MSGS] = w->dump
                       ? (double)send_all_regions(w, PINT_TAG_DUMP, &unsent)
                       : 0.0;
    if (unsent) {       /* FINAL says so, and the run stops */
        f[FIN_UNSENT] = 1.0;
        send_fail(w, PINT_ERR_NOMEM, ctx->opt->verify && !w->dump
                  ? "out of memory for the regions of the audit"
                  : "out of memory for the regions of a checkpoint");
    }
    pint_par_send_kept(&ctx->out, ctx->comm, f, pint_final_len(m), 0,
                       PINT_TAG_FINAL, &w->fin_sent);
    w->reported = 1;            /* now wait for RESUME or END */
}

int pint_par_worker_work(pint_par_worker *w)
{
    pint_par_ctx *ctx = w->ctx;
    if (w->done)
        return 0;
    if (w->stopping) {
        if (!w->reported && w->received >= w->expect) {
            if (w->beside_wait)
                return 0;       /* for the others' boxes */
            pint_par_helpers_dismiss(w->h);     /* before FINAL: END
                                                   counts on it */
            /* a claim of convergence: what a raised error adds, the
             * exact FINAL totals carry, and the controller resumes the
             * run when they miss the tolerance */
            int across = w->stop_check == 2;
            if (w->stop_check && !w->failed && pint_adapt_regions(w->a) > 0)
                blind_neighbours(w);
            w->stop_check = 0;
            if (across) {
                send_beside_up(w);
                return 1;
            }
            send_final(w);
            return 1;
        }
        return 0;               /* regions in flight, or waiting for END */
    }
    int busy = is_busy(w);
    /* helpers only while they serve: a worker whose regions can be
     * given away lets them go (the controller feeds them regions); the
     * first worker's helpers from the start wait with it for its share */
    if (busy || w->answered)
        pint_par_helpers_keep(w->h, busy ? keepers(w) : 0);
    if (busy && !is_starved(w)) {
        long long before = pint_adapt_evals(w->a);
        int rc = pint_adapt_step_within(w->a, w->grant,
                                        (long long)w->ctx->opt->max_regions
                                        - (long long)pint_adapt_regions(w->a));
        w->grant -= pint_adapt_evals(w->a) - before;
        if (rc != 0) {
            send_fail(w, rc, pint_adapt_message(w->a));
            send_update(w);
            return 1;
        }
        /* the update period: --update-evals when given, else time, so
         * cheap and costly integrands both report a few hundred times a
         * second */
        long long since = pint_adapt_evals(w->a) - w->evals_at_update;
        w->steps_since_update++;
        /* by time, but at least every UPDATE_MAX_STEPS subdivisions so a
         * cheap integrand does not run far past the moment the total is
         * met */
        if (ctx->update_evals > 0
                ? since >= ctx->update_evals
                : (w->steps_since_update >= PINT_UPDATE_MAX_STEPS
                   || pint_watch_now() - w->time_at_update >= ctx->update_seconds))
            send_update(w);
        else if (!is_busy(w) || is_starved(w))
            send_update(w);     /* went idle or ran out of grant */
        return 1;
    }
    /* not working: make sure the controller knows our state, including
     * steps made since the last update.  (A worker can step while busy,
     * then turn idle without stepping again when a larger share arrives;
     * its last update may then say "idle" with a state long gone, and the
     * controller would wait for news that never comes.) */
    if (w->last_busy != busy || w->last_starved != (busy && is_starved(w))
        || pint_adapt_evals(w->a) != w->evals_at_update
        || (ctx->opt->stop && *ctx->opt->stop && !w->halt_told)
        || pint_par_helpers_dismissed(w->h) != w->dismissed_told) {
        send_update(w);
        return 1;
    }
    return 0;
}

int pint_par_worker_done(const pint_par_worker *w) { return w->done; }

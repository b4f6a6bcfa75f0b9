/* sim.c -- a discrete-event simulation of the load balancing of the
 * distributed adaptive method (lib/par), for rank counts this machine
 * cannot run.
 *
 *     make bench/pint-sim
 *     bench/pint-sim -f genz2 -d 2 --er 1e-9 --rule gm --ranks 32
 *
 * Every simulated worker holds a real engine (lib/adapt.c) on a real
 * integrand, so its regions, errors, splits and transfers are those of a
 * run; only time is simulated.  A point costs --cost-us; a message
 * arrives --latency-us after it is sent; a worker reads its messages
 * between steps (and, the one that hosts a controller, between chunks of
 * --chunk-us of its evaluation); a controller spends --handle-us plus
 * --handle-per-worker-us for each worker it watches on every message it
 * handles.  What is modelled of pint, and what is not:
 *
 *   - the start: the cooperative levels of lib/par/coop.c (every worker
 *     ends with one region; --no-coop: the first worker alone), which
 *     is the start of a cheap integrand or of --no-helpers (a costly
 *     run with helpers starts from the root with helpers: not here);
 *   - workers: a step of one region (one thread a rank, --threads 1),
 *     an UPDATE after a step when --update-us passed or 16 steps, and
 *     when turning idle; idle when the errors meet the share eps/W;
 *   - the round-robin controller (--balance rr, lib/par/controller.c):
 *     the verdict on the sum of the latest updates plus what is in
 *     flight, shares eps/W, an idle worker fed by the busiest (the
 *     largest error of the regions it holds), a busy
 *     worker ordered to feed an idle one round-robin, min(4, half)
 *     regions from the top of the heap, a worker ordered to send no
 *     source of another transfer until its next update (--give resend:
 *     as before 2026-11-26, the busiest is ordered again and again);
 *     all idle above eps: woken; every FINAL in, the exact total
 *     checked and everyone resumed when it misses the test;
 *   - the tree (--balance tree --group G): the same controller for each
 *     group of G workers, hosted by its first worker; the group
 *     controllers report their sums to the top one (hosted by worker 0)
 *     every --group-update-us or when their idle count changes; the top
 *     decides convergence and hands down the shares and the largest
 *     error any group has to give.  A group feeds an idle worker itself
 *     when its busiest worker's error is at least LOCAL_SHARE of that
 *     largest; else it promises the worker to the top (once the top's
 *     shares came, only while some group has regions to give), which
 *     spreads the promised over the groups of the largest errors (each
 *     worker a group was told to feed halves its claim, at most its
 *     workers with regions to give) and has the busiest worker of the
 *     chosen group send regions, or the group controller itself an
 *     empty message when none can (or gives the worker back when no
 *     group has any); lib/par/controller.c is this tree, with the
 *     grants, limits and checkpoints;
 *   - not modelled: helpers (compare with --no-helpers runs), grants and
 *     evaluation limits, checkpoints, threads.
 *
 * Options: -f FAMILY -d N (1 to 64) --er E [--rule R] --ranks P (the
 * workers; the controllers are hosted by workers); --cost-us C (1000),
 * --latency-us L (20), --chunk-us K (1000), --handle-us H (5),
 * --handle-per-worker-us HW (0.05), --update-us U (2000), --balance
 * rr|tree (rr), --group G (sqrt(P), at least 32, as lib/par/par.c),
 * --group-update-us GU (2000),
 * --local-share S (1), --no-coop, --give once|resend (once),
 * --lb N (4: regions a transfer), --serial-evals N (one worker's
 * evaluations, else run here), --trace SECONDS (the state every so often
 * on standard error).  A bad option: one line, exit 2.
 *
 * Prints the simulated seconds, the efficiency against one worker
 * (the same engine's evaluations times the cost), the evaluations, the
 * estimate against the exact value, the resumes, the transfers (and
 * those that carried no region) and each level's controllers' busy
 * share. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pint.h"
#include "adapt.h"
#include "domain.h"
#include "rule.h"
#include "region.h"
#include "names.h"
#include "integrands.h"
#include "sum.h"

/* A worker reports after this many steps at the latest (lib/par/par.h,
 * PINT_UPDATE_MAX_STEPS). */
#define UPDATE_MAX_STEPS 16

/* Idle workers a group hands to the top in one report, at most. */
#define PROMISE_MAX 8

/* A group feeds an idle worker from its own busiest worker when that one's
 * error is at least this share of the largest any group reported
 * (--local-share); else the top feeds it from the group of that largest
 * error (lib/par/controller.c). */
#define LOCAL_SHARE 1.0

/* ------------------------------------------------------------ settings */

typedef struct {
    const char *family;
    int d;
    double er;
    enum pint_rule rule;
    int ranks;
    double cost, lat, chunk, handle, handle_w, update, group_update;
    int tree, group, coop, lb, give;  /* 0 resend, 1 once */
    double local_share;
    long long max_evals;
    double trace;               /* seconds between lines, 0: none */
} settings;

/* ------------------------------------------------------------ messages */

enum { M_UPDATE, M_CONTROL, M_REGIONS, M_GROUP, M_ORDER, M_FINAL };
enum { C_CONTINUE, C_SEND, C_STOP, C_RELEASE, C_RESUME };

typedef struct msg msg;
struct msg {
    int type, from, to;         /* workers, or controllers (to < 0) */
    /* UPDATE (and GROUP: a group's sums) */
    pint_sum val, err;          /* own + sent - received, compensated
                                   as the library's UPDATE carries them */
    double own;                 /* the error of the regions it holds */
    int busy, regions, idle;    /* idle: GROUP, idle workers unfed */
    int givers;                 /* GROUP: workers with regions to give */
    long long received;
    int promised[PROMISE_MAX];  /* GROUP: idle workers the top feeds */
    int npromised;
    int complete;               /* GROUP: every worker has reported */
    /* CONTROL: cmd, the share, SEND's target; ORDER: target */
    int cmd, target;
    double share;
    /* REGIONS */
    double *recs;
    int nrecs;
    msg *next;
};

/* ------------------------------------------------------------- events */

enum { E_STEP, E_ARRIVE, E_CTRL };

typedef struct {
    double t;
    long long seq;
    int kind, who;
    unsigned ver;
    msg *m;
} event;

typedef struct {
    event *e;
    size_t n, cap;
    long long seq;
} eventq;

static int before(const event *a, const event *b)
{
    return a->t < b->t || (a->t == b->t && a->seq < b->seq);
}

static void ev_push(eventq *q, double t, int kind, int who, unsigned ver,
                    msg *m)
{
    if (q->n == q->cap) {
        q->cap = q->cap ? 2 * q->cap : 1024;
        q->e = realloc(q->e, q->cap * sizeof *q->e);
        if (!q->e) {
            fprintf(stderr, "pint-sim: out of memory\n");
            exit(2);
        }
    }
    event x = { t, q->seq++, kind, who, ver, m };
    size_t i = q->n++;
    while (i > 0 && before(&x, &q->e[(i - 1) / 2])) {
        q->e[i] = q->e[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    q->e[i] = x;
}

static event ev_pop(eventq *q)
{
    event top = q->e[0], last = q->e[--q->n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= q->n)
            break;
        if (c + 1 < q->n && before(&q->e[c + 1], &q->e[c]))
            c++;
        if (!before(&q->e[c], &last))
            break;
        q->e[i] = q->e[c];
        i = c;
    }
    if (q->n > 0)
        q->e[i] = last;
    return top;
}

/* ---------------------------------------------------------- the actors */

typedef struct {
    pint_adapt *a;
    int stepping;               /* a step runs from step_start to step_end */
    double step_start, step_end;
    unsigned ver;               /* of its E_STEP event */
    double share;
    int answered, stopping, finished, last_busy;
    double last_update;
    int steps_since;
    pint_sum sent_val, sent_err, recv_val, recv_err;
    long long received;
    msg *inbox, *inbox_tail;
    int host;                   /* the controller it hosts, -1 none */
} worker;

/* A controller: of the workers [lo, hi) (rr, or a group of the tree), or
 * the top of the tree (lo = hi = 0: of the groups). */
typedef struct {
    int lo, hi, top, parent;    /* parent: the top's index, -1 none */
    int host;                   /* the worker hosting it */
    msg *queue, *queue_tail;
    int serving;                /* handling a message until E_CTRL */
    double busy_time;
    long long handled;
    /* per watched worker (or group) */
    pint_sum *val, *err;        /* each one's latest sums */
    double *own;
    int *busy, *regions, *pending, *reported;
    int *givers;                /* the top's: each group's workers with
                                   regions to give, at its report */
    long long *ordered;
    int nreported, rr, stopped;
    /* kept as updates come, so no message scans every worker (the
     * simulation's own cost; the simulated cost is handle_cost) */
    pint_sum sv, se;            /* sums of val and err */
    int nfree;                  /* reported, idle, not pending */
    int nactive;                /* busy or pending */
    unsigned *stamp;            /* of each worker's latest update */
    int *giving;                /* ordered to send since its update */
    struct cand { double own; int k; unsigned stamp; } *heap;
    size_t nheap, capheap;      /* candidates to give: a lazy max-heap */
    struct cand *aside;         /* busiest's: those it passed over */
    double share;               /* from the top (a group's), or its own */
    int last_idle;
    double last_report;
    int top_share;              /* a group: the top's share came */
    double gmax;                /* a group: the top's largest error to
                                   give; the top: the one it last sent */
} controller;

typedef struct {
    const settings *s;
    pint_testfn *t;
    pint_function fn;
    pint_rule_impl *rule;
    size_t rlen;
    int W;                      /* workers */
    worker *w;
    controller *c;
    int nc;                     /* controllers: groups, then the top */
    int top;                    /* the deciding controller */
    eventq q;
    double now, end;
    long long transfers, messages, empty;
    int resumes;                /* times the finals missed the test */
    double stepping_time;       /* summed over the workers */
    int finals;
    double *recbuf;
} sim;

static msg *new_msg(int type, int from, int to)
{
    msg *m = calloc(1, sizeof *m);
    if (!m) {
        fprintf(stderr, "pint-sim: out of memory\n");
        exit(2);
    }
    m->type = type;
    m->from = from;
    m->to = to;
    return m;
}

static void free_msg(msg *m)
{
    free(m->recs);
    free(m);
}

/* to >= 0: worker to; to < 0: controller -1 - to. */
static void send_msg(sim *S, msg *m)
{
    S->messages++;
    ev_push(&S->q, S->now + S->s->lat, E_ARRIVE, m->to, 0, m);
}

static double worker_error(const worker *w, double *val)
{
    double v, e;
    pint_adapt_totals(w->a, &v, &e);
    if (val)
        *val = v;
    return e;
}

static int is_busy(const worker *w)
{
    if (w->stopping || pint_adapt_regions(w->a) == 0 || !w->answered)
        return 0;
    return worker_error(w, NULL) > w->share;
}

static int controller_of(const sim *S, int i)
{
    return S->s->tree ? i / S->s->group : 0;
}

/* x + a - b, compensated. */
static pint_sum signed_sum(double x, const pint_sum *a, const pint_sum *b)
{
    pint_sum t;
    pint_sum_init(&t);
    pint_sum_add(&t, x);
    pint_sum_merge(&t, a);
    pint_sum_add(&t, -b->s);
    pint_sum_add(&t, -b->c);
    return t;
}

/* a += x - y, compensated (a watched figure replaced by its latest). */
static void sum_replace(pint_sum *a, const pint_sum *x, const pint_sum *y)
{
    pint_sum_merge(a, x);
    pint_sum_add(a, -y->s);
    pint_sum_add(a, -y->c);
}

static void send_update(sim *S, int i)
{
    worker *w = &S->w[i];
    msg *m = new_msg(M_UPDATE, i, -1 - controller_of(S, i));
    double v, e = worker_error(w, &v);
    /* compensated, as worker.c's sums: a plain running sum of what a
     * worker sent drifts by about an ulp of the early, large errors a
     * transfer */
    m->val = signed_sum(v, &w->sent_val, &w->recv_val);
    m->err = signed_sum(e, &w->sent_err, &w->recv_err);
    m->own = e;
    m->busy = is_busy(w);
    m->regions = (int)pint_adapt_regions(w->a);
    m->received = w->received;
    w->last_update = S->now;
    w->steps_since = 0;
    w->last_busy = m->busy;
    send_msg(S, m);
}

/* ------------------------------------------------------------- workers */

static void start_step(sim *S, int i)
{
    worker *w = &S->w[i];
    long long before = pint_adapt_evals(w->a);
    if (pint_adapt_step(w->a) != 0) {
        fprintf(stderr, "pint-sim: a step failed: %s\n",
                pint_adapt_message(w->a));
        exit(2);
    }
    double dt = (double)(pint_adapt_evals(w->a) - before) * S->s->cost;
    w->stepping = 1;
    S->stepping_time += dt;
    w->step_start = S->now;
    w->step_end = S->now + dt;
    ev_push(&S->q, w->step_end, E_STEP, i, ++w->ver, NULL);
}

static void give_regions(sim *S, int i, int dest)
{
    worker *w = &S->w[i];
    size_t have = pint_adapt_regions(w->a);
    size_t n = have / 2 < (size_t)S->s->lb ? have / 2 : (size_t)S->s->lb;
    msg *m = new_msg(M_REGIONS, i, dest);
    m->recs = malloc((n ? n : 1) * S->rlen * sizeof *m->recs);
    size_t got = 0;
    for (; got < n && pint_adapt_take_top(w->a, m->recs + got * S->rlen);
         got++) {
        pint_sum_add(&w->sent_val, m->recs[got * S->rlen + PINT_REC_VALUE]);
        pint_sum_add(&w->sent_err,
                     m->recs[got * S->rlen + pint_rec_error(1)]);
    }
    m->nrecs = (int)got;
    S->transfers++;
    S->empty += got == 0;
    send_msg(S, m);
}

static void handle_worker_msg(sim *S, int i, msg *m)
{
    worker *w = &S->w[i];
    switch (m->type) {
    case M_CONTROL:
        w->answered = 1;
        w->share = m->share;
        if (m->cmd == C_SEND) {
            give_regions(S, i, m->target);
            send_update(S, i);
        } else if (m->cmd == C_STOP)
            w->stopping = 1;
        else if (m->cmd == C_RESUME)
            send_update(S, i);  /* at once (worker.c) */
        break;
    case M_REGIONS:
        for (int k = 0; k < m->nrecs; k++) {
            const double *rec = m->recs + (size_t)k * S->rlen;
            pint_adapt_insert(w->a, rec);
            pint_sum_add(&w->recv_val, rec[PINT_REC_VALUE]);
            pint_sum_add(&w->recv_err, rec[pint_rec_error(1)]);
        }
        w->received++;
        if (!w->stopping)
            send_update(S, i);  /* busy again: say so (worker.c) */
        break;
    default:
        break;
    }
    free_msg(m);
}

/* Between steps (or idle, on a message): read the inbox, report, and
 * step when busy. */
static void worker_poll(sim *S, int i)
{
    worker *w = &S->w[i];
    if (w->finished)
        return;
    while (w->inbox) {
        msg *m = w->inbox;
        w->inbox = m->next;
        if (!w->inbox)
            w->inbox_tail = NULL;
        handle_worker_msg(S, i, m);
    }
    if (w->stopping) {
        w->finished = 1;
        msg *f = new_msg(M_FINAL, i, -1 - controller_of(S, i));
        send_msg(S, f);
        return;
    }
    int busy = is_busy(w);
    if (busy) {
        if (w->steps_since >= UPDATE_MAX_STEPS
            || S->now - w->last_update >= S->s->update || !w->answered)
            send_update(S, i);
        if (w->answered)
            start_step(S, i);
    } else if (busy != w->last_busy)
        send_update(S, i);
}

/* --------------------------------------------------------- controllers */

static void ctl_send(sim *S, int ci, int to, int cmd, int target)
{
    msg *m = new_msg(M_CONTROL, -1 - ci, to);
    m->cmd = cmd;
    m->target = target;
    m->share = S->c[ci].share;
    send_msg(S, m);
}

static void stop_all(sim *S, int ci)
{
    controller *c = &S->c[ci];
    if (c->stopped)
        return;
    c->stopped = 1;
    if (c->top) {
        for (int g = 0; g < S->nc - 1; g++) {
            msg *m = new_msg(M_ORDER, -1 - ci, -1 - g);
            m->cmd = C_STOP;
            send_msg(S, m);
        }
        return;
    }
    for (int j = c->lo; j < c->hi; j++)
        ctl_send(S, ci, j, C_STOP, 0);
}

/* Worker k's view changes: the counts follow. */
static void set_view(controller *c, int k, int reported, int busy,
                     int pending)
{
    int was_free = c->reported[k] && !c->busy[k] && !c->pending[k];
    int was_active = c->busy[k] || c->pending[k];
    c->reported[k] = reported;
    c->busy[k] = busy;
    c->pending[k] = pending;
    c->nfree += (reported && !busy && !pending) - was_free;
    c->nactive += (busy || pending) - was_active;
}

static void cand_push(controller *c, double own, int k)
{
    if (c->nheap == c->capheap) {
        c->capheap = c->capheap ? 2 * c->capheap : 64;
        c->heap = realloc(c->heap, c->capheap * sizeof *c->heap);
        if (!c->heap) {
            fprintf(stderr, "pint-sim: out of memory\n");
            exit(2);
        }
    }
    struct cand x = { own, k, c->stamp[k] };
    size_t i = c->nheap++;
    while (i > 0 && c->heap[(i - 1) / 2].own < x.own) {
        c->heap[i] = c->heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    c->heap[i] = x;
}

static struct cand cand_pop(controller *c)
{
    struct cand top = c->heap[0], last = c->heap[--c->nheap];
    size_t i = 0;
    for (;;) {
        size_t ch = 2 * i + 1;
        if (ch >= c->nheap)
            break;
        if (ch + 1 < c->nheap && c->heap[ch + 1].own > c->heap[ch].own)
            ch++;
        if (c->heap[ch].own <= last.own)
            break;
        c->heap[i] = c->heap[ch];
        i = ch;
    }
    if (c->nheap > 0)
        c->heap[i] = last;
    return top;
}

/* Worker k was ordered to send regions: no source of another transfer
 * until its next update, which follows the send (--give once, as
 * lib/par/controller.c; --give resend: it stays the busiest in its
 * controller's view and is ordered again and again before it reports,
 * which at 10,000 workers left 97% of the transfers empty). */
static void gave(sim *S, controller *c, int k)
{
    if (S->s->give)
        c->giving[k] = 1;
}

/* The busiest watched worker with regions to give (of its latest
 * update: busy, 2 regions or more, the largest own error), other than
 * `not`, and not ordered to send since its update; -1 none.  Candidates are pushed with each update; those an update since
 * made stale are dropped here. */
static int busiest(controller *c, int not)
{
    size_t naside = 0;
    int b = -1;
    while (c->nheap > 0) {
        struct cand x = c->heap[0];
        if (x.stamp != c->stamp[x.k]) {
            cand_pop(c);
            continue;
        }
        if (x.k + c->lo == not || c->giving[x.k]) {
            c->aside[naside++] = cand_pop(c);
            continue;
        }
        b = x.k + c->lo;
        break;
    }
    for (size_t j = 0; j < naside; j++)
        cand_push(c, c->aside[j].own, c->aside[j].k);
    return b;
}

static int pick_idle(controller *c, int not)
{
    int n = c->hi - c->lo;
    if (c->nfree == 0
        || (c->nfree == 1 && not >= c->lo && not < c->hi
            && c->reported[not - c->lo] && !c->busy[not - c->lo]
            && !c->pending[not - c->lo]))
        return -1;
    for (int s = 1; s <= n; s++) {
        int k = (c->rr + s) % n;
        if (k + c->lo == not || !c->reported[k] || c->busy[k] || c->pending[k])
            continue;
        c->rr = k;
        return k + c->lo;
    }
    return -1;
}

static void group_report(sim *S, int ci, int force)
{
    controller *c = &S->c[ci];
    int idle = c->nfree;
    if (!force && idle == c->last_idle
        && S->now - c->last_report < S->s->group_update)
        return;
    msg *m = new_msg(M_GROUP, -1 - ci, -1 - c->parent);
    int busy = 0, regions = 0;
    for (int k = 0; k < c->hi - c->lo; k++) {
        busy += c->busy[k];
        regions += c->regions[k];
    }
    double own = 0;
    for (int k = 0; k < c->hi - c->lo; k++) {
        own = c->busy[k] && c->regions[k] >= 2 && c->own[k] > own
              ? c->own[k] : own;
        m->givers += c->busy[k] && c->regions[k] >= 2 && !c->giving[k];
    }
    m->val = c->sv;
    m->err = c->se;
    m->own = own;               /* its busiest worker's */
    m->busy = busy;
    m->regions = regions;
    m->idle = idle;
    m->complete = c->nreported == c->hi - c->lo;
    m->from = ci;
    /* idle workers its own busiest does not feed: promised to the top,
     * which feeds them from outside (pending until their regions came) */
    for (int k = 0; k < c->hi - c->lo && m->npromised < PROMISE_MAX
                    && c->nfree > 0 && (!c->top_share || c->gmax > 0); k++)
        if (c->reported[k] && !c->busy[k] && !c->pending[k]) {
            set_view(c, k, 1, 0, 1);
            c->ordered[k]++;
            m->promised[m->npromised++] = k + c->lo;
        }
    c->last_idle = c->nfree;
    c->last_report = S->now;
    send_msg(S, m);
}

/* A worker's UPDATE at controller ci (rr, or a group's). */
static void on_update(sim *S, int ci, const msg *m)
{
    controller *c = &S->c[ci];
    int i = m->from, k = i - c->lo;
    if (!c->reported[k])
        c->nreported++;
    sum_replace(&c->sv, &m->val, &c->val[k]);
    sum_replace(&c->se, &m->err, &c->err[k]);
    c->val[k] = m->val;
    c->err[k] = m->err;
    c->own[k] = m->own;
    c->regions[k] = m->regions;
    set_view(c, k, 1, m->busy,
             c->pending[k] && m->received < c->ordered[k]);
    c->stamp[k]++;
    c->giving[k] = 0;
    if (m->busy && m->regions >= 2)
        cand_push(c, m->own, k);
    if (c->stopped)
        return;
    if (S->s->tree && !c->top_share)
        /* before the top's first share: this group's part of the total,
         * as if every group held as much */
        c->share = S->s->er * fabs(pint_sum_get(&c->sv)) / (c->hi - c->lo);
    if (!S->s->tree) {
        /* the verdict (controller.c) */
        double v = pint_sum_get(&c->sv), e = pint_sum_get(&c->se);
        int all_idle = c->nactive == 0;
        double eps = S->s->er * fabs(v);
        c->share = eps / (c->hi - c->lo);
        if (c->nreported == c->hi - c->lo && e <= eps) {
            stop_all(S, ci);
            return;
        }
        if (c->nreported == c->hi - c->lo && all_idle)
            for (int j = c->lo; j < c->hi; j++)
                if (j != i && pint_sum_get(&c->err[j - c->lo]) > c->share)
                    ctl_send(S, ci, j, C_CONTINUE, 0);
    }
    int sent = 0;
    if (!m->busy && !c->pending[k]) {
        int b = busiest(c, i);
        if (b >= 0 && S->s->tree
            && c->own[b - c->lo] < S->s->local_share * c->gmax)
            b = -1;             /* the top feeds it from a busier group */
        if (b >= 0) {
            set_view(c, k, 1, 0, 1);
            c->ordered[k]++;
            ctl_send(S, ci, b, C_SEND, i);
            gave(S, c, b - c->lo);
        }
    }
    if (m->busy && m->regions >= 2
        && (!S->s->tree || m->own >= S->s->local_share * c->gmax)) {
        int j = pick_idle(c, i);
        if (j >= 0) {
            set_view(c, j - c->lo, 1, c->busy[j - c->lo], 1);
            c->ordered[j - c->lo]++;
            ctl_send(S, ci, i, C_SEND, j);
            gave(S, c, k);
            sent = 1;
        }
    }
    if (!sent)
        ctl_send(S, ci, i, C_CONTINUE, 0);
    if (S->s->tree)
        group_report(S, ci, 0);
}

/* Worker `target`, promised by its group to the top, gives back: it is
 * not fed from outside this time. */
static void release(sim *S, int from, int target)
{
    msg *o = new_msg(M_ORDER, from, -1 - controller_of(S, target));
    o->cmd = C_RELEASE;
    o->target = target;
    send_msg(S, o);
}

/* The group to feed a promised worker (controller.c, feeding_group):
 * of the largest error to give, each worker it was told to feed since
 * its report counting as half of that, and no more of them than it
 * reported workers with regions to give; -1 none. */
static int feeding_group(const sim *S, const controller *c)
{
    int b = -1;
    double best = 0.0;
    for (int g = 0; g < S->nc - 1; g++) {
        if (!c->reported[g] || c->ordered[g] >= c->givers[g])
            continue;
        double own = ldexp(c->own[g], -(int)c->ordered[g]);
        if (own > best) {
            best = own;
            b = g;
        }
    }
    return b;
}

/* The top of the tree: a group's sums. */
static void on_group(sim *S, int ci, const msg *m)
{
    controller *c = &S->c[ci];
    int g = m->from;
    if (!c->reported[g]) {
        c->reported[g] = 1;
        c->nreported++;
    }
    c->val[g] = m->val;
    c->err[g] = m->err;
    c->own[g] = m->own;
    c->busy[g] = m->busy;
    c->regions[g] = m->regions;
    c->pending[g] = !m->complete;
    c->givers[g] = m->givers;
    c->ordered[g] = 0;          /* told to feed, since this report */
    if (c->stopped) {
        for (int p = 0; p < m->npromised; p++)
            release(S, -1 - ci, m->promised[p]);
        return;
    }
    pint_sum sv, se;
    pint_sum_init(&sv);
    pint_sum_init(&se);
    int all = 1, none_busy = 1;
    for (int j = 0; j < S->nc - 1; j++) {
        pint_sum_merge(&sv, &c->val[j]);
        pint_sum_merge(&se, &c->err[j]);
        all &= c->reported[j] && !c->pending[j];
        none_busy &= c->busy[j] == 0;
    }
    double v = pint_sum_get(&sv), e = pint_sum_get(&se);
    double eps = S->s->er * fabs(v);
    double share = eps / S->W;
    if (all && e <= eps) {
        stop_all(S, ci);
        return;
    }
    /* the group of the largest error to give */
    int b = -1;
    for (int j = 0; j < S->nc - 1; j++)
        if (c->reported[j] && c->busy[j] > 0 && c->own[j] > 0
            && (b < 0 || c->own[j] > c->own[b]))
            b = j;
    double gmax = b >= 0 ? c->own[b] : 0.0;
    /* a new share goes down when it moved by 1%, the largest error when
     * it moved by a factor 2, and both when everyone is idle above the
     * accuracy: a share handed out under an older total */
    if (fabs(share - c->share) > 0.01 * share || (all && none_busy)
        || gmax > 2 * c->gmax || gmax < 0.5 * c->gmax) {
        c->share = share;
        c->gmax = gmax;
        for (int j = 0; j < S->nc - 1; j++) {
            msg *o = new_msg(M_ORDER, -1 - ci, -1 - j);
            o->cmd = C_CONTINUE;
            o->share = share;
            o->own = gmax;
            send_msg(S, o);
        }
    }
    /* the idle workers promised: fed from the group of the largest error
     * (its busiest worker), else given back */
    for (int p = 0; p < m->npromised; p++) {
        int t = m->promised[p];
        if (S->s->give) {
            b = feeding_group(S, c);
            if (b >= 0)
                c->ordered[b]++;
        }
        if (b >= 0) {           /* g itself too: controller.c */
            msg *o = new_msg(M_ORDER, -1 - ci, -1 - b);
            o->cmd = C_SEND;
            o->target = t;
            send_msg(S, o);
        } else
            release(S, -1 - ci, t);
    }
}

/* A group controller: an order from the top. */
static void on_order(sim *S, int ci, const msg *m)
{
    controller *c = &S->c[ci];
    if (m->cmd == C_STOP) {
        stop_all(S, ci);
        return;
    }
    if (m->cmd == C_RELEASE) {
        int k = m->target - c->lo;
        c->ordered[k]--;
        set_view(c, k, c->reported[k], c->busy[k], 0);
        return;                 /* promised again at its next report */
    }
    if (m->cmd == C_CONTINUE) {
        c->share = m->share;
        c->gmax = m->own;
        c->top_share = 1;
        /* wake the workers above the new share */
        for (int j = c->lo; j < c->hi; j++)
            if (c->reported[j - c->lo] && !c->busy[j - c->lo]
                && pint_sum_get(&c->err[j - c->lo]) > c->share)
                ctl_send(S, ci, j, C_CONTINUE, 0);
        return;
    }
    int b = busiest(c, m->target);
    if (b >= 0 && !c->stopped) {
        ctl_send(S, ci, b, C_SEND, m->target);
        gave(S, c, b - c->lo);
    } else if (S->s->give && !c->stopped) {
        /* none to give now (each ordered to send since its update): the
         * controller itself sends the worker nothing, at once (its group
         * counts a REGIONS message) -- not a sender depleted again */
        msg *r = new_msg(M_REGIONS, -1 - ci, m->target);
        r->recs = NULL;
        r->nrecs = 0;
        S->transfers++;
        S->empty++;
        send_msg(S, r);
    } else
        release(S, -1 - ci, m->target);
}

/* The error of the regions of a REGIONS message to the total. */
static void add_regions(const sim *S, const msg *m, pint_sum *v, pint_sum *e)
{
    for (int k = 0; m->type == M_REGIONS && k < m->nrecs; k++) {
        pint_sum_add(v, m->recs[(size_t)k * S->rlen + PINT_REC_VALUE]);
        pint_sum_add(e, m->recs[(size_t)k * S->rlen + pint_rec_error(1)]);
    }
}

/* Every FINAL is in (controller.c, conclude): the stop was decided on
 * updates a step old, and a step can raise a worker's error; when the
 * exact total (what every worker holds and the regions on their way)
 * misses the test, everyone resumes with the shares of that total and
 * no test is decided until every worker has reported again. */
static void conclude(sim *S)
{
    pint_sum v, e;
    pint_sum_init(&v);
    pint_sum_init(&e);
    for (int i = 0; i < S->W; i++) {
        double vi, ei;
        pint_adapt_totals(S->w[i].a, &vi, &ei);
        pint_sum_add(&v, vi);
        pint_sum_add(&e, ei);
        for (const msg *m = S->w[i].inbox; m; m = m->next)
            add_regions(S, m, &v, &e);
    }
    for (size_t k = 0; k < S->q.n; k++)
        if (S->q.e[k].kind == E_ARRIVE)
            add_regions(S, S->q.e[k].m, &v, &e);
    double eps = S->s->er * fabs(pint_sum_get(&v));
    if (pint_sum_get(&e) <= eps) {
        S->end = S->now;
        return;
    }
    S->resumes++;
    S->finals = 0;
    for (int i = 0; i < S->W; i++)
        S->w[i].finished = S->w[i].stopping = 0;
    for (int ci = 0; ci < S->nc; ci++) {
        controller *c = &S->c[ci];
        int n = c->top ? S->nc - 1 : c->hi - c->lo;
        c->stopped = 0;
        c->nreported = 0;
        c->share = eps / S->W;
        for (int k = 0; k < n; k++) {
            if (c->top) {
                c->reported[k] = 0;
                c->pending[k] = 1;  /* until it reports complete */
            } else {
                set_view(c, k, 0, c->busy[k], c->pending[k]);
                ctl_send(S, ci, c->lo + k, C_RESUME, 0);
            }
        }
    }
}

static void ctl_handle(sim *S, int ci, msg *m)
{
    controller *c = &S->c[ci];
    c->handled++;
    switch (m->type) {
    case M_UPDATE:
        on_update(S, ci, m);
        break;
    case M_GROUP:
        on_group(S, ci, m);
        break;
    case M_ORDER:
        on_order(S, ci, m);
        break;
    case M_FINAL:
        if (++S->finals == S->W)
            conclude(S);
        break;
    default:
        break;
    }
    free_msg(m);
}

static double handle_cost(const sim *S, const controller *c)
{
    int watched = c->top ? S->nc - 1 : c->hi - c->lo;
    return S->s->handle + S->s->handle_w * watched;
}

/* The controller's next message: handled now when its host is not in a
 * step or the controller is draining its queue (a poll takes every
 * message in), else at the host's next chunk boundary; the host's step
 * is longer by the time it takes. */
static void ctl_next(sim *S, int ci, int draining)
{
    controller *c = &S->c[ci];
    if (c->serving || !c->queue)
        return;
    worker *h = &S->w[c->host];
    double at = S->now;
    if (!draining && h->stepping && h->step_end > S->now) {
        /* the next boundary of a chunk, at the latest the step's end */
        double ch = S->s->chunk;
        double b = h->step_start
                   + ch * ceil((S->now - h->step_start) / ch);
        at = b < h->step_end ? b : h->step_end;
    }
    double dt = handle_cost(S, c);
    c->serving = 1;
    c->busy_time += dt;
    if (h->stepping && h->step_end >= at) {
        h->step_end += dt;
        ev_push(&S->q, h->step_end, E_STEP, c->host, ++h->ver, NULL);
    }
    ev_push(&S->q, at + dt, E_CTRL, ci, 0, NULL);
}

/* ------------------------------------------------------------- the run */

static void deliver(sim *S, msg *m)
{
    if (m->to >= 0) {
        worker *w = &S->w[m->to];
        m->next = NULL;
        if (w->inbox_tail)
            w->inbox_tail->next = m;
        else
            w->inbox = m;
        w->inbox_tail = m;
        if (!w->stepping)
            worker_poll(S, m->to);
        return;
    }
    controller *c = &S->c[-1 - m->to];
    m->next = NULL;
    if (c->queue_tail)
        c->queue_tail->next = m;
    else
        c->queue = m;
    c->queue_tail = m;
    ctl_next(S, -1 - m->to, 0);
}

static controller make_controller(int lo, int hi, int top, int parent,
                                  int host, int n)
{
    controller c = { .lo = lo, .hi = hi, .top = top, .parent = parent,
                     .host = host, .rr = -1, .last_idle = -1 };
    c.val = calloc((size_t)n, sizeof *c.val);
    c.err = calloc((size_t)n, sizeof *c.err);
    c.own = calloc((size_t)n, sizeof *c.own);
    c.busy = calloc((size_t)n * 5, sizeof *c.busy);
    c.regions = c.busy + n;
    c.pending = c.regions + n;
    c.reported = c.pending + n;
    c.givers = c.reported + n;
    c.ordered = calloc((size_t)n, sizeof *c.ordered);
    c.stamp = calloc((size_t)n, sizeof *c.stamp);
    c.giving = calloc((size_t)n, sizeof *c.giving);
    c.aside = calloc((size_t)n, sizeof *c.aside);
    c.share = HUGE_VAL;
    if (!c.val || !c.err || !c.own || !c.busy || !c.ordered || !c.stamp
        || !c.giving || !c.aside) {
        fprintf(stderr, "pint-sim: out of memory\n");
        exit(2);
    }
    return c;
}

/* The cooperative start (coop.c): the levels split by position, each
 * region's points shared by its group; returns when it ends. */
static double coop_start(sim *S, const double *root)
{
    int W = S->W;
    size_t np = S->rule->npoints;
    pint_adapt *scratch = pint_adapt_new(&S->fn, S->rule);
    double *rec = malloc((size_t)W * S->rlen * sizeof *rec);
    int *lo = malloc(2 * (size_t)W * sizeof *lo), *hi = lo + W;
    if (!scratch || !rec || !lo) {
        fprintf(stderr, "pint-sim: out of memory\n");
        exit(2);
    }
    /* groups [lo, hi) holding record rec + lo * rlen */
    memcpy(rec, root, S->rlen * sizeof *rec);
    int ng = 1;
    lo[0] = 0;
    hi[0] = W;
    double t = ceil((double)np / W) * S->s->cost + S->s->lat;
    long long evals = (long long)np;
    for (;;) {
        int split = 0, slowest = 0;
        for (int g = 0; g < ng; g++)
            if (hi[g] - lo[g] >= 2) {
                split = 1;
                if (slowest == 0 || hi[g] - lo[g] < slowest)
                    slowest = hi[g] - lo[g];
            }
        if (!split)
            break;
        t += ceil(2.0 * (double)np / slowest) * S->s->cost + S->s->lat;
        int n = ng;
        for (int g = 0; g < n; g++) {
            int s = hi[g] - lo[g];
            if (s < 2)
                continue;
            double *r = rec + (size_t)lo[g] * S->rlen;
            pint_adapt_insert(scratch, r);
            pint_adapt_step(scratch);
            int h = (s + 1) / 2;
            pint_adapt_take_top(scratch, r);        /* the larger */
            pint_adapt_take_top(scratch, rec + (size_t)(lo[g] + h) * S->rlen);
            evals += 2 * (long long)np;
            lo[ng] = lo[g] + h;
            hi[ng] = hi[g];
            hi[g] = lo[g] + h;
            ng++;
        }
    }
    for (int i = 0; i < W; i++) {
        pint_adapt_insert(S->w[i].a, rec + (size_t)i * S->rlen);
        /* the start's evaluations, counted on the first worker */
        if (i == 0)
            pint_adapt_count_evals(S->w[0].a, evals);
    }
    free(rec);
    free(lo);
    pint_adapt_free(scratch);
    return t;
}

/* --trace: the state at time t on standard error. */
static void trace(const sim *S, double t)
{
    int stepping = 0;
    long long evals = 0;
    double err = 0.0, val = 0.0;
    for (int i = 0; i < S->W; i++) {
        double v, e;
        stepping += S->w[i].stepping;
        pint_adapt_totals(S->w[i].a, &v, &e);
        err += e;
        val += v;
        evals += pint_adapt_evals(S->w[i].a);
    }
    fprintf(stderr, "t %.3f stepping %d of %d, evals %lld, error/eps %.3g, "
            "transfers %lld, messages %lld\n", t, stepping, S->W, evals,
            err / (S->s->er * fabs(val)), S->transfers, S->messages);
}

/* One engine to the accuracy asked: the evaluations of one rank (the
 * test of the sequential run on the running totals, confirmed exactly). */
static long long serial_evals(const sim *S, const double *root)
{
    pint_adapt *a = pint_adapt_new(&S->fn, S->rule);
    if (!a) {
        fprintf(stderr, "pint-sim: out of memory\n");
        exit(2);
    }
    pint_adapt_insert(a, root);
    pint_adapt_count_evals(a, (long long)S->rule->npoints);
    for (;;) {
        double v, e;
        pint_adapt_totals(a, &v, &e);
        if (e <= S->s->er * fabs(v)) {
            pint_adapt_recompute(a);
            pint_adapt_totals(a, &v, &e);
            if (e <= S->s->er * fabs(v))
                break;
        }
        if (pint_adapt_step(a) != 0) {
            fprintf(stderr, "pint-sim: a step failed: %s\n",
                    pint_adapt_message(a));
            exit(2);
        }
    }
    long long n = pint_adapt_evals(a);
    pint_adapt_free(a);
    return n;
}

static void sim_free(sim *S)
{
    for (int i = 0; S->w && i < S->W; i++)
        pint_adapt_free(S->w[i].a);
    free(S->w);
    for (int k = 0; k < S->nc; k++) {
        controller *c = &S->c[k];
        while (c->queue) {
            msg *m = c->queue;
            c->queue = m->next;
            free_msg(m);
        }
        free(c->val);
        free(c->err);
        free(c->own);
        free(c->busy);
        free(c->ordered);
        free(c->stamp);
        free(c->giving);
        free(c->aside);
        free(c->heap);
    }
    free(S->c);
    free(S->q.e);
    pint_rule_free(S->rule);
    pint_testfn_free(S->t);
}

/* One line and exit 2 (the options are listed at the top of this file). */
static void usage(const char *why, const char *what)
{
    fprintf(stderr, "pint-sim: %s%s%s%s (options: see bench/sim.c)\n", why,
            what ? " '" : "", what ? what : "", what ? "'" : "");
    exit(2);
}

static double num(const char *opt, const char *s)
{
    char *end;
    double v = strtod(s, &end);
    if (!*s || *end || !(v >= 0) || !isfinite(v)) {
        fprintf(stderr, "pint-sim: %s wants a number >= 0, not '%s'\n", opt, s);
        exit(2);
    }
    return v;
}

int main(int argc, char **argv)
{
    settings s = { .family = "genz2", .d = 2, .er = 1e-6,
                   .rule = PINT_RULE_AUTO, .ranks = 4, .cost = 1e-3,
                   .lat = 2e-5, .chunk = 1e-3, .handle = 5e-6,
                   .handle_w = 5e-8, .update = 2e-3, .group_update = 2e-3,
                   .group = 0, .coop = 1, .lb = 4, .give = 1,
                   .local_share = LOCAL_SHARE };
    long long serial = 0;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
#define OPT(name) (strcmp(o, name) == 0                                  \
                   && (v || (usage("a value is missing after", o), 0))   \
                   && ++i)
        if (OPT("-f"))
            s.family = v;
        else if (OPT("-d"))
            s.d = (int)num(o, v);
        else if (OPT("--er"))
            s.er = num(o, v);
        else if (OPT("--rule")) {
            int r = pint_names_find(&pint_rule_names, v);
            if (r <= 0) {
                fprintf(stderr, "pint-sim: unknown rule '%s'\n", v);
                return 2;
            }
            s.rule = (enum pint_rule)r;
        } else if (OPT("--ranks"))
            s.ranks = (int)num(o, v);
        else if (OPT("--cost-us"))
            s.cost = num(o, v) * 1e-6;
        else if (OPT("--latency-us"))
            s.lat = num(o, v) * 1e-6;
        else if (OPT("--chunk-us"))
            s.chunk = num(o, v) * 1e-6;
        else if (OPT("--handle-us"))
            s.handle = num(o, v) * 1e-6;
        else if (OPT("--handle-per-worker-us"))
            s.handle_w = num(o, v) * 1e-6;
        else if (OPT("--update-us"))
            s.update = num(o, v) * 1e-6;
        else if (OPT("--group-update-us"))
            s.group_update = num(o, v) * 1e-6;
        else if (OPT("--group"))
            s.group = (int)num(o, v);
        else if (OPT("--local-share"))
            s.local_share = num(o, v);
        else if (OPT("--lb"))
            s.lb = (int)num(o, v);
        else if (OPT("--serial-evals"))
            serial = (long long)num(o, v);
        else if (OPT("--balance")) {
            if (strcmp(v, "rr") != 0 && strcmp(v, "tree") != 0)
                usage("--balance is rr or tree, not", v);
            s.tree = strcmp(v, "tree") == 0;
        } else if (strcmp(o, "--no-coop") == 0)
            s.coop = 0;
        else if (OPT("--give")) {
            if (strcmp(v, "resend") == 0)
                s.give = 0;
            else if (strcmp(v, "once") == 0)
                s.give = 1;
            else
                usage("--give is resend or once, not", v);
        }
        else if (OPT("--trace"))
            s.trace = num(o, v);
        else
            usage("unknown option", o);
#undef OPT
    }
    if (s.group == 0) {         /* lib/par/par.c: sqrt(P), at least 32 */
        s.group = (int)lround(sqrt((double)s.ranks));
        if (s.group < 32)
            s.group = 32;
        if (s.group > s.ranks)
            s.group = s.ranks;
    }
    if (s.ranks < 1 || s.group < 1 || s.lb < 1)
        usage("--ranks, --group and --lb are at least 1", NULL);
    if (s.d < 1 || s.d > 64)
        usage("-d is 1 to 64", NULL);
    char msgbuf[256];
    sim S;
    memset(&S, 0, sizeof S);
    S.s = &s;
    S.t = pint_testfn_new(s.family, s.d, 1, 1.0, msgbuf, sizeof msgbuf);
    if (!S.t) {
        fprintf(stderr, "pint-sim: %s\n", msgbuf);
        return 2;
    }
    S.fn = pint_testfn_function(S.t);
    int st = 0;
    enum pint_rule id = s.rule ? s.rule
                        : s.d == 1 ? PINT_RULE_GK21 : PINT_RULE_SYM9;
    S.rule = pint_rule_new(id, s.d, 1, &st, msgbuf, sizeof msgbuf);
    if (!S.rule) {
        fprintf(stderr, "pint-sim: %s\n", msgbuf);
        sim_free(&S);
        return 2;
    }
    S.rlen = pint_adapt_rec_len_for(S.rule, 1);
    double lo[64], hi[64];
    for (int k = 0; k < s.d; k++) {
        lo[k] = 0.0;
        hi[k] = 1.0;
    }
    pint_domain dom = pint_domain_box(lo, hi);
    pint_options opt;
    pint_options_init(&opt);
    double *geom, *vol;
    if (pint_domain_regions(&dom, &S.fn, &opt, &geom, &vol) != 1) {
        fprintf(stderr, "pint-sim: the domain is not one region\n");
        sim_free(&S);
        return 2;
    }
    S.W = s.ranks;
    S.w = calloc((size_t)S.W, sizeof *S.w);
    for (int i = 0; S.w && i < S.W; i++) {
        S.w[i].a = pint_adapt_new(&S.fn, S.rule);
        S.w[i].share = HUGE_VAL;
        S.w[i].host = -1;
        if (!S.w[i].a)
            break;
    }
    if (!S.w || !S.w[S.W - 1].a) {
        fprintf(stderr, "pint-sim: out of memory for %d engines\n", S.W);
        free(geom);
        free(vol);
        sim_free(&S);
        return 2;
    }
    /* the root, evaluated once (its record seeds the start) */
    pint_adapt *root = pint_adapt_new(&S.fn, S.rule);
    double *rootrec = malloc(S.rlen * sizeof *rootrec);
    pint_adapt_add(root, geom, vol[0]);
    pint_adapt_take_top(root, rootrec);
    pint_adapt_free(root);
    free(geom);
    free(vol);
    /* controllers */
    if (s.tree) {
        int ng = (S.W + s.group - 1) / s.group;
        S.nc = ng + 1;
        S.c = calloc((size_t)S.nc, sizeof *S.c);
        for (int g = 0; g < ng; g++) {
            int a = g * s.group, b = a + s.group < S.W ? a + s.group : S.W;
            S.c[g] = make_controller(a, b, 0, ng, a, b - a);
        }
        S.c[ng] = make_controller(0, 0, 1, -1, 0, ng);
        S.top = ng;
    } else {
        S.nc = 1;
        S.c = calloc(1, sizeof *S.c);
        S.c[0] = make_controller(0, S.W, 0, -1, 0, S.W);
    }
    /* the start */
    double t0 = 0.0;
    if (s.coop && S.W > 1)
        t0 = coop_start(&S, rootrec);
    else {
        pint_adapt_insert(S.w[0].a, rootrec);
        pint_adapt_count_evals(S.w[0].a, (long long)S.rule->npoints);
        t0 = (double)S.rule->npoints * s.cost;
    }
    S.now = t0;
    for (int i = 0; i < S.W; i++)
        send_update(&S, i);
    /* the events */
    while (S.q.n > 0 && S.finals < S.W) {
        event e = ev_pop(&S.q);
        if (s.trace > 0 && floor(e.t / s.trace) != floor(S.now / s.trace))
            trace(&S, e.t);
        S.now = e.t;
        if (e.kind == E_STEP) {
            worker *w = &S.w[e.who];
            if (e.ver != w->ver || !w->stepping)
                continue;       /* moved by its controller's work */
            w->stepping = 0;
            w->steps_since++;
            worker_poll(&S, e.who);
        } else if (e.kind == E_ARRIVE) {
            deliver(&S, e.m);
        } else {
            controller *c = &S.c[e.who];
            msg *m = c->queue;
            c->queue = m->next;
            if (!c->queue)
                c->queue_tail = NULL;
            c->serving = 0;
            ctl_handle(&S, e.who, m);
            ctl_next(&S, e.who, 1);
        }
    }
    /* regions still in flight when the last FINAL came: the real
     * workers wait for them before FINAL (STOP carries the count); here
     * they join their receivers' totals without moving the end */
    while (S.q.n > 0) {
        event e = ev_pop(&S.q);
        if (e.kind != E_ARRIVE)
            continue;
        if (e.m->type == M_REGIONS)
            for (int k = 0; k < e.m->nrecs; k++)
                pint_adapt_insert(S.w[e.m->to].a,
                                  e.m->recs + (size_t)k * S.rlen);
        free_msg(e.m);
    }
    for (int i = 0; i < S.W; i++)
        while (S.w[i].inbox) {
            msg *m = S.w[i].inbox;
            S.w[i].inbox = m->next;
            if (m->type == M_REGIONS)
                for (int k = 0; k < m->nrecs; k++)
                    pint_adapt_insert(S.w[i].a, m->recs + (size_t)k * S.rlen);
            free_msg(m);
        }
    if (S.finals < S.W) {
        fprintf(stderr, "pint-sim: the simulation ended with %d of %d "
                "workers finished\n", S.finals, S.W);
        sim_free(&S);
        free(rootrec);
        return 1;
    }
    /* results */
    long long evals = 0;
    double q = 0.0, e = 0.0;
    for (int i = 0; i < S.W; i++) {
        double v, er;
        pint_adapt_recompute(S.w[i].a);
        pint_adapt_totals(S.w[i].a, &v, &er);
        q += v;
        e += er;
        evals += pint_adapt_evals(S.w[i].a);
    }
    double exact = 0.0;
    int known = pint_testfn_exact(S.t, &dom, &exact);
    if (serial == 0)
        serial = serial_evals(&S, rootrec);
    double t1 = (double)serial * s.cost;
    double util = 0.0, tutil = 0.0;
    for (int k = 0; k < S.nc; k++) {
        double u = S.c[k].busy_time / S.end;
        if (k == S.top && s.tree)
            tutil = u;
        else if (u > util)
            util = u;
    }
    printf("{\"ranks\": %d, \"balance\": \"%s\", \"group\": %d, "
           "\"seconds\": %.6g, \"efficiency\": %.4f, \"evals\": %lld, "
           "\"serial_evals\": %lld, "
           "\"value\": %.17g, \"error\": %.6g, \"exact\": %.17g, "
           "\"honest\": %d, \"resumes\": %d, \"transfers\": %lld, "
           "\"empty\": %lld, "
           "\"messages\": %lld, \"stepping\": %.4f, "
           "\"controller_busy\": %.4f, \"top_busy\": %.4f}\n",
           S.W, s.tree ? "tree" : "rr", s.tree ? s.group : S.W, S.end,
           t1 / ((double)S.W * S.end), evals, serial, q, e,
           known ? exact : NAN,
           known ? fabs(q - exact) <= e : -1, S.resumes, S.transfers, S.empty,
           S.messages, S.stepping_time / ((double)S.W * S.end), util,
           tutil);
    sim_free(&S);
    free(rootrec);
    return 0;
}

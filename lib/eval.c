/* eval.c -- batched integrand evaluation with checks, and calls under a
 * deadline (see eval.h). */
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "eval.h"
#include "spin.h"
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

void pint_eval_format_point(const pint_function *fn, const double *x,
                            char *buf, size_t len)
{
    fn = pint_eval_inner(fn);
    double y[8];
    int shown = fn->ndim < 6 ? fn->ndim : 6;
    if (pint_map_is(fn)) {
        pint_map_point(fn->ctx, x, shown, y);
        x = y;
    }
    format_point(fn->ndim, x, buf, len);
}

static inline uint64_t bits_of(const double *v)
{
    uint64_t u;
    memcpy(&u, v, sizeof u);
    return u;
}

int pint_eval_check(const pint_function *fn, size_t from, size_t npts,
                    const double *x, const double *f, size_t *bad,
                    char *msg, size_t msglen)
{
    fn = pint_eval_inner(fn);
    size_t m = (size_t)fn->ncomp, total = npts * m, j = from * m;
    /* at once first: a value is NaN or +-Inf when its exponent bits are
     * all 1, and then one more unit of exponent carries into the sign
     * bit; or-ed over the values, that bit says whether any is (bits,
     * not arithmetic: no floating-point exception is raised, trapped or
     * not).  A test of each value took 8 instructions a value, 6% of a
     * run of a cheap integrand; this, 5 (bench/RESULTS.md, section
     * 15.18) */
    const uint64_t exp_bits = 0x7ff0000000000000u, exp_unit = 1ull << 52;
    uint64_t any = 0;
    for (; j + 4 <= total; j += 4)
        any |= ((bits_of(f + j) & exp_bits) + exp_unit)
               | ((bits_of(f + j + 1) & exp_bits) + exp_unit)
               | ((bits_of(f + j + 2) & exp_bits) + exp_unit)
               | ((bits_of(f + j + 3) & exp_bits) + exp_unit);
    for (; j < total; j++)
        any |= (bits_of(f + j) & exp_bits) + exp_unit;
    if (!(any >> 63))
        return 0;
    for (j = from * m; j < total; j++) {
        if (isfinite(f[j]))
            continue;
        size_t p = j / m;
        char pt[160];
        int axis = pint_map_is(fn)
                   ? pint_map_infinite_axis(fn->ctx, x + p * (size_t)fn->ndim)
                   : 0;
        pint_eval_format_point(fn, x + p * (size_t)fn->ndim, pt, sizeof pt);
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

void pint_eval_hint_breakpoint(char *msg, size_t msglen)
{
    size_t used = strlen(msg);
    if (used < msglen)
        snprintf(msg + used, msglen - used, " (inside the domain: if the "
                 "integrand is singular there, give that coordinate as a "
                 "breakpoint, --points / pint_options.points)");
}

int pint_eval_points_inside(const pint_function *fn, size_t npts,
                            const double *x, double *f, char *msg,
                            size_t msglen)
{
    int rc = pint_eval_call(fn, npts, x, f, msg, msglen);
    if (rc != 0)
        return rc;
    size_t bad;
    rc = pint_eval_check(fn, 0, npts, x, f, &bad, msg, msglen);
    const pint_function *in = pint_eval_inner(fn);
    if (rc == PINT_ERR_NONFINITE
        && (!pint_map_is(in)
            || pint_map_infinite_axis(in->ctx, x + bad * (size_t)in->ndim)
               == 0))
        pint_eval_hint_breakpoint(msg, msglen);
    return rc;
}

int pint_eval_points(const pint_function *fn, size_t npts, const double *x,
                     double *f, char *msg, size_t msglen)
{
    int rc = pint_eval_call(fn, npts, x, f, msg, msglen);
    return rc ? rc : pint_eval_check(fn, 0, npts, x, f, NULL, msg, msglen);
}

static int guard_fbatch(int ndim, size_t npts, const double *x, int ncomp,
                        double *f, void *ctx);
static int guard_call(pint_guard *g, size_t npts, const double *x,
                      double *f, char *msg, size_t msglen,
                      const pint_eval_poll *poll, double *secs);

int pint_eval_call(const pint_function *fn, size_t npts, const double *x,
                   double *f, char *msg, size_t msglen)
{
    if (fn->fbatch == guard_fbatch)
        return guard_call(fn->ctx, npts, x, f, msg, msglen, NULL, NULL);
    if (pint_map_is(fn)) {
        size_t p;
        int rc = pint_map_call(fn->ctx, npts, x, f, &p);
        if (rc != 0 && p < npts) {
            char pt[160];
            pint_eval_format_point(fn, x + p * (size_t)fn->ndim, pt, sizeof pt);
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
                pint_eval_format_point(fn, xp, pt, sizeof pt);
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
    if (!p || (!p->poll && !p->waited))
        return pint_eval_call(fn, npts, x, f, msg, msglen);
    /* waited on, no poll: one call, guarded whatever its size (see
     * GUARD_MIN_SECONDS) */
    if (!p->poll)
        return fn->fbatch == guard_fbatch
               ? guard_call(fn->ctx, npts, x, f, msg, msglen, p, NULL)
               : pint_eval_call(fn, npts, x, f, msg, msglen);
    size_t nd = (size_t)fn->ndim, m = (size_t)fn->ncomp, done = 0;
    double polled = pint_watch_now();
    while (done < npts) {
        size_t k = p->chunk ? p->chunk : 1;
        if (k > npts - done)
            k = npts - done;
        double t0 = pint_watch_now(), own = -1.0;
        /* a guarded call polls while it waits for its runner */
        int rc = fn->fbatch == guard_fbatch
                 ? guard_call(fn->ctx, k, x + done * nd, f + done * m, msg,
                              msglen, p, &own)
                 : pint_eval_call(fn, k, x + done * nd, f + done * m, msg,
                                  msglen);
        if (rc != 0)
            return rc;
        double dt = pint_watch_now() - t0;
        /* the chunk follows the integrand's own time (a guarded call's,
         * measured on its runner), not the hand-over's: on a loaded
         * machine handing a chunk over and back can take milliseconds
         * whatever its size, and sized by that the chunks shrank to one
         * point and stayed there, each costing the hand-over (a step of
         * 664 points of 5 us took seconds) */
        double work = own >= 0.0 ? own : dt;
        if (k == (p->chunk ? p->chunk : 1)) {
            if (work < CHUNK_FAST)
                p->chunk = 2 * k;
            else if (work > CHUNK_SLOW && k > 1)
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

/* ------------------------------------------------ calls under a deadline */

/* A runner's state: IDLE (no call), BUSY (a call posted or running),
 * DONE (its result waits for the caller), ABANDONED (the caller gave
 * up: the runner frees itself when the call returns), QUIT. */
enum { RUNNER_IDLE, RUNNER_BUSY, RUNNER_DONE, RUNNER_ABANDONED, RUNNER_QUIT };

#define GUARD_MSG 256
#define GUARD_WAIT 0.05         /* seconds between two looks at the clock */
/* A call is abandoned this long after the limit: 0.5 s + 5% of it.  A
 * batch of evaluations under way at the limit may take a moment to end
 * (the run stops at its next check), and the command's watchdog, which
 * ends the process 2 s + 10% after the limit, must not come first. */
#define GUARD_GRACE 0.5
#define GUARD_GRACE_SHARE 0.05
/* Waiting polls a little, then sleeps: a runner waits for its next
 * call, and a caller for its call's end, polling SPIN_PAUSES times with
 * a processor pause, then SPIN_YIELDS times with a sched_yield, then on
 * a condition.  Guarded calls last 0.2 ms or more, so a long spin buys
 * little (a runner woken from sleep costs tens of microseconds) and
 * takes a core from the rank's other threads: with a spin of 2000
 * pauses and 100 yields the costs measured the same. */
#define SPIN_PAUSES 100
#define SPIN_YIELDS 10
/* A call is guarded when it is expected to take at least this long (its
 * points times the seconds a point measured so far), or nothing is
 * measured yet.  Handing a call over and back cost 5 to 14% of calls of
 * 0.3 to 1 ms, and 10 us calls of a cheap integrand's steps took 2 to 3
 * times as long (bench/time_limit_cost.sh, bench/RESULTS.md 14): a
 * quicker call runs on the caller's thread, timed.  The polled chunks of
 * pint_eval_call_polled are all guarded, whatever their size: they last
 * 0.25 ms or more, but begin at one point and halve after a slow one (a
 * descheduled call on a loaded machine), and a hang that came in a chunk
 * of one point of 5 us ran on the caller's thread, out of the limit's
 * reach: only the watchdog of the pint command ended that run (in
 * test_faults' hang with checkpoints, 1 run in 6 beside two test runs).
 * So is every call others wait on without a poll (pint_eval_poll's
 * waited: a helper's slice of another rank's step, a share of the
 * cooperative start): a helper's quick slice of 5 us points that never
 * returned held its owner, and so the run, until the watchdog (the
 * repeatability loops; test_engine's guard case). */
#define GUARD_MIN_SECONDS 2e-4

typedef struct {
    pthread_t thread;
    atomic_int state;
    pthread_mutex_t lock;       /* for sleeping only */
    pthread_cond_t cond;
    atomic_int runner_sleeps, caller_sleeps;
    pint_function fn;           /* the inner function, by value */
    double secs;                /* the last call's own duration */
    size_t npts, xcap, fcap;
    double *x, *f;              /* its own copies of a call's points */
    int rc;
    char msg[GUARD_MSG];
} runner;

struct pint_guard {
    pint_function outer;        /* what the engines call */
    const pint_function *inner;
    double deadline, grace;
    pthread_mutex_t lock;
    runner **all;               /* the runners not abandoned */
    int *idle;                  /* indices in all of the idle ones */
    int nall, nidle, cap;
    atomic_int abandoned;
    _Atomic double spp;         /* seconds a point (see measured); 0:
                                   unknown */
};

/* Poll r's state while it is `from` (or `also`), until the spin is
 * spent: the state. */
static int spin_while(runner *r, int from, int also)
{
    for (int i = 0; i < SPIN_PAUSES + SPIN_YIELDS; i++) {
        int st = atomic_load_explicit(&r->state, memory_order_acquire);
        if (st != from && st != also)
            return st;
        if (i < SPIN_PAUSES)
            pint_cpu_pause();
        else
            sched_yield();
    }
    return atomic_load_explicit(&r->state, memory_order_acquire);
}

/* Wake whoever sleeps on r's condition, if its flag says one does (the
 * state was stored before, sequentially consistent: a sleeper sets its
 * flag, then checks the state, under the lock). */
static void wake(runner *r, atomic_int *sleeps)
{
    if (atomic_load(sleeps)) {
        pthread_mutex_lock(&r->lock);
        pthread_cond_broadcast(&r->cond);
        pthread_mutex_unlock(&r->lock);
    }
}

static void runner_destroy(runner *r)
{
    pthread_cond_destroy(&r->cond);
    pthread_mutex_destroy(&r->lock);
    free(r->x);
    free(r->f);
    free(r);
}

static void *runner_main(void *arg)
{
    runner *r = arg;
    for (;;) {
        /* DONE until its caller has taken the result, then IDLE */
        int st = spin_while(r, RUNNER_IDLE, RUNNER_DONE);
        if (st == RUNNER_IDLE || st == RUNNER_DONE) {
            pthread_mutex_lock(&r->lock);
            atomic_store(&r->runner_sleeps, 1);
            while ((st = atomic_load(&r->state)) == RUNNER_IDLE
                   || st == RUNNER_DONE)
                pthread_cond_wait(&r->cond, &r->lock);
            atomic_store(&r->runner_sleeps, 0);
            pthread_mutex_unlock(&r->lock);
        }
        if (st == RUNNER_QUIT)
            return NULL;
        double t0 = pint_watch_now();
        r->rc = pint_eval_call(&r->fn, r->npts, r->x, r->f, r->msg,
                               sizeof r->msg);
        r->secs = pint_watch_now() - t0;
        int busy = RUNNER_BUSY;
        if (!atomic_compare_exchange_strong(&r->state, &busy, RUNNER_DONE)) {
            runner_destroy(r);  /* abandoned: nobody waits for it */
            return NULL;
        }
        wake(r, &r->caller_sleeps);
    }
}

static runner *runner_new(const pint_function *fn)
{
    runner *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->fn = *fn;
    atomic_init(&r->state, RUNNER_IDLE);
    atomic_init(&r->runner_sleeps, 0);
    atomic_init(&r->caller_sleeps, 0);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&r->cond, &ca);
    pthread_condattr_destroy(&ca);
    pthread_mutex_init(&r->lock, NULL);
    if (pthread_create(&r->thread, NULL, runner_main, r) != 0) {
        runner_destroy(r);
        return NULL;
    }
    return r;
}

/* An idle runner for a call, made when none is; -1 when none can be. */
static int take_runner(pint_guard *g)
{
    pthread_mutex_lock(&g->lock);
    int i = -1;
    if (g->nidle > 0) {
        i = g->idle[--g->nidle];
    } else if (g->nall < g->cap) {
        runner *r = runner_new(g->inner);
        if (r) {
            i = g->nall++;
            g->all[i] = r;
        }
    }
    pthread_mutex_unlock(&g->lock);
    return i;
}

static void give_back(pint_guard *g, int i)
{
    pthread_mutex_lock(&g->lock);
    g->idle[g->nidle++] = i;
    pthread_mutex_unlock(&g->lock);
}

/* Room in r for n points (0, or -1 out of memory). */
static int runner_room(runner *r, size_t n)
{
    size_t xs = n * (size_t)r->fn.ndim, fs = n * (size_t)r->fn.ncomp;
    if (xs > r->xcap) {
        double *x = realloc(r->x, xs * sizeof *x);
        if (!x)
            return -1;
        r->x = x;
        r->xcap = xs;
    }
    if (fs > r->fcap) {
        double *f = realloc(r->f, fs * sizeof *f);
        if (!f)
            return -1;
        r->f = f;
        r->fcap = fs;
    }
    return 0;
}

void pint_guard_message(const pint_guard *g, char *msg, size_t len)
{
    snprintf(msg, len, "an integrand call still running %.2g s after the "
             "time limit was abandoned (it may go on running until the "
             "process ends)", g->grace);
}

static int gave_up(const pint_guard *g, char *msg, size_t msglen)
{
    pint_guard_message(g, msg, msglen);
    return PINT_TIME_LIMIT;
}

/* Wait until r's call is done or `deadline` passes: the state.  With
 * a poll (pint_eval_call_polled's), run it every POLL_AFTER seconds of
 * the wait, as between the chunks of an unguarded call: a rank whose
 * call runs long, or never returns, still answers the others. */
static int await_runner(double deadline, runner *r,
                        const pint_eval_poll *poll)
{
    int st = spin_while(r, RUNNER_BUSY, RUNNER_BUSY);
    if (st != RUNNER_BUSY)
        return st;
    int polled = poll && poll->poll;
    double slice = polled ? POLL_AFTER : GUARD_WAIT;
    pthread_mutex_lock(&r->lock);
    atomic_store(&r->caller_sleeps, 1);
    while ((st = atomic_load(&r->state)) == RUNNER_BUSY) {
        double now = pint_watch_now();
        if (now >= deadline)
            break;
        if (polled) {           /* the lock is the runner's to wake us */
            pthread_mutex_unlock(&r->lock);
            poll->poll(poll->arg);
            pthread_mutex_lock(&r->lock);
            if (atomic_load(&r->state) != RUNNER_BUSY)
                continue;
            now = pint_watch_now();
        }
        double until = now + slice < deadline ? now + slice : deadline;
        struct timespec ts;
        ts.tv_sec = (time_t)until;
        ts.tv_nsec = (long)((until - (double)ts.tv_sec) * 1e9);
        if (ts.tv_nsec > 999999999L)
            ts.tv_nsec = 999999999L;
        pthread_cond_timedwait(&r->cond, &r->lock, &ts);
    }
    atomic_store(&r->caller_sleeps, 0);
    pthread_mutex_unlock(&r->lock);
    return st;
}

/* A call of npts points took dt seconds: the measure of a point rises
 * to a slower call's at once and comes down slowly after guarded calls.
 * A quick call that changes nothing writes nothing (the threads' quick
 * calls would pass the measure's cache line to and fro). */
static void measured(pint_guard *g, size_t npts, double dt, int guarded)
{
    double now = dt / (double)npts, was = atomic_load(&g->spp);
    if (now > was)
        atomic_store(&g->spp, now);
    else if (guarded)
        atomic_store(&g->spp, 0.9 * was + 0.1 * now);
}

/* A quick call, on the caller's thread, timed (*secs, when not NULL). */
static int direct_call(pint_guard *g, size_t npts, const double *x,
                       double *f, char *msg, size_t msglen, double *secs)
{
    double t0 = pint_watch_now();
    int rc = pint_eval_call(g->inner, npts, x, f, msg, msglen);
    double dt = pint_watch_now() - t0;
    measured(g, npts, dt, 0);
    if (secs)
        *secs = dt;
    return rc;
}

/* A call under the deadline; *secs (when not NULL) gets the integrand's
 * own time, without the hand-over to a runner and back. */
static int guard_call(pint_guard *g, size_t npts, const double *x,
                      double *f, char *msg, size_t msglen,
                      const pint_eval_poll *poll, double *secs)
{
    if (atomic_load(&g->abandoned))
        return gave_up(g, msg, msglen);
    if (npts == 0)
        return 0;
    double spp = atomic_load(&g->spp);
    if (!poll && spp > 0.0 && spp * (double)npts < GUARD_MIN_SECONDS)
        return direct_call(g, npts, x, f, msg, msglen, secs);
    int i = take_runner(g);
    if (i < 0)                  /* no thread to spare: called here */
        return direct_call(g, npts, x, f, msg, msglen, secs);
    runner *r = g->all[i];
    if (runner_room(r, npts) != 0) {
        give_back(g, i);
        snprintf(msg, msglen, "out of memory");
        return PINT_ERR_NOMEM;
    }
    memcpy(r->x, x, npts * (size_t)r->fn.ndim * sizeof *x);
    r->npts = npts;
    /* a call begun after the limit (a rank held by another's hang, in
     * the cooperative start, then seeding its run) gets a grace of its
     * own: abandoned at once, it would be named as the hang.  After the
     * limit, not after the deadline: each rank's clock starts when it
     * enters the run, and a rank freed by another's abandoned call at
     * that rank's deadline, a few milliseconds before its own, had its
     * next call abandoned within them (test_faults' hang in the
     * cooperative start, beside a sanitizer build) */
    double now = pint_watch_now(), limit_at = g->deadline - g->grace,
           deadline = now < limit_at ? g->deadline
                      : fmax(g->deadline, now + g->grace);
    atomic_store(&r->state, RUNNER_BUSY);
    wake(r, &r->runner_sleeps);
    if (await_runner(deadline, r, poll) == RUNNER_BUSY) {
        int busy = RUNNER_BUSY;
        pthread_t t = r->thread;    /* r is the runner's once abandoned */
        if (atomic_compare_exchange_strong(&r->state, &busy,
                                           RUNNER_ABANDONED)) {
            /* the runner frees itself if the call ever returns */
            pthread_detach(t);
            pthread_mutex_lock(&g->lock);
            g->all[i] = NULL;
            pthread_mutex_unlock(&g->lock);
            atomic_store(&g->abandoned, 1);
            return gave_up(g, msg, msglen);
        }
    }
    /* DONE: the measure is the call's own time, as the chunks' (the
     * hand-over's latency, milliseconds on a loaded machine, would make
     * quick calls look slow, and so guarded, and so slower) */
    measured(g, npts, r->secs, 1);
    if (secs)
        *secs = r->secs;
    int rc = r->rc;
    if (rc == 0)
        memcpy(f, r->f, npts * (size_t)r->fn.ncomp * sizeof *f);
    else
        snprintf(msg, msglen, "%s", r->msg);
    atomic_store_explicit(&r->state, RUNNER_IDLE, memory_order_release);
    give_back(g, i);
    return rc;
}

static int guard_fbatch(int ndim, size_t npts, const double *x, int ncomp,
                        double *f, void *ctx)
{
    (void)ndim;
    (void)ncomp;
    char msg[GUARD_MSG];
    return guard_call(ctx, npts, x, f, msg, sizeof msg, NULL, NULL) != 0;
}

pint_guard *pint_guard_new(const pint_function *inner, double limit_at,
                           double limit)
{
    pint_guard *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->inner = inner;
    g->grace = GUARD_GRACE + GUARD_GRACE_SHARE * limit;
    g->deadline = limit_at + g->grace;
    g->outer.ndim = inner->ndim;
    g->outer.ncomp = inner->ncomp;
    g->outer.fbatch = guard_fbatch;
    g->outer.ctx = g;
    g->cap = PINT_MAX_THREADS + 1;
    g->all = calloc((size_t)g->cap, sizeof *g->all);
    g->idle = malloc((size_t)g->cap * sizeof *g->idle);
    if (!g->all || !g->idle) {
        free(g->all);
        free(g->idle);
        free(g);
        return NULL;
    }
    pthread_mutex_init(&g->lock, NULL);
    atomic_init(&g->abandoned, 0);
    atomic_init(&g->spp, 0.0);
    return g;
}

const pint_function *pint_guard_function(pint_guard *g)
{
    return &g->outer;
}

const pint_guard *pint_eval_guard(const pint_function *fn)
{
    return fn->fbatch == guard_fbatch ? fn->ctx : NULL;
}

int pint_guard_abandoned(const pint_guard *g)
{
    return g && atomic_load(&((pint_guard *)g)->abandoned);
}

void pint_guard_free(pint_guard *g)
{
    if (!g)
        return;
    for (int i = 0; i < g->nall; i++) {
        runner *r = g->all[i];
        if (!r)
            continue;
        atomic_store(&r->state, RUNNER_QUIT);
        pthread_mutex_lock(&r->lock);
        pthread_cond_broadcast(&r->cond);
        pthread_mutex_unlock(&r->lock);
        pthread_join(r->thread, NULL);
        runner_destroy(r);
    }
    pthread_mutex_destroy(&g->lock);
    free(g->all);
    free(g->idle);
    free(g);
}

const pint_function *pint_eval_inner(const pint_function *fn)
{
    return fn && fn->fbatch == guard_fbatch
           ? ((const pint_guard *)fn->ctx)->inner : fn;
}

/* helpers.c -- idle workers evaluate slices of a busy worker's steps.
 *
 * A run's refinement ends in chains of splits, each needing its
 * parent's: around a peak the deepest region of a short run is split a
 * dozen times in a row, whatever the number of ranks (bench/RESULTS.md,
 * 10.4).  When such a chain is under way (the busiest worker's
 * refinement is narrow: worker.c) and the integrand is costly, the
 * controller lends idle workers to it (CMD_LEND) rather than feed them
 * regions.  The busy worker, the owner, then sends each helper a slice of
 * every step's points (POINTS), evaluates its own slice, and receives
 * the helpers' values (VALUES) before it rules the children as ever
 * (adapt.h, pint_adapt_sharer).  The values are the integrand's, and the
 * owner applies the same arithmetic to them: a step's result does not
 * depend on who evaluated its points, so the estimates stay what one
 * rank would make (RESULTS 3's honesty argument is untouched).  The
 * owner counts the points as its evaluations.
 *
 * A step is shared only when it is worth it: the owner times its own
 * evaluations (seconds a point), and gives each helper a slice of at
 * least MIN_SLICE_SECONDS of work, so a cheap integrand is never cut
 * into messages.  Every rank evaluates its slice on its threads (the
 * engine's pool), so the slices are equal.
 *
 * The owner dismisses its helpers (DISMISS) between steps whenever it
 * is not busy (idle, stopping, failed) or its steps no longer pay for
 * them (its refinement clearly wide, or the slices too small).  A
 * helper counts the dismissals and reports the count in its UPDATE,
 * the controller counts its lends: a worker is lent while the two
 * differ.  END carries the lends, and a helper leaves only once every
 * dismissal is in, so no message of this
 * run is left for the next on the same communicator.
 *
 * A helper answers POINTS in every state, between steps and between
 * the chunks of its own evaluations, and so does an owner while it waits
 * for its helpers' values: two workers that wait on each other both
 * answer.  Inside a step of its own, or stopping, the answer is
 * DECLINED: the owner evaluates that slice itself and dismisses the
 * helper (a step does not wait for another's, and a FINAL counts every
 * point its rank evaluated).  A helper's integrand failure goes back in
 * VALUES (a status and its line) and is the owner's step's failure,
 * reported as the owner reports its own; a value that is not finite
 * goes back as it is
 * and is mended or reported by the owner's engine.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "par.h"

/* The least work worth a helper's message: a slice that evaluates in
 * less than this is not sent (a message's round trip within a node is a
 * few microseconds, over a network tens). */
#define MIN_SLICE_SECONDS 5e-4

/* VALUES from a helper busy with a step of its own: the owner evaluates
 * the slice itself and dismisses the helper. */
#define DECLINED (-1.0)

/* How long a helper keeps polling often after its last POINTS. */
#define HURRY_SECONDS 0.01

struct pint_par_helpers {
    pint_par_ctx *ctx;
    const pint_function *fn;
    size_t n, m;                /* dimensions, components */
    size_t max;                 /* points of the largest step of any
                                   worker: no message is longer */
    pint_pool *pool;            /* the rank's threads (NULL: one) */
    struct slice_fail {         /* per thread: its first failing chunk */
        size_t chunk;
        int rc;
        char msg[PINT_FAIL_CHARS];
    } *fails;
    /* the owner's side */
    int *rank;                  /* lent helpers, at most nworkers */
    int nlent;
    int nused;                  /* helpers of the step under way */
    size_t *bound;              /* slice j of the step: [bound[j],
                                   bound[j + 1]); j = 0 the owner's */
    unsigned char *got;         /* helper j's answer is in */
    unsigned char *declined;    /* helper j was busy: its slice is ours */
    const double *xs;           /* the step's points */
    MPI_Request *req;           /* the POINTS sends of the step */
    double *in;                 /* VALUES received */
    double t_own;               /* when the owner's own evaluation began */
    size_t nown;                /* and how many points it took */
    double spp;                 /* seconds a point, measured; 0: not yet */
    double raw;                 /* the last step's own measure */
    long long given, helped;    /* points helpers evaluated for it, and
                                   it for owners */
    size_t last_n;              /* points of the last step */
    int *last_rank;             /* its helpers, rank[] before dismissals */
    int last_used;              /* and their number (its slices' bounds
                                   and declined[] stay until the next) */
    /* the helper's side */
    double *x, *f;              /* a slice received, its VALUES */
    int f_sent;                 /* VALUES in flight */
    long long dismissed;
    int serving;
    double last_points;         /* when the last POINTS came */
    pint_eval_poll poll;        /* the others on this rank */
};

pint_par_helpers *pint_par_helpers_new(pint_par_ctx *ctx,
                                       const pint_function *fn,
                                       pint_pool *pool, size_t max_points)
{
    pint_par_helpers *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    size_t w = (size_t)ctx->nworkers;
    h->ctx = ctx;
    h->fn = fn;
    h->n = (size_t)fn->ndim;
    h->m = (size_t)fn->ncomp;
    h->pool = pool;
    h->poll.waited = 1;         /* an owner waits on every slice */
    h->fails = malloc((size_t)pint_pool_size(pool) * sizeof *h->fails);
    h->max = max_points;
    h->rank = malloc(w * sizeof *h->rank);
    h->last_rank = malloc(w * sizeof *h->last_rank);
    h->bound = malloc((w + 2) * sizeof *h->bound);
    h->got = malloc(2 * (w + 1));
    h->declined = h->got ? h->got + w + 1 : NULL;
    h->req = malloc(w * sizeof *h->req);
    /* VALUES: a status, then values or a line */
    size_t vlen = 1 + max_points * h->m + PINT_FAIL_LEN;
    h->in = malloc(vlen * sizeof *h->in);
    h->f = malloc(vlen * sizeof *h->f);
    h->x = malloc((max_points * h->n + 1) * sizeof *h->x);
    h->last_points = -1.0;
    if (!h->rank || !h->last_rank || !h->bound || !h->got || !h->req
        || !h->in || !h->f || !h->x || !h->fails) {
        pint_par_helpers_free(h);
        return NULL;
    }
    return h;
}

void pint_par_helpers_free(pint_par_helpers *h)
{
    if (!h)
        return;
    free(h->rank);
    free(h->last_rank);
    free(h->bound);
    free(h->got);
    free(h->req);
    free(h->in);
    free(h->x);
    free(h->f);
    free(h->fails);
    free(h);
}

void pint_par_helpers_set_poll(pint_par_helpers *h, void (*poll)(void *),
                               void *arg)
{
    h->poll.poll = poll;
    h->poll.arg = arg;
}

/* ------------------------------------------------------------ the owner */

void pint_par_helpers_lend(pint_par_helpers *h, int rank)
{
    if (h->nlent < h->ctx->nworkers)
        h->rank[h->nlent++] = rank;
    else                        /* cannot be: every lend is dismissed */
        MPI_Send(NULL, 0, MPI_DOUBLE, rank, PINT_TAG_DISMISS, h->ctx->comm);
}

int pint_par_helpers_lent(const pint_par_helpers *h) { return h->nlent; }

void pint_par_helpers_keep(pint_par_helpers *h, int keep)
{
    for (int j = keep < 0 ? 0 : keep; j < h->nlent; j++)
        MPI_Send(NULL, 0, MPI_DOUBLE, h->rank[j], PINT_TAG_DISMISS,
                 h->ctx->comm);
    if (h->nlent > keep)
        h->nlent = keep < 0 ? 0 : keep;
}

void pint_par_helpers_dismiss(pint_par_helpers *h)
{
    pint_par_helpers_keep(h, 0);
}

int pint_par_helpers_worth(double spp, size_t npts, int nworkers)
{
    double fit = spp * (double)npts / MIN_SLICE_SECONDS - 1.0;
    return fit < 1.0 ? 0 : fit >= (double)nworkers ? nworkers - 1 : (int)fit;
}

int pint_par_helpers_useful(const pint_par_helpers *h)
{
    return pint_par_helpers_worth(h->spp, h->last_n, h->ctx->nworkers);
}

void pint_par_helpers_start(pint_par_helpers *h, int n, double spp,
                            size_t npts)
{
    h->spp = h->raw = spp;
    h->last_n = npts;
    for (int i = 1; i <= n; i++)
        pint_par_helpers_lend(h, h->ctx->first_worker + i);
}

/* pint_adapt_sharer.begin: the slices out, the owner's first. */
static size_t share_begin(void *arg, const double *x, size_t npts)
{
    pint_par_helpers *h = arg;
    h->nused = 0;
    h->last_n = npts;
    size_t use = 0;
    if (h->nlent > 0 && h->spp > 0.0) {
        /* slices of at least MIN_SLICE_SECONDS, the owner's first */
        double fit = h->spp * (double)npts / MIN_SLICE_SECONDS - 1.0;
        use = fit < 1.0 ? 0 : fit >= (double)h->nlent ? (size_t)h->nlent
                                                      : (size_t)fit;
    }
    size_t total = 1 + use;
    if (use > 0) {
        for (size_t j = 0; j <= total; j++)
            h->bound[j] = npts * j / total;
        for (size_t j = 0; j < use; j++) {
            size_t k0 = h->bound[j + 1], k1 = h->bound[j + 2];
            h->got[j] = h->declined[j] = 0;
            MPI_Isend(x + k0 * h->n, (int)((k1 - k0) * h->n), MPI_DOUBLE,
                      h->rank[j], PINT_TAG_POINTS, h->ctx->comm, &h->req[j]);
        }
        h->nused = (int)use;
    }
    h->xs = x;
    h->nown = use > 0 ? h->bound[1] : npts;
    h->t_own = pint_watch_now();
    return h->nown;
}

/* Helper j's VALUES, waiting: into f, or its failure into *rc, msg. */
static void take_values(pint_par_helpers *h, int j, int len, double *f,
                        int *rc, char *msg, size_t msglen)
{
    MPI_Recv(h->in, len, MPI_DOUBLE, h->rank[j], PINT_TAG_VALUES,
             h->ctx->comm, MPI_STATUS_IGNORE);
    h->got[j] = 1;
    size_t k0 = h->bound[j + 1], k1 = h->bound[j + 2];
    if (h->in[0] == DECLINED) {
        h->declined[j] = 1;
        return;
    }
    if (h->in[0] == 0.0 && (size_t)len == 1 + (k1 - k0) * h->m) {
        memcpy(f + k0 * h->m, h->in + 1, (k1 - k0) * h->m * sizeof *f);
        h->given += (long long)(k1 - k0);
        return;
    }
    if (*rc != 0)
        return;                 /* the first failure is the step's */
    char *text = (char *)(h->in + 1);
    text[(len - 1) * sizeof(double) - 1] = '\0';
    *rc = h->in[0] != 0.0 ? (int)h->in[0] : PINT_ERR_INTEGRAND;
    /* the owner reports it as its step's failure: say where it ran */
    snprintf(msg, msglen, "%s (evaluated on rank %d, a helper)",
             len > 1 ? text : "a helper failed", h->rank[j]);
}

/* A step's own seconds a point, spp, into the measure.  One step
 * moves it only so far: a quick step lowers it by half at most (a step
 * that ran while the clock was owed -- an integrand that slept late
 * before pays back -- must not dismiss every helper), and a slow one
 * raises it only as far as the step before was slow too (the
 * microseconds of a cheap step, descheduled once on a loaded machine,
 * measure milliseconds: they must not lend helpers to a cheap
 * integrand; a costly one is slow at every step). */
static void measure(pint_par_helpers *h, double spp)
{
    if (spp > h->spp) {
        double both = spp < h->raw ? spp : h->raw;
        if (both > h->spp)
            h->spp = both;
    } else {
        h->spp = spp > 0.5 * h->spp ? spp : 0.5 * h->spp;
    }
    h->raw = spp;
}

/* pint_adapt_sharer.finish: the helpers' values in, answering whoever
 * asks while they come. */
static int share_finish(void *arg, double *f, char *msg, size_t msglen)
{
    pint_par_helpers *h = arg;
    if (h->nown > 0)
        measure(h, (pint_watch_now() - h->t_own) / (double)h->nown);
    int rc = 0, left = h->nused;
    long wait_ns = 0;
    while (left > 0) {
        int did = 0;
        for (int j = 0; j < h->nused; j++) {
            int flag = 0, len;
            MPI_Status st;
            if (h->got[j])
                continue;
            MPI_Iprobe(h->rank[j], PINT_TAG_VALUES, h->ctx->comm, &flag, &st);
            if (!flag)
                continue;
            MPI_Get_count(&st, MPI_DOUBLE, &len);
            take_values(h, j, len, f, &rc, msg, msglen);
            left--;
            did = 1;
        }
        if (left == 0)
            break;
        did |= pint_par_helpers_serve(h, 1);
        if (h->poll.poll)
            h->poll.poll(h->poll.arg);
        if (did) {
            wait_ns = 0;
            continue;
        }
        /* the slices take about as long as the owner's: a short sleep */
        wait_ns = wait_ns ? (wait_ns * 2 > 50000 ? 50000 : wait_ns * 2)
                          : 2000;
        struct timespec ts = { 0, wait_ns };
        nanosleep(&ts, NULL);
    }
    MPI_Waitall(h->nused, h->req, MPI_STATUSES_IGNORE);
    h->last_used = h->nused;
    memcpy(h->last_rank, h->rank, (size_t)h->nused * sizeof *h->rank);
    /* the declined slices, here; their helpers dismissed */
    int kept = 0;
    for (int j = 0; j < h->nlent; j++) {
        if (j < h->nused && h->declined[j]) {
            size_t k0 = h->bound[j + 1], k1 = h->bound[j + 2];
            char m2[PINT_FAIL_CHARS];
            int r2 = pint_eval_call_polled(h->fn, k1 - k0, h->xs + k0 * h->n,
                                           f + k0 * h->m, m2, sizeof m2,
                                           &h->poll);
            if (r2 != 0 && rc == 0) {
                rc = r2;
                snprintf(msg, msglen, "%s", m2);
            }
            MPI_Send(NULL, 0, MPI_DOUBLE, h->rank[j], PINT_TAG_DISMISS,
                     h->ctx->comm);
            continue;
        }
        h->rank[kept++] = h->rank[j];
    }
    h->nlent = kept;
    h->nused = 0;
    return rc;
}

/* pint_adapt_sharer.blame: a value of point p of the last step failed
 * the owner's check (a NaN or Inf the helper returned as the
 * integrand's): the helper that evaluated it is named as in take_values.
 * After share_finish, so the slices of the step are those of bound[]
 * up to last_used; a declined slice was the owner's. */
static void share_blame(void *arg, size_t p, char *msg, size_t msglen)
{
    pint_par_helpers *h = arg;
    for (int j = 0; j < h->last_used; j++)
        if (p >= h->bound[j + 1] && p < h->bound[j + 2]) {
            if (!h->declined[j]) {
                size_t n = strlen(msg);
                snprintf(msg + n, n < msglen ? msglen - n : 0,
                         " (evaluated on rank %d, a helper)",
                         h->last_rank[j]);
            }
            return;
        }
}

/* pint_adapt_sharer.lending: a step is shared only with helpers lent. */
static int share_lending(void *arg)
{
    const pint_par_helpers *h = arg;
    return h->nlent > 0;
}

/* pint_adapt_sharer.alone: a step with no helper lent, all its points
 * the owner's: measured as share_finish measures the owner's part. */
static void share_alone(void *arg, size_t npts, double seconds)
{
    pint_par_helpers *h = arg;
    h->last_n = npts;
    h->last_used = 0;
    if (npts > 0)
        measure(h, seconds / (double)npts);
}

void pint_par_helpers_sharer(pint_par_helpers *h, pint_adapt_sharer *s)
{
    s->begin = share_begin;
    s->finish = share_finish;
    s->arg = h;
    s->blame = share_blame;
    s->lending = share_lending;
    s->alone = share_alone;
}

/* ----------------------------------------------------------- the helper */

/* A slice on the rank's threads: chunk i of nchunk of its npts points. */
typedef struct {
    pint_par_helpers *h;
    size_t npts, nchunk;
} slice_job;

static void chunk_task(void *arg, size_t i, int thread)
{
    const slice_job *j = arg;
    pint_par_helpers *h = j->h;
    struct slice_fail *sf = &h->fails[thread];
    size_t k0 = j->npts * i / j->nchunk, k1 = j->npts * (i + 1) / j->nchunk;
    char msg[PINT_FAIL_CHARS];
    int rc = pint_eval_call_polled(h->fn, k1 - k0, h->x + k0 * h->n,
                                   h->f + 1 + k0 * h->m, msg, sizeof msg,
                                   thread == 0 ? &h->poll : NULL);
    if (rc != 0 && (sf->rc == 0 || i < sf->chunk)) {
        sf->chunk = i;
        sf->rc = rc;
        memcpy(sf->msg, msg, sizeof msg);
    }
}

/* The slice's npts points into h->f + 1: 0, or the status of the first
 * failing point, its line in msg. */
static int eval_slice(pint_par_helpers *h, size_t npts, char *msg,
                      size_t len)
{
    int nt = pint_pool_size(h->pool);
    if (nt == 1 || npts < 2)
        return pint_eval_call_polled(h->fn, npts, h->x, h->f + 1, msg, len,
                                     &h->poll);
    for (int t = 0; t < nt; t++)
        h->fails[t].rc = 0;
    slice_job j = { h, npts, npts < 4 * (size_t)nt ? npts : 4 * (size_t)nt };
    pint_pool_run(h->pool, j.nchunk, chunk_task, &j);
    const struct slice_fail *first = NULL;
    for (int t = 0; t < nt; t++)
        if (h->fails[t].rc != 0 && (!first || h->fails[t].chunk < first->chunk))
            first = &h->fails[t];
    if (!first)
        return 0;
    snprintf(msg, len, "%s", first->msg);
    return first->rc;
}

/* POINTS from `src` of len doubles: evaluated, VALUES back; or DECLINED
 * (this worker is in a step of its own, or stopping). */
static void answer(pint_par_helpers *h, int src, int len, int decline)
{
    pint_par_ctx *ctx = h->ctx;
    while (h->f_sent)           /* the last VALUES: the owner has it */
        pint_par_outbox_progress(&ctx->out);
    size_t npts = (size_t)len / h->n;
    MPI_Recv(h->x, len, MPI_DOUBLE, src, PINT_TAG_POINTS, ctx->comm,
             MPI_STATUS_IGNORE);
    h->last_points = pint_watch_now();
    if (decline) {
        h->f[0] = DECLINED;
        pint_par_send_kept(&ctx->out, ctx->comm, h->f, 1, src,
                           PINT_TAG_VALUES, &h->f_sent);
        return;
    }
    char msg[PINT_FAIL_CHARS];
    h->serving = 1;
    h->helped += (long long)npts;
    int rc = eval_slice(h, npts, msg, sizeof msg);
    h->serving = 0;
    size_t out = 1 + npts * h->m;
    h->f[0] = rc;
    if (rc != 0) {
        memset(h->f + 1, 0, PINT_FAIL_LEN * sizeof *h->f);
        memcpy(h->f + 1, msg, strlen(msg) + 1);
        out = 1 + PINT_FAIL_LEN;
    }
    pint_par_send_kept(&ctx->out, ctx->comm, h->f, out, src, PINT_TAG_VALUES,
                       &h->f_sent);
}

int pint_par_helpers_serve(pint_par_helpers *h, int decline)
{
    if (h->serving)
        return 0;
    pint_par_ctx *ctx = h->ctx;
    int handled = 0;
    for (;;) {
        int flag = 0, len;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, PINT_TAG_POINTS, ctx->comm, &flag, &st);
        if (flag) {
            MPI_Get_count(&st, MPI_DOUBLE, &len);
            answer(h, st.MPI_SOURCE, len, decline);
            handled = 1;
            continue;
        }
        MPI_Iprobe(MPI_ANY_SOURCE, PINT_TAG_DISMISS, ctx->comm, &flag, &st);
        if (!flag)
            break;
        MPI_Recv(NULL, 0, MPI_DOUBLE, st.MPI_SOURCE, PINT_TAG_DISMISS,
                 ctx->comm, MPI_STATUS_IGNORE);
        h->dismissed++;
        handled = 1;
    }
    return handled;
}

long long pint_par_helpers_net(const pint_par_helpers *h)
{
    return h->helped - h->given;
}

long long pint_par_helpers_dismissed(const pint_par_helpers *h)
{
    return h->dismissed;
}

int pint_par_helpers_hurry(const pint_par_helpers *h)
{
    return h->last_points >= 0.0
           && pint_watch_now() - h->last_points < HURRY_SECONDS;
}

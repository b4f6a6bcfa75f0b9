/* groups.c -- many integrals over groups of ranks (Cucos 2003, ch. 5.1).
 *
 * The ranks are cut into g groups of consecutive ranks (sizes differ by
 * at most one).  Rank 0 is the global controller and also the leader of
 * group 0; the leader of every other group is its first rank.
 *
 * Flow.  A leader asks the global controller for work (BATCH_UP, kind
 * request) and gets integrals [first, first + count) (BATCH_WORK; count
 * 0: none left), a chunk sized by the schedule (default one).  It
 * broadcasts the chunk to its group; the group integrates each integral
 * with the distributed adaptive algorithm on the group's communicator;
 * the leader sends each result up (BATCH_UP, kind result, then
 * BATCH_MSG with its message line) and asks again.  Rank 0 answers the
 * other leaders between the steps of its own group's integrations (a
 * hook of pint_par_run) and, once its group is done, until every
 * group has been told that nothing is left.  At the end rank 0
 * broadcasts every result to every rank.
 *
 * g = 1: all ranks on each integral in turn; g = P: one rank per
 * integral, P at a time.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "par.h"
#include "../api.h"
#include "result.h"
#include "schedule.h"

typedef struct {
    MPI_Comm comm;              /* the whole batch */
    size_t n;
    const pint_problem *problems;
    pint_result **results;
    int groups;
    pint_sched *sched;
    size_t next;                /* the next integral to hand out */
    int halt;                   /* why none is handed out any more (see
                                   pint_batch_halt), or 0 */
    int finished_groups;        /* told "none left" */
    double *buf;                /* one BATCH_UP message: room for the
                                   largest (rank 0 and the leaders) */
    size_t cap;
    pint_batch_done done;       /* rank 0: each result as it comes */
    void *done_arg;
} global_ctl;

/* A message names the failing rank by its rank in the group ("rank 1:
 * ..."); the user knows the ranks of the batch.  Groups are consecutive
 * blocks in rank order, so the batch rank is the group's first plus the
 * group's rank. */
static void name_batch_rank(pint_result *r, int first)
{
    int grank, used = 0;
    if (first == 0 || sscanf(r->message, "rank %d: %n", &grank, &used) != 1
        || used == 0)
        return;
    char head[32];
    size_t h = (size_t)snprintf(head, sizeof head, "rank %d: ", first + grank);
    size_t rest = strlen(r->message + used);
    if (h + rest >= sizeof r->message)
        rest = sizeof r->message - h - 1;
    memmove(r->message + h, r->message + used, rest);
    r->message[h + rest] = '\0';
    memcpy(r->message, head, h);
}

/* Group of rank r: consecutive blocks, the first P mod g one larger. */
static int group_of(int r, int size, int g)
{
    int base = size / g, extra = size % g;
    int big = extra * (base + 1);
    return r < big ? r / (base + 1) : extra + (r - big) / base;
}

static size_t up_len(int ncomp) { return BUP_HEADER + 2 * (size_t)ncomp; }

/* A result's lines after it: its message, then its checkpoint message. */
#define UP_MSG ((int)(sizeof ((pint_result *)0)->message \
                      + sizeof ((pint_result *)0)->checkpoint_message))

/* The next chunk for group `group`: *first and the count (0: none, or
 * the batch was stopped, or the next integral's end time has passed:
 * gc->halt says which). */
static size_t take(global_ctl *gc, int group, size_t *first)
{
    if (!gc->halt)
        gc->halt = pint_batch_halt(gc->n, gc->problems, gc->next);
    long long k = gc->halt ? 0 : pint_sched_next(gc->sched, group);
    *first = gc->next;
    if (k < 0)
        k = 0;
    gc->next += (size_t)k;
    return (size_t)k;
}

/* Rank 0: a result from a leader, its numbers b and its lines msg
 * (UP_MSG characters). */
static void store(global_ctl *gc, const double *b, const char *msg, int group)
{
    size_t i = (size_t)b[BUP_INDEX];
    if (i >= gc->n)
        return;
    pint_result *r = gc->results[i];
    int m = r->ncomp;
    r->status = (int)b[BUP_STATUS];
    r->evals = (long long)b[BUP_EVALS];
    r->regions = (size_t)b[BUP_REGIONS];
    r->seconds = b[BUP_SECONDS];
    r->resumed_evals = (long long)b[BUP_RESUMED];
    r->checkpoints = (long long)b[BUP_CHECKPOINTS];
    r->group = group;
    memcpy(r->value, b + BUP_HEADER, (size_t)m * sizeof *b);
    memcpy(r->error, b + BUP_HEADER + m, (size_t)m * sizeof *b);
    memcpy(r->message, msg, sizeof r->message);   /* each ends in NUL */
    memcpy(r->checkpoint_message, msg + sizeof r->message,
           sizeof r->checkpoint_message);
    if (gc->done)
        gc->done(i, r, gc->done_arg);
}

/* Handle one message from a leader (already probed: st). */
static void handle_up(global_ctl *gc, const MPI_Status *st)
{
    int len;
    MPI_Get_count(st, MPI_DOUBLE, &len);   /* at most gc->cap */
    int src = st->MPI_SOURCE, size;
    MPI_Comm_size(gc->comm, &size);
    MPI_Recv(gc->buf, len, MPI_DOUBLE, src, PINT_TAG_BATCH_UP, gc->comm,
             MPI_STATUS_IGNORE);
    int group = group_of(src, size, gc->groups);
    if (gc->buf[BUP_KIND] != 0.0) {
        char msg[UP_MSG];
        MPI_Recv(msg, UP_MSG, MPI_CHAR, src, PINT_TAG_BATCH_MSG,
                 gc->comm, MPI_STATUS_IGNORE);
        msg[sizeof gc->results[0]->message - 1] = '\0';
        msg[UP_MSG - 1] = '\0';
        store(gc, gc->buf, msg, group);
        return;
    }
    size_t first;
    size_t count = take(gc, group, &first);
    double w[2] = { (double)first, (double)count };
    MPI_Send(w, 2, MPI_DOUBLE, src, PINT_TAG_BATCH_WORK, gc->comm);
    if (count == 0)
        gc->finished_groups++;
}

/* Answer every leader's message waiting now (the hook). */
static void serve_waiting(void *arg)
{
    global_ctl *gc = arg;
    for (;;) {
        int flag = 0;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, PINT_TAG_BATCH_UP, gc->comm, &flag, &st);
        if (!flag)
            return;
        handle_up(gc, &st);
    }
}

/* A leader (not rank 0): ask for the next chunk. */
static size_t ask(MPI_Comm comm, size_t *first)
{
    double req[BUP_HEADER] = { 0 };
    MPI_Send(req, BUP_HEADER, MPI_DOUBLE, 0, PINT_TAG_BATCH_UP, comm);
    double w[2];
    MPI_Recv(w, 2, MPI_DOUBLE, 0, PINT_TAG_BATCH_WORK, comm, MPI_STATUS_IGNORE);
    *first = (size_t)w[0];
    return (size_t)w[1];
}

/* A leader: integral i's result to rank 0, through b (room for it). */
static void send_up(MPI_Comm comm, size_t i, const pint_result *r, double *b)
{
    int m = r->ncomp;
    b[BUP_KIND] = 1.0;
    b[BUP_INDEX] = (double)i;
    b[BUP_STATUS] = r->status;
    b[BUP_EVALS] = (double)r->evals;
    b[BUP_REGIONS] = (double)r->regions;
    b[BUP_SECONDS] = r->seconds;
    b[BUP_RESUMED] = (double)r->resumed_evals;
    b[BUP_CHECKPOINTS] = (double)r->checkpoints;
    memcpy(b + BUP_HEADER, r->value, (size_t)m * sizeof *b);
    memcpy(b + BUP_HEADER + m, r->error, (size_t)m * sizeof *b);
    MPI_Send(b, (int)up_len(m), MPI_DOUBLE, 0, PINT_TAG_BATCH_UP, comm);
    char msg[UP_MSG];
    memcpy(msg, r->message, sizeof r->message);
    memcpy(msg + sizeof r->message, r->checkpoint_message,
           sizeof r->checkpoint_message);
    MPI_Send(msg, UP_MSG, MPI_CHAR, 0, PINT_TAG_BATCH_MSG, comm);
}

/* Every rank gets every result from rank 0, a broadcast per part (no
 * buffer to allocate). */
static void share_results(size_t n, pint_result **results, MPI_Comm comm)
{
    for (size_t i = 0; i < n; i++) {
        pint_result *r = results[i];
        double h[7] = { r->status, (double)r->evals, (double)r->regions,
                        r->seconds, r->group, (double)r->resumed_evals,
                        (double)r->checkpoints };
        MPI_Bcast(h, 7, MPI_DOUBLE, 0, comm);
        MPI_Bcast(r->value, r->ncomp, MPI_DOUBLE, 0, comm);
        MPI_Bcast(r->error, r->ncomp, MPI_DOUBLE, 0, comm);
        MPI_Bcast(r->message, (int)sizeof r->message, MPI_CHAR, 0, comm);
        MPI_Bcast(r->checkpoint_message, (int)sizeof r->checkpoint_message,
                  MPI_CHAR, 0, comm);
        r->status = (int)h[0];
        r->evals = (long long)h[1];
        r->regions = (size_t)h[2];
        r->seconds = h[3];
        r->group = (int)h[4];
        r->resumed_evals = (long long)h[5];
        r->checkpoints = (long long)h[6];
        r->nranks = 0;
    }
}

int pint_par_run_batch(size_t n, const pint_problem *problems,
                       const pint_batch_options *bo, pint_result **results,
                       pint_batch_done done, void *arg)
{
    MPI_Comm comm = pint_par_comm(bo->comm, NULL);
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    /* 1 <= g <= size (checked by pint_integrate_batch) */
    int g = bo->group_size > 0 ? (size + bo->group_size - 1) / bo->group_size
                               : bo->groups;
    int group = group_of(rank, size, g);
    MPI_Comm gcomm;
    MPI_Comm_split(comm, group, rank, &gcomm);
    int grank;
    MPI_Comm_rank(gcomm, &grank);

    global_ctl gc;
    memset(&gc, 0, sizeof gc);
    gc.comm = comm;
    gc.n = n;
    gc.problems = problems;
    gc.results = results;
    gc.groups = g;
    gc.done = rank == 0 ? done : NULL;
    gc.done_arg = arg;
    /* room for the largest BATCH_UP, on rank 0 and the leaders; the
     * schedule on rank 0; all agree before any work */
    int ok = problems != NULL;  /* NULL: out of memory before (batch.c) */
    for (size_t i = 0; i < n; i++)
        if (up_len(results[i]->ncomp) > gc.cap)
            gc.cap = up_len(results[i]->ncomp);
    if (grank == 0 && !(gc.buf = malloc(gc.cap * sizeof *gc.buf)))
        ok = 0;
    if (rank == 0) {
        gc.sched = pint_sched_new(bo->schedule, (long long)n, g, NULL, 0);
        ok &= gc.sched != NULL;
    }
    MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, comm);
    if (!ok) {
        pint_sched_free(gc.sched);
        free(gc.buf);
        MPI_Comm_free(&gcomm);
        for (size_t i = 0; i < n; i++)
            pint_fail(results[i], PINT_ERR_NOMEM, "out of memory");
        return PINT_ERR_NOMEM;
    }
    pint_par_hook hook = { serve_waiting, &gc };

    for (;;) {
        double w[2] = { 0, 0 };
        if (grank == 0) {
            size_t first, count;
            if (rank == 0) {
                serve_waiting(&gc);
                count = take(&gc, 0, &first);
                if (count == 0)
                    gc.finished_groups++;
            } else {
                count = ask(comm, &first);
            }
            w[0] = (double)first;
            w[1] = (double)count;
        }
        MPI_Bcast(w, 2, MPI_DOUBLE, 0, gcomm);
        size_t first = (size_t)w[0], count = (size_t)w[1];
        if (count == 0)
            break;
        for (size_t i = first; i < first + count && i < n; i++) {
            const pint_problem *p = &problems[i];
            pint_integrate_on(&p->fn, &p->dom, &p->opt, results[i], &gcomm,
                              rank == 0 ? &hook : NULL);
            results[i]->group = group;
            name_batch_rank(results[i], rank - grank);
            if (rank == 0 && gc.done)
                gc.done(i, results[i], gc.done_arg);
            if (rank == 0)
                serve_waiting(&gc);
            else if (grank == 0)
                send_up(comm, i, results[i], gc.buf);
        }
    }
    /* rank 0: answer the other groups until all are told "none left" */
    if (rank == 0) {
        while (gc.finished_groups < g) {
            MPI_Status st;
            MPI_Probe(MPI_ANY_SOURCE, PINT_TAG_BATCH_UP, comm, &st);
            handle_up(&gc, &st);
        }
        /* a stopped batch, or one past its end: what was never handed
         * out */
        for (size_t i = gc.next; i < n; i++) {
            pint_batch_not_started(results[i], gc.halt ? gc.halt
                                                       : PINT_INTERRUPTED);
            if (gc.done)
                gc.done(i, results[i], gc.done_arg);
        }
    }
    share_results(n, results, comm);
    pint_sched_free(gc.sched);
    free(gc.buf);
    MPI_Comm_free(&gcomm);
    return PINT_CONVERGED;     /* pint_integrate_batch sums up */
}

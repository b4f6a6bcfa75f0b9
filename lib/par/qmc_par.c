/* qmc_par.c -- randomized lattice rules over MPI (Cucos 2003, ch. 4.1).
 *
 * A row of the QMC engine is q cells of N points.  Three ways to share it:
 *
 * row (default)  The rows of the run skeleton (qmc_run.c): the row is
 *                cut into fixed units, each rank computes a run of them
 *                as large as its measured speed earns it, then one
 *                allgather hands every rank every piece sum, and each
 *                adds them in the order of the pieces.  All ranks
 *                compute and take the same decision; no controller.  For
 *                a fixed seed the answer is the one-rank answer up to
 *                rounding (the cell sums are added in pieces), and
 *                bit-identical between runs whatever the speeds.
 *
 * single-cell    Rank 0 is a controller; ranks 1..P-1 ask it for work and
 * constant-row   get units.  A row's flat index space [0, qN) is cut into
 *                C equal units: C = q (one cell each) for single-cell,
 *                C = K W for constant-row (K = units_per_worker, W
 *                workers).  A request gets a chunk of consecutive units,
 *                sized by the schedule (single-cell: one).  A worker
 *                returns one sum per piece, a piece being a unit cut at
 *                the cell boundaries, so the pieces -- and the order in
 *                which the controller adds them -- do not depend on who
 *                computed what, or when: the answer is bit-identical
 *                between runs for every schedule.  Workers that ask while
 *                the current row is all handed out get units of the next
 *                row (one row ahead) while the last finished row missed
 *                the tolerance by more than SPECULATE; nearer, they wait,
 *                since what they would compute after the answer is known
 *                is the breaking loss.  Rows are handed out only while
 *                their points fit in the evaluation limit.
 *
 * Flow of the on-request modes: worker -> controller QMC_RESULT (the
 * first one empty) asks for the next unit; the controller replies
 * QMC_UNIT with a unit or with stop, at once or as soon as a unit exists.
 * A failing worker sends QMC_RESULT with its status, then UNIT_FAIL with
 * the line; everyone is told to stop at their next request.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "par.h"
#include "result.h"
#include "tolerance.h"
#include "qmc.h"
#include "qmc_run.h"
#include "rounds.h"
#include "schedule.h"

#define LOOKAHEAD 2     /* rows in progress at once: current and next */
#define SPECULATE 4.0   /* start the next row ahead only this far from eps */
#define FAIL_LINE 200   /* characters of a worker's failure line */

/* ------------------------------------------------------------ the pieces */

/* Start of unit u of c in [0, qn): floor(qn u / c) without overflow. */
static long long unit_start(long long qn, long long c, long long u)
{
    return (qn / c) * u + ((qn % c) * u) / c;
}

/* Call visit(cell, k0, k1) for every piece of units [u0, u1): the units
 * cut at the cell boundaries, in order.  Returns the number of pieces. */
typedef int (*piece_fn)(void *arg, int cell, long long k0, long long k1);
static long long for_pieces(long long n, int q, long long c, long long u0,
                            long long u1, piece_fn visit, void *arg)
{
    long long qn = n * q, count = 0;
    for (long long u = u0; u < u1; u++) {
        long long a = unit_start(qn, c, u), b = unit_start(qn, c, u + 1);
        while (a < b) {
            long long cell = a / n, end = (cell + 1) * n;
            if (end > b)
                end = b;
            if (visit && visit(arg, (int)cell, a - cell * n, end - cell * n))
                return -1;
            count++;
            a = end;
        }
    }
    return count;
}

typedef struct {
    pint_qmc *q;
    int row, m, status;
    double *out;        /* m sums per piece */
} piece_work;

static int eval_piece(void *arg, int cell, long long k0, long long k1)
{
    piece_work *pw = arg;
    pw->status = pint_qmc_piece_sum(pw->q, pw->row, cell, k0, k1, pw->out);
    pw->out += pw->m;
    return pw->status;
}

typedef struct {
    int m;
    const double *sums;
    double *cellsum;    /* q * m, compensated per entry */
    double *comp;
} piece_add;

static int add_piece(void *arg, int cell, long long k0, long long k1)
{
    (void)k0;
    (void)k1;
    piece_add *pa = arg;
    for (int k = 0; k < pa->m; k++) {
        pint_sum s = { pa->cellsum[cell * pa->m + k], pa->comp[cell * pa->m + k] };
        pint_sum_add(&s, pa->sums[k]);
        pa->cellsum[cell * pa->m + k] = s.s;
        pa->comp[cell * pa->m + k] = s.c;
    }
    pa->sums += pa->m;
    return 0;
}

/* --------------------------------------------------------- units: worker */

/* A unit that failed: QMC_RESULT with the status and no sums, then
 * UNIT_FAIL with the line (row -1: the first request). */
static void send_failed(MPI_Comm comm, double row, double u0, double u1,
                        int status, const char *msg)
{
    double h[QRES_HEADER] = { 0 };
    h[QRES_ROW] = row;
    h[QRES_U0] = u0;
    h[QRES_U1] = u1;
    h[QRES_STATUS] = status;
    MPI_Send(h, QRES_HEADER, MPI_DOUBLE, 0, PINT_TAG_QMC_RESULT, comm);
    if (status) {
        char line[FAIL_LINE];
        snprintf(line, sizeof line, "%s", msg);
        MPI_Send(line, FAIL_LINE, MPI_CHAR, 0, PINT_TAG_UNIT_FAIL, comm);
    }
}

/* Units until the controller says stop (a negative row).  Out of memory
 * for the sums of a unit, the unit fails with PINT_ERR_NOMEM (and the
 * controller stops the run with the estimate of the rows done). */
static void qmc_worker(pint_qmc *q, int m, MPI_Comm comm, double *idle)
{
    int nq = pint_qmc_shifts(q);
    double unit[QUNIT_LEN];
    size_t cap = QRES_HEADER + (size_t)(nq + 16) * (size_t)m;
    double *res = malloc(cap * sizeof *res);
    if (!res)
        cap = 0;
    send_failed(comm, -1.0, 0.0, 0.0, 0, "");   /* the first request */
    for (;;) {
        double t0 = pint_watch_now();
        MPI_Recv(unit, QUNIT_LEN, MPI_DOUBLE, 0, PINT_TAG_QMC_UNIT, comm,
                 MPI_STATUS_IGNORE);
        *idle += pint_watch_now() - t0;
        if (unit[QUNIT_ROW] < 0)
            break;
        int row = (int)unit[QUNIT_ROW];
        long long u0 = (long long)unit[QUNIT_U0], u1 = (long long)unit[QUNIT_U1];
        long long c = (long long)unit[QUNIT_C], n = pint_qmc_row_points(q, row);
        size_t need = QRES_HEADER
                      + (size_t)for_pieces(n, nq, c, u0, u1, NULL, NULL) * m
                      + (size_t)m;
        if (need > cap) {
            double *b = realloc(res, need * sizeof *b);
            if (!b) {
                send_failed(comm, row, (double)u0, (double)u1,
                            PINT_ERR_NOMEM, "out of memory");
                continue;
            }
            res = b;
            cap = need;
        }
        piece_work pw = { q, row, m, 0, res + QRES_HEADER };
        t0 = pint_watch_now();
        for_pieces(n, nq, c, u0, u1, eval_piece, &pw);
        res[QRES_ROW] = row;
        res[QRES_U0] = (double)u0;
        res[QRES_U1] = (double)u1;
        res[QRES_STATUS] = pw.status;
        res[QRES_SECONDS] = pint_watch_now() - t0;
        long long drawn;
        pint_qmc_abs(q, res + need - m, &drawn);
        res[QRES_ABS_N] = (double)drawn;
        if (pw.status) {
            send_failed(comm, row, (double)u0, (double)u1, pw.status,
                        pint_qmc_message(q));
            continue;
        }
        MPI_Send(res, (int)need, MPI_DOUBLE, 0, PINT_TAG_QMC_RESULT, comm);
    }
    free(res);
}

/* ----------------------------------------------------- units: controller */

typedef struct {
    int row;                /* -1: free slot */
    long long n, c;         /* points per cell, units */
    long long handed, done; /* units handed out, units returned */
    long long npieces;
    long long *first;       /* first piece of unit u, c + 1 entries */
    double *sums;           /* npieces * m */
    char *udone;            /* unit u returned (its sums are in) */
    pint_sched *sched;
} row_slot;

typedef struct {
    pint_qmc *q;
    const pint_options *opt;
    pint_watch *watch;
    MPI_Comm comm;
    int m, nq, nworkers;
    row_slot slot[LOOKAHEAD];
    int next_row;           /* the next row to open */
    int done_rows;          /* rows finished, in order */
    long long reserved;     /* points of the rows opened */
    long long evals_done;   /* points computed so far */
    int stop, status;
    int *waiting;           /* workers (ranks) waiting for a unit */
    int nwaiting;
    long long messages;
    char fail[256];
    double *value, *error;
    const pint_qmc_saving *sv;  /* checkpoints */
    double *abs_w;          /* per rank: points, then its m sums of |g|
                               (QMC_RESULT) */
    double *buf;            /* a QMC_RESULT received: room for the largest
                               unit handed out (serve) */
    size_t cap;
} qctl;

static int count_piece(void *arg, int cell, long long k0, long long k1)
{
    (void)cell;
    (void)k0;
    (void)k1;
    (*(long long *)arg)++;
    return 0;
}

static void slot_free(row_slot *s)
{
    free(s->first);
    free(s->sums);
    free(s->udone);
    pint_sched_free(s->sched);
    memset(s, 0, sizeof *s);
    s->row = -1;
}

/* Whether the last finished row missed the tolerance by more than
 * SPECULATE: then the row in progress will hardly meet it (a row halves
 * the error or a little more), and a row started ahead is likely needed.
 * Closer, workers wait for the row in progress rather than start one that
 * is likely lost (the breaking loss of Cucos 2003, ch. 4.1). */
/* The floor's integral of |f|: the workers' latest sums. */
static void ctl_absval(const qctl *c, double *absval)
{
    int m = c->m;
    double n = 0.0, abssum[m];
    for (int k = 0; k < m; k++)
        abssum[k] = 0.0;
    for (int r = 1; r <= c->nworkers; r++) {
        const double *a = c->abs_w + (size_t)r * (1 + (size_t)m);
        n += a[0];
        for (int k = 0; k < m; k++)
            abssum[k] += a[1 + k];
    }
    pint_qmc_absval(c->q, abssum, (long long)n, absval);
}

static int far_from(const qctl *c)
{
    double absval[c->m];
    ctl_absval(c, absval);
    return !pint_tolerance_met(c->opt, c->value, c->error, absval, c->m,
                               SPECULATE);
}

/* Open the next row if the window and the evaluation limit allow;
 * 1 when opened, 0 when not allowed, -1 when out of memory. */
static int open_row(qctl *c)
{
    if (c->next_row >= c->done_rows + LOOKAHEAD)
        return 0;
    if (c->next_row > c->done_rows && c->done_rows > 0 && !far_from(c))
        return 0;       /* the row in progress may well be the last */
    long long n = pint_qmc_row_points(c->q, c->next_row);
    if (n * c->nq > c->opt->max_evals - c->reserved)
        return 0;
    row_slot *s = &c->slot[c->next_row % LOOKAHEAD];
    s->row = c->next_row;
    s->n = n;
    long long k = c->opt->units_per_worker ? c->opt->units_per_worker
                                           : PINT_QMC_DEFAULT_UNITS;
    s->c = c->opt->qmc_units == PINT_UNITS_SINGLE_CELL ? c->nq
                                                       : k * c->nworkers;
    if (s->c > n * c->nq)
        s->c = n * c->nq;
    enum pint_schedule kind = c->opt->qmc_units == PINT_UNITS_SINGLE_CELL
                              ? PINT_SCHED_SS : c->opt->schedule;
    s->sched = pint_sched_new(kind, s->c, c->nworkers, NULL, 0);
    s->first = malloc((size_t)(s->c + 1) * sizeof *s->first);
    s->udone = calloc((size_t)s->c, 1);
    s->handed = s->done = 0;
    if (!s->sched || !s->first || !s->udone)
        return -1;
    s->first[0] = 0;
    for (long long u = 0; u < s->c; u++) {
        long long k = 0;
        for_pieces(n, c->nq, s->c, u, u + 1, count_piece, &k);
        s->first[u + 1] = s->first[u] + k;
    }
    s->npieces = s->first[s->c];
    s->sums = malloc((size_t)s->npieces * (size_t)c->m * sizeof *s->sums);
    if (!s->sums)
        return -1;
    c->reserved += n * c->nq;
    c->next_row++;
    return 1;
}

static void send_unit(qctl *c, int worker, double row, long long u0,
                      long long u1, long long units)
{
    double b[QUNIT_LEN] = { row, (double)u0, (double)u1, (double)units };
    MPI_Send(b, QUNIT_LEN, MPI_DOUBLE, worker, PINT_TAG_QMC_UNIT, c->comm);
    c->messages++;
}

/* Room in c->buf for the result of units u0..u1 of row slot s, before
 * they are handed out: so every result can be received.  -1 when out of
 * memory. */
static int make_room(qctl *c, const row_slot *s, long long u0, long long u1)
{
    size_t need = QRES_HEADER + (size_t)c->m
                  + (size_t)for_pieces(s->n, c->nq, s->c, u0, u1, NULL, NULL)
                    * (size_t)c->m;
    if (need <= c->cap)
        return 0;
    double *b = realloc(c->buf, need * sizeof *b);
    if (!b)
        return -1;
    c->buf = b;
    c->cap = need;
    return 0;
}

/* Give worker a unit, or park it; after stop, tell it to stop.  Returns
 * 1 when the worker was told to stop. */
static int serve(qctl *c, int worker)
{
    int no_room = 0;
    if (!c->stop)
        for (;;) {
            for (int i = 0; i < LOOKAHEAD; i++) {
                int row = c->done_rows + i;
                row_slot *s = &c->slot[row % LOOKAHEAD];
                if (s->row != row || s->handed >= s->c)
                    continue;
                long long k = pint_sched_next(s->sched, worker - 1);
                if (k < 1)
                    k = 1;
                if (k > s->c - s->handed)
                    k = s->c - s->handed;
                if ((no_room = make_room(c, s, s->handed, s->handed + k)))
                    break;
                send_unit(c, worker, row, s->handed, s->handed + k, s->c);
                s->handed += k;
                return 0;
            }
            int rc = no_room ? -1 : open_row(c);
            if (rc < 0) {
                c->stop = 1;
                c->status = PINT_ERR_NOMEM;
                snprintf(c->fail, sizeof c->fail, "out of memory");
                break;
            }
            if (rc == 0)
                break;
        }
    if (!c->stop) {
        /* nothing to hand out: all rows done and none fits the limit? */
        if (c->done_rows == c->next_row) {
            c->stop = 1;
            c->status = PINT_MAX_EVALS;
        } else {
            c->waiting[c->nwaiting++] = worker;
            return 0;
        }
    }
    send_unit(c, worker, -1.0, 0, 0, 0);
    return 1;
}

/* Finish the rows that are complete, in order. */
static int finish_rows(qctl *c)
{
    double *cellsum = calloc(2 * (size_t)c->nq * (size_t)c->m, sizeof *cellsum);
    if (!cellsum)
        return -1;
    for (;;) {
        row_slot *s = &c->slot[c->done_rows % LOOKAHEAD];
        if (s->row != c->done_rows || s->done < s->c)
            break;
        memset(cellsum, 0, 2 * (size_t)c->nq * (size_t)c->m * sizeof *cellsum);
        piece_add pa = { c->m, s->sums, cellsum,
                         cellsum + (size_t)c->nq * (size_t)c->m };
        for_pieces(s->n, c->nq, s->c, 0, s->c, add_piece, &pa);
        for (size_t i = 0; i < (size_t)c->nq * (size_t)c->m; i++)
            cellsum[i] += pa.comp[i];
        pint_qmc_row_done(c->q, s->row, cellsum, c->value, c->error);
        c->done_rows++;
        slot_free(s);
        pint_watch_progress(c->watch, c->evals_done, 0, c->done_rows,
                            c->nworkers, c->m, c->value, c->error);
        double absval[c->m];
        ctl_absval(c, absval);
        if (pint_tolerance_met(c->opt, c->value, c->error, absval, c->m,
                               1.0)) {
            c->stop = 1;
            c->status = PINT_CONVERGED;
            break;
        }
    }
    free(cellsum);
    return 0;
}

/* The pieces of the units returned, one after another (see qmc.h). */
typedef struct {
    int m, row;
    const double *sums;
    double *out;
} piece_copy;

static int copy_piece(void *arg, int cell, long long k0, long long k1)
{
    piece_copy *pc = arg;
    pc->out[0] = pc->row;
    pc->out[1] = cell;
    pc->out[2] = (double)k0;
    pc->out[3] = (double)k1;
    memcpy(pc->out + 4, pc->sums, (size_t)pc->m * sizeof *pc->sums);
    pc->out += PINT_QMC_PIECE(pc->m);
    pc->sums += pc->m;
    return 0;
}

/* Checkpoint: the finished rows and every unit returned of the rows in
 * progress. */
static void ctl_save(qctl *c)
{
    size_t n = 0;
    for (int i = 0; i < LOOKAHEAD; i++)
        if (c->slot[i].row >= c->done_rows)
            n += (size_t)c->slot[i].npieces;
    double *pieces = malloc((n ? n : 1) * PINT_QMC_PIECE(c->m)
                            * sizeof *pieces);
    if (!pieces) {
        snprintf(c->sv->res->checkpoint_message,
                 sizeof c->sv->res->checkpoint_message,
                 "checkpoint %s: out of memory", c->sv->path);
        return;
    }
    piece_copy pc = { c->m, 0, NULL, pieces };
    for (int i = 0; i < LOOKAHEAD; i++) {
        const row_slot *s = &c->slot[(c->done_rows + i) % LOOKAHEAD];
        if (s->row != c->done_rows + i)
            continue;
        pc.row = s->row;
        for (long long u = 0; u < s->c; u++)
            if (s->udone[u]) {
                pc.sums = s->sums + s->first[u] * c->m;
                for_pieces(s->n, c->nq, s->c, u, u + 1, copy_piece, &pc);
            }
    }
    size_t len;
    double *v = pint_qmc_pack(c->q, pieces,
                              (size_t)(pc.out - pieces) / PINT_QMC_PIECE(c->m),
                              &len);
    free(pieces);
    if (!v) {
        snprintf(c->sv->res->checkpoint_message,
                 sizeof c->sv->res->checkpoint_message,
                 "checkpoint %s: out of memory", c->sv->path);
        return;
    }
    pint_ckpt_save(c->sv->path, c->sv->desc, v, len, c->evals_done,
                   c->sv->res);
    free(v);
}

static int qmc_controller(qctl *c, long long *rank_evals)
{
    int active = c->nworkers;
    char line[FAIL_LINE];
    double head[QRES_HEADER];
    while (active > 0) {
        MPI_Status st;
        MPI_Probe(MPI_ANY_SOURCE, PINT_TAG_QMC_RESULT, c->comm, &st);
        int len;
        MPI_Get_count(&st, MPI_DOUBLE, &len);
        /* room was made before the unit went out (serve); a header only,
         * the first request or a failure, always fits */
        double *buf = (size_t)len <= c->cap ? c->buf : head;
        int w = st.MPI_SOURCE;
        MPI_Recv(buf, len, MPI_DOUBLE, w, PINT_TAG_QMC_RESULT, c->comm,
                 MPI_STATUS_IGNORE);
        c->messages++;
        int row = (int)buf[QRES_ROW];
        if (row >= 0) {
            long long u0 = (long long)buf[QRES_U0], u1 = (long long)buf[QRES_U1];
            /* the unit's row is open until all its units are back */
            row_slot *s = &c->slot[row % LOOKAHEAD];
            long long qn = s->n * c->nq;
            long long pts = unit_start(qn, s->c, u1) - unit_start(qn, s->c, u0);
            rank_evals[w] += pts;
            c->evals_done += pts;
            int rc = (int)buf[QRES_STATUS];
            if (rc == 0) {
                double *a = c->abs_w + (size_t)w * (1 + (size_t)c->m);
                a[0] = buf[QRES_ABS_N];
                memcpy(a + 1, buf + len - c->m, (size_t)c->m * sizeof *buf);
            }
            if (rc == 0 && c->stop && !pint_status_is_error(c->status)) {
                /* after the decision: for the checkpoint only */
                memcpy(s->sums + s->first[u0] * c->m, buf + QRES_HEADER,
                       (size_t)(s->first[u1] - s->first[u0]) * (size_t)c->m
                       * sizeof *buf);
                memset(s->udone + u0, 1, (size_t)(u1 - u0));
            }
            if (rc != 0) {
                MPI_Recv(line, FAIL_LINE, MPI_CHAR, w,
                         PINT_TAG_UNIT_FAIL, c->comm, MPI_STATUS_IGNORE);
                if (!c->fail[0] || !pint_status_is_error(c->status)) {
                    snprintf(c->fail, sizeof c->fail, "rank %d: %s", w, line);
                    c->status = rc;
                }
                c->stop = 1;
            } else if (!c->stop) {
                memcpy(s->sums + s->first[u0] * c->m, buf + QRES_HEADER,
                       (size_t)(s->first[u1] - s->first[u0]) * (size_t)c->m
                       * sizeof *buf);
                s->done += u1 - u0;
                memset(s->udone + u0, 1, (size_t)(u1 - u0));
                pint_sched_report(s->sched, w - 1, u1 - u0,
                                  buf[QRES_SECONDS]);
                if (finish_rows(c) != 0) {
                    c->stop = 1;
                    c->status = PINT_ERR_NOMEM;
                    snprintf(c->fail, sizeof c->fail, "out of memory");
                }
            }
        }
        int halt = c->stop ? 0 : pint_watch_halt(c->watch);
        if (halt) {             /* rows in progress: pieces of a checkpoint */
            c->stop = 1;
            c->status = halt;
        }
        if (!c->stop && pint_watch_checkpoint_due(c->watch)) {
            ctl_save(c);
            pint_watch_checkpoint_written(c->watch);
        }
        active -= serve(c, w);
        /* a finished row may have made units for the parked workers */
        int parked = c->nwaiting;
        c->nwaiting = 0;
        for (int i = 0; i < parked; i++)
            active -= serve(c, c->waiting[i]);
    }
    if (c->sv->path && !pint_status_is_error(c->status))
        ctl_save(c);
    return c->status;
}

/* The on-request modes from row `start` (the rows before are finished,
 * evals points computed so far, the checkpoint's included). */
static int qmc_units(pint_qmc *q, const pint_options *opt, pint_result *res,
                     MPI_Comm comm, int rank, int size, pint_watch *watch,
                     const pint_qmc_saving *sv, int start, long long evals)
{
    int m = res->ncomp;
    double hdr[4] = { 0 };
    double idle = 0.0;
    if (rank == 0) {
        qctl c;
        memset(&c, 0, sizeof c);
        c.q = q;
        c.opt = opt;
        c.watch = watch;
        c.comm = comm;
        c.m = m;
        c.nq = pint_qmc_shifts(q);
        c.nworkers = size - 1;
        c.status = PINT_MAX_EVALS;
        c.value = res->value;
        c.error = res->error;
        c.sv = sv;
        c.next_row = c.done_rows = start;
        c.reserved = c.evals_done = evals;
        for (int i = 0; i < LOOKAHEAD; i++)
            c.slot[i].row = -1;
        c.waiting = malloc((size_t)size * sizeof *c.waiting);
        c.abs_w = calloc((size_t)size * (1 + (size_t)m), sizeof *c.abs_w);
        c.cap = QRES_HEADER + 64 * (size_t)m;
        c.buf = malloc(c.cap * sizeof *c.buf);
        if (!c.waiting || !c.abs_w || !c.buf) {
            /* out of memory: every worker's first request gets a stop */
            c.stop = 1;
            c.status = PINT_ERR_NOMEM;
            c.cap = 0;
            snprintf(c.fail, sizeof c.fail, "out of memory");
        }
        int status = qmc_controller(&c, res->rank_evals);
        for (int i = 0; i < LOOKAHEAD; i++)
            slot_free(&c.slot[i]);
        free(c.waiting);
        free(c.abs_w);
        free(c.buf);
        hdr[0] = status;
        hdr[1] = c.done_rows;
        hdr[2] = c.done_rows > 0 ? (double)pint_qmc_row_points(q, c.done_rows - 1)
                                 : 0.0;
        hdr[3] = (double)c.messages;
        if (pint_status_is_error(status))
            snprintf(res->message, sizeof res->message, "%s", c.fail);
    } else {
        qmc_worker(q, m, comm, &idle);
    }
    MPI_Bcast(hdr, 4, MPI_DOUBLE, 0, comm);
    /* each worker's idle time to rank 0, added to a phase before */
    if (rank == 0) {
        for (int r = 1; r < size; r++) {
            double t;
            MPI_Recv(&t, 1, MPI_DOUBLE, r, PINT_TAG_QMC_IDLE, comm,
                     MPI_STATUS_IGNORE);
            res->rank_idle[r] += t;
        }
    } else {
        MPI_Send(&idle, 1, MPI_DOUBLE, 0, PINT_TAG_QMC_IDLE, comm);
    }
    res->rows = (long long)hdr[1];
    res->points_per_row = (long long)hdr[2];
    res->controller_messages = (long long)hdr[3];
    return pint_par_bcast_result(res, (int)hdr[0], comm);
}

int pint_par_qmc(const pint_function *fn, const pint_domain *dom,
                 const pint_options *opt, pint_result *res, MPI_Comm comm,
                 pint_watch *watch)
{
    pint_team t;
    pint_par_team(&t, &comm);
    pint_qmc *q;
    double *v;
    pint_qmc_saving sv;
    pint_ckpt desc;
    int m = fn->ncomp;
    if (opt->qmc_units == PINT_UNITS_ROW || t.size == 1)
        return pint_qmc_integrate(fn, dom, opt, &t, watch, res);
    int status = pint_qmc_open(fn, dom, opt, &t, res, &q, &v, &sv, &desc);
    if (status)
        return status;
    /* a resumed run finishes the rows in progress all together */
    int start = sv.rows;
    for (size_t i = 0; i < sv.npieces; i++) {
        int row = (int)sv.pieces[i * PINT_QMC_PIECE(m)];
        start = row + 1 > start ? row + 1 : start;
    }
    int met = pint_qmc_resumed_met(opt, sv.rows, res->value, res->error, m);
    /* the checkpoint's points count against the limit, also when no row
     * was in progress and the units take over at once */
    res->evals = sv.evals;
    status = start > sv.rows || met
             ? pint_qmc_rows(q, opt, &sv, &t, watch, start, res)
             : PINT_ROUNDS_HANDOVER;
    if (status == PINT_ROUNDS_HANDOVER)
        status = qmc_units(q, opt, res, comm, t.rank, t.size, watch, &sv,
                           start, res->evals);
    pint_qmc_free(q);
    free(v);
    return status;
}

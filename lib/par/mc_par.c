/* mc_par.c -- plain Monte Carlo over MPI, in two kinds of work units.
 *
 * Fixed-count rounds (default): the rounds of mc_run.c on the team of
 * the communicator, drawn from one shared stream by position.  Every
 * rank draws the units its speed earns it and adds every rank's unit
 * sums in order, so every rank sees the same estimate and takes the
 * same decision.  Reproducible for a fixed seed and rank count, whatever
 * the ranks' speeds.
 *
 * Fixed-time units (unit_seconds > 0, two ranks or more; Cucos 2003,
 * Figure 4.6): worker r draws from stream r (streams never overlap, see
 * rng.h); a resumed run continues each stream where the checkpoint left
 * it.  Rank 0 only controls.  Every worker calibrates its unit
 * from its measured rate so that a unit takes about unit_seconds, and
 * after each unit reports its cumulative (sum, sum of squares, count).
 * The controller adds the latest report of every worker and, when the
 * standard error meets the tolerance, tells all to stop.  A worker looks
 * for the stop only between units (for its own time limit and stop
 * request also within one, see timed_worker): what it computes after
 * the decision is the breaking loss, counted in the evaluations but not
 * in the estimate (which is the one that met the tolerance).  Each worker keeps
 * to an even share of the evaluation limit.  The answer depends on
 * timing, so it is not reproducible.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "par.h"
#include "mc.h"
#include "mc_run.h"
#include "result.h"
#include "tolerance.h"
#include "domain.h"

/* The checkpoints of fixed-time units: base, the state resumed from
 * (its sums count in every estimate, its points against the evaluation
 * limit) or NULL; path: the file rank 0 writes (header desc; counted in
 * res) with the state of all reports so far every `period` seconds and
 * when the run stops for any reason but an error; NULL: none. */
typedef struct {
    const pint_mc_state *base;
    const char *path;
    const pint_ckpt *desc;
    pint_result *res;
    double period;
} pint_mc_saving;

#define FAIL_LINE 200       /* characters of a worker's failure line */
#define FIRST_UNIT 64       /* points of a worker's first, timing unit */

/* A worker of fixed-time units: sample, report, look for stop.  A unit
 * looks at the clock and the stop flag between batches of points (a
 * signal must stop the run within about a second, whatever the unit's
 * length): a halt ends the unit early, reported as HALTED, and the
 * controller stops everyone. */
static void timed_worker(pint_mc *mc, int m, long long budget, double t_unit,
                         MPI_Comm comm, const pint_watch *watch, double *b)
{
    size_t len = MCR_HEADER + 3 * (size_t)m;
    long long n = FIRST_UNIT;
    double idle = 0.0;
    int status = 0, exhausted = 0, halt = 0;  /* a zero share still
                                                 reports once */
    for (;;) {
        int stop = 0;
        MPI_Iprobe(0, PINT_TAG_MC_STOP, comm, &stop, MPI_STATUS_IGNORE);
        if (stop || status || exhausted || halt)
            break;
        long long left = budget - pint_mc_count(mc);
        if (n > left)
            n = left;
        double t0 = pint_watch_now();
        status = pint_mc_sample_watched(mc, n, watch);
        double dt = pint_watch_now() - t0;
        if (status == PINT_INTERRUPTED || status == PINT_TIME_LIMIT) {
            halt = status;
            status = 0;
        }
        long long cnt;
        pint_mc_sums(mc, b + MCR_HEADER, b + MCR_HEADER + m, &cnt);
        pint_mc_abs(mc, b + MCR_HEADER + 2 * m);
        exhausted = cnt >= budget;
        b[MCR_KIND] = halt ? PINT_MCR_HALTED
                    : exhausted ? PINT_MCR_EXHAUSTED : PINT_MCR_UNIT;
        b[MCR_HALT] = halt;
        b[MCR_COUNT] = (double)cnt;
        b[MCR_STATUS] = status;
        MPI_Send(b, (int)len, MPI_DOUBLE, 0, PINT_TAG_MC_REPORT, comm);
        if (status) {
            char line[FAIL_LINE];
            snprintf(line, sizeof line, "%s", pint_mc_message(mc));
            MPI_Send(line, FAIL_LINE, MPI_CHAR, 0, PINT_TAG_UNIT_FAIL, comm);
        }
        /* Figure 4.6: the next unit from the measured rate, at most
         * doubling, so that one slow start does not make a huge unit */
        double want = dt > 0 ? (double)n * t_unit / dt : 2.0 * (double)n;
        if (want > 2.0 * (double)n)
            want = 2.0 * (double)n;
        n = want < 1.0 ? 1 : (long long)want;
    }
    double t0 = pint_watch_now();
    int dummy;
    MPI_Recv(&dummy, 1, MPI_INT, 0, PINT_TAG_MC_STOP, comm, MPI_STATUS_IGNORE);
    idle += pint_watch_now() - t0;
    b[MCR_KIND] = PINT_MCR_FINAL;
    b[MCR_COUNT] = (double)pint_mc_count(mc);
    b[MCR_STATUS] = status;
    b[MCR_IDLE] = idle;
    MPI_Send(b, (int)len, MPI_DOUBLE, 0, PINT_TAG_MC_REPORT, comm);
}

/* The state of the points in the workers' reports `latest` and the
 * base, as a checkpoint keeps it. */
static void timed_state(pint_mc_state *st, const pint_mc_state *base,
                        const double *latest, size_t len, int m, int size)
{
    st->count = base ? base->count : 0;
    for (int k = 0; k < 2 * m; k++)
        st->sum[k] = base ? base->sum[k] : 0.0;
    for (int r = 0; r < st->nstreams; r++)
        st->pos[r] = base && r < base->nstreams ? base->pos[r] : 0;
    st->next = base ? base->next : 0;   /* the rounds' stream */
    for (int r = 1; r < size; r++) {
        const double *l = latest + (size_t)r * len;
        st->count += (long long)l[MCR_COUNT];
        st->pos[r] += (long long)l[MCR_COUNT];
        for (int k = 0; k < 2 * m; k++)
            st->sum[k] += l[MCR_HEADER + k];
    }
}

/* Rank 0 writes st as sv's checkpoint. */
static void save_state(const pint_mc_saving *sv, const pint_mc_state *st)
{
    size_t len;
    double *v = pint_mc_state_pack(st, &len);
    if (!v) {
        snprintf(sv->res->checkpoint_message,
                 sizeof sv->res->checkpoint_message,
                 "checkpoint %s: out of memory", sv->path);
        return;
    }
    pint_ckpt_save(sv->path, sv->desc, v, len, st->count, sv->res);
    free(v);
}

/* The controller of fixed-time units; fills res (on rank 0).  With
 * checkpoints, every report is kept (the estimate uses only those before
 * the decision), so that the checkpoints hold every point drawn. */
/* What a rank of fixed-time units needs, allocated before they start
 * (all ranks agree it is there): a report; the controller also the
 * latest and all reports of every worker, who has stopped, a state for
 * the checkpoints. */
typedef struct {
    double *b;
    double *latest, *all;
    char *stopped;
    pint_mc_state *st;
} timed_room;

static int timed_room_new(timed_room *r, int rank, int m, int size,
                          const pint_mc_saving *sv)
{
    size_t len = MCR_HEADER + 3 * (size_t)m;
    memset(r, 0, sizeof *r);
    r->b = calloc(len + 2 * (size_t)m, sizeof *r->b);
    if (rank != 0)
        return r->b ? 0 : -1;
    r->latest = calloc((size_t)size * len, sizeof *r->latest);
    r->all = calloc((size_t)size * len, sizeof *r->all);
    r->stopped = calloc((size_t)size, 1);
    const pint_mc_state *base = sv->base;
    int nstreams = base && base->nstreams > size ? base->nstreams : size;
    r->st = pint_mc_state_new(m, nstreams);
    return r->b && r->latest && r->all && r->stopped && r->st ? 0 : -1;
}

static void timed_room_free(timed_room *r)
{
    free(r->b);
    free(r->latest);
    free(r->all);
    free(r->stopped);
    pint_mc_state_free(r->st);
}

static int timed_controller(int m, int size, double vol,
                            const pint_options *opt, MPI_Comm comm,
                            pint_result *res, pint_watch *watch,
                            const pint_mc_saving *sv, timed_room *room)
{
    int nw = size - 1;
    size_t len = MCR_HEADER + 3 * (size_t)m;
    double *b = room->b, *abssum = b + len, *absval = abssum + m;
    double *latest = room->latest, *all = room->all;
    char *stopped = room->stopped;
    const pint_mc_state *base = sv->base;
    pint_mc_state *st = room->st;
    int finals = 0, deciding = 1, status = PINT_MAX_EVALS, dummy = 0;
    long long messages = 0;
    char line[FAIL_LINE];
    while (finals < nw) {
        MPI_Status ms;
        MPI_Recv(b, (int)len, MPI_DOUBLE, MPI_ANY_SOURCE, PINT_TAG_MC_REPORT,
                 comm, &ms);
        messages++;
        int w = ms.MPI_SOURCE, kind = (int)b[MCR_KIND];
        res->rank_evals[w] = (long long)b[MCR_COUNT];
        if (b[MCR_STATUS] == 0)
            memcpy(all + (size_t)w * len, b, len * sizeof *b);
        if (kind == PINT_MCR_FINAL) {
            res->rank_idle[w] = b[MCR_IDLE];
            finals++;
            continue;
        }
        int stop_all = 0;
        if (b[MCR_STATUS] != 0) {
            MPI_Recv(line, FAIL_LINE, MPI_CHAR, w, PINT_TAG_UNIT_FAIL, comm,
                     MPI_STATUS_IGNORE);
            if (deciding) {
                status = (int)b[MCR_STATUS];
                snprintf(res->message, sizeof res->message, "rank %d: %s", w,
                         line);
            }
            deciding = 0;
            stop_all = 1;
        } else if (deciding) {
            memcpy(latest + (size_t)w * len, b, len * sizeof *b);
            timed_state(st, base, latest, len, m, size);
            pint_mc_estimate(m, st->sum, st->sumsq, st->count, vol,
                             res->value, res->error);
            long long n = st->count, drawn = 0;
            res->evals = n;
            pint_watch_progress(watch, n, 0, 0, nw, m, res->value,
                                res->error);
            /* the floor's integral of |f|: the points of this run */
            for (int k = 0; k < m; k++)
                abssum[k] = 0.0;
            for (int r = 1; r < size; r++) {
                const double *l = latest + (size_t)r * len;
                drawn += (long long)l[MCR_COUNT];
                for (int k = 0; k < m; k++)
                    abssum[k] += l[MCR_HEADER + 2 * m + k];
            }
            pint_mc_absval(m, abssum, drawn, vol, absval);
            int halt = pint_watch_halt(watch);
            if (!halt && kind == PINT_MCR_HALTED)
                halt = (int)b[MCR_HALT];    /* a stop seen by a worker
                                               first stops all */
            if (pint_tolerance_met(opt, res->value, res->error, absval, m,
                                   1.0)) {
                status = PINT_CONVERGED;
                deciding = 0;
                stop_all = 1;
            } else if (halt) {
                status = halt;
                deciding = 0;
                stop_all = 1;
            }
        }
        if (!pint_status_is_error(status)
            && pint_watch_checkpoint_due(watch)) {
            timed_state(st, base, all, len, m, size);
            save_state(sv, st);
            pint_watch_checkpoint_written(watch);
        }
        for (int r = 1; r < size; r++)
            if (!stopped[r] && (stop_all || r == w)
                && (stop_all || kind == PINT_MCR_EXHAUSTED)) {
                MPI_Send(&dummy, 1, MPI_INT, r, PINT_TAG_MC_STOP, comm);
                stopped[r] = 1;
                messages++;
            }
    }
    res->controller_messages = messages;
    if (sv->path && !pint_status_is_error(status)) {
        timed_state(st, base, all, len, m, size);
        save_state(sv, st);
    }
    return status;
}

/* Fixed-time units: rank 0 controls, the others sample. */
static int par_mc_timed(pint_mc *mc, int m, const pint_options *opt,
                        double vol, pint_result *res, MPI_Comm comm, int rank,
                        int size, pint_watch *watch, const pint_mc_saving *sv)
{
    memset(res->rank_evals, 0, (size_t)size * sizeof *res->rank_evals);
    memset(res->rank_idle, 0, (size_t)size * sizeof *res->rank_idle);
    for (int k = 0; k < m; k++) {
        res->value[k] = 0.0;
        res->error[k] = INFINITY;
    }
    res->evals = 0;
    timed_room room;
    int status = timed_room_new(&room, rank, m, size, sv) == 0 ? 0
                 : pint_fail(res, PINT_ERR_NOMEM, "rank %d: out of memory",
                             rank);
    status = pint_par_agree(comm, status, res);
    if (status) {
        timed_room_free(&room);
        return status;
    }
    if (rank == 0) {
        status = timed_controller(m, size, vol, opt, comm, res, watch, sv,
                                  &room);
    } else {
        int nw = size - 1, w = rank - 1;
        long long left = opt->max_evals - res->resumed_evals;
        if (left < 0)
            left = 0;
        long long budget = left / nw + (w < left % nw);
        timed_worker(mc, m, budget, opt->unit_seconds, comm, watch, room.b);
    }
    timed_room_free(&room);
    double msgs = (double)res->controller_messages;
    MPI_Bcast(&msgs, 1, MPI_DOUBLE, 0, comm);
    res->controller_messages = (long long)msgs;
    /* evals: every point computed, the breaking loss included */
    return pint_par_bcast_result(res, status, comm);
}

int pint_par_mc(const pint_function *fn, const pint_domain *dom,
                const pint_options *opt, pint_result *res, MPI_Comm comm,
                pint_watch *watch)
{
    pint_team t;
    pint_par_team(&t, &comm);
    res->method = PINT_METHOD_MC;
    pint_mc *mc;
    pint_mc_state *base;
    pint_ckpt desc;
    int status = pint_mc_open(fn, dom, opt, &t, res, &mc, &base, &desc);
    if (status)
        return status;
    if (opt->unit_seconds > 0 && t.size > 1) {
        pint_mc_saving sv = { base, opt->checkpoint, &desc, res,
                              opt->checkpoint_seconds };
        status = par_mc_timed(mc, fn->ncomp, opt,
                              pint_domain_volume(dom, fn->ndim), res, comm,
                              t.rank, t.size, watch, &sv);
    } else {
        status = pint_mc_rounds(mc, base, &desc, fn, dom, opt, &t, watch,
                                res);
    }
    pint_mc_free(mc);
    pint_mc_state_free(base);
    return status;
}

/* rounds.c -- the run skeleton of the sampling methods (see rounds.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "rounds.h"
#include "result.h"
#include "tolerance.h"

/* What the loop adds to each member's numbers. */
enum { TAIL_STATUS, TAIL_HALT, TAIL_CUT, TAIL_POINTS, TAIL_SECONDS,
       TAIL_LEN };

#define GO_ON (-2)              /* no verdict yet */

typedef struct {
    const pint_sampler *s;
    pint_team *t;
    const pint_options *opt;
    pint_watch *w;
    const pint_rounds_saving *sv;
    pint_result *res;
    long long evals;            /* before, and the team's points since */
    long long own;              /* this member's points */
    long long rows;
    double *mine, *all;         /* a step's numbers and every member's */
    size_t cap;                 /* numbers of a member each one holds */
    double *rate;               /* every member's points a second in the
                                   last finished step (0: unknown) */
    int measured;               /* rate holds a step's */
    int cut_said;               /* its work was cut with a line: a call
                                   abandoned at the time limit (eval.h) */
    char cut_line[256];
} run;

/* Member 0 writes the checkpoint (partial: within a step). */
static void save(run *r, int partial)
{
    if (!r->sv->path || r->t->rank != 0)
        return;
    size_t len;
    long long points = 0;
    double *v = r->s->pack(r->s->self, partial, &len, &points);
    if (!v) {
        snprintf(r->res->checkpoint_message,
                 sizeof r->res->checkpoint_message,
                 "checkpoint %s: out of memory", r->sv->path);
        return;
    }
    pint_ckpt_save(r->sv->path, r->sv->desc, v, len, r->evals + points,
                   r->res);
    free(v);
}

/* Within a step on a team of one: the periodic checkpoint. */
static void tick(void *arg)
{
    run *r = arg;
    if (!pint_watch_checkpoint_due(r->w))
        return;
    save(r, 1);
    pint_watch_checkpoint_written(r->w);
}

/* Room for a step of len numbers (and the tail) from every member. */
static int room(run *r, size_t len)
{
    size_t need = len + TAIL_LEN;
    if (!r->rate && !(r->rate = calloc((size_t)r->t->size, sizeof *r->rate)))
        return -1;
    if (need <= r->cap)
        return 0;
    double *a = realloc(r->mine, need * sizeof *a);
    if (!a)
        return -1;
    r->mine = a;
    double *b = realloc(r->all, need * (size_t)r->t->size * sizeof *b);
    if (!b)
        return -1;
    r->all = b;
    r->cap = need;
    return 0;
}

/* The next step planned, with its room, on every member: 0 (go on,
 * *len numbers each), PINT_ROUNDS_HANDOVER, PINT_MAX_EVALS (the step
 * does not fit under the limit), or the agreed failure (res failed with
 * it, keeping the estimate; *agreed set). */
static int plan(run *r, size_t *len, int *agreed)
{
    long long left = r->opt->max_evals - r->evals, need = 0;
    int rc = r->s->plan(r->s->self, r->t, r->measured ? r->rate : NULL,
                        left, &need, len);
    if (rc == 0 && room(r, *len) != 0)
        rc = PINT_ERR_NOMEM;
    int st = pint_team_settle(r->t, rc == PINT_ERR_NOMEM ? rc : 0, NULL, 1,
                              r->res);
    if (st) {
        *agreed = 1;
        return st;
    }
    if (rc == PINT_ROUNDS_HANDOVER)
        return rc;
    return need > left ? PINT_MAX_EVALS : 0;
}

/* This member's part of the step and every member's numbers: returns
 * the first failing member's status (0: none) and, in *halt, the
 * strongest halt of any member (a stop request over the clock). */
static int step(run *r, size_t len, pint_step *st, int *halt)
{
    const pint_sampler *s = r->s;
    int periodic = r->t->size == 1 && r->sv->path && r->sv->period > 0;
    double t0 = pint_watch_now();
    long long points = 0;
    int rc = s->work(s->self, r->t, r->w, r->mine, &points,
                     periodic ? tick : NULL, r);
    int cut = rc == PINT_TIME_LIMIT || rc == PINT_INTERRUPTED;
    if (cut && !r->cut_said && s->message(s->self)[0]) {
        r->cut_said = 1;
        snprintf(r->cut_line, sizeof r->cut_line, "%s",
                 s->message(s->self));
    }
    double *tail = r->mine + len;
    tail[TAIL_STATUS] = cut ? 0 : rc;
    tail[TAIL_HALT] = cut ? rc : pint_watch_halt(r->w);
    tail[TAIL_CUT] = cut;
    tail[TAIL_POINTS] = (double)points;
    tail[TAIL_SECONDS] = pint_watch_now() - t0;
    r->own += points;
    size_t n = len + TAIL_LEN;
    pint_team_gather(r->t, r->mine, r->all, n);
    int failed = 0;
    *halt = 0;
    st->stride = n;
    st->cut = 0;
    st->points = 0;
    st->seconds = 0.0;
    for (int m = 0; m < r->t->size; m++)
        st->cut |= r->all[(size_t)m * n + len + TAIL_CUT] != 0.0;
    if (!st->cut && r->rate) {
        /* the speeds of a finished step (a member that did nothing keeps
         * its last); the same numbers on every member */
        for (int m = 0; m < r->t->size; m++) {
            const double *x = r->all + (size_t)m * n + len;
            if (x[TAIL_POINTS] > 0.0 && x[TAIL_SECONDS] > 0.0)
                r->rate[m] = x[TAIL_POINTS] / x[TAIL_SECONDS];
        }
        r->measured = 1;
    }
    for (int m = 0; m < r->t->size; m++) {
        const double *x = r->all + (size_t)m * n + len;
        if (!failed && x[TAIL_STATUS] != 0.0)
            failed = (int)x[TAIL_STATUS];
        *halt = x[TAIL_HALT] > *halt ? (int)x[TAIL_HALT] : *halt;
        st->cut |= x[TAIL_CUT] != 0.0;
        st->points += (long long)x[TAIL_POINTS];
        st->seconds = x[TAIL_SECONDS] > st->seconds ? x[TAIL_SECONDS]
                                                     : st->seconds;
    }
    return failed;
}

/* The estimate from every member's numbers, and the verdict: every
 * member takes the same from the same numbers (an estimate that
 * overflowed: PINT_ERR_NONFINITE with res's message, on every member
 * alike). */
static int verdict(run *r, const pint_step *st, int halt)
{
    const pint_sampler *s = r->s;
    int m = s->ncomp;
    double absval[m];
    int fresh = s->combine(s->self, r->t, r->all, st, r->res->value,
                           r->res->error, absval, &r->rows);
    pint_watch_progress(r->w, r->evals, 0, r->rows, r->t->size, m,
                        r->res->value, r->res->error);
    /* fresh < 0: the method saw its sums out of range, and left a NaN
     * error where (rounds.h) */
    if (fresh && pint_overflowed(r->res->value, r->res->error, absval, m,
                                 r->res))
        return PINT_ERR_NONFINITE;
    if (fresh > 0 && pint_tolerance_met(r->opt, r->res->value, r->res->error,
                                    absval, m, 1.0))
        return PINT_CONVERGED;
    if (halt)
        return halt;
    return r->evals >= r->opt->max_evals ? PINT_MAX_EVALS : GO_ON;
}

/* The steps until a verdict. */
static int steps(run *r, int *agreed)
{
    for (;;) {
        size_t len;
        int status = plan(r, &len, agreed);
        if (status == PINT_MAX_EVALS)
            save(r, 0);
        if (status)
            return status;
        pint_step st;
        int halt;
        status = step(r, len, &st, &halt);
        r->evals += st.points;
        if (status)
            return status;
        status = verdict(r, &st, halt);
        if (status == PINT_ERR_NONFINITE) {
            *agreed = 1;        /* every member's verdict, and its line */
            pint_no_estimate(r->res);
            return status;
        }
        int due = pint_watch_checkpoint_due(r->w);
        if (status != GO_ON || due)
            save(r, 0);
        if (due)
            pint_watch_checkpoint_written(r->w);
        if (status != GO_ON)
            return status;
    }
}

/* The line of the first member whose work was cut with one, into
 * res->message (every member takes part). */
static void cut_line(run *r, pint_result *res)
{
    char line[sizeof res->message];
    if (r->t->size > 1)
        snprintf(line, sizeof line, "rank %d: %.200s", r->t->rank,
                 r->cut_line);
    else
        snprintf(line, sizeof line, "%s", r->cut_line);
    if (pint_team_first_failure(r->t, r->cut_said, line, sizeof line))
        snprintf(res->message, sizeof res->message, "%s", line);
}

int pint_rounds_run(const pint_sampler *s, pint_team *t,
                    const pint_options *opt, pint_watch *w,
                    const pint_rounds_saving *sv, pint_result *res)
{
    run r = { s, t, opt, w, sv, res, sv->before, 0, 0, NULL, NULL, 0, NULL,
              0, 0, "" };
    int agreed = 0, status;
    if (sv->resumed && pint_tolerance_met(opt, res->value, res->error, NULL,
                                          s->ncomp, 1.0)) {
        save(&r, 0);            /* as the uninterrupted run stopped */
        status = PINT_CONVERGED;
    } else {
        status = steps(&r, &agreed);
    }
    free(r.mine);
    free(r.all);
    free(r.rate);
    pint_team_share_ranks(t, r.own, t->idle, res);
    res->evals = r.evals;
    if (status == PINT_ROUNDS_HANDOVER)
        return status;
    pint_team_share_checkpoints(t, res);
    if (status == PINT_TIME_LIMIT)     /* the first member's cut line */
        cut_line(&r, res);
    if (pint_status_is_error(status) && !agreed)
        status = pint_team_share_failure(t, status, s->message(s->self),
                                         res);
    return status;
}

/* ------------------------------------------------- shares by speed */

/* A member's share stays within these multiples of an even share: a
 * slow member keeps being measured, and a member's numbers (the
 * gather's stride) stay bounded. */
#define SHARE_MIN 0.25
#define SHARE_MAX 4.0
/* A member's share in units of an even one: in proportion to its rate
 * (known: every rate is), clamped. */
static double clamped_share(const double *rate, int known, double total,
                            int P, int r)
{
    double share = (known ? rate[r] : 1.0) / total * P;
    return share < SHARE_MIN ? SHARE_MIN : share > SHARE_MAX ? SHARE_MAX
                                                             : share;
}

void pint_rounds_share(const double *rate, int P, long long units,
                        long long *start)
{
    double total = 0.0, sum = 0.0, acc = 0.0;
    int known = rate != NULL;
    for (int r = 0; r < P && known; r++)
        known = rate[r] > 0.0 && isfinite(rate[r]);
    for (int r = 0; r < P; r++)
        total += known ? rate[r] : 1.0;
    for (int r = 0; r < P; r++)
        sum += clamped_share(rate, known, total, P, r);
    start[0] = 0;
    for (int r = 1; r < P; r++) {
        acc += clamped_share(rate, known, total, P, r - 1);
        long long u = llround(acc / sum * (double)units);
        start[r] = u < start[r - 1] ? start[r - 1] : u > units ? units : u;
    }
    start[P] = units;
}


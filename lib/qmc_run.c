/* qmc_run.c -- the rows of the lattice rules on one process or a team
 * (see qmc_run.h): the engine of qmc.c as a method of the run skeleton
 * (rounds.h).
 *
 * A step is a row: its todo intervals (what resumed pieces leave out)
 * are cut into fixed units (32 a member, of 64 points or more), the
 * units cut at the intervals' ends into pieces; each member computes a
 * run of consecutive units, as many as its speed in the last row earns
 * it (pint_rounds_run measures it), and every member adds all the
 * pieces' sums in the order of the pieces (with compensation), so all
 * finish the row with the same estimate, and that estimate does not
 * depend on who computed what: the same bits whatever the speeds. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "qmc_run.h"
#include "options.h"
#include "result.h"
#include "rounds.h"
#include "sum.h"

/* Units of a row per member: a member's share of a row is a whole
 * number of units, so a unit is the granularity of the balance (1/32
 * of an even share); a unit has at least UNIT_MIN_POINTS points, so
 * that a piece is worth its numbers.  (With 4096 the units of a costly
 * integrand's small rows were a few a member, and ranks alike took 1.3
 * times as long as with even shares: bench/RESULTS.md 5.4.) */
#define UNITS_PER_MEMBER 32
#define UNIT_MIN_POINTS 64

typedef struct {
    pint_qmc *q;
    const pint_qmc_saving *sv;  /* the resumed pieces */
    int m, row, until;          /* row: the one planned */
    long long rows;             /* rows finished */
    long long *todo, ntodo;     /* the planned row's intervals */
    long long *pieces;          /* ... cut into units, their pieces */
    long long *ufirst;          /* unit u's first piece (units + 1) */
    long long *mfirst;          /* member r's first piece (size + 1) */
    long long most;             /* the most pieces of one member */
    double *cellsum, *comp;     /* its cell sums (shifts x m) */
    size_t cells;
    const double *out;          /* this member's work on the row */
    const double *all;          /* every member's, when it was cut */
    size_t stride;
    int size, cut;
} qmc_method;

static int qmc_plan(void *self, const pint_team *t, const double *rate,
                    long long left, long long *need, size_t *len)
{
    (void)left;
    qmc_method *s = self;
    if (s->until >= 0 && s->row >= s->until)
        return PINT_ROUNDS_HANDOVER;
    free(s->todo);
    free(s->pieces);
    free(s->ufirst);
    s->todo = s->pieces = s->ufirst = NULL;
    s->cut = 0;
    s->ntodo = pint_qmc_todo(s->q, s->row, s->sv->pieces, s->sv->npieces,
                             s->cellsum, &s->todo);
    if (s->ntodo < 0) {
        s->ntodo = 0;
        return PINT_ERR_NOMEM;
    }
    *need = 0;
    for (long long i = 0; i < s->ntodo; i++)
        *need += s->todo[3 * i + 2] - s->todo[3 * i + 1];
    /* the row in fixed units (one process: the intervals as they are) */
    long long units = 1;
    if (t->size > 1) {
        units = (long long)UNITS_PER_MEMBER * t->size;
        if (units > *need / UNIT_MIN_POINTS)
            units = *need / UNIT_MIN_POINTS;
        if (units < t->size)
            units = t->size;
    }
    s->ufirst = malloc((size_t)(units + 1) * sizeof *s->ufirst);
    long long count = s->ufirst ? pint_qmc_cut(s->todo, s->ntodo, units,
                                               &s->pieces, s->ufirst) : -1;
    if (count < 0)
        return PINT_ERR_NOMEM;
    /* each member's first unit, then its first piece */
    pint_rounds_share(rate, t->size, units, s->mfirst);
    s->most = 0;
    for (int r = 0; r <= t->size; r++) {
        s->mfirst[r] = s->ufirst[s->mfirst[r]];
        if (r > 0 && s->mfirst[r] - s->mfirst[r - 1] > s->most)
            s->most = s->mfirst[r] - s->mfirst[r - 1];
    }
    /* per piece: points done and sums; then the sums of |f|, drawn */
    *len = (size_t)s->most * (1 + (size_t)s->m) + (size_t)s->m + 1;
    return 0;
}

static int qmc_work(void *self, const pint_team *t, pint_watch *w,
                    double *mine, long long *points, void (*tick)(void *),
                    void *tick_arg)
{
    qmc_method *s = self;
    size_t wd = 1 + (size_t)s->m;
    long long first = s->mfirst[t->rank];
    long long n = s->mfirst[t->rank + 1] - first;
    const long long *own = s->pieces + 3 * first;
    s->out = mine;
    int rc = pint_qmc_work(s->q, s->row, own, n, w, tick, tick_arg, mine);
    *points = 0;
    for (long long i = 0; i < n; i++)
        *points += (long long)mine[(size_t)i * wd];
    if (rc != 0 && rc != PINT_TIME_LIMIT && rc != PINT_INTERRUPTED)
        for (long long i = 0; i < n; i++)   /* a failed piece counts whole */
            *points += own[3 * i + 2] - own[3 * i + 1]
                       - (long long)mine[(size_t)i * wd];
    double *abs = mine + (size_t)s->most * wd;
    long long drawn;
    pint_qmc_abs(s->q, abs, &drawn);
    abs[s->m] = (double)drawn;
    return rc;
}

/* Every member's sums into the planned row's cells, in the order of the
 * pieces (the members' pieces follow each other in rank order), with
 * compensation: the sums do not depend on which member computed which
 * piece. */
static void add_cells(qmc_method *s, const double *all, size_t stride,
                      int size)
{
    int m = s->m;
    size_t wd = 1 + (size_t)m;
    memset(s->comp, 0, s->cells * sizeof *s->comp);
    for (int r = 0; r < size; r++)
        for (long long i = s->mfirst[r]; i < s->mfirst[r + 1]; i++)
            for (int k = 0; k < m; k++) {
                size_t c = (size_t)s->pieces[3 * i] * (size_t)m + (size_t)k;
                pint_sum acc = { s->cellsum[c], s->comp[c] };
                pint_sum_add(&acc, all[(size_t)r * stride
                                       + (size_t)(i - s->mfirst[r]) * wd
                                       + 1 + (size_t)k]);
                s->cellsum[c] = acc.s;
                s->comp[c] = acc.c;
            }
    for (size_t i = 0; i < s->cells; i++)
        s->cellsum[i] += s->comp[i];
}

static int qmc_combine(void *self, const pint_team *t, const double *all,
                       const pint_step *st, double *value, double *error,
                       double *absval, long long *rows)
{
    qmc_method *s = self;
    int m = s->m;
    *rows = s->rows;
    if (st->cut) {              /* unfinished: kept as pieces */
        s->all = all;
        s->stride = st->stride;
        s->size = t->size;
        s->cut = 1;
        return 0;
    }
    add_cells(s, all, st->stride, t->size);
    pint_qmc_row_done(s->q, s->row, s->cellsum, value, error);
    s->rows = ++s->row;
    *rows = s->rows;
    /* the floor's integral of |f|: every member's points, in rank order */
    size_t at = (size_t)s->most * (1 + (size_t)m);
    double abssum[m], drawn = 0.0;
    for (int k = 0; k < m; k++)
        abssum[k] = 0.0;
    for (int r = 0; r < t->size; r++) {
        const double *x = all + (size_t)r * st->stride + at;
        drawn += x[m];
        for (int k = 0; k < m; k++)
            abssum[k] += x[k];
    }
    pint_qmc_absval(s->q, abssum, (long long)drawn, absval);
    return 1;
}

static double *qmc_pack(void *self, int partial, size_t *len,
                        long long *points)
{
    qmc_method *s = self;
    const pint_qmc_saving *sv = s->sv;
    *points = 0;
    if (partial) {              /* a team of one, within the row */
        size_t wd = 1 + (size_t)s->m;
        for (long long i = 0; i < s->mfirst[1]; i++)
            *points += (long long)s->out[(size_t)i * wd];
        return pint_qmc_pack_row(s->q, sv->pieces, sv->npieces, s->row,
                                 s->pieces, s->mfirst, 1, s->out, 0, len);
    }
    if (s->cut)
        return pint_qmc_pack_row(s->q, sv->pieces, sv->npieces, s->row,
                                 s->pieces, s->mfirst, s->size, s->all,
                                 s->stride, len);
    return pint_qmc_pack_row(s->q, sv->pieces, sv->npieces, s->row, NULL,
                             NULL, 1, NULL, 0, len);
}

static const char *qmc_message(void *self)
{
    return pint_qmc_message(((qmc_method *)self)->q);
}

int pint_qmc_rows(pint_qmc *q, const pint_options *opt,
                  const pint_qmc_saving *sv, pint_team *t, pint_watch *w,
                  int until, pint_result *res)
{
    int m = res->ncomp;
    size_t cells = (size_t)pint_qmc_shifts(q) * (size_t)m;
    qmc_method s = { .q = q, .sv = sv, .m = m, .row = sv->rows,
                     .until = until, .rows = sv->rows, .cells = cells };
    s.cellsum = malloc(2 * cells * sizeof *s.cellsum);
    s.mfirst = malloc(((size_t)t->size + 1) * sizeof *s.mfirst);
    int ok = s.cellsum && s.mfirst;
    int status = pint_team_settle(t, ok ? 0 : PINT_ERR_NOMEM, NULL, 1, res);
    if (status) {
        free(s.cellsum);
        free(s.mfirst);
        return status;
    }
    s.comp = s.cellsum + cells;
    pint_sampler sm = { &s, m, qmc_plan, qmc_work, qmc_combine, qmc_pack,
                        qmc_message };
    pint_rounds_saving rs = { sv->path, sv->desc, sv->period, sv->evals,
                              sv->rows > 0 };
    status = pint_rounds_run(&sm, t, opt, w, &rs, res);
    res->rows = s.rows;
    res->points_per_row = s.rows > 0 ? pint_qmc_row_points(q, (int)s.rows - 1)
                                     : 0;
    free(s.todo);
    free(s.pieces);
    free(s.ufirst);
    free(s.mfirst);
    free(s.cellsum);
    return status;
}

int pint_qmc_open(const pint_function *fn, const pint_domain *dom,
                  const pint_options *opt, pint_team *t, pint_result *res,
                  pint_qmc **q, double **v, pint_qmc_saving *sv,
                  pint_ckpt *desc)
{
    int m = fn->ncomp, shifts = opt->shifts ? opt->shifts
                                            : PINT_QMC_DEFAULT_SHIFTS;
    res->method = PINT_METHOD_QMC;
    res->shifts = shifts;
    for (int k = 0; k < m; k++) {
        res->value[k] = 0.0;
        res->error[k] = INFINITY;
    }
    memset(sv, 0, sizeof *sv);
    *q = NULL;
    pint_ckpt_describe(desc, fn, dom, opt, PINT_RULE_AUTO, 1);
    size_t len;
    int status = pint_team_open_state(t, opt, desc, v, &len, res);
    if (status)
        return status;
    *q = pint_qmc_new(fn, dom->lo, dom->hi, shifts, opt->periodize,
                      opt->seed);
    sv->path = opt->checkpoint;
    sv->desc = desc;
    sv->res = res;
    sv->period = opt->checkpoint_seconds;
    char msg[sizeof res->message];
    int rc = *q ? 0 : PINT_ERR_NOMEM;
    if (*q && pint_qmc_set_threads(*q, pint_options_threads(opt)) != 0)
        rc = PINT_ERR_NOMEM;
    if (rc == 0 && *v) {
        /* every member checks the same numbers: the same verdict */
        char why[200] = "out of memory";
        sv->rows = pint_qmc_restore(*q, *v, len, res->value, res->error,
                                    &sv->pieces, &sv->npieces, why,
                                    sizeof why);
        sv->evals = res->resumed_evals;
        if (sv->rows < 0 && strcmp(why, "out of memory") != 0) {
            snprintf(msg, sizeof msg, "checkpoint %s: %s", opt->resume, why);
            rc = PINT_ERR_INVALID;
        } else if (sv->rows < 0) {
            rc = PINT_ERR_NOMEM;
        }
    }
    status = pint_team_settle(t, rc, rc == PINT_ERR_INVALID ? msg : NULL, 0,
                              res);
    if (status == 0) {
        res->rows = sv->rows;
        res->points_per_row = sv->rows > 0
            ? pint_qmc_row_points(*q, sv->rows - 1) : 0;
        return 0;
    }
    pint_qmc_free(*q);
    free(*v);
    *q = NULL;
    *v = NULL;
    return status;
}

int pint_qmc_integrate(const pint_function *fn, const pint_domain *dom,
                       const pint_options *opt, pint_team *t, pint_watch *w,
                       pint_result *res)
{
    pint_qmc *q;
    double *v;
    pint_qmc_saving sv;
    pint_ckpt desc;
    int status = pint_qmc_open(fn, dom, opt, t, res, &q, &v, &sv, &desc);
    if (status)
        return status;
    status = pint_qmc_rows(q, opt, &sv, t, w, -1, res);
    if (pint_status_is_error(status) && res->rows == 0)
        pint_no_estimate(res);          /* no row done */
    pint_qmc_free(q);
    free(v);
    return status;
}

int pint_qmc_run(pint_qmc *q, const pint_options *opt, pint_watch *watch,
                 double *value, double *error, long long *evals,
                 long long *rows)
{
    int m = pint_qmc_ncomp(q);
    pint_result *res = pint_result_alloc(m);
    if (!res || pint_result_ranks(res, 1) != 0) {
        pint_result_free(res);
        return PINT_ERR_NOMEM;
    }
    for (int k = 0; k < m; k++) {
        res->value[k] = 0.0;
        res->error[k] = INFINITY;
    }
    static const pint_qmc_saving none;
    pint_team alone;
    pint_team_alone(&alone);
    int status = pint_qmc_rows(q, opt, &none, &alone, watch, -1, res);
    memcpy(value, res->value, (size_t)m * sizeof *value);
    memcpy(error, res->error, (size_t)m * sizeof *error);
    *evals = res->evals;
    *rows = res->rows;
    pint_result_free(res);
    return status;
}

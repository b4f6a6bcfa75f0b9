/* mc_run.c -- plain Monte Carlo in rounds, on one process or a team
 * (see mc_run.h): the engine of mc.c as a method of the run skeleton
 * (rounds.h).
 *
 * The points come from one stream for the whole team, by position
 * (PINT_MC_SHARED_STREAM): a round is the next n points of it, cut into
 * fixed units (32 a member, of 64 points or more; one process: the
 * round whole), and each member draws a run of consecutive units, as
 * many as its speed in the last round earns it (pint_rounds_run measures
 * it).  Every member adds all the units' sums in the order of the units
 * (with compensation), so all see the same estimate, and that estimate
 * does not depend on who drew what: the same bits for a fixed seed and
 * number of members whatever their speeds or threads, and the same
 * points on any number of members.  A resumed run goes on in the stream
 * after the last round of the checkpoint.  Rounds double the points
 * (see first_round). */
#include <math.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mc_run.h"
#include "domain.h"
#include "result.h"
#include "rounds.h"
#include "options.h"
#include "sum.h"

/* Units of a round per member, and their least points (as the QMC
 * rows', qmc_run.c). */
#define UNITS_PER_MEMBER 32
#define UNIT_MIN_POINTS 64

/* A unit's numbers (pint_mc_units): points, sum[m], sumsq[m], abs[m]. */
#define UNIT_LEN(m) (1 + 3 * (size_t)(m))

typedef struct {
    pint_mc *mc;
    const pint_mc_state *base;  /* resumed from, or NULL */
    pint_mc_state *st;          /* the state a checkpoint writes */
    pint_sum *tot;              /* sums of f, f^2 of every point (2m) */
    pint_sum *abs;              /* of |f| over this run's points (m) */
    double vol, period;
    int m;
    long long round;            /* the next round's points */
    long long n;                /* the planned round's points */
    long long *bound;           /* its units' first points (units + 1) */
    long long *mfirst;          /* member r's first unit (size + 1) */
    long long most;             /* the most units of one member */
    long long count;            /* the team's points in this run */
} mc_method;

/* The rounds double the number of points, so an uninterrupted run tests
 * the tolerance at PINT_MC_FIRST_ROUND 2^k points.  A run resumed from
 * `before` points makes its first round end at the next of those counts,
 * and so tests where the uninterrupted run tests and stops at the same
 * count when the verdicts agree (on one rank, or when the stop came at
 * the end of a round, with the same points). */
static long long first_round(long long before)
{
    long long t = PINT_MC_FIRST_ROUND;
    while (t <= before && t <= LLONG_MAX / 2)
        t *= 2;
    return t > before ? t - before : PINT_MC_FIRST_ROUND;
}

static int mc_plan(void *self, const pint_team *t, const double *rate,
                   long long left, long long *need, size_t *len)
{
    mc_method *s = self;
    long long n = s->round < left ? s->round : left;
    if (n < 0)
        n = 0;
    *need = s->n = n;
    long long units = 1;
    if (t->size > 1) {
        units = (long long)UNITS_PER_MEMBER * t->size;
        if (units > n / UNIT_MIN_POINTS)
            units = n / UNIT_MIN_POINTS;
        if (units < t->size)
            units = t->size;
    }
    /* unit u: the points from bound[u] on, of n / units or one more */
    for (long long u = 0; u <= units; u++)
        s->bound[u] = n / units * u + n % units * u / units;
    pint_rounds_share(rate, t->size, units, s->mfirst);
    s->most = 0;
    for (int r = 0; r < t->size; r++)
        if (s->mfirst[r + 1] - s->mfirst[r] > s->most)
            s->most = s->mfirst[r + 1] - s->mfirst[r];
    *len = (size_t)s->most * UNIT_LEN(s->m);
    return 0;
}

static int mc_work(void *self, const pint_team *t, pint_watch *w,
                   double *mine, long long *points, void (*tick)(void *),
                   void *tick_arg)
{
    (void)tick;                 /* rounds stay short for checkpoints */
    (void)tick_arg;
    mc_method *s = self;
    long long first = s->mfirst[t->rank];
    long long nu = s->mfirst[t->rank + 1] - first;
    int rc = pint_mc_units(s->mc, s->st->next, s->bound + first, nu, w,
                           mine);
    *points = 0;
    for (long long i = 0; i < nu; i++)
        *points += (long long)mine[(size_t)i * UNIT_LEN(s->m)];
    return rc;
}

/* Every member's units added in the order of the units (the members'
 * units follow each other in rank order) into the state; the stream
 * goes on after the round, also when it was cut short. */
static void add_units(mc_method *s, const double *all, size_t stride,
                      int size)
{
    int m = s->m;
    pint_mc_state *st = s->st;
    for (int r = 0; r < size; r++)
        for (long long i = 0; i < s->mfirst[r + 1] - s->mfirst[r]; i++) {
            const double *x = all + (size_t)r * stride
                              + (size_t)i * UNIT_LEN(m);
            st->count += (long long)x[0];
            s->count += (long long)x[0];
            for (int k = 0; k < 2 * m; k++)
                pint_sum_add(&s->tot[k], x[1 + k]);
            for (int k = 0; k < m; k++)
                pint_sum_add(&s->abs[k], x[1 + 2 * m + k]);
        }
    for (int k = 0; k < 2 * m; k++)
        st->sum[k] = pint_sum_get(&s->tot[k]);
    st->next += s->n;
}

static int mc_combine(void *self, const pint_team *t, const double *all,
                      const pint_step *step, double *value, double *error,
                      double *absval, long long *rows)
{
    mc_method *s = self;
    int m = s->m;
    add_units(s, all, step->stride, t->size);
    pint_mc_estimate(m, s->st->sum, s->st->sumsq, s->st->count, s->vol,
                     value, error);
    double abssum[m];
    for (int k = 0; k < m; k++)
        abssum[k] = pint_sum_get(&s->abs[k]);
    pint_mc_absval(m, abssum, s->count, s->vol, absval);
    *rows = 0;
    /* double the sample, unless rounds must stay short for the
     * checkpoints (every member sees the same longest time) */
    if (!(s->period > 0 && step->seconds > s->period / 4))
        s->round = s->st->count;
    return 1;
}

static double *mc_pack(void *self, int partial, size_t *len,
                       long long *points)
{
    (void)partial;
    mc_method *s = self;
    *points = 0;
    return pint_mc_state_pack(s->st, len);
}

static const char *mc_message(void *self)
{
    return pint_mc_message(((mc_method *)self)->mc);
}

int pint_mc_open(const pint_function *fn, const pint_domain *dom,
                 const pint_options *opt, pint_team *t, pint_result *res,
                 pint_mc **mc, pint_mc_state **base, pint_ckpt *desc)
{
    *mc = NULL;
    *base = NULL;
    pint_ckpt_describe(desc, fn, dom, opt, PINT_RULE_AUTO, 1);
    double *v;
    size_t len;
    int status = pint_team_open_state(t, opt, desc, &v, &len, res);
    if (status)
        return status;
    char msg[sizeof res->message];
    int rc = 0;
    if (v) {
        /* every member unpacks the same numbers: the same verdict */
        char why[200];
        *base = pint_mc_state_unpack(v, len, fn->ncomp, why, sizeof why);
        free(v);
        if (!*base && strcmp(why, "out of memory") != 0) {
            snprintf(msg, sizeof msg, "checkpoint %s: %s", opt->resume, why);
            rc = PINT_ERR_INVALID;
        } else if (!*base) {
            rc = PINT_ERR_NOMEM;
        }
    }
    if (rc == 0) {
        /* fixed-time units draw rank streams (par/mc_par.c), the rounds
         * the shared one by position */
        int timed = opt->unit_seconds > 0 && t->size > 1;
        *mc = pint_mc_new(fn, dom->lo, dom->hi, opt->seed,
                          timed ? (uint32_t)t->rank : PINT_MC_SHARED_STREAM);
        if (!*mc)
            rc = PINT_ERR_NOMEM;
        else if (pint_mc_set_threads(*mc, pint_options_threads(opt)) != 0)
            rc = PINT_ERR_NOMEM;
        else if (timed && *base && t->rank < (*base)->nstreams)
            pint_mc_skip(*mc, (*base)->pos[t->rank]);
    }
    status = pint_team_settle(t, rc, rc == PINT_ERR_INVALID ? msg : NULL, 0,
                              res);
    if (status == 0)
        return 0;
    pint_mc_free(*mc);
    pint_mc_state_free(*base);
    *mc = NULL;
    *base = NULL;
    return status;
}

int pint_mc_rounds(pint_mc *mc, const pint_mc_state *base,
                   const pint_ckpt *desc, const pint_function *fn,
                   const pint_domain *dom, const pint_options *opt,
                   pint_team *t, pint_watch *w, pint_result *res)
{
    int m = fn->ncomp;
    size_t units = (size_t)UNITS_PER_MEMBER * (size_t)t->size;
    mc_method s = { .mc = mc, .base = base,
                    .st = pint_mc_state_new(m, base ? base->nstreams : 0),
                    .tot = malloc(3 * (size_t)m * sizeof *s.tot),
                    .vol = pint_domain_volume(dom, fn->ndim),
                    .period = opt->checkpoint ? opt->checkpoint_seconds : 0,
                    .m = m, .round = first_round(base ? base->count : 0),
                    .bound = malloc((units + 1) * sizeof *s.bound),
                    .mfirst = malloc(((size_t)t->size + 1)
                                     * sizeof *s.mfirst) };
    int ok = s.st && s.tot && s.bound && s.mfirst;
    if (ok) {
        /* the state resumed from, its sums going on */
        s.abs = s.tot + 2 * m;
        for (int k = 0; k < 3 * m; k++)
            pint_sum_init(&s.tot[k]);
        if (base) {
            s.st->count = base->count;
            s.st->next = base->next;
            memcpy(s.st->pos, base->pos,
                   (size_t)base->nstreams * sizeof *base->pos);
            memcpy(s.st->sum, base->sum, 2 * (size_t)m * sizeof *base->sum);
            for (int k = 0; k < 2 * m; k++)
                s.tot[k].s = base->sum[k];
        }
    }
    /* the estimate reached so far, kept if the first round fails */
    int resumed = base && base->count > 0;
    if (resumed)
        pint_mc_estimate(m, base->sum, base->sum + m, base->count, s.vol,
                         res->value, res->error);
    else
        pint_no_estimate(res);
    int status = pint_team_settle(t, ok ? 0 : PINT_ERR_NOMEM, NULL, 1, res);
    if (status == 0) {
        pint_sampler sm = { &s, m, mc_plan, mc_work, mc_combine, mc_pack,
                            mc_message };
        pint_rounds_saving sv = { opt->checkpoint, desc, s.period,
                                  base ? base->count : 0, resumed };
        status = pint_rounds_run(&sm, t, opt, w, &sv, res);
    }
    pint_mc_state_free(s.st);
    free(s.tot);
    free(s.bound);
    free(s.mfirst);
    return status;
}

int pint_mc_integrate(const pint_function *fn, const pint_domain *dom,
                      const pint_options *opt, pint_team *t, pint_watch *w,
                      pint_result *res)
{
    res->method = PINT_METHOD_MC;
    pint_mc *mc;
    pint_mc_state *base;
    pint_ckpt desc;
    int status = pint_mc_open(fn, dom, opt, t, res, &mc, &base, &desc);
    if (status)
        return status;
    status = pint_mc_rounds(mc, base, &desc, fn, dom, opt, t, w, res);
    pint_mc_free(mc);
    pint_mc_state_free(base);
    return status;
}

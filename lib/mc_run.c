/* mc_run.c -- plain Monte Carlo in rounds, on one process or a team
 * (see mc_run.h): the engine of mc.c as a method of the run skeleton
 * (rounds.h).
 *
 * Member r draws from stream r (streams never overlap, see rng.h); a
 * resumed run continues each stream where the checkpoint left it.  Every
 * member draws its share of each round, and every member adds all
 * members' sums in rank order, so all see the same estimate: the answer
 * is reproducible for a fixed seed and team size.  Rounds double the
 * points (see first_round). */
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

/* A member's numbers of a step: its running sums since the run began. */
#define SUM(m) 0
#define SUMSQ(m) (m)
#define ABS(m) (2 * (m))
#define COUNT(m) (3 * (m))
#define POS(m) (3 * (m) + 1)
#define MC_LEN(m) (3 * (size_t)(m) + 2)

typedef struct {
    pint_mc *mc;
    const pint_mc_state *base;  /* resumed from, or NULL */
    pint_mc_state *st;          /* the state a checkpoint writes */
    double vol, period;
    int m;
    long long round;            /* the next round's points */
    long long mine;             /* this member's share of it */
    long long count;            /* the team's points in this run */
    int stepped;                /* a round was combined */
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
    (void)rate;                 /* rank r draws stream r: even shares */
    mc_method *s = self;
    long long n = s->round < left ? s->round : left;
    if (n < 0)
        n = 0;
    *need = n;
    s->mine = n / t->size + (t->rank < n % t->size);
    *len = MC_LEN(s->m);
    return 0;
}

static int mc_work(void *self, const pint_team *t, pint_watch *w,
                   double *mine, long long *points, void (*tick)(void *),
                   void *tick_arg)
{
    (void)t;
    (void)tick;                 /* rounds stay short for checkpoints */
    (void)tick_arg;
    mc_method *s = self;
    int m = s->m;
    long long before = pint_mc_count(s->mc), n;
    int rc = pint_mc_sample_watched(s->mc, s->mine, w);
    pint_mc_sums(s->mc, mine + SUM(m), mine + SUMSQ(m), &n);
    pint_mc_abs(s->mc, mine + ABS(m));
    mine[COUNT(m)] = (double)n;
    mine[POS(m)] = (double)pint_mc_position(s->mc);
    *points = n - before;
    return rc;
}

/* The state after the rounds combined in all: the base's and every
 * member's sums, each stream's position. */
static void mc_state(mc_method *s, const double *all, size_t stride,
                     int size)
{
    pint_mc_state *st = s->st;
    int m = s->m;
    const pint_mc_state *base = s->base;
    st->count = base ? base->count : 0;
    for (int k = 0; k < m; k++) {
        st->sum[k] = base ? base->sum[k] : 0.0;
        st->sumsq[k] = base ? base->sumsq[k] : 0.0;
    }
    for (int r = 0; r < st->nstreams; r++)
        st->pos[r] = base && r < base->nstreams ? base->pos[r] : 0;
    for (int r = 0; r < size; r++) {
        const double *x = all + (size_t)r * stride;
        st->count += (long long)x[COUNT(m)];
        for (int k = 0; k < m; k++) {
            st->sum[k] += x[SUM(m) + k];
            st->sumsq[k] += x[SUMSQ(m) + k];
        }
        st->pos[r] = (long long)x[POS(m)];
    }
}

static int mc_combine(void *self, const pint_team *t, const double *all,
                      const pint_step *step, double *value, double *error,
                      double *absval, long long *rows)
{
    mc_method *s = self;
    int m = s->m;
    mc_state(s, all, step->stride, t->size);
    double abssum[m];
    for (int k = 0; k < m; k++)
        abssum[k] = 0.0;
    for (int r = 0; r < t->size; r++)
        for (int k = 0; k < m; k++)
            abssum[k] += all[(size_t)r * step->stride + ABS(m) + k];
    s->count = s->st->count - (s->base ? s->base->count : 0);
    s->stepped = 1;
    pint_mc_estimate(m, s->st->sum, s->st->sumsq, s->st->count, s->vol,
                     value, error);
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
    return pint_mc_state_pack(s->stepped || !s->base ? s->st : s->base, len);
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
        *mc = pint_mc_new(fn, dom->lo, dom->hi, opt->seed, (uint32_t)t->rank);
        if (!*mc)
            rc = PINT_ERR_NOMEM;
        else if (pint_mc_set_threads(*mc, pint_options_threads(opt)) != 0)
            rc = PINT_ERR_NOMEM;
        else if (*base && t->rank < (*base)->nstreams)
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
    int nstreams = base && base->nstreams > t->size ? base->nstreams
                                                    : t->size;
    mc_method s = { mc, base, pint_mc_state_new(m, nstreams),
                    pint_domain_volume(dom, fn->ndim),
                    opt->checkpoint ? opt->checkpoint_seconds : 0.0, m,
                    first_round(base ? base->count : 0), 0, 0, 0 };
    /* the estimate reached so far, kept if the first round fails */
    int resumed = base && base->count > 0;
    if (resumed)
        pint_mc_estimate(m, base->sum, base->sum + m, base->count, s.vol,
                         res->value, res->error);
    else
        pint_no_estimate(res);
    int status = pint_team_settle(t, s.st ? 0 : PINT_ERR_NOMEM, NULL, 1,
                                  res);
    if (status) {
        pint_mc_state_free(s.st);
        return status;
    }
    pint_sampler sm = { &s, m, mc_plan, mc_work, mc_combine, mc_pack,
                        mc_message };
    pint_rounds_saving sv = { opt->checkpoint, desc, s.period,
                              base ? base->count : 0, resumed };
    status = pint_rounds_run(&sm, t, opt, w, &sv, res);
    pint_mc_state_free(s.st);
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

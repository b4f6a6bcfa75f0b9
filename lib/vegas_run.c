/* vegas_run.c -- VEGAS+ in iterations, on one process or a team (see
 * vegas_run.h): the engine of vegas.c as a method of the run skeleton
 * (rounds.h).
 *
 * An iteration is a step.  Every member begins it alike (the strata and
 * the points of every cube follow from the same numbers on every
 * member), samples the cubes of its share (whole cubes, cut so that the
 * members' points are about equal), and reports; every member then
 * takes the same totals and adapts the map and the strata alike.  The
 * first WARMUP iterations only train the map: their estimates are not
 * kept (early maps are poor and their variances unreliable).  The
 * iterations after them are combined, weighted by their inverse
 * variances; the run tests the tolerance once two are combined, and
 * then only when their chi^2 is plausible (below the 99% point of its
 * distribution): a larger one says the iterations disagree beyond their
 * errors (the map was still moving), and the combination starts again
 * from the next iteration.  Iterations double in points after the
 * warm-up, so a long run tests the tolerance log(n) times. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "vegas_run.h"
#include "vegas.h"
#include "domain.h"
#include "options.h"
#include "result.h"
#include "rounds.h"
#include "tolerance.h"

#define WARMUP 3
#define FIRST_POINTS 10000LL    /* points of an iteration at first */
#define WATCH_POINTS 65536LL    /* points between looks at the watch */

typedef struct {
    pint_vegas *v;
    const pint_options *opt;
    int m;
    long long next;             /* points of the next iteration */
    int iterations;             /* iterations done */
    int combined;               /* of them, in the combination */
    int restarts;               /* combinations started again */
    double *acc;                /* 3 m: the combination's sums */
    double *chi2;               /* m */
    size_t *cut;                /* size + 1: the members' cubes */
    size_t maxcubes;            /* the most cubes of a member */
    const double **reports;     /* size */
} vg_method;

/* The 99% point of chi^2 with dof degrees of freedom (Wilson and
 * Hilferty's cube-root normal approximation, within a few percent from
 * dof = 1 up). */
static double chi2_99(int dof)
{
    double k = dof, z = 2.3263478740408408;
    double c = 1 - 2 / (9 * k) + z * sqrt(2 / (9 * k));
    return k * c * c * c;
}

/* The members' cubes: cut[r] the first of member r's, so that each has
 * about an equal share of the points. */
static void share_cubes(vg_method *s, int size)
{
    size_t H = pint_vegas_cubes(s->v);
    long long total = pint_vegas_points(s->v, 0, H);
    s->cut[0] = 0;
    s->maxcubes = 0;
    size_t h = 0;
    for (int r = 1; r <= size; r++) {
        long long want = total / size * r + (r == size ? total % size : 0);
        while (h < H && pint_vegas_points(s->v, 0, h + 1) <= want)
            h++;
        if (r == size)
            h = H;
        s->cut[r] = h;
        if (h - s->cut[r - 1] > s->maxcubes)
            s->maxcubes = h - s->cut[r - 1];
    }
}

static int vg_plan(void *self, const pint_team *t, long long left,
                   long long *need, size_t *len)
{
    vg_method *s = self;
    /* never an iteration of fewer than FIRST_POINTS: a small one's
     * variance is too rough to weigh it by (2 points in 1 cube gave
     * variances 1e-10 of the true, and the combination followed it) */
    long long n = s->next < left ? s->next : left;
    if (n < FIRST_POINTS)
        n = FIRST_POINTS;       /* over the limit: the run stops there */
    if (pint_vegas_begin(s->v, n) != 0)
        return PINT_ERR_NOMEM;
    share_cubes(s, t->size);
    *need = pint_vegas_points(s->v, 0, pint_vegas_cubes(s->v));
    *len = pint_vegas_report_len(s->v, s->maxcubes);
    return 0;
}

static int vg_work(void *self, const pint_team *t, pint_watch *w,
                   double *mine, long long *points, void (*tick)(void *),
                   void *tick_arg)
{
    (void)tick;
    (void)tick_arg;
    vg_method *s = self;
    size_t from = s->cut[t->rank], to = s->cut[t->rank + 1];
    /* in pieces of whole cubes, looking at the watch between them */
    size_t h = from;
    int rc = 0;
    while (h < to && rc == 0) {
        size_t e = h;
        while (e < to && pint_vegas_points(s->v, h, e + 1) <= WATCH_POINTS)
            e++;
        if (e == h)
            e = h + 1;
        rc = pint_watch_halt(w);
        if (rc == 0)
            rc = pint_vegas_sample(s->v, h, e);
        if (rc == 0)
            h = e;
    }
    *points = pint_vegas_points(s->v, from, h);
    memset(mine, 0, pint_vegas_report_len(s->v, s->maxcubes) * sizeof *mine);
    if (rc == 0)
        pint_vegas_report(s->v, from, to, mine);
    return rc;
}

static int vg_combine(void *self, const pint_team *t, const double *all,
                      const pint_step *st, double *value, double *error,
                      double *absval, long long *rows)
{
    vg_method *s = self;
    int m = s->m;
    *rows = 0;
    if (st->cut)
        return 0;       /* an iteration cut short: not an estimate */
    for (int r = 0; r < t->size; r++)
        s->reports[r] = all + (size_t)r * st->stride;
    double val[m], var[m];
    pint_vegas_finish(s->v, t->size, s->reports, s->cut, val, var, absval,
                      1);
    s->iterations++;
    if (s->iterations <= WARMUP) {
        /* the estimate reached, should the run stop now; not tested */
        for (int k = 0; k < m; k++) {
            value[k] = val[k];
            error[k] = sqrt(var[k]);
        }
        return 0;
    }
    pint_vegas_combine_add(m, s->acc, val, var);
    s->combined++;
    s->next = 2 * s->next;
    pint_vegas_combine_get(m, s->acc, value, error, s->chi2);
    if (s->combined < 2)
        return 0;
    int plausible = 1;
    for (int k = 0; k < m; k++)
        plausible &= s->chi2[k] <= chi2_99(s->combined - 1);
    if (!plausible && pint_tolerance_met(s->opt, value, error, absval, m,
                                         1.0)) {
        /* met, but the iterations disagree: start the combination again
         * (the estimate stays the current one meanwhile) */
        memset(s->acc, 0, 3 * (size_t)m * sizeof *s->acc);
        s->combined = 0;
        s->restarts++;
        return 0;
    }
    return plausible;
}

static double *vg_pack(void *self, int partial, size_t *len,
                       long long *points)
{
    (void)self;
    (void)partial;
    *len = 0;
    *points = 0;
    return NULL;                /* refused before the run (problem.c) */
}

static const char *vg_message(void *self)
{
    return pint_vegas_message(((vg_method *)self)->v);
}

int pint_vegas_integrate(const pint_function *fn, const pint_domain *dom,
                         const pint_options *opt, pint_team *t,
                         pint_watch *w, pint_result *res)
{
    res->method = PINT_METHOD_VEGAS;
    int m = fn->ncomp;
    vg_method s = { 0 };
    s.opt = opt;
    s.m = m;
    s.next = FIRST_POINTS;
    s.v = pint_vegas_new(fn, dom->lo, dom->hi, NULL, opt->seed);
    s.acc = calloc(4 * (size_t)m, sizeof *s.acc);
    s.cut = calloc((size_t)t->size + 1, sizeof *s.cut);
    s.reports = calloc((size_t)t->size, sizeof *s.reports);
    int rc = 0;
    if (!s.v || !s.acc || !s.cut || !s.reports)
        rc = PINT_ERR_NOMEM;
    else if (pint_vegas_set_threads(s.v, pint_options_threads(opt)) != 0)
        rc = PINT_ERR_NOMEM;
    s.chi2 = s.acc ? s.acc + 3 * m : NULL;
    pint_no_estimate(res);
    int status = pint_team_settle(t, rc, NULL, 0, res);
    if (status == 0) {
        pint_sampler sm = { &s, m, vg_plan, vg_work, vg_combine, vg_pack,
                            vg_message };
        pint_rounds_saving sv = { NULL, NULL, 0.0, 0, 0 };
        status = pint_rounds_run(&sm, t, opt, w, &sv, res);
        res->iterations = s.iterations;
        double chi2 = 0;
        for (int k = 0; k < m; k++)
            chi2 = fmax(chi2, s.chi2[k]);
        res->chi2_dof = s.combined >= 2 ? chi2 / (s.combined - 1) : 0.0;
    }
    pint_vegas_free(s.v);
    free(s.acc);
    free(s.cut);
    free(s.reports);
    return status;
}

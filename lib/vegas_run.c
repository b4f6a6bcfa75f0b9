/* vegas_run.c -- VEGAS+ in iterations, on one process or a team (see
 * vegas_run.h): the engine of vegas.c as a method of the run skeleton
 * (rounds.h).
 *
 * An iteration is a step.  Every member begins it alike (the strata and
 * the points of every cube follow from the same numbers on every
 * member), samples the cubes of its share (whole cubes, cut so that the
 * members' points are about equal), and reports; every member then
 * takes the same totals and adapts the map and the strata alike.  The
 * first PINT_VEGAS_WARMUP iterations only train the map: their
 * estimates are not kept (the first map is uniform, and a sample that
 * missed a peak claims a small variance).  The iterations after them
 * are combined, weighted by their inverse variances; the run tests the
 * tolerance once two are combined, and then only when their chi^2 is
 * plausible (below the 99% point of its distribution): a larger one
 * says the iterations disagree beyond their errors (the map was still
 * moving), and the combination starts again from the next iteration; a
 * chi^2 above its degrees of freedom widens the combined error by
 * sqrt(chi^2/dof).
 *
 * The schedule: FIRST_POINTS at first, then STEP_POINTS more each
 * iteration, or GROWTH times as many once that is more (Cuba's Vegas
 * grows by a constant step, T. Hahn, Comput. Phys. Commun. 168 (2005)
 * 78; the factor bounds the iterations of a long run, 34 to 1e7
 * points).  Small, many iterations adapt the map often and stop close
 * to the points the tolerance needs; the map's increments grow with
 * the iterations (vegas.h, per_inc), so that a small one does not
 * starve what its noise hides.  Measured on the Genz families
 * (bench/RESULTS.md 13.1): against 3 iterations of 2,000 points for
 * the map and doubling after them, with 128 increments throughout,
 * 3.8 times fewer evaluations in all, and the discontinuous family's
 * honest share up from 63% to 73%.  The schedule is a function of the
 * iteration's number alone; an iteration is smaller than the
 * schedule's when fewer points are predicted to meet the tolerance:
 * PREDICT_MARGIN times the points that, at the last iteration's
 * variance a point, would bring the combined error (widened as now)
 * within it, and at least FIRST_POINTS.  The last iteration of a run
 * then adds what the tolerance wants, not up to a quarter of the run
 * (bench/RESULTS.md 13.2: the median evaluations of the Genz cells 0.80
 * to 1.00 of the schedule's alone, the honest shares within the noise).
 *
 * A checkpoint holds the state after an iteration: the run's counts and
 * combination, then the engine's (vegas.h):
 *
 *     iterations, combined, restarts, next, acc[3 m], engine state
 *
 * so a resumed run goes on as the uninterrupted one would have, on any
 * number of ranks (the points of an iteration do not depend on them). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vegas_run.h"
#include "vegas.h"
#include "checkpoint.h"
#include "domain.h"
#include "options.h"
#include "result.h"
#include "rounds.h"
#include "tolerance.h"

#define FIRST_POINTS 1000LL     /* points of the first iteration */
#define STEP_POINTS 500LL       /* points each iteration adds, at least */
#define GROWTH 1.25             /* or the factor, when that adds more */
#define PREDICT_MARGIN 1.25     /* points predicted to meet the tolerance,
                                   times this */
#define WATCH_POINTS 65536LL    /* points between looks at the watch */
/* The schedule grows no further: far beyond any evaluation limit, and
 * its product with 1.25 still a long long (after some 160 iterations
 * kept short by the prediction the growth overflowed: an integral of 0,
 * whose combined error never reached 0, reported -9.2e18 evaluations) */
#define MAX_POINTS (1LL << 60)

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

/* The schedule's points for iteration it (from 1): FIRST_POINTS for the
 * warm-up and the first iteration combined, then STEP_POINTS more or
 * GROWTH times as many. */
static long long scheduled(int it)
{
    long long n = FIRST_POINTS;
    for (int i = PINT_VEGAS_WARMUP + 2; i <= it && n < MAX_POINTS; i++) {
        double grown = GROWTH * (double)n;
        n = grown > (double)(n + STEP_POINTS) ? (long long)grown
                                              : n + STEP_POINTS;
    }
    return n < MAX_POINTS ? n : MAX_POINTS;
}

/* The points of the next iteration when the combination (value, error
 * widened as reported, raw the unwidened error) misses the tolerance:
 * the schedule's `sched`, or fewer when fewer are predicted to meet it
 * -- the least n (by bisection) for which the combined error, were an
 * iteration of n points as noisy a point as the last (var of `last`
 * points), meets the tolerance, times PREDICT_MARGIN, at least
 * FIRST_POINTS. */
static long long predict_points(const vg_method *s, long long sched,
                                long long last, const double *value,
                                const double *error, const double *raw,
                                const double *var, const double *absval)
{
    int m = s->m;
    double e[m];
    long long lo = 0, hi = sched;
    while (hi - lo > 1) {
        long long n = lo + (hi - lo) / 2;
        for (int k = 0; k < m; k++) {
            /* 1/E^2 grows by n / (the variance a point) */
            double add = var[k] > 0 ? (double)n / (var[k] * (double)last)
                                    : HUGE_VAL;
            double inv = 1.0 / (raw[k] * raw[k]) + add;
            e[k] = raw[k] > 0 ? error[k] / raw[k] / sqrt(inv) : 0.0;
        }
        if (pint_tolerance_met(s->opt, value, e, absval, m, 1.0))
            hi = n;
        else
            lo = n;
    }
    double want = ceil(PREDICT_MARGIN * (double)hi);
    if (want < (double)FIRST_POINTS)
        want = (double)FIRST_POINTS;
    return want < (double)sched ? (long long)want : sched;
}

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

/* The components' weights for the next iteration: with the individual
 * norm each component meets its own tolerance, so each counts relative
 * to its size (1 / max(|I_k|, 1e-12 |f_k|)^2, that integral of |f_k|
 * for a component near 0); the max and 2-norms measure all against the
 * largest, so all count alike. */
static void weigh(vg_method *s, const double *val, const double *absval)
{
    int m = s->m;
    double w[m];
    for (int k = 0; k < m; k++) {
        double size = fmax(fabs(val[k]), 1e-12 * absval[k]);
        w[k] = s->opt->norm == PINT_NORM_INDIVIDUAL && m > 1 && size > 0
               ? 1.0 / (size * size) : 1.0;
    }
    pint_vegas_set_weights(s->v, w);
}

/* Iterations that disagree more than their errors allow (chi^2 above
 * its degrees of freedom) widen the combined error by sqrt(chi^2/dof),
 * the Particle Data Group's scale factor: the errors of the iterations
 * were too small, by about that much. */
static void scale_errors(const vg_method *s, double *error)
{
    int dof = s->combined - 1;
    for (int k = 0; dof >= 1 && k < s->m; k++)
        if (s->chi2[k] > dof)
            error[k] *= sqrt(s->chi2[k] / dof);
}

/* A component whose every combined iteration came out exactly 0 (every
 * point gave 0: the sum of value^2 over the iterations is 0) has error
 * 0, not the combination's floor of about 1e-150 a weight of 1e300
 * leaves: with a tolerance relative to 0 that floor was never met, and
 * the run went on until the limit.  Now it converges, and the run's
 * check of an integral of 0 (api.c) says what that means. */
static void exact_zero(const vg_method *s, double *error)
{
    for (int k = 0; k < s->m; k++)
        if (s->acc[s->m + k] > 0.0 && s->acc[k] == 0.0
            && s->acc[2 * s->m + k] == 0.0)
            error[k] = 0.0;
}

/* The combination's estimate and its raw error (chi^2 in s->chi2), an
 * integral of 0 with error 0: as an iteration reports it and as a
 * resumed run takes it up. */
static void combined(const vg_method *s, double *value, double *error)
{
    pint_vegas_combine_get(s->m, s->acc, value, error, s->chi2);
    exact_zero(s, error);
}

static int vg_plan(void *self, const pint_team *t, const double *rate,
                   long long left, long long *need, size_t *len)
{
    (void)rate;
    vg_method *s = self;
    /* never an iteration cut to what the limit leaves: the run stops at
     * the limit when the next iteration would pass it (as QMC's rows),
     * so a run resumed with a higher limit goes on as the uninterrupted
     * one (and no small iteration's rough variance weighs in: 2 points
     * in 1 cube gave variances 1e-10 of the true, and the combination
     * followed it) */
    if (s->next > left) {       /* the state stays as the last iteration
                                   left it, for the checkpoint */
        *need = s->next;
        *len = 0;
        return 0;
    }
    if (pint_vegas_begin(s->v, s->next) != 0)
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
    /* sums out of double's range: too large, or a variance lost below
     * the smallest normal double (rounds.h: NaN where) */
    int out[m], lost = 0;
    for (int k = 0; k < m; k++) {
        out[k] = !isfinite(val[k]) || !isfinite(var[k])
                 || !isfinite(absval[k])
                 || (var[k] < DBL_MIN && val[k] != 0.0
                     && val[k] * val[k] < DBL_MIN / DBL_EPSILON);
        lost |= out[k];
    }
    if (lost) {
        for (int k = 0; k < m; k++) {
            value[k] = val[k];
            error[k] = out[k] ? NAN : sqrt(var[k]);
        }
        return -1;
    }
    s->iterations++;
    weigh(s, val, absval);
    if (s->iterations <= PINT_VEGAS_WARMUP) {
        /* the estimate reached, should the run stop now; not tested */
        for (int k = 0; k < m; k++) {
            value[k] = val[k];
            error[k] = sqrt(var[k]);
        }
        return 0;
    }
    pint_vegas_combine_add(m, s->acc, val, var);
    s->combined++;
    long long last = s->next;
    s->next = scheduled(s->iterations + 1);
    combined(s, value, error);
    if (s->combined < 2)
        return 0;
    double raw[m];
    memcpy(raw, error, sizeof raw);
    scale_errors(s, error);
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
    if (plausible && !pint_tolerance_met(s->opt, value, error, absval, m,
                                         1.0))
        s->next = predict_points(s, s->next, last, value, error, raw, var,
                                 absval);
    return plausible;
}

#define HEAD 4                  /* iterations, combined, restarts, next */

static double *vg_pack(void *self, int partial, size_t *len,
                       long long *points)
{
    (void)partial;              /* never within an iteration (no tick) */
    vg_method *s = self;
    size_t m = (size_t)s->m;
    *points = 0;
    *len = HEAD + 3 * m + pint_vegas_state_len(s->v);
    double *out = malloc(*len * sizeof *out);
    if (!out)
        return NULL;
    out[0] = s->iterations;
    out[1] = s->combined;
    out[2] = s->restarts;
    out[3] = (double)s->next;
    memcpy(out + HEAD, s->acc, 3 * m * sizeof *out);
    pint_vegas_state_pack(s->v, out + HEAD + 3 * m);
    return out;
}

/* The run's state from a checkpoint's numbers: 0, or PINT_ERR_INVALID
 * (why in msg), PINT_ERR_NOMEM. */
static int vg_unpack(vg_method *s, const double *in, size_t len, char *msg,
                     size_t msglen)
{
    size_t m = (size_t)s->m;
    if (len < HEAD + 3 * m) {
        snprintf(msg, msglen, "not the state of a vegas run");
        return PINT_ERR_INVALID;
    }
    for (int i = 0; i < HEAD; i++)
        if (!(in[i] >= 0 && in[i] < 9007199254740992.0
              && in[i] == floor(in[i]))) {
            snprintf(msg, msglen, "not the state of a vegas run");
            return PINT_ERR_INVALID;
        }
    if (in[1] > in[0] || in[3] < FIRST_POINTS) {
        snprintf(msg, msglen, "not the state of a vegas run");
        return PINT_ERR_INVALID;
    }
    for (size_t k = 0; k < m; k++)
        if (!isfinite(in[HEAD + k]) || !(in[HEAD + m + k] >= 0)
            || !isfinite(in[HEAD + m + k]) || !(in[HEAD + 2 * m + k] >= 0)) {
            snprintf(msg, msglen, "its combination of iterations is not "
                     "one");
            return PINT_ERR_INVALID;
        }
    int rc = pint_vegas_state_unpack(s->v, in + HEAD + 3 * m,
                                     len - HEAD - 3 * m, msg, msglen);
    if (rc)
        return rc;
    s->iterations = (int)in[0];
    s->combined = (int)in[1];
    s->restarts = (int)in[2];
    s->next = (long long)in[3];
    memcpy(s->acc, in + HEAD, 3 * m * sizeof *in);
    return 0;
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
    /* the checkpoint to resume from: every member reads the same numbers
     * and takes the same verdict */
    pint_ckpt desc;
    pint_ckpt_describe(&desc, fn, dom, opt, PINT_RULE_AUTO, 1);
    double *state = NULL;
    size_t len = 0;
    if (status == 0)
        status = pint_team_open_state(t, opt, &desc, &state, &len, res);
    char msg[sizeof res->message];
    if (status == 0 && state) {
        char why[200];
        rc = vg_unpack(&s, state, len, why, sizeof why);
        if (rc == PINT_ERR_INVALID)
            snprintf(msg, sizeof msg, "checkpoint %s: %s", opt->resume, why);
        status = pint_team_settle(t, rc, rc == PINT_ERR_INVALID ? msg : NULL,
                                  0, res);
    }
    free(state);
    int resumed = 0;
    if (status == 0 && s.combined >= 1) {
        /* the estimate reached before; tested at once when it was */
        combined(&s, res->value, res->error);
        if (s.combined >= 2)
            scale_errors(&s, res->error);   /* as the run reported it */
        int plausible = s.combined >= 2;
        for (int k = 0; k < m; k++)
            plausible &= s.chi2[k] <= chi2_99(s.combined - 1);
        resumed = plausible;
    }
    if (status == 0) {
        pint_sampler sm = { &s, m, vg_plan, vg_work, vg_combine, vg_pack,
                            vg_message };
        pint_rounds_saving sv = { opt->checkpoint, &desc,
                                  opt->checkpoint ? opt->checkpoint_seconds
                                                  : 0.0,
                                  pint_vegas_drawn(s.v), resumed };
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

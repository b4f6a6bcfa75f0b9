/* vegas.c -- the VEGAS+ engine (see vegas.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vegas.h"
#include "eval.h"
#include "pool.h"
#include "rng.h"
#include "sum.h"

#define BATCH 1024              /* points per integrand call */
#define SLOTS_PER_THREAD 4      /* chunks per thread in one pool job */

/* A chunk of whole cubes [c0, c1), sampled by one task: its map
 * accumulators and its sum of |w| weighted by the cubes' volumes, or
 * its failure. */
typedef struct {
    size_t c0, c1;
    double *d;                  /* 2 n ninc */
    pint_sum *abs;              /* m */
    int rc;
    char msg[256];
} vg_slot;

/* A thread's batch: points, their Jacobians, cubes and increments. */
typedef struct {
    double *x, *f, *jac;
    size_t *cube;
    int *inc;                   /* n per point */
} vg_batch;

struct pint_vegas {
    const pint_function *fn;
    int n, m, ninc;             /* ninc: increments an axis now */
    int nmax, per_inc;          /* at most; points an increment */
    double alpha, beta, uniform;
    size_t max_cubes;
    double *lo, *width;
    double *grid;               /* n (ninc + 1), room for n (nmax + 1) */
    pint_stream stream0;
    long long base;             /* points of the iterations before */
    long long drawn;            /* base + this iteration's points */
    /* strata of this iteration */
    int *nstrat;                /* n */
    size_t ncubes, cap;         /* cubes, and the arrays' room */
    long long *npts;            /* per cube */
    long long *first;           /* per cube: its first point's index */
    double *sigf;               /* per cube: weight for the next n_h */
    double *sumw, *sumw2;       /* per cube and component */
    double *cw;                 /* m: the components' weights (all 1) */
    /* this member's map accumulators and |w| sum since begin: per
     * increment of each axis the weighted sum of (J f)^2 over the points
     * in it, then (n ninc on) the sum of their weights */
    double *d;                  /* 2 n ninc */
    pint_sum *abs;              /* m */
    /* threads */
    pint_pool *pool;
    int nthreads;
    size_t nslots;
    vg_slot *slot;
    double *slot_d;
    pint_sum *slot_abs;
    vg_batch *bat;              /* one per thread */
    char msg[256];
};

static void free_batches(vg_batch *b, int nthreads)
{
    for (int t = 0; b && t < nthreads; t++) {
        free(b[t].x);
        free(b[t].f);
        free(b[t].jac);
        free(b[t].cube);
        free(b[t].inc);
    }
    free(b);
}

/* Buffers for nthreads threads; 0, or -1 (v as it was). */
static int size_buffers(pint_vegas *v, int nthreads)
{
    size_t nslots = (size_t)SLOTS_PER_THREAD * (size_t)nthreads;
    size_t n = (size_t)v->n, m = (size_t)v->m, nd = n * (size_t)v->nmax;
    vg_slot *slot = calloc(nslots, sizeof *slot);
    double *sd = calloc(nslots * 2 * nd, sizeof *sd);
    pint_sum *sa = calloc(nslots * m, sizeof *sa);
    vg_batch *bat = calloc((size_t)nthreads, sizeof *bat);
    int ok = slot && sd && sa && bat;
    for (int t = 0; ok && t < nthreads; t++) {
        bat[t].x = malloc(BATCH * n * sizeof *bat[t].x);
        bat[t].f = malloc(BATCH * m * sizeof *bat[t].f);
        bat[t].jac = malloc(BATCH * sizeof *bat[t].jac);
        bat[t].cube = malloc(BATCH * sizeof *bat[t].cube);
        bat[t].inc = malloc(BATCH * n * sizeof *bat[t].inc);
        ok = bat[t].x && bat[t].f && bat[t].jac && bat[t].cube
             && bat[t].inc;
    }
    if (!ok) {
        free(slot);
        free(sd);
        free(sa);
        free_batches(bat, nthreads);
        return -1;
    }
    free(v->slot);
    free(v->slot_d);
    free(v->slot_abs);
    free_batches(v->bat, v->nthreads);
    for (size_t i = 0; i < nslots; i++) {
        slot[i].d = sd + i * 2 * nd;
        slot[i].abs = sa + i * m;
    }
    v->slot = slot;
    v->slot_d = sd;
    v->slot_abs = sa;
    v->bat = bat;
    v->nslots = nslots;
    v->nthreads = nthreads;
    return 0;
}

pint_vegas *pint_vegas_new(const pint_function *fn, const double *lo,
                           const double *hi, const pint_vegas_config *cfg,
                           uint64_t seed)
{
    pint_vegas *v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
    v->fn = fn;
    v->n = fn->ndim;
    v->m = fn->ncomp;
    v->nmax = cfg && cfg->ninc > 0 ? cfg->ninc : PINT_VEGAS_NINC;
    v->ninc = v->nmax;
    v->per_inc = !cfg || cfg->per_inc == 0 ? PINT_VEGAS_PER_INC
               : cfg->per_inc > 0 ? cfg->per_inc : 0;
    v->alpha = cfg && cfg->alpha > 0 ? cfg->alpha : PINT_VEGAS_ALPHA;
    v->uniform = !cfg || cfg->uniform == 0 ? PINT_VEGAS_UNIFORM
               : cfg->uniform > 0 ? cfg->uniform : 0;
    v->beta = cfg && cfg->beta > 0 ? cfg->beta : PINT_VEGAS_BETA;
    v->max_cubes = cfg && cfg->max_cubes > 0 ? cfg->max_cubes
                                             : PINT_VEGAS_MAX_CUBES;
    size_t n = (size_t)v->n, N = (size_t)v->nmax;
    v->lo = malloc(2 * n * sizeof *v->lo);
    v->grid = malloc(n * (N + 1) * sizeof *v->grid);
    v->nstrat = calloc(n, sizeof *v->nstrat);
    v->d = calloc(2 * n * N, sizeof *v->d);
    v->abs = calloc((size_t)v->m, sizeof *v->abs);
    v->cw = malloc((size_t)v->m * sizeof *v->cw);
    if (!v->lo || !v->grid || !v->nstrat || !v->d || !v->abs || !v->cw
        || size_buffers(v, 1) != 0) {
        pint_vegas_free(v);
        return NULL;
    }
    v->width = v->lo + n;
    for (int k = 0; k < v->m; k++)
        v->cw[k] = 1.0;
    for (size_t i = 0; i < n; i++) {
        v->lo[i] = lo[i];
        v->width[i] = hi[i] - lo[i];
        for (size_t j = 0; j <= N; j++)
            v->grid[i * (N + 1) + j] = (double)j / (double)N;
    }
    pint_stream_init(&v->stream0, seed, 0);
    return v;
}

void pint_vegas_free(pint_vegas *v)
{
    if (!v)
        return;
    pint_pool_free(v->pool);
    free(v->lo);
    free(v->grid);
    free(v->nstrat);
    free(v->npts);
    free(v->first);
    free(v->sigf);
    free(v->sumw);
    free(v->sumw2);
    free(v->d);
    free(v->abs);
    free(v->cw);
    free(v->slot);
    free(v->slot_d);
    free(v->slot_abs);
    free_batches(v->bat, v->nthreads);
    free(v);
}

static int resize(void *v, int nthreads)
{
    return size_buffers(v, nthreads);
}

int pint_vegas_set_threads(pint_vegas *v, int nthreads)
{
    if ((nthreads < 1 ? 1 : nthreads) == v->nthreads)
        return 0;
    return pint_pool_move(&v->pool, nthreads, resize, v, v->msg,
                          sizeof v->msg);
}

const char *pint_vegas_message(const pint_vegas *v) { return v->msg; }

void pint_vegas_set_weights(pint_vegas *v, const double *w)
{
    for (int k = 0; k < v->m; k++)
        v->cw[k] = w[k] >= 0 && isfinite(w[k]) ? w[k] : 1.0;
}
size_t pint_vegas_cubes(const pint_vegas *v) { return v->ncubes; }
long long pint_vegas_drawn(const pint_vegas *v) { return v->drawn; }
int pint_vegas_ninc(const pint_vegas *v) { return v->ninc; }
const double *pint_vegas_grid(const pint_vegas *v) { return v->grid; }

/* --------------------------------------------------------------- strata */

/* Strata per axis for neval points: as many as allow 4 points a cube,
 * the same on every axis, then one more on the first axes while the
 * count stays within neval / 4 (and max_cubes): the 2 points every cube
 * gets take half the points, the other half follows the weights.  (With
 * neval / 2 cubes the weights had nothing left to move: 20,000 points
 * made 10,000 cubes of 2.) */
static size_t choose_strata(const pint_vegas *v, long long neval, int *ns)
{
    double room = fmin((double)(neval / 4), (double)v->max_cubes);
    if (room < 1)
        room = 1;
    int s = (int)floor(pow(room, 1.0 / v->n) * (1 + 1e-12));
    if (s < 1)
        s = 1;
    double h = 1;
    for (int i = 0; i < v->n; i++) {
        ns[i] = s;
        h *= s;
    }
    while (h > room && s > 1) {       /* rounding of pow */
        s--;
        h = 1;
        for (int i = 0; i < v->n; i++) {
            ns[i] = s;
            h *= s;
        }
    }
    for (int i = 0; i < v->n && h / s * (s + 1) <= room; i++) {
        ns[i] = s + 1;
        h = h / s * (s + 1);
    }
    return (size_t)h;
}

/* Room for H cubes: 0, or -1 (v as it was). */
static int reserve_cubes(pint_vegas *v, size_t H)
{
    size_t m = (size_t)v->m;
    if (H > v->cap) {
        long long *np = malloc(H * sizeof *np), *fi = malloc(H * sizeof *fi);
        double *sg = malloc(H * sizeof *sg);
        double *sw = malloc(H * m * sizeof *sw);
        double *s2 = malloc(H * m * sizeof *s2);
        if (!np || !fi || !sg || !sw || !s2) {
            free(np);
            free(fi);
            free(sg);
            free(sw);
            free(s2);
            return -1;
        }
        free(v->npts);
        free(v->first);
        free(v->sigf);
        free(v->sumw);
        free(v->sumw2);
        v->npts = np;
        v->first = fi;
        v->sigf = sg;
        v->sumw = sw;
        v->sumw2 = s2;
        v->cap = H;
    }
    return 0;
}

/* The weights of strata ns (H cubes) from those of the last iteration:
 * a new cube takes the weight of the old cube that holds its centre
 * (both are regular grids of y-space; the weights' common scale does
 * not matter), so the weights learnt survive a change of the strata's
 * count (the iterations double in points).  None before: all 1. */
static void carry_weights(const pint_vegas *v, const int *ns, size_t H,
                          double *w)
{
    if (!v->ncubes || !v->sigf) {
        for (size_t h = 0; h < H; h++)
            w[h] = 1.0;
        return;
    }
    for (size_t h = 0; h < H; h++) {
        size_t rest = h, old = 0, stride = 1;
        for (int i = 0; i < v->n; i++) {
            size_t c = rest % (size_t)ns[i];
            rest /= (size_t)ns[i];
            double y = ((double)c + 0.5) / ns[i];
            size_t oc = (size_t)(y * v->nstrat[i]);
            if (oc >= (size_t)v->nstrat[i])
                oc = (size_t)v->nstrat[i] - 1;
            old += oc * stride;
            stride *= (size_t)v->nstrat[i];
        }
        w[h] = v->sigf[old];
    }
}

int pint_vegas_begin(pint_vegas *v, long long neval)
{
    int ns[v->n];
    size_t H = choose_strata(v, neval, ns);
    size_t m = (size_t)v->m;
    int same = H == v->ncubes && v->sigf;
    for (int i = 0; same && i < v->n; i++)
        same = ns[i] == v->nstrat[i];
    /* the weights carried over before reserve_cubes frees the old */
    double *w = same ? NULL : malloc(H * sizeof *w);
    if (w)
        carry_weights(v, ns, H, w);
    if ((!same && !w) || reserve_cubes(v, H) != 0) {
        free(w);
        snprintf(v->msg, sizeof v->msg, "out of memory for %zu hypercubes",
                 H);
        return PINT_ERR_NOMEM;
    }
    if (w) {
        memcpy(v->sigf, w, H * sizeof *w);
        free(w);
    }
    memcpy(v->nstrat, ns, sizeof ns);
    v->ncubes = H;
    /* n_h = 2 + the rest in proportion to sigf, rounded by the running
     * sum so that the rest is given out whole (all alike when every
     * weight is 0) */
    double total = 0;
    for (size_t h = 0; h < H; h++)
        total += v->sigf[h];
    long long rest = neval - 2 * (long long)H;
    if (rest < 0)
        rest = 0;
    long long at = 0, given = 0;
    double run = 0;
    for (size_t h = 0; h < H; h++) {
        run += total > 0 ? v->sigf[h] / total : 1.0 / (double)H;
        long long upto = h + 1 == H ? rest
                                    : (long long)floor((double)rest * run);
        if (upto > rest)
            upto = rest;
        if (upto < given)
            upto = given;
        v->npts[h] = 2 + (upto - given);
        given = upto;
        v->first[h] = at;
        at += v->npts[h];
    }
    v->base = v->drawn;
    v->drawn = v->base + at;
    memset(v->sumw, 0, H * m * sizeof *v->sumw);
    memset(v->sumw2, 0, H * m * sizeof *v->sumw2);
    memset(v->d, 0, 2 * (size_t)v->n * (size_t)v->ninc * sizeof *v->d);
    for (size_t k = 0; k < m; k++)
        pint_sum_init(&v->abs[k]);
    return 0;
}

long long pint_vegas_points(const pint_vegas *v, size_t from, size_t to)
{
    if (from >= to)
        return 0;
    return v->first[to - 1] + v->npts[to - 1] - v->first[from];
}

/* ------------------------------------------------------------- sampling */

/* Point p (its index in the iteration) of cube h: y from the stream, x
 * and the Jacobian from the map, the increment of every axis. */
static double place(const pint_vegas *v, size_t h, long long p, double *x,
                    int *inc)
{
    int n = v->n, N = v->ninc;
    pint_stream s = v->stream0;
    pint_stream_seek(&s, (uint64_t)(v->base + p) * (uint64_t)n);
    double jac = 1.0;
    size_t rest = h;
    for (int i = 0; i < n; i++) {
        size_t c = rest % (size_t)v->nstrat[i];
        rest /= (size_t)v->nstrat[i];
        double y = ((double)c + pint_stream_uniform(&s)) / v->nstrat[i];
        double t = y * N;
        int j = (int)t;
        if (j >= N)
            j = N - 1;
        const double *g = v->grid + (size_t)i * (size_t)(N + 1);
        double dg = g[j + 1] - g[j];
        x[i] = v->lo[i] + v->width[i] * (g[j] + (t - j) * dg);
        jac *= v->width[i] * N * dg;
        inc[i] = j;
    }
    return jac;
}

/* The batch's values into the cubes' sums, the chunk's map accumulators
 * and |w| sum. */
static void take(pint_vegas *v, vg_slot *sl, const vg_batch *b, size_t np)
{
    int n = v->n, m = v->m, N = v->ninc;
    size_t nd = (size_t)n * (size_t)N;
    double vh = 1.0 / (double)v->ncubes;
    for (size_t p = 0; p < np; p++) {
        size_t h = b->cube[p];
        double wt = vh / (double)v->npts[h], f2 = 0;
        for (int k = 0; k < m; k++) {
            double w = b->jac[p] * b->f[p * (size_t)m + k];
            v->sumw[h * (size_t)m + k] += w;
            v->sumw2[h * (size_t)m + k] += w * w;
            pint_sum_add(&sl->abs[k], wt * fabs(w));
            f2 += v->cw[k] * w * w;
        }
        for (int i = 0; i < n; i++) {
            size_t at = (size_t)i * (size_t)N
                        + (size_t)b->inc[p * (size_t)n + i];
            sl->d[at] += wt * f2;
            sl->d[nd + at] += wt;
        }
    }
}

static void chunk_task(void *arg, size_t i, int thread)
{
    pint_vegas *v = arg;
    vg_slot *sl = &v->slot[i];
    vg_batch *b = &v->bat[thread];
    int n = v->n, m = v->m;
    memset(sl->d, 0, 2 * (size_t)n * (size_t)v->ninc * sizeof *sl->d);
    for (int k = 0; k < m; k++)
        pint_sum_init(&sl->abs[k]);
    sl->rc = 0;
    size_t np = 0;
    for (size_t h = sl->c0; h < sl->c1; h++)
        for (long long q = 0; q < v->npts[h]; q++) {
            b->jac[np] = place(v, h, v->first[h] + q, b->x + np * (size_t)n,
                               b->inc + np * (size_t)n);
            b->cube[np++] = h;
            if (np == BATCH || (h + 1 == sl->c1 && q + 1 == v->npts[h])) {
                sl->rc = pint_eval_points(v->fn, np, b->x, b->f, sl->msg,
                                          sizeof sl->msg);
                if (sl->rc != 0)
                    return;
                take(v, sl, b, np);
                np = 0;
            }
        }
}

/* The end of the chunk that starts at cube c0: whole cubes, about a
 * batch of points (fixed by the cubes alone). */
static size_t chunk_end(const pint_vegas *v, size_t c0, size_t to)
{
    long long pts = 0;
    size_t c = c0;
    while (c < to && (pts == 0 || pts + v->npts[c] <= BATCH))
        pts += v->npts[c++];
    return c;
}

int pint_vegas_sample(pint_vegas *v, size_t from, size_t to)
{
    int n = v->n, m = v->m;
    size_t nd = (size_t)n * (size_t)v->ninc;
    size_t c = from;
    while (c < to) {
        size_t k = 0;
        while (k < v->nslots && c < to) {
            v->slot[k].c0 = c;
            c = chunk_end(v, c, to);
            v->slot[k++].c1 = c;
        }
        pint_pool_run(v->pool, k, chunk_task, v);
        for (size_t i = 0; i < k; i++) {
            const vg_slot *sl = &v->slot[i];
            if (sl->rc != 0) {
                snprintf(v->msg, sizeof v->msg, "%s", sl->msg);
                return sl->rc;
            }
            for (size_t j = 0; j < 2 * nd; j++)
                v->d[j] += sl->d[j];
            for (int q = 0; q < m; q++)
                pint_sum_merge(&v->abs[q], &sl->abs[q]);
        }
    }
    return 0;
}

/* ------------------------------------------------------------ reporting */

size_t pint_vegas_report_len(const pint_vegas *v, size_t ncubes)
{
    return 3 * (size_t)v->m + 2 * (size_t)v->n * (size_t)v->ninc + ncubes;
}

/* Cube h, component k: the mean of w = J f and its sample variance. */
static double cube_var(const pint_vegas *v, size_t h, int k, double *mean)
{
    size_t i = h * (size_t)v->m + (size_t)k;
    double nh = (double)v->npts[h];
    *mean = v->sumw[i] / nh;
    double sq = nh * *mean * *mean;
    /* values whose squares pass the largest double leave no variance:
     * NaN, never 0 (vegas_run.c stops the run), which fmax would hide */
    if (!isfinite(v->sumw2[i]) || !isfinite(sq))
        return NAN;
    return fmax((v->sumw2[i] - sq) / (nh - 1), 0.0);
}

void pint_vegas_report(const pint_vegas *v, size_t from, size_t to,
                       double *out)
{
    int m = v->m;
    double vh = 1.0 / (double)v->ncubes;
    double *val = out, *var = out + m, *abs = out + 2 * m;
    double *d = out + 3 * m, *sg = d + 2 * (size_t)v->n * (size_t)v->ninc;
    for (int k = 0; k < m; k++) {
        pint_sum sv, s2;
        pint_sum_init(&sv);
        pint_sum_init(&s2);
        for (size_t h = from; h < to; h++) {
            double mean, s = cube_var(v, h, k, &mean);
            pint_sum_add(&sv, vh * mean);
            pint_sum_add(&s2, vh * vh * s / (double)v->npts[h]);
        }
        val[k] = pint_sum_get(&sv);
        var[k] = pint_sum_get(&s2);
        abs[k] = pint_sum_get(&v->abs[k]);
    }
    memcpy(d, v->d, 2 * (size_t)v->n * (size_t)v->ninc * sizeof *d);
    /* the strata weights: sigma_h^beta, sigma_h^2 the variance of w in
     * the cube times its volume squared, over the components */
    for (size_t h = from; h < to; h++) {
        double s2 = 0, mean;
        for (int k = 0; k < m; k++)
            s2 += v->cw[k] * vh * vh * cube_var(v, h, k, &mean);
        sg[h - from] = pow(s2, 0.5 * v->beta);
    }
}

/* Axis i's map redrawn as Nn increments into g (Nn + 1 numbers): equal
 * shares of the smoothed, damped density d over the ninc increments now
 * (equal shares of the increments themselves when d says nothing, so a
 * change of their count keeps the map). */
static void refine_axis(const pint_vegas *v, int i, const double *d, int Nn,
                        double *g)
{
    int N = v->ninc;
    const double *old = v->grid + (size_t)i * (size_t)(N + 1);
    double s[N], total = 0;
    for (int j = 0; j < N; j++) {
        double l = d[j > 0 ? j - 1 : j], r = d[j + 1 < N ? j + 1 : j];
        if (N == 1)
            s[j] = d[0];
        else if (j == 0)
            s[j] = (7 * d[0] + d[1]) / 8;
        else if (j == N - 1)
            s[j] = (d[N - 2] + 7 * d[N - 1]) / 8;
        else
            s[j] = (l + 6 * d[j] + r) / 8;
        total += s[j];
    }
    double sum = 0;
    for (int j = 0; j < N; j++) {
        double r = total > 0 && isfinite(total) ? s[j] / total : 0;
        s[j] = r > 0 && r < 1 ? pow((1 - r) / log(1 / r), v->alpha)
                              : (r >= 1 ? 1 : 0);
        sum += s[j];
    }
    if (!(sum > 0) || !isfinite(sum)) {
        for (int j = 0; j < N; j++)
            s[j] = 1;
        sum = N;
    }
    /* the floor: uniform density in x, a share v->uniform of the whole,
     * each increment its width's part */
    double add = v->uniform * sum;
    for (int j = 0; j < N; j++)
        s[j] += add * (old[j + 1] - old[j]);
    sum += add;
    double per = sum / Nn, acc = 0;
    int j = 0;
    for (int k = 1; k < Nn; k++) {
        double want = per * k;
        while (j < N && acc + s[j] < want)
            acc += s[j++];
        if (j >= N) {
            g[k] = old[N];
            continue;
        }
        double frac = s[j] > 0 ? (want - acc) / s[j] : 0;
        g[k] = old[j] + frac * (old[j + 1] - old[j]);
    }
    g[0] = 0;
    g[Nn] = 1;
    /* an increment of width 0 (the rounding of a steep density) would
     * make a Jacobian of 0: the map keeps every increment open */
    for (int k = 1; k <= Nn; k++)
        if (!(g[k] > g[k - 1]))
            g[k] = k == Nn ? 1 : nextafter(g[k - 1], 2.0);
}

/* The increments an axis for the next iteration: per_inc points each
 * (as many as this iteration had), within [PINT_VEGAS_NINC_MIN, nmax];
 * nmax when per_inc is 0.  Few points an increment make a noisy
 * density, whose damped map can starve a region the integrand needs. */
static int next_ninc(const pint_vegas *v)
{
    if (v->per_inc <= 0)
        return v->nmax;
    long long want = (v->drawn - v->base) / v->per_inc;
    if (want < PINT_VEGAS_NINC_MIN)
        want = PINT_VEGAS_NINC_MIN;
    return want > v->nmax ? v->nmax : (int)want;
}

void pint_vegas_finish(pint_vegas *v, int members,
                       const double *const *reports, const size_t *cut,
                       double *value, double *var, double *absval, int adapt)
{
    int m = v->m, n = v->n, N = v->ninc;
    size_t nd = (size_t)n * (size_t)N;
    for (int k = 0; k < m; k++) {
        pint_sum sv, s2, sa;
        pint_sum_init(&sv);
        pint_sum_init(&s2);
        pint_sum_init(&sa);
        for (int r = 0; r < members; r++) {
            pint_sum_add(&sv, reports[r][k]);
            pint_sum_add(&s2, reports[r][m + k]);
            pint_sum_add(&sa, reports[r][2 * m + k]);
        }
        value[k] = pint_sum_get(&sv);
        var[k] = pint_sum_get(&s2);
        absval[k] = pint_sum_get(&sa);
    }
    if (!adapt)
        return;
    int Nn = next_ninc(v);
    double *d = calloc(2 * nd + (size_t)n * (size_t)(Nn + 1), sizeof *d);
    if (d) {        /* out of memory: the map stays as it is */
        double *g = d + 2 * nd;
        for (int r = 0; r < members; r++)
            for (size_t j = 0; j < 2 * nd; j++)
                d[j] += reports[r][3 * m + j];
        /* the density of an increment: the mean of (J f)^2 over its
         * points, not their sum (Lepage 2021's d_i), so that how many
         * points fell in it does not count.  With the sum, the count's
         * noise moved the map of a nearly constant integrand: 1 + x1 /
         * 100 at d = 5 went from 0.001 to 0.025 standard deviations a
         * point after the first refinement, and took 2.1e6 evaluations
         * to er 1e-5 where the mean takes 4,500 (bench/RESULTS.md
         * 13.6) */
        for (size_t j = 0; j < nd; j++)
            d[j] = d[nd + j] > 0 ? d[j] / d[nd + j] : 0;
        for (int i = 0; i < n; i++)
            refine_axis(v, i, d + (size_t)i * (size_t)N, Nn,
                        g + (size_t)i * (size_t)(Nn + 1));
        memcpy(v->grid, g, (size_t)n * (size_t)(Nn + 1) * sizeof *g);
        v->ninc = Nn;
        free(d);
    }
    for (int r = 0; r < members; r++)
        for (size_t h = cut[r]; h < cut[r + 1]; h++)
            v->sigf[h] = reports[r][3 * m + 2 * nd + (h - cut[r])];
}

/* ---------------------------------------------------------------- state */

size_t pint_vegas_state_len(const pint_vegas *v)
{
    size_t n = (size_t)v->n;
    return 3 + (size_t)v->m + n + n * (size_t)(v->ninc + 1) + v->ncubes;
}

void pint_vegas_state_pack(const pint_vegas *v, double *out)
{
    size_t n = (size_t)v->n, g = n * (size_t)(v->ninc + 1);
    out[0] = v->ninc;
    out[1] = (double)v->drawn;
    out[2] = (double)v->ncubes;
    memcpy(out + 3, v->cw, (size_t)v->m * sizeof *out);
    out += v->m;                /* the rest as without the weights */
    for (size_t i = 0; i < n; i++)
        out[3 + i] = v->nstrat[i];
    memcpy(out + 3 + n, v->grid, g * sizeof *out);
    if (v->ncubes)
        memcpy(out + 3 + n + g, v->sigf, v->ncubes * sizeof *out);
}

/* A count: a whole number in [0, 2^53). */
static int is_count(double x)
{
    return x >= 0 && x < 9007199254740992.0 && x == floor(x);
}

int pint_vegas_state_unpack(pint_vegas *v, const double *in, size_t len,
                            char *msg, size_t msglen)
{
    size_t n = (size_t)v->n, m = (size_t)v->m;
    if (len < 3 + m + n || !is_count(in[0]) || in[0] < 1
        || in[0] > v->nmax || !is_count(in[1]) || !is_count(in[2])) {
        snprintf(msg, msglen, "not the state of a vegas run of at most %d "
                 "increments an axis", v->nmax);
        return PINT_ERR_INVALID;
    }
    size_t N = (size_t)in[0], g = n * (N + 1);
    size_t H = (size_t)in[2];
    long long drawn = (long long)in[1];
    const double *cw = in + 3;
    for (size_t k = 0; k < m; k++)
        if (!(cw[k] >= 0) || !isfinite(cw[k])) {
            snprintf(msg, msglen, "a component's weight is not a finite "
                     "number >= 0");
            return PINT_ERR_INVALID;
        }
    in += m;                    /* the rest as without the weights */
    len -= m;
    double prod = 1;
    for (size_t i = 0; i < n; i++) {
        if (!is_count(in[3 + i]) || in[3 + i] < 1) {
            snprintf(msg, msglen, "axis %zu has no valid strata", i + 1);
            return PINT_ERR_INVALID;
        }
        prod *= in[3 + i];
    }
    if (len != 3 + n + g + H || (H > 0 && prod != (double)H)
        || H > v->max_cubes) {
        snprintf(msg, msglen, "the strata do not match their count");
        return PINT_ERR_INVALID;
    }
    const double *grid = in + 3 + n, *sg = grid + g;
    for (size_t i = 0; i < n; i++) {
        const double *a = grid + i * (N + 1);
        int ok = a[0] == 0.0 && a[N] == 1.0;
        for (size_t j = 0; ok && j < N; j++)
            ok = a[j] < a[j + 1];
        if (!ok) {
            snprintf(msg, msglen, "the map of axis %zu is not increasing "
                     "from 0 to 1", i + 1);
            return PINT_ERR_INVALID;
        }
    }
    for (size_t h = 0; h < H; h++)
        if (!(sg[h] >= 0) || !isfinite(sg[h])) {
            snprintf(msg, msglen, "a stratum's weight is not a finite "
                     "number >= 0");
            return PINT_ERR_INVALID;
        }
    if (reserve_cubes(v, H) != 0) {
        snprintf(msg, msglen, "out of memory");
        return PINT_ERR_NOMEM;
    }
    for (size_t i = 0; i < n; i++)
        v->nstrat[i] = (int)in[3 + i];
    memcpy(v->grid, grid, g * sizeof *grid);
    v->ninc = (int)N;
    if (H)
        memcpy(v->sigf, sg, H * sizeof *sg);
    v->ncubes = H;
    v->drawn = v->base = drawn;
    memcpy(v->cw, cw, m * sizeof *cw);
    return 0;
}

/* ---------------------------------------------------------- combination */

void pint_vegas_combine_add(int m, double *acc, const double *value,
                            const double *var)
{
    for (int k = 0; k < m; k++) {
        /* an iteration without spread (a constant integrand) weighs as
         * one at the rounding of its value */
        double floor2 = 4.9e-32 * value[k] * value[k];
        double w = 1.0 / fmax(var[k], fmax(floor2, 1e-300));
        acc[k] += value[k] * w;
        acc[m + k] += w;
        acc[2 * m + k] += value[k] * value[k] * w;
    }
}

void pint_vegas_combine_get(int m, const double *acc, double *mean,
                            double *error, double *chi2)
{
    for (int k = 0; k < m; k++) {
        double w = acc[m + k];
        mean[k] = w > 0 ? acc[k] / w : 0.0;
        error[k] = w > 0 ? sqrt(1.0 / w) : INFINITY;
        chi2[k] = w > 0 ? fmax(acc[2 * m + k] - mean[k] * mean[k] * w, 0.0)
                        : 0.0;
    }
}

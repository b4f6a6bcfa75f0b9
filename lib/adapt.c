/* adapt.c -- global adaptive subdivision on one rank (see adapt.h).
 *
 * The loop of Cucos 2003, Figure 6.1: take the region with the largest
 * error, split it in two following the rule's advice, apply the rule to
 * both halves, replace the parent's contribution to the totals by the
 * children's.  A step may take up to k regions at once and evaluate and
 * rule their children on a pool of threads (pool.h), each child into
 * its own slots, merged in order: the outcome does not depend on the
 * threads.  On threads a step is streamed: a parent's children go to the
 * threads as soon as it is split, and parents are replaced, in their
 * order, while the last children are still evaluated (open_stream,
 * close_stream), so that little of a step is left to the caller alone.
 * All buffers are allocated once (pint_adapt_new,
 * pint_adapt_set_threads); a step allocates only when the region pool or
 * the heap grows.
 */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "adapt.h"
#include "options.h"
#include "eval.h"
#include "map.h"
#include "heap.h"
#include "pool.h"
#include "tolerance.h"
#include "sum.h"
#include "watch.h"

/* What one thread of a step needs of its own. */
typedef struct {
    double *work;                   /* the rule's work space */
    double *xin;                    /* a face point moved inside */
    size_t failed;                  /* its first failing child, or SIZE_MAX */
    int rc;                         /* and that child's status */
    char msg[256];
} pint_scratch;

/* The buffers of a step of up to k parents, sized once. */
typedef struct {
    size_t k;
    pint_region **parent, **child;  /* k and 2k */
    const pint_rule_impl **rule;    /* per child: its rule */
    size_t *off;                    /* per child: its first point, and
                                       after the last, the step's points */
    long long *extra;               /* per child: points evaluated again */
    unsigned char *nonzero;         /* per child: a value was not 0 */
    double *x, *f;                  /* the children's points and values
                                       (their geometry goes straight into
                                       their records) */
    pint_scratch *scratch;          /* one per thread */
    int nscratch;
    size_t nparents;                /* of this step; 0: roots */
    atomic_uchar *ready;            /* per parent: its children ruled
                                       (0, 1, 2), then corrected by the
                                       split (PARENT_DONE) */
    /* a streamed step (open_stream, close_stream): whether this one
     * is, how many parents it took, how many are replaced by their
     * children so far, where those children went in the heap, and the
     * totals before the first */
    int streamed;
    size_t taken, replaced;
    size_t *pos;                    /* 2k */
    pint_sum *saved;                /* 4 ncomp */
    size_t saved_frozen;
    long long saved_splits;
} pint_step_bufs;

/* ready[i] once parent i's children are ruled and corrected. */
#define PARENT_DONE 3

struct pint_adapt {
    const pint_function *fn;
    const pint_rule_impl *rule;
    /* the fallback rule (NULL: none; see children_rule) */
    const pint_rule_impl *alt;
    pint_rule_impl *own_alt;        /* the one pint_adapt_new built */
    int ncomp;
    size_t geom_len;
    pint_region_pool *pool;
    pint_heap heap;
    pint_sum *val_sum, *err_sum;    /* running totals, ncomp each */
    pint_sum *abs_sum;              /* the regions' absval, ncomp */
    /* records inserted without room: value, error, absval (ncomp each),
     * in the totals though no region holds them (see pint_adapt_insert) */
    pint_sum *kept_sum;
    size_t kept;
    /* the regions too narrow to split (too_narrow): how many, and their
     * errors, ncomp (in the totals too) */
    pint_sum *frozen_sum;
    size_t frozen;
    long long evals;
    long long splits;
    int nonzero_seen;               /* some value was not 0 */
    size_t steps_since_recompute;
    pint_eval_poll poll;        /* answered between chunks of a batch */
    pint_adapt_sharer share;    /* points of a step evaluated elsewhere */
    /* the keys (see region_key): the norm, and for the individual norm
     * the tolerances the keys were made with, their weights and the
     * tolerances last given */
    enum pint_norm norm;
    double *key_tol, *key_w, *want_tol;
    int rekey_wanted;
    /* the errors the run must reach, ncomp, and the l2 norm's bound
     * (pint_adapt_set_goal); has_goal 0: none; goal_rest: room for the
     * errors within the 2-norm (goal_excess) */
    double *goal, *goal_rest, goal_eps;
    int has_goal;
    size_t steps_since_rekey;
    /* a step: up to k parents and their 2k children, on the pool's
     * threads (see pint_adapt_set_threads) */
    pint_pool *threads;
    int root;                       /* the regions evaluated are roots */
    pint_step_bufs b;
    char msg[256];
};

static void free_step(pint_step_bufs *b)
{
    for (int t = 0; b->scratch && t < b->nscratch; t++) {
        free(b->scratch[t].work);
        free(b->scratch[t].xin);
    }
    free(b->scratch);
    free(b->parent);
    free(b->child);
    free(b->rule);
    free(b->off);
    free(b->extra);
    free(b->nonzero);
    free(b->ready);
    free(b->pos);
    free(b->saved);
    free(b->x);
    free(b->f);
}

/* bytes rounded up to whole cache lines (aligned_alloc's size). */
static size_t lines(size_t bytes)
{
    return (bytes + 63) / 64 * 64;
}

/* The largest work space of the engine's rules (a fallback has no more
 * points than the rule: pint_adapt_set_fallback). */
static size_t most_work(const pint_adapt *a)
{
    size_t w = a->rule->work_size;
    w = a->alt && a->alt->work_size > w ? a->alt->work_size : w;
    return w ? w : 1;
}

/* The buffers of a step of k parents on nthreads threads into b:
 * 0, or PINT_ERR_NOMEM with none. */
static int size_step(const pint_adapt *a, size_t k, int nthreads,
                     pint_step_bufs *b)
{
    const pint_rule_impl *r = a->rule;
    size_t nc = 2 * k, np = nc * r->npoints;
    memset(b, 0, sizeof *b);
    b->k = k;
    b->parent = malloc(k * sizeof *b->parent);
    b->child = malloc(nc * sizeof *b->child);
    b->rule = malloc(nc * sizeof *b->rule);
    b->off = malloc((nc + 1) * sizeof *b->off);
    b->extra = malloc(nc * sizeof *b->extra);
    b->nonzero = malloc(nc);
    b->ready = malloc(k * sizeof *b->ready);
    b->pos = malloc(nc * sizeof *b->pos);
    b->saved = malloc(4 * (size_t)a->ncomp * sizeof *b->saved);
    b->x = malloc(np * (size_t)r->ndim * sizeof *b->x);
    b->f = malloc(np * (size_t)a->ncomp * sizeof *b->f);
    b->scratch = calloc((size_t)nthreads, sizeof *b->scratch);
    b->nscratch = b->scratch ? nthreads : 0;
    int ok = b->parent && b->child && b->rule && b->off && b->extra
             && b->nonzero && b->ready && b->pos && b->saved && b->x
             && b->f && b->scratch;
    for (int t = 0; ok && t < nthreads; t++) {
        /* each thread's sums in cache lines of their own: the rule
         * accumulates into work at every point */
        pint_scratch *s = &b->scratch[t];
        s->work = aligned_alloc(64, lines(most_work(a) * sizeof *s->work));
        s->xin = aligned_alloc(64, lines((size_t)r->ndim * sizeof *s->xin));
        ok = s->work && s->xin;
    }
    if (ok)
        return 0;
    free_step(b);
    memset(b, 0, sizeof *b);
    return PINT_ERR_NOMEM;
}

pint_adapt *pint_adapt_new(const pint_function *fn, const pint_rule_impl *r)
{
    pint_adapt *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    a->fn = fn;
    a->rule = r;
    enum pint_rule fb = pint_rule_fallback(r->id);
    if (fb != PINT_RULE_AUTO) {
        int st;
        char msg[128];
        a->alt = a->own_alt = pint_rule_new(fb, r->ndim, r->ncomp, &st, msg,
                                            sizeof msg);
        if (!a->alt) {
            free(a);
            return NULL;
        }
    }
    a->ncomp = fn->ncomp;
    a->geom_len = pint_region_geom_len(r->kind, r->ndim);
    pint_heap_init(&a->heap);
    a->pool = pint_region_pool_new(a->ncomp, a->geom_len);
    a->val_sum = calloc((size_t)a->ncomp, sizeof *a->val_sum);
    a->err_sum = calloc((size_t)a->ncomp, sizeof *a->err_sum);
    a->abs_sum = calloc((size_t)a->ncomp, sizeof *a->abs_sum);
    a->kept_sum = calloc(3 * (size_t)a->ncomp, sizeof *a->kept_sum);
    a->frozen_sum = calloc((size_t)a->ncomp, sizeof *a->frozen_sum);
    a->key_tol = malloc(5 * (size_t)a->ncomp * sizeof *a->key_tol);
    if (!a->pool || !a->val_sum || !a->err_sum || !a->abs_sum
        || !a->kept_sum || !a->frozen_sum || !a->key_tol
        || size_step(a, 1, 1, &a->b) != 0) {
        pint_adapt_free(a);
        return NULL;
    }
    a->key_w = a->key_tol + a->ncomp;
    a->want_tol = a->key_w + a->ncomp;
    a->goal = a->want_tol + a->ncomp;
    a->goal_rest = a->goal + a->ncomp;
    for (int k = 0; k < a->ncomp; k++) {
        a->key_tol[k] = a->want_tol[k] = 0.0;
        a->key_w[k] = 1.0;
    }
    a->norm = PINT_NORM_MAX;
    return a;
}

void pint_adapt_free(pint_adapt *a)
{
    if (!a)
        return;
    pint_heap_destroy(&a->heap);
    pint_region_pool_free(a->pool);
    free(a->val_sum);
    free(a->err_sum);
    free(a->abs_sum);
    free(a->kept_sum);
    free(a->frozen_sum);
    free_step(&a->b);
    free(a->key_tol);
    pint_rule_free(a->own_alt);
    free(a);
}

/* Values on the faces.  The symmetric rules sample the faces of a box
 * (sym9 with weight 0, for its checks; sym7 with weight), so an
 * integrable singularity on the boundary of the domain, or on a plane
 * where a split put a face, gives a value that is not finite there
 * (1/sqrt(x1) at x1 = 0; the end of a mapped infinite range, map.h).
 * Such a point is evaluated again FACE_PULL of the half-width from the
 * centre, and that value stands for the face's: it is finite near an
 * integrable singularity and large, so the null rules and the face check
 * see a region far from its asymptotic regime and its error estimate
 * stays large until the splits have shrunk it (the regions along a
 * singular face carry an estimate that falls with their width, as their
 * true error does).  A value that is not finite inside the box, or on a
 * face again after the move, is the integrand's failure as before.
 * Measured in bench/RESULTS.md section 9. */
#define FACE_PULL 0.975

/* Move point x of the box with geometry g (centre, half-widths) off its
 * faces into xin; 0 when x lies on no face.  nudge: where the pull
 * rounds back onto the face, take the next double inside (not at the end
 * of an infinite range, where x itself would be infinite: the integral
 * may diverge, and the failure says so, eval.c). */
static int pull_inside(int n, const double *g, const double *x, double *xin,
                       int nudge)
{
    int moved = 0;
    for (int i = 0; i < n; i++) {
        double c = g[i], h = g[n + i], d = x[i] - c;
        xin[i] = x[i];
        if (fabs(d) >= h * (1.0 - 1e-9)) {
            xin[i] = d > 0 ? c + FACE_PULL * h : c - FACE_PULL * h;
            /* a region a few ulps wide (next to a singular face the
             * splits go that far): the pull can round back onto the
             * face, so take the next double inside */
            if (xin[i] == x[i] && nudge)
                xin[i] = nextafter(x[i], c);
            moved = 1;
        }
    }
    return moved;
}

/* A simplex's rule points lie strictly inside it, but in a region only
 * a few ulps wide across one coordinate (next to a singular face at a
 * coordinate that is no dyadic number, as x1 = 0.3: the splits go that
 * far, bench/RESULTS.md 16.1) a point can round onto
 * the face: its coordinate i then equals the least or the largest of
 * the vertices' coordinates i, which a point of a wider region never
 * does.  Such a point is moved towards the centroid as a box's face
 * point is (FACE_PULL), a coordinate the move rounds back onto the same
 * value taking the next double towards the centroid; 0 when x is no
 * such point (the value's failure is then the integrand's). */
static int pull_simplex(int n, const double *g, const double *x,
                        double *xin)
{
    int on_face = 0;
    for (int i = 0; i < n && !on_face; i++) {
        double lo = g[i], hi = g[i];
        for (int k = 1; k <= n; k++) {
            lo = fmin(lo, g[k * n + i]);
            hi = fmax(hi, g[k * n + i]);
        }
        on_face = x[i] == lo || x[i] == hi;
    }
    if (!on_face)
        return 0;
    for (int i = 0; i < n; i++) {
        double c = 0.0;
        for (int k = 0; k <= n; k++)
            c += g[k * n + i];
        c /= n + 1;
        xin[i] = c + FACE_PULL * (x[i] - c);
        if (xin[i] == x[i] && c != x[i])
            xin[i] = nextafter(x[i], c);
    }
    return 1;
}

/* Check the values f of one region's points x (geometry g): a value
 * that is not finite on a face of a box, or rounded onto a simplex's
 * (pull_simplex), is mended as above (xin: room
 * for the point moved inside), each mend one more evaluation in *extra.
 * 0, or the integrand's error with its message in msg and in *at the
 * point whose value it was (SIZE_MAX: a point moved inside, evaluated
 * here).  r: the region's rule. */
static int mend_region(const pint_adapt *a, const pint_rule_impl *r,
                       double *xin, const double *g, const double *x,
                       double *f, long long *extra, size_t *at, char *msg,
                       size_t len)
{
    size_t np = r->npoints, nd = (size_t)r->ndim, m = (size_t)a->ncomp;
    size_t from = 0, bad;
    *at = SIZE_MAX;
    for (;;) {
        int rc = pint_eval_check(a->fn, from, np, x, f, &bad, msg, len);
        if (rc != 0)
            *at = bad;
        const pint_function *in = pint_eval_inner(a->fn);
        int nudge = rc == 0 || !pint_map_is(in)
                    || pint_map_infinite_axis(in->ctx, x + bad * nd) == 0;
        if (rc == 0)
            return 0;
        int moved = r->kind == PINT_REGION_BOX
                    ? pull_inside(r->ndim, g, x + bad * nd, xin, nudge)
                    : pull_simplex(r->ndim, g, x + bad * nd, xin);
        if (!moved) {
            /* inside a box: no breakpoint passes there */
            if (rc == PINT_ERR_NONFINITE && nudge
                && r->kind == PINT_REGION_BOX)
                pint_eval_hint_breakpoint(msg, len);
            return rc;
        }
        *at = SIZE_MAX;
        (*extra)++;
        rc = pint_eval_points(a->fn, 1, xin, f + bad * m, msg, len);
        if (rc != 0)
            return rc;
        from = bad + 1;
    }
}

/* Regions too narrow to split.  Next to a singularity inside the domain
 * (1/sqrt|x1 - 0.3|, even with 0.3 given as a breakpoint) the splits go
 * on until a region's width is a few ulps of its centre's coordinate:
 * there the rule's points round onto a handful of doubles, the values
 * stop resolving the singularity and the estimate falls with the width
 * while the true error does not (sym9 on 1/sqrt|x1 - 0.3| (1 + x2) at
 * er 1e-10 ended "converged" 100 times off).  A region whose split axis
 * (a box's half-width, a simplex's edge) is within NARROW_ULPS ulps of
 * its coordinates is frozen: key 0, so it is split no more, its error
 * stays in the totals, and a run whose frozen errors alone fail the
 * tolerance ends with PINT_ROUNDOFF once the rest is refined (api.c;
 * tolerance.h, pint_frozen_stop; the controller of an MPI run does the
 * same with the workers' frozen errors).  The width, 8 ulps, measured
 * on that integral with sym9 (true error 4.3e-8 at the floor): at 2
 * ulps er 1e-8 still ended "converged" with an estimate of 3.5e-8; at 8
 * it stops with 1.1e-7, at 16 and 64 with up to 1.2e-5 and 3.8e-3 (the
 * rounded points of a wider frozen region inflate its estimate), and at
 * 1024 even er 1e-7, which converges honestly, stopped (bench/RESULTS.md
 * section 16).  Near 0 the doubles are dense and a singularity there
 * never freezes. */
#define NARROW_ULPS 8.0

static int too_narrow(const pint_adapt *a, const pint_region *reg)
{
    int n = a->rule->ndim;
    const double *g = reg->data + 2 * (size_t)a->ncomp;
    const double floor = NARROW_ULPS * DBL_EPSILON;
    if (a->rule->kind == PINT_REGION_BOX) {
        int i = reg->split;
        return g[n + i] <= floor * fabs(g[i]);
    }
    const double *va = g + (reg->split / (n + 1)) * n,
                 *vb = g + (reg->split % (n + 1)) * n;
    for (int i = 0; i < n; i++)
        if (fabs(vb[i] - va[i]) > floor * fmax(fabs(va[i]), fabs(vb[i])))
            return 0;
    return 1;
}

/* The heap key of a region: how much refining it helps the convergence
 * test of the norm.
 *   max:        max_k err[k], ParInt's key (every component has the same
 *               tolerance).
 *   individual: max_k w[k] err[k], w[k] proportional to 1/tol[k], the
 *               component's tolerance: a region of a small component
 *               whose error is far above that component's tolerance comes
 *               first, even when a large component's errors are larger in
 *               absolute terms.
 *   l2:         ||err||_2: the 2-norm of the total error is at most the
 *               sum of the regions' 2-norms, so the largest terms of that
 *               bound are refined first.  Like max, a key that never goes
 *               stale.
 * The individual tolerances move as the values converge (and the
 * controller of an MPI run hands out new shares), so its keys are
 * remade, all at once, when a tolerance has moved by more than a factor
 * of 2 since the keys were made (pint_adapt_set_tolerances), but at most
 * once every heap.size / 8 steps: an O(n) re-keying then costs O(1) per
 * step, amortized, and a key is never more than a factor of 2 off while
 * the tolerances are settled.  Keying by err[k]/tol[k] at the time each
 * region is made would let old regions keep keys made with tolerances
 * long gone (the first ones, from a crude estimate of the value). */
static double region_key(const pint_adapt *a, const pint_region *reg)
{
    int m = a->ncomp;
    const double *err = reg->data + m;
    if (reg->frozen)
        return 0.0;
    if (a->norm == PINT_NORM_L2)
        return pint_norm_measure(PINT_NORM_L2, err, m, NULL);
    double key = 0.0;
    for (int k = 0; k < m; k++) {
        double e = a->norm == PINT_NORM_INDIVIDUAL ? a->key_w[k] * err[k]
                                                   : err[k];
        if (e > key)
            key = e;
    }
    return key;
}

/* The rule of a region.  An engine may hold, besides its rule, a
 * fallback (rule.h, pint_rule_fallback: sym9 beside sym13 at d = 2): a
 * cheaper rule of lower degree for the regions where a higher degree buys
 * nothing, those next to a singularity, a kink or a jump, whose number
 * the singularity sets whatever the rule.  The children of a region take
 * the fallback (its `alt`) when
 *   - its rule did not trust its estimate (rule.h, work[1]: the null
 *     rules did not decay, or the face check saw more than they did),
 *   - a value on one of its faces was not finite (mend_region: an
 *     integrable singularity on the face), or its parent's was: the
 *     sibling of a region on a singular face inherits a part of what the
 *     parent's split measured (split_correct) and is split once more,
 *     only to find it accurate;
 * and the engine's rule otherwise, whatever rule the region itself had.
 * Measured in bench/RESULTS.md, section 15.3: with sym13 alone the 2-D
 * everyday integrals with a singular face cost 1.75 times sym9's
 * evaluations, with the fallback 1.00-1.01; the smooth Genz families keep
 * sym13's gain (genz1 at er 1e-7: 9,535 evaluations, sym9 45,320).
 * Roots take the engine's rule, as do the regions of the cooperative
 * start (par/coop.c: every rank knows what its levels cost). */
static const pint_rule_impl *children_rule(const pint_adapt *a,
                                           const pint_region *parent)
{
    return parent->alt && a->alt ? a->alt : a->rule;
}

/* Apply rule r to a region whose geometry and volume are set, using
 * the integrand values f of its points; child: see rule.h.  The
 * region's children take the fallback when r did not trust its
 * estimate (see children_rule). */
static void apply_rule(const pint_adapt *a, const pint_rule_impl *r,
                       pint_region *reg, int child, const double *f,
                       double *work)
{
    int m = a->ncomp, split;
    double *val = pint_region_val(reg), *err = pint_region_err(reg, m);
    r->apply(r, pint_region_geom(reg, m), reg->vol, child, f, val, err,
             &split, work);
    reg->split = (short)split;
    reg->frozen = too_narrow(a, reg);
    reg->share = r->split_correct ? (float)work[0] : 0.0f;
    reg->alt = a->alt && !(work[1] > 0.0);
    reg->mended = 0;
    reg->key = region_key(a, reg);
    /* vol * mean_p |f_pk|: a rough integral of |f_k| over the region, the
     * scale of the rounding noise of its values (tolerance.h, the floor) */
    double *absval = pint_region_abs(reg, m, a->geom_len);
    size_t np = r->npoints;
    for (int k = 0; k < m; k++) {
        double s = 0.0;
        if (r->abs_sums)        /* the rule's own pass summed them */
            s = work[2 + k];
        else
            for (size_t p = 0; p < np; p++)
                s += fabs(f[p * (size_t)m + k]);
        absval[k] = reg->vol * (s / (double)np);
    }
}

/* Split correction, for rules that give a child of a split their less
 * cautious estimate (rule.h, split_correct; the degree-9 symmetric
 * rule).  d = |Q_parent - (Q_1 + Q_2)| measures the parent's
 * actual error; each child's estimate E_i becomes
 *     E_i (1 + d / (2 (E_1 + E_2))) + d / 4,
 * so a child never claims less than a quarter (below: a sixteenth) of
 * what its parent was seen to miss, and children whose estimates are
 * small against d grow in proportion.  (The constants of Cuba's Cuhre:
 * T. Hahn, Comput. Phys. Commun. 168 (2005) 78.)
 * The root regions keep the rule's cautious estimate: nothing has been
 * measured there yet.  Measured in bench/RESULTS.md, section 7.5.
 * Where the parent and both children are trusted by their rule (in 2-D
 * and 3-D, sym13 and sym11 beside their fallback: null rules that decay,
 * no face or inner misfit, nothing mended; see children_rule) the floor
 * is d / 16: a split of a smooth region cuts its error by far more than
 * four.  Measured in bench/RESULTS.md, section 15.9: 0.87-1.00 of the
 * evaluations on the Genz families at d = 2 and 3, every run honest;
 * without the floor there, 1/sqrt|x1 - 1/3| ended 1.10 E off (15.8),
 * and with d / 64 one genz4 run at d = 3 1.77 E.
 *
 * Then the share.  d measures what the split removed, not what is left:
 * when the split axis carries the share s of the parent's error (the
 * rule's per-axis differences, weighed by its degree, rule.h), the
 * error along the other axes stays with the children, about (1 - s)/s d
 * in all.  So the children's estimates, if smaller, are raised in
 * proportion to that.  It matters when the error is spread over many
 * axes (s near 1/n): (1 + x1 + ... + x6)^-2 on [0,1]^6 (s = 1/6) claimed
 * 3.4e-7 after the first split for a true error of 6.5e-7.  (1 - s)/s is
 * capped at n - 1, the isotropic case, since the split axis carries the
 * largest share.  Measured in bench/RESULTS.md, sections 9.6 and
 * 15.14. */
static void split_correct(pint_adapt *a, const pint_region *parent,
                          pint_region *c1, pint_region *c2)
{
    int m = a->ncomp;
    const double *pv = parent->data;
    double *e1 = pint_region_err(c1, m), *e2 = pint_region_err(c2, m);
    int trusted = a->alt && a->rule->ndim <= 3 && !parent->alt && !c1->alt
                  && !c2->alt;
    double least = trusted ? 0.0625 : 0.25;
    for (int k = 0; k < m; k++) {
        double seen = fabs(pv[k] - (c1->data[k] + c2->data[k]));
        double sum = e1[k] + e2[k];
        if (sum > 0.0) {
            double grow = 1.0 + 0.5 * seen / sum;
            e1[k] *= grow;
            e2[k] *= grow;
        }
        e1[k] += least * seen;
        e2[k] += least * seen;
        double s = parent->share, have = e1[k] + e2[k];
        if (s > 0.0 && have > 0.0) {
            double left = fmin((1.0 - s) / s, a->rule->ndim - 1) * seen;
            if (have < left) {
                e1[k] *= left / have;
                e2[k] *= left / have;
            }
        }
        c1->key = fmax(c1->key, e1[k]);
        c2->key = fmax(c2->key, e2[k]);
    }
}

/* Sibling cross-check.  The two children together are far more accurate
 * than their parent, so |Q_parent - (Q_1 + Q_2)| is a measurement of the
 * parent's actual error.  When it exceeds the parent's estimate, the
 * rule's estimate is not yet trustworthy there (a peak or a jump between
 * the sample points, a partition still too coarse): each child then
 * carries at least half of the measured error, so the region stays in
 * play.  For resolved smooth integrands the 7/5 difference exceeds the
 * measurement by orders of magnitude and nothing changes. */
static void cross_check(pint_adapt *a, const pint_region *parent,
                        pint_region *c1, pint_region *c2)
{
    int m = a->ncomp;
    const double *pv = parent->data, *pe = parent->data + m;
    double *e1 = pint_region_err(c1, m), *e2 = pint_region_err(c2, m);
    for (int k = 0; k < m; k++) {
        double seen = fabs(pv[k] - (c1->data[k] + c2->data[k]));
        if (!(seen > pe[k]))
            continue;
        e1[k] = fmax(e1[k], 0.5 * seen);
        e2[k] = fmax(e2[k], 0.5 * seen);
        c1->key = fmax(c1->key, e1[k]);
        c2->key = fmax(c2->key, e2[k]);
    }
}

static void totals_add(pint_adapt *a, const pint_region *reg, double sign)
{
    const double *d = reg->data;
    const double *absval = d + 2 * (size_t)a->ncomp + a->geom_len;
    for (int k = 0; k < a->ncomp; k++) {
        pint_sum_add(&a->val_sum[k], sign * d[k]);
        pint_sum_add(&a->err_sum[k], sign * d[a->ncomp + k]);
        pint_sum_add(&a->abs_sum[k], sign * absval[k]);
    }
    if (reg->frozen) {
        for (int k = 0; k < a->ncomp; k++)
            pint_sum_add(&a->frozen_sum[k], sign * d[a->ncomp + k]);
        if (sign > 0.0)
            a->frozen++;
        else
            a->frozen--;
    }
}

/* Child c of a step: its points into its slice of a->b.x. */
static void child_points(pint_adapt *a, size_t c)
{
    const pint_rule_impl *r = a->b.rule[c];
    r->points(r, pint_region_geom(a->b.child[c], a->ncomp),
              a->b.x + a->b.off[c] * (size_t)r->ndim);
}

/* A failure of child c on a thread: kept when it is the thread's first
 * (a thread takes its children in increasing order). */
static void child_failed(pint_adapt *a, size_t c, int thread, int rc,
                         const char *msg)
{
    pint_scratch *s = &a->b.scratch[thread];
    if (s->failed != SIZE_MAX)
        return;
    s->failed = c;
    s->rc = rc;
    snprintf(s->msg, sizeof s->msg, "%s", msg);
}

/* Parent i of a step once both its children are ruled: what the split
 * measured corrects their errors (on whichever thread finished the
 * second child; it touches the two children only). */
static void correct_children(pint_adapt *a, const pint_region *parent,
                             pint_region *c1, pint_region *c2)
{
    if (a->rule->split_correct)
        split_correct(a, parent, c1, c2);
    cross_check(a, parent, c1, c2);
    /* the corrections raised errors: key again (with max they kept the
     * key equal to the largest error as they went, but a region too
     * narrow to split keeps key 0) */
    if (a->norm != PINT_NORM_MAX || c1->frozen || c2->frozen) {
        c1->key = region_key(a, c1);
        c2->key = region_key(a, c2);
    }
}

static void finish_parent(pint_adapt *a, size_t i)
{
    correct_children(a, a->b.parent[i], a->b.child[2 * i],
                     a->b.child[2 * i + 1]);
}

/* Child c is ruled: the second of its parent's two finishes the parent. */
static void child_ready(pint_adapt *a, size_t c)
{
    if (a->b.nparents
        && atomic_fetch_add_explicit(&a->b.ready[c / 2], 1,
                                     memory_order_acq_rel) == 1) {
        finish_parent(a, c / 2);
        atomic_store_explicit(&a->b.ready[c / 2], PARENT_DONE,
                              memory_order_release);
    }
}

/* Whether the rule's sums over region reg overflowed: its values f
 * (np points x, m components) are finite, but so large that its value,
 * error or integral of |f| passed DBL_MAX (a weighted sum, the null
 * rules' alternating weights, the sum of |f| over the points).  0, or
 * PINT_ERR_NONFINITE with msg naming the largest value and where it
 * was (x NULL: not known). */
static int overflowed(const pint_adapt *a, const pint_region *reg,
                      size_t np, const double *x, const double *f,
                      char *msg, size_t len)
{
    int m = a->ncomp;
    const double *val = reg->data, *err = reg->data + m;
    const double *absval = pint_region_abs((pint_region *)reg, m,
                                           a->geom_len);
    for (int k = 0; k < m; k++) {
        if (isfinite(val[k]) && isfinite(err[k]) && isfinite(absval[k]))
            continue;
        size_t at = 0;
        for (size_t p = 1; p < np; p++)
            if (fabs(f[p * (size_t)m + k]) > fabs(f[at * (size_t)m + k]))
                at = p;
        char pt[160] = "";
        if (x) {
            char xs[150];
            pint_eval_format_point(a->fn, x + at * (size_t)a->rule->ndim,
                                   xs, sizeof xs);
            snprintf(pt, sizeof pt, " at x = %s", xs);
        }
        snprintf(msg, len, "integrand values too large: %.3g in component "
                 "%d%s, and the rule's sums over the region pass the "
                 "largest double (scale the integrand down)",
                 f[at * (size_t)m + k], k + 1, pt);
        return PINT_ERR_NONFINITE;
    }
    return 0;
}

/* Child c once its values are in: mend them, then apply the rule. */
static void child_finish(pint_adapt *a, size_t c, int thread)
{
    const pint_rule_impl *r = a->b.rule[c];
    pint_scratch *s = &a->b.scratch[thread];
    size_t np = r->npoints, m = (size_t)a->ncomp;
    double *x = a->b.x + a->b.off[c] * (size_t)r->ndim;
    double *f = a->b.f + a->b.off[c] * m;
    pint_region *reg = a->b.child[c];
    char msg[sizeof s->msg];
    size_t at;
    int rc = mend_region(a, r, s->xin, pint_region_geom(reg, a->ncomp), x,
                         f, &a->b.extra[c], &at, msg, sizeof msg);
    if (rc != 0) {
        /* a value from elsewhere: say where it was evaluated */
        if (at != SIZE_MAX && a->share.begin && !a->b.streamed
            && a->share.blame)
            a->share.blame(a->share.arg, a->b.off[c] + at, msg,
                           sizeof msg);
        child_failed(a, c, thread, rc, msg);
        return;
    }
    a->b.nonzero[c] = (unsigned char)pint_eval_any_nonzero(f, np * m);
    apply_rule(a, r, reg, !a->root, f, s->work);
    rc = overflowed(a, reg, np, x, f, msg, sizeof msg);
    if (rc != 0) {
        child_failed(a, c, thread, rc, msg);
        return;
    }
    /* a face mended here or on the parent: see children_rule */
    reg->mended = a->b.extra[c] > 0;
    if (a->alt && (reg->mended
                   || (a->b.nparents && a->b.parent[c / 2]->mended)))
        reg->alt = 1;
    child_ready(a, c);
}

/* Child c from its points to its rule, on a thread of the pool (thread
 * 0, the caller's, also answers the poll). */
static void child_task(void *arg, size_t c, int thread)
{
    pint_adapt *a = arg;
    size_t p0 = a->b.off[c];
    char msg[sizeof a->msg];
    child_points(a, c);
    a->b.extra[c] = 0;
    int rc = pint_eval_call_polled(a->fn, a->b.off[c + 1] - p0,
                                   a->b.x + p0 * (size_t)a->rule->ndim,
                                   a->b.f + p0 * (size_t)a->ncomp, msg,
                                   sizeof msg, thread == 0 ? &a->poll : NULL);
    if (rc != 0)
        child_failed(a, c, thread, rc, msg);
    else
        child_finish(a, c, thread);
}

/* The thread's failure of lowest index in a step's scratch, or NULL. */
static const pint_scratch *first_failure(const pint_adapt *a)
{
    const pint_scratch *first = NULL;
    for (int t = 0; t < pint_pool_size(a->threads); t++)
        if (a->b.scratch[t].failed != SIZE_MAX
            && (!first || a->b.scratch[t].failed < first->failed))
            first = &a->b.scratch[t];
    return first;
}

static void clear_failures(pint_adapt *a)
{
    for (int t = 0; t < pint_pool_size(a->threads); t++)
        a->b.scratch[t].failed = SIZE_MAX;
}

/* A shared step's own points on the pool: chunk i of nchunk of the
 * first nloc points (the chunk's index orders its failure). */
typedef struct {
    pint_adapt *a;
    size_t nloc, nchunk;
} own_chunks;

static void chunk_task(void *arg, size_t i, int thread)
{
    const own_chunks *o = arg;
    pint_adapt *a = o->a;
    size_t n = (size_t)a->rule->ndim, m = (size_t)a->ncomp;
    size_t k0 = o->nloc * i / o->nchunk, k1 = o->nloc * (i + 1) / o->nchunk;
    char msg[sizeof a->msg];
    int rc = pint_eval_call_polled(a->fn, k1 - k0, a->b.x + k0 * n,
                                   a->b.f + k0 * m, msg, sizeof msg,
                                   thread == 0 ? &a->poll : NULL);
    if (rc != 0)
        child_failed(a, i, thread, rc, msg);
}

static void finish_task(void *arg, size_t c, int thread)
{
    child_finish(arg, c, thread);
}

/* The n children's points given to the sharer, the first nloc evaluated
 * here (on the pool: in chunks), the rest by the sharer; then each
 * child mended and ruled as in an unshared step. */
static int eval_shared(pint_adapt *a, size_t n)
{
    size_t N = a->b.off[n];
    int nt = pint_pool_size(a->threads), rc = 0;
    for (size_t c = 0; c < n; c++) {
        child_points(a, c);
        a->b.extra[c] = 0;
    }
    size_t nloc = a->share.begin(a->share.arg, a->b.x, N);
    if (nt == 1) {
        rc = pint_eval_call_polled(a->fn, nloc, a->b.x, a->b.f, a->msg,
                                   sizeof a->msg, &a->poll);
    } else if (nloc > 0) {
        own_chunks o = { a, nloc, nloc < 4 * (size_t)nt ? nloc
                                                        : 4 * (size_t)nt };
        pint_pool_run(a->threads, o.nchunk, chunk_task, &o);
        const pint_scratch *first = first_failure(a);
        if (first) {
            snprintf(a->msg, sizeof a->msg, "%s", first->msg);
            rc = first->rc;
        }
        clear_failures(a);
    }
    char msg[sizeof a->msg];
    int rc2 = a->share.finish(a->share.arg, a->b.f, msg, sizeof msg);
    if (rc == 0 && rc2 != 0) {
        snprintf(a->msg, sizeof a->msg, "%s", msg);
        rc = rc2;
    }
    if (rc != 0)
        return rc;
    if (nt == 1)
        for (size_t c = 0; c < n; c++)
            child_finish(a, c, 0);
    else
        pint_pool_run(a->threads, n, finish_task, a);
    return 0;
}

/* A step's n children once all are done: the points evaluated again
 * counted, and 0, or the first failure's status with its message in
 * a->msg. */
static int children_outcome(pint_adapt *a, size_t n)
{
    const pint_scratch *first = first_failure(a);
    int nonzero = 0;
    for (size_t c = 0; c < n; c++) {
        a->evals += a->b.extra[c];
        nonzero |= !first && a->b.nonzero[c];
    }
    if (first) {
        snprintf(a->msg, sizeof a->msg, "%s", first->msg);
        return first->rc;
    }
    /* the split's correction raised an error past the largest double
     * (each child's own estimate was finite: child_finish) */
    for (size_t c = 0; c < n; c++) {
        const double *err = pint_region_err(a->b.child[c], a->ncomp);
        for (int k = 0; k < a->ncomp; k++)
            if (!isfinite(err[k])) {
                snprintf(a->msg, sizeof a->msg, "integrand values too "
                         "large: the error estimate of component %d passed "
                         "the largest double (scale the integrand down)",
                         k + 1);
                return PINT_ERR_NONFINITE;
            }
    }
    a->nonzero_seen |= nonzero;
    return 0;
}

/* Evaluate the n regions a->b.child[0..n-1] (geometry and volume set) and
 * apply the rule to each: on one thread the points of all in one batch,
 * on the pool's threads one child a task; with a sharer, its part of the
 * points elsewhere (eval_shared).  Every child is done either
 * way, so the outcome does not depend on the threads: 0, or the status
 * of the first failing child with its message in a->msg. */
static int eval_children(pint_adapt *a, size_t n)
{
    int nt = pint_pool_size(a->threads);
    a->b.streamed = 0;
    clear_failures(a);
    for (size_t i = 0; i < a->b.nparents; i++)
        atomic_store_explicit(&a->b.ready[i], 0, memory_order_relaxed);
    a->b.off[0] = 0;
    for (size_t c = 0; c < n; c++)
        a->b.off[c + 1] = a->b.off[c] + a->b.rule[c]->npoints;
    a->evals += (long long)a->b.off[n];
    if (a->share.begin) {
        int rc = eval_shared(a, n);
        if (rc != 0)
            return rc;
    } else if (nt == 1) {
        for (size_t c = 0; c < n; c++)
            child_points(a, c);
        int rc = pint_eval_call_polled(a->fn, a->b.off[n], a->b.x, a->b.f,
                                       a->msg, sizeof a->msg, &a->poll);
        if (rc != 0)
            return rc;
        for (size_t c = 0; c < n; c++) {
            a->b.extra[c] = 0;
            child_finish(a, c, 0);
        }
    } else {
        pint_pool_run(a->threads, n, child_task, a);
    }
    return children_outcome(a, n);
}

int pint_adapt_add(pint_adapt *a, const double *geom, double vol)
{
    pint_region *reg = pint_region_alloc(a->pool);
    if (!reg || pint_heap_reserve(&a->heap, a->heap.size + 1) != 0) {
        pint_region_release(a->pool, reg);
        strcpy(a->msg, "out of memory for a new region");
        return PINT_ERR_NOMEM;
    }
    reg->vol = vol;
    memcpy(pint_region_geom(reg, a->ncomp), geom, a->geom_len * sizeof *geom);
    a->b.child[0] = reg;
    a->b.rule[0] = a->rule;
    a->root = 1;
    a->b.nparents = 0;                  /* a root: no parent to finish */
    int rc = eval_children(a, 1);
    a->root = 0;
    if (rc != 0) {
        pint_region_release(a->pool, reg);
        return rc;
    }
    pint_heap_push(&a->heap, reg);      /* capacity reserved above */
    totals_add(a, reg, +1.0);
    return 0;
}

/* Weights of the individual key from the tolerances tol: w[k] = lo /
 * max(tol[k], lo), lo the smallest tolerance but at least 1e-200 times
 * the largest, so that a tolerance of 0 (a component whose value is 0)
 * gives no infinite weight.  The weights are at most 1, so a key never
 * overflows where the errors do not.  When every tolerance is 0 the
 * weights are all 1; an infinite tolerance weighs 0. */
static void key_weights(int m, const double *tol, double *w)
{
    double lo = HUGE_VAL, hi = 0.0;
    for (int k = 0; k < m; k++) {
        double t = tol[k] >= 0.0 ? tol[k] : 0.0;    /* NaN: 0 */
        if (isfinite(t)) {
            lo = fmin(lo, t);
            hi = fmax(hi, t);
        }
    }
    lo = fmax(lo, 1e-200 * hi);
    for (int k = 0; k < m; k++) {
        double t = tol[k] >= 0.0 ? tol[k] : 0.0;
        w[k] = !isfinite(t) ? 0.0 : lo == 0.0 ? 1.0 : lo / fmax(t, lo);
    }
}

/* Remake every key with the tolerances last given (see region_key). */
static void rekey(pint_adapt *a)
{
    int m = a->ncomp;
    memcpy(a->key_tol, a->want_tol, (size_t)m * sizeof *a->key_tol);
    key_weights(m, a->key_tol, a->key_w);
    for (size_t i = 0; i < a->heap.size; i++) {
        pint_region *r = a->heap.items[i].r;
        r->key = region_key(a, r);
    }
    pint_heap_rebuild(&a->heap);
    a->rekey_wanted = 0;
    a->steps_since_rekey = 0;
}

void pint_adapt_set_goal(pint_adapt *a, const double *goal, double eps)
{
    a->has_goal = goal != NULL;
    a->goal_eps = eps;
    for (int k = 0; goal && k < a->ncomp; k++)
        a->goal[k] = goal[k];
}

void pint_adapt_set_norm(pint_adapt *a, enum pint_norm norm)
{
    a->norm = norm;
    for (int k = 0; k < a->ncomp; k++)
        a->key_w[k] = 1.0;
    for (size_t i = 0; i < a->heap.size; i++) {
        pint_region *r = a->heap.items[i].r;
        r->key = region_key(a, r);
    }
    pint_heap_rebuild(&a->heap);
}

/* Whether two tolerances differ by more than a factor of 2 (0 and not
 * 0 differ). */
static int moved(double a, double b)
{
    if (!(a > 0.0) || !(b > 0.0))
        return (a > 0.0) != (b > 0.0);
    return a > 2.0 * b || b > 2.0 * a;
}

void pint_adapt_set_tolerances(pint_adapt *a, const double *tol)
{
    if (a->norm != PINT_NORM_INDIVIDUAL)
        return;
    int m = a->ncomp, differ = 0;
    for (int k = 0; k < m; k++) {
        a->want_tol[k] = tol[k];
        differ |= moved(tol[k], a->key_tol[k]);
    }
    if (differ)
        a->rekey_wanted = 1;
}

/* Parent i's children in its place: in the totals and in the heap
 * (capacity reserved by the step; where each went kept in pos, for
 * undo_replaced).  The parent's record is the caller's to release. */
static void put_children(pint_adapt *a, size_t i)
{
    pint_region *c1 = a->b.child[2 * i], *c2 = a->b.child[2 * i + 1];
    totals_add(a, a->b.parent[i], -1.0);
    totals_add(a, c1, +1.0);
    totals_add(a, c2, +1.0);
    a->b.pos[2 * i] = pint_heap_push_reserved(&a->heap, c1);
    a->b.pos[2 * i + 1] = pint_heap_push_reserved(&a->heap, c2);
    a->splits++;
}

/* Children 2i and 2i+1 of an unstreamed step in place of parent i, whose
 * record goes back to the pool. */
static void replace_parent(pint_adapt *a, size_t i)
{
    put_children(a, i);
    pint_region_release(a->pool, a->b.parent[i]);
}

/* A step of k regions takes, after the region of largest error, only
 * those whose key is at least this share of its key.  Where the error is
 * concentrated (a discontinuity, a peak still unresolved) splitting
 * regions of small error as well would be wasted work: taking k = 16
 * regions always cost up to 78% more evaluations (genz6, d = 5).  And
 * the share keeps the estimate honest where the rule's estimate of a
 * few regions is too low (a singular edge): with a share of 0.1 the
 * regions of small error were refined so far that the total error was
 * that of the singular regions alone, and 1/sqrt(x1) on [0,1]^2 came
 * out 1.06 times its estimate at every tolerance from 1e-4 to 1e-7
 * (one region a step: 0.29; a share of 0.5: 0.39).  Measured in
 * bench/RESULTS.md, section 10. */
#define STEP_SHARE 0.5

/* How much of the keys a step must remove for the goal to be within
 * reach (pint_adapt_set_goal): the most by which an error is above its
 * goal, in the keys' units (l2: the components without a goal of their
 * own count by their 2-norm against goal_eps); HUGE_VAL when there is no
 * goal, or one that can never be met. */
static double goal_excess(pint_adapt *a)
{
    if (!a->has_goal)
        return HUGE_VAL;
    int l2 = a->norm == PINT_NORM_L2, rest = 0;
    double excess = -HUGE_VAL;
    for (int k = 0; k < a->ncomp; k++) {
        double e = pint_sum_get(&a->err_sum[k]);
        if (l2 && a->goal[k] < 0.0) {
            a->goal_rest[rest++] = e;       /* within the 2-norm */
            continue;
        }
        if (!(a->goal[k] >= 0.0))
            return HUGE_VAL;
        double w = a->norm == PINT_NORM_INDIVIDUAL ? a->key_w[k] : 1.0;
        excess = fmax(excess, w * (e - a->goal[k]));
    }
    if (rest > 0) {
        if (!(a->goal_eps >= 0.0))
            return HUGE_VAL;
        excess = fmax(excess, pint_norm_measure(PINT_NORM_L2, a->goal_rest,
                                                rest, NULL)
                              - a->goal_eps);
    }
    return excess;
}

/* Parent i of a streamed step is split: its children's points follow
 * those before, and the two go to the pool's threads. */
static void release_children(pint_adapt *a, size_t i)
{
    for (size_t c = 2 * i; c < 2 * i + 2; c++)
        a->b.off[c + 1] = a->b.off[c] + a->b.rule[c]->npoints;
    pint_pool_release(a->threads, 2 * i + 2);
}

/* Pop up to k parents, the first and those within STEP_SHARE of it,
 * and split each into its two children (the first parent's allocated
 * by the caller, the others' here: fewer parents when memory runs out).
 * Returns how many were taken.
 *
 * With a goal, no more parents than it needs: once the keys taken add
 * up to the excess of the errors over the goal, the step would meet
 * the goal were their children exact, and the next parent would be
 * split for nothing if they nearly are.  Without this a run of 16
 * regions a step overshot its end by up to a step: genz1 at d = 2, er
 * 1e-4, 6,007 evaluations against 4,057 one region a step (measured in
 * bench/RESULTS.md, section 10.14).  The bound depends on the totals
 * only, so the step stays the same on any number of threads. */
static size_t take_parents(pint_adapt *a, size_t k)
{
    const pint_rule_impl *r = a->rule;
    int m = a->ncomp;
    size_t i = 0;
    double excess = k > 1 ? goal_excess(a) : HUGE_VAL, taken = 0.0;
    for (; i < k; i++) {
        if (i > 0 && (pint_heap_top(&a->heap)->key
                      < STEP_SHARE * a->b.parent[0]->key
                      || taken >= excess))
            break;
        pint_region *c1 = a->b.child[2 * i], *c2 = a->b.child[2 * i + 1];
        if (i > 0) {            /* the first's are the caller's */
            c1 = a->b.child[2 * i] = pint_region_alloc(a->pool);
            c2 = a->b.child[2 * i + 1] = c1 ? pint_region_alloc(a->pool)
                                            : NULL;
            if (!c2) {          /* out of memory: a smaller step */
                pint_region_release(a->pool, c1);
                break;
            }
        }
        pint_region *p = a->b.parent[i] = pint_heap_pop(&a->heap);
        taken += p->key;
        pint_region_split(r->kind, r->ndim, p->split, pint_region_geom(p, m),
                          pint_region_geom(c1, m), pint_region_geom(c2, m));
        c1->vol = c2->vol = 0.5 * p->vol;
        a->b.rule[2 * i] = a->b.rule[2 * i + 1] = children_rule(a, p);
        if (a->b.streamed)
            release_children(a, i);
    }
    return i;
}

/* The next parent of a streamed step, replaced by its children once
 * they are ruled and corrected (as replace_parent, the parent's record
 * released at the step's end), while the caller waits for the step's
 * last children: 1 if it did, 0 if the next is not done (or none is
 * left).  The parents go in their order, so the heap and the totals
 * change exactly as in a step replaced after all its children; where
 * each child went in the heap is kept, and the totals before the first,
 * to undo them when a later child fails (undo_replaced). */
static int replace_next(void *arg)
{
    pint_adapt *a = arg;
    size_t i = a->b.replaced, m = (size_t)a->ncomp;
    if (i >= a->b.taken
        || atomic_load_explicit(&a->b.ready[i], memory_order_acquire)
               != PARENT_DONE)
        return 0;
    if (i == 0) {
        memcpy(a->b.saved, a->val_sum, m * sizeof *a->val_sum);
        memcpy(a->b.saved + m, a->err_sum, m * sizeof *a->err_sum);
        memcpy(a->b.saved + 2 * m, a->abs_sum, m * sizeof *a->abs_sum);
        memcpy(a->b.saved + 3 * m, a->frozen_sum, m * sizeof *a->frozen_sum);
        a->b.saved_frozen = a->frozen;
        a->b.saved_splits = a->splits;
    }
    put_children(a, i);
    a->b.replaced = i + 1;
    return 1;
}

/* The parents replace_next replaced, back: the heap entry for entry and
 * the totals as before the step's first. */
static void undo_replaced(pint_adapt *a)
{
    size_t m = (size_t)a->ncomp;
    if (a->b.replaced == 0)
        return;
    for (size_t c = 2 * a->b.replaced; c-- > 0;)
        pint_heap_unpush(&a->heap, a->b.pos[c]);
    memcpy(a->val_sum, a->b.saved, m * sizeof *a->val_sum);
    memcpy(a->err_sum, a->b.saved + m, m * sizeof *a->err_sum);
    memcpy(a->abs_sum, a->b.saved + 2 * m, m * sizeof *a->abs_sum);
    memcpy(a->frozen_sum, a->b.saved + 3 * m, m * sizeof *a->frozen_sum);
    a->frozen = a->b.saved_frozen;
    a->splits = a->b.saved_splits;
    a->b.replaced = 0;
}

/* Open a streamed step on the pool: take_parents then releases each
 * parent's children to the threads as soon as it has split it, so that
 * they evaluate while the caller takes the next parent (up to k). */
static void open_stream(pint_adapt *a, size_t k)
{
    clear_failures(a);
    a->b.off[0] = 0;
    a->b.taken = a->b.replaced = 0;
    a->b.nparents = k;          /* nonzero: the children have parents */
    for (size_t i = 0; i < k; i++)
        atomic_store_explicit(&a->b.ready[i], 0, memory_order_relaxed);
    pint_pool_open(a->threads, child_task, a);
}

/* Close a streamed step of k parents: the caller takes children too,
 * and replaces parents while it waits for the last (replace_next); then
 * the rest.  0, or the first failure's status with every parent back
 * where take_parents left it (undo_replaced). */
static int close_stream(pint_adapt *a, size_t k)
{
    a->b.taken = k;
    a->evals += (long long)a->b.off[2 * k];     /* as eval_children */
    pint_pool_close(a->threads, 2 * k, replace_next, a);
    a->b.nparents = k;
    int rc = children_outcome(a, 2 * k);
    if (rc != 0) {
        undo_replaced(a);
        return rc;
    }
    while (replace_next(a))
        ;
    for (size_t i = 0; i < k; i++)
        pint_region_release(a->pool, a->b.parent[i]);
    return 0;
}

int pint_adapt_step(pint_adapt *a)
{
    return pint_adapt_step_within(a, LLONG_MAX, LLONG_MAX);
}

int pint_adapt_step_within(pint_adapt *a, long long evals, long long regions)
{
    if (a->heap.size == 0) {
        strcpy(a->msg, "no region to subdivide");
        return PINT_ERR_INVALID;
    }
    if (!pint_adapt_splittable(a)) {
        pint_adapt_frozen_note(a);      /* nothing left to split */
        return PINT_ROUNDOFF;
    }
    size_t k = a->b.k < a->heap.size ? a->b.k : a->heap.size;
    long long fit = evals / (long long)pint_adapt_step_evals(a);
    if (regions < fit)
        fit = regions;
    if (fit < (long long)k)
        k = fit > 1 ? (size_t)fit : 1;
    if (a->rekey_wanted && 8 * a->steps_since_rekey >= a->heap.size)
        rekey(a);
    a->b.child[0] = pint_region_alloc(a->pool);
    a->b.child[1] = a->b.child[0] ? pint_region_alloc(a->pool) : NULL;
    if (!a->b.child[1]
        || pint_heap_reserve(&a->heap, a->heap.size + k) != 0) {
        pint_region_release(a->pool, a->b.child[0]);
        pint_region_release(a->pool, a->b.child[1]);
        strcpy(a->msg, "out of memory for new regions");
        return PINT_ERR_NOMEM;
    }
    /* with threads, and no sharer or one that lends nothing now, the step
     * is streamed: the same parents, children and order, the same heap
     * and totals, bit for bit */
    int alone = a->share.begin && a->share.lending
                && !a->share.lending(a->share.arg);
    a->b.streamed = pint_pool_streams(a->threads)
                    && (!a->share.begin || alone);
    double t0 = a->b.streamed && alone ? pint_watch_now() : 0.0;
    if (a->b.streamed)
        open_stream(a, k);
    k = take_parents(a, k);
    a->steps_since_rekey += k;
    int rc;
    if (a->b.streamed) {
        rc = close_stream(a, k);
        if (alone)
            a->share.alone(a->share.arg, a->b.off[2 * k],
                           pint_watch_now() - t0);
    } else {
        a->b.nparents = k;
        rc = eval_children(a, 2 * k);
    }
    if (rc != 0) {
        for (size_t i = 0; i < k; i++)          /* nothing is lost */
            pint_heap_push(&a->heap, a->b.parent[i]);
        for (size_t c = 0; c < 2 * k; c++)
            pint_region_release(a->pool, a->b.child[c]);
        return rc;
    }
    for (size_t i = 0; i < k && !a->b.streamed; i++)
        replace_parent(a, i);

    /* amortized O(1): a full recompute every `size` subdivisions bounds
     * the drift of the running sums however long the run */
    a->steps_since_recompute += k;
    if (a->steps_since_recompute >= a->heap.size)
        pint_adapt_recompute(a);
    return 0;
}

int pint_adapt_set_threads(pint_adapt *a, pint_pool *threads, size_t k)
{
    pint_step_bufs b;
    if (size_step(a, k < 1 ? 1 : k, pint_pool_size(threads), &b) != 0) {
        strcpy(a->msg, "out of memory for the buffers of a step");
        return PINT_ERR_NOMEM;          /* the engine stays as it was */
    }
    free_step(&a->b);
    a->b = b;
    a->threads = threads;
    return 0;
}

int pint_adapt_threads(pint_adapt *a, const pint_options *opt,
                       pint_pool **pool)
{
    /* 1-D: a Gauss-Kronrod child is too little work for a thread.  The
     * default K follows the option, not the cores it finds: a run with
     * the default options does the same work on every machine */
    int one_d = a->rule->ndim == 1;
    int n = one_d ? 1 : pint_options_threads(opt);
    int k = opt->regions_per_step ? opt->regions_per_step
            : one_d || opt->threads == 1 ? 1 : PINT_REGIONS_PER_STEP;
    *pool = NULL;
    if (n > 1 && !(*pool = pint_pool_new(n))) {
        snprintf(a->msg, sizeof a->msg, "cannot start %d threads", n);
        return PINT_ERR_NOMEM;
    }
    if ((*pool || k > 1) && pint_adapt_set_threads(a, *pool, (size_t)k) != 0) {
        pint_pool_free(*pool);
        *pool = NULL;
        return PINT_ERR_NOMEM;
    }
    return 0;
}

int pint_adapt_set_fallback(pint_adapt *a, const pint_rule_impl *alt)
{
    const pint_rule_impl *old = a->alt, *r = a->rule;
    pint_step_bufs b;
    if (alt && (alt->kind != r->kind || alt->ndim != r->ndim
                || alt->ncomp != r->ncomp || alt->npoints > r->npoints
                || !r->split_correct || !alt->split_correct
                || a->heap.size > 0)) {
        strcpy(a->msg, "a fallback rule must fit the engine's rule, have "
               "no more points, and come before the first region");
        return PINT_ERR_INVALID;
    }
    a->alt = alt;
    if (size_step(a, a->b.k, a->b.nscratch, &b) != 0) {
        a->alt = old;
        strcpy(a->msg, "out of memory for the buffers of a step");
        return PINT_ERR_NOMEM;
    }
    free_step(&a->b);
    a->b = b;
    return 0;
}

size_t pint_adapt_step_points(const pint_adapt *a)
{
    return 2 * a->b.k * a->rule->npoints;
}

size_t pint_adapt_step_evals(const pint_adapt *a)
{
    return 2 * a->rule->npoints;
}

void pint_adapt_recompute(pint_adapt *a)
{
    int m = a->ncomp;
    for (int k = 0; k < m; k++) {
        a->val_sum[k] = a->kept_sum[k];
        a->err_sum[k] = a->kept_sum[m + k];
        a->abs_sum[k] = a->kept_sum[2 * m + k];
        pint_sum_init(&a->frozen_sum[k]);
    }
    a->frozen = 0;
    for (size_t i = 0; i < a->heap.size; i++)
        totals_add(a, a->heap.items[i].r, +1.0);
    a->steps_since_recompute = 0;
}

void pint_adapt_totals(const pint_adapt *a, double *val, double *err)
{
    for (int k = 0; k < a->ncomp; k++) {
        val[k] = pint_sum_get(&a->val_sum[k]);
        err[k] = pint_sum_get(&a->err_sum[k]);
    }
}

void pint_adapt_abs(const pint_adapt *a, double *absval)
{
    for (int k = 0; k < a->ncomp; k++)
        absval[k] = fmax(pint_sum_get(&a->abs_sum[k]), 0.0);
}

size_t pint_adapt_frozen(const pint_adapt *a, double *err)
{
    for (int k = 0; err && k < a->ncomp; k++)
        err[k] = fmax(pint_sum_get(&a->frozen_sum[k]), 0.0);
    return a->frozen;
}

int pint_adapt_splittable(const pint_adapt *a)
{
    if (a->heap.size == 0)
        return 0;
    return !pint_heap_top(&a->heap)->frozen;
}

void pint_adapt_frozen_note(pint_adapt *a)
{
    const pint_region *worst = NULL;
    int m = a->ncomp;
    for (size_t i = 0; i < a->heap.size; i++) {
        const pint_region *r = a->heap.items[i].r;
        if (r->frozen
            && (!worst || pint_norm_measure(PINT_NORM_MAX, r->data + m, m,
                                            NULL)
                          > pint_norm_measure(PINT_NORM_MAX,
                                              worst->data + m, m, NULL)))
            worst = r;
    }
    if (!worst)
        return;
    /* a point of the region: a box's centre, a simplex's first vertex */
    char pt[96];
    pint_eval_format_point(a->fn, worst->data + 2 * (size_t)m, pt,
                           sizeof pt);
    snprintf(a->msg, sizeof a->msg, "%zu region%s too narrow to split in "
             "double precision, the worst at x = %s: a singularity there? "
             "(moved to 0 by a change of variables it can be resolved)",
             a->frozen, a->frozen == 1 ? "" : "s", pt);
}

size_t pint_adapt_regions(const pint_adapt *a) { return a->heap.size; }
size_t pint_adapt_kept(const pint_adapt *a) { return a->kept; }
long long pint_adapt_evals(const pint_adapt *a) { return a->evals; }
void pint_adapt_count_evals(pint_adapt *a, long long n) { a->evals += n; }
const char *pint_adapt_message(const pint_adapt *a) { return a->msg; }

void pint_adapt_set_sharer(pint_adapt *a, const pint_adapt_sharer *s)
{
    if (s)
        a->share = *s;
    else
        memset(&a->share, 0, sizeof a->share);
}

void pint_adapt_set_poll(pint_adapt *a, void (*poll)(void *), void *arg)
{
    a->poll.poll = poll;
    a->poll.arg = arg;
}

size_t pint_adapt_width(const pint_adapt *a, double share, size_t most)
{
    /* the heap's entries above the bar form a subtree at its root */
    size_t stack[130], top = 0, n = 0;
    if (most > 64)
        most = 64;
    if (a->heap.size == 0)
        return 0;
    double bar = share * a->heap.items[0].key;
    stack[top++] = 0;
    while (top > 0 && n < most) {
        size_t i = stack[--top];
        if (a->heap.items[i].key < bar)
            continue;
        n++;
        for (size_t c = 2 * i + 1; c <= 2 * i + 2 && c < a->heap.size; c++)
            stack[top++] = c;
    }
    return n;
}

double pint_adapt_max_error(const pint_adapt *a)
{
    double e = 0.0;
    for (int k = 0; k < a->ncomp; k++)
        e = fmax(e, pint_sum_get(&a->err_sum[k]));
    return e;
}

long long pint_adapt_splits(const pint_adapt *a) { return a->splits; }
int pint_adapt_nonzero_seen(const pint_adapt *a) { return a->nonzero_seen; }

size_t pint_adapt_rec_len(const pint_adapt *a)
{
    return pint_rec_len(a->ncomp, a->geom_len);
}

size_t pint_adapt_rec_len_for(const pint_rule_impl *r, int ncomp)
{
    return pint_rec_len(ncomp, pint_region_geom_len(r->kind, r->ndim));
}

static void pack(const pint_adapt *a, const pint_region *r, double *rec)
{
    pint_region_pack(r, a->ncomp, a->geom_len, rec);
}

int pint_adapt_take_top(pint_adapt *a, double *rec)
{
    pint_region *r = pint_heap_pop(&a->heap);
    if (!r)
        return 0;
    totals_add(a, r, -1.0);
    pack(a, r, rec);
    pint_region_release(a->pool, r);
    return 1;
}

void pint_adapt_pack(const pint_adapt *a, size_t first, size_t count,
                     double *recs)
{
    size_t len = pint_adapt_rec_len(a);
    for (size_t i = 0; i < count && first + i < a->heap.size; i++)
        pack(a, a->heap.items[first + i].r, recs + i * len);
}

void pint_adapt_pack_all(const pint_adapt *a, double *recs)
{
    pint_adapt_pack(a, 0, a->heap.size, recs);
}

/* A record with no room: its value, error and absval stay in the totals
 * (the estimate reached counts every region it was given), though it
 * cannot be refined or packed. */
static void keep_record(pint_adapt *a, const double *rec)
{
    int m = a->ncomp;
    const double *abs = rec + pint_rec_abs(m, a->geom_len);
    for (int k = 0; k < m; k++) {
        double v = rec[PINT_REC_VALUE + k], e = rec[pint_rec_error(m) + k];
        pint_sum_add(&a->kept_sum[k], v);
        pint_sum_add(&a->kept_sum[m + k], e);
        pint_sum_add(&a->kept_sum[2 * m + k], abs[k]);
        pint_sum_add(&a->val_sum[k], v);
        pint_sum_add(&a->err_sum[k], e);
        pint_sum_add(&a->abs_sum[k], abs[k]);
    }
    a->kept++;
}

int pint_adapt_insert(pint_adapt *a, const double *rec)
{
    pint_region *r = pint_region_alloc(a->pool);
    if (!r || pint_heap_reserve(&a->heap, a->heap.size + 1) != 0) {
        pint_region_release(a->pool, r);
        keep_record(a, rec);
        strcpy(a->msg, "out of memory for a received region");
        return PINT_ERR_NOMEM;
    }
    pint_region_unpack(r, a->ncomp, a->geom_len, rec);
    r->frozen = too_narrow(a, r);
    /* keyed here (rec[0] is the sender's key, maybe of other weights or
     * another norm; in the max norm the two are the same) */
    r->key = region_key(a, r);
    pint_heap_push(&a->heap, r);
    totals_add(a, r, +1.0);
    return 0;
}

void pint_adapt_foreach(const pint_adapt *a,
                        void (*visit)(const pint_region *r, void *arg),
                        void *arg)
{
    for (size_t i = 0; i < a->heap.size; i++)
        visit(a->heap.items[i].r, arg);
}

/* ------------------------------------------- checks from outside */

const pint_rule_impl *pint_adapt_rule(const pint_adapt *a) { return a->rule; }

pint_pool *pint_adapt_pool(const pint_adapt *a) { return a->threads; }

int pint_adapt_probe(pint_adapt *a, size_t n, const double *x, double *f)
{
    a->evals += (long long)n;
    int rc = pint_eval_call_polled(a->fn, n, x, f, a->msg, sizeof a->msg,
                                   &a->poll);
    if (rc == 0)
        a->nonzero_seen |= pint_eval_any_nonzero(f, n * (size_t)a->ncomp);
    return rc;
}

void pint_adapt_raise(pint_adapt *a, const pint_region *r, const double *add,
                      int axis)
{
    pint_region *reg = (pint_region *)r;    /* the engine's own */
    double *err = pint_region_err(reg, a->ncomp);
    for (int k = 0; k < a->ncomp; k++)
        err[k] += add[k];
    reg->split = (short)axis;
    reg->share = 0.0f;
    reg->alt = a->alt != NULL;
    reg->key = region_key(a, reg);
}

void pint_adapt_reorder(pint_adapt *a)
{
    pint_heap_rebuild(&a->heap);
    pint_adapt_recompute(a);
}

void pint_adapt_set_message(pint_adapt *a, const char *msg)
{
    snprintf(a->msg, sizeof a->msg, "%s", msg);
}

/* ------------------------------------------- regions ruled from values */

void pint_adapt_points(const pint_adapt *a, const double *geom, double *x)
{
    a->rule->points(a->rule, geom, x);
}

void pint_adapt_split_geoms(const pint_adapt *a, const double *rec,
                            double *g1, double *g2)
{
    const pint_rule_impl *r = a->rule;
    pint_region_split(r->kind, r->ndim, (int)rec[PINT_REC_SPLIT],
                      rec + pint_rec_geom(a->ncomp), g1, g2);
}

/* 0 when the n values are all finite (noting one that is not 0), else
 * PINT_ERR_NONFINITE with the message set. */
static int finite_values(pint_adapt *a, const double *f, size_t n)
{
    for (size_t j = 0; j < n; j++)
        if (!isfinite(f[j])) {
            strcpy(a->msg, "a value that is not finite");
            return PINT_ERR_NONFINITE;
        }
    a->nonzero_seen |= pint_eval_any_nonzero(f, n);
    return 0;
}

int pint_adapt_rule_root(pint_adapt *a, const double *geom, double vol,
                         const double *f, double *rec)
{
    size_t np = a->rule->npoints;
    int rc = finite_values(a, f, np * (size_t)a->ncomp);
    if (rc != 0)
        return rc;
    pint_region *r = pint_region_alloc(a->pool);
    if (!r) {
        strcpy(a->msg, "out of memory for a new region");
        return PINT_ERR_NOMEM;
    }
    r->vol = vol;
    memcpy(pint_region_geom(r, a->ncomp), geom, a->geom_len * sizeof *geom);
    apply_rule(a, a->rule, r, 0, f, a->b.scratch[0].work);
    rc = overflowed(a, r, np, NULL, f, a->msg, sizeof a->msg);
    if (rc == 0)
        pack(a, r, rec);
    pint_region_release(a->pool, r);
    return rc;
}

int pint_adapt_rule_children(pint_adapt *a, const double *prec,
                             const double *f, double *rec1, double *rec2)
{
    size_t np = a->rule->npoints, m = (size_t)a->ncomp;
    int rc = finite_values(a, f, 2 * np * m);
    if (rc != 0)
        return rc;
    pint_region *p = pint_region_alloc(a->pool);
    pint_region *c1 = pint_region_alloc(a->pool);
    pint_region *c2 = pint_region_alloc(a->pool);
    if (p && c1 && c2) {
        pint_region_unpack(p, a->ncomp, a->geom_len, prec);
        pint_adapt_split_geoms(a, prec, pint_region_geom(c1, a->ncomp),
                               pint_region_geom(c2, a->ncomp));
        c1->vol = c2->vol = 0.5 * p->vol;
        apply_rule(a, a->rule, c1, 1, f, a->b.scratch[0].work);
        apply_rule(a, a->rule, c2, 1, f + np * m, a->b.scratch[0].work);
        correct_children(a, p, c1, c2);
        rc = overflowed(a, c1, np, NULL, f, a->msg, sizeof a->msg);
        if (rc == 0)
            rc = overflowed(a, c2, np, NULL, f + np * m, a->msg,
                            sizeof a->msg);
        pack(a, c1, rec1);
        pack(a, c2, rec2);
    } else {
        strcpy(a->msg, "out of memory for new regions");
        rc = PINT_ERR_NOMEM;
    }
    pint_region_release(a->pool, p);
    pint_region_release(a->pool, c1);
    pint_region_release(a->pool, c2);
    return rc;
}

/* coop.c -- the cooperative start of the distributed adaptive method.
 *
 * Started from one region, the workers would wait: the first splits the
 * domain, gives half of what it has to an idle one, both split again...
 * one doubling per step of two children, each child evaluated by one
 * rank.  With a costly integrand those first steps are a large part of a
 * short run (bench/RESULTS.md, 10.4).  Here all workers build the first
 * levels of the tree together: every region of those levels is
 * evaluated by a group of workers, each a slice of its points, and every
 * member of the group rules the gathered values itself, identically.
 * The group then halves, each half keeping one child, until every
 * worker holds one region.  A region is still made by a binary split
 * and checked by it (the split correction and the sibling cross-check of
 * adapt.c), as on one rank -- the honesty reason for starting from one
 * region (RESULTS 3) holds -- and no point is evaluated twice.  The
 * time to give every one of W workers a region falls from about
 * log2(W) steps of two children to the time of about two children.
 *
 * A costly integrand (helpers.c: a step worth at least one helper at
 * the seconds a point measured on the root) stops after the root: the
 * first worker holds it and as many others as its steps are worth start
 * as its helpers (the rest idle, fed by the load balancer), so the
 * first steps are shared as the later ones are and the regions are
 * split in the order one rank would take.  Levels split by position
 * refine what one rank never does: around a peak, 15 regions of 16 on
 * 16 ranks cost 7% to 15% more evaluations (bench/RESULTS.md, 10.9).
 *
 * The larger half of a group keeps the child of larger error.  Group
 * sizes, and so the evaluations of each level, do not depend on the
 * values: every rank, the dedicated controller included, knows what the
 * start cost.  On any failure (the integrand's status, a value that is
 * not finite, memory) the start is abandoned on every rank and the run
 * starts the usual way, from one region on the first worker, which then
 * meets the failure and reports it with the usual message; the
 * evaluations spent are counted.
 *
 * MPI: one communicator split per level, an allgather of values within
 * each group, a status reduction over the run's communicator.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "par.h"
#include "eval.h"
#include "region.h"

/* Slice i of s of the n points [0, n). */
static void slice(size_t n, int i, int s, size_t *k0, size_t *k1)
{
    *k0 = n * (size_t)i / (size_t)s;
    *k1 = n * (size_t)(i + 1) / (size_t)s;
}

/* Levels until groups of `w` workers are single: ceil(log2 w). */
static int levels(int w)
{
    int l = 0;
    while ((1 << l) < w)
        l++;
    return l;
}

/* Groups that split at level l (0: the first split) when w workers
 * start in one group and every group of two or more halves. */
static long long splits_at(int w, int l)
{
    /* at level l the group sizes are floor and ceil of w / 2^l */
    long long d = 1LL << l;
    if (d > w)
        return 0;
    long long lo = w / d, nhi = w % d;      /* nhi groups of lo + 1 */
    return (lo >= 2 ? d - nhi : 0) + (lo + 1 >= 2 ? nhi : 0);
}

/* Points the start evaluates on w workers whose regions have np points:
 * the root, and two children for every split (w - 1 of them). */
long long pint_par_coop_evals(int w, size_t np)
{
    return (long long)(2 * (w - 1) + 1) * (long long)np;
}

typedef struct {
    pint_par_ctx *ctx;
    pint_adapt *a;              /* NULL on a rank that is not a worker */
    const pint_function *fn;
    size_t np, n, m, rlen;
    double *x, *f, *fall;       /* 2 np points, their values */
    int *counts, *displs;       /* of an allgather, per member */
    double *rec, *r1, *r2, *g1, *g2;
    long long mine;             /* points this rank evaluated */
    double secs;                /* the seconds of its last slice ... */
    size_t nslice;              /* ... of so many points */
    char msg[256];
} coop;

static void coop_free(coop *c)
{
    free(c->x);
    free(c->f);
    free(c->fall);
    free(c->counts);
    free(c->rec);
}

static int coop_alloc(coop *c, size_t glen, int w)
{
    c->x = malloc(2 * c->np * c->n * sizeof *c->x);
    c->f = malloc(2 * c->np * c->m * sizeof *c->f);
    c->fall = malloc(2 * c->np * c->m * sizeof *c->fall);
    c->counts = malloc(2 * (size_t)w * sizeof *c->counts);
    c->rec = malloc((3 * c->rlen + 2 * glen) * sizeof *c->rec);
    if (!c->x || !c->f || !c->fall || !c->counts || !c->rec)
        return -1;
    c->displs = c->counts + w;
    c->r1 = c->rec + c->rlen;
    c->r2 = c->r1 + c->rlen;
    c->g1 = c->r2 + c->rlen;
    c->g2 = c->g1 + glen;
    return 0;
}

/* Member i of s of group comm g: its slice of the npts points in c->x
 * evaluated, all values gathered into c->fall.  Returns the integrand's
 * status (0: all values in). */
static int eval_shared(coop *c, MPI_Comm g, int i, int s, size_t npts)
{
    size_t k0, k1;
    slice(npts, i, s, &k0, &k1);
    double t0 = pint_watch_now();
    /* a batch's rank 0 answers the other groups while it evaluates (a
     * costly slice, or a call the time limit's guard waits on) */
    const pint_par_hook *hook = c->ctx->hook;
    pint_eval_poll poll = { hook ? hook->fn : NULL, hook ? hook->arg : NULL,
                            0, 1 };
    int rc = pint_eval_call_polled(c->fn, k1 - k0, c->x + k0 * c->n,
                                   c->f + k0 * c->m, c->msg, sizeof c->msg,
                                   &poll);
    c->secs = pint_watch_now() - t0;
    c->nslice = k1 - k0;
    c->mine += (long long)(k1 - k0);
    for (int j = 0; j < s; j++) {
        size_t a, b;
        slice(npts, j, s, &a, &b);
        c->counts[j] = (int)((b - a) * c->m);
        c->displs[j] = (int)(a * c->m);
    }
    MPI_Allgatherv(c->f + k0 * c->m, c->counts[i], MPI_DOUBLE, c->fall,
                   c->counts, c->displs, MPI_DOUBLE, g);
    return rc;
}

/* Any failure on any rank of the run: the start is off everywhere. */
static int any_failed(const coop *c, int rc)
{
    int mine = rc != 0, any = 0;
    MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_MAX, c->ctx->comm);
    return any;
}

/* The same after the root, with the fewest seconds a point of any
 * worker on its threads (the slices were evaluated on one), the same
 * everywhere (0: none measured).  The least, not the most: a slice of a
 * cheap integrand takes microseconds, and one rank descheduled while it
 * ran (oversubscribed, or a loaded machine) would measure milliseconds
 * and have a cheap integrand's run start with helpers; a costly
 * integrand is costly on every rank.  Max of minus the measure: one
 * reduction for both. */
static int any_failed_spp(const coop *c, int rc, int threads, double *spp)
{
    double mine[2] = { rc != 0, -HUGE_VAL }, any[2];
    if (c->nslice > 0 && threads > 0)
        mine[1] = -(c->secs / (double)c->nslice / (double)threads);
    MPI_Allreduce(mine, any, 2, MPI_DOUBLE, MPI_MAX, c->ctx->comm);
    *spp = any[1] == -HUGE_VAL ? 0.0 : -any[1];
    return any[0] != 0.0;
}

int pint_par_coop_start(pint_par_ctx *ctx, pint_adapt *a, int threads,
                        const pint_rule_impl *rule, const pint_function *fn,
                        const double *geom, double vol,
                        pint_par_coop_out *out)
{
    int w = ctx->nworkers, me = ctx->rank - ctx->first_worker;
    int worker = me >= 0;
    size_t glen = pint_region_geom_len(rule->kind, rule->ndim);
    coop c = { .ctx = ctx, .a = a, .fn = fn, .np = rule->npoints,
               .n = (size_t)rule->ndim, .m = (size_t)fn->ncomp,
               .rlen = ctx->rec_len };
    int rc = worker && coop_alloc(&c, glen, w) != 0 ? PINT_ERR_NOMEM : 0;
    long long *spent = &out->spent;
    *spent = 0;
    out->helpers = 0;
    out->spp = 0.0;
    int ok = !any_failed(&c, rc);
    /* the root, on every worker */
    MPI_Comm g = MPI_COMM_NULL;
    if (ok) {
        MPI_Comm_split(ctx->comm, worker ? 0 : MPI_UNDEFINED, ctx->rank, &g);
        if (worker) {
            pint_adapt_points(a, geom, c.x);
            rc = eval_shared(&c, g, me, w, c.np);
            if (rc == 0)
                rc = pint_adapt_rule_root(a, geom, vol, c.fall, c.rec);
            MPI_Comm_free(&g);
        }
        *spent += (long long)c.np;
        ok = !any_failed_spp(&c, rc, threads, &out->spp);
    }
    /* a costly integrand: the first worker and its helpers from here */
    if (ok && ctx->opt->helpers)
        /* of its own group, in the tree: group 0's controller lends */
        out->helpers = pint_par_helpers_worth(out->spp, 2 * c.np,
                                              ctx->gsize && ctx->gsize < w
                                              ? ctx->gsize : w);
    /* the levels: group [g0, g1) of workers holds c.rec */
    int g0 = 0, g1 = w;
    for (int l = 0, nl = out->helpers ? 0 : levels(w); ok && l < nl; l++) {
        int s = g1 - g0, busy = worker && s >= 2;
        MPI_Comm_split(ctx->comm, busy ? g0 : MPI_UNDEFINED, ctx->rank, &g);
        if (busy) {
            pint_adapt_split_geoms(a, c.rec, c.g1, c.g2);
            pint_adapt_points(a, c.g1, c.x);
            pint_adapt_points(a, c.g2, c.x + c.np * c.n);
            rc = eval_shared(&c, g, me - g0, s, 2 * c.np);
            if (rc == 0)
                rc = pint_adapt_rule_children(a, c.rec, c.fall, c.r1, c.r2);
            MPI_Comm_free(&g);
        }
        /* every rank counts what every group evaluated at this level */
        *spent += 2 * (long long)c.np * splits_at(w, l);
        ok = !any_failed(&c, rc);
        if (!ok || !busy)
            continue;
        /* the larger half keeps the child of larger error */
        int h = (s + 1) / 2;
        int first_big = c.r1[PINT_REC_KEY] >= c.r2[PINT_REC_KEY];
        const double *big = first_big ? c.r1 : c.r2;
        const double *small = first_big ? c.r2 : c.r1;
        if (me - g0 < h) {
            memcpy(c.rec, big, c.rlen * sizeof *c.rec);
            g1 = g0 + h;
        } else {
            memcpy(c.rec, small, c.rlen * sizeof *c.rec);
            g0 += h;
        }
    }
    if (worker)
        pint_adapt_count_evals(a, c.mine);
    if (ok && worker && (out->helpers == 0 || me == 0))
        rc = pint_adapt_insert(a, c.rec);
    coop_free(&c);
    /* an insert out of memory is the run's failure, reported by the
     * worker as a failed first region is */
    return ok ? rc : -1;
}

/* neighbours.c -- a region blind to what its neighbour sees (see
 * neighbours.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "neighbours.h"
#include "pool.h"
#include "region.h"

/* A box wider than its neighbour by this factor along a tangential axis
 * is probed beside it. */
#define WIDER 4.0
/* A mass below this share of the tolerance is not worth a probe. */
#define WORTH 0.01

/* A region's box (centre, then half-widths), error and integral of |f|,
 * read through region.h's layout (the regions are the engine's, read
 * only here). */
static const double *box_of(const pint_region *r, int m)
{
    return pint_region_geom((pint_region *)r, m);
}

static const double *err_of(const pint_region *r, int m)
{
    return pint_region_err((pint_region *)r, m);
}

static const double *abs_of(const pint_region *r, int m, size_t geom_len)
{
    return pint_region_abs((pint_region *)r, m, geom_len);
}

typedef struct {
    double at;                  /* a face's coordinate */
    double lo;                  /* its region's lower end on the other
                                   axis */
    size_t i;                   /* its region */
} face;

typedef struct {
    size_t r, s;                /* the box beside, the region probed */
    int axis;                   /* S's axis to split */
    int face;                   /* R's face: 2 x its axis, + 1 the upper */
    double vol;                 /* the mirror's volume within S */
} probe;

/* A box of the check: a region of the engine, or (reg NULL) a box of
 * another rank's, which may be beside one of ours but is never probed. */
typedef struct {
    const double *c;            /* centre, then half-widths */
    double vol;
    const pint_region *reg;
    int worth;                  /* holds a mass worth a probe */
} nbox;

typedef struct {
    nbox *box;
    size_t n;
    int m;
    size_t geom_len;
    const double *scale;
} gathered;

static int worth(const pint_region *r, int m, size_t geom_len,
                 const double *scale);

static void gather(const pint_region *r, void *arg)
{
    gathered *g = arg;
    g->box[g->n++] = (nbox){ box_of(r, g->m), r->vol, r,
                             worth(r, g->m, g->geom_len, g->scale) };
}

/* By coordinate, then along the other axis. */
static int by_at(const void *x, const void *y)
{
    const face *p = x, *q = y;
    if (p->at != q->at)
        return (p->at > q->at) - (p->at < q->at);
    return (p->lo > q->lo) - (p->lo < q->lo);
}

/* The first of faces[lo..N) at a coordinate above `at` (or >= it). */
static size_t after(const face *faces, size_t lo, size_t N, double at,
                    int strictly)
{
    size_t hi = N;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (faces[mid].at < at || (strictly && faces[mid].at == at))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* 1 when some component of region r holds a mass worth a probe. */
static int worth(const pint_region *r, int m, size_t geom_len,
                 const double *scale)
{
    const double *absval = abs_of(r, m, geom_len);
    for (int k = 0; k < m; k++)
        if (absval[k] > WORTH * scale[k])
            return 1;
    return 0;
}

typedef struct {
    probe *p;
    size_t n, cap;
} probes;

static int add_probe(probes *ps, probe p)
{
    if (ps->n == ps->cap) {
        size_t cap = ps->cap ? 2 * ps->cap : 64;
        probe *q = realloc(ps->p, cap * sizeof *q);
        if (!q)
            return -1;
        ps->p = q;
        ps->cap = cap;
    }
    ps->p[ps->n++] = p;
    return 0;
}

/* A probe of S (region si) beside R (box ri) across a face on axis ax:
 * S split along the other axis, the mirror of R within S. */
static int add_pair(const nbox *box, size_t ri, size_t si, int ax,
                    probes *ps)
{
    const double *hr = box[ri].c + 2, *hs = box[si].c + 2;
    double depth = fmin(1.0, hs[ax] / hr[ax]);
    return add_probe(ps, (probe){ ri, si, 1 - ax, 0, box[ri].vol * depth });
}

/* The box across R's upper face on axis ax (faces: the boxes' lower
 * faces on ax, sorted, then by their lower ends on the other axis) that
 * holds R's centre along the other axis, when it is one of ours and
 * WIDER times wider than R there: a probe.  The boxes whose faces lie
 * on one line, on one side of it, do not overlap, so the one that holds
 * R's centre is the last that begins at or before it (of each
 * coordinate within rounding of R's face). */
static int across(const nbox *box, const face *faces, size_t N, size_t ri,
                  int ax, probes *ps)
{
    int t = 1 - ax;
    const double *cr = box[ri].c, *hr = cr + 2;
    double at = cr[ax] + hr[ax];
    double tol = 1e-12 * (fabs(at) + hr[ax]);
    size_t j = after(faces, 0, N, at - tol, 0);
    while (j < N && faces[j].at <= at + tol) {
        size_t end = after(faces, j, N, faces[j].at, 1), lo = j, hi = end;
        while (lo < hi) {           /* the first beginning after R's centre */
            size_t mid = lo + (hi - lo) / 2;
            if (faces[mid].lo <= cr[t])
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo > j) {
            size_t si = faces[lo - 1].i;
            const double *cs = box[si].c, *hs = cs + 2;
            if (cr[t] < cs[t] + hs[t] && hs[t] >= WIDER * hr[t]
                && box[si].reg && !box[si].reg->frozen
                && add_pair(box, ri, si, ax, ps))
                return -1;
        }
        j = end;
    }
    return 0;
}

/* The boxes R across S's upper face on axis ax (faces as in across)
 * that S is WIDER times wider than along the other axis and that hold a
 * mass worth a probe (only_foreign: other ranks' only): a probe each, S
 * below R.  They lie in one run of the sorted faces. */
static int below(const nbox *box, const face *faces, size_t N, size_t si,
                 int ax, int only_foreign, probes *ps)
{
    int t = 1 - ax;
    const double *cs = box[si].c, *hs = cs + 2;
    double at = cs[ax] + hs[ax], from = cs[t] - hs[t], to = cs[t] + hs[t];
    double tol = 1e-12 * (fabs(at) + hs[ax]);
    size_t j = after(faces, 0, N, at - tol, 0);
    while (j < N && faces[j].at <= at + tol) {
        size_t end = after(faces, j, N, faces[j].at, 1), k = j, hi = end;
        while (k < hi) {            /* the first beginning at or after S */
            size_t mid = k + (hi - k) / 2;
            if (faces[mid].lo < from)
                k = mid + 1;
            else
                hi = mid;
        }
        for (; k < end && faces[k].lo < to; k++) {
            size_t ri = faces[k].i;
            const double *cr = box[ri].c, *hr = cr + 2;
            if (hs[t] >= WIDER * hr[t] && cr[t] < to && box[ri].worth
                && (!only_foreign || !box[ri].reg)
                && add_pair(box, ri, si, ax, ps))
                return -1;
        }
        j = end;
    }
    return 0;
}

/* The probe's two points: R's tangential centre, at an eighth of R's
 * depth beyond the face and at its mirror image's centre (S's depth
 * where S is shallower).  Two, since a mass that falls off steeply away
 * from the face is seen near it: at the centre alone, the tail of a
 * Gaussian of width 0.003 beside a box of 0.008 was 20 times smaller
 * than it is. */
static void probe_points(const nbox *box, const probe *p, int n, int ax,
                         int side, double *x)
{
    const double *cr = box[p->r].c, *hr = cr + n;
    const double *hs = box[p->s].c + n;
    double at = cr[ax] + side * hr[ax], depth = fmin(hr[ax], hs[ax]);
    for (int b = 0; b < n; b++)
        x[b] = x[n + b] = cr[b];
    x[ax] = at + side * 0.25 * depth;
    x[n + ax] = at + side * depth;
}

/* ------------------------------------ three dimensions and more
 *
 * The boxes whose faces lie on one plane no longer lie in a line, so the
 * box across R's face is found by where it is, in a tree over the
 * engine's boxes.  The boxes come from bisections, so a node's boxes are
 * mostly separated by the plane through the middle of their bounds
 * along some axis (the cut that made them): a cut node, which a search
 * crosses to one side only.  Where no such plane separates them (root
 * boxes of a domain cut at given points, a worker's share of the
 * regions), the node is split at the median of its boxes' centres along
 * the axis where they spread most, and a search visits each child whose
 * bounds hold the point.  Leaves hold at most LEAF boxes. */

#define LEAF 8

typedef struct {
    size_t first, count;        /* its boxes in idx[] */
    size_t kid[2];              /* its children; kid[0] 0: a leaf */
    int axis;                   /* a cut node: kid[0] holds the boxes
                                   below `cut` on axis, kid[1] those
                                   above; -1: a median node */
    double cut;
} node;

typedef struct {
    int n;
    const nbox *box;
    size_t *idx;                /* the engine's boxes, in the tree's order */
    node *nd;
    double *bound;              /* per node: lo[n], then hi[n] */
    size_t count;               /* nodes */
    struct keyed { double key; size_t i; } *tmp;
} locator;

static int by_key(const void *x, const void *y)
{
    const struct keyed *p = x, *q = y;
    if (p->key != q->key)
        return (p->key > q->key) - (p->key < q->key);
    return (p->i > q->i) - (p->i < q->i);
}

/* idx[first, first + count) parted by the plane `cut` on axis b: those
 * below first; the count below, or SIZE_MAX when a box crosses it. */
static size_t part(locator *L, size_t first, size_t count, int b,
                   double cut)
{
    int n = L->n;
    size_t below = 0;
    for (size_t k = first; k < first + count; k++) {
        const double *c = L->box[L->idx[k]].c;
        if (c[b] + c[n + b] <= cut) {
            size_t t = L->idx[k];
            L->idx[k] = L->idx[first + below];
            L->idx[first + below++] = t;
        } else if (c[b] - c[n + b] < cut) {
            return SIZE_MAX;
        }
    }
    return below;
}

/* The bounds of idx[first, first + count) into lo[n], hi[n], and of
 * their centres into clo[n], chi[n]. */
static void bounds(const locator *L, size_t first, size_t count, double *lo,
                   double *hi, double *clo, double *chi)
{
    int n = L->n;
    for (int b = 0; b < n; b++) {
        lo[b] = clo[b] = HUGE_VAL;
        hi[b] = chi[b] = -HUGE_VAL;
    }
    for (size_t k = first; k < first + count; k++) {
        const double *c = L->box[L->idx[k]].c;
        for (int b = 0; b < n; b++) {
            lo[b] = fmin(lo[b], c[b] - c[n + b]);
            hi[b] = fmax(hi[b], c[b] + c[n + b]);
            clo[b] = fmin(clo[b], c[b]);
            chi[b] = fmax(chi[b], c[b]);
        }
    }
}

/* A cut through the middle of lo, hi that parts the node's boxes into
 * two non-empty sides: the node made a cut node (half: the count
 * below); 0 when none does. */
static int try_cut(locator *L, size_t at, const double *lo, const double *hi,
                   size_t *half)
{
    node *nd = &L->nd[at];
    for (int b = 0; b < L->n; b++) {
        double cut = 0.5 * (lo[b] + hi[b]);
        size_t h = part(L, nd->first, nd->count, b, cut);
        if (h != SIZE_MAX && h > 0 && h < nd->count) {
            nd->axis = b;
            nd->cut = cut;
            *half = h;
            return 1;
        }
    }
    return 0;
}

/* The node of idx[first, first + count) within the bounds lo, hi (the
 * parent's, halved at its cut: the boxes' own or wider), and its
 * children when it holds more than LEAF boxes.  A cut is first sought
 * through the middle of those bounds (with boxes that tile them, the cut
 * that made them), then through the middle of the boxes' own. */
static size_t build(locator *L, size_t first, size_t count,
                    const double *lo, const double *hi)
{
    int n = L->n;
    size_t at = L->count++;
    double *blo = L->bound + 2 * (size_t)n * at, *bhi = blo + n;
    memcpy(blo, lo, (size_t)n * sizeof *blo);
    memcpy(bhi, hi, (size_t)n * sizeof *bhi);
    L->nd[at] = (node){ first, count, { 0, 0 }, -1, 0.0 };
    if (count <= LEAF)
        return at;
    size_t half;
    if (!try_cut(L, at, blo, bhi, &half)) {
        double clo[PINT_NEIGHBOURS_MAX_DIM], chi[PINT_NEIGHBOURS_MAX_DIM];
        bounds(L, first, count, blo, bhi, clo, chi);
        if (!try_cut(L, at, blo, bhi, &half)) {
            /* the median of the centres along their widest spread */
            int ax = 0;
            for (int b = 1; b < n; b++)
                if (chi[b] - clo[b] > chi[ax] - clo[ax])
                    ax = b;
            for (size_t k = 0; k < count; k++) {
                size_t i = L->idx[first + k];
                L->tmp[k] = (struct keyed){ L->box[i].c[ax], i };
            }
            qsort(L->tmp, count, sizeof *L->tmp, by_key);
            for (size_t k = 0; k < count; k++)
                L->idx[first + k] = L->tmp[k].i;
            half = count / 2;
        }
    }
    double klo[PINT_NEIGHBOURS_MAX_DIM], khi[PINT_NEIGHBOURS_MAX_DIM];
    memcpy(klo, blo, (size_t)n * sizeof *klo);
    memcpy(khi, bhi, (size_t)n * sizeof *khi);
    int b = L->nd[at].axis;
    if (b >= 0)
        khi[b] = L->nd[at].cut;
    size_t k0 = build(L, first, half, klo, khi);
    if (b >= 0) {
        khi[b] = bhi[b];
        klo[b] = L->nd[at].cut;
    }
    size_t k1 = build(L, first + half, count - half, klo, khi);
    L->nd[at].kid[0] = k0;
    L->nd[at].kid[1] = k1;
    return at;
}

/* The engine's box (not R) that begins (side 1) or ends (side -1) on
 * R's face at coordinate `at` of axis ax and holds R's centre along the
 * other axes; SIZE_MAX when none does. */
static size_t locate(const locator *L, size_t ri, int ax, int side,
                     double at, double tol)
{
    int n = L->n;
    const double *cr = L->box[ri].c;
    size_t stack[2 * 64 + 2], top = 0;
    stack[top++] = 0;
    while (top > 0) {
        size_t k = stack[--top];
        const node *nd = &L->nd[k];
        if (nd->axis >= 0) {
            /* the box sought lies wholly on one side of the cut */
            int b = nd->axis, up;
            if (b == ax)
                up = side > 0 ? at >= nd->cut - tol : at > nd->cut + tol;
            else
                up = cr[b] >= nd->cut;
            stack[top++] = nd->kid[up];
            continue;
        }
        const double *lo = L->bound + 2 * (size_t)n * k, *hi = lo + n;
        int in = 1;
        for (int b = 0; b < n && in; b++) {
            double x = b == ax ? at : cr[b];
            double slack = b == ax ? tol : 0.0;
            in = x >= lo[b] - slack && x <= hi[b] + slack;
        }
        if (!in)
            continue;
        if (nd->kid[0] && top + 2 <= sizeof stack / sizeof *stack) {
            stack[top++] = nd->kid[0];
            stack[top++] = nd->kid[1];
            continue;
        }
        for (size_t j = nd->first; j < nd->first + nd->count; j++) {
            size_t si = L->idx[j];
            if (si == ri)
                continue;
            const double *cs = L->box[si].c, *hs = cs + n;
            if (fabs(cs[ax] - side * hs[ax] - at) > tol)
                continue;
            int holds = 1;
            for (int b = 0; b < n && holds; b++)
                holds = b == ax
                        || (cs[b] - hs[b] <= cr[b] && cr[b] < cs[b] + hs[b]);
            if (holds)
                return si;
        }
    }
    return SIZE_MAX;
}

/* Probes by the box R, then R's face: the order of a search box by box
 * in the engine's order. */
static int by_region(const void *x, const void *y)
{
    const probe *p = x, *q = y;
    if (p->r != q->r)
        return (p->r > q->r) - (p->r < q->r);
    return (p->face > q->face) - (p->face < q->face);
}

/* The probes of box R = box[ri] (see located_pairs) into ps: 0, or -1
 * when out of memory. */
static int pairs_of(const locator *L, size_t ri, const double *lo,
                    const double *hi, probes *ps)
{
    const nbox *box = L->box;
    int n = L->n;
    const double *cr = box[ri].c, *hr = cr + n;
    for (int ax = 0; ax < n; ax++)
        for (int side = -1; side <= 1; side += 2) {
            double at = cr[ax] + side * hr[ax];
            double tol = 1e-12 * (fabs(at) + hr[ax]);
            /* a face on the bounds of all: nothing across it */
            if (side > 0 ? at >= hi[ax] - tol : at <= lo[ax] + tol)
                continue;
            size_t si = locate(L, ri, ax, side, at, tol);
            if (si == SIZE_MAX || box[si].reg->frozen)
                continue;
            const double *hs = box[si].c + n;
            int axis = -1;
            for (int b = 0; b < n; b++)
                if (b != ax && hs[b] >= WIDER * hr[b]
                    && (axis < 0 || hs[b] / hr[b] > hs[axis] / hr[axis]))
                    axis = b;
            if (axis < 0)
                continue;
            double depth = fmin(1.0, hs[ax] / hr[ax]);
            if (add_probe(ps, (probe){ ri, si, axis, 2 * ax + (side > 0),
                                       box[ri].vol * depth }))
                return -1;
        }
    return 0;
}

/* The searches of located_pairs cut into tasks on the engine's threads:
 * task t takes a run of the search order and keeps its probes apart. */
typedef struct {
    const locator *L;
    size_t q0, q1, N;           /* the search order's range; N: the
                                   engine's boxes, in L->idx's order */
    const double *lo, *hi;
    size_t ntask;
    probes *out;                /* ntask lists */
    int *failed;                /* ntask flags */
} search;

static void search_task(void *arg, size_t t, int thread)
{
    (void)thread;
    const search *S = arg;
    size_t len = S->q1 - S->q0;
    size_t a = S->q0 + len * t / S->ntask, b = S->q0 + len * (t + 1)
                                                      / S->ntask;
    for (size_t q = a; q < b; q++) {
        size_t ri = q < S->N ? S->L->idx[q] : q;
        if (S->L->box[ri].worth
            && pairs_of(S->L, ri, S->lo, S->hi, &S->out[t])) {
            S->failed[t] = 1;
            return;
        }
    }
}

/* Searches a task: enough to share them out evenly on the threads. */
#define TASKS_PER_THREAD 8

/* The pairs of the boxes R (the engine's worth a probe, or with
 * nforeign the foreign ones, box[N..T)) and the engine's box S across
 * each face of R, when S is WIDER times wider than R along some axis of
 * the face: S is split along the axis where it is widest against R.
 *
 * The engine's boxes are searched in the tree's order, so that one
 * search walks the nodes the one before walked: at d = 5 in the order of
 * the engine the searches missed the cache at almost every node, and the
 * check of 172,770 regions (genz3, er 1e-10) took 1.7 s, 40% of the run,
 * against 0.48 s in the tree's order (bench/RESULTS.md, section 17.5).
 * They run on the engine's threads (pool), and the probes are then
 * sorted back into the order of a search box by box in the engine's
 * order, so the outcome is the same on any number of threads. */
static int located_pairs(const nbox *box, size_t N, size_t T,
                         size_t nforeign, int n, pint_pool *pool,
                         probes *ps)
{
    locator L = { n, box, malloc(N * sizeof(size_t)),
                  malloc(2 * N * sizeof(node)),
                  malloc(2 * N * 2 * (size_t)n * sizeof(double)), 0,
                  malloc(N * sizeof(struct keyed)) };
    search S = { &L, nforeign ? N : 0, T, N, NULL, NULL, 1, NULL, NULL };
    int rc = -1;
    if (!L.idx || !L.nd || !L.bound || !L.tmp)
        goto out;
    for (size_t i = 0; i < N; i++)
        L.idx[i] = i;
    double lo[PINT_NEIGHBOURS_MAX_DIM], hi[PINT_NEIGHBOURS_MAX_DIM];
    double clo[PINT_NEIGHBOURS_MAX_DIM], chi[PINT_NEIGHBOURS_MAX_DIM];
    bounds(&L, 0, N, lo, hi, clo, chi);
    build(&L, 0, N, lo, hi);
    S.lo = lo;
    S.hi = hi;
    size_t nt = (size_t)pint_pool_size(pool);
    if (nt > 1)
        S.ntask = TASKS_PER_THREAD * nt;
    if (S.ntask > S.q1 - S.q0)
        S.ntask = S.q1 - S.q0 > 0 ? S.q1 - S.q0 : 1;
    S.out = calloc(S.ntask, sizeof *S.out);
    S.failed = calloc(S.ntask, sizeof *S.failed);
    if (!S.out || !S.failed)
        goto out;
    pint_pool_run(nt > 1 ? pool : NULL, S.ntask, search_task, &S);
    size_t total = ps->n, first = ps->n;
    for (size_t t = 0; t < S.ntask; t++) {
        if (S.failed[t])
            goto out;
        total += S.out[t].n;
    }
    if (total > ps->cap) {
        probe *q = realloc(ps->p, total * sizeof *q);
        if (!q)
            goto out;
        ps->p = q;
        ps->cap = total;
    }
    for (size_t t = 0; t < S.ntask; t++) {
        if (S.out[t].n)
            memcpy(ps->p + ps->n, S.out[t].p, S.out[t].n * sizeof *ps->p);
        ps->n += S.out[t].n;
    }
    if (ps->n > first)
        qsort(ps->p + first, ps->n - first, sizeof *ps->p, by_region);
    rc = 0;
out:
    for (size_t t = 0; S.out && t < S.ntask; t++)
        free(S.out[t].p);
    free(S.out);
    free(S.failed);
    free(L.idx);
    free(L.nd);
    free(L.bound);
    free(L.tmp);
    return rc;
}

/* The check of the engine's regions, beside its own boxes worth a probe
 * (nforeign 0) or beside foreign[nforeign] only. */
static int check(pint_adapt *a, const double *scale, long long budget,
                 const double *foreign, size_t nforeign, size_t *raised)
{
    const pint_rule_impl *rule = pint_adapt_rule(a);
    int n = rule->ndim, m = rule->ncomp, rc = 0;
    size_t N = pint_adapt_regions(a), geom_len = 2 * (size_t)n;
    size_t T = N + nforeign;
    *raised = 0;
    if (rule->kind != PINT_REGION_BOX || n < 2
        || n > PINT_NEIGHBOURS_MAX_DIM || N < 1 || T < 2)
        return 0;
    gathered g = { malloc(T * sizeof *g.box), 0, m, geom_len, scale };
    face *faces = n == 2 ? malloc(T * sizeof *faces) : NULL;
    probes ps = { NULL, 0, 0 };
    double *x = NULL, *f = NULL, *add = NULL;
    if (!g.box || (n == 2 && !faces))
        goto nomem;
    pint_adapt_foreach(a, gather, &g);
    for (size_t i = 0; i < nforeign; i++) {
        const double *c = foreign + geom_len * i;
        double vol = 1.0;
        for (int b = 0; b < n; b++)
            vol *= 2.0 * c[n + b];
        g.box[N + i] = (nbox){ c, vol, NULL, 1 };
    }
    if (n > 2) {
        if (located_pairs(g.box, N, T, nforeign, n, pint_adapt_pool(a),
                          &ps))
            goto nomem;
    }
    for (int ax = 0; n == 2 && ax < n; ax++) {
        /* the boxes' lower faces on ax: a box's upper face finds the
         * box above it (across), and the boxes above a box's upper face
         * lie in one run (below) */
        for (size_t i = 0; i < T; i++) {
            const double *c = g.box[i].c;
            faces[i] = (face){ c[ax] - c[n + ax], c[1 - ax] - c[n + 1 - ax],
                               i };
        }
        qsort(faces, T, sizeof *faces, by_at);
        for (int side = -1; side <= 1; side += 2) {
            size_t first = ps.n;
            if (side > 0) {     /* R below S: R ours, or another's */
                for (size_t i = nforeign ? N : 0; i < T; i++)
                    if (g.box[i].worth
                        && across(g.box, faces, T, i, ax, &ps))
                        goto nomem;
            } else {            /* S below R */
                for (size_t i = 0; i < N; i++)
                    if (!g.box[i].reg->frozen
                        && below(g.box, faces, T, i, ax, nforeign > 0, &ps))
                        goto nomem;
            }
            for (size_t j = first; j < ps.n; j++)
                ps.p[j].face = 2 * ax + (side > 0);
        }
    }
    if (ps.n == 0)
        goto done;
    if ((long long)ps.n > budget / 2) {
        *raised = PINT_NEIGHBOURS_UNCHECKED;
        goto done;
    }
    x = malloc(2 * ps.n * (size_t)n * sizeof *x);
    f = malloc(2 * ps.n * (size_t)m * sizeof *f);
    add = calloc(N * (size_t)m, sizeof *add);
    if (!x || !f || !add)
        goto nomem;
    for (size_t j = 0; j < ps.n; j++)
        probe_points(g.box, &ps.p[j], n, ps.p[j].face / 2,
                     ps.p[j].face % 2 ? 1 : -1, x + 2 * j * (size_t)n);
    rc = pint_adapt_probe(a, 2 * ps.n, x, f);
    if (rc != 0)
        goto done;
    /* each region probed: the masses found beside it, summed */
    int *axis = malloc(N * sizeof *axis);
    if (!axis)
        goto nomem;
    for (size_t i = 0; i < N; i++)
        axis[i] = -1;
    for (size_t j = 0; j < ps.n; j++) {
        const probe *p = &ps.p[j];
        const pint_region *s = g.box[p->s].reg;
        const double *err = err_of(s, m), *absval = abs_of(s, m, geom_len);
        for (int k = 0; k < m; k++) {
            double v1 = f[2 * j * (size_t)m + k];
            double v2 = f[(2 * j + 1) * (size_t)m + k];
            if (!isfinite(v1) || !isfinite(v2))
                continue;
            double mass = fmax(fabs(v1), fabs(v2)) * p->vol;
            if (mass > WORTH * scale[k]
                && mass > 2.0 * (absval[k] + err[k])) {
                add[p->s * (size_t)m + k] += mass;
                if (axis[p->s] < 0)
                    axis[p->s] = p->axis;
            }
        }
    }
    for (size_t i = 0; i < N; i++)
        if (axis[i] >= 0) {
            pint_adapt_raise(a, g.box[i].reg, add + i * (size_t)m, axis[i]);
            ++*raised;
        }
    free(axis);
    if (*raised)
        pint_adapt_reorder(a);
    goto done;
nomem:
    rc = PINT_ERR_NOMEM;
    pint_adapt_set_message(a, "out of memory for the neighbours' check");
done:
    free(g.box);
    free(faces);
    free(ps.p);
    free(x);
    free(f);
    free(add);
    return rc;
}

int pint_neighbours_check(pint_adapt *a, const double *scale,
                          long long budget, size_t *raised)
{
    return check(a, scale, budget, NULL, 0, raised);
}

int pint_neighbours_check_beside(pint_adapt *a, const double *scale,
                                 long long budget, const double *foreign,
                                 size_t nforeign, size_t *raised)
{
    if (nforeign == 0) {
        *raised = 0;
        return 0;
    }
    return check(a, scale, budget, foreign, nforeign, raised);
}

/* The geometry of one region worth a probe. */
typedef struct {
    double *out;
    size_t n;
    int m;
    size_t geom_len;
    const double *scale;
} worth_list;

static void list_worth(const pint_region *r, void *arg)
{
    worth_list *l = arg;
    if (!worth(r, l->m, l->geom_len, l->scale))
        return;
    if (l->out)
        memcpy(l->out + l->geom_len * l->n, box_of(r, l->m),
               l->geom_len * sizeof *l->out);
    l->n++;
}

size_t pint_neighbours_worth(pint_adapt *a, const double *scale, double *out)
{
    const pint_rule_impl *rule = pint_adapt_rule(a);
    if (rule->kind != PINT_REGION_BOX || rule->ndim < 2
        || rule->ndim > PINT_NEIGHBOURS_MAX_DIM)
        return 0;
    worth_list l = { out, 0, rule->ncomp, 2 * (size_t)rule->ndim, scale };
    pint_adapt_foreach(a, list_worth, &l);
    return l.n;
}

/* map.c -- infinite ranges mapped onto a finite box (see map.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "map.h"

/* Points handed to the user's integrand per call: at most CHUNK, and at
 * most X_DOUBLES coordinates in all.  The buffers are the caller's
 * stack (about 72 KB), so that threads may call a map at once. */
#define CHUNK 512
#define X_DOUBLES 8192

enum axis_kind { AXIS_FINITE, AXIS_UP, AXIS_DOWN, AXIS_BOTH };

struct pint_map {
    pint_function user;         /* the integrand as given */
    pint_function mapped;       /* the integrand in t (ctx = this map) */
    pint_domain dom;            /* the box in t */
    pint_domain given;          /* the box as given */
    double *glo, *ghi;
    int ndim;
    double scale;
    enum axis_kind *kind;
    double *anchor;             /* a of [a, inf), b of (-inf, b] */
    double *tlo, *thi;          /* the box in t */
};

/* A call's points in x, their |dx/dt| and positions in the caller's
 * batch. */
typedef struct {
    double x[X_DOUBLES];
    double jac[CHUNK];
    size_t index[CHUNK];
} chunk_bufs;

static int map_fbatch(int ndim, size_t npts, const double *t, int ncomp,
                      double *fval, void *ctx)
{
    (void)ndim;
    (void)ncomp;
    size_t failed;
    return pint_map_call(ctx, npts, t, fval, &failed);
}

int pint_map_is(const pint_function *fn)
{
    return fn && fn->fbatch == map_fbatch;
}

/* x and |dx/dt| of coordinate t on axis i; x is infinite at the ends.
 * With u = 1 - |t| (exact near the end) and s = pi u / 2,
 * tan(pi |t| / 2) = cot(s) and its derivative (pi/2) / sin(s)^2 lose
 * nothing as t nears the end. */
static double axis_x(const pint_map *m, int i, double t, double *jac)
{
    const double half_pi = 1.5707963267948966;
    double L = m->scale;
    if (m->kind[i] == AXIS_FINITE) {
        *jac = 1.0;
        return t;
    }
    double u = 1.0 - fabs(t);
    if (!(u > 0.0)) {
        *jac = INFINITY;
        return t < 0 ? -INFINITY : INFINITY;
    }
    double sn = sin(half_pi * u), d = L * cos(half_pi * u) / sn;
    *jac = L * half_pi / (sn * sn);
    switch (m->kind[i]) {
    case AXIS_UP:
        return m->anchor[i] + d;
    case AXIS_DOWN:
        return m->anchor[i] - d;
    default:
        return t < 0 ? -d : d;
    }
}

void pint_map_point(const void *map, const double *t, int n, double *x)
{
    const pint_map *m = map;
    double jac;
    for (int i = 0; i < n && i < m->ndim; i++)
        x[i] = axis_x(m, i, t[i], &jac);
}

double pint_map_inverse(const void *map, int i, double x)
{
    const pint_map *m = map;
    double d;
    switch (m->kind[i]) {
    case AXIS_UP:
    case AXIS_DOWN:     /* d = L cot(pi u / 2), t = 1 - u */
        d = m->kind[i] == AXIS_UP ? x - m->anchor[i] : m->anchor[i] - x;
        return 1.0 - atan2(m->scale, d) / 1.5707963267948966;
    case AXIS_BOTH:
        d = fabs(x);
        return (x < 0 ? -1.0 : 1.0)
               * (1.0 - atan2(m->scale, d) / 1.5707963267948966);
    default:
        return x;
    }
}

int pint_map_infinite_axis(const void *map, const double *t)
{
    const pint_map *m = map;
    for (int i = 0; i < m->ndim; i++) {
        double jac, x = axis_x(m, i, t[i], &jac);
        if (!isfinite(x) || !isfinite(jac))
            return i + 1;
    }
    return 0;
}

/* The images of points t[p0 .. p0+n-1] that are finite, packed into
 * b->x with their positions.  Returns how many were packed. */
static size_t pack(const pint_map *m, chunk_bufs *b, size_t p0, size_t n,
                   const double *t)
{
    int d = m->ndim;
    size_t used = 0;
    for (size_t p = p0; p < p0 + n; p++) {
        double *x = b->x + used * (size_t)d, jac = 1.0;
        int finite = 1;
        for (int i = 0; i < d; i++) {
            double ji;
            x[i] = axis_x(m, i, t[p * (size_t)d + i], &ji);
            jac *= ji;
            finite &= isfinite(x[i]) && isfinite(ji);
        }
        if (!finite)
            continue;
        b->jac[used] = jac;
        b->index[used++] = p;
    }
    return used;
}

int pint_map_call(void *map, size_t npts, const double *t, double *f,
                  size_t *failed)
{
    const pint_map *m = map;
    int d = m->ndim, nc = m->user.ncomp;
    const pint_function *u = &m->user;
    chunk_bufs b;
    size_t chunk = X_DOUBLES / (size_t)d < CHUNK ? X_DOUBLES / (size_t)d
                                                 : CHUNK;
    *failed = (size_t)-1;
    for (size_t p0 = 0; p0 < npts; p0 += chunk) {
        size_t n = npts - p0 < chunk ? npts - p0 : chunk;
        size_t used = pack(m, &b, p0, n, t);
        /* the values land packed at f[p0 ..] and are spread backwards:
         * a packed slot j never lies after its point index[j] */
        double *fp = f + p0 * (size_t)nc;
        if (u->fbatch && used > 0) {
            int rc = u->fbatch(d, used, b.x, nc, fp, u->ctx);
            if (rc != 0)
                return rc;
        } else {
            for (size_t j = 0; j < used; j++) {
                int rc = u->f(d, b.x + j * (size_t)d, nc,
                              fp + j * (size_t)nc, u->ctx);
                if (rc != 0) {
                    *failed = b.index[j];
                    return rc;
                }
            }
        }
        size_t p = p0 + n;
        for (size_t j = used; j-- > 0;) {
            while (--p > b.index[j])           /* x infinite: no value */
                for (int k = 0; k < nc; k++)
                    f[p * (size_t)nc + k] = NAN;
            double *to = f + p * (size_t)nc;
            const double *from = fp + j * (size_t)nc;
            for (int k = nc; k-- > 0;)
                to[k] = from[k] * b.jac[j];
        }
        while (p-- > p0)
            for (int k = 0; k < nc; k++)
                f[p * (size_t)nc + k] = NAN;
    }
    return 0;
}

void pint_map_free(pint_map *m)
{
    if (!m)
        return;
    free(m->kind);
    free(m->anchor);
    free(m->tlo);
    free(m->thi);
    free(m->glo);
    free(m->ghi);
    free(m);
}

int pint_map_open(const pint_function *fn, const pint_domain *dom,
                  double scale, pint_map **out, char *msg, size_t msglen)
{
    *out = NULL;
    if (!fn || !dom || dom->kind != PINT_DOMAIN_BOX || !dom->lo || !dom->hi
        || fn->ndim < 1 || fn->ncomp < 1 || (!fn->f && !fn->fbatch))
        return 0;                       /* reported by the problem check */
    int n = fn->ndim, infinite = 0;
    for (int i = 0; i < n; i++) {
        double lo = dom->lo[i], hi = dom->hi[i];
        if (isnan(lo) || isnan(hi)) {
            snprintf(msg, msglen, "a bound of axis %d is NaN", i + 1);
            return PINT_ERR_INVALID;
        }
        if (lo == INFINITY || hi == -INFINITY) {
            snprintf(msg, msglen,
                     "axis %d: the range [%g, %g] is empty (lower bound "
                     "+inf or upper bound -inf)", i + 1, lo, hi);
            return PINT_ERR_INVALID;
        }
        infinite |= isinf(lo) || isinf(hi);
    }
    if (!infinite)
        return 0;
    if (n > X_DOUBLES) {
        snprintf(msg, msglen, "infinite ranges are mapped in up to %d "
                 "dimensions, got %d", X_DOUBLES, n);
        return PINT_ERR_INVALID;
    }
    if (!(scale > 0.0) || !isfinite(scale)) {
        snprintf(msg, msglen, "the scale of the infinite ranges must be a "
                 "finite number > 0, got %g", scale);
        return PINT_ERR_INVALID;
    }
    pint_map *m = calloc(1, sizeof *m);
    size_t nd = (size_t)n;
    if (m) {
        m->kind = malloc(nd * sizeof *m->kind);
        m->anchor = malloc(nd * sizeof *m->anchor);
        m->tlo = malloc(nd * sizeof *m->tlo);
        m->thi = malloc(nd * sizeof *m->thi);
        m->glo = malloc(nd * sizeof *m->glo);
        m->ghi = malloc(nd * sizeof *m->ghi);
    }
    if (!m || !m->kind || !m->anchor || !m->tlo || !m->thi || !m->glo
        || !m->ghi) {
        pint_map_free(m);
        snprintf(msg, msglen, "out of memory");
        return PINT_ERR_NOMEM;
    }
    m->user = *fn;
    m->ndim = n;
    m->scale = scale;
    for (int i = 0; i < n; i++) {
        double lo = dom->lo[i], hi = dom->hi[i];
        m->anchor[i] = 0.0;
        m->tlo[i] = 0.0;
        m->thi[i] = 1.0;
        if (isinf(lo) && isinf(hi)) {
            m->kind[i] = AXIS_BOTH;
            m->tlo[i] = -1.0;
        } else if (isinf(hi)) {
            m->kind[i] = AXIS_UP;
            m->anchor[i] = lo;
        } else if (isinf(lo)) {
            m->kind[i] = AXIS_DOWN;
            m->anchor[i] = hi;
        } else {
            m->kind[i] = AXIS_FINITE;
            m->tlo[i] = lo;
            m->thi[i] = hi;
        }
    }
    m->mapped = (pint_function){ .ndim = n, .ncomp = fn->ncomp,
                                 .fbatch = map_fbatch, .ctx = m };
    m->dom = (pint_domain){ .kind = PINT_DOMAIN_BOX, .lo = m->tlo,
                            .hi = m->thi };
    memcpy(m->glo, dom->lo, nd * sizeof *m->glo);
    memcpy(m->ghi, dom->hi, nd * sizeof *m->ghi);
    m->given = (pint_domain){ .kind = PINT_DOMAIN_BOX, .lo = m->glo,
                              .hi = m->ghi };
    *out = m;
    return 0;
}

const pint_function *pint_map_function(const pint_map *m)
{
    return &m->mapped;
}

const pint_domain *pint_map_domain(const pint_map *m) { return &m->dom; }

const pint_domain *pint_map_user_domain(const void *map)
{
    return &((const pint_map *)map)->given;
}

double pint_map_scale(const void *map)
{
    return ((const pint_map *)map)->scale;
}

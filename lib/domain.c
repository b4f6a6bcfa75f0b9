/* domain.c -- the domain's constructors, volume and first regions (see
 * domain.h and pint.h). */
#include <stdlib.h>
#include <string.h>
#include "domain.h"
#include "eval.h"
#include "map.h"
#include "region.h"

pint_domain pint_domain_box(const double *lo, const double *hi)
{
    pint_domain d = { .kind = PINT_DOMAIN_BOX, .lo = lo, .hi = hi };
    return d;
}

pint_domain pint_domain_simplices(size_t nsimplices, const double *vertices)
{
    pint_domain d = { .kind = PINT_DOMAIN_SIMPLICES,
                      .nsimplices = nsimplices, .vertices = vertices };
    return d;
}

double pint_domain_volume(const pint_domain *dom, int n)
{
    if (dom->kind == PINT_DOMAIN_BOX) {
        double v = 1.0;
        for (int i = 0; i < n; i++)
            v *= dom->hi[i] - dom->lo[i];
        return v;
    }
    size_t len = (size_t)n * (size_t)(n + 1);
    double v = 0.0;
    for (size_t s = 0; s < dom->nsimplices; s++)
        v += pint_simplex_volume(n, dom->vertices + s * len);
    return v;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

size_t pint_axis_points(const pint_function *fn, const pint_options *opt,
                        int i, double *out)
{
    size_t k = 0;
    fn = pint_eval_inner(fn);   /* through a guard */
    for (size_t j = 0; j < opt->npoints; j++) {
        int axis = opt->points_axis ? opt->points_axis[j] : 0;
        if (axis != i)
            continue;
        double x = opt->points[j];
        out[k++] = pint_map_is(fn) ? pint_map_inverse(fn->ctx, i, x) : x;
    }
    qsort(out, k, sizeof *out, cmp_double);
    return k;
}

/* The box cut at its breakpoints: the product of the pieces of every
 * axis, into geom/vol (count regions). */
static size_t cut_box(const pint_domain *dom, const pint_function *fn,
                      const pint_options *opt, double **geom_out,
                      double **vol_out)
{
    int n = fn->ndim;
    size_t np = opt ? opt->npoints : 0, count = 1;
    /* the edges of axis i: lo, its points, hi */
    double *edges = malloc(((size_t)n * (np + 2)) * sizeof *edges);
    size_t *nedge = malloc((size_t)n * sizeof *nedge);
    size_t *at = calloc((size_t)n, sizeof *at);
    double *geom = NULL, *vol = NULL;
    if (!edges || !nedge || !at)
        goto out;
    for (int i = 0; i < n; i++) {
        double *e = edges + (size_t)i * (np + 2);
        e[0] = dom->lo[i];
        size_t k = np ? pint_axis_points(fn, opt, i, e + 1) : 0;
        e[k + 1] = dom->hi[i];
        nedge[i] = k + 2;
        count *= k + 1;
    }
    size_t glen = 2 * (size_t)n;
    geom = malloc(count * glen * sizeof *geom);
    vol = malloc(count * sizeof *vol);
    if (!geom || !vol) {
        free(geom);
        free(vol);
        geom = vol = NULL;
        count = 0;
        goto out;
    }
    for (size_t r = 0; r < count; r++) {
        double *g = geom + r * glen;
        vol[r] = 1.0;
        for (int i = 0; i < n; i++) {
            const double *e = edges + (size_t)i * (np + 2) + at[i];
            g[i] = 0.5 * e[0] + 0.5 * e[1];        /* no overflow */
            g[n + i] = 0.5 * (e[1] - e[0]);
            vol[r] *= e[1] - e[0];
        }
        for (int i = 0; i < n; i++) {           /* the next piece */
            if (++at[i] < nedge[i] - 1)
                break;
            at[i] = 0;
        }
    }
out:
    free(edges);
    free(nedge);
    free(at);
    *geom_out = geom;
    *vol_out = vol;
    return geom ? count : 0;
}

size_t pint_domain_regions(const pint_domain *dom, const pint_function *fn,
                           const pint_options *opt, double **geom_out,
                           double **vol_out)
{
    if (dom->kind == PINT_DOMAIN_BOX)
        return cut_box(dom, fn, opt, geom_out, vol_out);
    int n = fn->ndim;
    size_t glen = pint_region_geom_len(PINT_REGION_SIMPLEX, n);
    size_t count = dom->nsimplices;
    double *geom = malloc(count * glen * sizeof *geom);
    double *vol = malloc(count * sizeof *vol);
    if (!geom || !vol) {
        free(geom);
        free(vol);
        return 0;
    }
    memcpy(geom, dom->vertices, count * glen * sizeof *geom);
    for (size_t s = 0; s < count; s++)
        vol[s] = pint_simplex_volume(n, geom + s * glen);
    *geom_out = geom;
    *vol_out = vol;
    return count;
}

/* gauss_kronrod.c -- the one-dimensional Gauss-Kronrod rules.
 *
 * The n-(2n+1) pairs of QUADPACK (Piessens et al. 1983) for n = 7, 10, 15,
 * 20, 25, 30, with QUADPACK's error estimate.  The arithmetic follows the
 * qk routines of QUADPACK/GSL operation by operation (same points, same
 * order of summation), so that pint and gsl_integration_qkNN agree to the
 * last bits and the engine inherits QUADPACK's well-tested behaviour.
 *
 * Region: geom[0] = centre c, geom[1] = half-width h (vol = 2h).
 * Points: p = 0 is the centre; p = 2j+1 and p = 2j+2 are c - h xgk[j] and
 * c + h xgk[j], j = 0..nk-2, with the node layout of gk_tables.h.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "gk_tables.h"
#include "rule.h"

typedef struct {
    const pint_gk_table *tab;
} gk_private;

/* One allocation for the rule and its private part; r->tables points to
 * the private part, so destroy frees everything with one free(). */
typedef struct {
    pint_rule_impl base;        /* first member: (pint_rule_impl *) == self */
    gk_private priv;
} gk_rule;

const pint_gk_table *pint_gk_table_for(int npoints)
{
    for (int i = 0; i < PINT_GK_NTABLES; i++)
        if (pint_gk_tables[i].npoints == npoints)
            return &pint_gk_tables[i];
    return NULL;
}

static int gk_npoints(enum pint_rule id)
{
    switch (id) {
    case PINT_RULE_GK15: return 15;
    case PINT_RULE_GK21: return 21;
    case PINT_RULE_GK31: return 31;
    case PINT_RULE_GK41: return 41;
    case PINT_RULE_GK51: return 51;
    case PINT_RULE_GK61: return 61;
    default: return 0;
    }
}

static void gk_points(const pint_rule_impl *r, const double *geom, double *x)
{
    const gk_private *priv = r->tables;
    const pint_gk_table *t = priv->tab;
    const double c = geom[0], h = geom[1];

    x[0] = c;
    for (int j = 0; j < t->nk - 1; j++) {
        /* the product h * xgk first, then c -+ it, exactly as QUADPACK */
        const double a = h * t->xgk[j];
        x[2 * j + 1] = c - a;
        x[2 * j + 2] = c + a;
    }
}

/* QUADPACK's error estimate from |K - G| (already scaled by h).
 * For smooth integrands |K - G| mostly estimates the Gauss rule's error
 * and grossly overstates the Kronrod rule's; the power 3/2 of the ratio
 * to resasc (the Kronrod integral of |f - mean|) sharpens it, resasc caps
 * it, and the floor 50 eps resabs admits the rounding of the sums. */
static double gk_rescale_error(double diff, double resabs, double resasc)
{
    double err = fabs(diff);

    if (resasc != 0 && err != 0) {
        const double scale = pow(200 * err / resasc, 1.5);
        err = scale < 1 ? resasc * scale : resasc;
    }
    if (resabs > DBL_MIN / (50 * DBL_EPSILON)) {
        const double min_err = 50 * DBL_EPSILON * resabs;
        if (min_err > err)
            err = min_err;
    }
    return err;
}

/* One component.  f[p * stride] is the value at point p.  Summation order
 * (mirrors QUADPACK's qk): the centre, then the pairs at the Gauss nodes
 * xgk[1], xgk[3], ... (feeding both rules), then the pairs at the
 * Kronrod-only nodes xgk[0], xgk[2], ...; resasc afterwards, from the
 * centre outwards in table order. */
static void gk_component(const pint_gk_table *t, double h, const double *f,
                         int stride, double *val, double *err,
                         double *resabs, double *resasc)
{
    const int n = t->nk;
    const double *xw = t->wgk, *gw = t->wg;
    const double fc = f[0];
#define GK_LEFT(j) f[(2 * (j) + 1) * stride]     /* value at c - h xgk[j] */
#define GK_RIGHT(j) f[(2 * (j) + 2) * stride]    /* value at c + h xgk[j] */
    double res_g = 0, res_k = fc * xw[n - 1];
    double res_abs = fabs(res_k), res_asc, mean;

    /* for odd n Gauss the centre is a Gauss node, the last entry of wg */
    if (n % 2 == 0)
        res_g = fc * gw[n / 2 - 1];

    for (int j = 0; j < (n - 1) / 2; j++) {
        const int jg = 2 * j + 1;
        const double f1 = GK_LEFT(jg), f2 = GK_RIGHT(jg), fsum = f1 + f2;
        res_g += gw[j] * fsum;
        res_k += xw[jg] * fsum;
        res_abs += xw[jg] * (fabs(f1) + fabs(f2));
    }
    for (int j = 0; j < n / 2; j++) {
        const int jk = 2 * j;
        const double f1 = GK_LEFT(jk), f2 = GK_RIGHT(jk);
        res_k += xw[jk] * (f1 + f2);
        res_abs += xw[jk] * (fabs(f1) + fabs(f2));
    }

    /* the Kronrod weights sum to 2: this is the mean of f on the region */
    mean = res_k * 0.5;
    res_asc = xw[n - 1] * fabs(fc - mean);
    for (int j = 0; j < n - 1; j++)
        res_asc += xw[j] * (fabs(GK_LEFT(j) - mean)
                            + fabs(GK_RIGHT(j) - mean));
#undef GK_LEFT
#undef GK_RIGHT

    const double diff = (res_k - res_g) * h;
    res_k *= h;
    res_abs *= fabs(h);
    res_asc *= fabs(h);
    *val = res_k;
    *err = gk_rescale_error(diff, res_abs, res_asc);
    if (resabs)
        *resabs = res_abs;
    if (resasc)
        *resasc = res_asc;
}

static void gk_apply(const pint_rule_impl *r, const double *geom, double vol,
                     int child, const double *f, double *val, double *err,
                     int *split, double *work)
{
    (void)child;                /* no split correction */
    const gk_private *priv = r->tables;

    /* geom[1] rather than vol / 2: the same half-width QUADPACK uses */
    (void)vol;
    (void)work;
    for (int k = 0; k < r->ncomp; k++)
        gk_component(priv->tab, geom[1], f + k, r->ncomp, &val[k], &err[k],
                     NULL, NULL);
    *split = 0;                 /* one dimension: always axis 0 */
}

void pint_rule_gk_apply_moduli(const pint_rule_impl *r, const double *geom,
                               const double *f, double *val, double *err,
                               double *resabs, double *resasc)
{
    const gk_private *priv = r->tables;

    for (int k = 0; k < r->ncomp; k++)
        gk_component(priv->tab, geom[1], f + k, r->ncomp, &val[k], &err[k],
                     &resabs[k], &resasc[k]);
}

int pint_rule_is_gauss_kronrod(const pint_rule_impl *r)
{
    return r != NULL && r->apply == gk_apply;
}

static void gk_destroy(pint_rule_impl *r)
{
    free(r);                    /* r is the first member of its gk_rule */
}

/* Returns NULL when out of memory, and also (defensively) for an id that
 * is not a Gauss-Kronrod rule or ncomp < 1. */
pint_rule_impl *pint_rule_gauss_kronrod_new(enum pint_rule id, int ncomp)
{
    const pint_gk_table *t = pint_gk_table_for(gk_npoints(id));
    gk_rule *g;

    if (t == NULL || ncomp < 1)
        return NULL;
    g = calloc(1, sizeof *g);
    if (g == NULL)
        return NULL;
    g->priv.tab = t;
    g->base.id = id;
    g->base.kind = PINT_REGION_BOX;
    g->base.ndim = 1;
    g->base.ncomp = ncomp;
    g->base.npoints = (size_t)t->npoints;
    g->base.points = gk_points;
    g->base.apply = gk_apply;
    g->base.work_size = 0;
    g->base.destroy = gk_destroy;
    g->base.tables = &g->priv;
    return &g->base;
}

/* genz_malik.c -- the Genz-Malik degree-7 rule with embedded degree 5
 * (Genz & Malik 1980, J. Comput. Appl. Math. 6:295) for boxes, n >= 2.
 *
 * With centre c and half-widths h, the 2^n + 2n^2 + 2n + 1 points are
 *   c;  c +- l2 h_i e_i;  c +- l3 h_i e_i;  c +- l4 h_i e_i +- l4 h_j e_j
 *   (i < j);  c + (+-l5 h_1, ..., +-l5 h_n),
 * l2 = sqrt(9/70), l3 = l4 = sqrt(9/10), l5 = sqrt(9/19).  The error
 * estimate is |Q7 - Q5|, never below the rounding of the sum, 50 eps
 * sum |w7 f| (x1 x2^2 x3^3, where Q5 is exact too, claimed 0 for a value
 * 1 ulp off); the split axis is the one with the largest fourth
 * difference (Genz & Malik 1980).
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include "rule.h"

/* The rounding floor of an estimate, in units of eps sum |w f| (as
 * symmetric.c's) */
#define GM_NOISE 50.0

typedef struct {
    double w7[5];               /* degree-7 weights, per point of each set */
    double w5[4];               /* degree-5 weights */
    double l2, l3, l4, l5;
    double ratio;               /* (l2/l3)^2 for the fourth difference */
} gm_tables;

/* Start a point at the centre: every generator moves one to four axes. */
static double *centre_point(double *p, const double *c, int n)
{
    for (int k = 0; k < n; k++)
        p[k] = c[k];
    return p;
}

static void gm_points(const pint_rule_impl *r, const double *g, double *x)
{
    const gm_tables *t = r->tables;
    int n = r->ndim;
    const double *c = g, *h = g + n;
    double *p = x;
    centre_point(p, c, n);
    p += n;
    const double lam[2] = { t->l2, t->l3 };
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < n; i++) {
            centre_point(p, c, n)[i] = c[i] + lam[s] * h[i];
            p += n;
            centre_point(p, c, n)[i] = c[i] - lam[s] * h[i];
            p += n;
        }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            for (int sg = 0; sg < 4; sg++) {
                centre_point(p, c, n);
                p[i] = c[i] + ((sg & 1) ? -t->l4 : t->l4) * h[i];
                p[j] = c[j] + ((sg & 2) ? -t->l4 : t->l4) * h[j];
                p += n;
            }
    /* the 2^n corner points: bit k of the counter gives the sign of axis k */
    unsigned long corners = 1UL << n;
    for (unsigned long m = 0; m < corners; m++) {
        for (int k = 0; k < n; k++)
            p[k] = c[k] + (((m >> k) & 1) ? -t->l5 : t->l5) * h[k];
        p += n;
    }
}

static void gm_apply(const pint_rule_impl *r, const double *g, double vol,
                     int child, const double *f, double *val, double *err,
                     int *split, double *work)
{
    (void)child;                /* no split correction */
    const gm_tables *t = r->tables;
    int n = r->ndim, m = r->ncomp;
    const double *h = g + n;
    double *diff = work;        /* n fourth differences, summed over comps */
    size_t off2 = 1, off3 = 1 + 2 * (size_t)n, off4 = 1 + 4 * (size_t)n;
    size_t off5 = off4 + 2 * (size_t)n * (size_t)(n - 1);
    size_t ncorner = (size_t)1 << n;

    for (int i = 0; i < n; i++)
        diff[i] = 0.0;
    for (int k = 0; k < m; k++) {
        double f1 = f[k];
        double s2 = 0.0, s3 = 0.0, s4 = 0.0, s5 = 0.0;
        double m2 = 0.0, m3 = 0.0, m4 = 0.0, m5 = 0.0;    /* of |f| */
        for (int i = 0; i < n; i++) {
            double u2 = f[(off2 + 2 * (size_t)i) * m + k],
                   v2 = f[(off2 + 2 * (size_t)i + 1) * m + k];
            double u3 = f[(off3 + 2 * (size_t)i) * m + k],
                   v3 = f[(off3 + 2 * (size_t)i + 1) * m + k];
            double a2 = u2 + v2, a3 = u3 + v3;
            s2 += a2;
            s3 += a3;
            m2 += fabs(u2) + fabs(v2);
            m3 += fabs(u3) + fabs(v3);
            diff[i] += fabs(a2 - 2.0 * f1 - t->ratio * (a3 - 2.0 * f1));
        }
        for (size_t p = off4; p < off5; p++) {
            s4 += f[p * m + k];
            m4 += fabs(f[p * m + k]);
        }
        for (size_t p = 0; p < ncorner; p++) {
            s5 += f[(off5 + p) * m + k];
            m5 += fabs(f[(off5 + p) * m + k]);
        }
        double q7 = t->w7[0] * f1 + t->w7[1] * s2 + t->w7[2] * s3
                  + t->w7[3] * s4 + t->w7[4] * s5;
        double q5 = t->w5[0] * f1 + t->w5[1] * s2 + t->w5[2] * s3
                  + t->w5[3] * s4;
        double mag = fabs(t->w7[0] * f1) + fabs(t->w7[1]) * m2
                   + fabs(t->w7[2]) * m3 + fabs(t->w7[3]) * m4
                   + fabs(t->w7[4]) * m5;
        val[k] = vol * q7;
        /* never below the rounding of the sum (a polynomial of degree
         * <= 5 has q7 == q5 and is still rounded) */
        err[k] = fmax(fabs(vol * (q7 - q5)),
                      GM_NOISE * DBL_EPSILON * vol * mag);
    }
    *split = pint_box_split_axis(n, diff, h);
}

static void gm_destroy(pint_rule_impl *r)
{
    free(r->tables);
    free(r);
}

pint_rule_impl *pint_rule_genz_malik_new(int n, int ncomp)
{
    pint_rule_impl *r = calloc(1, sizeof *r);
    gm_tables *t = calloc(1, sizeof *t);
    if (!r || !t) {
        free(r);
        free(t);
        return NULL;
    }
    double dn = n;
    t->l2 = sqrt(9.0 / 70.0);
    t->l3 = t->l4 = sqrt(9.0 / 10.0);
    t->l5 = sqrt(9.0 / 19.0);
    t->ratio = (t->l2 / t->l3) * (t->l2 / t->l3);
    t->w7[0] = (12824.0 - 9120.0 * dn + 400.0 * dn * dn) / 19683.0;
    t->w7[1] = 980.0 / 6561.0;
    t->w7[2] = (1820.0 - 400.0 * dn) / 19683.0;
    t->w7[3] = 200.0 / 19683.0;
    t->w7[4] = 6859.0 / 19683.0 / ldexp(1.0, n);
    t->w5[0] = (729.0 - 950.0 * dn + 50.0 * dn * dn) / 729.0;
    t->w5[1] = 245.0 / 486.0;
    t->w5[2] = (265.0 - 100.0 * dn) / 1458.0;
    t->w5[3] = 25.0 / 729.0;

    r->id = PINT_RULE_GM;
    r->kind = PINT_REGION_BOX;
    r->ndim = n;
    r->ncomp = ncomp;
    r->npoints = ((size_t)1 << n) + 2 * (size_t)n * (size_t)n
               + 2 * (size_t)n + 1;
    r->points = gm_points;
    r->apply = gm_apply;
    r->work_size = (size_t)n;
    r->destroy = gm_destroy;
    r->tables = t;
    return r;
}

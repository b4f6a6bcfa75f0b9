/* rule.h -- private interface of the cubature rules.
 *
 * A rule is built once per (rule, ndim, ncomp) with pint_rule_new and then
 * applied to many regions: it writes the evaluation points of a region,
 * and from the integrand values at those points it computes the integral
 * estimate, the error estimate and its split advice.  Rules know nothing of
 * heaps or of how points get evaluated.
 *
 * Region geometry ("geom"), as the engine stores it:
 *   box:     geom[0..n-1] = centre c, geom[n..2n-1] = half-widths h  (2n)
 *   simplex: geom[v*n + i] = coordinate i of vertex v, v = 0..n   (n(n+1))
 * "vol" is the region's volume (the engine tracks it: children of a split
 * have half the parent's volume for both region kinds).
 */
#ifndef PINT_RULE_H
#define PINT_RULE_H

#include <stddef.h>
#include "pint.h"

enum pint_region_kind { PINT_REGION_BOX = 0, PINT_REGION_SIMPLEX = 1 };

typedef struct pint_rule_impl pint_rule_impl;

struct pint_rule_impl {
    enum pint_rule id;
    enum pint_region_kind kind;
    int ndim, ncomp;
    size_t npoints;             /* points per region */

    /* Write the npoints evaluation points of the region into
     * x[p * ndim + i]. */
    void (*points)(const pint_rule_impl *r, const double *geom, double *x);

    /* From f[p * ncomp + k] (the values at the points of `points`) compute
     * val[k] and err[k] (err >= 0) for every component and the split advice:
     * box: the axis to bisect; simplex: the edge to bisect, coded as
     * a * (n + 1) + b with vertices a < b.  `child` is 1 when the region is
     * a child of a split whose estimate the engine will correct by the
     * split's difference (split_correct below), 0 otherwise; rules without
     * split_correct ignore it.  `work` is scratch space of work_size
     * doubles owned by the caller. */
    void (*apply)(const pint_rule_impl *r, const double *geom, double vol,
                  int child, const double *f, double *val, double *err,
                  int *split, double *work);
    size_t work_size;
    /* 1: the rule's estimate for a child of a split is the less cautious
     * one, and the engine raises it by what the split measured (adapt.c,
     * split_correct; sym9); 0: the estimate stands alone.  A rule with 1
     * also leaves in work[0], when apply returns, the share in [0, 1] of
     * the split axis in the region's error, as its per-axis differences
     * tell (weighed as the rule's degree makes them; 0: unknown), and in
     * work[1] 1 when it trusted the estimate of every component (its
     * asymptotic branch), 0 when not (adapt.c, the rule of a region);
     * work_size is at least 2. */
    int split_correct;
    /* 1: apply also leaves in work[2 + k] (k < ncomp) the sum over the
     * points of |f_pk|, taken in its own pass over the values (adapt.c:
     * the scale of a region's rounding noise, which the engine otherwise
     * sums in a pass of its own); work_size is then at least 2 + ncomp.
     * 0: nothing there. */
    int abs_sums;

    void (*destroy)(pint_rule_impl *r);
    void *tables;               /* private tables, built once */
};

/* Build a rule; on failure returns NULL and sets *status (PINT_ERR_INVALID
 * with a reason in msg[msglen], or PINT_ERR_NOMEM). */
pint_rule_impl *pint_rule_new(enum pint_rule id, int ndim, int ncomp,
                              int *status, char *msg, size_t msglen);
void pint_rule_free(pint_rule_impl *r);

/* The fallback of rule id, for the regions where its degree buys
 * nothing (lib/adapt.c, the rule of a region): PINT_RULE_SYM9 for
 * PINT_RULE_SYM13 and PINT_RULE_SYM11; PINT_RULE_AUTO (none) for the
 * others. */
enum pint_rule pint_rule_fallback(enum pint_rule id);

/* Constructors of the rule families (called by pint_rule_new after it
 * checked the dimension range; they return NULL only when out of memory). */
pint_rule_impl *pint_rule_genz_malik_new(int ndim, int ncomp);
pint_rule_impl *pint_rule_gauss_kronrod_new(enum pint_rule id, int ncomp);
/* Fully symmetric degree 9 or 7 (PINT_RULE_SYM9/SYM7); *failed is set when
 * the weights cannot be solved for (a defect, reported, never a wrong
 * rule). */
/* 1 when r is one of the Gauss-Kronrod rules above. */
int pint_rule_is_gauss_kronrod(const pint_rule_impl *r);
/* Gauss-Kronrod rules only: what apply computes (val[k], err[k]) and the
 * two moduli QUADPACK's adaptive routines inspect besides (Piessens et
 * al. 1983, 2.2.1): resabs[k], the Kronrod integral of |f|, and
 * resasc[k], the Kronrod integral of |f - mean|; err[k] == resasc[k]
 * means the error estimate is at its cap (the rule has not resolved f
 * there). */
void pint_rule_gk_apply_moduli(const pint_rule_impl *r, const double *geom,
                               const double *f, double *val, double *err,
                               double *resabs, double *resasc);
pint_rule_impl *pint_rule_symmetric_new(enum pint_rule id, int ndim,
                                        int ncomp, int *failed);
/* The four null-rule values of a symmetric rule for the first component
 * of f (for tests). */
void pint_rule_symmetric_nulls(const pint_rule_impl *r, double vol,
                               const double *f, double *nv);
pint_rule_impl *pint_rule_grundmann_moeller_new(enum pint_rule id, int ndim,
                                                int ncomp);

/* The box axis to bisect from per-axis fourth differences diff[n]: the
 * largest; differences equal up to rounding (a polynomial of low degree)
 * go to the widest half-width h[i], so boxes do not become needles. */
int pint_box_split_axis(int n, const double *diff, const double *h);

/* The longest edge a < b of a simplex (vertices as in the geometry above),
 * coded a*(n+1) + b as the split advice; ties go to the first edge in
 * (a, b) order so the advice is reproducible. */
int pint_simplex_longest_edge(int n, const double *vertices);

/* Dimension ranges (also in pint_rule_dims). */
#define PINT_GM_MIN_DIM 2
#define PINT_GM_MAX_DIM 20
#define PINT_SIMPLEX_MIN_DIM 1
#define PINT_SIMPLEX_MAX_DIM 20

#endif /* PINT_RULE_H */

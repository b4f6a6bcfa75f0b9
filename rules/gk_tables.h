/* gk_tables.h -- nodes and weights of the Gauss-Kronrod pairs (private).
 *
 * The tables live in gk_tables.c, which is generated in quad precision by
 * rules/tools/gkgen.c (`make regen-gk-tables`) and committed.
 *
 * Layout of one pair: an n-point Gauss rule and its (2n+1)-point Kronrod
 * extension on [-1,1].  Both rules are symmetric, so only the nk = n + 1
 * nodes in [0,1) are stored, in decreasing order (the same layout as
 * QUADPACK's qk routines, which lets the summation mirror theirs):
 *
 *   xgk[0..nk-1]  nodes, xgk[0] > xgk[1] > ... > xgk[nk-1] = 0; the odd
 *                 entries xgk[1], xgk[3], ... are the Gauss nodes, the even
 *                 ones the zeros of the Stieltjes polynomial E_{n+1};
 *   wgk[0..nk-1]  Kronrod weight of +-xgk[i] (counted once for the centre);
 *   wg[j]         Gauss weight of +-xgk[2j+1], j < (n+1)/2; when n is odd
 *                 the last entry is the weight of the centre.
 *
 * The Kronrod rule has degree 3n+1 (3n+2 for odd n), the Gauss rule 2n-1.
 */
#ifndef PINT_GK_TABLES_H
#define PINT_GK_TABLES_H

#define PINT_GK_NTABLES 6

typedef struct {
    int npoints;                /* 2n + 1 Kronrod points */
    int ngauss;                 /* n Gauss points */
    int nk;                     /* n + 1 stored nodes */
    const double *xgk;
    const double *wgk;
    const double *wg;
} pint_gk_table;

/* The pairs 7-15, 10-21, 15-31, 20-41, 25-51, 30-61, in that order. */
extern const pint_gk_table pint_gk_tables[PINT_GK_NTABLES];

/* The pair with npoints Kronrod points, or NULL (in gauss_kronrod.c). */
const pint_gk_table *pint_gk_table_for(int npoints);

#endif /* PINT_GK_TABLES_H */

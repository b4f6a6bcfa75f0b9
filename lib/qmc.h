/* qmc.h -- the randomized rank-1 Korobov lattice engine (private header).
 *
 * Row r is the lattice rule of rules/korobov.h with N_r points
 * (pint_korobov_rules[min(r, count - 1)]) and q random shifts b_{r,j}: its
 * q "cells" are
 *
 *     K(r, j) = (1/N_r) sum_{k=0}^{N_r - 1} g({k z / N_r + b_{r,j}}),
 *     z = (1, a, a^2, ..., a^(n-1)) mod N_r,
 *
 * where g is f over the box after the periodizing transform, weighted by
 * its Jacobian.  The row's estimate is the mean over its cells and its
 * error the standard error over the cells (DESIGN.md, Cucos 2003 ch.
 * 4.2.2).  Rows past the end of the table repeat the last rule with fresh
 * shifts, and their cells are pooled with those of every earlier row of
 * the same N.
 *
 * The shifts are a pure function of (seed, row, j): any rank computes the
 * same ones, so a cell can be cut into pieces [k0, k1) evaluated anywhere
 * and the piece sums added in piece order.  The engine knows nothing of
 * MPI; the drivers (api.c, par/qmc_par.c) decide who evaluates which piece.
 */
#ifndef PINT_QMC_H
#define PINT_QMC_H

#include <stdint.h>
#include "pint.h"
#include "eval.h"
#include "watch.h"

typedef struct pint_qmc pint_qmc;

/* What opt.shifts = 0 and opt.units_per_worker = 0 stand for (the values
 * pint_options_init sets; the latter chosen by measurement,
 * bench/RESULTS.md section 5.2). */
#define PINT_QMC_DEFAULT_SHIFTS 10
#define PINT_QMC_DEFAULT_UNITS 16

/* Dimensions the engine accepts: 1 .. PINT_QMC_MAX_DIM.  The generators
 * of rules/korobov_table.c are checked for a^j != +-1 (mod N) for j < 400
 * only, and for the smallest N (1021) no generator passes much beyond:
 * with more dimensions two coordinates of the lattice would coincide or
 * mirror each other. */
#define PINT_QMC_MAX_DIM 400

/* An engine for fn over the box [lo, hi] (copied), q = shifts >= 2 cells
 * per row, the given transform and seed.  NULL when out of memory or on
 * bad arguments. */
pint_qmc *pint_qmc_new(const pint_function *fn, const double *lo,
                       const double *hi, int shifts,
                       enum pint_periodize periodize, uint64_t seed);
void pint_qmc_free(pint_qmc *q);
void pint_qmc_set_cost(pint_qmc *q, const pint_eval_cost *c);

int pint_qmc_shifts(const pint_qmc *q);
/* N of row r (r >= 0). */
long long pint_qmc_row_points(const pint_qmc *q, int row);

/* sum[k] (k < ncomp) = sum over k0 <= k < k1 of g_k at point k of cell
 * (row, shift), 0 <= k0 <= k1 <= N_row, compensated.  Returns 0 or an
 * integrand error status (then pint_qmc_message says what happened). */
int pint_qmc_piece_sum(pint_qmc *q, int row, int shift, long long k0,
                       long long k1, double *sum);
const char *pint_qmc_message(const pint_qmc *q);

/* Row r is complete: cellsum[j * ncomp + k] is the full sum of cell j
 * (j < shifts).  Sets value[k] and error[k] of the row (pooled with the
 * earlier rows of the same N, see above).  Rows must be reported in
 * order 0, 1, 2, ... */
void pint_qmc_row_done(pint_qmc *q, int row, const double *cellsum,
                       double *value, double *error);

/* One rank: rows in order until max_k error[k] <= max(epsabs, epsrel
 * max_k |value[k]|), the next row would pass opt->max_evals, or the
 * watch halts (looked at every PINT_QMC_WATCH_CHUNK points; the row in
 * progress is then dropped).  Returns the status; value/error are those
 * of the last finished row (error INFINITY and value 0 when there is
 * none); evals counts the points of finished cells. */
int pint_qmc_run(pint_qmc *q, const pint_options *opt, pint_watch *watch,
                 double *value, double *error, long long *evals,
                 long long *rows);

/* Like pint_qmc_piece_sum, looking at the watch every
 * PINT_QMC_WATCH_CHUNK points: returns its halt status when it halts
 * (the sum is then incomplete). */
int pint_qmc_piece_sum_watched(pint_qmc *q, int row, int shift, long long k0,
                               long long k1, double *sum,
                               const pint_watch *watch);
#define PINT_QMC_WATCH_CHUNK 65536

#endif

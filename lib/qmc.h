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
 * error the standard error over the cells (Cucos 2003 ch. 4.2.2).  Rows
 * past the end of the table repeat the last rule with fresh shifts, and
 * their cells are pooled with those of every earlier row of the same N.
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
#include "checkpoint.h"
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
/* Evaluate on nthreads threads (1 at first): a pool of the engine's own.
 * Sums do not depend on the number of threads (pint_qmc_piece_sum).  0,
 * or PINT_ERR_NOMEM with the message in pint_qmc_message (the engine
 * stays as it was). */
int pint_qmc_set_threads(pint_qmc *q, int nthreads);

int pint_qmc_shifts(const pint_qmc *q);
int pint_qmc_ncomp(const pint_qmc *q);
/* N of row r (r >= 0). */
long long pint_qmc_row_points(const pint_qmc *q, int row);

/* sum[k] (k < ncomp) = sum over k0 <= k < k1 of g_k at point k of cell
 * (row, shift), 0 <= k0 <= k1 <= N_row, compensated.  Returns 0 or an
 * integrand error status (then pint_qmc_message says what happened). */
int pint_qmc_piece_sum(pint_qmc *q, int row, int shift, long long k0,
                       long long k1, double *sum);
const char *pint_qmc_message(const pint_qmc *q);

/* The sums of |g_k| over every point this engine computed, and their
 * count (not kept in checkpoints: the floor of tolerance.h needs only an
 * estimate); the integral of |f_k| they estimate from sums over n points
 * (0 when n is 0). */
void pint_qmc_abs(const pint_qmc *q, double *abssum, long long *count);
void pint_qmc_absval(const pint_qmc *q, const double *abssum, long long n,
                     double *absval);

/* Row r is complete: cellsum[j * ncomp + k] is the full sum of cell j
 * (j < shifts).  Sets value[k] and error[k] of the row (pooled with the
 * earlier rows of the same N, see above).  Rows must be reported in
 * order 0, 1, 2, ... */
void pint_qmc_row_done(pint_qmc *q, int row, const double *cellsum,
                       double *value, double *error);

/* ---------------------------------------------------------- checkpoints
 *
 * A checkpoint of a QMC run keeps the cell sums of every finished row
 * (replayed on resume, so the pooled estimate comes back bit for bit) and
 * the pieces of the rows in progress, each PINT_QMC_PIECE(ncomp) numbers:
 *
 *     row, cell, k0, k1, sum[ncomp]     (points k0 <= k < k1 of the cell)
 *
 * As numbers of the checkpoint file:
 *
 *     rows, npieces, cellsums[rows][shifts][ncomp], pieces[npieces]
 *
 * Pieces belong to rows `rows` and `rows` + 1 (the controller of the
 * on-request modes works one row ahead) and do not overlap.  A resumed
 * run computes what the pieces of a row leave out -- its "todo"
 * intervals (cell, a, b) -- and adds the pieces' sums. */
#define PINT_QMC_PIECE(m) (4 + (size_t)(m))

typedef struct {
    /* resumed from: rows finished, evaluations, pieces (into the
     * checkpoint's numbers); all 0 for a fresh run */
    int rows;
    long long evals;
    const double *pieces;
    size_t npieces;
    /* checkpoints written by rank 0 (path NULL: none) every period
     * seconds (0: only when the run stops for any reason but an error) */
    const char *path;
    const pint_ckpt *desc;
    pint_result *res;
    double period;
} pint_qmc_saving;

/* The checkpoint numbers of the finished rows and these pieces
 * (malloc'ed, *len of them); NULL when out of memory. */
double *pint_qmc_pack(const pint_qmc *q, const double *pieces,
                      size_t npieces, size_t *len);

/* Check the checkpoint numbers v and replay their rows into q (value and
 * error of the last; 0 and INFINITY when none).  *pieces points into v.
 * Returns the rows, or -1 with a reason in msg. */
int pint_qmc_restore(pint_qmc *q, const double *v, size_t len,
                     double *value, double *error, const double **pieces,
                     size_t *npieces, char *msg, size_t msglen);

/* 1 when the `rows` finished rows a run resumed from (value, error of the
 * last) already meet the tolerance of opt: the run then ends there, as
 * the uninterrupted run did, computing nothing.  The test goes without
 * the floor (tolerance.h), whose integral of |f| is of the run's own
 * points and unknown before the first. */
int pint_qmc_resumed_met(const pint_options *opt, int rows,
                         const double *value, const double *error, int m);

/* The intervals of `row` the pieces leave out, as triples (cell, a, b) in
 * order of cell and point (*todo, malloc'ed; one per cell when there are
 * no pieces), and cellsum[shifts][ncomp] = the pieces' sums.  Returns
 * the number of intervals, -1 when out of memory. */
long long pint_qmc_todo(const pint_qmc *q, int row, const double *pieces,
                        size_t npieces, double *cellsum, long long **todo);

/* The todo intervals (ntodo of them, as pint_qmc_todo makes them) cut
 * into `units` units of about equal points, each unit cut again at the
 * ends of the intervals: the pieces in order, as triples (cell, a, b)
 * like todo's (*pieces, malloc'ed), and first[u] the index of unit u's
 * first piece (first[units] = the count; first has units + 1 entries).
 * The pieces depend on todo and units only.  Returns the count, -1 when
 * out of memory. */
long long pint_qmc_cut(const long long *todo, long long ntodo,
                       long long units, long long **pieces, long long *first);

/* Compute the intervals (cell, a, b) of todo in order, in chunks of
 * PINT_QMC_WATCH_CHUNK points; before each chunk look at the watch (its
 * halt status is returned) and call tick (may be NULL).  out[i][1 + m]
 * holds the points done from the start of interval i and their sum, up
 * to date after every chunk.  Returns 0, an integrand error or the
 * halt. */
int pint_qmc_work(pint_qmc *q, int row, const long long *todo,
                  long long ntodo, const pint_watch *watch,
                  void (*tick)(void *arg), void *tick_arg, double *out);

/* The checkpoint numbers (malloc'ed, *len of them; NULL when out of
 * memory) of the finished rows and the row in progress: the resumed
 * pieces (nresumed of them) of rows >= row, and the work of members
 * 0..P-1 on the intervals `pieces`: member r's are pieces first[r] ..
 * first[r + 1] - 1, its out (see pint_qmc_work) at blocks + r *
 * block_len.  With pieces NULL, just the rows and resumed pieces. */
double *pint_qmc_pack_row(const pint_qmc *q, const double *resumed,
                          size_t nresumed, int row, const long long *pieces,
                          const long long *first, int P,
                          const double *blocks, size_t block_len,
                          size_t *len);

/* Points between two looks at the watch (pint_qmc_work). */
#define PINT_QMC_WATCH_CHUNK 65536

#endif

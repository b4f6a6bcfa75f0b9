/* vegas.h -- the VEGAS+ engine: adaptive importance sampling with an
 * adaptive map (Lepage 1978) and adaptive stratified sampling on top of
 * it (Lepage, "Adaptive multidimensional integration: VEGAS enhanced",
 * J. Comput. Phys. 439, 2021).  It knows nothing of MPI or files: an
 * iteration's hypercubes can be shared among members of a team, each
 * sampling a range of them, and every member adapts from the same
 * numbers (the run, vegas_run.c, gathers them).
 *
 * The map.  Each axis of the box is cut into ninc increments of equal
 * probability, x = lo + w (g_j + (y N - j)(g_(j+1) - g_j)) for y in
 * [j/N, (j+1)/N), whose Jacobian is w N (g_(j+1) - g_j); the integral is
 * that of J f over y in [0,1]^n.  After an iteration each axis's
 * increments are redrawn so that each holds an equal share of the
 * smoothed, damped (exponent alpha) density of (J f)^2 seen in it (the
 * mean over the points that fell in it, as Lepage 2021's d_i: their
 * count's noise must not move the map; bench/RESULTS.md 13.6), with
 * a floor: a share `uniform` (0.01) of uniform density in x is added to
 * the damped one, so that no stretch of an axis is starved however the
 * noise fell; and their count N follows the iteration's points, one
 * increment for per_inc points (64), from 8 up to ninc (128).  The
 * floor is what lets the map move fast (alpha 1): without it, 4 of 63
 * runs of the discontinuous Genz family at d = 20 ended at the limit
 * and one 57 errors off; with it, on 3,402 runs of the Genz families at
 * d = 5, 10 and 20, 0.98 of the evaluations of alpha 0.5 without a
 * floor, genz2 at d = 5 and 10 0.64, genz4 at d = 10 0.58
 * (bench/RESULTS.md 13.8).  With 128 increments
 * an iteration of 1,000 points measures each with 8 points: the damped
 * density of so few starves increments that the noise left empty, and
 * on the discontinuous Genz family two runs in three then ended beyond
 * their error, some by over 10 standard errors (bench/RESULTS.md 13.1).
 *
 * The strata.  y-space is cut into H = prod nstrat_i hypercubes
 * (nstrat_i from the points of an iteration, H <= neval / 2); cube h
 * gets n_h >= 2 points, n_h proportional to sigma_h^beta, sigma_h the
 * standard deviation of J f in it at the last iteration (beta = 0.75).
 * An iteration's estimate is the sum of the cubes' means times their
 * volumes; its variance the sum of their variances of the mean.
 *
 * Reproducible: point p of an iteration (cubes in order, points within
 * a cube in order) takes the uniforms at position (base + p) n of one
 * counter-based stream (rng.h), base the points of the iterations
 * before; chunks of whole cubes, of about a batch of points, are fixed
 * by the cubes alone and their sums added in order, so an iteration's
 * numbers are the same on any number of threads (and its value is the
 * same for any split of the cubes among members up to the order of the
 * members' sums). */
#ifndef PINT_VEGAS_H
#define PINT_VEGAS_H

#include <stddef.h>
#include <stdint.h>
#include "pint.h"

typedef struct pint_vegas pint_vegas;

/* Settings; 0 for each default. */
typedef struct {
    int ninc;                   /* map increments per axis, at most
                                   (default 128) */
    int per_inc;                /* points of an iteration per increment
                                   (default 64; < 0: always ninc) */
    double alpha;               /* map damping (default 1.0) */
    double uniform;             /* the floor: uniform share of an axis's
                                   new density (default 0.01; < 0: none) */
    double beta;                /* strata damping (default 0.75) */
    size_t max_cubes;           /* at most this many hypercubes
                                   (default 1,000,000) */
} pint_vegas_config;

#define PINT_VEGAS_NINC 128
#define PINT_VEGAS_NINC_MIN 8
#define PINT_VEGAS_PER_INC 64
#define PINT_VEGAS_ALPHA 1.0
#define PINT_VEGAS_UNIFORM 0.01
#define PINT_VEGAS_BETA 0.75
#define PINT_VEGAS_MAX_CUBES 1000000

/* A sampler of fn (n = fn->ndim, m = fn->ncomp) over the finite box
 * [lo, hi] (copied), uniform map, with the stream of seed.  NULL when out
 * of memory. */
pint_vegas *pint_vegas_new(const pint_function *fn, const double *lo,
                           const double *hi, const pint_vegas_config *cfg,
                           uint64_t seed);
void pint_vegas_free(pint_vegas *v);
/* Sample on nthreads threads (a pool of its own); 0 or PINT_ERR_NOMEM. */
int pint_vegas_set_threads(pint_vegas *v, int nthreads);
const char *pint_vegas_message(const pint_vegas *v);
/* How much each component's (J f_k)^2 counts in the map and the strata
 * (m weights, default all 1): a vector integrand measured component by
 * component weighs each by 1 / its value^2, so that a small component is
 * sampled for its own accuracy. */
void pint_vegas_set_weights(pint_vegas *v, const double *w);

/* The next iteration: about neval points (at least 2 a cube); the
 * strata for it (kept from the last iteration when their count is the
 * same, else uniform) and the points of every cube.  0, or
 * PINT_ERR_NOMEM (the sampler as it was). */
int pint_vegas_begin(pint_vegas *v, long long neval);
size_t pint_vegas_cubes(const pint_vegas *v);
/* Points of cubes [from, to) of this iteration. */
long long pint_vegas_points(const pint_vegas *v, size_t from, size_t to);

/* Sample cubes [from, to) of this iteration: 0, or an integrand error
 * (message in pint_vegas_message; the iteration is then unusable). */
int pint_vegas_sample(pint_vegas *v, size_t from, size_t to);

/* What a member reports of an iteration, as numbers: the value, the
 * variance and the integral of |f| of its cubes (m each), the map's
 * accumulators (2 n ninc: per increment of each axis the weighted sum of
 * (J f)^2 over its points, then the sum of their weights), and the
 * strata weights of its cubes (to - from).
 * pint_vegas_report_len(v, ncubes) is their count for ncubes cubes. */
size_t pint_vegas_report_len(const pint_vegas *v, size_t ncubes);
void pint_vegas_report(const pint_vegas *v, size_t from, size_t to,
                       double *out);
/* The iteration's totals from the members' reports (member r's at
 * reports[r], cubes [cut[r], cut[r+1]), members in order): value, var,
 * absval (m each).  Then adapt: the map and the next strata weights.
 * Every member calls it with the same reports and so stays the same. */
void pint_vegas_finish(pint_vegas *v, int members, const double *const *reports,
                       const size_t *cut, double *value, double *var,
                       double *absval, int adapt);

/* Points drawn in all iterations begun (the stream's position), and the
 * map: n (ninc + 1) grid values in [0, 1] per axis. */
long long pint_vegas_drawn(const pint_vegas *v);
int pint_vegas_ninc(const pint_vegas *v);
const double *pint_vegas_grid(const pint_vegas *v);

/* The sampler between iterations, for a checkpoint: as numbers,
 *
 *     ninc, drawn, H, cw[m], nstrat[n], grid[n (ninc + 1)], sigf[H]
 *
 * (the stream's position, the components' weights, the map, the strata
 * of the last iteration and their weights).  unpack takes a state of the same n and ninc:
 * 0; PINT_ERR_INVALID with the reason in msg when the numbers are not
 * one; PINT_ERR_NOMEM. */
size_t pint_vegas_state_len(const pint_vegas *v);
void pint_vegas_state_pack(const pint_vegas *v, double *out);
int pint_vegas_state_unpack(pint_vegas *v, const double *in, size_t len,
                            char *msg, size_t msglen);

/* Weighted combination of iterations (each with its value and variance,
 * per component): the running sums kept by the run.  acc has 3 m
 * numbers: sum of value/var, sum of 1/var, sum of value^2/var; add one
 * iteration, then read the mean, its error and chi^2 (over iterations - 1
 * degrees of freedom). */
void pint_vegas_combine_add(int m, double *acc, const double *value,
                            const double *var);
void pint_vegas_combine_get(int m, const double *acc, double *mean,
                            double *error, double *chi2);

#endif

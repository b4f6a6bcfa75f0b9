/* tolerance.h -- the convergence test in every norm, the floor for
 * integrals of 0, the rounding limit and the guards against a lost mass,
 * shared by every method and run mode (private). */
#ifndef PINT_TOLERANCE_H
#define PINT_TOLERANCE_H

#include <stddef.h>
#include "pint.h"

/* The floor.  An integral of 0 can never meet epsrel |Q| = 0: its error
 * estimate stalls at the rounding noise of the rules.  So a component
 * whose value cannot be told from 0, |value[k]| <= error[k], is accepted
 * when error[k] <= F[k] = PINT_FLOOR_RHO * absval[k], absval[k] an
 * estimate of the integral of |f_k| (adaptive: the regions' vol * mean
 * |f_k| at the rule's points; MC and QMC: vol * mean |f_k| at the points
 * drawn).  A component accepted so counts as met in every norm (l2: it
 * leaves the 2-norm).  RHO sits just above the rounding noise of the
 * rules: error / absval where the estimate stalls on integrands of value
 * 0 (x1 on [-1/2,1/2]^d, sin(2 pi x1) on [0,1]^d, x1 x2 on [-1,1]^2;
 * simplices: x1 and sin(2 pi x1) on a simplex and its mirror in x1),
 * after 10^4, 10^5, 10^6 and 10^7 evaluations (bench/floor_noise.c):
 *     gk15 .. gk61, d = 1       1.11e-14 always (QUADPACK's floor,
 *                               50 eps times the integral of |f|)
 *     sym9  d = 2, 3, 5, 7, 10  1.5e-14, 2.6e-14, 5.5e-14, 1.4e-13,
 *                               3.5e-13 (its floor, 50 eps sum |w f|,
 *                               grows with d: the weights alternate in
 *                               sign and grow)
 *     sym7  d = 2, 5, 10        1.5e-14, 6.0e-14, 2.3e-13 (x1)
 *     gm    d = 2 .. 10         below 6e-15 (no floor of its own)
 *     simplex3 .. simplex9,     below 5e-15
 *     d = 1 .. 10
 * The largest, sym9 at d = 10, is 3.5e-13: RHO = 1e-12 is 3 times that.
 * (sin(2 pi x1) with sym7 is no stall: once a split cuts x1 the halves
 * have values and true errors, up to 1e-8 relative at d = 7, and the
 * floor does not apply; at the first region, where symmetry makes every
 * rule and null rule give 0, it does, correctly.)  Past d = 10 the
 * noise of sym9 grows further and a zero integral may again run to a
 * limit.  An integral that is small but not 0 against its |f| has
 * |Q| > E once E is down at the rounding noise, and meets the usual
 * test or none. */
#define PINT_FLOOR_RHO 1e-12

/* The convergence test of pint.h in the norm o->norm, shared by every
 * method (factor 1 is the test itself; factor f > 1 the test with the
 * tolerance, and the floor, f times looser), with the floor when absval
 * (ncomp estimates of the integrals of |f_k|) is not NULL.  A NaN error
 * never passes. */
int pint_tolerance_met(const pint_options *o, const double *value,
                       const double *error, const double *absval, int m,
                       double factor);

/* The test in a form that can be shared among P workers: thr[k], the
 * threshold component k must meet on its own (max: eps; individual: its
 * tolerance max(epsabs, epsrel |value[k]|); l2: -1, none), and the
 * returned eps, the bound of the 2-norm of the errors of the components
 * without a threshold (l2; 0 for the others).  With absval: a threshold
 * below the rounding of the values (see below) becomes -1, never met; a
 * component whose value cannot be told from 0 has at least the floor
 * (l2: the floor, out of the 2-norm); an l2 eps below the rounding of the
 * values becomes -1.  So the shares imply the test exactly, and a run
 * whose test can never pass keeps working until pint_roundoff stops it.  pint_tolerance_pass
 * tells whether errors meet thresholds and eps: the errors of the total
 * meet them when each worker's meet thr/P and eps/P, since error[k] and
 * the 2-norm of a sum are at most the sums of the workers' (the shares of
 * par/controller.c). */
double pint_tolerance_thresholds(const pint_options *o, const double *value,
                                 const double *error, const double *absval,
                                 int m, double *thr);
int pint_tolerance_pass(enum pint_norm norm, const double *error, int m,
                        double eps, const double *thr);

/* How far errors are from done in a norm, to compare workers or
 * regions: max_k error[k] (max), max_k error[k]/thr[k] (individual; thr
 * NULL: as max), ||error||_2 (l2). */
double pint_norm_measure(enum pint_norm norm, const double *error, int m,
                         const double *thr);

/* Below the rounding.  The values of f carry a relative rounding of
 * about DBL_EPSILON, so no estimate of the integral can be trusted to
 * better than DBL_EPSILON times the integral of |f|: with absval, a
 * component the floor does not accept passes pint_tolerance_met only
 * when its tolerance (l2: the bound of the 2-norm) is at least that.
 * A run asked for less (er = 1e-17 on exp(x1)) cannot converge, and
 * one asked for less than the rounding noise of the rules (PINT_FLOOR_RHO
 * times that integral; er = 1e-15 on exp(x1 + x2), whose sym9 estimate
 * stalls near 7e-14) may not; pint_roundoff tells when the adaptive
 * method should stop it with PINT_ROUNDOFF: such a component (its
 * tolerance below PINT_FLOOR_RHO absval[k]) has its error down at the
 * floor (error[k] <= PINT_FLOOR_RHO absval[k]) and either it has stalled
 * -- twice the evaluations since it got there did not halve
 * error[k]/absval[k] -- or, with a tolerance below DBL_EPSILON
 * absval[k], it is within the tolerance, claiming what the rounding
 * forbids (st: the state of that watch, zeroed before the run; evals:
 * the evaluations so far). */
typedef struct {
    long long evals;            /* when the level was taken, 0: none */
    double level;
} pint_stall;

int pint_roundoff(const pint_options *o, const double *value,
                  const double *error, const double *absval, int m,
                  long long evals, pint_stall *st);

/* 1 when the errors of the regions too narrow to split (frozen[m],
 * adapt.h, pint_adapt_frozen) alone fail the tolerance, and what else
 * the total error[m] holds is, in every component, at most the frozen
 * part or within the tolerance: refining the rest could lower the total
 * by at most half, never to the tolerance (the run stops with
 * PINT_ROUNDOFF).  Until then the rest is refined: on many ranks one
 * worker's regions can freeze while another's still hold most of the
 * error. */
int pint_frozen_stop(const pint_options *o, const double *value,
                     const double *error, const double *frozen,
                     const double *absval, int m);

/* The guard against a mass the rules lost: a converged adaptive result
 * whose final partition gave 0 at every point (final_zero: the regions'
 * absval all 0), while some point evaluated earlier did not
 * (nonzero_seen), becomes PINT_UNRELIABLE with a message.  Returns the
 * status (PINT_CONVERGED otherwise). */
int pint_check_vanished(pint_result *res, int nonzero_seen, int final_zero);

/* An axis of the domain wider than this (or infinite) on which every
 * point sampled gave 0 is too wide to trust a result of 0 +- 0. */
#define PINT_WIDE_AXIS 1e6

/* After convergence: every component 0 +- 0 (every point sampled gave
 * 0, since any non-zero value leaves a non-zero value or error) on a
 * domain (as the user gave it, before any map) with an axis wider than
 * PINT_WIDE_AXIS or infinite: the rules' points may have missed where f
 * lives (exp(-(x-1e5)^2) on [-1e300, 1e300] in 1-D).  Returns
 * PINT_UNRELIABLE with res->message saying so, else PINT_CONVERGED; on a
 * narrower domain res->message then cautions that a peak between the
 * points would be missed (a 3-D Gaussian of width 0.003 underflows at
 * all 133 points of the first rule), the status staying converged. */
int pint_check_nothing_seen(pint_result *res, const pint_domain *dom,
                            int ndim);


#endif

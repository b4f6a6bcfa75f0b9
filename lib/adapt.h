/* adapt.h -- the global adaptive subdivision engine on one rank.
 *
 * An engine owns a heap of evaluated regions and running totals.  It is a
 * steppable object rather than a closed loop so that the sequential driver
 * (api.c) and the MPI roles can both drive it: add regions, step, read the
 * totals, and (for load balancing) take regions out or put evaluated ones
 * in.  It knows nothing of MPI.
 */
#ifndef PINT_ADAPT_H
#define PINT_ADAPT_H

#include <stddef.h>
#include "pint.h"
#include "rule.h"
#include "region.h"
#include "eval.h"
#include "pool.h"

typedef struct pint_adapt pint_adapt;

/* An engine for fn with rule r (both must outlive it), and r's fallback
 * (rule.h, pint_rule_fallback), which the engine builds and owns.  NULL
 * when out of memory. */
pint_adapt *pint_adapt_new(const pint_function *fn, const pint_rule_impl *r);
void pint_adapt_free(pint_adapt *a);

/* Another fallback rule alt (NULL: none) for the engine's (adapt.c, the
 * rule of a region): of the same kind, dimension and components, no more
 * points, both rules with split_correct (rule.h); alt must outlive the
 * engine.  Set it before the first region.  0, PINT_ERR_INVALID when alt
 * does not fit, or PINT_ERR_NOMEM; either leaves the engine as it was,
 * with the message in pint_adapt_message. */
int pint_adapt_set_fallback(pint_adapt *a, const pint_rule_impl *alt);

/* Evaluate the region with geometry geom and volume vol and add it.
 * Returns 0 or an error status (message in pint_adapt_message). */
int pint_adapt_add(pint_adapt *a, const double *geom, double vol);

/* One step: pop up to k regions of largest error (k of
 * pint_adapt_set_threads, default 1: the first, and those after it whose
 * error is at least half of its), split each in two, evaluate the
 * children, push them.  On an integrand error every parent is put back,
 * so no region is ever lost. */
int pint_adapt_step(pint_adapt *a);
/* The same, splitting no more regions than `evals` evaluations pay for
 * (pint_adapt_step_evals each) nor than `regions` (a split adds one
 * region to the count); one region at least. */
int pint_adapt_step_within(pint_adapt *a, long long evals,
                           long long regions);

/* Steps of k regions, their children evaluated and ruled on the threads
 * of pool (NULL: the caller's alone; the pool must outlive its use
 * here).  For a given k the regions, the totals and every count are the
 * same for any number of threads, bit for bit: each child is computed
 * alone into its own slots and the children are merged in order.
 * PINT_ERR_NOMEM leaves the engine as it was. */
int pint_adapt_set_threads(pint_adapt *a, pint_pool *pool, size_t k);

/* The threads and regions per step of opt (pint.h: 0 means the cores and
 * 1 or PINT_REGIONS_PER_STEP): a new pool into *pool (NULL for one
 * thread; the caller frees it after the engine) and the engine's steps
 * on it.  0, or PINT_ERR_NOMEM with the message in the engine's. */
int pint_adapt_threads(pint_adapt *a, const pint_options *opt,
                       pint_pool **pool);

/* Running totals (compensated sums, recomputed exactly from the regions
 * every so often so they cannot drift): val[ncomp], err[ncomp]. */
void pint_adapt_totals(const pint_adapt *a, double *val, double *err);
/* The sum over the regions of vol * mean |f_k| at the rule's points, an
 * estimate of the integral of |f_k| (absval[ncomp]; tolerance.h, the
 * floor).  0 exactly when every point of the live regions gave 0 (after
 * pint_adapt_recompute). */
void pint_adapt_abs(const pint_adapt *a, double *absval);
/* Recompute the totals exactly from the live regions. */
void pint_adapt_recompute(pint_adapt *a);

size_t pint_adapt_regions(const pint_adapt *a);
long long pint_adapt_evals(const pint_adapt *a);
/* Count n evaluations made elsewhere (before a checkpoint). */
void pint_adapt_count_evals(pint_adapt *a, long long n);
/* Points evaluated by the split of one region (two children); a step
 * of k regions evaluates k times as many. */
size_t pint_adapt_step_evals(const pint_adapt *a);
/* Points of the largest step: k regions' children (set_threads). */
size_t pint_adapt_step_points(const pint_adapt *a);
const char *pint_adapt_message(const pint_adapt *a);

/* The norm of the convergence test the keys serve (adapt.c, region_key;
 * default PINT_NORM_MAX).  Set it before the first region, or the heap
 * is re-keyed. */
void pint_adapt_set_norm(pint_adapt *a, enum pint_norm norm);
/* The individual norm: the components' current tolerances tol[ncomp]
 * (copied), whose reciprocals weigh the errors in the keys; the keys are
 * remade when one has moved by more than a factor of 2 (amortized, see
 * adapt.c).  Ignored by the other norms. */
void pint_adapt_set_tolerances(pint_adapt *a, const double *tol);

/* The errors the run must reach, as pint_tolerance_thresholds gives
 * them: goal[ncomp] (copied; negative: never met, or in the l2 norm a
 * component within the 2-norm) and eps, the l2 norm's bound of the
 * 2-norm of the others (ignored by the other norms); goal NULL: none
 * (the default).  A step of several regions then splits no more parents
 * than the goal needs (adapt.c, take_parents).  Set it before each
 * step: it is measured against the running totals. */
void pint_adapt_set_goal(pint_adapt *a, const double *goal, double eps);

/* Between chunks of every batch of evaluations, poll(arg) (see eval.h,
 * pint_eval_call_polled; NULL: none). */
void pint_adapt_set_poll(pint_adapt *a, void (*poll)(void *), void *arg);

/* The points of a step evaluated partly elsewhere (par/helpers.c: idle
 * ranks evaluate slices of a busy one's step).  begin(arg, x, n) is
 * given the n points of a step (n x ndim, the children's in order) and
 * returns how many of the first the engine evaluates itself (n: none
 * shared); finish(arg, f, msg, len), called once the engine's own are
 * in f (n x ncomp), puts the values of the others into f and returns 0
 * or their evaluation's status (with its message in msg).  finish is
 * called after every begin, also when the engine's own evaluation
 * failed.  Values from elsewhere are the integrand's as the engine's
 * own are, and the engine rules them as its own: a step's result does
 * not depend on who evaluated its points.  NULL: none. */
typedef struct {
    size_t (*begin)(void *arg, const double *x, size_t n);
    int (*finish)(void *arg, double *f, char *msg, size_t len);
    void *arg;
    /* when the value of point p (of the n of begin) fails the engine's
     * check (not finite, and not mended), blame(arg, p, msg, len) adds
     * to msg where p was evaluated if not by the engine (NULL: msg
     * stays) */
    void (*blame)(void *arg, size_t p, char *msg, size_t len);
    /* lending(arg): whether begin would share a step now.  When it says
     * no, the engine may evaluate the step its own way (on threads,
     * streamed) and then calls alone(arg, n, seconds), not begin and
     * finish: the step's n points took that long here.  NULL: every
     * step through begin and finish. */
    int (*lending)(void *arg);
    void (*alone)(void *arg, size_t n, double seconds);
} pint_adapt_sharer;
void pint_adapt_set_sharer(pint_adapt *a, const pint_adapt_sharer *s);
/* How many regions have keys (errors in the norm of the keys,
 * pint_adapt_set_norm) of at least `share` of the largest, counted up
 * to `most` (at most 64). */
size_t pint_adapt_width(const pint_adapt *a, double share, size_t most);
/* The regions too narrow to split further (adapt.c, too_narrow: within a
 * thousand ulps of their coordinates; they keep key 0 and stay in the
 * totals): their count, and the sum of their errors into err[ncomp]
 * (unless NULL).  A
 * step whose region of largest key is one of them returns PINT_ROUNDOFF
 * (nothing is left to split) with pint_adapt_frozen_note's line. */
size_t pint_adapt_frozen(const pint_adapt *a, double *err);
/* 1 when a step has a region to split: the engine holds one, and the
 * region of largest key is not frozen. */
int pint_adapt_splittable(const pint_adapt *a);
/* The message (pint_adapt_message): how many regions are frozen, and
 * where the one of largest error is. */
void pint_adapt_frozen_note(pint_adapt *a);
/* Largest total error over the components: max_k sum of err[k]. */
double pint_adapt_max_error(const pint_adapt *a);
/* 1 when some value this engine evaluated was not 0 (tolerance.h,
 * pint_check_vanished). */
int pint_adapt_nonzero_seen(const pint_adapt *a);
/* Subdivisions performed. */
long long pint_adapt_splits(const pint_adapt *a);

/* Region transfer (load balancing).  A record is pint_adapt_rec_len()
 * doubles: key, volume, split advice, value[ncomp], error[ncomp], geometry,
 * absval[ncomp], the split share (see region.h).
 * take_top moves the region with the largest error out of the engine into
 * rec (returns 0 when there is none); insert puts an evaluated record in
 * (no evaluation; PINT_ERR_NOMEM when out of memory, and then the record
 * is kept: its value, error and absval stay in the totals, though no
 * region holds it, so it is neither refined nor packed; kept() counts
 * such records, and a set of packed regions misses them). */
size_t pint_adapt_rec_len(const pint_adapt *a);
size_t pint_adapt_rec_len_for(const pint_rule_impl *r, int ncomp);
int pint_adapt_take_top(pint_adapt *a, double *rec);
int pint_adapt_insert(pint_adapt *a, const double *rec);
size_t pint_adapt_kept(const pint_adapt *a);
/* Copy every live region as records into recs (regions() records). */
void pint_adapt_pack_all(const pint_adapt *a, double *recs);
/* Regions first .. first + count - 1 (of pint_adapt_regions, in no
 * particular order) as records. */
void pint_adapt_pack(const pint_adapt *a, size_t first, size_t count,
                     double *recs);

/* Visit every live region (for verification and transfer). */
void pint_adapt_foreach(const pint_adapt *a,
                        void (*visit)(const pint_region *r, void *arg),
                        void *arg);

/* Regions ruled from values evaluated elsewhere (the cooperative start
 * of par/coop.c), with the arithmetic of a step: the same records as
 * pint_adapt_add and a step would make.  Records as above.
 * pint_adapt_points: the rule's points of the region of geometry geom
 * into x (npoints x ndim).  pint_adapt_split_geoms: the geometries of the
 * two children of the region of record rec, as a step splits it.
 * pint_adapt_rule_root: the record of the root region (geom, vol) from
 * f, its npoints x ncomp values.  pint_adapt_rule_children: the records
 * of the two children of the region of record prec from f, their values
 * (2 npoints x ncomp, the first child's first), corrected by what the
 * split measured.  Each returns 0, PINT_ERR_NONFINITE (a value not
 * finite: nothing is mended here) or PINT_ERR_NOMEM; the engine's
 * regions and totals are not touched, only its evaluations-seen flag. */
void pint_adapt_points(const pint_adapt *a, const double *geom, double *x);
void pint_adapt_split_geoms(const pint_adapt *a, const double *rec,
                            double *g1, double *g2);
int pint_adapt_rule_root(pint_adapt *a, const double *geom, double vol,
                         const double *f, double *rec);
int pint_adapt_rule_children(pint_adapt *a, const double *prec,
                             const double *f, double *rec1, double *rec2);

/* For checks of the regions made outside the engine (neighbours.c).
 * pint_adapt_rule: the engine's rule.  pint_adapt_pool: the threads of
 * its steps (NULL: the caller's alone).  pint_adapt_probe: evaluate the n
 * points x (n x ndim) into f (n x ncomp), counted in the evaluations;
 * values are not checked; 0 or the call's status (message in
 * pint_adapt_message).  pint_adapt_raise: add add[ncomp] to the error of
 * r (one of the engine's live regions, as pint_adapt_foreach gives
 * them), and have it split next along `axis`, its children on the
 * fallback rule; then pint_adapt_reorder, once, restores the heap's order
 * and the totals.  pint_adapt_set_message: the engine's message. */
const pint_rule_impl *pint_adapt_rule(const pint_adapt *a);
pint_pool *pint_adapt_pool(const pint_adapt *a);
int pint_adapt_probe(pint_adapt *a, size_t n, const double *x, double *f);
void pint_adapt_raise(pint_adapt *a, const pint_region *r, const double *add,
                      int axis);
void pint_adapt_reorder(pint_adapt *a);
void pint_adapt_set_message(pint_adapt *a, const char *msg);

#endif /* PINT_ADAPT_H */

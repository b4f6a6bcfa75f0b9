/* neighbours.h -- a region blind to what its neighbour sees.
 *
 * A rule sees a region at its points only.  A box far wider than the
 * neighbour it touches can miss, between its points, mass that lies
 * along the face they share: a narrow peak found and resolved on one side
 * of a cut, whose tail crosses the cut into a box 32 or 64 times wider
 * whose points all pass beside it.  Both boxes' estimates are then
 * confident and the run ends "converged" with a few per cent of the
 * integral missing (bench/RESULTS.md, section 17: 2-D Gaussians of
 * width 0.003, 12 of 80 runs).
 *
 * The check, before a run claims convergence: for each box R that holds
 * a mass worth counting and each face of R shared with a box S at least
 * 4 times as wide as R along the face, the integrand is probed twice
 * inside S, at R's centre along the face: an eighth of R's depth beyond
 * the face and at the centre of R's mirror image across it (within S).
 * The larger |f| times the mirror's volume estimates the mass of S
 * beside R.  When that
 * is more than twice what S accounts for (its estimate of the integral of
 * |f| plus its error), S did not see it: the estimate is added to S's
 * error and S is split next along the axis where it is widest against R
 * (its children on the fallback rule).  A box narrower than 4 times R
 * is not probed, so the refinement of such a box ends.
 *
 * Boxes in two to five dimensions (PINT_NEIGHBOURS_MAX_DIM): in two
 * the boxes whose faces lie on one line do not overlap, so the one
 * across R's face is found by a binary search; in three to five by a
 * search in a tree of the boxes, cut where their bisections cut (a
 * first version that scanned every box on R's plane cost 1.8 times the
 * instructions of a whole run; this one 1.03-1.14 on the cheap Genz
 * integrands, bench/RESULTS.md sections 17.3 and 17.4).  Blind boxes
 * were found up to five dimensions (genz4 at difficulty 3: 4 of 315
 * runs at d = 3, 1 of 252 at d = 4, 1 of 189 at d = 5), none in 1,134
 * runs at d = 6, 8 and 10, where the check is not made (17.4).  The
 * regions of one engine: the sequential run's before it claims
 * convergence (api.c), and under MPI each worker's own before it goes
 * idle on its share and before its final report on a claim of
 * convergence (par/worker.c).  On that claim, under one controller,
 * each worker also probes its regions beside the other workers' boxes
 * worth a probe (pint_neighbours_worth there, sent through the
 * controller: par/proto.h, BESIDE); under the tree of group
 * controllers a neighbour held by another rank is not seen.
 */
#ifndef PINT_NEIGHBOURS_H
#define PINT_NEIGHBOURS_H

#include <stddef.h>
#include "adapt.h"

/* Probe and raise as above; scale[ncomp]: the tolerance of each
 * component (a mass below a hundredth of it is not worth a probe);
 * budget: the evaluations the probes may take (two a pair: when it
 * cannot pay for every pair, none is probed and *raised is
 * PINT_NEIGHBOURS_UNCHECKED, so that the run does not claim convergence
 * on boxes it could not check).
 * *raised: how many regions had their error raised.  Returns 0, or the
 * status of a failed evaluation (PINT_ERR_INTEGRAND, PINT_TIME_LIMIT,
 * with the message in pint_adapt_message) or PINT_ERR_NOMEM; the engine
 * is then as before but for its evaluations.  Probe values that are not
 * finite are ignored. */
#define PINT_NEIGHBOURS_UNCHECKED ((size_t)-1)
#define PINT_NEIGHBOURS_MAX_DIM 5
int pint_neighbours_check(pint_adapt *a, const double *scale,
                          long long budget, size_t *raised);

/* Across ranks: the boxes of a's regions worth a probe on scale, as
 * (centre, half-widths) in out[2 ndim * count] (out NULL: counted
 * only); 0 unless a holds boxes of 2 to PINT_NEIGHBOURS_MAX_DIM
 * dimensions.  Returns the count. */
size_t pint_neighbours_worth(pint_adapt *a, const double *scale,
                             double *out);

/* As pint_neighbours_check, for the pairs of one of a's regions and
 * one of foreign[2 ndim * nforeign], boxes of another rank's regions
 * worth a probe (pint_neighbours_worth there): a's region is probed
 * beside them (the pairs of a's own regions are pint_neighbours_check's). */
int pint_neighbours_check_beside(pint_adapt *a, const double *scale,
                                 long long budget, const double *foreign,
                                 size_t nforeign, size_t *raised);

#endif /* PINT_NEIGHBOURS_H */

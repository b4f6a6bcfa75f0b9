/* schedule.h -- work-unit scheduling: how many of N items to hand to the
 * worker that asks next (private header).
 *
 * Chunk formulas: M. Balasubramaniam, Performance analysis and evaluation
 * of dynamic loop scheduling techniques in a competitive runtime
 * environment for distributed memory architectures, MS thesis,
 * Mississippi State University, 2003, ch. 2.1; A. Mendhe, Dynamic loop
 * self-scheduling on distributed-memory systems with Python, master
 * project, University of Basel, ch. 2.3.  R is the number of items still
 * unassigned when the request arrives.
 *
 *   STATIC  ceil(N/P) per request (the last chunks may be smaller or 0).
 *   SS      1.
 *   FSC     a fixed K (fsc_chunk; 0 selects K = ceil(N/(4P)), i.e. about
 *           four chunks per worker, the same size as AF's first chunk).
 *   GSS     ceil(R/P).
 *   FAC     batches of P chunks of ceil(R_b/(2P)), R_b = R at batch start
 *           (x_m = 2).  A batch is P requests, whoever makes them.
 *   WF      round(w_i * FAC chunk of the current batch), w normalized so
 *           that sum w = P.
 *   AWF     chunk-wise adaptive weighted factoring (the AWF-C variant of
 *           Mendhe 2.3.2.2): at every request the weights are recomputed
 *           from all reports (Balasubramaniam eq. 2.4-2.9) and the chunk is
 *           ceil(R/2 * WP_j/P) (eq. 2.10) with the current R.
 *   AF      adaptive factoring (Balasubramaniam eq. 2.11-2.16, Mendhe
 *           eq. 2.24); see sched.c for the estimators.
 *
 * Every chunk is at least 1 while items remain, never more than R, and the
 * chunks handed out sum to N exactly.  No global state; one object is not
 * thread-safe (the controller owns it).
 */
#ifndef PINT_SCHEDULE_H
#define PINT_SCHEDULE_H

#include "pint.h"     /* enum pint_schedule, pint_schedule_name */

typedef struct pint_sched pint_sched;

/* N items (n >= 0), P workers (p >= 1).  weights[p] is used by WF only:
 * relative speeds, each finite and > 0, normalized here so that they sum
 * to P; NULL means all 1.  fsc_chunk is used by FSC only: >= 0, 0 selects
 * ceil(N/(4P)).  Returns NULL on bad arguments or when out of memory. */
pint_sched *pint_sched_new(enum pint_schedule kind, long long n, int p,
                           const double *weights, long long fsc_chunk);
void pint_sched_free(pint_sched *s);

/* Size of the next chunk for worker w (0 <= w < p), taken from the
 * remaining items; 0 when none remain or on a bad worker index. */
long long pint_sched_next(pint_sched *s, int w);

/* Worker w took `seconds` for a chunk of `items` items.  Used by AWF and
 * AF, ignored by the others; reports with items <= 0 or seconds not
 * finite and > 0 are ignored. */
void pint_sched_report(pint_sched *s, int w, long long items, double seconds);

long long pint_sched_remaining(const pint_sched *s);

/* Names: pint_schedule_name and pint_schedule_from_name (pint.h). */

#endif

/* cost.h -- an emulated integrand cost, for benchmarks (--cost-us,
 * --spin-us): the integrand wrapped so that every evaluation also costs
 * `us` microseconds, slept or burnt on the CPU.  The cost is paid inside
 * the integrand, so pint cannot tell it from real work: a rank that also
 * controls answers between chunks of points, as it does for a real slow
 * integrand (eval.h), not during the sleep.
 *
 * A sleep ends late (timer slack, a busy core): the time past the
 * deadline is kept, up to 10 ms, and taken off the next
 * payments, so that over a run the cost is what was asked, not one
 * overshoot per call more; a longer overrun is a core taken away, which
 * delays a real integrand as much, and is not given back (cost.c).
 * Threads may call one wrapper at once (the overrun is kept
 * atomically). */
#ifndef PINT_COST_H
#define PINT_COST_H

#include "pint.h"

typedef struct {
    pint_function inner;        /* the integrand wrapped */
    double us;
    int spin;                   /* 1: burn the CPU instead of sleeping */
    _Atomic double late;        /* seconds slept past earlier deadlines */
} pint_cost;

/* Make *fn cost us microseconds more per evaluation (c keeps the
 * integrand it was and must outlive the runs of *fn); us 0: unchanged. */
void pint_cost_wrap(pint_cost *c, pint_function *fn, double us, int spin);

#endif

/* cost.c -- an emulated integrand cost, for benchmarks (see cost.h). */
#include <math.h>
#include <stdatomic.h>
#include <time.h>
#include "cost.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The most overrun kept to be paid back.  A sleep's timer slack (a
 * mean of 90 us and at most 3 ms for 300 us sleeps on an idle 2-core
 * machine) and a busy core's short waits are paid back, so the cost
 * over a run is what was asked; a longer overrun is a core taken away,
 * which delays a real integrand as much, and is not given back.  Paid
 * back whole, a long delay made the evaluations after it instant for a
 * while, the integrand looked many times cheaper for some steps, and a
 * busy worker dismissed the helpers its costly steps were worth
 * (test_tree's helper case, niced beside the two test loops: regions
 * moved in 3 of 3 runs, and 2 of 3 later; 0 of 7 keeping 1 ms, 0 of 5
 * keeping 10 ms).  10 ms rather than 1: keeping 1 ms, a 5 us integrand
 * on 3 ranks beside the loops made 6,151 evaluations in 4.25 s, its
 * repayment cut off, and a test_faults case waiting for its last rank
 * never saw it work. */
#define LATE_KEPT 1e-2

/* npts evaluations' worth of time, less what earlier sleeps overran. */
static void pay(pint_cost *c, size_t npts)
{
    double want = 1e-6 * c->us * (double)npts, late, owed;
    /* threads may pay at once: the overrun is taken and given back
     * atomically, the sleeps overlap */
    late = atomic_load(&c->late);
    do
        owed = late < want ? late : want;
    while (!atomic_compare_exchange_weak(&c->late, &late, late - owed));
    double end = now() + (want - owed), t;
    if (c->spin) {
        while ((t = now()) < end)
            ;
    } else {
        while ((t = now()) < end) {
            double left = end - t;
            struct timespec ts = { (time_t)left,
                                   (long)((left - (double)(time_t)left)
                                          * 1e9) };
            nanosleep(&ts, NULL);
        }
    }
    late = atomic_load(&c->late);
    while (!atomic_compare_exchange_weak(&c->late, &late,
                                         fmin(late + (t - end), LATE_KEPT)))
        ;
}

static int cost_f(int ndim, const double *x, int ncomp, double *fval,
                  void *ctx)
{
    pint_cost *c = ctx;
    int rc = c->inner.f(ndim, x, ncomp, fval, c->inner.ctx);
    pay(c, 1);
    return rc;
}

static int cost_batch(int ndim, size_t npts, const double *x, int ncomp,
                      double *fval, void *ctx)
{
    pint_cost *c = ctx;
    int rc = c->inner.fbatch(ndim, npts, x, ncomp, fval, c->inner.ctx);
    pay(c, npts);
    return rc;
}

void pint_cost_wrap(pint_cost *c, pint_function *fn, double us, int spin)
{
    if (!(us > 0.0))
        return;
    c->inner = *fn;
    c->us = us;
    c->spin = spin;
    atomic_init(&c->late, 0.0);
    fn->f = c->inner.f ? cost_f : NULL;
    fn->fbatch = c->inner.fbatch ? cost_batch : NULL;
    fn->ctx = c;
}

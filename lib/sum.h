/* sum.h -- Neumaier (improved Kahan) compensated summation.
 *
 * The adaptive loop adds and subtracts region values and errors millions of
 * times; a plain running sum drifts by O(steps * eps * |largest term|).  A
 * compensated sum keeps the running total within a few ulps of the exact
 * sum of the live regions, which is what the convergence test compares.
 */
#ifndef PINT_SUM_H
#define PINT_SUM_H

#include <math.h>

typedef struct {
    double s;   /* running sum */
    double c;   /* compensation: the low-order bits lost so far */
} pint_sum;

static inline void pint_sum_init(pint_sum *a) { a->s = 0.0; a->c = 0.0; }

static inline void pint_sum_add(pint_sum *a, double x)
{
    double t = a->s + x;
    if (fabs(a->s) >= fabs(x))
        a->c += (a->s - t) + x;
    else
        a->c += (x - t) + a->s;
    a->s = t;
}

static inline double pint_sum_get(const pint_sum *a) { return a->s + a->c; }

/* a += b, keeping b's compensation (partial sums of threads). */
static inline void pint_sum_merge(pint_sum *a, const pint_sum *b)
{
    pint_sum_add(a, b->s);
    pint_sum_add(a, b->c);
}

#endif /* PINT_SUM_H */

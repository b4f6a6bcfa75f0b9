/* gauss.c -- the integrand of bench/python_overhead.py as a compiled
 * plug-in, so that the Python package's cost can be measured against
 * the same run without Python:
 *
 *     make bench/gauss.la
 *     pint --plugin bench/.libs/gauss.so -f gauss5 -d 5 --er 1e-6
 *
 * gauss5: exp(-sum_i a_i^2 (x_i - u_i)^2) on [0,1]^5 (Genz's Gaussian
 * family), a and u fixed here and in the script; gauss5_batch is its
 * batch form, which pint prefers (npts points a call, as Python's). */
#include <math.h>
#include <stddef.h>

static const double a[5] = { 2.0, 3.0, 1.5, 2.5, 3.5 };
static const double u[5] = { 0.3, 0.5, 0.7, 0.2, 0.6 };

int gauss5(int ndim, const double *x, int ncomp, double *fval, void *ctx)
{
    (void)ctx;
    if (ndim != 5 || ncomp != 1)
        return 1;
    double s = 0.0;
    for (int i = 0; i < 5; i++) {
        double t = a[i] * (x[i] - u[i]);
        s += t * t;
    }
    fval[0] = exp(-s);
    return 0;
}

int gauss5_batch(int ndim, size_t npts, const double *x, int ncomp,
                 double *fval, void *ctx)
{
    for (size_t p = 0; p < npts; p++)
        if (gauss5(ndim, x + p * 5, ncomp, fval + p, ctx) != 0)
            return 1;
    return 0;
}

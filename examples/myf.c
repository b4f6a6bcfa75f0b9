/* myf.c -- a pint plug-in: two components over the unit box in four
 * dimensions,
 *     f1 = exp(-(x1 + x2 + x3 + x4))    integral (1 - 1/e)^4
 *     f2 = cos(x1 + x2 + x3 + x4)       integral Re (sin 1 + i (1 - cos 1))^4
 *
 * Build and run:
 *     cc -O2 -shared -fPIC -o myf.so myf.c -lm
 *     pint --plugin ./myf.so -f myf --er 1e-9
 * or in a Makefile:
 *     myf.so: myf.c
 *             $(CC) -O2 -shared -fPIC -o $@ myf.c -lm
 *
 * myf_ncomp and myf_ndim declare the shape, so pint needs no --ncomp 2
 * or -d 4 (and refuses others); myf_batch is the same function on many
 * points at once, which pint calls when it is there.  Both are called
 * from several threads at once: they keep no state. */
#include <math.h>
#include <stddef.h>

const int myf_ncomp = 2;
const int myf_ndim = 4;

int myf(int ndim, const double *x, int ncomp, double *fval, void *ctx)
{
    double s = 0;
    for (int i = 0; i < ndim; i++)
        s += x[i];
    fval[0] = exp(-s);
    fval[1] = cos(s);
    (void)ncomp;        /* 2: myf_ncomp */
    (void)ctx;          /* NULL under pint */
    return 0;           /* non-zero would stop the run with an error */
}

/* point p at x[p*ndim + i], its values at fval[p*ncomp + k] */
int myf_batch(int ndim, size_t npts, const double *x, int ncomp,
              double *fval, void *ctx)
{
    for (size_t p = 0; p < npts; p++)
        myf(ndim, x + p * (size_t)ndim, ncomp, fval + p * (size_t)ncomp,
            ctx);
    return 0;
}

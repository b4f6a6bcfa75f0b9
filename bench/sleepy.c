/* sleepy.c -- a plug-in whose integrand is slow the way a real one is:
 * it sleeps inside itself, so pint cannot tell the time from work.  For
 * studying many ranks on few cores (bench/RESULTS.md, 3) without any help
 * from pint (not --cost-us).
 *
 *     make bench/sleepy.la
 *     mpirun -np P pint --plugin bench/.libs/sleepy.so -f genz2_sleep -d 2 ...
 *
 * genz2_sleep is the built-in genz2 (seed PINT_SLEEP_SEED, default 1,
 * difficulty 1: the same integrand as `-f genz2 --seed 1`), and every call
 * sleeps PINT_SLEEP_US microseconds (default 1000) per point.  The
 * instance is made at the first call of a process (under a lock: pint
 * calls it from several threads at once) and kept. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include "integrands.h"

static pint_testfn *instance;   /* one per process, never freed */
static pint_function genz2;
static double sleep_s = -1.0;
static pthread_mutex_t made = PTHREAD_MUTEX_INITIALIZER;

static int make(int ndim)
{
    if (instance)
        return 0;
    const char *us = getenv("PINT_SLEEP_US");
    const char *seed = getenv("PINT_SLEEP_SEED");
    sleep_s = 1e-6 * (us ? atof(us) : 1000.0);
    char msg[200];
    instance = pint_testfn_new("genz2", ndim, seed ? strtoull(seed, NULL, 10)
                                                   : 1, 1.0, msg, sizeof msg);
    if (!instance)
        return -1;
    genz2 = pint_testfn_function(instance);
    return 0;
}

static int ready(int ndim)
{
    pthread_mutex_lock(&made);
    int rc = make(ndim);
    pthread_mutex_unlock(&made);
    return rc;
}

static void nap(double s)
{
    struct timespec ts = { (time_t)s, (long)((s - (double)(time_t)s) * 1e9) };
    while (nanosleep(&ts, &ts) != 0)
        ;
}

int genz2_sleep(int ndim, const double *x, int ncomp, double *fval,
                void *ctx)
{
    (void)ctx;
    if (ready(ndim) != 0 || ncomp != 1)
        return 1;
    int rc = genz2.f(ndim, x, ncomp, fval, genz2.ctx);
    nap(sleep_s);
    return rc;
}

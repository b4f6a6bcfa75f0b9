/* qmc_transforms.c -- the measurement behind the default periodizing
 * transform of the QMC engine (bench/RESULTS.md, section 5).
 *
 * For genz1..genz6 at d = 5, 10, 20 and expprod at d = 100, seeds 1..S
 * (the seed draws the Genz parameters and the shifts), 10 shifts, each
 * transform: the median relative error |Q - I|/|I|, how many runs have
 * |Q - I| <= 3E, and the mean evaluations.
 *
 *     make bench/qmc_transforms
 *     ./bench/qmc_transforms EPSREL MAXEVALS SEEDS [FAMILY]
 *
 * EPSREL 0 with MAXEVALS 350000 runs every case through the same rows
 * 0..4 (317,250 evaluations): accuracy at a fixed budget.  EPSREL 1e-4
 * with MAXEVALS 1e6: what the tolerance costs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "qmc.h"
#include "qmc_run.h"
#include "watch.h"
#include "integrands.h"

static int cmpd(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    double epsrel = argc > 1 ? atof(argv[1]) : 1e-4;
    long long maxev = argc > 2 ? atoll(argv[2]) : 1000000;
    int nseeds = argc > 3 ? atoi(argv[3]) : 40;
    const char *only = argc > 4 ? argv[4] : NULL;
    if (nseeds < 1 || nseeds > 64 || maxev < 1 || !(epsrel >= 0)) {
        fprintf(stderr, "usage: qmc_transforms EPSREL MAXEVALS SEEDS(1..64) "
                "[FAMILY]\n");
        return 2;
    }
    static const struct { const char *name; int d; } cases[] = {
        { "genz1", 5 }, { "genz1", 10 }, { "genz1", 20 },
        { "genz2", 5 }, { "genz2", 10 }, { "genz2", 20 },
        { "genz3", 5 }, { "genz3", 10 }, { "genz3", 20 },
        { "genz4", 5 }, { "genz4", 10 }, { "genz4", 20 },
        { "genz5", 5 }, { "genz5", 10 }, { "genz5", 20 },
        { "genz6", 5 }, { "genz6", 10 }, { "genz6", 20 },
        { "expprod", 100 },
    };
    static double lo[100], hi[100];
    for (int i = 0; i < 100; i++)
        hi[i] = 1.0;
    printf("%-8s %4s | %-8s %10s %7s %10s %8s\n", "fn", "d", "periodz",
           "med.rel", "cover", "mean.ev", "cpu s");
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        if (only && strcmp(only, cases[c].name) != 0)
            continue;
        int d = cases[c].d;
        for (int p = PINT_PERIODIZE_NONE; p <= PINT_PERIODIZE_SIDI; p++) {
            double rel[64], ev = 0.0;
            int cov = 0;
            clock_t t0 = clock();
            for (int s = 1; s <= nseeds; s++) {
                pint_testfn *t = pint_testfn_new(cases[c].name, d, (uint64_t)s,
                                                 1.0, NULL, 0);
                pint_function fn = pint_testfn_function(t);
                pint_domain dom = pint_domain_box(lo, hi);
                double I = 0.0, v, e;
                pint_testfn_exact(t, &dom, &I);
                pint_qmc *q = pint_qmc_new(&fn, lo, hi, 10,
                                           (enum pint_periodize)p, (uint64_t)s);
                if (!t || !q) {
                    fprintf(stderr, "qmc_transforms: out of memory\n");
                    return 1;
                }
                pint_options o;
                pint_options_init(&o);
                o.epsrel = epsrel;
                o.max_evals = maxev;
                long long n, rows;
                pint_watch w;
                pint_watch_start(&w, &o, pint_watch_now());
                pint_qmc_run(q, &o, &w, &v, &e, &n, &rows);
                rel[s - 1] = fabs(v - I) / fabs(I);
                cov += fabs(v - I) <= 3.0 * e;
                ev += (double)n;
                pint_qmc_free(q);
                pint_testfn_free(t);
            }
            qsort(rel, (size_t)nseeds, sizeof rel[0], cmpd);
            printf("%-8s %4d | %-8s %10.2e %4d/%d %10.3g %8.2f\n",
                   cases[c].name, d, pint_periodize_name((enum pint_periodize)p),
                   0.5 * (rel[(nseeds - 1) / 2] + rel[nseeds / 2]), cov, nseeds,
                   ev / nseeds, (double)(clock() - t0) / CLOCKS_PER_SEC);
            fflush(stdout);
        }
    }
    return 0;
}

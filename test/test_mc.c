/* test_mc.c -- counter-based streams and the plain Monte Carlo engine. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "pint.h"
#include "rng.h"
#include "mc.h"
#include "integrands.h"

/* Known-answer vectors of Philox4x32-10 (Salmon et al. 2011). */
static void test_philox_known_answers(void)
{
    static const struct { uint32_t ctr[4], key[2], out[4]; } kat[] = {
        { { 0, 0, 0, 0 }, { 0, 0 },
          { 0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8 } },
        { { 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff },
          { 0xffffffff, 0xffffffff },
          { 0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd } },
        { { 0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344 },
          { 0xa4093822, 0x299f31d0 },
          { 0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1 } },
    };
    for (size_t i = 0; i < sizeof kat / sizeof kat[0]; i++) {
        uint32_t out[4];
        pint_philox4x32(kat[i].ctr, kat[i].key, out);
        for (int w = 0; w < 4; w++)
            CU_ASSERT_EQUAL(out[w], kat[i].out[w]);
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Four ranks' streams, 10^6 draws each: no two draws alike, all inside
 * (0, 1), and each stream's mean within 5 sigma of 1/2. */
static void test_streams_do_not_overlap(void)
{
    enum { P = 4, N = 1000000 };
    double *all = malloc((size_t)P * N * sizeof *all);
    CU_ASSERT_PTR_NOT_NULL_FATAL(all);
    int inside = 1, means_ok = 1;
    for (int r = 0; r < P; r++) {
        pint_stream s;
        pint_stream_init(&s, 12345, (uint32_t)r);
        double sum = 0.0;
        for (int i = 0; i < N; i++) {
            double u = pint_stream_uniform(&s);
            inside &= u > 0.0 && u < 1.0;
            sum += u;
            all[(size_t)r * N + i] = u;
        }
        if (fabs(sum / N - 0.5) > 5.0 * sqrt(1.0 / 12.0 / N))
            means_ok = 0;
    }
    qsort(all, (size_t)P * N, sizeof *all, cmp_double);
    size_t dup = 0;
    for (size_t i = 1; i < (size_t)P * N; i++)
        dup += all[i] == all[i - 1];
    CU_ASSERT_EQUAL(dup, 0);
    CU_ASSERT(inside);
    CU_ASSERT(means_ok);
    free(all);
    /* same seed and stream: the same draws */
    pint_stream a, b;
    pint_stream_init(&a, 7, 3);
    pint_stream_init(&b, 7, 3);
    int same = 1;
    for (int i = 0; i < 1000; i++)
        same &= pint_stream_uniform(&a) == pint_stream_uniform(&b);
    CU_ASSERT(same);
}

static int run_mc(const char *name, int d, uint64_t seed, double er,
                  pint_result *res, double *exact)
{
    char msg[256];
    pint_testfn *t = pint_testfn_new(name, d, seed, 1.0, msg, sizeof msg);
    CU_ASSERT_PTR_NOT_NULL_FATAL(t);
    double lo[100] = { 0 }, hi[100];
    for (int i = 0; i < d; i++)
        hi[i] = 1.0;
    pint_function fn = pint_testfn_function(t);
    pint_domain dom = pint_domain_box(lo, hi);
    pint_options opt;
    pint_options_init(&opt);
    opt.method = PINT_METHOD_MC;
    opt.epsrel = er;
    opt.seed = seed;
    opt.max_evals = 1000000;    /* a capped estimate still has its error */
    int st = pint_integrate(&fn, &dom, &opt, res);
    CU_ASSERT_FATAL(pint_testfn_exact(t, &dom, exact));
    pint_testfn_free(t);
    return st;
}

/* The statistical test of issue 5: over the fixed seeds 1..40 (the Genz
 * instance and the stream both follow the seed), |Q - I| <= 3E in at
 * least 38 runs for genz1, genz2 and genz4 at d = 10 and 20 and the
 * product expprod at d = 100.  The seed set is fixed, so the outcome is
 * too: no flakiness. */
static void test_coverage(void)
{
    static const struct { const char *name; int d; } cases[] = {
        { "genz1", 10 }, { "genz1", 20 }, { "genz2", 10 }, { "genz2", 20 },
        { "genz4", 10 }, { "genz4", 20 }, { "expprod", 100 },
    };
    pint_result *res = pint_result_alloc(1);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        int covered = 0, finished = 0;
        for (uint64_t seed = 1; seed <= 40; seed++) {
            double exact;
            int st = run_mc(cases[c].name, cases[c].d, seed, 1e-2, res, &exact);
            finished += st == PINT_CONVERGED || st == PINT_MAX_EVALS;
            covered += fabs(res->value[0] - exact) <= 3.0 * res->error[0];
        }
        fprintf(stderr, "\n  %-7s d=%-3d covered %2d of 40", cases[c].name,
                cases[c].d, covered);
        CU_ASSERT(covered >= 38);
        CU_ASSERT_EQUAL(finished, 40);
    }
    fputc('\n', stderr);
    pint_result_free(res);
}

static void test_vector_limits_and_bad_input(void)
{
    char msg[256];
    pint_testfn *t = pint_testfn_new("vec3", 4, 1, 1.0, msg, sizeof msg);
    pint_function fn = pint_testfn_function(t);
    double lo[4] = { 0, 0, 0, 0 }, hi[4] = { 1, 2, 1, 1 }, exact[3];
    pint_domain dom = pint_domain_box(lo, hi);
    pint_options opt;
    pint_options_init(&opt);
    opt.method = PINT_METHOD_MC;
    opt.epsrel = 1e-3;
    pint_result *res = pint_result_alloc(3);
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, res), PINT_CONVERGED);
    CU_ASSERT_FATAL(pint_testfn_exact(t, &dom, exact));
    for (int k = 0; k < 3; k++)
        CU_ASSERT(fabs(res->value[k] - exact[k]) <= 5.0 * res->error[k] + 1e-12);
    CU_ASSERT_EQUAL(res->method, PINT_METHOD_MC);
    opt.epsrel = 1e-9;
    opt.max_evals = 5000;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, res), PINT_MAX_EVALS);
    CU_ASSERT(res->evals <= 5000 && res->evals > 4096);
    double tri[6] = { 0, 0, 1, 0, 0, 1 };
    pint_function fn2 = fn;
    fn2.ndim = 2;
    pint_testfn *t2 = pint_testfn_new("vec3", 2, 1, 1.0, msg, sizeof msg);
    fn2 = pint_testfn_function(t2);
    pint_domain simp = pint_domain_simplices(1, tri);
    opt.max_evals = 100000;
    CU_ASSERT_EQUAL(pint_integrate(&fn2, &simp, &opt, res), PINT_ERR_INVALID);
    CU_ASSERT(strstr(res->message, "boxes only") != NULL);
    CU_ASSERT_EQUAL(pint_method_from_name("mc"), PINT_METHOD_MC);
    CU_ASSERT_EQUAL(pint_method_from_name("qmc"), PINT_METHOD_QMC);
    CU_ASSERT_EQUAL(pint_method_from_name("lattice"), -1);
    pint_result_free(res);
    pint_testfn_free(t);
    pint_testfn_free(t2);
}

static int unit_peak(int ndim, const double *x, int ncomp, double *fval,
                     void *ctx)
{
    (void)ctx;
    double s = 0.0;
    for (int i = 0; i < ndim; i++)
        s += (x[i] - 0.3) * (x[i] - 0.3);
    for (int k = 0; k < ncomp; k++)
        fval[k] = (k + 1) * exp(-20.0 * s);
    return 0;
}

/* pint_mc_units: a unit's numbers depend on its points alone (the same
 * bits cut alone, among other units, on 1 and 3 threads); the units
 * hold the points of pint_mc_sample from the same position (the sums
 * agree to rounding), their counts add up; a halt leaves the units not
 * reached zero. */
static void test_units(void)
{
    pint_function fn = { .ndim = 3, .ncomp = 2, .f = unit_peak };
    double lo[3] = { 0, 0, 0 }, hi[3] = { 1, 1, 2 };
    pint_mc *a = pint_mc_new(&fn, lo, hi, 7, PINT_MC_SHARED_STREAM);
    pint_mc *b = pint_mc_new(&fn, lo, hi, 7, PINT_MC_SHARED_STREAM);
    CU_ASSERT_FATAL(a && b);
    CU_ASSERT_EQUAL_FATAL(pint_mc_set_threads(b, 3), 0);
    enum { W = 7 };                     /* 1 + 3 ncomp */
    static const long long cut[] = { 0, 1, 1000, 1025, 5000, 5001, 9999 };
    const long long n = sizeof cut / sizeof cut[0] - 1, pos = 123456;
    double all[6 * W], one[W], again[6 * W];
    CU_ASSERT_EQUAL(pint_mc_units(a, pos, cut, n, NULL, all), 0);
    CU_ASSERT_EQUAL(pint_mc_units(b, pos, cut, n, NULL, again), 0);
    CU_ASSERT(memcmp(all, again, sizeof all) == 0);
    double count = 0;
    for (long long i = 0; i < n; i++) {
        CU_ASSERT_EQUAL(all[i * W], (double)(cut[i + 1] - cut[i]));
        count += all[i * W];
        long long two[2] = { cut[i], cut[i + 1] };
        CU_ASSERT_EQUAL(pint_mc_units(b, pos, two, 1, NULL, one), 0);
        CU_ASSERT(memcmp(one, all + i * W, sizeof one) == 0);
    }
    CU_ASSERT_EQUAL(count, 9999.0);
    /* the same points as a sampler that skipped to pos */
    pint_mc_skip(a, pos);
    CU_ASSERT_EQUAL(pint_mc_sample(a, 9999), 0);
    double sum[2], sumsq[2], abssum[2];
    long long cnt;
    pint_mc_sums(a, sum, sumsq, &cnt);
    pint_mc_abs(a, abssum);
    CU_ASSERT_EQUAL(cnt, 9999);
    for (int k = 0; k < 2; k++) {
        double us = 0, uq = 0, ua = 0;
        for (long long i = 0; i < n; i++) {
            us += all[i * W + 1 + k];
            uq += all[i * W + 3 + k];
            ua += all[i * W + 5 + k];
        }
        PT_ASSERT_REL(us, sum[k], 1e-13);
        PT_ASSERT_REL(uq, sumsq[k], 1e-13);
        PT_ASSERT_REL(ua, abssum[k], 1e-13);
        CU_ASSERT(sum[k] > 0);
    }
    /* another position, other points */
    CU_ASSERT_EQUAL(pint_mc_units(b, pos + 1, cut, n, NULL, again), 0);
    CU_ASSERT(again[W + 1] != all[W + 1]);
    /* a stop request before the first job: nothing drawn */
    pint_options opt;
    pint_options_init(&opt);
    volatile int stop = 1;
    opt.stop = &stop;
    pint_watch w;
    pint_watch_start(&w, &opt, pint_watch_now());
    again[0] = 1;
    CU_ASSERT_EQUAL(pint_mc_units(b, pos, cut, n, &w, again),
                    PINT_INTERRUPTED);
    for (long long i = 0; i < n * W; i++)
        CU_ASSERT_EQUAL(again[i], 0.0);
    pint_mc_free(a);
    pint_mc_free(b);
}

/* The state of a checkpoint: round trip with the shared stream's
 * position; a state without it (written before the shared stream) read
 * with position 0; positions that cannot be refused. */
static void test_state(void)
{
    char msg[200];
    pint_mc_state *st = pint_mc_state_new(1, 2);
    CU_ASSERT_FATAL(st != NULL);
    st->count = 1500;
    st->sum[0] = 3.0;
    st->sumsq[0] = 9.5;
    st->pos[0] = 300;
    st->pos[1] = 200;
    st->next = 4096;                    /* 1000 of the shared stream */
    size_t len;
    double *v = pint_mc_state_pack(st, &len);
    CU_ASSERT_FATAL(v != NULL);
    CU_ASSERT_EQUAL(len, 7);
    pint_mc_state *back = pint_mc_state_unpack(v, len, 1, msg, sizeof msg);
    CU_ASSERT_FATAL(back != NULL);
    CU_ASSERT_EQUAL(back->count, 1500);
    CU_ASSERT_EQUAL(back->next, 4096);
    CU_ASSERT_EQUAL(back->pos[1], 200);
    CU_ASSERT_EQUAL(back->sumsq[0], 9.5);
    pint_mc_state_free(back);
    /* the older layout: no position, the streams' points are all */
    double old[] = { 500, 3.0, 9.5, 2, 300, 200 };
    back = pint_mc_state_unpack(old, 6, 1, msg, sizeof msg);
    CU_ASSERT_FATAL(back != NULL);
    CU_ASSERT_EQUAL(back->next, 0);
    CU_ASSERT_EQUAL(back->nstreams, 2);
    pint_mc_state_free(back);
    old[0] = 501;                       /* a point from nowhere */
    CU_ASSERT(pint_mc_state_unpack(old, 6, 1, msg, sizeof msg) == NULL);
    CU_ASSERT(strstr(msg, "do not add up") != NULL);
    v[6] = 999;                         /* 1000 points before 999 */
    CU_ASSERT(pint_mc_state_unpack(v, len, 1, msg, sizeof msg) == NULL);
    CU_ASSERT(strstr(msg, "do not add up") != NULL);
    v[6] = -1;
    CU_ASSERT(pint_mc_state_unpack(v, len, 1, msg, sizeof msg) == NULL);
    CU_ASSERT(strstr(msg, "shared stream") != NULL);
    CU_ASSERT(pint_mc_state_unpack(v, len + 0, 2, msg, sizeof msg) == NULL);
    free(v);
    pint_mc_state_free(st);
}

int main(void)
{
    CU_TestInfo tests[] = {
        { "Philox4x32-10 known answers", test_philox_known_answers },
        { "4 streams x 10^6 draws never overlap", test_streams_do_not_overlap },
        { "3E covers the true error in >= 95% of 40 seeds", test_coverage },
        { "vector integrand, limit, bad input", test_vector_limits_and_bad_input },
        { "units: their points alone decide their sums", test_units },
        { "the state of a checkpoint, old and new", test_state },
        CU_TEST_INFO_NULL,
    };
    return pint_test_run("mc", tests);
}

/* test_sched.c -- work-unit scheduling: a worked example (N = 800,
 * P = 4, weights 1.5, 0.5, 1, 1; its chunks follow from the formulas of
 * schedule.h) and the chunk invariants. */
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "schedule.h"

static const double ex_w[4] = { 1.5, 0.5, 1.0, 1.0 };

/* Request round-robin (worker 0,1,..,p-1,0,..) and compare with want[]. */
static void expect_seq(pint_sched *s, int p, const long long *want, int nwant)
{
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    for (int i = 0; i < nwant; i++) {
        long long k = pint_sched_next(s, i % p);
        if (k != want[i])
            fprintf(stderr, "\n  chunk %d: %lld, want %lld\n", i, k, want[i]);
        CU_ASSERT_EQUAL(k, want[i]);
    }
}

/* Drain round-robin from worker `w`; return the sum of the chunks. */
static long long drain(pint_sched *s, int p, int w)
{
    long long sum = 0, k;
    while ((k = pint_sched_next(s, w)) > 0) {
        sum += k;
        w = (w + 1) % p;
    }
    return sum;
}

static void test_static_example(void)
{
    static const long long want[] = { 200, 200, 200, 200, 0 };
    pint_sched *s = pint_sched_new(PINT_SCHED_STATIC, 800, 4, NULL, 0);
    expect_seq(s, 4, want, 5);
    CU_ASSERT_EQUAL(pint_sched_remaining(s), 0);
    pint_sched_free(s);
    /* ceil(N/P), the last one smaller: 7 over 4 -> 2, 2, 2, 1 */
    static const long long want7[] = { 2, 2, 2, 1, 0 };
    s = pint_sched_new(PINT_SCHED_STATIC, 7, 4, NULL, 0);
    expect_seq(s, 4, want7, 5);
    pint_sched_free(s);
}

static void test_gss_example(void)
{
    static const long long want[] = { 200, 150, 113, 85 };
    pint_sched *s = pint_sched_new(PINT_SCHED_GSS, 800, 4, NULL, 0);
    expect_seq(s, 4, want, 4);
    CU_ASSERT_EQUAL(pint_sched_remaining(s), 800 - 548);
    /* afterwards still ceil(R/P) of the current R */
    long long r = pint_sched_remaining(s);
    CU_ASSERT_EQUAL(pint_sched_next(s, 0), (r + 3) / 4);
    pint_sched_free(s);
}

static void test_fac_example(void)
{
    /* 100 x4 (R = 800), 50 x4 (R = 400), 25 x4 (R = 200) */
    static const long long want[] = { 100, 100, 100, 100, 50, 50, 50, 50,
                                      25, 25, 25, 25 };
    pint_sched *s = pint_sched_new(PINT_SCHED_FAC, 800, 4, NULL, 0);
    expect_seq(s, 4, want, 12);
    CU_ASSERT_EQUAL(pint_sched_remaining(s), 100);
    pint_sched_free(s);
    /* a batch is P requests whoever makes them: worker 0 alone */
    static const long long w0[] = { 100, 100, 100, 100, 50 };
    s = pint_sched_new(PINT_SCHED_FAC, 800, 4, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    for (int i = 0; i < 5; i++)
        CU_ASSERT_EQUAL(pint_sched_next(s, 0), w0[i]);
    pint_sched_free(s);
}

static void test_wf_example(void)
{
    static const long long want[] = { 150, 50, 100, 100, 75, 25, 50, 50 };
    pint_sched *s = pint_sched_new(PINT_SCHED_WF, 800, 4, ex_w, 0);
    expect_seq(s, 4, want, 8);
    CU_ASSERT_EQUAL(pint_sched_remaining(s), 200);
    pint_sched_free(s);
    /* weights are normalized to sum P: doubling them changes nothing */
    static const double w2[4] = { 3.0, 1.0, 2.0, 2.0 };
    s = pint_sched_new(PINT_SCHED_WF, 800, 4, w2, 0);
    expect_seq(s, 4, want, 8);
    pint_sched_free(s);
    /* NULL weights: WF is FAC */
    static const long long fac[] = { 100, 100, 100, 100, 50, 50, 50, 50 };
    s = pint_sched_new(PINT_SCHED_WF, 800, 4, NULL, 0);
    expect_seq(s, 4, fac, 8);
    pint_sched_free(s);
}

static void test_ss_fsc(void)
{
    pint_sched *s = pint_sched_new(PINT_SCHED_SS, 800, 4, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    long long n = 0, ones = 0, k;
    while ((k = pint_sched_next(s, (int)(n % 4))) > 0) {
        n++;
        ones += k == 1;
    }
    CU_ASSERT_EQUAL(n, 800);
    CU_ASSERT_EQUAL(ones, 800);
    pint_sched_free(s);

    /* FSC with K = 30: 26 chunks of 30, then 20 */
    s = pint_sched_new(PINT_SCHED_FSC, 800, 4, NULL, 30);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    for (int i = 0; i < 26; i++)
        CU_ASSERT_EQUAL(pint_sched_next(s, i % 4), 30);
    CU_ASSERT_EQUAL(pint_sched_next(s, 2), 20);
    CU_ASSERT_EQUAL(pint_sched_next(s, 3), 0);
    pint_sched_free(s);

    /* FSC default: K = ceil(N/(4P)) = 50 */
    s = pint_sched_new(PINT_SCHED_FSC, 800, 4, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_EQUAL(pint_sched_next(s, 0), 50);
    CU_ASSERT_EQUAL(pint_sched_next(s, 1), 50);
    pint_sched_free(s);
}

/* Without reports: AWF uses equal weights, chunk ceil(R/(2P)) of the
 * current R; AF starts with k0 = ceil(N/(4P)). */
static void test_adaptive_defaults(void)
{
    pint_sched *s = pint_sched_new(PINT_SCHED_AWF, 800, 4, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_EQUAL(pint_sched_next(s, 0), 100);
    CU_ASSERT_EQUAL(pint_sched_next(s, 1), 88);   /* ceil(700/8) */
    pint_sched_free(s);
    s = pint_sched_new(PINT_SCHED_AF, 800, 4, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    for (int w = 0; w < 4; w++)
        CU_ASSERT_EQUAL(pint_sched_next(s, w), 50);
    CU_ASSERT_EQUAL(pint_sched_remaining(s), 600);
    pint_sched_free(s);
}

/* Worker 0 twice as fast as the others.  Worker 1 asks first, so that
 * worker 0 draws from a smaller remainder: only adaptation can make its
 * chunk larger. */
static void check_adapts(enum pint_schedule kind)
{
    pint_sched *s = pint_sched_new(kind, 100000, 4, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    for (int round = 0; round < 2; round++)
        for (int w = 0; w < 4; w++) {
            long long k = pint_sched_next(s, w);
            CU_ASSERT(k > 0);
            double per_item = (w == 0 ? 1e-3 : 2e-3) * (1.0 + 0.1 * round);
            pint_sched_report(s, w, k, per_item * (double)k);
        }
    long long k1 = pint_sched_next(s, 1);
    long long k0 = pint_sched_next(s, 0);
    if (!(k0 > k1))
        fprintf(stderr, "\n  %s: k0 = %lld, k1 = %lld\n",
                pint_schedule_name(kind), k0, k1);
    CU_ASSERT(k0 > k1);
    CU_ASSERT(k1 > 0);
    /* reports of nonsense are ignored and do not break the invariants */
    pint_sched_report(s, 0, 0, 1.0);
    pint_sched_report(s, 0, 10, 0.0);
    pint_sched_report(s, 0, 10, NAN);
    pint_sched_report(s, 7, 10, 1.0);
    long long before = pint_sched_remaining(s);
    CU_ASSERT_EQUAL(drain(s, 4, 2), before);
    CU_ASSERT_EQUAL(pint_sched_remaining(s), 0);
    pint_sched_free(s);

    /* the reverse: worker 0 twice as slow gets the smaller chunk even
     * though it asks first */
    s = pint_sched_new(kind, 100000, 4, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    for (int w = 0; w < 4; w++) {
        long long k = pint_sched_next(s, w);
        pint_sched_report(s, w, k, (w == 0 ? 4e-3 : 2e-3) * (double)k);
    }
    k0 = pint_sched_next(s, 0);
    k1 = pint_sched_next(s, 1);
    CU_ASSERT(k0 < k1);
    pint_sched_free(s);
}

/* AF weighs the spread of the timings, not only their mean (Banicescu
 * and Liu's adaptive factoring): two workers of the same mean rate, 1e-3
 * s per item, report two chunks each.  Timed alike, sigma = 0 and the
 * next chunk is the even share R/P of what remains; timed 0.5e-3 and
 * 1.5e-3 per item, the same mean, the chunk is smaller, as the formula
 * (schedule.c, af_chunk) computed here gives. */
static void test_af_spread(void)
{
    long long chunk[2] = { 0, 0 }, remaining[2] = { 0, 0 };
    for (int jitter = 0; jitter < 2; jitter++) {
        pint_sched *s = pint_sched_new(PINT_SCHED_AF, 100000, 2, NULL, 0);
        CU_ASSERT_PTR_NOT_NULL_FATAL(s);
        for (int c = 0; c < 2; c++)
            for (int w = 0; w < 2; w++) {
                long long k = pint_sched_next(s, w);
                CU_ASSERT_FATAL(k > 0);
                double per = jitter ? (c == 0 ? 0.5e-3 : 1.5e-3) : 1e-3;
                pint_sched_report(s, w, k, per * (double)k);
            }
        remaining[jitter] = pint_sched_remaining(s);
        chunk[jitter] = pint_sched_next(s, 0);
        pint_sched_free(s);
    }
    /* sigma = 0: K = E R / mu = R / P (up to the rounding up) */
    double even = remaining[0] / 2.0;
    if (!(chunk[0] >= even && chunk[0] <= even + 1)
        || !((double)chunk[1] / remaining[1] < 0.9 * chunk[0] / (double)remaining[0]))
        fprintf(stderr, "\n  AF: %lld of %lld steady, %lld of %lld jittery\n",
                chunk[0], remaining[0], chunk[1], remaining[1]);
    CU_ASSERT(chunk[0] >= even && chunk[0] <= even + 1);
    /* the spread shrinks the share of what remains */
    CU_ASSERT((double)chunk[1] / remaining[1]
              < 0.9 * chunk[0] / (double)remaining[0]);
    CU_ASSERT(chunk[1] > 0);
}

static void test_awf_adapts(void) { check_adapts(PINT_SCHED_AWF); }
static void test_af_adapts(void) { check_adapts(PINT_SCHED_AF); }

/* Reports are ignored by the non-adaptive kinds. */
static void test_report_ignored(void)
{
    static const long long want[] = { 150, 50, 100, 100, 75, 25, 50, 50 };
    pint_sched *s = pint_sched_new(PINT_SCHED_WF, 800, 4, ex_w, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    for (int i = 0; i < 8; i++) {
        long long k = pint_sched_next(s, i % 4);
        CU_ASSERT_EQUAL(k, want[i]);
        pint_sched_report(s, i % 4, k, (i % 4 == 1 ? 10.0 : 1.0) * (double)k);
    }
    pint_sched_free(s);
}

/* All kinds, many (N, P): chunks >= 1 until done, never more than what
 * remained, sum exactly N, then 0 forever. */
static void test_invariants(void)
{
    static const long long ns[] = { 0, 1, 7, 100, 800, 12345, 1000000 };
    static const int ps[] = { 1, 2, 3, 4, 7, 32 };
    double w[32];
    for (int i = 0; i < 32; i++)
        w[i] = 0.25 + (double)(i % 5);
    int bad = 0, cases = 0;
    for (int kind = 0; kind <= PINT_SCHED_AF; kind++)
        for (size_t a = 0; a < sizeof ns / sizeof ns[0]; a++)
            for (size_t b = 0; b < sizeof ps / sizeof ps[0]; b++) {
                long long n = ns[a];
                int p = ps[b];
                pint_sched *s = pint_sched_new((enum pint_schedule)kind, n,
                                               p, w, kind == PINT_SCHED_FSC
                                               && b % 2 ? 13 : 0);
                CU_ASSERT_PTR_NOT_NULL_FATAL(s);
                cases++;
                long long sum = 0, r = n, k, calls = 0;
                int wk = 0, ok = 1;
                while ((k = pint_sched_next(s, wk)) > 0) {
                    if (k > r)
                        ok = 0;
                    r -= k;
                    sum += k;
                    if (pint_sched_remaining(s) != r)
                        ok = 0;
                    /* uneven speeds for AWF and AF */
                    pint_sched_report(s, wk, k, (1.0 + wk % 3) * (double)k);
                    wk = (wk + 1) % p;
                    if (++calls > n + 1)   /* every chunk >= 1 */
                        break;
                }
                if (sum != n || r != 0 || pint_sched_remaining(s) != 0
                    || pint_sched_next(s, 0) != 0 || calls > n)
                    ok = 0;
                if (!ok) {
                    fprintf(stderr, "\n  %s N=%lld P=%d: sum %lld\n",
                            pint_schedule_name((enum pint_schedule)kind),
                            n, p, sum);
                    bad++;
                }
                pint_sched_free(s);
            }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(cases, 8 * 7 * 6);
}

static void test_names(void)
{
    static const char *const want[] = { "static", "ss", "fsc", "gss",
                                        "fac", "wf", "awf", "af" };
    for (int k = 0; k <= PINT_SCHED_AF; k++) {
        const char *nm = pint_schedule_name((enum pint_schedule)k);
        CU_ASSERT_PTR_NOT_NULL_FATAL(nm);
        CU_ASSERT_STRING_EQUAL(nm, want[k]);
        CU_ASSERT_EQUAL(pint_schedule_from_name(nm), k);
    }
    CU_ASSERT_EQUAL(pint_schedule_from_name("bogus"), -1);
    CU_ASSERT_EQUAL(pint_schedule_from_name("GSS"), -1);
    CU_ASSERT_EQUAL(pint_schedule_from_name(""), -1);
    CU_ASSERT_EQUAL(pint_schedule_from_name(NULL), -1);
    CU_ASSERT_PTR_NULL(pint_schedule_name((enum pint_schedule)8));
    CU_ASSERT_PTR_NULL(pint_schedule_name((enum pint_schedule)-1));
}

static void test_bad_args(void)
{
    static const double neg[4] = { 1.0, -1.0, 1.0, 1.0 };
    static const double zero[4] = { 1.0, 0.0, 1.0, 1.0 };
    static const double nan4[4] = { 1.0, NAN, 1.0, 1.0 };
    CU_ASSERT_PTR_NULL(pint_sched_new(PINT_SCHED_GSS, -1, 4, NULL, 0));
    CU_ASSERT_PTR_NULL(pint_sched_new(PINT_SCHED_GSS, 10, 0, NULL, 0));
    CU_ASSERT_PTR_NULL(pint_sched_new(PINT_SCHED_GSS, 10, -3, NULL, 0));
    CU_ASSERT_PTR_NULL(pint_sched_new((enum pint_schedule)8, 10, 4, NULL, 0));
    CU_ASSERT_PTR_NULL(pint_sched_new((enum pint_schedule)-1, 10, 4, NULL, 0));
    CU_ASSERT_PTR_NULL(pint_sched_new(PINT_SCHED_FSC, 10, 4, NULL, -5));
    CU_ASSERT_PTR_NULL(pint_sched_new(PINT_SCHED_WF, 10, 4, neg, 0));
    CU_ASSERT_PTR_NULL(pint_sched_new(PINT_SCHED_WF, 10, 4, zero, 0));
    CU_ASSERT_PTR_NULL(pint_sched_new(PINT_SCHED_WF, 10, 4, nan4, 0));
    /* a bad worker index gets nothing and takes nothing */
    pint_sched *s = pint_sched_new(PINT_SCHED_GSS, 10, 4, NULL, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_EQUAL(pint_sched_next(s, 4), 0);
    CU_ASSERT_EQUAL(pint_sched_next(s, -1), 0);
    CU_ASSERT_EQUAL(pint_sched_remaining(s), 10);
    pint_sched_free(s);
    CU_ASSERT_EQUAL(pint_sched_next(NULL, 0), 0);
    CU_ASSERT_EQUAL(pint_sched_remaining(NULL), 0);
    pint_sched_report(NULL, 0, 1, 1.0);
    pint_sched_free(NULL);
}

static CU_TestInfo tests[] = {
    { "static: 200 x4", test_static_example },
    { "gss: 200, 150, 113, 85", test_gss_example },
    { "fac: 100 x4, 50 x4", test_fac_example },
    { "wf: 150, 50, 100, 100, 75, 25, 50, 50", test_wf_example },
    { "ss and fsc", test_ss_fsc },
    { "awf and af without reports", test_adaptive_defaults },
    { "awf: faster worker, larger chunk", test_awf_adapts },
    { "af: faster worker, larger chunk", test_af_adapts },
        { "AF weighs the spread of the timings", test_af_spread },
    { "reports ignored by wf", test_report_ignored },
    { "invariants: all kinds, many N and P", test_invariants },
    { "names round-trip", test_names },
    { "bad arguments", test_bad_args },
    CU_TEST_INFO_NULL,
};

int main(void)
{
    return pint_test_run("sched", tests);
}

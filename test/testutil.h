/* testutil.h -- shared helpers of the CUnit suites. */
#ifndef PINT_TESTUTIL_H
#define PINT_TESTUTIL_H

#include <CUnit/Basic.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* |a - b| <= tol * max(1, |b|): a relative tolerance that stays meaningful
 * when the exact value is near zero. */
#define PT_ASSERT_CLOSE(a, b, tol)                                        \
    do {                                                                  \
        double pt_a_ = (a), pt_b_ = (b);                                  \
        double pt_s_ = fabs(pt_b_) > 1.0 ? fabs(pt_b_) : 1.0;             \
        if (!(fabs(pt_a_ - pt_b_) <= (tol) * pt_s_))                      \
            fprintf(stderr, "\n  %s:%d: %.17g vs %.17g (diff %.3g)\n",    \
                    __FILE__, __LINE__, pt_a_, pt_b_, pt_a_ - pt_b_);     \
        CU_ASSERT(fabs(pt_a_ - pt_b_) <= (tol) * pt_s_);                  \
    } while (0)

/* |a - b| <= rel |b|: a purely relative check (b != 0). */
#define PT_ASSERT_REL(a, b, rel)                                          \
    do {                                                                  \
        double pt_a_ = (a), pt_b_ = (b);                                  \
        if (!(fabs(pt_a_ - pt_b_) <= (rel) * fabs(pt_b_)))                \
            fprintf(stderr, "\n  %s:%d: %.17g vs %.17g (relative %.3g)\n", \
                    __FILE__, __LINE__, pt_a_, pt_b_,                     \
                    fabs(pt_a_ - pt_b_) / fabs(pt_b_));                   \
        CU_ASSERT(fabs(pt_a_ - pt_b_) <= (rel) * fabs(pt_b_));            \
    } while (0)

/* What an estimate q +- e of the exact value x promises: |q - x| <= e
 * (honest), and when the run converged at the relative tolerance er, e
 * <= er |q| and |q - x| <= er |x|. */
#define PT_ASSERT_HONEST(what, q, e, x, er, converged)                    \
    do {                                                                  \
        double pt_q_ = (q), pt_e_ = (e), pt_x_ = (x);                     \
        if (!(fabs(pt_q_ - pt_x_) <= pt_e_)                               \
            || ((converged) && !(fabs(pt_q_ - pt_x_) <= (er) * fabs(pt_x_) \
                                 && pt_e_ <= (er) * fabs(pt_q_))))        \
            fprintf(stderr, "\n  %s:%d: %s: %.17g +- %.3g, exact %.17g "  \
                    "(|Q - I|/E %.3g)\n", __FILE__, __LINE__, (what),     \
                    pt_q_, pt_e_, pt_x_, fabs(pt_q_ - pt_x_) / pt_e_);    \
        CU_ASSERT(fabs(pt_q_ - pt_x_) <= pt_e_);                          \
        if (converged) {                                                  \
            CU_ASSERT(fabs(pt_q_ - pt_x_) <= (er) * fabs(pt_x_));         \
            CU_ASSERT(pt_e_ <= (er) * fabs(pt_q_));                       \
        }                                                                 \
    } while (0)

/* A monomial prod x_i^e_i in n <= 16 variables (the rule tests). */
typedef struct { int n; int e[16]; } pt_mono;

static inline double pt_mono_eval(const pt_mono *mo, const double *x)
{
    double v = 1.0;
    for (int i = 0; i < mo->n; i++)
        for (int k = 0; k < mo->e[i]; k++)
            v *= x[i];
    return v;
}

/* Its exact integral over the box [lo, hi]. */
static inline double pt_mono_exact(const pt_mono *mo, const double *lo,
                                   const double *hi)
{
    double v = 1.0;
    for (int i = 0; i < mo->n; i++) {
        int p = mo->e[i] + 1;
        v *= (pow(hi[i], p) - pow(lo[i], p)) / p;
    }
    return v;
}

/* The geometry of the box [lo, hi] as the rules take it (centre, then
 * half-widths, into g[2n]); returns its volume. */
static inline double pt_box_geom(int n, const double *lo, const double *hi,
                                 double *g)
{
    double vol = 1.0;
    for (int i = 0; i < n; i++) {
        g[i] = 0.5 * (lo[i] + hi[i]);
        g[n + i] = 0.5 * (hi[i] - lo[i]);
        vol *= hi[i] - lo[i];
    }
    return vol;
}

/* Exponent vectors of total degree deg, drawn reproducibly from *state. */
static inline void pt_mono_random(pt_mono *mo, int n, int deg,
                                  unsigned *state)
{
    mo->n = n;
    for (int i = 0; i < 16; i++)
        mo->e[i] = 0;
    for (int k = 0; k < deg; k++) {
        *state = *state * 1103515245u + 12345u;
        mo->e[(*state >> 16) % (unsigned)n]++;
    }
}

/* Each test's wall time, printed after its name when it took a second or
 * more, so a slow case shows in the log (CI's time budget is read there). */
static double pt_test_started;

static inline double pt_wall(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);       /* C11: no POSIX needed */
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline void pt_test_setup(void)
{
    pt_test_started = pt_wall();
}

static inline void pt_test_teardown(void)
{
    double s = pt_wall() - pt_test_started;
    if (s >= 1.0) {
        printf("(%.0f s) ", s);
        fflush(stdout);
    }
}

/* Run one suite; exit status 0 only when every assertion passed. */
static inline int pint_test_run(const char *suite, CU_TestInfo *tests)
{
    /* PINT_TEST_ONLY=TEXT keeps the tests whose name contains TEXT (for
     * running one by hand; make check runs them all) */
    const char *only = getenv("PINT_TEST_ONLY");
    if (only && *only) {
        size_t k = 0;
        for (size_t i = 0; tests[i].pName; i++)
            if (strstr(tests[i].pName, only))
                tests[k++] = tests[i];
        tests[k].pName = NULL;
        tests[k].pTestFunc = NULL;
    }
    CU_SuiteInfo suites[] = {
        { (char *)suite, NULL, NULL, pt_test_setup, pt_test_teardown, tests },
        CU_SUITE_INFO_NULL,
    };
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    if (CU_register_suites(suites) != CUE_SUCCESS) {
        CU_cleanup_registry();
        return 2;
    }
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    unsigned failed = CU_get_number_of_failures()
                    + CU_get_number_of_tests_failed();
    unsigned ran = CU_get_number_of_tests_run();
    CU_cleanup_registry();
    if (ran == 0)
        return 1;
    return failed ? 1 : 0;
}

#endif

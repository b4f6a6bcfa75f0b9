/* testutil.h -- shared helpers of the CUnit suites. */
#ifndef PINT_TESTUTIL_H
#define PINT_TESTUTIL_H

#include <CUnit/Basic.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

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

/* Run one suite; exit status 0 only when every assertion passed. */
static inline int pint_test_run(const char *suite, CU_TestInfo *tests)
{
    CU_SuiteInfo suites[] = {
        { (char *)suite, NULL, NULL, NULL, NULL, tests },
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

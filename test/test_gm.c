/* test_gm.c -- the Genz-Malik 7/5 rule: exactness and split advice. */
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "rule.h"

/* A monomial prod x_i^e_i over the box; ctx holds the exponents. */
/* Apply the rule once on the box [lo, hi]; returns value, error, split. */
static void apply_once(const pint_rule_impl *r, const double *lo,
                       const double *hi, const pt_mono *mo, double *val,
                       double *err, int *split)
{
    int n = r->ndim;
    double g[32], vol = pt_box_geom(n, lo, hi, g);
    double *x = malloc(r->npoints * (size_t)n * sizeof *x);
    double *f = malloc(r->npoints * sizeof *f);
    double *work = malloc(r->work_size * sizeof *work);
    r->points(r, g, x);
    for (size_t p = 0; p < r->npoints; p++)
        f[p] = pt_mono_eval(mo, x + p * (size_t)n);
    r->apply(r, g, vol, 0, f, val, err, split, work);
    free(x);
    free(f);
    free(work);
}

static void test_point_count(void)
{
    for (int n = 2; n <= 15; n++) {
        pint_rule_impl *r = pint_rule_genz_malik_new(n, 1);
        CU_ASSERT_EQUAL(r->npoints,
                        (size_t)(1 << n) + 2u * n * n + 2u * n + 1u);
        pint_rule_free(r);
    }
}

/* Degree <= 7 monomials are integrated exactly; for degree <= 5 the
 * embedded rule is exact as well, so the error estimate falls to the
 * rounding, which it still covers. */
static void test_exact_monomials(void)
{
    unsigned state = 12345u;
    for (int n = 2; n <= 12; n++) {
        pint_rule_impl *r = pint_rule_genz_malik_new(n, 1);
        double lo[16], hi[16];
        for (int i = 0; i < n; i++) {
            lo[i] = -0.5 + 0.1 * i;
            hi[i] = 1.0 + 0.25 * i;
        }
        int trials = n <= 6 ? 60 : 15;
        for (int deg = 0; deg <= 7; deg++)
            for (int t = 0; t < trials; t++) {
                pt_mono mo;
                pt_mono_random(&mo, n, deg, &state);
                double val, err, exact = pt_mono_exact(&mo, lo, hi);
                int split;
                apply_once(r, lo, hi, &mo, &val, &err, &split);
                double scale = fabs(exact) > 1 ? fabs(exact) : 1;
                CU_ASSERT(fabs(val - exact) <= 1e-12 * scale);
                if (deg <= 5)
                    CU_ASSERT(err <= 1e-12 * scale);
                /* exact but for rounding, which the estimate covers */
                if (!(fabs(val - exact) <= err))
                    fprintf(stderr, "\n  n = %d, degree %d: |Q - I| %.3g, "
                            "E %.3g\n", n, deg, fabs(val - exact), err);
                CU_ASSERT(fabs(val - exact) <= err);
            }
        pint_rule_free(r);
    }
}

/* x_i^6 is beyond the embedded degree-5 rule: the estimate must see it. */
static void test_error_sees_degree_six(void)
{
    pint_rule_impl *r = pint_rule_genz_malik_new(3, 1);
    double lo[3] = { 0, 0, 0 }, hi[3] = { 1, 1, 1 };
    pt_mono mo = { 3, { 0, 6, 0 } };
    double val, err;
    int split;
    apply_once(r, lo, hi, &mo, &val, &err, &split);
    CU_ASSERT(err > 1e-4);
    PT_ASSERT_CLOSE(val, 1.0 / 7.0, 1e-12);
    pint_rule_free(r);
}

/* A function of x_3 alone must be split along axis 3 (index 2). */
static void test_split_axis(void)
{
    pint_rule_impl *r = pint_rule_genz_malik_new(4, 1);
    double lo[4] = { 0, 0, 0, 0 }, hi[4] = { 1, 1, 1, 1 };
    pt_mono mo = { 4, { 0, 0, 6, 0 } };
    double val, err;
    int split;
    apply_once(r, lo, hi, &mo, &val, &err, &split);
    CU_ASSERT_EQUAL(split, 2);
    /* all fourth differences equal (degree 3): the widest axis wins */
    double lo2[4] = { 0, 0, 0, 0 }, hi2[4] = { 1, 3, 1, 1 };
    pt_mono cubic = { 4, { 1, 1, 1, 0 } };
    apply_once(r, lo2, hi2, &cubic, &val, &err, &split);
    CU_ASSERT_EQUAL(split, 1);
    pint_rule_free(r);
}

int main(void)
{
    CU_TestInfo tests[] = {
        { "point count 2^n + 2n^2 + 2n + 1", test_point_count },
        { "exact on monomials of degree <= 7, n = 2..12, |Q - I| <= E",
          test_exact_monomials },
        { "error estimate sees degree 6", test_error_sees_degree_six },
        { "split on largest fourth difference", test_split_axis },
        CU_TEST_INFO_NULL,
    };
    return pint_test_run("genz-malik", tests);
}

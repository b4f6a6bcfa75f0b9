/* test_expr.c -- expression integrands: values against C, precedence,
 * the batch form against the point form, errors with their columns, and
 * integrals against closed forms. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "expr.h"

/* Compile one expression in 3 variables and evaluate it at x. */
static double eval1(const char *src, const double *x)
{
    char msg[256] = "";
    pint_expr *e = pint_expr_compile(1, &src, 3, msg, sizeof msg);
    if (!e) {
        fprintf(stderr, "%s: %s\n", src, msg);
        return NAN;
    }
    pint_function fn = pint_expr_function(e, 3);
    double f = NAN;
    CU_ASSERT_EQUAL(fn.f(3, x, 1, &f, fn.ctx), 0);
    pint_expr_free(e);
    return f;
}

static void test_values(void)
{
    const double pts[][3] = { { 0.3, 0.7, 0.1 }, { 0.9, 0.05, 0.5 },
                              { 0.5, 0.5, 0.999 } };
    for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++) {
        const double *x = pts[i];
        double a = x[0], b = x[1], c = x[2];
        struct { const char *src; double want; } cases[] = {
            { "exp(-x1^2 - x2^2) * cos(x3)", exp(-a * a - b * b) * cos(c) },
            { "1 + 2*x1 - x2/4", 1 + 2 * a - b / 4 },
            { "2 - x1", 2 - a },        /* constant on the left */
            { "2 / x1", 2 / a },
            { "x1 / 2 - 3", a / 2 - 3 },
            { "x1^3 + x2^-2 + x3^0", a * a * a + 1 / (b * b) + 1 },
            { "x1^2.5", pow(a, 2.5) },
            { "2^x1", pow(2, a) },
            { "pow(x1, 3) + pow(2, x2)", a * a * a + pow(2, b) },
            { "x1**2", a * a },
            { "-x1^2", -(a * a) },      /* ^ binds tighter than minus */
            { "2^3^2 * x1", 512 * a },  /* and is right-associative */
            { "x1 - -x2", a + b },
            { "x1 * -x2", -a * b },
            { "(x1 < 0.5) + 2*(x2 >= 0.5) + 4*(x3 != 0.1)",
              (a < 0.5) + 2.0 * (b >= 0.5) + 4.0 * (c != 0.1) },
            { "(x1 <= 0.3) + (x1 > 0.3) * 10 + (x1 == 0.5) * 100",
              (a <= 0.3) + (a > 0.3) * 10.0 + (a == 0.5) * 100.0 },
            { "atan2(x2, x1) + hypot(x1, x2)", atan2(b, a) + hypot(a, b) },
            { "min(x1, x2) + max(x1, x3) + fmod(7.5, 2) * x3",
              fmin(a, b) + fmax(a, c) + 1.5 * c },
            { "sqrt(x1) + cbrt(x2) + abs(x3 - 0.5) + log(x1) + log1p(x2)",
              sqrt(a) + cbrt(b) + fabs(c - 0.5) + log(a) + log1p(b) },
            { "log2(x1) + log10(x2) + expm1(x3)",
              log2(a) + log10(b) + expm1(c) },
            { "sin(pi*x1) + tan(x2) + asin(x3) + acos(x1) + atan(x2)",
              sin(3.14159265358979323846 * a) + tan(b) + asin(c) + acos(a)
                  + atan(b) },
            { "sinh(x1) + cosh(x2) + tanh(x3) + asinh(x1) + atanh(x2)",
              sinh(a) + cosh(b) + tanh(c) + asinh(a) + atanh(b) },
            { "acosh(1 + x1) + erf(x2) + erfc(x3) + gamma(1 + x1)",
              acosh(1 + a) + erf(b) + erfc(c) + tgamma(1 + a) },
            { "floor(10*x1) + ceil(10*x2) + round(10*x3) + trunc(-2.5*x1)",
              floor(10 * a) + ceil(10 * b) + round(10 * c) + trunc(-2.5 * a) },
            { "sign(x1 - 0.5) + step(x2 - 0.5)",
              (double)((a > 0.5) - (a < 0.5)) + (b >= 0.5) },
            { "e^x1 + pi", exp(a) + 3.14159265358979323846 },
            { " ( x1 ) *\t( 1.5e1 + .5 + 2. + 1E-1 ) ", a * 17.6 },
        };
        for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
            double got = eval1(cases[k].src, x);
            if (!(fabs(got - cases[k].want)
                  <= 1e-14 * fmax(1, fabs(cases[k].want))))
                fprintf(stderr, "%s at (%g, %g, %g): %.17g, want %.17g\n",
                        cases[k].src, a, b, c, got, cases[k].want);
            PT_ASSERT_CLOSE(got, cases[k].want,
                            1e-14 * fmax(1, fabs(cases[k].want)));
        }
    }
}

/* Blocks of 64 points: 1, 64, 65 and 200 points give what the one-point
 * form gives, for every component. */
static void test_batch_matches_point(void)
{
    const char *src[] = { "exp(-(x1 - 0.3)^2 / x2) * (x3 < 0.5)",
                          "2 - x1*x2 + sin(3*x3)", "7" };
    char msg[256];
    pint_expr *e = pint_expr_compile(3, src, 3, msg, sizeof msg);
    CU_ASSERT_FATAL(e != NULL);
    pint_function fn = pint_expr_function(e, 3);
    CU_ASSERT_EQUAL(fn.ncomp, 3);
    size_t counts[] = { 1, 64, 65, 200 };
    double x[200 * 3], fb[200 * 3], fp[3];
    for (size_t i = 0; i < 200 * 3; i++)
        x[i] = 0.01 + 0.98 * (double)((i * 7919) % 1000) / 1000.0;
    for (size_t c = 0; c < 4; c++) {
        CU_ASSERT_EQUAL(fn.fbatch(3, counts[c], x, 3, fb, fn.ctx), 0);
        for (size_t p = 0; p < counts[c]; p++) {
            CU_ASSERT_EQUAL(fn.f(3, x + 3 * p, 3, fp, fn.ctx), 0);
            for (int k = 0; k < 3; k++)
                CU_ASSERT_EQUAL(fb[3 * p + (size_t)k], fp[k]);
        }
    }
    CU_ASSERT_EQUAL(fb[3 * 199 + 2], 7.0);
    pint_expr_free(e);
}

static void test_errors(void)
{
    struct { const char *src; const char *want; } cases[] = {
        { "exp(-x1^2 - y)", "column 13: unknown name 'y'" },
        { "sin(x1", "column 7: expected ')' to close sin(" },
        { "x1 +", "column 5: expression ends where a value is expected" },
        { "", "column 1: expression ends" },
        { "2x1", "column 2: unexpected 'x' after a number" },
        { "foo(x1)", "column 1: unknown function 'foo'" },
        { "min(x1)", "column 7: min() takes two arguments" },
        { "sin(x1, x2)", "column 7: too many arguments to sin()" },
        { "x1 < x2 < 1", "column 9: comparisons do not chain" },
        { "((x1)", "column 6: expected ')' to close the '(' at column 1" },
        { "x1)", "column 3: unmatched ')'" },
        { "1e999", "column 1: number '1e999' is out of range" },
        { "1e+", "column 2: exponent of a number needs digits" },
        { ".", "column 1: a lone '.' is not a number" },
        { "x0 + 1", "column 1: unknown name 'x0'" },
        { "x4", "column 1: variable beyond the dimension 3" },
        { "x1 $ 2", "column 4: unexpected '$' after a complete expression" },
        { "x1 * \x01", "column 6: unexpected byte 0x01" },
        { "0x10", "column 2: unexpected 'x' after a number" },
        { "inf", "column 1: unknown name 'inf'" },
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char msg[256] = "";
        pint_expr *e = pint_expr_compile(1, &cases[k].src, 3, msg,
                                         sizeof msg);
        CU_ASSERT_PTR_NULL(e);
        pint_expr_free(e);
        if (!strstr(msg, cases[k].want))
            fprintf(stderr, "'%s': got \"%s\", want \"%s\"\n", cases[k].src,
                    msg, cases[k].want);
        CU_ASSERT_PTR_NOT_NULL(strstr(msg, cases[k].want));
    }
    /* the failing expression of several is named */
    const char *two[] = { "x1", "x2 +* 3" };
    char msg[256] = "";
    CU_ASSERT_PTR_NULL(pint_expr_compile(2, two, 3, msg, sizeof msg));
    CU_ASSERT_PTR_NOT_NULL(strstr(msg, "expression 2, column 5"));
}

/* Nesting is bounded, not a stack overflow: a long chain is fine, deep
 * parentheses and pending operands are refused with a message. */
static void test_nesting(void)
{
    char src[8192], msg[256];
    const char *p = src;
    /* 2000 terms, left-associative: two pending operands at most */
    strcpy(src, "x1");
    for (int i = 0; i < 2000; i++)
        strcat(src, "+x1");
    pint_expr *e = pint_expr_compile(1, &p, 1, msg, sizeof msg);
    CU_ASSERT_FATAL(e != NULL);
    double x = 0.25, f;
    pint_function fn = pint_expr_function(e, 1);
    fn.f(1, &x, 1, &f, fn.ctx);
    CU_ASSERT_EQUAL(f, 2001 * 0.25);
    pint_expr_free(e);

    int n = 0;
    for (int i = 0; i < 1000; i++)
        src[n++] = '(';
    src[n++] = 'x', src[n++] = '1';
    for (int i = 0; i < 1000; i++)
        src[n++] = ')';
    src[n] = '\0';
    CU_ASSERT_PTR_NULL(pint_expr_compile(1, &p, 1, msg, sizeof msg));
    CU_ASSERT_PTR_NOT_NULL(strstr(msg, "too deeply nested"));

    memset(src, '-', 3000);
    strcpy(src + 3000, "x1");
    CU_ASSERT_PTR_NULL(pint_expr_compile(1, &p, 1, msg, sizeof msg));
    CU_ASSERT_PTR_NOT_NULL(strstr(msg, "too deeply nested"));

    /* x1+(x1+(x1+...)): every level leaves an operand pending */
    n = 0;
    for (int i = 0; i < 60; i++)
        n += sprintf(src + n, "x1+(");
    n += sprintf(src + n, "x1");
    for (int i = 0; i < 60; i++)
        src[n++] = ')';
    src[n] = '\0';
    CU_ASSERT_PTR_NULL(pint_expr_compile(1, &p, 1, msg, sizeof msg));
    CU_ASSERT_PTR_NOT_NULL(strstr(msg, "pending operands"));
}

/* The highest variable used sets the dimension when none is given. */
static void test_max_var(void)
{
    const char *src[] = { "x2 * 3", "x7 + x1", "pi" };
    char msg[256];
    pint_expr *e = pint_expr_compile(3, src, 0, msg, sizeof msg);
    CU_ASSERT_FATAL(e != NULL);
    CU_ASSERT_EQUAL(pint_expr_max_var(e), 7);
    pint_expr_free(e);
    e = pint_expr_compile(1, src + 2, 0, msg, sizeof msg);
    CU_ASSERT_FATAL(e != NULL);
    CU_ASSERT_EQUAL(pint_expr_max_var(e), 0);
    pint_expr_free(e);
}

/* Through the engine: closed forms, and honest estimates. */
static void test_integrals(void)
{
    const char *src[] = { "exp(-x1^2 - x2^2) * cos(x3)",
                          "x1*x2*x3^2 + (x1 < 0.25)" };
    char msg[256];
    pint_expr *e = pint_expr_compile(2, src, 3, msg, sizeof msg);
    CU_ASSERT_FATAL(e != NULL);
    pint_function fn = pint_expr_function(e, 3);
    double lo[3] = { 0, 0, 0 }, hi[3] = { 1, 1, 1 };
    pint_domain dom = pint_domain_box(lo, hi);
    pint_options opt;
    pint_options_init(&opt);
    opt.epsrel = 1e-7;
    pint_result *res = pint_result_alloc(2);
    int rc = pint_integrate(&fn, &dom, &opt, res);
    CU_ASSERT_EQUAL(rc, PINT_CONVERGED);
    double g = 0.5 * sqrt(3.14159265358979323846) * erf(1.0);
    double exact[2] = { g * g * sin(1.0), 1.0 / 12 + 0.25 };
    /* convergence is in the max norm (pint.h): every error within the
     * tolerance relative to the largest |value| */
    double big = fmax(fabs(exact[0]), fabs(exact[1]));
    for (int k = 0; k < 2; k++) {
        CU_ASSERT(fabs(res->value[k] - exact[k]) <= res->error[k]);
        CU_ASSERT(res->error[k] <= 1e-7 * big * (1 + 1e-9));
    }
    pint_result_free(res);
    pint_expr_free(e);
}

int main(void)
{
    CU_TestInfo tests[] = {
        { "values against C", test_values },
        { "batch form equals point form", test_batch_matches_point },
        { "errors name the column", test_errors },
        { "nesting is bounded", test_nesting },
        { "highest variable", test_max_var },
        { "integrals against closed forms", test_integrals },
        CU_TEST_INFO_NULL,
    };
    return pint_test_run("expr", tests);
}

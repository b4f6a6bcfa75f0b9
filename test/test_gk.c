/* test_gk.c -- the Gauss-Kronrod rules against GSL and against exactness.
 *
 * The rules are called directly (pint_rule_gauss_kronrod_new), so this
 * suite needs only rules/gauss_kronrod.c and rules/gk_tables.c.
 */
#include <float.h>
#include <gsl/gsl_integration.h>
#include <math.h>
#include <string.h>

#include "gk_tables.h"
#include "rule.h"
#include "testutil.h"

#define NRULES 6
#define MAXPTS 61

typedef void (*gsl_qk_fn)(const gsl_function *f, double a, double b,
                         double *result, double *abserr, double *resabs,
                         double *resasc);

typedef struct {
    enum pint_rule id;
    int n;                      /* Gauss points */
    gsl_qk_fn qk;
} rule_case;

static const rule_case rules[NRULES] = {
    { PINT_RULE_GK15, 7, gsl_integration_qk15 },
    { PINT_RULE_GK21, 10, gsl_integration_qk21 },
    { PINT_RULE_GK31, 15, gsl_integration_qk31 },
    { PINT_RULE_GK41, 20, gsl_integration_qk41 },
    { PINT_RULE_GK51, 25, gsl_integration_qk51 },
    { PINT_RULE_GK61, 30, gsl_integration_qk61 },
};

/* Degree of exactness of the Kronrod rule: 3n+1, and 3n+2 for odd n
 * because odd monomials of the symmetric rule integrate to 0. */
static int kronrod_degree(int n)
{
    return n % 2 ? 3 * n + 2 : 3 * n + 1;
}

/* |a - b| <= tol |b|: a purely relative check, for error estimates and
 * values far below 1 where PT_ASSERT_CLOSE would be absolute.  Returns
 * the relative deviation so callers can report the worst one. */
static double check_rel(double a, double b, double tol, const char *what,
                        int npts, double lo, double hi)
{
    double dev = a == b ? 0 : fabs(a - b) / fabs(b);
    if (!(dev <= tol))
        fprintf(stderr, "\n  gk%d %s on [%g, %g]: %.17g vs %.17g (rel %.3g)\n",
                npts, what, lo, hi, a, b, dev);
    CU_ASSERT(dev <= tol);
    return dev;
}

/* ---------------------------------------------------------- integrands */

static double f_exp(double x, void *p) { (void)p; return exp(x); }
static double f_cos30(double x, void *p) { (void)p; return cos(30 * x); }
static double f_runge(double x, void *p) { (void)p; return 1 / (1 + 25 * x * x); }
static double f_x7(double x, void *p) { (void)p; return pow(x, 7); }
static double f_sqrt(double x, void *p) { (void)p; return sqrt(x); }
static double f_log(double x, void *p) { (void)p; return log(x); }

static double f_mono(double x, void *p)
{
    return pow(x, *(const int *)p);
}

/* ------------------------------------------------------------- helpers */

/* Apply rule r (ncomp = 1) to the scalar f on [a, b], with the centre and
 * half-width computed as QUADPACK computes them. */
static void run_scalar(const pint_rule_impl *r, double (*f)(double, void *),
                       void *param, double a, double b, double *val,
                       double *err, int *split)
{
    double geom[2] = { 0.5 * (a + b), 0.5 * (b - a) };
    double x[MAXPTS], fv[MAXPTS];

    r->points(r, geom, x);
    for (size_t p = 0; p < r->npoints; p++)
        fv[p] = f(x[p], param);
    r->apply(r, geom, b - a, 0, fv, val, err, split, NULL);
}

static void run_gsl(const rule_case *rc, double (*f)(double, void *),
                    void *param, double a, double b, double *val, double *err)
{
    gsl_function gf = { f, param };
    double resabs, resasc;
    rc->qk(&gf, a, b, val, err, &resabs, &resasc);
}

/* ---------------------------------------------------------------- tests */

/* The generated tables: layout, symmetry conventions and weight sums. */
static void test_tables(void)
{
    for (int i = 0; i < NRULES; i++) {
        const pint_gk_table *t = &pint_gk_tables[i];
        const int n = rules[i].n;
        double sk, sg;

        CU_ASSERT_EQUAL(t->ngauss, n);
        CU_ASSERT_EQUAL(t->npoints, 2 * n + 1);
        CU_ASSERT_EQUAL(t->nk, n + 1);
        CU_ASSERT_PTR_EQUAL(pint_gk_table_for(2 * n + 1), t);
        CU_ASSERT_EQUAL(t->xgk[t->nk - 1], 0.0);
        CU_ASSERT(t->xgk[0] < 1.0);
        for (int j = 0; j < t->nk; j++) {
            CU_ASSERT(t->wgk[j] > 0);
            if (j > 0)
                CU_ASSERT(t->xgk[j] < t->xgk[j - 1]);
        }
        /* both rules integrate 1 over [-1,1] to 2 */
        sk = t->wgk[t->nk - 1];
        for (int j = 0; j < t->nk - 1; j++)
            sk += 2 * t->wgk[j];
        sg = 0;
        for (int j = 0; j < (n + 1) / 2; j++) {
            CU_ASSERT(t->wg[j] > 0);
            sg += (2 * j + 1 == t->nk - 1 ? 1 : 2) * t->wg[j];
        }
        PT_ASSERT_CLOSE(sk, 2.0, 1e-15);
        PT_ASSERT_CLOSE(sg, 2.0, 1e-15);
    }
    CU_ASSERT_PTR_NULL(pint_gk_table_for(17));
    CU_ASSERT_PTR_NULL(pint_gk_table_for(0));
}

/* (d) The rule structure and its points. */
static void test_structure(void)
{
    for (int i = 0; i < NRULES; i++) {
        const int n = rules[i].n;
        pint_rule_impl *r = pint_rule_gauss_kronrod_new(rules[i].id, 2);
        double geom[2] = { -1.25, 0.75 }, x[MAXPTS];

        CU_ASSERT_PTR_NOT_NULL_FATAL(r);
        CU_ASSERT_EQUAL(r->id, rules[i].id);
        CU_ASSERT_EQUAL(r->kind, PINT_REGION_BOX);
        CU_ASSERT_EQUAL(r->ndim, 1);
        CU_ASSERT_EQUAL(r->ncomp, 2);
        CU_ASSERT_EQUAL(r->npoints, (size_t)(2 * n + 1));
        CU_ASSERT_PTR_NOT_NULL(r->points);
        CU_ASSERT_PTR_NOT_NULL(r->apply);
        CU_ASSERT_PTR_NOT_NULL(r->destroy);

        /* the points lie inside (-2, -0.5), are distinct, and are
         * symmetric about the centre, which is one of them */
        r->points(r, geom, x);
        int centre = 0;
        for (size_t p = 0; p < r->npoints; p++) {
            CU_ASSERT(x[p] > -2.0 && x[p] < -0.5);
            centre += x[p] == -1.25;
            int mirrored = 0;
            for (size_t q = 0; q < r->npoints; q++) {
                mirrored += fabs((x[q] + 1.25) + (x[p] + 1.25)) < 1e-15;
                if (q != p)
                    CU_ASSERT(x[q] != x[p]);
            }
            CU_ASSERT_EQUAL(mirrored, 1);
        }
        CU_ASSERT_EQUAL(centre, 1);
        r->destroy(r);
    }
    /* not a Gauss-Kronrod rule, or no components */
    CU_ASSERT_PTR_NULL(pint_rule_gauss_kronrod_new(PINT_RULE_GM, 1));
    CU_ASSERT_PTR_NULL(pint_rule_gauss_kronrod_new(PINT_RULE_SIMPLEX7, 1));
    CU_ASSERT_PTR_NULL(pint_rule_gauss_kronrod_new(PINT_RULE_GK21, 0));
}

/* (a) Value and error estimate agree with GSL's qk routines. */
static void test_vs_gsl(void)
{
    static const struct {
        double (*f)(double, void *);
        const char *name;
        int positive;           /* defined only for x > 0 */
    } fns[] = {
        { f_exp, "exp(x)", 0 },
        { f_cos30, "cos(30x)", 0 },
        { f_runge, "1/(1+25x^2)", 0 },
        { f_x7, "x^7", 0 },
        { f_sqrt, "sqrt(x)", 1 },
        { f_log, "log(x)", 1 },
    };
    static const double any[][2] = {
        { 0, 1 }, { -1, 2 }, { -7.5, -2.25 }, { -40, 60 }, { -1e-3, 2e-3 },
        { 123.5, 124 },
    };
    static const double pos[][2] = {
        { 0, 1 }, { 0.5, 30 }, { 1e-3, 1e-2 }, { 2, 1000 },
    };
    double worst_val = 0, worst_err = 0;
    int ncases = 0;

    for (int i = 0; i < NRULES; i++) {
        pint_rule_impl *r = pint_rule_gauss_kronrod_new(rules[i].id, 1);
        CU_ASSERT_PTR_NOT_NULL_FATAL(r);
        for (size_t k = 0; k < sizeof fns / sizeof fns[0]; k++) {
            const double (*iv)[2] = fns[k].positive ? pos : any;
            size_t niv = fns[k].positive ? sizeof pos / sizeof pos[0]
                                         : sizeof any / sizeof any[0];
            for (size_t j = 0; j < niv; j++) {
                double a = iv[j][0], b = iv[j][1];
                double v, e, gv, ge, dv, de;
                int split = -1;
                run_scalar(r, fns[k].f, NULL, a, b, &v, &e, &split);
                run_gsl(&rules[i], fns[k].f, NULL, a, b, &gv, &ge);
                CU_ASSERT_EQUAL(split, 0);
                CU_ASSERT(e >= 0);
                dv = check_rel(v, gv, 1e-14, fns[k].name, 2 * rules[i].n + 1,
                               a, b);
                de = check_rel(e, ge, 1e-14, "error", 2 * rules[i].n + 1,
                               a, b);
                worst_val = dv > worst_val ? dv : worst_val;
                worst_err = de > worst_err ? de : worst_err;
                ncases++;
            }
        }
        r->destroy(r);
    }
    printf("\n    %d cases; max relative deviation from GSL: value %.3g, "
           "error %.3g ", ncases, worst_val, worst_err);
}

/* (b) Monomials x^k on [-1,2] are exact up to the Kronrod degree. */
static void test_monomials(void)
{
    double worst = 0;
    for (int i = 0; i < NRULES; i++) {
        pint_rule_impl *r = pint_rule_gauss_kronrod_new(rules[i].id, 1);
        CU_ASSERT_PTR_NOT_NULL_FATAL(r);
        for (int k = 0; k <= kronrod_degree(rules[i].n); k++) {
            const double exact = (ldexp(1, k + 1) + (k % 2 ? -1 : 1))
                               / (k + 1);   /* (2^{k+1} - (-1)^{k+1})/(k+1) */
            double v, e;
            int split;
            run_scalar(r, f_mono, &k, -1, 2, &v, &e, &split);
            double dev = check_rel(v, exact, 1e-13, "x^k", (int)r->npoints,
                                   -1, 2);
            worst = dev > worst ? dev : worst;
        }
        r->destroy(r);
    }
    printf("\n    max relative residual %.3g ", worst);
}

/* (b) The same in the Legendre basis on [-1,1]: Q(P_k) = 0 for
 * 0 < k <= degree, and the first even degree beyond is visibly not exact
 * (|Q| ~ 1e-4..1e-2), so the degree is exactly the Kronrod degree.  In the
 * monomial basis the failure beyond the degree is hidden below rounding. */
static double legendre_p(double x, void *p)
{
    const int n = *(const int *)p;
    double p0 = 1, p1 = x;
    if (n == 0)
        return 1;
    for (int k = 1; k < n; k++) {
        double p2 = ((2 * k + 1) * x * p1 - k * p0) / (k + 1);
        p0 = p1;
        p1 = p2;
    }
    return p1;
}

static void test_legendre(void)
{
    for (int i = 0; i < NRULES; i++) {
        pint_rule_impl *r = pint_rule_gauss_kronrod_new(rules[i].id, 1);
        const int deg = kronrod_degree(rules[i].n);
        double v, e;
        int split;
        CU_ASSERT_PTR_NOT_NULL_FATAL(r);
        for (int k = 1; k <= deg; k++) {
            run_scalar(r, legendre_p, &k, -1, 1, &v, &e, &split);
            CU_ASSERT(fabs(v) <= 1e-14);
        }
        int next = deg + 1 + (deg + 1) % 2;
        run_scalar(r, legendre_p, &next, -1, 1, &v, &e, &split);
        CU_ASSERT(fabs(v) > 1e-6);
        r->destroy(r);
    }
}

/* (c) Three components at once give exactly the scalar results. */
static double f_three(int k, double x)
{
    return k == 0 ? exp(x) : k == 1 ? cos(30 * x) : 1 / (1 + 25 * x * x);
}

static double f_comp(double x, void *p)
{
    return f_three(*(const int *)p, x);
}

static void test_components(void)
{
    const double a = -0.3, b = 1.7;
    for (int i = 0; i < NRULES; i++) {
        pint_rule_impl *r3 = pint_rule_gauss_kronrod_new(rules[i].id, 3);
        pint_rule_impl *r1 = pint_rule_gauss_kronrod_new(rules[i].id, 1);
        double geom[2] = { 0.5 * (a + b), 0.5 * (b - a) };
        double x[MAXPTS], fv[3 * MAXPTS], val[4], err[4];
        int split = -1;

        CU_ASSERT_PTR_NOT_NULL_FATAL(r3);
        CU_ASSERT_PTR_NOT_NULL_FATAL(r1);
        CU_ASSERT_EQUAL(r3->npoints, r1->npoints);
        r3->points(r3, geom, x);
        for (size_t p = 0; p < r3->npoints; p++)
            for (int k = 0; k < 3; k++)
                fv[p * 3 + k] = f_three(k, x[p]);
        /* sentinels: apply writes ncomp values and no more */
        val[3] = err[3] = -42;
        r3->apply(r3, geom, b - a, 0, fv, val, err, &split, NULL);
        CU_ASSERT_EQUAL(split, 0);
        CU_ASSERT_EQUAL(val[3], -42);
        CU_ASSERT_EQUAL(err[3], -42);
        for (int k = 0; k < 3; k++) {
            double v, e;
            int s;
            run_scalar(r1, f_comp, &k, a, b, &v, &e, &s);
            CU_ASSERT_EQUAL(val[k], v);
            CU_ASSERT_EQUAL(err[k], e);
        }
        r1->destroy(r1);
        r3->destroy(r3);
    }
}

/* The error estimate tracks the true error: it bounds it for smooth
 * integrands, and it is at the rounding floor 50 eps resabs once the
 * rule is exact (a constant). */
static void test_error_estimate(void)
{
    for (int i = 0; i < NRULES; i++) {
        pint_rule_impl *r = pint_rule_gauss_kronrod_new(rules[i].id, 1);
        double v, e;
        int split;
        CU_ASSERT_PTR_NOT_NULL_FATAL(r);
        /* cos(30x) on [0, 1]: exact sin(30)/30 */
        run_scalar(r, f_cos30, NULL, 0, 1, &v, &e, &split);
        CU_ASSERT(fabs(v - sin(30.0) / 30) <= e);
        /* x^0 on [2, 5]: value 3, error 50 eps * 3 */
        int zero = 0;
        run_scalar(r, f_mono, &zero, 2, 5, &v, &e, &split);
        PT_ASSERT_CLOSE(v, 3.0, 1e-15);
        PT_ASSERT_CLOSE(e / (50 * DBL_EPSILON * 3), 1.0, 1e-12);
        r->destroy(r);
    }
}

static CU_TestInfo tests[] = {
    { "tables: layout and weight sums", test_tables },
    { "rule structure and points (npoints = 2n+1)", test_structure },
    { "value and error agree with GSL qk15..qk61", test_vs_gsl },
    { "monomials on [-1,2] exact to degree 3n+1", test_monomials },
    { "Legendre moments: exact, then not", test_legendre },
    { "three components equal three scalar runs", test_components },
    { "error estimate bounds the true error", test_error_estimate },
    CU_TEST_INFO_NULL,
};

int main(void)
{
    return pint_test_run("gauss-kronrod", tests);
}

/* test_ranges.c -- the integrals users bring beyond the unit cube:
 * infinite and semi-infinite ranges (lib/map.c) in every method,
 * integrable singularities on the faces of the box (lib/adapt.c), and
 * the guards against boxes floating point cannot hold and against a
 * mass the rules' points missed.  Every accuracy check asks for the
 * tolerance given and for an honest estimate, |Q - I| <= E, against a
 * closed form. */
#include <string.h>
#include <unistd.h>
#include "testutil.h"
#include "pint.h"

#define SQRT_PI 1.7724538509055160273

/* Integrate fn over [lo, hi] with opt; the status, value and error of
 * component k into the pointers. */
static int run(const pint_function *fn, const double *lo, const double *hi,
               const pint_options *opt, double *val, double *err)
{
    pint_domain dom = pint_domain_box(lo, hi);
    pint_result *res = pint_result_alloc(fn->ncomp);
    CU_ASSERT_PTR_NOT_NULL_FATAL(res);
    int st = pint_integrate(fn, &dom, opt, res);
    for (int k = 0; k < fn->ncomp; k++) {
        val[k] = res->value[k];
        err[k] = res->error[k];
    }
    pint_result_free(res);
    return st;
}

/* Converged, honest, and within the relative tolerance er of |exact|. */
static void expect_honest(const char *what, int st, double q, double e,
                          double exact, double er)
{
    int ok = st == PINT_CONVERGED && fabs(q - exact) <= e
             && e <= er * fabs(exact) * (1 + 1e-12);
    if (!ok)
        fprintf(stderr, "\n  %s: status %d, %.17g +- %.3g, exact %.17g "
                "(true error %.3g)\n", what, st, q, e, exact,
                fabs(q - exact));
    CU_ASSERT_EQUAL(st, PINT_CONVERGED);
    CU_ASSERT(fabs(q - exact) <= e);
    CU_ASSERT(e <= er * fabs(exact) * (1 + 1e-12));
}

/* Run and check as above. */
static double honest(const char *what, const pint_function *fn,
                     const double *lo, const double *hi,
                     const pint_options *opt, double exact, double er)
{
    double q, e;
    int st = run(fn, lo, hi, opt, &q, &e);
    expect_honest(what, st, q, e, exact, er);
    return q;
}

static double sumsq(int n, const double *x)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += x[i] * x[i];
    return s;
}

static int gauss(int n, const double *x, int m, double *f, void *c)
{ (void)m; (void)c; f[0] = exp(-sumsq(n, x)); return 0; }

static int gauss_batch(int n, size_t np, const double *x, int m, double *f,
                       void *c)
{
    for (size_t p = 0; p < np; p++)
        gauss(n, x + p * (size_t)n, m, f + p, c);
    return 0;
}

/* exp(-(x1^2 + 2 x2^2 + x3^2/2)) over R^3: pi^(3/2) / sqrt(1 * 2 / 2) */
static int aniso(int n, const double *x, int m, double *f, void *c)
{
    (void)n; (void)m; (void)c;
    f[0] = exp(-(x[0] * x[0] + 2 * x[1] * x[1] + 0.5 * x[2] * x[2]));
    return 0;
}

static int cauchy(int n, const double *x, int m, double *f, void *c)
{
    (void)m; (void)c;
    f[0] = 1;
    for (int i = 0; i < n; i++)
        f[0] /= 1 + x[i] * x[i];
    return 0;
}

/* component 1: exp(-x^2), 2: x^2 exp(-x^2): sqrt(pi), sqrt(pi)/2 */
static int gauss_moments(int n, const double *x, int m, double *f, void *c)
{
    (void)n; (void)m; (void)c;
    f[0] = exp(-x[0] * x[0]);
    f[1] = x[0] * x[0] * f[0];
    return 0;
}

/* x1 exp(x2): over [0,1] x (-inf, 2] it is e^2 / 2; over [0,1] x [0, inf)
 * x1 exp(-x2) is 1/2 */
static int x1_exp_x2(int n, const double *x, int m, double *f, void *c)
{ (void)n; (void)m; (void)c; f[0] = x[0] * exp(x[1]); return 0; }
static int x1_exp_mx2(int n, const double *x, int m, double *f, void *c)
{ (void)n; (void)m; (void)c; f[0] = x[0] * exp(-x[1]); return 0; }

static int wide_gauss(int n, const double *x, int m, double *f, void *c)
{ (void)n; (void)m; (void)c; f[0] = exp(-x[0] * x[0] * 1e-6); return 0; }

static void test_infinite_1d(void)
{
    pint_options opt;
    pint_options_init(&opt);
    opt.epsrel = 1e-9;
    pint_function fn = { .ndim = 1, .ncomp = 1, .f = gauss };
    double mi = -INFINITY, pi_ = INFINITY, z = 0, two = 2;
    honest("exp(-x^2) on R", &fn, &mi, &pi_, &opt, SQRT_PI, 1e-9);
    honest("exp(-x^2) on [0, inf)", &fn, &z, &pi_, &opt, SQRT_PI / 2, 1e-9);
    honest("exp(-x^2) on (-inf, 0]", &fn, &mi, &z, &opt, SQRT_PI / 2, 1e-9);
    /* erfc(2) sqrt(pi) / 2 */
    honest("exp(-x^2) on [2, inf)", &fn, &two, &pi_, &opt, 0.004677734981047265838 * SQRT_PI / 2, 1e-9);
    fn.f = cauchy;      /* algebraic decay: the map's end is not 0 */
    honest("1/(1+x^2) on R", &fn, &mi, &pi_, &opt, M_PI, 1e-9);
    fn.f = wide_gauss;  /* mass at 1000: the scale moves the map there */
    double with_scale, without;
    opt.epsrel = 1e-7;
    without = honest("exp(-x^2/1e6) on R", &fn, &mi, &pi_, &opt,
                     1000 * SQRT_PI, 1e-7);
    opt.scale = 1000;
    with_scale = honest("exp(-x^2/1e6) on R, scale 1000", &fn, &mi, &pi_,
                        &opt, 1000 * SQRT_PI, 1e-7);
    CU_ASSERT(with_scale != without);   /* the scale is used */
}

static void test_infinite_nd(void)
{
    pint_options opt;
    pint_options_init(&opt);
    opt.epsrel = 1e-6;
    double mi[3] = { -INFINITY, -INFINITY, -INFINITY };
    double pl[3] = { INFINITY, INFINITY, INFINITY };
    pint_function fn = { .ndim = 2, .ncomp = 1, .f = gauss };
    honest("Gaussian over R^2", &fn, mi, pl, &opt, M_PI, 1e-6);
    fn.f = cauchy;
    honest("Cauchy over R^2", &fn, mi, pl, &opt, M_PI * M_PI, 1e-6);
    fn.ndim = 3;
    fn.f = aniso;
    opt.epsrel = 1e-5;
    honest("anisotropic Gaussian over R^3", &fn, mi, pl, &opt, pow(M_PI, 1.5), 1e-5);
    /* axes of every kind in one box */
    fn.ndim = 2;
    fn.f = x1_exp_x2;
    double lo[2] = { 0, -INFINITY }, hi[2] = { 1, 2 };
    honest("x1 exp(x2) on [0,1] x (-inf, 2]", &fn, lo, hi, &opt, exp(2.0) / 2, 1e-5);
    fn.f = x1_exp_mx2;
    double lo2[2] = { 0, 0 }, hi2[2] = { 1, INFINITY };
    honest("x1 exp(-x2) on [0,1] x [0, inf)", &fn, lo2, hi2, &opt, 0.5, 1e-5);
}

/* The batch form sees the same points: the same answer to the bit. */
static void test_infinite_batch_and_vector(void)
{
    pint_options opt;
    pint_options_init(&opt);
    double mi[2] = { -INFINITY, -INFINITY }, pl[2] = { INFINITY, INFINITY };
    double q1, e1, q2, e2;
    pint_function fn = { .ndim = 2, .ncomp = 1, .f = gauss };
    int s1 = run(&fn, mi, pl, &opt, &q1, &e1);
    fn.f = NULL;
    fn.fbatch = gauss_batch;
    int s2 = run(&fn, mi, pl, &opt, &q2, &e2);
    CU_ASSERT_EQUAL(s1, PINT_CONVERGED);
    CU_ASSERT_EQUAL(s2, PINT_CONVERGED);
    CU_ASSERT_EQUAL(q1, q2);
    CU_ASSERT_EQUAL(e1, e2);

    pint_function vec = { .ndim = 1, .ncomp = 2, .f = gauss_moments };
    double q[2], e[2];
    opt.epsrel = 1e-8;
    int st = run(&vec, mi, pl, &opt, q, e);
    expect_honest("exp(-x^2)", st, q[0], e[0], SQRT_PI, 1e-8);
    CU_ASSERT(fabs(q[1] - SQRT_PI / 2) <= e[1]);
    CU_ASSERT(e[1] <= 1e-8 * SQRT_PI);          /* the max norm */
}

/* Monte Carlo and lattice rules integrate the same map.  Their error is
 * a standard error (one sigma): the seeds are fixed, and the check asks
 * for 3 of them. */
static void test_infinite_sampling(void)
{
    pint_options opt;
    pint_options_init(&opt);
    double mi[2] = { -INFINITY, 0 }, pl[2] = { INFINITY, INFINITY };
    pint_function fn = { .ndim = 2, .ncomp = 1, .f = gauss };
    double q, e;
    opt.method = PINT_METHOD_QMC;
    opt.epsrel = 1e-4;
    int st = run(&fn, mi, pl, &opt, &q, &e);
    CU_ASSERT_EQUAL(st, PINT_CONVERGED);
    CU_ASSERT(e <= 1e-4 * M_PI / 2);
    CU_ASSERT(fabs(q - M_PI / 2) <= 3 * e);
    opt.method = PINT_METHOD_MC;
    opt.epsrel = 3e-3;
    st = run(&fn, mi, pl, &opt, &q, &e);
    CU_ASSERT_EQUAL(st, PINT_CONVERGED);
    CU_ASSERT(e <= 3e-3 * M_PI / 2);
    CU_ASSERT(fabs(q - M_PI / 2) <= 3 * e);
}

/* Singular on a face of the box: the face points are moved inside. */
static int inv_sqrt_x1(int n, const double *x, int m, double *f, void *c)
{ (void)n; (void)m; (void)c; f[0] = 1 / sqrt(x[0]); return 0; }
static int log_x1x2(int n, const double *x, int m, double *f, void *c)
{ (void)n; (void)m; (void)c; f[0] = log(x[0] * x[1]); return 0; }
static int sqrt_log(int n, const double *x, int m, double *f, void *c)
{
    (void)n; (void)m; (void)c;
    f[0] = pow(x[0], -0.5) * log(x[0]) * x[1];
    return 0;
}
/* on the plane x1 = 1/3, inside: no point falls on it, the peak is
 * resolved like any other (a plane a centre falls on needs a breakpoint) */
static int inv_sqrt_mid(int n, const double *x, int m, double *f, void *c)
{ (void)n; (void)m; (void)c; f[0] = 1 / sqrt(fabs(x[0] - 1.0 / 3)); return 0; }

static void test_boundary_singularities(void)
{
    double lo[3] = { 0, 0, 0 }, hi[3] = { 1, 1, 1 };
    pint_options opt;
    pint_options_init(&opt);
    pint_function fn = { .ndim = 2, .ncomp = 1, .f = inv_sqrt_x1 };
    honest("1/sqrt(x1)", &fn, lo, hi, &opt, 2, 1e-6);
    fn.f = log_x1x2;
    honest("log(x1 x2)", &fn, lo, hi, &opt, -2, 1e-6);
    fn.f = sqrt_log;    /* int x^-1/2 log x = -4, times 1/2 */
    honest("x1^-1/2 log(x1) x2", &fn, lo, hi, &opt, -2, 1e-6);
    fn.f = inv_sqrt_mid;
    honest("1/sqrt|x1 - 1/3|", &fn, lo, hi, &opt,
           2 * (sqrt(1.0 / 3) + sqrt(2.0 / 3)), 1e-6);
    fn.f = inv_sqrt_x1;
    fn.ndim = 3;
    honest("1/sqrt(x1), d = 3", &fn, lo, hi, &opt, 2, 1e-6);
    fn.ndim = 2;
    opt.rule = PINT_RULE_SYM7;  /* the face points carry weight there */
    honest("1/sqrt(x1), sym7", &fn, lo, hi, &opt, 2, 1e-6);
}

/* A value that is not finite inside the box is still the integrand's
 * failure; one at the end of an infinite range is a divergence; points in
 * messages are the user's x, not the map's t. */
static int nan_beyond_5(int n, const double *x, int m, double *f, void *c)
{ (void)n; (void)m; (void)c; f[0] = x[0] > 5 ? NAN : exp(-x[0]); return 0; }
static int one(int n, const double *x, int m, double *f, void *c)
{ (void)n; (void)x; (void)m; (void)c; f[0] = 1; return 0; }
static int nan_left_third(int n, const double *x, int m, double *f, void *c)
{ (void)n; (void)m; (void)c; f[0] = x[0] < 1.0 / 3 ? NAN : 1; return 0; }

static void test_failures_named(void)
{
    pint_options opt;
    pint_options_init(&opt);
    double lo = 0, hi = INFINITY;
    pint_domain dom = pint_domain_box(&lo, &hi);
    pint_result *res = pint_result_alloc(1);
    pint_function fn = { .ndim = 1, .ncomp = 1, .f = nan_beyond_5 };
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, res), PINT_ERR_NONFINITE);
    const char *at = strstr(res->message, "x = (");
    CU_ASSERT_PTR_NOT_NULL_FATAL(at);
    CU_ASSERT(atof(at + 5) > 5);        /* x, not t in [0, 1] */
    /* divergent: 1-D extrapolation says so; in 2-D the subdivision
     * reaches the end of the range */
    fn.f = one;
    int st = pint_integrate(&fn, &dom, &opt, res);
    CU_ASSERT(st == PINT_UNRELIABLE || st == PINT_ROUNDOFF);
    CU_ASSERT(res->message[0] != '\0');
    CU_ASSERT(!(res->error[0] <= 1e-6 * fabs(res->value[0])));
    double qlo[2] = { 0, 0 }, qhi[2] = { 1, INFINITY };
    pint_domain quarter = pint_domain_box(qlo, qhi);
    fn.ndim = 2;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &quarter, &opt, res),
                    PINT_ERR_NONFINITE);
    CU_ASSERT(strstr(res->message, "does the integral diverge?") != NULL);
    fn.ndim = 1;
    double blo[2] = { 0, 0 }, bhi[2] = { 1, 1 };
    pint_domain box = pint_domain_box(blo, bhi);
    fn.ndim = 2;
    fn.f = nan_left_third;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &box, &opt, res), PINT_ERR_NONFINITE);
    CU_ASSERT(strstr(res->message, "NaN") != NULL);
    pint_result_free(res);
}

/* A box far wider than the integrand: the first points see the peak,
 * the split's children only zeros.  Not "converged 0 +- 0". */
static int step_half(int n, const double *x, int m, double *f, void *c)
{ (void)n; (void)m; (void)c; f[0] = x[0] < 0.5; return 0; }
static int zero(int n, const double *x, int m, double *f, void *c)
{ (void)n; (void)x; (void)m; (void)c; f[0] = 0; return 0; }

/* A peak at x1 = 1e5, of width 1. */
static int far_peak(int n, const double *x, int m, double *f, void *c)
{
    (void)n; (void)m; (void)c;
    f[0] = exp(-(x[0] - 1e5) * (x[0] - 1e5));
    return 0;
}

static void test_vanished_mass(void)
{
    pint_options opt;
    pint_options_init(&opt);
    double lo[2] = { -1e300, -1e300 }, hi[2] = { 1e300, 1e300 };
    pint_domain dom = pint_domain_box(lo, hi);
    pint_result *res = pint_result_alloc(1);
    pint_function fn = { .ndim = 1, .ncomp = 1, .f = gauss };
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, res), PINT_UNRELIABLE);
    CU_ASSERT(strstr(res->message, "-inf/inf") != NULL);
    CU_ASSERT_EQUAL(res->value[0], 0);          /* the estimate is kept */
    CU_ASSERT_STRING_EQUAL(pint_status_name(PINT_UNRELIABLE), "unreliable");
    CU_ASSERT(!pint_status_is_error(PINT_UNRELIABLE));
    /* a true zero and a step are not flagged; the zero, which a peak
     * between the points would also give, is cautioned about, naming
     * how many points gave 0 (the first rule's alone) */
    double ulo[2] = { 0, 0 }, uhi[2] = { 1, 1 };
    pint_domain unit = pint_domain_box(ulo, uhi);
    fn.f = zero;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &unit, &opt, res), PINT_CONVERGED);
    CU_ASSERT_EQUAL(res->value[0], 0);
    char caution[96];
    snprintf(caution, sizeof caution, "every point sampled (%lld) gave 0, "
             "taken for an integral of 0", res->evals);
    CU_ASSERT(res->evals > 0 && strstr(res->message, caution) != NULL);
    fn.f = step_half;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &unit, &opt, res), PINT_CONVERGED);
    CU_ASSERT(fabs(res->value[0] - 0.5) <= res->error[0]);
    CU_ASSERT_STRING_EQUAL(res->message, "");
    /* every point 0 on an axis wider than 1e6, or infinite: flagged, by
     * every method; not at 1e6 */
    fn.f = far_peak;
    static const int methods[] = { PINT_METHOD_ADAPTIVE, PINT_METHOD_QMC,
                                   PINT_METHOD_MC };
    double wlo[2] = { -1e300, 0 }, whi[2] = { 1e300, 1 };
    pint_domain wide = pint_domain_box(wlo, whi);
    for (int d = 1; d <= 2; d++)
        for (int i = 0; i < 3; i++) {
            fn.ndim = d;
            opt.method = methods[i];
            CU_ASSERT_EQUAL(pint_integrate(&fn, &wide, &opt, res),
                            PINT_UNRELIABLE);
            CU_ASSERT(res->value[0] == 0 && res->error[0] == 0);
            CU_ASSERT(strstr(res->message, "every point sampled gave 0, on "
                             "an axis of width 2e+300") != NULL);
        }
    opt.method = PINT_METHOD_ADAPTIVE;
    fn.ndim = 1;
    wlo[0] = -INFINITY;
    whi[0] = INFINITY;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &wide, &opt, res), PINT_UNRELIABLE);
    CU_ASSERT(strstr(res->message, "width inf") != NULL);
    fn.f = zero;
    wlo[0] = 0;
    whi[0] = 1e6;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &wide, &opt, res), PINT_CONVERGED);
    whi[0] = 2e6;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &wide, &opt, res), PINT_UNRELIABLE);
    pint_result_free(res);
}

/* A checkpoint of [0, inf) is not one of [1, inf): the box in t is the
 * same, the bounds as given are not. */
static void test_checkpoint_fingerprint(void)
{
    char path[] = "/tmp/pint-ranges-XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    close(fd);
    pint_options opt;
    pint_options_init(&opt);
    opt.checkpoint = path;
    opt.max_evals = 30;         /* the first interval, then no step */
    double lo = 0, hi = INFINITY;
    pint_domain dom = pint_domain_box(&lo, &hi);
    pint_result *res = pint_result_alloc(1);
    pint_function fn = { .ndim = 1, .ncomp = 1, .f = gauss };
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, res), PINT_MAX_EVALS);
    pint_options_init(&opt);
    opt.resume = path;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, res), PINT_CONVERGED);
    CU_ASSERT(fabs(res->value[0] - SQRT_PI / 2) <= res->error[0]);
    lo = 1;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, res), PINT_ERR_INVALID);
    lo = 0;
    opt.scale = 2;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, res), PINT_ERR_INVALID);
    pint_result_free(res);
    unlink(path);
}

int main(void)
{
    alarm(300);         /* no test may hang */
    CU_TestInfo tests[] = {
        { "infinite ranges, 1-D", test_infinite_1d },
        { "infinite ranges, n-D and mixed", test_infinite_nd },
        { "infinite ranges, batch and vector", test_infinite_batch_and_vector },
        { "infinite ranges, qmc and mc", test_infinite_sampling },
        { "singularities on the faces", test_boundary_singularities },
        { "failures name x", test_failures_named },
        { "mass the points missed", test_vanished_mass },
        { "checkpoint fingerprint", test_checkpoint_fingerprint },
        CU_TEST_INFO_NULL,
    };
    return pint_test_run("ranges", tests);
}

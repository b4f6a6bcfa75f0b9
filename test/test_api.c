/* test_api.c -- the public C API only, linked against libpint.so as an
 * embedding program would be (internal symbols are hidden). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <pthread.h>
#include <stdatomic.h>
#include "testutil.h"
#include <pint.h>

/* An embedding program: f(x) = x1 x2 x3 over [0,1]^3 is 1/8 (the example
 * of pint(3) itself is test/embed_example.c). */
static int my_f(int ndim, const double *x, int ncomp, double *fval, void *ctx)
{
    double *calls = ctx;
    double p = 1.0;
    for (int i = 0; i < ndim; i++)
        p *= x[i];
    for (int k = 0; k < ncomp; k++)
        fval[k] = p;
    *calls += 1;
    return 0;
}

static void test_embedding_example(void)
{
    double calls = 0;
    pint_function fn = { .ndim = 3, .ncomp = 1, .f = my_f, .ctx = &calls };
    double lo[3] = { 0, 0, 0 }, hi[3] = { 1, 1, 1 };
    pint_domain dom = pint_domain_box(lo, hi);
    pint_options opt;
    pint_options_init(&opt);
    opt.epsrel = 1e-8;
    pint_result *res = pint_result_alloc(1);
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, res), PINT_CONVERGED);
    PT_ASSERT_CLOSE(res->value[0], 0.125, 1e-14);
    /* a cubic is integrated exactly by the default rule at n = 3, of
     * degree 11: one region of its 133 points (rules/symmetric.c) */
    CU_ASSERT_EQUAL(res->regions, 1);
    CU_ASSERT_EQUAL(res->evals, 133);
    CU_ASSERT_EQUAL((long long)calls, res->evals);
    CU_ASSERT_EQUAL(res->status, PINT_CONVERGED);
    CU_ASSERT_EQUAL(res->rule, PINT_RULE_SYM11);
    CU_ASSERT(res->seconds >= 0);
    pint_result_free(res);
}

/* The batch form sees all points of a step at once and gives the same
 * result as the one-point form. */
static int batch_calls;
static int my_batch(int ndim, size_t npts, const double *x, int ncomp,
                    double *fval, void *ctx)
{
    (void)ctx;
    batch_calls++;
    for (size_t p = 0; p < npts; p++)
        for (int k = 0; k < ncomp; k++)
            fval[p * ncomp + k] = exp(-(k + 1) * x[p * ndim] * x[p * ndim + 1]);
    return 0;
}

static int my_point(int ndim, const double *x, int ncomp, double *fval,
                    void *ctx)
{
    (void)ndim;
    (void)ctx;
    for (int k = 0; k < ncomp; k++)
        fval[k] = exp(-(k + 1) * x[0] * x[1]);
    return 0;
}

static void test_batch_form(void)
{
    double lo[2] = { 0, 0 }, hi[2] = { 2, 1 };
    pint_domain dom = pint_domain_box(lo, hi);
    pint_options opt;
    pint_options_init(&opt);
    opt.epsrel = 1e-10;
    opt.threads = 1;            /* one call per step, counted below */
    pint_result *a = pint_result_alloc(2), *b = pint_result_alloc(2);
    pint_function fp = { .ndim = 2, .ncomp = 2, .f = my_point };
    pint_function fb = { .ndim = 2, .ncomp = 2, .fbatch = my_batch };
    CU_ASSERT_EQUAL(pint_integrate(&fp, &dom, &opt, a), PINT_CONVERGED);
    batch_calls = 0;
    CU_ASSERT_EQUAL(pint_integrate(&fb, &dom, &opt, b), PINT_CONVERGED);
    for (int k = 0; k < 2; k++) {
        CU_ASSERT_EQUAL(a->value[k], b->value[k]);
        CU_ASSERT_EQUAL(a->error[k], b->error[k]);
    }
    CU_ASSERT_EQUAL(a->evals, b->evals);
    /* one call for the first region, then one per subdivision step */
    CU_ASSERT_EQUAL(batch_calls, (int)b->regions);
    pint_result_free(a);
    pint_result_free(b);
}

static void test_names(void)
{
    for (int r = PINT_RULE_AUTO; r < PINT_RULE_COUNT_; r++)
        CU_ASSERT_EQUAL(pint_rule_from_name(pint_rule_name(r)), r);
    CU_ASSERT_EQUAL(pint_rule_from_name("gk99"), -1);
    CU_ASSERT_EQUAL(pint_rule_from_name(NULL), -1);
    CU_ASSERT_STRING_EQUAL(pint_status_name(PINT_CONVERGED), "converged");
    CU_ASSERT_STRING_EQUAL(pint_status_name(PINT_MAX_EVALS), "max-evals");
    CU_ASSERT_STRING_EQUAL(pint_status_name(PINT_MAX_REGIONS), "max-regions");
    CU_ASSERT_STRING_EQUAL(pint_status_name(PINT_ERR_INTEGRAND),
                           "integrand-error");
    CU_ASSERT_STRING_EQUAL(pint_version(), PINT_VERSION);
    int lo, hi;
    pint_rule_dims(PINT_RULE_GM, &lo, &hi);
    CU_ASSERT(lo == 2 && hi >= 15);
    pint_rule_dims(PINT_RULE_GK61, &lo, &hi);
    CU_ASSERT(lo == 1 && hi == 1);
    CU_ASSERT_PTR_NULL(pint_result_alloc(0));
    pint_options opt;
    pint_options_init(&opt);
    CU_ASSERT_EQUAL(opt.epsabs, 0.0);
    CU_ASSERT_EQUAL(opt.epsrel, 1e-6);
    CU_ASSERT_EQUAL(opt.max_evals, 100000000LL);
    CU_ASSERT_EQUAL(opt.max_regions, 10000000u);
}

/* x0 * x1 over the box: 1/4 on the unit square; fails where x0 > 0.9
 * when ctx says so. */
static int corner(int ndim, const double *x, int ncomp, double *fval,
                  void *ctx)
{
    (void)ndim;
    (void)ncomp;
    if (ctx && x[0] > 0.9)
        return 5;
    fval[0] = x[0] * x[1];
    return 0;
}

/* Many integrals without MPI: in order, each with its own tolerance; a
 * failing one is reported and the others complete; bad batch options
 * are refused with a message in every result. */
static void test_integrate_batch(void)
{
    double lo[2] = { 0, 0 }, hi1[2] = { 1, 1 }, hi2[2] = { 2, 3 };
    int fail = 1;
    pint_problem p[3];
    for (int i = 0; i < 3; i++) {
        p[i].fn = (pint_function){ .ndim = 2, .ncomp = 1, .f = corner };
        p[i].dom = pint_domain_box(lo, i == 2 ? hi2 : hi1);
        pint_options_init(&p[i].opt);
        p[i].opt.epsrel = i == 0 ? 1e-10 : 1e-6;
    }
    p[1].fn.ctx = &fail;
    pint_result *r[3];
    for (int i = 0; i < 3; i++)
        r[i] = pint_result_alloc(1);
    pint_batch_options bo;
    pint_batch_options_init(&bo);
    CU_ASSERT_EQUAL(bo.groups, 1);
    CU_ASSERT_EQUAL(bo.schedule, PINT_SCHED_SS);
    CU_ASSERT_EQUAL(pint_integrate_batch(3, p, &bo, r), PINT_ERR_INTEGRAND);
    CU_ASSERT_EQUAL(r[0]->status, PINT_CONVERGED);
    PT_ASSERT_REL(r[0]->value[0], 0.25, 1e-10);
    CU_ASSERT_EQUAL(r[1]->status, PINT_ERR_INTEGRAND);
    CU_ASSERT(strstr(r[1]->message, "error code 5") != NULL);
    CU_ASSERT_EQUAL(r[2]->status, PINT_CONVERGED);
    PT_ASSERT_REL(r[2]->value[0], 9.0, 1e-6);    /* (4/2)(9/2) */
    CU_ASSERT_EQUAL(r[2]->group, 0);
    p[1].fn.ctx = NULL;
    CU_ASSERT_EQUAL(pint_integrate_batch(3, p, &bo, r), PINT_CONVERGED);
    bo.groups = 0;
    CU_ASSERT_EQUAL(pint_integrate_batch(3, p, &bo, r), PINT_ERR_INVALID);
    CU_ASSERT(strstr(r[2]->message, "number of groups") != NULL);
    CU_ASSERT_EQUAL(pint_integrate_batch(0, p, &bo, r), PINT_CONVERGED);
    for (int i = 0; i < 3; i++)
        pint_result_free(r[i]);
}

/* Options filled by hand for the adaptive method (an embedding program
 * written before the QMC fields existed) still work; the QMC fields are
 * checked when QMC runs. */
static void test_options_by_hand(void)
{
    double lo[2] = { 0, 0 }, hi[2] = { 1, 1 };
    pint_function fn = { .ndim = 2, .ncomp = 1, .f = corner };
    pint_domain dom = pint_domain_box(lo, hi);
    pint_options opt;
    memset(&opt, 0, sizeof opt);
    opt.epsrel = 1e-8;
    opt.max_evals = 1000000;
    opt.max_regions = 100000;
    pint_result *r = pint_result_alloc(1);
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r), PINT_CONVERGED);
    PT_ASSERT_REL(r->value[0], 0.25, 1e-8);
    opt.method = PINT_METHOD_QMC;
    opt.shifts = 1;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r), PINT_ERR_INVALID);
    CU_ASSERT(strstr(r->message, "at least 2 shifts") != NULL);
    opt.shifts = 8;
    opt.epsrel = 1e-4;
    int st = pint_integrate(&fn, &dom, &opt, r);
    if (st != PINT_CONVERGED)
        fprintf(stderr, "\n  status %d: %s", st, r->message);
    CU_ASSERT_EQUAL(st, PINT_CONVERGED);
    CU_ASSERT_EQUAL(r->shifts, 8);
    CU_ASSERT(fabs(r->value[0] - 0.25) <= 3.0 * r->error[0]);
    pint_result_free(r);
}

/* Options that can grow: a struct from an older pint.h (shorter: size
 * says where it ends) runs with the defaults past its end, whatever lies
 * there; one from a newer pint.h (larger than this library's) is refused
 * with a line naming both sizes; the function form sets the full size. */
static void test_options_sizes(void)
{
    double lo[2] = { 0, 0 }, hi[2] = { 1, 1 };
    pint_function fn = { .ndim = 2, .ncomp = 1, .f = corner };
    pint_domain dom = pint_domain_box(lo, hi);
    pint_result *r = pint_result_alloc(1);
    pint_options opt;
    memset(&opt, 0xff, sizeof opt);     /* what lies past an old struct */
    size_t old = offsetof(pint_options, extrapolate);
    pint_options_init_size(&opt, old);
    CU_ASSERT_EQUAL(opt.size, old);
    CU_ASSERT_EQUAL(opt.epsrel, 1e-6);
    CU_ASSERT_EQUAL((int)opt.norm, -1);         /* not written */
    opt.epsrel = 1e-8;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r), PINT_CONVERGED);
    CU_ASSERT(fabs(r->value[0] - 0.25) <= r->error[0]);
    CU_ASSERT(r->error[0] <= 1e-8 * 0.25);
    opt.size = sizeof opt + 8;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r), PINT_ERR_INVALID);
    CU_ASSERT(strstr(r->message, "options of") != NULL);
    CU_ASSERT(strstr(r->message, "pint_options_init") != NULL);
    (pint_options_init)(&opt);
    CU_ASSERT_EQUAL(opt.size, sizeof opt);
    CU_ASSERT_EQUAL(opt.norm, PINT_NORM_MAX);
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r), PINT_CONVERGED);
    pint_result_free(r);
}

/* Threads (pint_options.threads): a product of Gaussians over [0,1]^4,
 * exact (sqrt(pi)/10 erf(5))^4 ... ctx counts the calls made off the
 * caller's thread. */
typedef struct {
    pthread_t caller;
    atomic_long off;
} thread_ctx;

static int gauss4(int ndim, const double *x, int ncomp, double *fval,
                  void *ctx)
{
    double s = 0.0;
    for (int i = 0; i < ndim; i++)
        s += (x[i] - 0.5) * (x[i] - 0.5);
    for (int k = 0; k < ncomp; k++)
        fval[k] = exp(-100.0 * s);
    thread_ctx *t = ctx;
    if (!pthread_equal(pthread_self(), t->caller))
        atomic_fetch_add(&t->off, 1);
    return 0;
}

/* The same bits on 1, 2 and 4 threads for a given regions_per_step, the
 * estimate honest; the default (0: the cores) is that of 2 threads, one
 * thread calls from the caller's thread only, and so does a struct from a
 * pint.h without the field, whatever lies past it; bad counts are
 * refused. */
static void test_threads(void)
{
    double lo[4] = { 0, 0, 0, 0 }, hi[4] = { 1, 1, 1, 1 };
    thread_ctx tc = { .caller = pthread_self() };
    atomic_init(&tc.off, 0);
    pint_function fn = { .ndim = 4, .ncomp = 1, .f = gauss4, .ctx = &tc };
    pint_domain dom = pint_domain_box(lo, hi);
    double exact = pow(sqrt(M_PI) / 10.0 * erf(5.0), 4);
    pint_result *r = pint_result_alloc(1);
    pint_options opt;
    pint_options_init(&opt);
    CU_ASSERT_EQUAL(opt.threads, 0);
    CU_ASSERT_EQUAL(opt.regions_per_step, 0);
    opt.epsrel = 1e-7;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r), PINT_CONVERGED);
    CU_ASSERT(fabs(r->value[0] - exact) <= r->error[0]);
    double v0 = r->value[0], e0 = r->error[0];
    atomic_store(&tc.off, 0);
    opt.threads = 1;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r), PINT_CONVERGED);
    CU_ASSERT(fabs(r->value[0] - exact) <= r->error[0]);
    CU_ASSERT_EQUAL(atomic_load(&tc.off), 0);
    opt.regions_per_step = 16;
    double v1 = 0, e1 = 0;
    long long n1 = 0;
    for (int t = 1; t <= 4; t *= 2) {
        opt.threads = t;
        CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r), PINT_CONVERGED);
        CU_ASSERT(fabs(r->value[0] - exact) <= r->error[0]);
        CU_ASSERT(r->error[0] <= 1e-7 * exact);
        if (t == 1) {
            v1 = r->value[0];
            e1 = r->error[0];
            n1 = r->evals;
            CU_ASSERT_EQUAL(atomic_load(&tc.off), 0);
            /* the default: 16 regions a step, whatever the cores */
            CU_ASSERT(memcmp(&v0, &v1, sizeof v1) == 0);
            CU_ASSERT(memcmp(&e0, &e1, sizeof e1) == 0);
        }
        CU_ASSERT(memcmp(&v1, &r->value[0], sizeof v1) == 0);
        CU_ASSERT(memcmp(&e1, &r->error[0], sizeof e1) == 0);
        CU_ASSERT_EQUAL(n1, r->evals);
    }
    /* the larger steps keep the evaluation limit */
    opt.threads = 2;
    opt.epsrel = 1e-14;
    opt.max_evals = 100000;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r), PINT_MAX_EVALS);
    CU_ASSERT(r->evals <= 100000);
    CU_ASSERT(r->evals > 90000);
    /* options of an older pint.h: no threads, whatever lies past them */
    memset(&opt, 0xff, sizeof opt);
    pint_options_init_size(&opt, offsetof(pint_options, threads));
    opt.epsrel = 1e-6;
    atomic_store(&tc.off, 0);
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r), PINT_CONVERGED);
    CU_ASSERT_EQUAL(atomic_load(&tc.off), 0);
    pint_options_init(&opt);
    opt.threads = -1;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r), PINT_ERR_INVALID);
    CU_ASSERT(strstr(r->message, "threads must be") != NULL);
    opt.threads = 2;
    opt.regions_per_step = PINT_MAX_REGIONS_PER_STEP + 1;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r), PINT_ERR_INVALID);
    CU_ASSERT(strstr(r->message, "regions per step") != NULL);
    CU_ASSERT(pint_threads_default() >= 1);
    pint_result_free(r);
}

/* gauss4 that fails (returns 1) at points with x[0] > 0.99995: late in
 * a sampling run, at a point fixed by the seed. */
static int gauss4_fails(int ndim, const double *x, int ncomp, double *fval,
                        void *ctx)
{
    if (x[0] > 0.99995)
        return 1;
    return gauss4(ndim, x, ncomp, fval, ctx);
}

/* Monte Carlo and QMC on threads: the same bits (value, error,
 * evaluations) on 1, 2 and 4 threads, honest against the closed form,
 * one thread calling from the caller's only; an integrand that fails at
 * one point fails the same way on any number of threads, with the same
 * estimate kept. */
static void test_threads_mc_qmc(void)
{
    double lo[4] = { 0, 0, 0, 0 }, hi[4] = { 1, 1, 1, 1 };
    thread_ctx tc = { .caller = pthread_self() };
    atomic_init(&tc.off, 0);
    pint_function fn = { .ndim = 4, .ncomp = 1, .f = gauss4, .ctx = &tc };
    pint_domain dom = pint_domain_box(lo, hi);
    double exact = pow(sqrt(M_PI) / 10.0 * erf(5.0), 4);
    pint_result *r = pint_result_alloc(1);
    for (int method = 0; method < 2; method++) {
        pint_options opt;
        pint_options_init(&opt);
        opt.method = method == 0 ? PINT_METHOD_MC : PINT_METHOD_QMC;
        opt.epsrel = method == 0 ? 1e-2 : 1e-6;
        double v1 = 0, e1 = 0;
        long long n1 = 0;
        for (int t = 1; t <= 4; t *= 2) {
            opt.threads = t;
            atomic_store(&tc.off, 0);
            CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r),
                            PINT_CONVERGED);
            /* Monte Carlo's error is a standard error, and this peak's
             * sample variance has heavy tails: within 4 E (seed 1's
             * sample is 3.8 E low; over seeds 1-80 the deviations in
             * units of E have a spread of 1.13, one beyond 3) */
            CU_ASSERT(fabs(r->value[0] - exact) <= (method ? 1 : 4)
                                                   * r->error[0]);
            CU_ASSERT(r->error[0] <= opt.epsrel * exact);
            /* (on more threads the caller may take every task of a
             * loaded machine: off > 0 is not asserted) */
            if (t == 1)
                CU_ASSERT_EQUAL(atomic_load(&tc.off), 0);
            if (t == 1) {
                v1 = r->value[0];
                e1 = r->error[0];
                n1 = r->evals;
            }
            CU_ASSERT(memcmp(&v1, &r->value[0], sizeof v1) == 0);
            CU_ASSERT(memcmp(&e1, &r->error[0], sizeof e1) == 0);
            CU_ASSERT_EQUAL(n1, r->evals);
        }
        /* a failing point: the same status, evaluations and estimate */
        fn.f = gauss4_fails;
        opt.epsrel = 1e-9;
        for (int t = 1; t <= 4; t *= 2) {
            opt.threads = t;
            CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r),
                            PINT_ERR_INTEGRAND);
            CU_ASSERT(strstr(r->message, "integrand") != NULL);
            if (t == 1) {
                v1 = r->value[0];
                n1 = r->evals;
                CU_ASSERT(n1 > 0);
            }
            CU_ASSERT(memcmp(&v1, &r->value[0], sizeof v1) == 0);
            CU_ASSERT_EQUAL(n1, r->evals);
        }
        fn.f = gauss4;
    }
    pint_result_free(r);
}

/* A Gaussian bump exp(-25 |x - c|^2) over [0,1]^4, c = (0.5, ...):
 * exact (sqrt(pi)/5 erf(5/2))^4.  ctx, when set, is a stop flag raised
 * after 20,000 calls. */
typedef struct {
    long calls;
    volatile int stop;
} bump_ctx;

static int bump(int ndim, const double *x, int ncomp, double *fval,
                void *ctx)
{
    double s = 0.0;
    for (int i = 0; i < ndim; i++)
        s += (x[i] - 0.5) * (x[i] - 0.5);
    for (int k = 0; k < ncomp; k++)
        fval[k] = exp(-25.0 * s);
    bump_ctx *b = ctx;
    if (b && ++b->calls == 20000)
        b->stop = 1;
    return 0;
}

static double bump_exact(void)
{
    return pow(sqrt(M_PI) / 5.0 * erf(2.5), 4);
}

static void setup_bump(pint_function *fn, pint_domain *dom, pint_options *opt,
                       double *lo, double *hi)
{
    for (int i = 0; i < 4; i++) {
        lo[i] = 0.0;
        hi[i] = 1.0;
    }
    *fn = (pint_function){ .ndim = 4, .ncomp = 1, .f = bump };
    *dom = pint_domain_box(lo, hi);
    pint_options_init(opt);
    opt->epsrel = 1e-14;
}

/* Create the temporary file named by the template path. */
static void make_temp(char *path)
{
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    close(fd);
}

/* Without MPI the run is deterministic: stopped at a limit with a
 * checkpoint and resumed, it ends bit for bit where one run ends. */
static void test_checkpoint_resume(void)
{
    char path[] = "/tmp/pint-api-ckpt-XXXXXX";
    make_temp(path);
    double lo[4], hi[4];
    pint_function fn;
    pint_domain dom;
    pint_options opt;
    setup_bump(&fn, &dom, &opt, lo, hi);
    opt.identity = "bump";
    pint_result *a = pint_result_alloc(1), *b = pint_result_alloc(1);
    opt.max_evals = 200000;
    opt.checkpoint = path;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, a), PINT_MAX_EVALS);
    CU_ASSERT_EQUAL(a->checkpoints, 1);
    CU_ASSERT_STRING_EQUAL(a->checkpoint_message, "");
    long long first = a->evals;
    opt.max_evals = 600000;
    opt.checkpoint = NULL;
    opt.resume = path;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, a), PINT_MAX_EVALS);
    CU_ASSERT_EQUAL(a->resumed_evals, first);
    opt.resume = NULL;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, b), PINT_MAX_EVALS);
    CU_ASSERT_EQUAL(a->value[0], b->value[0]);
    CU_ASSERT_EQUAL(a->error[0], b->error[0]);
    CU_ASSERT_EQUAL(a->evals, b->evals);
    CU_ASSERT_EQUAL(a->regions, b->regions);
    CU_ASSERT(fabs(a->value[0] - bump_exact()) <= a->error[0]);
    /* another problem is refused */
    opt.resume = path;
    opt.identity = "not the bump";
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, a), PINT_ERR_INVALID);
    CU_ASSERT(strstr(a->message, "another integrand") != NULL);
    CU_ASSERT(isnan(a->value[0]));
    remove(path);
    pint_result_free(a);
    pint_result_free(b);
}

/* PINT_RULE_AUTO resuming a checkpoint of another rule that applies (a
 * checkpoint made under an earlier default) goes on with that rule, bit
 * for bit as one run with it; a rule named must match. */
static void test_checkpoint_resume_rule(void)
{
    char path[] = "/tmp/pint-api-ckpt-XXXXXX";
    make_temp(path);
    double lo[2] = { 0, 0 }, hi[2] = { 1, 1 };
    pint_function fn = { .ndim = 2, .ncomp = 1, .f = bump };
    pint_domain dom = pint_domain_box(lo, hi);
    pint_options opt;
    pint_options_init(&opt);
    opt.epsrel = 1e-13;
    opt.identity = "bump";
    opt.rule = PINT_RULE_SYM13;
    opt.max_evals = 3000;
    opt.checkpoint = path;
    pint_result *a = pint_result_alloc(1), *b = pint_result_alloc(1);
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, a), PINT_MAX_EVALS);
    long long first = a->evals;
    opt.max_evals = 1000000;
    opt.checkpoint = NULL;
    opt.rule = PINT_RULE_AUTO;
    opt.resume = path;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, a), PINT_CONVERGED);
    CU_ASSERT_EQUAL(a->rule, PINT_RULE_SYM13);
    CU_ASSERT_EQUAL(a->resumed_evals, first);
    double exact = pow(sqrt(M_PI) / 5.0 * erf(2.5), 2);
    CU_ASSERT(fabs(a->value[0] - exact) <= a->error[0]);
    opt.resume = NULL;
    opt.rule = PINT_RULE_SYM13;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, b), PINT_CONVERGED);
    CU_ASSERT_EQUAL(a->value[0], b->value[0]);
    CU_ASSERT_EQUAL(a->evals, b->evals);
    opt.resume = path;
    opt.rule = PINT_RULE_SYM9;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, a), PINT_ERR_INVALID);
    CU_ASSERT(strstr(a->message, "a checkpoint of rule sym13, this run "
                     "uses sym9") != NULL);
    remove(path);
    pint_result_free(a);
    pint_result_free(b);
}

/* Monte Carlo and QMC without MPI: a run stopped (at the evaluation
 * limit; QMC by the stop flag in the middle of a row) and resumed ends
 * where the uninterrupted run ends: the same evaluations (the stream
 * continues, the pieces of the row in progress are kept, nothing is
 * computed twice) and the same value but for the rounding of sums added
 * in another grouping. */
static void test_checkpoint_resume_mc_qmc(void)
{
    char path[] = "/tmp/pint-api-ckpt-XXXXXX";
    make_temp(path);
    double lo[4], hi[4];
    pint_function fn;
    pint_domain dom;
    pint_options opt;
    pint_result *a = pint_result_alloc(1), *b = pint_result_alloc(1);
    for (int method = 0; method < 2; method++) {
        setup_bump(&fn, &dom, &opt, lo, hi);
        opt.identity = "bump";
        opt.method = method == 0 ? PINT_METHOD_MC : PINT_METHOD_QMC;
        bump_ctx stopper = { 0, 0 };
        if (method == 0) {
            opt.max_evals = 300000;
        } else {
            fn.ctx = &stopper;  /* the 20,000th call raises the flag */
            opt.stop = &stopper.stop;
            opt.max_evals = 3000000;
        }
        opt.checkpoint = path;
        int want = method == 0 ? PINT_MAX_EVALS : PINT_INTERRUPTED;
        CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, a), want);
        CU_ASSERT_EQUAL(a->checkpoints, 1);
        CU_ASSERT_STRING_EQUAL(a->checkpoint_message, "");
        long long first = a->evals;
        if (method == 1)        /* halted inside row 1 (10 x 1021 before) */
            CU_ASSERT(first >= 20000 && first < 30000);
        fn.ctx = NULL;
        opt.stop = NULL;
        opt.max_evals = method == 0 ? 1200000 : 3000000;
        opt.checkpoint = NULL;
        opt.resume = path;
        CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, a), PINT_MAX_EVALS);
        CU_ASSERT_EQUAL(a->resumed_evals, first);
        opt.resume = NULL;
        CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, b), PINT_MAX_EVALS);
        CU_ASSERT_EQUAL(a->evals, b->evals);
        CU_ASSERT_EQUAL(a->rows, b->rows);
        CU_ASSERT(fabs(a->value[0] - b->value[0]) <= 1e-12 * b->value[0]);
        CU_ASSERT(fabs(a->error[0] - b->error[0]) <= 1e-6 * b->error[0]);
        CU_ASSERT(fabs(a->value[0] - bump_exact()) <= 4 * a->error[0]);
        /* the checkpoint of the other method is refused */
        opt.resume = path;
        opt.method = method == 0 ? PINT_METHOD_QMC : PINT_METHOD_MC;
        CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, a), PINT_ERR_INVALID);
        CU_ASSERT(strstr(a->message, method == 0 ? "the mc method"
                                                 : "the qmc method") != NULL);
        opt.method = method == 0 ? PINT_METHOD_MC : PINT_METHOD_QMC;
        opt.seed = 2;
        CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, a), PINT_ERR_INVALID);
        CU_ASSERT(strstr(a->message, "written with seed 1, this run has "
                         "seed 2") != NULL);
        opt.resume = NULL;
    }
    remove(path);
    pint_result_free(a);
    pint_result_free(b);
}

static int progress_calls;
static long long progress_last;

static void count_progress(const pint_progress *p, void *ctx)
{
    (void)ctx;
    CU_ASSERT(p->evals >= progress_last);
    CU_ASSERT_EQUAL(p->nranks, 1);
    CU_ASSERT(isfinite(p->value[0]) && p->error[0] >= 0);
    progress_last = p->evals;
    progress_calls++;
}

/* The time limit, the stop flag and the progress callback, for each
 * method. */
static void test_time_limit_and_stop(void)
{
    double lo[4], hi[4];
    pint_function fn;
    pint_domain dom;
    pint_options opt;
    setup_bump(&fn, &dom, &opt, lo, hi);
    pint_result *r = pint_result_alloc(1);
    opt.max_evals = 1000000000000000LL;
    /* (0.3 s once gave 1 report of the adaptive method and 2 of MC's
     * with two test loops and a mutation's build on the 2 cores) */
    opt.time_limit = 1.0;
    opt.progress = count_progress;
    opt.progress_seconds = 0.01;
    static const enum pint_method methods[] = {
        PINT_METHOD_ADAPTIVE, PINT_METHOD_MC, PINT_METHOD_QMC };
    for (int m = 0; m < 3; m++) {
        opt.method = methods[m];
        progress_calls = 0;
        progress_last = 0;
        CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r), PINT_TIME_LIMIT);
        CU_ASSERT(r->seconds >= 1.0 && r->seconds < 2.5);
        CU_ASSERT(fabs(r->value[0] - bump_exact()) <= 4 * r->error[0]);
        CU_ASSERT(strstr(r->message, "time limit of 1 s") != NULL);
        /* adaptive: every 0.01 s between steps (about 100 on an idle
         * machine); MC and QMC: once per round or row.  How many come in
         * the second depends on the machine's load (4 of the adaptive
         * method's once, with two test loops, a benchmark and another
         * make check on the 2 cores), so only that they repeat is
         * asserted */
        if (progress_calls < 2)
            fprintf(stderr, "\n  method %d: %d progress reports\n", m,
                    progress_calls);
        CU_ASSERT(progress_calls >= 2);
    }
    CU_ASSERT_STRING_EQUAL(pint_status_name(PINT_TIME_LIMIT), "time-limit");
    CU_ASSERT_STRING_EQUAL(pint_status_name(PINT_INTERRUPTED), "interrupted");
    CU_ASSERT(!pint_status_is_error(PINT_TIME_LIMIT));
    CU_ASSERT(!pint_status_is_error(PINT_INTERRUPTED));
    CU_ASSERT(pint_status_is_error(PINT_ERR_NOMEM));
    CU_ASSERT(!pint_status_is_error(PINT_MAX_REGIONS));

    /* the stop flag, raised by the integrand itself after 20,000 calls */
    bump_ctx b = { 0, 0 };
    fn.ctx = &b;
    opt.stop = &b.stop;
    opt.time_limit = 0;
    opt.progress = NULL;
    for (int m = 0; m < 3; m++) {
        b.calls = 0;
        b.stop = 0;
        opt.method = methods[m];
        CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r), PINT_INTERRUPTED);
        CU_ASSERT(strstr(r->message, "interrupted") != NULL);
        CU_ASSERT(fabs(r->value[0] - bump_exact()) <= 4 * r->error[0]);
    }

    /* bad values */
    opt.method = PINT_METHOD_ADAPTIVE;
    opt.time_limit = -1;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r), PINT_ERR_INVALID);
    CU_ASSERT(strstr(r->message, "time limit") != NULL);
    opt.time_limit = 0;
    opt.method = PINT_METHOD_MC;
    opt.checkpoint = "/nonexistent/dir/ckpt";
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r), PINT_ERR_INVALID);
    CU_ASSERT(strstr(r->message, "cannot create") != NULL);
    pint_result_free(r);
}

/* Wall-clock seconds since the Epoch: an end time's clock. */
static double epoch_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int end_time_done_calls;
static void end_time_done(size_t i, const pint_result *res, void *arg)
{
    (void)i;
    (void)res;
    (void)arg;
    end_time_done_calls++;
}

/* The end time: every method stops by it with PINT_TIME_LIMIT, the
 * estimate reached and a message saying so, whichever of it and the
 * time limit comes first; a batch stops the integral under way at it
 * and starts none after it; bad values are refused. */
static void test_end_time(void)
{
    double lo[4], hi[4];
    pint_function fn;
    pint_domain dom;
    pint_options opt;
    setup_bump(&fn, &dom, &opt, lo, hi);
    pint_result *r = pint_result_alloc(1);
    opt.max_evals = 1000000000000000LL;
    static const enum pint_method methods[] = {
        PINT_METHOD_ADAPTIVE, PINT_METHOD_MC, PINT_METHOD_QMC };
    for (int m = 0; m < 3; m++) {
        opt.method = methods[m];
        opt.time_limit = 5.0;           /* the end comes first */
        opt.end_time = epoch_now() + 0.3;
        CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r), PINT_TIME_LIMIT);
        CU_ASSERT(r->seconds >= 0.29 && r->seconds < 1.5);
        CU_ASSERT(fabs(r->value[0] - bump_exact()) <= 4 * r->error[0]);
        CU_ASSERT(strstr(r->message, "end time reached") != NULL);
    }
    /* the time limit first */
    opt.method = PINT_METHOD_ADAPTIVE;
    opt.time_limit = 0.2;
    opt.end_time = epoch_now() + 100.0;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r), PINT_TIME_LIMIT);
    CU_ASSERT(r->seconds >= 0.2 && r->seconds < 1.5);
    CU_ASSERT(strstr(r->message, "time limit of 0.2 s") != NULL);

    /* a batch of three: the first stopped at the end, the others never
     * started; every one reported to done (the time limit: a backstop) */
    opt.time_limit = 5.0;
    pint_problem p[3];
    pint_result *rs[3];
    opt.end_time = epoch_now() + 0.3;
    for (int i = 0; i < 3; i++) {
        p[i] = (pint_problem){ fn, dom, opt };
        rs[i] = pint_result_alloc(1);
    }
    pint_batch_options bo;
    pint_batch_options_init(&bo);
    end_time_done_calls = 0;
    CU_ASSERT_EQUAL(pint_integrate_batch_notify(3, p, &bo, rs, end_time_done,
                                                NULL), PINT_MAX_EVALS);
    CU_ASSERT_EQUAL(end_time_done_calls, 3);
    CU_ASSERT_EQUAL(rs[0]->status, PINT_TIME_LIMIT);
    CU_ASSERT(fabs(rs[0]->value[0] - bump_exact()) <= rs[0]->error[0]);
    CU_ASSERT(strstr(rs[0]->message, "end time reached") != NULL);
    for (int i = 1; i < 3; i++) {
        CU_ASSERT_EQUAL(rs[i]->status, PINT_TIME_LIMIT);
        CU_ASSERT(isnan(rs[i]->value[0]) && isnan(rs[i]->error[0]));
        CU_ASSERT_EQUAL(rs[i]->evals, 0);
        CU_ASSERT_STRING_EQUAL(rs[i]->message,
                               "not started: the end time had passed");
    }
    for (int i = 0; i < 3; i++)
        pint_result_free(rs[i]);

    /* bad values */
    opt.end_time = -1.0;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r), PINT_ERR_INVALID);
    CU_ASSERT(strstr(r->message, "end time") != NULL);
    opt.end_time = INFINITY;
    CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r), PINT_ERR_INVALID);
    CU_ASSERT(strstr(r->message, "end time") != NULL);
    pint_result_free(r);
}

/* A batch from a program built against an older pint.h: pint_problem
 * holds the options by value, so its array is packed with the older,
 * shorter options (their size says how long); every integral is read
 * where that program put it.  Options from a newer pint.h are refused
 * in every result. */
static void test_batch_older_problems(void)
{
    double lo[2] = { 0, 0 }, hi1[2] = { 1, 1 }, hi2[2] = { 2, 3 };
    size_t old = offsetof(pint_options, threads);
    size_t stride = offsetof(pint_problem, opt) + old;
    CU_ASSERT_FATAL(old % sizeof(double) == 0);
    unsigned char *buf = malloc(3 * stride + sizeof(pint_problem));
    CU_ASSERT_FATAL(buf != NULL);
    memset(buf, 0xff, 3 * stride + sizeof(pint_problem));
    for (int i = 0; i < 3; i++) {
        pint_problem *p = (pint_problem *)(void *)(buf + (size_t)i * stride);
        p->fn = (pint_function){ .ndim = 2, .ncomp = 1, .f = corner };
        p->dom = pint_domain_box(lo, i == 2 ? hi2 : hi1);
        pint_options_init_size(&p->opt, old);
        p->opt.epsrel = i == 1 ? 1e-10 : 1e-7;
    }
    pint_result *r[3];
    for (int i = 0; i < 3; i++)
        r[i] = pint_result_alloc(1);
    pint_batch_options bo;
    pint_batch_options_init(&bo);
    const pint_problem *ps = (const pint_problem *)(void *)buf;
    CU_ASSERT_EQUAL(pint_integrate_batch(3, ps, &bo, r), PINT_CONVERGED);
    for (int i = 0; i < 3; i++) {
        double x = i == 2 ? 9.0 : 0.25;         /* (4/2)(9/2) */
        CU_ASSERT_EQUAL(r[i]->status, PINT_CONVERGED);
        CU_ASSERT(fabs(r[i]->value[0] - x) <= r[i]->error[0]);
        CU_ASSERT(r[i]->error[0] <= (i == 1 ? 1e-10 : 1e-7) * x);
    }
    pint_problem newer[3];
    for (int i = 0; i < 3; i++) {
        newer[i].fn = (pint_function){ .ndim = 2, .ncomp = 1, .f = corner };
        newer[i].dom = pint_domain_box(lo, hi1);
        pint_options_init(&newer[i].opt);
        newer[i].opt.size = sizeof newer[i].opt + 8;
    }
    CU_ASSERT_EQUAL(pint_integrate_batch(3, newer, &bo, r), PINT_ERR_INVALID);
    for (int i = 0; i < 3; i++)
        CU_ASSERT(strstr(r[i]->message, "options of") != NULL);
    for (int i = 0; i < 3; i++)
        pint_result_free(r[i]);
    free(buf);
}

/* exp(x1 + x2 + x3), exact (e - 1)^3, costing cost_us microseconds a
 * point (a busy wait); with hang_after > 0 the call that makes it more
 * than that many calls never returns (it sleeps: the abandoned thread
 * leaves the cores to the rest of the suite). */
typedef struct {
    atomic_long calls;
    long hang_after;
    double cost_us;
    long hang_early;            /* or from this call on, once 0.3 s */
    double t0;                  /* have passed since t0 (0: never) */
} hang_ctx;

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int exp_sum_hangs(int ndim, const double *x, int ncomp, double *fval,
                         void *ctx)
{
    hang_ctx *h = ctx;
    long n = h->hang_after > 0 ? atomic_fetch_add(&h->calls, 1) : 0;
    if (h->hang_after > 0
        && (n >= h->hang_after || (h->t0 > 0 && n >= h->hang_early
                                   && seconds_now() - h->t0 > 0.3)))
        for (;;)
            sleep(1);
    if (h->cost_us > 0) {
        double until = seconds_now() + 1e-6 * h->cost_us;
        while (seconds_now() < until)
            ;
    }
    double s = 0.0;
    for (int i = 0; i < ndim; i++)
        s += x[i];
    for (int k = 0; k < ncomp; k++)
        fval[k] = exp(s);
    return 0;
}

/* A call that never returns, with a time limit of 1 s: abandoned 0.5 s +
 * 5% of the limit after it (lib/eval.h); the run returns PINT_TIME_LIMIT with
 * the estimate reached and a message naming the abandoned call, for each
 * method on 1 and 3 threads.  (The integrand costs 3 us a point, so
 * every call is expected to last the 0.2 ms that makes it guarded.)  And
 * a limit that is not reached changes no bit of any result, with a
 * cheap integrand (quick calls run on the caller's thread, the first
 * through the guard) and a costly one (every call through the guard,
 * the points and values copied). */
static void test_time_limit_hung_call(void)
{
    static const enum pint_method methods[] = {
        PINT_METHOD_ADAPTIVE, PINT_METHOD_QMC, PINT_METHOD_MC,
        PINT_METHOD_VEGAS };
    /* the contexts of abandoned calls stay valid: static */
    static hang_ctx ctx[8];
    double lo[3] = { 0, 0, 0 }, hi[3] = { 1, 1, 1 };
    pint_domain dom = pint_domain_box(lo, hi);
    double exact = pow(M_E - 1.0, 3);
    pint_result *r = pint_result_alloc(1), *q = pint_result_alloc(1);
    for (int m = 0; m < 4; m++)
        for (int t = 1; t <= 3; t += 2) {
            hang_ctx *h = &ctx[2 * m + (t == 3)];
            pint_function fn = { .ndim = 3, .ncomp = 1, .f = exp_sum_hangs,
                                 .ctx = h };
            pint_options opt;
            pint_options_init(&opt);
            opt.method = methods[m];
            opt.threads = t;
            opt.epsrel = 1e-14;
            opt.max_evals = 1000000000000LL;
            opt.time_limit = 1.0;
            /* the hang comes soon after the first estimate, as a loaded
             * machine may give the run little of its 1 s (the
             * repeatability loop: the adaptive run's 30,000th call, and
             * once VEGAS's, came after the limit): adaptive from the
             * 1,000th call (sym11, the rule at d = 3, stops at the
             * rounding floor after 4,123), Monte Carlo and VEGAS from the
             * 5,000th (their first estimates: 2,000 and 3,500 points),
             * QMC from the 10,500th (its first row: 10,210; from the
             * 15,000th, with three test suites on the 2 cores, QMC on
             * one thread once met its limit first) */
            h->hang_after = methods[m] == PINT_METHOD_ADAPTIVE ? 1000
                            : methods[m] == PINT_METHOD_QMC ? 10500 : 5000;
            /* and adaptive from the 300th once 0.3 s have passed (after
             * the root's 133): with much else on the 2 cores (two test
             * loops and a mutation's build) the 3-thread run had not made
             * its 1,000th call by the limit */
            h->hang_early = methods[m] == PINT_METHOD_ADAPTIVE
                            ? 300 : h->hang_after;
            h->t0 = seconds_now();
            h->cost_us = 3.0;
            CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r),
                            PINT_TIME_LIMIT);
            double k = methods[m] == PINT_METHOD_ADAPTIVE ? 1.0 : 4.0;
            int kept = isfinite(r->value[0]) && r->error[0] > 0
                       && fabs(r->value[0] - exact) <= k * r->error[0];
            int said = strstr(r->message, "time limit of 1 s reached")
                       && strstr(r->message, "an integrand call still "
                                 "running 0.55 s after the time limit was "
                                 "abandoned");
            if (!kept || !said || r->seconds < 1.55)
                fprintf(stderr, "\n  method %d, %d threads: %.17g +- %.3g "
                        "after %.3g s: %s\n", m, t, r->value[0],
                        r->error[0], r->seconds, r->message);
            CU_ASSERT(kept);
            CU_ASSERT(said);
            CU_ASSERT(r->seconds >= 1.55 && r->seconds < 30.0);
            /* not reached: the same bits as without a limit */
            for (int costly = 0; costly <= 1; costly++) {
                hang_ctx quiet = { 0, 0, costly ? 3.0 : 0.0, 0, 0.0 };
                fn.ctx = &quiet;
                opt.epsrel = 1e-7;
                opt.max_evals = costly ? 20000 : 200000;
                opt.time_limit = 0;
                int s1 = pint_integrate(&fn, &dom, &opt, q);
                opt.time_limit = 1e6;
                CU_ASSERT_EQUAL(pint_integrate(&fn, &dom, &opt, r), s1);
                CU_ASSERT(r->value[0] == q->value[0]
                          && r->error[0] == q->error[0]);
                CU_ASSERT_EQUAL(r->evals, q->evals);
            }
        }
    pint_result_free(r);
    pint_result_free(q);
}

int main(void)
{
    CU_TestInfo tests[] = {
        { "checkpoint and resume without MPI", test_checkpoint_resume },
        { "a checkpoint of another rule resumed under auto",
          test_checkpoint_resume_rule },
        { "MC and QMC checkpoints without MPI",
          test_checkpoint_resume_mc_qmc },
        { "time limit, stop flag and progress", test_time_limit_and_stop },
        { "time limit: a call that never returns is abandoned",
          test_time_limit_hung_call },
        { "embedding example of pint(3)", test_embedding_example },
        { "batch form equals one-point form", test_batch_form },
        { "names, versions and defaults", test_names },
        { "many integrals without MPI", test_integrate_batch },
        { "end time: every method, a batch", test_end_time },
        { "a batch from an older pint.h", test_batch_older_problems },
        { "options filled by hand", test_options_by_hand },
        { "options from an older and a newer pint.h", test_options_sizes },
        { "threads: the same bits on 1, 2 and 4", test_threads },
        { "threads: mc and qmc, the same bits on 1, 2 and 4",
          test_threads_mc_qmc },
        CU_TEST_INFO_NULL,
    };
    return pint_test_run("api", tests);
}

/* peer_hcubature.c -- the same built-in test instance as `pint`, integrated
 * over [0,1]^d by libcubature's hcubature, for side-by-side benchmarks.
 *
 *   peer_hcubature -f genzK -d N [--er EPS] [--seed S] [--difficulty B]
 *                  [--max-evals N]
 *
 * The instance comes from pint_testfn_new with the same seed and difficulty
 * as `pint --seed S --difficulty B`, so both programs integrate the very
 * same function.  hcubature runs with fdim = ncomp of the family,
 * reqAbsError 0, reqRelError EPS, maxEval N and ERROR_INDIVIDUAL.
 *
 * Evaluations are counted here, by a wrapper around the integrand, and the
 * time is that of the hcubature call alone (CLOCK_MONOTONIC), as pint's
 * "seconds" is that of pint_integrate alone.  maxEval is a soft limit in
 * hcubature (it may finish the step that crosses it): "evals" is what it
 * actually used.
 *
 * Output: one JSON object on stdout with pint --json's field names
 * ("function", "dim", "value", "error", "exact", "evals", "seconds",
 * "status", ...); value, error and exact are arrays as in pint.
 * "status" is "converged" when hcubature stopped on its tolerance test,
 * "max-evals" when it stopped on maxEval.
 * Exit status as pint: 0 converged, 1 limit reached, 2 error.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cubature.h>

#include "pint.h"
#include "integrands.h"
#include "parse.h"

enum { EXIT_CONVERGED = 0, EXIT_LIMIT = 1, EXIT_ERROR = 2 };

/* What the wrapped integrand needs: pint's function and the counter. */
typedef struct {
    pint_function fn;
    long long evals;
    int failed;                 /* the pint integrand returned non-zero */
} peer_ctx;

/* hcubature's integrand ABI around pint's: one point per call. */
static int peer_integrand(unsigned ndim, const double *x, void *data,
                          unsigned fdim, double *fval)
{
    peer_ctx *c = data;
    int rc;
    c->evals++;
    if (c->fn.f)
        rc = c->fn.f((int)ndim, x, (int)fdim, fval, c->fn.ctx);
    else
        rc = c->fn.fbatch((int)ndim, 1, x, (int)fdim, fval, c->fn.ctx);
    if (rc != 0) {
        c->failed = 1;
        return 1;
    }
    return 0;
}

static void usage(FILE *out)
{
    fputs(
"Usage: peer_hcubature -f NAME -d N [options]\n"
"Integrate a built-in pint test integrand over [0,1]^N with libcubature's\n"
"hcubature; one JSON object on stdout with pint --json's field names.\n"
"\n"
"  -f, --function NAME   built-in integrand (see pint --list)\n"
"  -d, --dim N           dimension\n"
"      --er EPS          relative tolerance (default 1e-6)\n"
"      --seed S          seed of the Genz parameters (default 1)\n"
"      --difficulty B    Genz difficulty scale beta (default 1)\n"
"      --max-evals N     hcubature's maxEval, a soft limit (default 1e8)\n"
"  -h, --help            this help\n"
"\n"
"Exit status: 0 converged, 1 the evaluation limit was reached, 2 error.\n",
        out);
}

static int die(const char *fmt, const char *arg)
{
    fputs("peer_hcubature: error: ", stderr);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    return EXIT_ERROR;
}

/* JSON has no NaN or Inf: null for them, as pint prints them. */
static void json_number(double v)
{
    if (isfinite(v))
        printf("%.17g", v);
    else
        fputs("null", stdout);
}

static void json_array(const double *v, int n)
{
    putchar('[');
    for (int k = 0; k < n; k++) {
        if (k)
            fputs(", ", stdout);
        json_number(v[k]);
    }
    putchar(']');
}

int main(int argc, char **argv)
{
    enum { OPT_ER = 256, OPT_SEED, OPT_DIFFICULTY, OPT_MAX_EVALS };
    static const struct option long_options[] = {
        { "function", required_argument, NULL, 'f' },
        { "dim", required_argument, NULL, 'd' },
        { "er", required_argument, NULL, OPT_ER },
        { "seed", required_argument, NULL, OPT_SEED },
        { "difficulty", required_argument, NULL, OPT_DIFFICULTY },
        { "max-evals", required_argument, NULL, OPT_MAX_EVALS },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    const char *name = NULL;
    long long dimv = 0, max_evals = 100000000LL;
    double epsrel = 1e-6, difficulty = 1.0;
    uint64_t seed = 1;

    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":f:d:h", long_options, NULL)) != -1) {
        switch (c) {
        case 'f':
            name = optarg;
            break;
        case 'd':
            if (pint_parse_count(optarg, 1, 1000, &dimv) != 0)
                return die("-d must be a whole number >= 1, got '%s'", optarg);
            break;
        case OPT_ER:
            if (pint_parse_double(optarg, &epsrel) != 0 || epsrel < 0)
                return die("--er must be a finite number >= 0, got '%s'",
                           optarg);
            break;
        case OPT_SEED:
            if (pint_parse_seed(optarg, &seed) != 0)
                return die("--seed must be a whole number, got '%s'", optarg);
            break;
        case OPT_DIFFICULTY:
            if (pint_parse_double(optarg, &difficulty) != 0 || !(difficulty > 0))
                return die("--difficulty must be a finite number > 0, "
                           "got '%s'", optarg);
            break;
        case OPT_MAX_EVALS:
            /* >= 1: hcubature reads maxEval 0 as "no limit" */
            if (pint_parse_count(optarg, 1, 9e18, &max_evals) != 0)
                return die("--max-evals must be a whole number >= 1, "
                           "got '%s'", optarg);
            break;
        case 'h':
            usage(stdout);
            return EXIT_CONVERGED;
        case ':':
            return die("option '%s' needs a value", argv[optind - 1]);
        default:
            return die("unknown option '%s' (see --help)", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return die("unexpected argument '%s'", argv[optind]);
    if (name == NULL || dimv < 1) {
        usage(stderr);
        return EXIT_ERROR;
    }

    int ndim = (int)dimv;
    char msg[256];
    pint_testfn *tf = pint_testfn_new(name, ndim, seed, difficulty, msg,
                                      sizeof msg);
    if (tf == NULL)
        return die("%s", msg);

    peer_ctx ctx = { .fn = pint_testfn_function(tf), .evals = 0, .failed = 0 };
    int ncomp = ctx.fn.ncomp;
    double *lo = malloc((size_t)ndim * sizeof *lo);
    double *hi = malloc((size_t)ndim * sizeof *hi);
    double *val = malloc((size_t)ncomp * sizeof *val);
    double *err = malloc((size_t)ncomp * sizeof *err);
    double *exact = malloc((size_t)ncomp * sizeof *exact);
    int status = EXIT_ERROR;
    if (!lo || !hi || !val || !err || !exact) {
        die("%s", "out of memory");
        goto out;
    }
    for (int i = 0; i < ndim; i++) {
        lo[i] = 0.0;
        hi[i] = 1.0;
    }
    pint_domain dom = pint_domain_box(lo, hi);
    int have_exact = pint_testfn_exact(tf, &dom, exact);

    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int rc = hcubature((unsigned)ncomp, peer_integrand, &ctx, (unsigned)ndim,
                       lo, hi, (size_t)max_evals, 0.0, epsrel,
                       ERROR_INDIVIDUAL, val, err);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (double)(t1.tv_sec - t0.tv_sec)
                     + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);

    if (rc != 0) {
        die("hcubature failed%s", ctx.failed ? " (the integrand returned "
            "non-zero)" : "");
        goto out;
    }

    /* hcubature only stops short of maxEval once its test (ERROR_INDIVIDUAL,
     * reqAbsError 0) holds; past maxEval, apply the same test to the
     * returned estimate: the last step may have crossed the limit and
     * converged at once. */
    int converged = 1;
    for (int k = 0; k < ncomp; k++)
        if (!(err[k] <= epsrel * fabs(val[k])))
            converged = 0;
    if (ctx.evals < max_evals)
        converged = 1;

    /* the family's own name: plain ASCII, no escaping needed */
    printf("{\"function\": \"%s\", \"dim\": %d, \"ncomp\": %d, "
           "\"domain\": \"box\", \"rule\": \"hcubature\", \"value\": ",
           tf->family->name, ndim, ncomp);
    json_array(val, ncomp);
    fputs(", \"error\": ", stdout);
    json_array(err, ncomp);
    if (have_exact) {
        fputs(", \"exact\": ", stdout);
        json_array(exact, ncomp);
    }
    printf(", \"evals\": %lld, \"status\": \"%s\", \"seconds\": ", ctx.evals,
           converged ? "converged" : "max-evals");
    json_number(seconds);
    fputs(", \"epsabs\": 0, \"epsrel\": ", stdout);
    json_number(epsrel);
    printf(", \"max_evals\": %lld, \"seed\": %llu, \"difficulty\": ",
           max_evals, (unsigned long long)seed);
    json_number(difficulty);
    fputs("}\n", stdout);
    status = converged ? EXIT_CONVERGED : EXIT_LIMIT;

out:
    free(exact);
    free(err);
    free(val);
    free(hi);
    free(lo);
    pint_testfn_free(tf);
    return status;
}

/* peer_cuhre.c -- Cuba's Cuhre (or Vegas) on pint-bench's Genz
 * instances, for the side-by-side comparisons of bench/RESULTS.md
 * sections 7.5 and 13.
 *
 *   peer_cuhre --lib SO -f NAME -d N [--er EPS] [--instances K]
 *              [--max-evals N] [--last] [--cores N] [--vegas]
 *
 * Cuba is not packaged for Debian on its own; its Cuhre is loaded at run
 * time (dlopen) from any shared object that exports it with Cuba 4's
 * signature, for instance the R package's build
 * (apt-get install r-cran-cubature:
 * /usr/lib/R/site-library/cubature/libs/cubature.so).  Nothing of Cuba is
 * compiled in.
 *
 * Instances are pint_testfn_new(NAME, N, seed, B) for seeds 1..K, the
 * very functions of `pint-bench --instances K --difficulty B` (B: 1 unless
 * --difficulty is given).  Cuhre runs with one
 * component, epsabs 0, key 0 (its default rule: degree 9 at N >= 4) and
 * no worker processes (cubacores(0, 0)); --cores N gives it N forked
 * workers (cubacores(N, 10000): Cuba's own parallel mode, the workers
 * evaluating batches of points in processes of their own; the
 * evaluations are then Cuhre's count, neval).  Cuhre reports by default a
 * weighted average of its iterations with the error 1/sqrt(sum of
 * 1/E_i^2) over them; --last sets flag 4, with which the result and error
 * are those of the last iteration (the sum over its regions, as pint's).
 *
 * --vegas runs Cuba's Vegas instead (Cuba's defaults: nstart 1000,
 * nincrease 500, nbatch 1000, no grid kept; seed = the instance number,
 * so Cuba draws from its Mersenne Twister, not Sobol's sequence; its
 * error is one standard deviation of its weighted average).
 *
 * Output: CSV with pint-bench's columns, method "cuhre", "cuhre-last" or
 * "cuba-vegas".
 * Build: make bench/peer_cuhre.  Exit status 0, or 2 on an error.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <dlfcn.h>
#include <getopt.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "pint.h"
#include "integrands.h"
#include "parse.h"

/* Cuba 4's integrand and Cuhre signatures (cuba.h), one point per call */
typedef int (*cuba_integrand)(const int *ndim, const double *x,
                              const int *ncomp, double *f, void *userdata);
typedef void (*cuhre_fn)(int ndim, int ncomp, cuba_integrand f, void *ud,
                         int nvec, double epsrel, double epsabs, int flags,
                         int mineval, int maxeval, int key,
                         const char *statefile, void *spin, int *nregions,
                         int *neval, int *fail, double *integral,
                         double *error, double *prob);
typedef void (*vegas_fn)(int ndim, int ncomp, cuba_integrand f, void *ud,
                         int nvec, double epsrel, double epsabs, int flags,
                         int seed, int mineval, int maxeval, int nstart,
                         int nincrease, int nbatch, int gridno,
                         const char *statefile, void *spin, int *neval,
                         int *fail, double *integral, double *error,
                         double *prob);
enum { CUHRE_LAST = 4 };

typedef struct {
    pint_function fn;
    long long evals;
    int failed;
} peer_ctx;

static int peer_integrand(const int *ndim, const double *x, const int *ncomp,
                          double *f, void *data)
{
    peer_ctx *c = data;
    int rc;
    c->evals++;
    if (c->fn.f)
        rc = c->fn.f(*ndim, x, *ncomp, f, c->fn.ctx);
    else
        rc = c->fn.fbatch(*ndim, 1, x, *ncomp, f, c->fn.ctx);
    if (rc != 0) {
        c->failed = 1;
        return -999;                    /* Cuba's "abort" */
    }
    return 0;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int die(const char *what, const char *arg)
{
    fprintf(stderr, "peer_cuhre: error: %s%s\n", what, arg ? arg : "");
    return 2;
}

static const char usage_text[] =
"Usage: peer_cuhre --lib SO -f NAME -d N [--er EPS] [--instances K]\n"
"                  [--max-evals N] [--last] [--cores N] [--vegas]\n"
"                  [--difficulty B]\n"
"Cuba's Cuhre, or with --vegas its Vegas (loaded from SO), on\n"
"pint-bench's instances, seeds 1..K\n"
"(default 21); CSV on stdout with pint-bench's columns.\n";

int main(int argc, char **argv)
{
    enum { O_LIB = 256, O_ER, O_INST, O_MAX, O_LAST, O_CORES, O_VEGAS,
           O_DIFF };
    static const struct option opts[] = {
        { "lib", required_argument, NULL, O_LIB },
        { "function", required_argument, NULL, 'f' },
        { "dim", required_argument, NULL, 'd' },
        { "er", required_argument, NULL, O_ER },
        { "instances", required_argument, NULL, O_INST },
        { "max-evals", required_argument, NULL, O_MAX },
        { "last", no_argument, NULL, O_LAST },
        { "cores", required_argument, NULL, O_CORES },
        { "vegas", no_argument, NULL, O_VEGAS },
        { "difficulty", required_argument, NULL, O_DIFF },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    const char *lib = NULL, *name = NULL;
    long long dim = 0, instances = 21, max_evals = 10000000, ncores = 0;
    double er = 1e-6, difficulty = 1.0;
    int last = 0, use_vegas = 0, c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":f:d:h", opts, NULL)) != -1) {
        switch (c) {
        case O_LIB: lib = optarg; break;
        case 'f': name = optarg; break;
        case 'd':
            if (pint_parse_count(optarg, 2, 64, &dim) != 0)
                return die("-d must be an integer in 2..64, got ", optarg);
            break;
        case O_ER:
            if (pint_parse_double(optarg, &er) != 0 || !(er > 0.0))
                return die("--er must be a number > 0, got ", optarg);
            break;
        case O_INST:
            if (pint_parse_count(optarg, 1, 1e6, &instances) != 0)
                return die("--instances must be an integer >= 1, got ", optarg);
            break;
        case O_MAX:
            if (pint_parse_count(optarg, 1, 2e9, &max_evals) != 0)
                return die("--max-evals must be a count in 1..2e9, got ",
                           optarg);
            break;
        case O_DIFF:
            if (pint_parse_double(optarg, &difficulty) != 0
                || !(difficulty > 0.0))
                return die("--difficulty must be a number > 0, got ", optarg);
            break;
        case O_LAST: last = 1; break;
        case O_VEGAS: use_vegas = 1; break;
        case O_CORES:
            if (pint_parse_count(optarg, 0, 1024, &ncores) != 0)
                return die("--cores must be an integer in 0..1024, got ",
                           optarg);
            break;
        case 'h': fputs(usage_text, stdout); return 0;
        case ':':
            return die("missing value for ", argv[optind - 1]);
        default:
            fputs(usage_text, stderr);
            return die("bad option ", argv[optind - 1]);
        }
    }
    if (!lib || !name || dim == 0) {
        fputs(usage_text, stderr);
        return die("--lib, -f and -d are required", NULL);
    }
    {   /* a bad name or dimension is reported before any output */
        char msg[256];
        pint_testfn *t = pint_testfn_new(name, (int)dim, 1, difficulty, msg,
                                         sizeof msg);
        if (!t)
            return die(msg, NULL);
        int ncomp = t->family->ncomp;
        pint_testfn_free(t);
        if (ncomp != 1)
            return die("one component only: ", name);
    }
    void *so = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
    if (!so)
        return die("cannot load Cuba: ", dlerror());
    cuhre_fn cuhre;
    vegas_fn vegas;
    void (*cores)(int, int);
    *(void **)&cuhre = dlsym(so, "Cuhre");
    *(void **)&vegas = dlsym(so, "Vegas");
    *(void **)&cores = dlsym(so, "cubacores");
    if (!cuhre || !cores || (use_vegas && !vegas))
        return die("no Cuhre, Vegas or cubacores in ", lib);
    cores((int)ncores, ncores ? 1 : 0);   /* 0: no worker processes */

    const char *method = use_vegas ? "cuba-vegas"
                         : last ? "cuhre-last" : "cuhre";
    puts("method,family,dim,difficulty,tol,seed,evals,seconds,value,error,"
         "exact,status,ok,honest,digits");
    for (long long s = 1; s <= instances; s++) {
        char msg[256];
        pint_testfn *t = pint_testfn_new(name, (int)dim, (uint64_t)s, difficulty,
                                         msg, sizeof msg);
        if (!t)
            return die(msg, NULL);
        double lo[64] = { 0 }, hi[64], exact = NAN;
        for (int i = 0; i < dim; i++)
            hi[i] = 1.0;
        pint_domain dom = pint_domain_box(lo, hi);
        pint_testfn_exact(t, &dom, &exact);
        peer_ctx ctx = { pint_testfn_function(t), 0, 0 };
        int nregions = 0, neval = 0, fail = 0;
        double val = NAN, err = NAN, prob = NAN, t0 = now();
        if (use_vegas)
            vegas((int)dim, 1, peer_integrand, &ctx, 1, er, 0.0, 0, (int)s,
                  0, (int)max_evals, 1000, 500, 1000, 0, NULL, NULL, &neval,
                  &fail, &val, &err, &prob);
        else
            cuhre((int)dim, 1, peer_integrand, &ctx, 1, er, 0.0,
                  last ? CUHRE_LAST : 0, 0, (int)max_evals, 0, NULL, NULL,
                  &nregions, &neval, &fail, &val, &err, &prob);
        double secs = now() - t0, qerr = fabs(val - exact);
        double rel = qerr / fabs(exact);    /* digits as pint-bench's */
        double digits = rel < 1.0 ? -log10(fmax(rel, 1e-16)) : 0.0;
        const char *status = ctx.failed ? "integrand-error"
                           : fail == 0 ? "converged" : "max-evals";
        int ok = qerr <= er * fabs(exact), honest = qerr <= err;
        printf("%s,%s,%lld,%g,%g,%lld,%lld,%.6g,%.17g,%.17g,%.17g,%s,%d,%d,"
               "%.3f\n", method, name, dim, difficulty, er, s,
               ncores ? (long long)neval : ctx.evals, secs, val, err,
               exact, status, ok, honest, digits);
        pint_testfn_free(t);
    }
    dlclose(so);
    return 0;
}

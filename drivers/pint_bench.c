/* pint_bench.c -- pint-bench: the Genz test-family benchmark, pint and its
 * peers on the very same instances.
 *
 * For every family x dimension x tolerance x instance (seed) every method
 * integrates the instance over [0,1]^d; each run is one CSV row, and each
 * (family, dim, tol, method) cell is summarized on stdout: median and worst
 * evaluations, median seconds, the share of runs whose true error met the
 * tolerance (ok) and whose estimate covered the true error (honest), the
 * median of correct digits, and in each peer's row pint's ratios to it.
 *
 * Under mpirun every rank takes part in pint's integrations (collective);
 * the peers run on rank 0, which prints.
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_monte_miser.h>
#include <gsl/gsl_monte_vegas.h>
#include <gsl/gsl_rng.h>
#include "config.h"
#ifdef HAVE_CUBATURE
#include <cubature.h>
#endif
#include "pint.h"
#include "integrands.h"
#include "optable.h"
#include "parse.h"

#define MAX_LIST 32

enum method { M_PINT, M_PINT_MC, M_PINT_QMC, M_HCUBATURE, M_PCUBATURE, M_QAG, M_VEGAS,
              M_MISER, M_PINT_VEGAS, M_COUNT };
static const char *const method_names[M_COUNT] = {
    "pint", "pint-mc", "pint-qmc", "hcubature", "pcubature", "qag", "vegas", "miser",
    "pint-vegas"
};

typedef struct {
    char families[MAX_LIST][16];
    int nfamilies;
    double dims[MAX_LIST], tols[MAX_LIST], mc_tols[MAX_LIST];
    int ndims, ntols, nmc_tols;
    int methods[M_COUNT];       /* 1 when selected */
    long long instances, max_evals;
    double difficulty;
    enum pint_rule rule;
    const char *csv, *json;
    int help, version;
} bench_opts;

/* One integration's outcome. */
typedef struct {
    long long evals;
    double seconds, value, error;
    const char *status;
} run_out;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ------------------------------------------------------------- methods */

/* The instance behind every peer's callback, with an evaluation count. */
typedef struct {
    pint_function fn;
    long long evals;
    int failed;
} peer_ctx;

static double peer_point(peer_ctx *p, const double *x)
{
    double v = 0.0;
    p->evals++;
    if (p->fn.f(p->fn.ndim, x, 1, &v, p->fn.ctx) != 0)
        p->failed = 1;
    return v;
}

static run_out run_pint(const pint_function *fn, int d, double tol,
                        const bench_opts *o, enum pint_method method,
                        uint64_t seed)
{
    double lo[64] = { 0 }, hi[64];
    for (int i = 0; i < d; i++)
        hi[i] = 1.0;
    pint_domain dom = pint_domain_box(lo, hi);
    pint_options opt;
    pint_options_init(&opt);
    opt.epsrel = tol;
    opt.max_evals = o->max_evals;
    opt.rule = o->rule;
    opt.method = method;
    opt.seed = seed;
    opt.threads = 1;            /* as the peers: one core */
    pint_result *res = pint_result_alloc(1);
    run_out r = { 0, 0, NAN, NAN, "out-of-memory" };
    if (!res)
        return r;
    pint_integrate(fn, &dom, &opt, res);
    r.evals = res->evals;
    r.seconds = res->seconds;
    r.value = res->value[0];
    r.error = res->error[0];
    r.status = pint_status_name(res->status);
    pint_result_free(res);
    return r;
}

#ifdef HAVE_CUBATURE
static int cubature_f(unsigned ndim, const double *x, void *data,
                      unsigned fdim, double *fval)
{
    (void)ndim;
    (void)fdim;
    fval[0] = peer_point(data, x);
    return ((peer_ctx *)data)->failed;
}

static run_out run_cubature(int which, const pint_function *fn, int d,
                            double tol, const bench_opts *o)
{
    peer_ctx p = { *fn, 0, 0 };
    double lo[64] = { 0 }, hi[64], val = NAN, err = NAN;
    for (int i = 0; i < d; i++)
        hi[i] = 1.0;
    double t0 = now();
    if (which == M_HCUBATURE)
        hcubature(1, cubature_f, &p, (unsigned)d, lo, hi, (size_t)o->max_evals,
                  0.0, tol, ERROR_INDIVIDUAL, &val, &err);
    else
        pcubature(1, cubature_f, &p, (unsigned)d, lo, hi, (size_t)o->max_evals,
                  0.0, tol, ERROR_INDIVIDUAL, &val, &err);
    run_out r = { p.evals, now() - t0, val, err, "converged" };
    if (p.failed)
        r.status = "integrand-error";
    else if (!(err <= tol * fabs(val)))
        r.status = "max-evals";
    return r;
}
#endif

static double gsl_1d(double x, void *data) { return peer_point(data, &x); }

static run_out run_qag(const pint_function *fn, double tol,
                       const bench_opts *o)
{
    peer_ctx p = { *fn, 0, 0 };
    size_t limit = (size_t)(o->max_evals / 21 > 1 ? o->max_evals / 21 : 1);
    if (limit > 100000)
        limit = 100000;
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(limit);
    gsl_function gf = { gsl_1d, &p };
    double val = NAN, err = NAN;
    double t0 = now();
    int rc = gsl_integration_qag(&gf, 0.0, 1.0, 0.0, tol, limit,
                                 GSL_INTEG_GAUSS21, w, &val, &err);
    run_out r = { p.evals, now() - t0, val, err,
                  rc == 0 ? "converged" : "max-evals" };
    gsl_integration_workspace_free(w);
    return r;
}

static double gsl_nd(double *x, size_t dim, void *data)
{
    (void)dim;
    return peer_point(data, x);
}

/* Vegas and Miser have no tolerance: double the calls until the reported
 * standard error meets it or the evaluation limit is near. */
static run_out run_monte(int which, const pint_function *fn, int d,
                         double tol, uint64_t seed, const bench_opts *o)
{
    peer_ctx p = { *fn, 0, 0 };
    double lo[64] = { 0 }, hi[64], val = NAN, err = NAN;
    for (int i = 0; i < d; i++)
        hi[i] = 1.0;
    gsl_monte_function gf = { gsl_nd, (size_t)d, &p };
    gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(rng, (unsigned long)seed);
    double t0 = now();
    size_t calls = 1000;
    const char *status = "max-evals";
    /* a round costs calls (Miser) or calls plus a fifth (Vegas' warm-up) */
    while (p.evals + (long long)calls + (long long)(calls / 5) <= o->max_evals) {
        if (which == M_VEGAS) {
            gsl_monte_vegas_state *s = gsl_monte_vegas_alloc((size_t)d);
            gsl_monte_vegas_integrate(&gf, lo, hi, (size_t)d, calls / 5, rng,
                                      s, &val, &err);   /* warm-up */
            gsl_monte_vegas_integrate(&gf, lo, hi, (size_t)d, calls, rng, s,
                                      &val, &err);
            gsl_monte_vegas_free(s);
        } else {
            gsl_monte_miser_state *s = gsl_monte_miser_alloc((size_t)d);
            gsl_monte_miser_integrate(&gf, lo, hi, (size_t)d, calls, rng, s,
                                      &val, &err);
            gsl_monte_miser_free(s);
        }
        if (err <= tol * fabs(val)) {
            status = "converged";
            break;
        }
        calls *= 2;
    }
    run_out r = { p.evals, now() - t0, val, err, status };
    gsl_rng_free(rng);
    return r;
}

/* ------------------------------------------------------------ summaries */

typedef struct {
    double *evals, *seconds, *digits;
    int n, ok, honest;
} cell;

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    if (n == 0)
        return NAN;
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static double worst(const double *v, int n)
{
    double w = 0.0;
    for (int i = 0; i < n; i++)
        w = fmax(w, v[i]);
    return w;
}

static int in_list(double v, const double *list, int n)
{
    for (int i = 0; i < n; i++)
        if (list[i] == v)
            return 1;
    return 0;
}

/* Monte Carlo methods run at the Monte Carlo tolerances, the others at the
 * deterministic ones; qag only in one dimension. */
static int applies(const bench_opts *o, int m, int d, double tol)
{
    if (m == M_VEGAS || m == M_MISER || m == M_PINT_MC || m == M_PINT_QMC
        || m == M_PINT_VEGAS)
        return in_list(tol, o->mc_tols, o->nmc_tols);
    if (m == M_QAG && d != 1)
        return 0;
    return in_list(tol, o->tols, o->ntols);
}

/* ------------------------------------------------------------- options */

static int split_list(const char *s, char out[][16], int max)
{
    char buf[1024];
    if (strlen(s) >= sizeof buf)
        return -1;
    strcpy(buf, s);
    int n = 0;
    char *save = NULL;
    for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (n >= max || strlen(t) >= 16)
            return -1;
        strcpy(out[n++], t);
    }
    return n > 0 ? n : -1;
}

static int number_list(const char *s, double *out, int max, int whole)
{
    char items[MAX_LIST][16];
    int n = split_list(s, items, max);
    for (int i = 0; i < n; i++) {
        if (pint_parse_double(items[i], &out[i]) != 0 || !(out[i] > 0)
            || (whole && (out[i] != floor(out[i]) || out[i] > 64)))
            return -1;
    }
    return n;
}

/* --methods LIST: the methods to run, each once. */
static int parse_methods(const char *a, bench_opts *o, char *msg, size_t len)
{
    char items[M_COUNT + 1][16];
    int k = split_list(a, items, M_COUNT + 1);
    if (k < 0)
        return snprintf(msg, len, "--methods needs a comma list, got '%s'",
                        a), -1;
    memset(o->methods, 0, sizeof o->methods);
    for (int i = 0; i < k; i++) {
        int m = 0;
        while (m < M_COUNT && strcmp(items[i], method_names[m]) != 0)
            m++;
        if (m == M_COUNT)
            return snprintf(msg, len, "unknown method '%s' (pint, pint-mc, "
                            "pint-qmc, hcubature, pcubature, qag, vegas, "
                            "miser, pint-vegas)", items[i]), -1;
#ifndef HAVE_CUBATURE
        if (m == M_HCUBATURE || m == M_PCUBATURE)
            return snprintf(msg, len, "method %s needs libcubature: "
                            "configure --with-cubature", items[i]), -1;
#endif
        o->methods[m] = 1;
    }
    return 0;
}

/* The list options and --methods: their own code. */
static int other(const pint_opt *opt, const char *a, void *conf, char *msg,
                 size_t len)
{
    bench_opts *o = conf;
    const char *name = opt->name;
    int bad = 0;
    if (strcmp(name, "families") == 0)
        bad = (o->nfamilies = split_list(a, o->families, MAX_LIST)) < 0;
    else if (strcmp(name, "dims") == 0)
        bad = (o->ndims = number_list(a, o->dims, MAX_LIST, 1)) < 0;
    else if (strcmp(name, "tols") == 0)
        bad = (o->ntols = number_list(a, o->tols, MAX_LIST, 0)) < 0;
    else if (strcmp(name, "mc-tols") == 0)
        bad = (o->nmc_tols = number_list(a, o->mc_tols, MAX_LIST, 0)) < 0;
    else
        return parse_methods(a, o, msg, len);
    if (bad)
        snprintf(msg, len, opt->err, a);
    return bad ? -1 : 0;
}

#define AT(field) offsetof(bench_opts, field)

static const pint_opt options[] = {
    { .help =
"Usage: pint-bench [options]\n"
"The Genz test families with pint and its peers on the same instances.\n"
"\n" },
    { .name = "families", .letter = 'f', .kind = PINT_OPT_OTHER,
      .err = "--families needs a comma list of names, got '%s'",
      .help =
"  -f, --families LIST  comma list (default genz1,...,genz6)\n" },
    { .name = "dims", .letter = 'd', .kind = PINT_OPT_OTHER,
      .err = "--dims needs a comma list of dimensions 1..64, got '%s'",
      .help =
"  -d, --dims LIST      dimensions (default 2,5,8,10)\n" },
    { .name = "tols", .kind = PINT_OPT_OTHER,
      .err = "--tols needs a comma list of positive numbers, got '%s'",
      .help =
"      --tols LIST      relative tolerances of pint and the deterministic\n"
"                       peers (default 1e-3,1e-6)\n" },
    { .name = "mc-tols", .kind = PINT_OPT_OTHER,
      .err = "--mc-tols needs a comma list of positive numbers, got '%s'",
      .help =
"      --mc-tols LIST   relative tolerances of the Monte Carlo peers\n"
"                       (default 1e-2,1e-3)\n" },
    { .name = "instances", .kind = PINT_OPT_COUNT, .at = AT(instances),
      .type = 'l', .lo = 1, .hi = 100000,
      .err = "--instances must be a whole number 1..100000, got '%s'",
      .help =
"      --instances N    instances per cell, seeds 1..N (default 5)\n" },
    { .name = "difficulty", .kind = PINT_OPT_REAL, .at = AT(difficulty),
      .lo = 0, .hi = INFINITY,
      .err = "--difficulty must be a number > 0, got '%s'",
      .help =
"      --difficulty B   Genz difficulty scale (default 1)\n" },
    { .name = "max-evals", .kind = PINT_OPT_COUNT, .at = AT(max_evals),
      .type = 'l', .lo = 1, .hi = 9e18,
      .err = "--max-evals must be a whole number >= 1, got '%s'",
      .help =
"      --max-evals N    evaluation limit per run (default 1e6)\n" },
    { .name = "methods", .kind = PINT_OPT_OTHER,
      .help =
"      --methods LIST   pint,pint-mc,pint-qmc,hcubature,pcubature,qag,vegas,\n"
"                       miser,pint-vegas (default: all built in; qag at d = 1\n"
"                       only; pint-mc, pint-qmc, vegas, miser and pint-vegas\n"
"                       at the --mc-tols)\n" },
    { .name = "rule", .kind = PINT_OPT_NAME, .at = AT(rule),
      .from_name = pint_rule_from_name, .err = "unknown rule '%s'",
      .help =
"      --rule R         pint's rule (default auto)\n" },
    { .name = "csv", .kind = PINT_OPT_PATH, .at = AT(csv),
      .err = "--csv needs a file name",
      .help =
"      --csv FILE       one row per run\n" },
    { .name = "json", .kind = PINT_OPT_PATH, .at = AT(json),
      .err = "--json needs a file name",
      .help =
"      --json FILE      the per-cell summary as a JSON array\n" },
    { .name = "help", .letter = 'h', .kind = PINT_OPT_FLAG, .at = AT(help),
      .lo = 1,
      .help =
"  -h, --help           this help\n" },
    { .name = "version", .kind = PINT_OPT_FLAG, .at = AT(version), .lo = 1,
      .help =
"      --version        print the version\n" },
};

static const pint_opt_table table = {
    options, sizeof options / sizeof *options, other, NULL
};

static int parse(int argc, char **argv, bench_opts *o, char *msg,
                 size_t len)
{
    memset(o, 0, sizeof *o);
    o->nfamilies = split_list("genz1,genz2,genz3,genz4,genz5,genz6",
                              o->families, MAX_LIST);
    o->ndims = number_list("2,5,8,10", o->dims, MAX_LIST, 1);
    o->ntols = number_list("1e-3,1e-6", o->tols, MAX_LIST, 0);
    o->nmc_tols = number_list("1e-2,1e-3", o->mc_tols, MAX_LIST, 0);
    o->instances = 5;
    o->max_evals = 1000000;
    o->difficulty = 1.0;
    o->rule = PINT_RULE_AUTO;
    for (int m = 0; m < M_COUNT; m++)
        o->methods[m] = 1;
#ifndef HAVE_CUBATURE
    o->methods[M_HCUBATURE] = o->methods[M_PCUBATURE] = 0;
#endif
    if (pint_opt_parse(&table, argc, argv, o, msg, len) != 0)
        return -1;
    for (int i = 0; i < o->nfamilies; i++)
        if (!pint_testfn_find(o->families[i]))
            return snprintf(msg, len, "unknown integrand '%s' (see pint "
                            "--list)", o->families[i]), -1;
    return 0;
}

/* ---------------------------------------------------------------- main */

static double digits_of(double value, double exact)
{
    double rel = fabs(value - exact) / fabs(exact);
    if (!(rel < 1.0))
        return 0.0;             /* no correct digit (or no value at all) */
    return -log10(fmax(rel, 1e-16));
}

int main(int argc, char **argv)
{
    int level;                  /* pint's threads never call MPI */
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &level);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    gsl_set_error_handler_off();
    bench_opts o;
    char msg[512];
    int bad = parse(argc, argv, &o, msg, sizeof msg) != 0;
    if (bad || o.help || o.version) {
        if (bad && rank == 0)
            fprintf(stderr, "pint-bench: error: %s\n", msg);
        else if (o.help && rank == 0)
            pint_opt_usage(&table, stdout);
        else if (rank == 0)
            printf("pint-bench %s\n", pint_version());
        MPI_Finalize();
        return bad ? 2 : 0;
    }
    FILE *csv = NULL, *json = NULL;
    if (rank == 0 && o.csv && !(csv = fopen(o.csv, "w")))
        fprintf(stderr, "pint-bench: error: cannot write '%s'\n", o.csv);
    if (rank == 0 && o.json && !(json = fopen(o.json, "w")))
        fprintf(stderr, "pint-bench: error: cannot write '%s'\n", o.json);
    int io_bad = (o.csv && rank == 0 && !csv) || (o.json && rank == 0 && !json);
    MPI_Bcast(&io_bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (io_bad) {
        if (csv)
            fclose(csv);
        if (json)
            fclose(json);
        MPI_Finalize();
        return 2;
    }
    if (csv)
        fputs("method,family,dim,difficulty,tol,seed,evals,seconds,value,"
              "error,exact,status,ok,honest,digits\n", csv);
    if (json)
        fputs("[\n", json);
    int first_json = 1;
    size_t N = (size_t)o.instances;
    cell cells[M_COUNT];
    for (int m = 0; m < M_COUNT; m++) {
        cells[m].evals = malloc(N * sizeof(double));
        cells[m].seconds = malloc(N * sizeof(double));
        cells[m].digits = malloc(N * sizeof(double));
    }
    if (rank == 0)
        printf("| family | d | tol | method | runs | median evals | worst evals"
               " | median s | ok | honest | digits | pint/this evals | pint/this s |\n"
               "|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    /* every tolerance of either list, each once, loosest first */
    double all_tols[2 * MAX_LIST];
    int nall = 0;
    for (int i = 0; i < o.ntols + o.nmc_tols; i++) {
        double t = i < o.ntols ? o.tols[i] : o.mc_tols[i - o.ntols];
        if (!in_list(t, all_tols, nall))
            all_tols[nall++] = t;
    }
    qsort(all_tols, (size_t)nall, sizeof *all_tols, cmp_double);
    for (int i = 0; i < nall / 2; i++) {
        double t = all_tols[i];
        all_tols[i] = all_tols[nall - 1 - i];
        all_tols[nall - 1 - i] = t;
    }
    for (int fi = 0; fi < o.nfamilies; fi++)
        for (int di = 0; di < o.ndims; di++)
            for (int ti = 0; ti < nall; ti++) {
                int d = (int)o.dims[di];
                double tol = all_tols[ti];
                for (int m = 0; m < M_COUNT; m++)
                    cells[m].n = cells[m].ok = cells[m].honest = 0;
                for (long long s = 1; s <= o.instances; s++) {
                    char why[256];
                    pint_testfn *t = pint_testfn_new(o.families[fi], d,
                                                     (uint64_t)s, o.difficulty,
                                                     why, sizeof why);
                    if (!t)
                        continue;       /* dimension out of the family's range */
                    double lo[64] = { 0 }, hi[64], exact;
                    for (int i = 0; i < d; i++)
                        hi[i] = 1.0;
                    pint_domain dom = pint_domain_box(lo, hi);
                    if (!pint_testfn_exact(t, &dom, &exact)) {
                        pint_testfn_free(t);
                        continue;       /* no exact value to compare with */
                    }
                    pint_function fn = pint_testfn_function(t);
                    for (int m = 0; m < M_COUNT; m++) {
                        if (!o.methods[m] || !applies(&o, m, d, tol))
                            continue;
                        int ours = m == M_PINT || m == M_PINT_MC
                                   || m == M_PINT_QMC || m == M_PINT_VEGAS;
                        if (!ours && rank != 0)
                            continue;
                        run_out r;
                        if (ours)
                            r = run_pint(&fn, d, tol, &o,
                                         m == M_PINT ? PINT_METHOD_ADAPTIVE
                                         : m == M_PINT_MC ? PINT_METHOD_MC
                                         : m == M_PINT_VEGAS
                                         ? PINT_METHOD_VEGAS
                                         : PINT_METHOD_QMC,
                                         (uint64_t)s);
#ifdef HAVE_CUBATURE
                        else if (m == M_HCUBATURE || m == M_PCUBATURE)
                            r = run_cubature(m, &fn, d, tol, &o);
#endif
                        else if (m == M_QAG)
                            r = run_qag(&fn, tol, &o);
                        else
                            r = run_monte(m, &fn, d, tol, (uint64_t)s, &o);
                        if (rank != 0)
                            continue;
                        double terr = fabs(r.value - exact);
                        int ok = terr <= tol * fabs(exact);
                        int honest = terr <= r.error;
                        double dg = digits_of(r.value, exact);
                        cell *c = &cells[m];
                        c->evals[c->n] = (double)r.evals;
                        c->seconds[c->n] = r.seconds;
                        c->digits[c->n] = dg;
                        c->n++;
                        c->ok += ok;
                        c->honest += honest;
                        if (csv)
                            fprintf(csv, "%s,%s,%d,%g,%g,%lld,%lld,%.6g,%.17g,"
                                    "%.17g,%.17g,%s,%d,%d,%.3f\n",
                                    method_names[m], o.families[fi], d,
                                    o.difficulty, tol, s, r.evals, r.seconds,
                                    r.value, r.error, exact, r.status, ok,
                                    honest, dg);
                    }
                    pint_testfn_free(t);
                }
                if (rank != 0)
                    continue;
                double pint_e = NAN, pint_s = NAN;
                if (cells[M_PINT].n) {
                    pint_e = median(cells[M_PINT].evals, cells[M_PINT].n);
                    pint_s = median(cells[M_PINT].seconds, cells[M_PINT].n);
                }
                for (int m = 0; m < M_COUNT; m++) {
                    cell *c = &cells[m];
                    if (!c->n)
                        continue;
                    double we = worst(c->evals, c->n);
                    double me = median(c->evals, c->n);
                    double ms = median(c->seconds, c->n);
                    double md = median(c->digits, c->n);
                    printf("| %s | %d | %g | %s | %d | %.0f | %.0f | %.4g | "
                           "%.0f%% | %.0f%% | %.1f |", o.families[fi], d, tol,
                           method_names[m], c->n, me, we, ms,
                           100.0 * c->ok / c->n, 100.0 * c->honest / c->n, md);
                    /* a peer's row carries pint's ratios to it */
                    if (m != M_PINT && pint_e == pint_e)
                        printf(" %.3f | %.3f |\n", pint_e / me, pint_s / ms);
                    else
                        printf(" | |\n");
                    if (json) {
                        fprintf(json, "%s  {\"family\": \"%s\", \"dim\": %d, "
                                "\"tol\": %g, \"method\": \"%s\", \"runs\": %d, "
                                "\"median_evals\": %.0f, \"worst_evals\": %.0f, "
                                "\"median_seconds\": %.6g, \"ok\": %.4f, "
                                "\"honest\": %.4f, \"median_digits\": %.3f}",
                                first_json ? "" : ",\n", o.families[fi], d, tol,
                                method_names[m], c->n, me, we, ms,
                                (double)c->ok / c->n, (double)c->honest / c->n,
                                md);
                        first_json = 0;
                    }
                }
                fflush(stdout);
            }
    if (json) {
        fputs("\n]\n", json);
        fclose(json);
    }
    if (csv)
        fclose(csv);
    for (int m = 0; m < M_COUNT; m++) {
        free(cells[m].evals);
        free(cells[m].seconds);
        free(cells[m].digits);
    }
    MPI_Finalize();
    return 0;
}

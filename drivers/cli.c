/* cli.c -- parsing the options of pint (see cli.h).
 *
 * One table (optable.h) holds every option: its name, what its value is
 * and where it goes, its one-line error and its lines of --help.  The
 * parser, --help and the keys of a batch line (the rows with .key) are
 * all made from it, so a new option is one row (and, for a value that is
 * not a plain number, name or text, a case in other()); test_man.sh
 * checks the man page against --help.
 *
 * Every value is parsed strictly: trailing garbage, non-finite numbers
 * and out-of-range counts are errors that name the option.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "optable.h"
#include "parse.h"

/* The kinds of optable.h, short: the table below is long. */
#define TEXT PINT_OPT_TEXT
#define PATH PINT_OPT_PATH
#define FLAG PINT_OPT_FLAG
#define COUNT PINT_OPT_COUNT
#define REAL PINT_OPT_REAL
#define REAL0 PINT_OPT_REAL0
#define NAME PINT_OPT_NAME
#define OTHER PINT_OPT_OTHER

#define AT(field) offsetof(pint_cli, field)
#define OPT(field) offsetof(pint_cli, opt.field)

/* NAME options store an enum through an int. */
_Static_assert(sizeof(enum pint_norm) == sizeof(int)
               && sizeof(enum pint_method) == sizeof(int)
               && sizeof(enum pint_rule) == sizeof(int)
               && sizeof(enum pint_periodize) == sizeof(int)
               && sizeof(enum pint_qmc_units) == sizeof(int)
               && sizeof(enum pint_schedule) == sizeof(int)
               && sizeof(enum pint_balance) == sizeof(int),
               "an enum of the options is not an int");

static const pint_opt options[] = {
    { .help =
"Usage: pint -f NAME -d N [options]\n"
"       pint -e EXPR [-e EXPR ...] [-d N] [options]\n"
"       pint --plugin ./lib.so -f SYMBOL -d N [--ncomp M] [options]\n"
"       pint --batch FILE [options]   or   pint --family NAME -d N --count C\n"
"Adaptive numerical integration of f: R^n -> R^m over a box or simplices.\n"
"\n"
"Integrand and domain:\n" },
    { .name = "function", .letter = 'f', .kind = TEXT, .at = AT(function),
      .help =
"  -f, --function NAME   built-in integrand (see --list) or plug-in symbol\n" },
    { .name = "expr", .key = 1, .letter = 'e', .kind = OTHER,
      .help =
"  -e, --expr EXPR       integrand as an expression in x1..xN, e.g.\n"
"                        'exp(-x1^2 - x2^2) * cos(x3)'; several -e give a\n"
"                        vector integrand (see pint(1) for the functions)\n" },
    { .name = "dim", .letter = 'd', .kind = COUNT, .at = AT(ndim), .type = 'i',
      .lo = 1, .hi = PINT_CLI_MAX_DIM,
      .err = "--dim must be a whole number 1..1000, got '%s'",
      .help =
"  -d, --dim N           dimension (deduced from --lo/--hi lists, --simplex\n"
"                        or the highest xK of -e)\n" },
    { .name = "plugin", .key = 1, .kind = PATH, .at = AT(plugin),
      .err = "--plugin needs a file name",
      .help =
"      --plugin FILE     load -f SYMBOL from this shared object; the symbol is\n"
"                        int f(int ndim, const double *x, int ncomp,\n"
"                              double *fval, void *ctx)\n" },
    { .name = "ncomp", .key = 1, .kind = COUNT, .at = AT(ncomp), .type = 'i', .lo = 1,
      .hi = 1024,
      .err = "--ncomp must be a whole number 1..1024, got '%s'",
      .help =
"      --ncomp M         components of a plug-in integrand (default 1)\n" },
    { .name = "lo", .key = 1, .kind = OTHER,
      .help =
"      --lo a[,a...]     lower bounds (one value: every axis; default 0);\n"
"                        a bound of -inf is unbounded below\n" },
    { .name = "hi", .key = 1, .kind = OTHER,
      .help =
"      --hi b[,b...]     upper bounds (one value: every axis; default 1);\n"
"                        a bound of inf is unbounded above\n" },
    { .name = "scale", .key = 1, .kind = REAL, .at = OPT(scale), .lo = 0, .hi = INFINITY,
      .err = "--scale must be a finite number > 0, got '%s'",
      .help =
"      --scale L         where the mass lies on infinite ranges, roughly\n"
"                        (x = a + L tan(pi t/2); default 1)\n" },
    { .name = "points", .key = 1, .kind = OTHER,
      .help =
"      --points [xK:]a,b,...  breakpoints: cut the box at these values of\n"
"                        axis K (default x1) where the integrand is singular\n"
"                        or has a kink or jump; repeat for other axes\n" },
    { .name = "no-extrapolation", .kind = FLAG, .at = OPT(extrapolate),
      .lo = 0,
      .help =
"      --no-extrapolation  1-D: the plain adaptive engine instead of\n"
"                        QAGS/QAGP's extrapolation (distributed over ranks)\n" },
    { .name = "simplex", .kind = TEXT, .at = AT(simplex_file),
      .help =
"      --simplex FILE    integrate over the simplices listed in FILE\n" },
    { .name = "seed", .key = 1, .kind = OTHER,
      .help =
"      --seed S          seed of the Genz parameters, the Monte Carlo streams\n"
"                        and the QMC shifts (default 1)\n" },
    { .name = "difficulty", .key = 1, .kind = REAL, .at = AT(difficulty), .lo = 0,
      .hi = INFINITY,
      .err = "--difficulty must be a finite number > 0, got '%s'",
      .help =
"      --difficulty B    Genz difficulty scale beta (default 1)\n" },
    { .help =
"\n"
"Accuracy and limits:\n" },
    { .name = "ea", .key = 1, .kind = REAL0, .at = OPT(epsabs), .lo = 0, .hi = INFINITY,
      .err = "--ea must be a finite number >= 0, got '%s'",
      .help =
"      --ea EPS          absolute tolerance (default 0)\n" },
    { .name = "er", .key = 1, .kind = REAL0, .at = OPT(epsrel), .lo = 0, .hi = INFINITY,
      .err = "--er must be a finite number >= 0, got '%s'",
      .help =
"      --er EPS          relative tolerance (default 1e-6)\n" },
    { .name = "norm", .key = 1, .kind = NAME, .at = OPT(norm),
      .from_name = pint_norm_from_name,
      .err = "unknown norm '%s' (max, individual, l2)",
      .help =
"      --norm N          how the components' errors meet the tolerance: max\n"
"                        (default: max error <= max(ea, er * max |value|)),\n"
"                        individual (each component on its own) or l2\n" },
    { .name = "max-evals", .key = 1, .kind = COUNT, .at = OPT(max_evals), .type = 'l',
      .lo = 1, .hi = 9e18,
      .err = "--max-evals must be a whole number >= 1, got '%s'",
      .help =
"      --max-evals N     evaluation limit (default 1e8)\n" },
    { .name = "max-regions", .kind = COUNT, .at = OPT(max_regions),
      .type = 'z', .lo = 1, .hi = 9e18,
      .err = "--max-regions must be a whole number >= 1, got '%s'",
      .help =
"      --max-regions N   region limit, bounds memory (default 1e7)\n" },
    { .name = "method", .key = 1, .kind = NAME, .at = OPT(method),
      .from_name = pint_method_from_name,
      .err = "unknown method '%s' (adaptive, mc, qmc, vegas)",
      .help =
"      --method M        adaptive (default); mc (plain Monte Carlo, up to\n"
"                        1000 dimensions), qmc (randomized Korobov\n"
"                        lattices, up to 400) or vegas (VEGAS+ adaptive\n"
"                        importance and stratified sampling): boxes only,\n"
"                        the error is one standard error\n" },
    { .name = "shifts", .kind = COUNT, .at = OPT(shifts), .type = 'i', .lo = 2,
      .hi = 100000,
      .err = "--shifts must be a whole number 2..100000, got '%s'",
      .help =
"      --shifts Q        qmc: random shifts (cells) per row (default 10)\n" },
    { .name = "periodize", .kind = NAME, .at = OPT(periodize),
      .from_name = pint_periodize_from_name,
      .err = "unknown transform '%s' (none, baker, korobov, sidi)",
      .help =
"      --periodize T     qmc: none, baker (default), korobov or sidi\n" },
    { .name = "rule", .key = 1, .kind = NAME, .at = OPT(rule),
      .from_name = pint_rule_from_name,
      .err = "unknown rule '%s' (sym13, sym11, sym9, sym7, gm, gk15..gk61, "
      "simplex3..simplex9, auto)",
      .help =
"      --rule R          sym9, sym13 (2-D only), sym11 (3-D only), sym7, gm,\n"
"                        gk15, gk21, gk31, gk41, gk51, gk61, simplex3,\n"
"                        simplex5, simplex7, simplex9 (default: gk21 in 1-D,\n"
"                        sym13 in 2-D, sym11 in 3-D, sym9 on boxes of 4-20\n"
"                        dimensions, simplex7 on simplices)\n" },
    { .name = "time-limit", .kind = REAL, .at = OPT(time_limit), .lo = 0,
      .hi = 1e9,
      .err = "--time-limit must be a number of seconds in (0, 1e9], got '%s'",
      .help =
"      --time-limit S    stop after S seconds of wall-clock time with the\n"
"                        estimate reached (status time-limit, exit 1)\n" },
    { .name = "threads", .kind = COUNT, .at = OPT(threads), .type = 'i',
      .lo = 0, .hi = PINT_MAX_THREADS,
      .err = "--threads must be a whole number 0..1024, got '%s'",
      .help =
"      --threads N       threads of each process (default 0: the cores\n"
"                        it may use; 1-D adaptive runs use one); the\n"
"                        integrand is called from N threads at once\n" },
    { .name = "regions-per-step", .kind = COUNT, .at = OPT(regions_per_step),
      .type = 'i', .lo = 0, .hi = PINT_MAX_REGIONS_PER_STEP,
      .err = "--regions-per-step must be a whole number 0..100000, got '%s'",
      .help =
"      --regions-per-step K  regions split per step, at most (default 1\n"
"                        with --threads 1, else 16); the result depends\n"
"                        on K, not on the threads\n" },
    { .help =
"\n"
"Checkpoints (every method; with --batch/--family FILE names a directory,\n"
"a file per integral):\n" },
    { .name = "checkpoint", .kind = PATH, .at = OPT(checkpoint),
      .err = "--checkpoint needs a file name",
      .help =
"      --checkpoint FILE write the complete state to FILE every\n"
"                        --checkpoint-every seconds and when the run stops\n"
"                        (also on SIGINT/SIGTERM)\n" },
    { .name = "checkpoint-every", .kind = REAL, .at = AT(checkpoint_every),
      .lo = 0, .hi = 1e9,
      .err = "--checkpoint-every must be a number of seconds in (0, 1e9], got "
      "'%s'",
      .help =
"      --checkpoint-every S  seconds between checkpoints (default 60; a\n"
"                        slow write puts the next off to 9 times its time)\n" },
    { .name = "resume", .kind = PATH, .at = OPT(resume),
      .err = "--resume needs a file name",
      .help =
"      --resume FILE     continue from a checkpoint (same problem; any\n"
"                        number of ranks, tolerances and limits)\n" },
    { .help =
"\n"
"Parallel runs (mpirun -np P pint ...):\n" },
    { .name = "dedicated-controller", .kind = FLAG,
      .at = OPT(dedicated_controller), .lo = 1,
      .help =
"      --dedicated-controller  rank 0 only controls (default: it works too)\n" },
    { .name = "no-helpers", .kind = FLAG, .at = OPT(helpers), .lo = 0,
      .help =
"      --no-helpers      an idle rank only ever gets regions (default: with\n"
"                        a costly integrand it may evaluate slices of a busy\n"
"                        rank's steps)\n" },
    { .name = "balance", .kind = NAME, .at = OPT(balance),
      .from_name = pint_balance_from_name,
      .err = "unknown balancing '%s' (auto, rr, tree)",
      .help =
"      --balance B       rr: one controller on rank 0 watches every worker;\n"
"                        tree: groups of workers under group controllers,\n"
"                        under one on rank 0 (for hundreds of ranks and\n"
"                        more); auto (default): rr below 256 workers\n" },
    { .name = "group", .kind = COUNT, .at = OPT(balance_group), .type = 'i',
      .lo = 1,
      .hi = 1e9, .err = "--group must be a whole number >= 1, got '%s'",
      .help =
"      --group G         workers a group of the tree (default: the square\n"
"                        root of the workers, at least 32)\n" },
    { .name = "update-seconds", .kind = REAL, .at = OPT(update_seconds),
      .lo = 0, .hi = 3600,
      .err = "--update-seconds must be a number of seconds in (0, 3600], got "
      "'%s'",
      .help =
"      --update-seconds S  seconds between a worker's updates (default 0.002;\n"
"                        also after every 16 subdivisions)\n" },
    { .name = "update-evals", .kind = COUNT, .at = OPT(update_evals),
      .type = 'l', .lo = 1, .hi = 9e18,
      .err = "--update-evals must be a whole number >= 1, got '%s'",
      .help =
"      --update-evals N  or: evaluations between updates\n" },
    { .name = "lb-regions", .kind = COUNT, .at = OPT(lb_regions), .type = 'i',
      .lo = 1, .hi = 1e6,
      .err = "--lb-regions must be a whole number 1..1000000, got '%s'",
      .help =
"      --lb-regions K    regions per load-balancing transfer (default 4)\n" },
    { .name = "verify", .kind = FLAG, .at = OPT(verify), .lo = 1,
      .help =
"      --verify          audit at the end that every region is counted once\n"
"                        (adaptive only)\n" },
    { .name = "qmc-units", .kind = NAME, .at = OPT(qmc_units),
      .from_name = pint_qmc_units_from_name,
      .err = "unknown QMC work unit '%s' (row, single-cell, constant-row)",
      .help =
"      --qmc-units U     qmc work units: row (default: every rank takes a\n"
"                        piece of every cell), single-cell or constant-row\n"
"                        (rank 0 hands out units on request)\n" },
    { .name = "units-per-worker", .kind = COUNT, .at = OPT(units_per_worker),
      .type = 'i', .lo = 1, .hi = 1000000,
      .err = "--units-per-worker must be a whole number 1..1000000, got '%s'",
      .help =
"      --units-per-worker K  constant-row: units per row = K x workers\n"
"                        (default 16)\n" },
    { .name = "schedule", .kind = NAME, .at = OPT(schedule),
      .from_name = pint_schedule_from_name,
      .err = "unknown schedule '%s' (static, ss, fsc, gss, fac, wf, awf, af)",
      .help =
"      --schedule S      constant-row chunks: static, ss (default), fsc, gss,\n"
"                        fac, wf, awf, af\n" },
    { .name = "unit-seconds", .kind = REAL, .at = OPT(unit_seconds), .lo = 0,
      .hi = 3600,
      .err = "--unit-seconds must be a number of seconds in (0, 3600], got "
      "'%s'",
      .help =
"      --unit-seconds T  mc: workers report every T seconds to rank 0\n"
"                        (fixed-time units; default: fixed-count rounds)\n" },
    { .name = "cost-us", .kind = OTHER,
      .help =
"      --cost-us X       benchmarking aid: each evaluation sleeps X us; a list\n"
"                        X0,X1,... gives rank r the cost X(r mod length)\n" },
    { .name = "spin-us", .kind = OTHER,
      .help =
"      --spin-us X       benchmarking aid: each evaluation burns X us of CPU\n" },
    { .help =
"\n"
"Many integrals (mpirun -np P pint --batch ...):\n" },
    { .name = "batch", .kind = TEXT, .at = AT(batch_file),
      .help =
"      --batch FILE      integrate every line of FILE: FUNCTION DIM [er=..\n"
"                        ea=.. max-evals=.. seed=.. difficulty=.. norm=..\n"
"                        lo=.. hi=.. scale=.. points=.. plugin=.. ncomp=..\n"
"                        method=.. rule=.. expr='EXPR' ...];\n"
"                        '#' comments\n"
"                        (see pint(1))\n" },
    { .name = "family", .kind = TEXT, .at = AT(family),
      .help =
"      --family NAME     or: --count instances of a Genz family at -d N,\n" },
    { .name = "count", .kind = COUNT, .at = AT(count), .type = 'l', .lo = 1,
      .hi = 1000000,
      .err = "--count must be a whole number 1..1000000, got '%s'",
      .help =
"      --count C         seeds --seed, --seed + 1, ...\n" },
    { .name = "groups", .kind = COUNT, .at = AT(groups), .type = 'i', .lo = 1,
      .hi = 1000000,
      .err = "--groups must be a whole number 1..1000000, got '%s'",
      .help =
"      --groups G        G groups of ranks, each integrates one integral at a\n"
"                        time (default 1: all ranks on each integral)\n" },
    { .name = "group-size", .kind = COUNT, .at = AT(group_size), .type = 'i',
      .lo = 1, .hi = 1000000,
      .err = "--group-size must be a whole number 1..1000000, got '%s'",
      .help =
"      --group-size S    or: S ranks per group\n"
"                        (--schedule: integrals per request, default ss: 1)\n" },
    { .name = "batch-time-limit", .kind = REAL, .at = AT(batch_time_limit),
      .lo = 0, .hi = 1e9,
      .err = "--batch-time-limit must be a number of seconds in (0, 1e9], "
      "got '%s'",
      .help =
"      --batch-time-limit S  --batch, --family: the whole batch ends after S\n"
"                        seconds: the integrals under way stop with their\n"
"                        estimates, the others are not started (time-limit)\n" },
    { .help =
"\n"
"Output:\n" },
    { .name = "json", .kind = FLAG, .at = AT(json), .lo = 1,
      .help =
"      --json            one JSON object on stdout (--batch, --family:\n"
"                        one object a line, JSON Lines)\n" },
    { .name = "json-array", .kind = FLAG, .at = AT(json),
      .lo = PINT_CLI_JSON_ARRAY,
      .help =
"      --json-array      --batch, --family: one JSON array of the objects\n" },
    { .name = "unordered", .kind = FLAG, .at = AT(unordered), .lo = 1,
      .help =
"      --unordered       --batch, --family: each result as soon as it ends,\n"
"                        not in the list's order (its index says which)\n" },
    { .name = "verbose", .kind = FLAG, .at = AT(verbose), .lo = 1,
      .help =
"      --verbose         per-rank statistics after the result\n" },
    { .name = "progress", .kind = FLAG, .at = AT(progress), .lo = 1,
      .help =
"      --progress        a progress line on stderr even when it is not a\n"
"                        terminal (on a terminal runs over 2 s show one);\n"
"                        with --batch/--family: integrals done, failed\n" },
    { .name = "progress-every", .kind = REAL, .at = OPT(progress_seconds),
      .lo = 0, .hi = 1e9,
      .err = "--progress-every must be a number of seconds in (0, 1e9], "
      "got '%s'",
      .help =
"      --progress-every S  with --progress off a terminal: seconds between\n"
"                        lines (default 1)\n" },
    { .name = "list", .kind = FLAG, .at = AT(list), .lo = 1,
      .help =
"      --list            list the built-in integrands\n" },
    { .name = "help", .letter = 'h', .kind = FLAG, .at = AT(help), .lo = 1,
      .help =
"  -h, --help            this help\n" },
    { .name = "version", .kind = FLAG, .at = AT(version), .lo = 1,
      .help =
"      --version         print the version\n" },
    { .help =
"\n"
"Exit status: 0 converged, 1 a limit was reached first, 2 error.\n" },
};

#define NOPTIONS (sizeof options / sizeof *options)

static int other(const pint_opt *o, const char *arg, void *conf, char *msg,
                 size_t len);

_Static_assert(NOPTIONS <= PINT_CLI_MAX_OPTIONS,
               "more option rows than pint_cli.given holds");

static void seen(size_t i, void *conf)
{
    ((pint_cli *)conf)->given[i] = 1;
}

static const pint_opt_table table = { options, NOPTIONS, other, seen };

/* Whether --name was on the command line. */
static int given(const pint_cli *cli, const char *name)
{
    const pint_opt *o = pint_opt_find(&table, name);
    return o && cli->given[o - options];
}

/* An option that does nothing with the method chosen is refused, naming
 * what it applies to (one integral; a batch line may choose another
 * method, so --batch and --family take them as defaults). */
static int check_applies(const pint_cli *cli, char *msg, size_t len)
{
    if (cli->batch_file || cli->family)
        return 0;
    if (cli->json == PINT_CLI_JSON_ARRAY) {
        snprintf(msg, len, "--json-array applies to --batch and --family; "
                 "one integral: --json");
        return -1;
    }
    if (cli->unordered || cli->batch_time_limit > 0) {
        snprintf(msg, len, "%s applies to --batch and --family%s",
                 cli->unordered ? "--unordered" : "--batch-time-limit",
                 cli->unordered ? "" : "; one integral: --time-limit");
        return -1;
    }
    enum pint_method m = cli->opt.method;
    int qmc = m == PINT_METHOD_QMC;
    int rows = qmc && cli->opt.qmc_units == PINT_UNITS_CONSTANT_ROW;
    static const struct {
        const char *name;
        int want;               /* 0 adaptive, 1 qmc, 2 constant-row, 3 mc */
    } only[] = {
        { "rule", 0 }, { "lb-regions", 0 }, { "dedicated-controller", 0 },
        { "shifts", 1 }, { "periodize", 1 }, { "qmc-units", 1 },
        { "units-per-worker", 2 }, { "schedule", 2 }, { "unit-seconds", 3 },
    };
    static const char *const applies[] = {
        "the adaptive method", "--method qmc",
        "--method qmc --qmc-units constant-row (or --batch)", "--method mc"
    };
    for (size_t i = 0; i < sizeof only / sizeof *only; i++) {
        int w = only[i].want;
        int ok = w == 0 ? m == PINT_METHOD_ADAPTIVE : w == 1 ? qmc
               : w == 2 ? rows : m == PINT_METHOD_MC;
        if (!ok && given(cli, only[i].name)) {
            if (w == 2 && qmc)
                snprintf(msg, len, "--%s applies to %s, not to --qmc-units "
                         "%s", only[i].name, applies[w],
                         pint_qmc_units_name(cli->opt.qmc_units));
            else
                snprintf(msg, len, "--%s applies to %s, not to --method %s",
                         only[i].name, applies[w], pint_method_name(m));
            return -1;
        }
    }
    return 0;
}

void pint_cli_usage(FILE *out)
{
    pint_opt_usage(&table, out);
}

static int set_err(char *msg, size_t len, const char *fmt, const char *a,
                   const char *b)
{
    snprintf(msg, len, fmt, a, b);
    return -1;
}

/* "a" or "a,b,c" into vals; returns the count or -1.  bounds: inf and
 * -inf are numbers too. */
static int parse_list(const char *s, double *vals, int max, int bounds)
{
    char *buf = strdup(s);      /* a batch line's list may be long */
    if (!buf)
        return -1;
    int n = 0, bad = 0;
    char *save = NULL;
    for (char *tok = strtok_r(buf, ",", &save); tok && !bad;
         tok = strtok_r(NULL, ",", &save)) {
        bad = n >= max || (bounds ? pint_parse_bound(tok, &vals[n])
                                  : pint_parse_double(tok, &vals[n])) != 0;
        n++;
    }
    free(buf);
    /* "1,,2" or a trailing comma would silently drop a value */
    if (bad || n == 0 || strstr(s, ",,") || s[0] == ','
        || s[strlen(s) - 1] == ',')
        return -1;
    return n;
}

/* --points [xK:]a,b,...: breakpoints on axis K (default 1), appended to
 * those of earlier --points. */
static int parse_points(const char *arg, pint_cli *cli, char *msg,
                        size_t len)
{
    int axis = 1;
    const char *list = arg;
    if (arg[0] == 'x') {
        char *end;
        long k = strtol(arg + 1, &end, 10);
        if (end == arg + 1 || *end != ':' || k < 1 || k > PINT_CLI_MAX_DIM)
            return set_err(msg, len, "--points takes [xK:]a,b,... with K "
                           "an axis 1..1000, got '%s'%s", arg, "");
        axis = (int)k;
        list = end + 1;
    }
    size_t have = cli->opt.npoints;
    int k = parse_list(list, cli->points + have,
                       PINT_CLI_MAX_POINTS - (int)have, 0);
    if (k < 0)
        return set_err(msg, len, "--points takes [xK:]a,b,... (finite "
                       "numbers, %s breakpoints at most), got '%s'", "1000",
                       arg);
    for (int j = 0; j < k; j++)
        cli->points_axis[have + (size_t)j] = axis - 1;
    cli->opt.npoints = have + (size_t)k;
    cli->opt.points = cli->points;
    cli->opt.points_axis = cli->points_axis;
    return 0;
}

/* The options with a value of their own kind. */
static int other(const pint_opt *o, const char *arg, void *conf, char *msg,
                 size_t len)
{
    pint_cli *cli = conf;
    const char *name = o->name;
    if (strcmp(name, "expr") == 0) {
        if (cli->nexpr == PINT_CLI_MAX_EXPR)
            return set_err(msg, len, "too many -e expressions (at most "
                           "%s)%s", "1024", "");
        cli->expr[cli->nexpr++] = arg;
        return 0;
    }
    if (strcmp(name, "lo") == 0 || strcmp(name, "hi") == 0) {
        int lo = name[0] == 'l';
        int k = parse_list(arg, lo ? cli->lo : cli->hi, PINT_CLI_MAX_DIM, 1);
        if (k < 0)
            return set_err(msg, len, "%s needs a number (or -inf, inf) or "
                           "a comma-separated list of them, got '%s'",
                           lo ? "--lo" : "--hi", arg);
        *(lo ? &cli->nlo : &cli->nhi) = k;
        return 0;
    }
    if (strcmp(name, "points") == 0)
        return parse_points(arg, cli, msg, len);
    if (strcmp(name, "seed") == 0) {
        if (pint_parse_seed(arg, &cli->seed) != 0)
            return set_err(msg, len, "--seed must be a whole number "
                           "0..18446744073709551615, got '%s'%s", arg, "");
        return 0;
    }
    /* --cost-us, --spin-us */
    int k = parse_list(arg, cli->cost_us, 64, 0);
    for (int i = 0; i < k; i++)
        if (cli->cost_us[i] < 0 || cli->cost_us[i] > 1e7)
            k = -1;
    if (k < 0)
        return set_err(msg, len, "--%s must be a number of microseconds "
                       "0..1e7, or a list of up to 64, got '%s'", name, arg);
    cli->ncost = k;
    cli->cost_spin = strcmp(name, "spin-us") == 0;
    return 0;
}

int pint_cli_parse(int argc, char **argv, pint_cli *cli, char *msg,
                   size_t msglen)
{
    memset(cli, 0, sizeof *cli);
    pint_options_init(&cli->opt);
    cli->seed = 1;
    cli->difficulty = 1.0;
    if (pint_opt_parse(&table, argc, argv, cli, msg, msglen) != 0)
        return -1;
    if (cli->opt.verify && cli->opt.method != PINT_METHOD_ADAPTIVE)
        return set_err(msg, msglen, "--verify audits the regions of the "
                       "adaptive method; %s has none%s",
                       cli->opt.method == PINT_METHOD_QMC ? "qmc" : "mc", "");
    if (check_applies(cli, msg, msglen) != 0)
        return -1;
    if (cli->checkpoint_every > 0 && !cli->opt.checkpoint)
        return set_err(msg, msglen, "--checkpoint-every needs --checkpoint "
                       "FILE%s%s", "", "");
    if (cli->opt.checkpoint)
        cli->opt.checkpoint_seconds = cli->checkpoint_every > 0
                                      ? cli->checkpoint_every
                                      : PINT_CLI_CHECKPOINT_EVERY;
    return 0;
}

char *pint_cli_identity(int nexpr, const char *const *expr,
                        const char *plugin,
                        const char *function, uint64_t seed,
                        double difficulty)
{
    size_t len = 64 + (plugin ? strlen(plugin) : 0)
                 + (function ? strlen(function) : 0);
    for (int k = 0; k < nexpr; k++)
        len += strlen(expr[k]) + 2;
    char *buf = malloc(len);
    if (!buf)
        return NULL;
    if (nexpr > 0) {
        size_t at = (size_t)snprintf(buf, len, "expr ");
        for (int k = 0; k < nexpr; k++)
            at += (size_t)snprintf(buf + at, len - at, "%s%s",
                                   k ? "; " : "", expr[k]);
    } else if (plugin) {
        const char *base = strrchr(plugin, '/');
        snprintf(buf, len, "plugin %s %s", base ? base + 1 : plugin,
                 function);
    } else {
        snprintf(buf, len, "%s seed %llu difficulty %.17g", function,
                 (unsigned long long)seed, difficulty);
    }
    return buf;
}

int pint_cli_key(pint_cli *cli, const char *key, const char *value,
                 char *msg, size_t msglen)
{
    const pint_opt *o = pint_opt_find(&table, key);
    if (!o || !o->key)
        return 1;
    if (pint_opt_apply(&table, o, value, cli, msg, msglen) == 0)
        return 0;
    if (strncmp(msg, "--", 2) == 0)     /* a key is named without them */
        memmove(msg, msg + 2, strlen(msg + 2) + 1);
    return -1;
}

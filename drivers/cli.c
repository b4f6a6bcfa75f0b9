/* cli.c -- parsing the options of pint (see cli.h).
 *
 * Every value is parsed strictly: trailing garbage, non-finite numbers
 * and out-of-range counts are errors that name the option.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "parse.h"

enum {
    OPT_NCOMP = 256, OPT_LO, OPT_HI, OPT_SIMPLEX, OPT_EA, OPT_ER,
    OPT_MAX_EVALS, OPT_MAX_REGIONS, OPT_RULE, OPT_SEED, OPT_DIFFICULTY,
    OPT_PLUGIN, OPT_LIST, OPT_JSON, OPT_VERSION, OPT_DEDICATED,
    OPT_UPDATE_EVALS, OPT_LB_REGIONS, OPT_COST_US, OPT_SPIN_US, OPT_VERIFY,
    OPT_VERBOSE, OPT_UPDATE_SECONDS, OPT_METHOD, OPT_SHIFTS, OPT_PERIODIZE,
    OPT_QMC_UNITS, OPT_UNITS_PER_WORKER, OPT_SCHEDULE, OPT_UNIT_SECONDS,
    OPT_BATCH, OPT_FAMILY, OPT_COUNT, OPT_GROUPS, OPT_GROUP_SIZE,
    OPT_TIME_LIMIT, OPT_PROGRESS, OPT_CHECKPOINT, OPT_CHECKPOINT_EVERY,
    OPT_RESUME, OPT_SCALE, OPT_POINTS, OPT_NO_EXTRAPOLATION, OPT_NORM
};

static const struct option long_options[] = {
    { "function", required_argument, NULL, 'f' },
    { "expr", required_argument, NULL, 'e' },
    { "dim", required_argument, NULL, 'd' },
    { "ncomp", required_argument, NULL, OPT_NCOMP },
    { "lo", required_argument, NULL, OPT_LO },
    { "hi", required_argument, NULL, OPT_HI },
    { "simplex", required_argument, NULL, OPT_SIMPLEX },
    { "ea", required_argument, NULL, OPT_EA },
    { "er", required_argument, NULL, OPT_ER },
    { "norm", required_argument, NULL, OPT_NORM },
    { "max-evals", required_argument, NULL, OPT_MAX_EVALS },
    { "max-regions", required_argument, NULL, OPT_MAX_REGIONS },
    { "rule", required_argument, NULL, OPT_RULE },
    { "method", required_argument, NULL, OPT_METHOD },
    { "seed", required_argument, NULL, OPT_SEED },
    { "difficulty", required_argument, NULL, OPT_DIFFICULTY },
    { "plugin", required_argument, NULL, OPT_PLUGIN },
    { "list", no_argument, NULL, OPT_LIST },
    { "json", no_argument, NULL, OPT_JSON },
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, OPT_VERSION },
    { "dedicated-controller", no_argument, NULL, OPT_DEDICATED },
    { "update-evals", required_argument, NULL, OPT_UPDATE_EVALS },
    { "update-seconds", required_argument, NULL, OPT_UPDATE_SECONDS },
    { "lb-regions", required_argument, NULL, OPT_LB_REGIONS },
    { "cost-us", required_argument, NULL, OPT_COST_US },
    { "spin-us", required_argument, NULL, OPT_SPIN_US },
    { "verify", no_argument, NULL, OPT_VERIFY },
    { "verbose", no_argument, NULL, OPT_VERBOSE },
    { "shifts", required_argument, NULL, OPT_SHIFTS },
    { "periodize", required_argument, NULL, OPT_PERIODIZE },
    { "qmc-units", required_argument, NULL, OPT_QMC_UNITS },
    { "units-per-worker", required_argument, NULL, OPT_UNITS_PER_WORKER },
    { "schedule", required_argument, NULL, OPT_SCHEDULE },
    { "unit-seconds", required_argument, NULL, OPT_UNIT_SECONDS },
    { "batch", required_argument, NULL, OPT_BATCH },
    { "family", required_argument, NULL, OPT_FAMILY },
    { "count", required_argument, NULL, OPT_COUNT },
    { "groups", required_argument, NULL, OPT_GROUPS },
    { "group-size", required_argument, NULL, OPT_GROUP_SIZE },
    { "time-limit", required_argument, NULL, OPT_TIME_LIMIT },
    { "scale", required_argument, NULL, OPT_SCALE },
    { "points", required_argument, NULL, OPT_POINTS },
    { "no-extrapolation", no_argument, NULL, OPT_NO_EXTRAPOLATION },
    { "progress", no_argument, NULL, OPT_PROGRESS },
    { "checkpoint", required_argument, NULL, OPT_CHECKPOINT },
    { "checkpoint-every", required_argument, NULL, OPT_CHECKPOINT_EVERY },
    { "resume", required_argument, NULL, OPT_RESUME },
    { NULL, 0, NULL, 0 },
};

void pint_cli_usage(FILE *out)
{
    fputs(
"Usage: pint -f NAME -d N [options]\n"
"       pint -e EXPR [-e EXPR ...] [-d N] [options]\n"
"       pint --plugin ./lib.so -f SYMBOL -d N [--ncomp M] [options]\n"
"       pint --batch FILE [options]   or   pint --family NAME -d N --count C\n"
"Adaptive numerical integration of f: R^n -> R^m over a box or simplices.\n"
"\n"
"Integrand and domain:\n"
"  -f, --function NAME   built-in integrand (see --list) or plug-in symbol\n"
"  -e, --expr EXPR       integrand as an expression in x1..xN, e.g.\n"
"                        'exp(-x1^2 - x2^2) * cos(x3)'; several -e give a\n"
"                        vector integrand (see pint(1) for the functions)\n"
"  -d, --dim N           dimension (deduced from --lo/--hi lists, --simplex\n"
"                        or the highest xK of -e)\n"
"      --plugin FILE     load -f SYMBOL from this shared object; the symbol is\n"
"                        int f(int ndim, const double *x, int ncomp,\n"
"                              double *fval, void *ctx)\n"
"      --ncomp M         components of a plug-in integrand (default 1)\n"
"      --lo a[,a...]     lower bounds (one value: every axis; default 0);\n"
"                        a bound of -inf is unbounded below\n"
"      --hi b[,b...]     upper bounds (one value: every axis; default 1);\n"
"                        a bound of inf is unbounded above\n"
"      --scale L         where the mass lies on infinite ranges, roughly\n"
"                        (x = a + L tan(pi t/2); default 1)\n"
"      --points [xK:]a,b,...  breakpoints: cut the box at these values of\n"
"                        axis K (default x1) where the integrand is singular\n"
"                        or has a kink or jump; repeat for other axes\n"
"      --no-extrapolation  1-D: the plain adaptive engine instead of\n"
"                        QAGS/QAGP's extrapolation (distributed over ranks)\n"
"      --simplex FILE    integrate over the simplices listed in FILE\n"
"      --seed S          seed of the Genz parameters, the Monte Carlo streams\n"
"                        and the QMC shifts (default 1)\n"
"      --difficulty B    Genz difficulty scale beta (default 1)\n"
"\n"
"Accuracy and limits:\n"
"      --ea EPS          absolute tolerance (default 0)\n"
"      --er EPS          relative tolerance (default 1e-6)\n"
"      --norm N          how the components' errors meet the tolerance: max\n"
"                        (default: max error <= max(ea, er * max |value|)),\n"
"                        individual (each component on its own) or l2\n"
"      --max-evals N     evaluation limit (default 1e8)\n"
"      --max-regions N   region limit, bounds memory (default 1e7)\n"
"      --method M        adaptive (default); mc (plain Monte Carlo, up to\n"
"                        1000 dimensions) or qmc (randomized Korobov\n"
"                        lattices, up to 400): boxes only, the error is one\n"
"                        standard error\n"
"      --shifts Q        qmc: random shifts (cells) per row (default 10)\n"
"      --periodize T     qmc: none, baker (default), korobov or sidi\n"
"      --rule R          sym9, sym7, gm, gk15, gk21, gk31, gk41, gk51, gk61,\n"
"                        simplex3, simplex5, simplex7, simplex9 (default:\n"
"                        gk21 in 1-D, sym9 on boxes, simplex7 on simplices)\n"
"      --time-limit S    stop after S seconds of wall-clock time with the\n"
"                        estimate reached (status time-limit, exit 1)\n"
"\n"
"Checkpoints (every method; one integral, not --batch/--family):\n"
"      --checkpoint FILE write the complete state to FILE every\n"
"                        --checkpoint-every seconds and when the run stops\n"
"                        (also on SIGINT/SIGTERM)\n"
"      --checkpoint-every S  seconds between checkpoints (default 60)\n"
"      --resume FILE     continue from a checkpoint (same problem; any\n"
"                        number of ranks, tolerances and limits)\n"
"\n"
"Parallel runs (mpirun -np P pint ...):\n"
"      --dedicated-controller  rank 0 only controls (default: it works too)\n"
"      --update-seconds S  seconds between a worker's updates (default 0.002;\n"
"                        also after every 16 subdivisions)\n"
"      --update-evals N  or: evaluations between updates\n"
"      --lb-regions K    regions per load-balancing transfer (default 4)\n"
"      --verify          audit at the end that every region is counted once\n"
"                        (adaptive only)\n"
"      --qmc-units U     qmc work units: row (default: every rank takes a\n"
"                        piece of every cell), single-cell or constant-row\n"
"                        (rank 0 hands out units on request)\n"
"      --units-per-worker K  constant-row: units per row = K x workers\n"
"                        (default 16)\n"
"      --schedule S      constant-row chunks: static, ss (default), fsc, gss,\n"
"                        fac, wf, awf, af\n"
"      --unit-seconds T  mc: workers report every T seconds to rank 0\n"
"                        (fixed-time units; default: fixed-count rounds)\n"
"      --cost-us X       benchmarking aid: each evaluation sleeps X us; a list\n"
"                        X0,X1,... gives rank r the cost X(r mod length)\n"
"      --spin-us X       benchmarking aid: each evaluation burns X us of CPU\n"
"\n"
"Many integrals (mpirun -np P pint --batch ...):\n"
"      --batch FILE      integrate every line of FILE: FUNCTION DIM [er=..\n"
"                        ea=.. max-evals=.. seed=.. difficulty=.. norm=..\n"
"                        lo=.. hi=.. scale=.. points=.. plugin=.. ncomp=..\n"
"                        expr='EXPR' ...];\n"
"                        '#' comments\n"
"                        (see pint(1))\n"
"      --family NAME     or: --count instances of a Genz family at -d N,\n"
"      --count C         seeds --seed, --seed + 1, ...\n"
"      --groups G        G groups of ranks, each integrates one integral at a\n"
"                        time (default 1: all ranks on each integral)\n"
"      --group-size S    or: S ranks per group\n"
"                        (--schedule: integrals per request, default ss: 1)\n"
"\n"
"Output:\n"
"      --json            one JSON object on stdout\n"
"      --verbose         per-rank statistics after the result\n"
"      --progress        a progress line on stderr even when it is not a\n"
"                        terminal (on a terminal runs over 2 s show one);\n"
"                        with --batch/--family: integrals done, failed\n"
"      --list            list the built-in integrands\n"
"  -h, --help            this help\n"
"      --version         print the version\n"
"\n"
"Exit status: 0 converged, 1 a limit was reached first, 2 error.\n",
        out);
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
    char buf[4096];
    if (strlen(s) >= sizeof buf)
        return -1;
    strcpy(buf, s);
    int n = 0;
    char *save = NULL;
    for (char *tok = strtok_r(buf, ",", &save); tok;
         tok = strtok_r(NULL, ",", &save)) {
        if (n >= max || (bounds ? pint_parse_bound(tok, &vals[n])
                                : pint_parse_double(tok, &vals[n])) != 0)
            return -1;
        n++;
    }
    /* "1,,2" or a trailing comma would silently drop a value */
    if (n == 0 || strstr(s, ",,") || s[0] == ',' || s[strlen(s) - 1] == ',')
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

static int handle(int c, const char *arg, pint_cli *cli, char *msg,
                  size_t len)
{
    long long n;
    double v;
    switch (c) {
    case 'f':
        cli->function = arg;
        return 0;
    case 'e':
        if (cli->nexpr == PINT_CLI_MAX_EXPR)
            return set_err(msg, len, "too many -e expressions (at most "
                           "%s)%s", "1024", "");
        cli->expr[cli->nexpr++] = arg;
        return 0;
    case 'd':
        if (pint_parse_count(arg, 1, PINT_CLI_MAX_DIM, &n) != 0)
            return set_err(msg, len, "--dim must be a whole number "
                           "1..1000, got '%s'%s", arg, "");
        cli->ndim = (int)n;
        return 0;
    case OPT_NCOMP:
        if (pint_parse_count(arg, 1, 1024, &n) != 0)
            return set_err(msg, len, "--ncomp must be a whole number "
                           "1..1024, got '%s'%s", arg, "");
        cli->ncomp = (int)n;
        return 0;
    case OPT_LO:
    case OPT_HI: {
        int k = parse_list(arg, c == OPT_LO ? cli->lo : cli->hi,
                           PINT_CLI_MAX_DIM, 1);
        if (k < 0)
            return set_err(msg, len, "%s needs a number (or -inf, inf) or "
                           "a comma-separated list of them, got '%s'",
                           c == OPT_LO ? "--lo" : "--hi", arg);
        *(c == OPT_LO ? &cli->nlo : &cli->nhi) = k;
        return 0;
    }
    case OPT_SIMPLEX:
        cli->simplex_file = arg;
        return 0;
    case OPT_EA:
    case OPT_ER:
        if (pint_parse_double(arg, &v) != 0 || v < 0)
            return set_err(msg, len, "%s must be a finite number >= 0, "
                           "got '%s'", c == OPT_EA ? "--ea" : "--er", arg);
        *(c == OPT_EA ? &cli->opt.epsabs : &cli->opt.epsrel) = v;
        return 0;
    case OPT_NORM: {
        int k = pint_norm_from_name(arg);
        if (k < 0)
            return set_err(msg, len, "unknown norm '%s' (max, individual, "
                           "l2)%s", arg, "");
        cli->opt.norm = (enum pint_norm)k;
        return 0;
    }
    case OPT_MAX_EVALS:
        if (pint_parse_count(arg, 1, 9e18, &n) != 0)
            return set_err(msg, len, "--max-evals must be a whole number "
                           ">= 1, got '%s'%s", arg, "");
        cli->opt.max_evals = n;
        return 0;
    case OPT_MAX_REGIONS:
        if (pint_parse_count(arg, 1, 9e18, &n) != 0)
            return set_err(msg, len, "--max-regions must be a whole number "
                           ">= 1, got '%s'%s", arg, "");
        cli->opt.max_regions = (size_t)n;
        return 0;
    case OPT_METHOD: {
        int m = pint_method_from_name(arg);
        if (m < 0)
            return set_err(msg, len, "unknown method '%s' (adaptive, mc, "
                           "qmc)%s", arg, "");
        cli->opt.method = (enum pint_method)m;
        return 0;
    }
    case OPT_RULE: {
        int r = pint_rule_from_name(arg);
        if (r < 0)
            return set_err(msg, len, "unknown rule '%s' (sym9, sym7, gm, "
                           "gk15..gk61, simplex3..simplex9, auto)%s", arg, "");
        cli->opt.rule = (enum pint_rule)r;
        return 0;
    }
    case OPT_SEED:
        if (pint_parse_seed(arg, &cli->seed) != 0)
            return set_err(msg, len, "--seed must be a whole number "
                           "0..18446744073709551615, got '%s'%s", arg, "");
        return 0;
    case OPT_DIFFICULTY:
        if (pint_parse_double(arg, &v) != 0 || !(v > 0))
            return set_err(msg, len, "--difficulty must be a finite number "
                           "> 0, got '%s'%s", arg, "");
        cli->difficulty = v;
        return 0;
    case OPT_PLUGIN:
        cli->plugin = arg;
        return 0;
    case OPT_DEDICATED: cli->opt.dedicated_controller = 1; return 0;
    case OPT_VERIFY: cli->opt.verify = 1; return 0;
    case OPT_VERBOSE: cli->verbose = 1; return 0;
    case OPT_UPDATE_EVALS:
        if (pint_parse_count(arg, 1, 9e18, &n) != 0)
            return set_err(msg, len, "--update-evals must be a whole number "
                           ">= 1, got '%s'%s", arg, "");
        cli->opt.update_evals = n;
        return 0;
    case OPT_UPDATE_SECONDS:
        if (pint_parse_double(arg, &v) != 0 || !(v > 0) || v > 3600)
            return set_err(msg, len, "--update-seconds must be a number of "
                           "seconds in (0, 3600], got '%s'%s", arg, "");
        cli->opt.update_seconds = v;
        return 0;
    case OPT_LB_REGIONS:
        if (pint_parse_count(arg, 1, 1e6, &n) != 0)
            return set_err(msg, len, "--lb-regions must be a whole number "
                           "1..1000000, got '%s'%s", arg, "");
        cli->opt.lb_regions = (int)n;
        return 0;
    case OPT_COST_US:
    case OPT_SPIN_US: {
        int k = parse_list(arg, cli->cost_us, 64, 0);
        for (int i = 0; i < k; i++)
            if (cli->cost_us[i] < 0 || cli->cost_us[i] > 1e7)
                k = -1;
        if (k < 0)
            return set_err(msg, len, "%s must be a number of microseconds "
                           "0..1e7, or a list of up to 64, got '%s'",
                           c == OPT_COST_US ? "--cost-us" : "--spin-us", arg);
        cli->ncost = k;
        cli->cost_spin = c == OPT_SPIN_US;
        return 0;
    }
    case OPT_SHIFTS:
        if (pint_parse_count(arg, 2, 100000, &n) != 0)
            return set_err(msg, len, "--shifts must be a whole number "
                           "2..100000, got '%s'%s", arg, "");
        cli->opt.shifts = (int)n;
        return 0;
    case OPT_PERIODIZE: {
        int t = pint_periodize_from_name(arg);
        if (t < 0)
            return set_err(msg, len, "unknown transform '%s' (none, baker, "
                           "korobov, sidi)%s", arg, "");
        cli->opt.periodize = (enum pint_periodize)t;
        return 0;
    }
    case OPT_QMC_UNITS: {
        int u = pint_qmc_units_from_name(arg);
        if (u < 0)
            return set_err(msg, len, "unknown QMC work unit '%s' (row, "
                           "single-cell, constant-row)%s", arg, "");
        cli->opt.qmc_units = (enum pint_qmc_units)u;
        return 0;
    }
    case OPT_UNITS_PER_WORKER:
        if (pint_parse_count(arg, 1, 1000000, &n) != 0)
            return set_err(msg, len, "--units-per-worker must be a whole "
                           "number 1..1000000, got '%s'%s", arg, "");
        cli->opt.units_per_worker = (int)n;
        return 0;
    case OPT_SCHEDULE: {
        int k = pint_schedule_from_name(arg);
        if (k < 0)
            return set_err(msg, len, "unknown schedule '%s' (static, ss, fsc, "
                           "gss, fac, wf, awf, af)%s", arg, "");
        cli->opt.schedule = (enum pint_schedule)k;
        return 0;
    }
    case OPT_UNIT_SECONDS:
        if (pint_parse_double(arg, &v) != 0 || !(v > 0) || v > 3600)
            return set_err(msg, len, "--unit-seconds must be a number of "
                           "seconds in (0, 3600], got '%s'%s", arg, "");
        cli->opt.unit_seconds = v;
        return 0;
    case OPT_BATCH: cli->batch_file = arg; return 0;
    case OPT_FAMILY: cli->family = arg; return 0;
    case OPT_COUNT:
        if (pint_parse_count(arg, 1, 1000000, &n) != 0)
            return set_err(msg, len, "--count must be a whole number "
                           "1..1000000, got '%s'%s", arg, "");
        cli->count = n;
        return 0;
    case OPT_GROUPS:
    case OPT_GROUP_SIZE:
        if (pint_parse_count(arg, 1, 1000000, &n) != 0)
            return set_err(msg, len, "%s must be a whole number 1..1000000, "
                           "got '%s'", c == OPT_GROUPS ? "--groups"
                                                      : "--group-size", arg);
        *(c == OPT_GROUPS ? &cli->groups : &cli->group_size) = (int)n;
        return 0;
    case OPT_POINTS:
        return parse_points(arg, cli, msg, len);
    case OPT_NO_EXTRAPOLATION:
        cli->opt.extrapolate = 0;
        return 0;
    case OPT_SCALE:
        if (pint_parse_double(arg, &v) != 0 || !(v > 0))
            return set_err(msg, len, "--scale must be a finite number > 0, "
                           "got '%s'%s", arg, "");
        cli->opt.scale = v;
        return 0;
    case OPT_TIME_LIMIT:
        if (pint_parse_double(arg, &v) != 0 || !(v > 0) || v > 1e9)
            return set_err(msg, len, "--time-limit must be a number of "
                           "seconds in (0, 1e9], got '%s'%s", arg, "");
        cli->opt.time_limit = v;
        return 0;
    case OPT_CHECKPOINT_EVERY:
        if (pint_parse_double(arg, &v) != 0 || !(v > 0) || v > 1e9)
            return set_err(msg, len, "--checkpoint-every must be a number of "
                           "seconds in (0, 1e9], got '%s'%s", arg, "");
        cli->checkpoint_every = v;
        return 0;
    case OPT_CHECKPOINT:
    case OPT_RESUME:
        if (!arg[0])
            return set_err(msg, len, "%s needs a file name%s",
                           c == OPT_CHECKPOINT ? "--checkpoint" : "--resume",
                           "");
        *(c == OPT_CHECKPOINT ? &cli->opt.checkpoint : &cli->opt.resume) = arg;
        return 0;
    case OPT_PROGRESS: cli->progress = 1; return 0;
    case OPT_LIST: cli->list = 1; return 0;
    case OPT_JSON: cli->json = 1; return 0;
    case 'h': cli->help = 1; return 0;
    case OPT_VERSION: cli->version = 1; return 0;
    default:
        return set_err(msg, len, "unexpected option%s%s", "", "");
    }
}

int pint_cli_parse(int argc, char **argv, pint_cli *cli, char *msg,
                   size_t msglen)
{
    memset(cli, 0, sizeof *cli);
    pint_options_init(&cli->opt);
    cli->seed = 1;
    cli->difficulty = 1.0;
    opterr = 0;                 /* we print our own one-line errors */
    optind = 0;                 /* 0: glibc resets its state fully, so the
                                   parser can run again in one process */
    int c;
    while ((c = getopt_long(argc, argv, ":f:e:d:h", long_options, NULL)) != -1) {
        if (c == '?')
            return set_err(msg, msglen, "unknown option '%s' (see --help)%s",
                           argv[optind - 1], "");
        if (c == ':')
            return set_err(msg, msglen, "option '%s' needs a value%s",
                           argv[optind - 1], "");
        if (handle(c, optarg, cli, msg, msglen) != 0)
            return -1;
    }
    if (optind < argc)
        return set_err(msg, msglen, "unexpected argument '%s' (see --help)%s",
                       argv[optind], "");
    if ((cli->batch_file || cli->family)
        && (cli->opt.checkpoint || cli->opt.resume))
        return set_err(msg, msglen, "%s applies to one integral, not to "
                       "--batch or --family%s", cli->opt.checkpoint
                       ? "--checkpoint" : "--resume", "");
    if (cli->opt.verify && cli->opt.method != PINT_METHOD_ADAPTIVE)
        return set_err(msg, msglen, "--verify audits the regions of the "
                       "adaptive method; %s has none%s",
                       cli->opt.method == PINT_METHOD_QMC ? "qmc" : "mc", "");
    if (cli->checkpoint_every > 0 && !cli->opt.checkpoint)
        return set_err(msg, msglen, "--checkpoint-every needs --checkpoint "
                       "FILE%s%s", "", "");
    if (cli->opt.checkpoint)
        cli->opt.checkpoint_seconds = cli->checkpoint_every > 0
                                      ? cli->checkpoint_every
                                      : PINT_CLI_CHECKPOINT_EVERY;
    return 0;
}

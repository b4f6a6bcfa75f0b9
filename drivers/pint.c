/* pint.c -- the pint command: integrate a built-in or plug-in integrand,
 * on one rank or under mpirun on many (every rank runs this program; rank
 * 0 prints).
 *
 * Exit status: 0 converged, 1 a limit was reached first, 2 bad input or
 * integrand failure (one line on stderr naming the problem, from rank 0;
 * every rank exits with the same status).
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pint.h"
#include "integrands.h"
#include "expr.h"
#include "batch_run.h"
#include "cli.h"
#include "cost.h"
#include "output.h"
#include "pint_command.h"
#include "supervise.h"

enum { EXIT_CONVERGED = 0, EXIT_LIMIT = 1, EXIT_ERROR = 2 };

static void list_integrands(void)
{
    printf("%-10s %-6s %-6s %s\n", "name", "dims", "comps", "description");
    for (size_t i = 0; i < pint_testfn_count(); i++) {
        const pint_testfn_family *f = pint_testfn_family_at(i);
        char dims[16];
        snprintf(dims, sizeof dims, "%d-%d", f->min_dim, f->max_dim);
        printf("%-10s %-6s %-6d %s\n", f->name, dims, f->ncomp, f->summary);
    }
}

/* The dimension: -d, else the length of a --lo/--hi list. */
static int resolve_dim(pint_cli *cli, char *msg, size_t len)
{
    int listed = cli->nlo > 1 ? cli->nlo : (cli->nhi > 1 ? cli->nhi : 0);
    if (cli->ndim == 0)
        cli->ndim = listed;
    if (cli->ndim == 0) {
        snprintf(msg, len, "give the dimension with -d N");
        return -1;
    }
    if ((cli->nlo > 1 && cli->nlo != cli->ndim)
        || (cli->nhi > 1 && cli->nhi != cli->ndim)) {
        snprintf(msg, len, "--lo/--hi give %d values but the dimension is %d",
                 cli->nlo > 1 && cli->nlo != cli->ndim ? cli->nlo : cli->nhi,
                 cli->ndim);
        return -1;
    }
    return 0;
}

/* Fill lo/hi of the box: a single value applies to every axis. */
static void expand_bounds(pint_cli *cli)
{
    double lo = cli->nlo == 1 ? cli->lo[0] : 0.0;
    double hi = cli->nhi == 1 ? cli->hi[0] : 1.0;
    for (int i = 0; i < cli->ndim; i++) {
        if (cli->nlo <= 1)
            cli->lo[i] = lo;
        if (cli->nhi <= 1)
            cli->hi[i] = hi;
    }
}

/* Everything a run needs, built the same way on every rank. */
typedef struct {
    pint_cli cli;
    double *verts;
    pint_domain dom;
    pint_plugin *plugin;
    pint_expr *expr;
    char *expr_text;            /* the -e expressions joined, for output */
    pint_testfn *tf;
    pint_function fn;
    pint_result *res;
    double *exact;
} problem;

/* Compile the -e expressions (the dimension is checked once known) and
 * take the dimension from the highest xK when neither -d nor a --lo/--hi
 * list gives it. */
static int compile_expressions(problem *p, char *msg, size_t len)
{
    pint_cli *cli = &p->cli;
    char why[256];
    p->expr = pint_expr_compile(cli->nexpr, cli->expr, 0, why, sizeof why);
    if (!p->expr) {
        snprintf(msg, len, "-e: %s", why);
        /* name the failing expression by its text, not its number */
        for (int k = 0; k < cli->nexpr; k++) {
            pint_expr *one = pint_expr_compile(1, &cli->expr[k], 0, why,
                                               sizeof why);
            if (!one) {
                snprintf(msg, len, "-e '%.200s%s': %s", cli->expr[k],
                         strlen(cli->expr[k]) > 200 ? "..." : "", why);
                break;
            }
            pint_expr_free(one);
        }
        return -1;
    }
    int listed = cli->nlo > 1 ? cli->nlo : (cli->nhi > 1 ? cli->nhi : 0);
    if (cli->ndim == 0 && listed == 0 && !cli->simplex_file) {
        int k = pint_expr_max_var(p->expr);
        cli->ndim = k > 0 ? k : 1;
    }
    size_t total = 1;
    for (int k = 0; k < cli->nexpr; k++)
        total += strlen(cli->expr[k]) + 2;
    p->expr_text = malloc(total);
    if (!p->expr_text) {
        snprintf(msg, len, "out of memory");
        return -1;
    }
    p->expr_text[0] = '\0';
    for (int k = 0; k < cli->nexpr; k++) {
        if (k)
            strcat(p->expr_text, "; ");
        strcat(p->expr_text, cli->expr[k]);
    }
    return 0;
}

static int setup(problem *p, char *msg, size_t len)
{
    pint_cli *cli = &p->cli;
    if (!cli->function && !cli->nexpr) {
        snprintf(msg, len, "no integrand: give -f NAME (see --list) or "
                 "-e EXPR");
        return -1;
    }
    if (cli->function && cli->nexpr) {
        snprintf(msg, len, "-f and -e exclude each other");
        return -1;
    }
    if (cli->nexpr && cli->plugin) {
        snprintf(msg, len, "--plugin needs -f SYMBOL, not -e");
        return -1;
    }
    if (cli->nexpr && compile_expressions(p, msg, len) != 0)
        return -1;
    if (cli->plugin) {
        p->plugin = pint_plugin_open(cli->plugin, cli->function, msg, len);
        if (!p->plugin)
            return -1;
        /* a dimension the plug-in declares (NAME_ndim) stands for -d;
         * one the domain gives is checked against it below */
        int ndim = 0, ncomp = 0;
        if (cli->ndim == 0 && !cli->simplex_file && cli->nlo <= 1
            && cli->nhi <= 1 && pint_plugin_shape(p->plugin, &ndim, &ncomp,
                                                  msg, len) == 0)
            cli->ndim = ndim;
    }
    if (cli->simplex_file) {
        size_t nsimplices = 0;
        if (cli->nlo || cli->nhi) {
            snprintf(msg, len, "--simplex and --lo/--hi exclude each other");
            return -1;
        }
        p->verts = pint_read_simplex_file(cli->simplex_file, &cli->ndim,
                                          &nsimplices, msg, len);
        if (!p->verts)
            return -1;
        p->dom = pint_domain_simplices(nsimplices, p->verts);
    } else {
        if (resolve_dim(cli, msg, len) != 0)
            return -1;
        expand_bounds(cli);
        p->dom = pint_domain_box(cli->lo, cli->hi);
    }
    if (cli->nexpr) {
        if (pint_expr_max_var(p->expr) > cli->ndim) {
            snprintf(msg, len, "-e uses x%d but the dimension is %d",
                     pint_expr_max_var(p->expr), cli->ndim);
            return -1;
        }
        p->fn = pint_expr_function(p->expr, cli->ndim);
        if (cli->ncomp && cli->ncomp != cli->nexpr) {
            snprintf(msg, len, "%d -e expression%s but --ncomp %d",
                     cli->nexpr, cli->nexpr == 1 ? "" : "s", cli->ncomp);
            return -1;
        }
    } else if (cli->plugin) {
        int ncomp = cli->ncomp;
        if (pint_plugin_shape(p->plugin, &cli->ndim, &ncomp, msg, len) != 0)
            return -1;
        p->fn = (pint_function){ .ndim = cli->ndim,
                                 .ncomp = ncomp,
                                 .f = pint_plugin_integrand(p->plugin),
                                 .fbatch = pint_plugin_batch(p->plugin) };
    } else {
        p->tf = pint_testfn_new(cli->function, cli->ndim, cli->seed,
                                cli->difficulty, msg, len);
        if (!p->tf)
            return -1;
        p->fn = pint_testfn_function(p->tf);
        if (cli->ncomp && cli->ncomp != p->fn.ncomp) {
            snprintf(msg, len, "integrand %s has %d component%s; --ncomp %d "
                     "does not match", cli->function, p->fn.ncomp,
                     p->fn.ncomp == 1 ? "" : "s", cli->ncomp);
            return -1;
        }
    }
    p->res = pint_result_alloc(p->fn.ncomp);
    p->exact = malloc((size_t)p->fn.ncomp * sizeof *p->exact);
    if (!p->res || !p->exact) {
        snprintf(msg, len, "out of memory");
        return -1;
    }
    return 0;
}

/* The ranks of MPI_COMM_WORLD; 1 for pint alone, without MPI. */
static int world_size(void)
{
    int up = 0, size = 1;
    MPI_Initialized(&up);
    if (up)
        MPI_Comm_size(MPI_COMM_WORLD, &size);
    return size;
}

/* All ranks learn whether any rank failed, and the first failure's
 * message: a file or plug-in missing on one node stops every rank. */
static int agree(int failed, char *msg, size_t len)
{
    int up = 0, rank, size, first;
    MPI_Initialized(&up);
    if (!up)                    /* pint alone, without MPI */
        return failed ? -1 : 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int mine = failed ? rank : size;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (first == size)
        return 0;
    MPI_Bcast(msg, (int)len, MPI_CHAR, first, MPI_COMM_WORLD);
    return -1;
}

/* The watchdog prints its result as the command would. */
static void print_result(const pint_result *res, void *arg)
{
    const pint_report *rep = arg;
    if (rep->cli->json)
        pint_print_json(stdout, rep, res);
    else
        pint_print_text(stdout, rep, res);
}

static void cleanup(problem *p)
{
    free(p->exact);
    pint_result_free(p->res);
    pint_testfn_free(p->tf);
    pint_plugin_close(p->plugin);
    pint_expr_free(p->expr);
    free(p->expr_text);
    free(p->verts);
}

int pint_command(int argc, char **argv, int rank)
{
    problem p;
    memset(&p, 0, sizeof p);
    char msg[512] = "";
    int failed = pint_cli_parse(argc, argv, &p.cli, msg, sizeof msg) != 0;
    if (!failed && !p.cli.help && !p.cli.version && !p.cli.list
        && (p.cli.batch_file || p.cli.family)) {
        return pint_run_batch(&p.cli, rank, world_size(), agree);
    }
    int asks = p.cli.help || p.cli.version || p.cli.list;  /* nothing to run */
    if (!failed && !asks && !p.cli.batch_file && !p.cli.family
        && (p.cli.groups || p.cli.group_size || p.cli.count))
        failed = snprintf(msg, sizeof msg, "--groups, --group-size and --count "
                          "need --batch or --family") > 0;
    if (!failed && !asks)
        failed = setup(&p, msg, sizeof msg) != 0;
    if (agree(failed, msg, sizeof msg) != 0) {
        if (rank == 0)
            fprintf(stderr, "pint: error: %s\n", msg);
        cleanup(&p);
        return EXIT_ERROR;
    }
    if (p.cli.help || p.cli.version || p.cli.list) {
        if (rank == 0) {
            if (p.cli.help)
                pint_cli_usage(stdout);
            else if (p.cli.version)
                printf("pint %s\n", pint_version());
            else
                list_integrands();
        }
        cleanup(&p);
        return EXIT_CONVERGED;
    }

    p.cli.opt.seed = p.cli.seed;
    pint_cost cost;             /* heterogeneous ranks, emulated */
    if (p.cli.ncost > 0)
        pint_cost_wrap(&cost, &p.fn, p.cli.cost_us[rank % p.cli.ncost],
                       p.cli.cost_spin);
    char *id = pint_cli_identity(p.cli.nexpr, p.cli.expr, p.cli.plugin,
                                 p.cli.function, p.cli.seed,
                                 p.cli.difficulty);
    snprintf(msg, sizeof msg, "out of memory");
    if (agree(!id, msg, sizeof msg) != 0) {     /* every rank, or none */
        if (rank == 0)
            fprintf(stderr, "pint: error: %s\n", msg);
        free(id);
        cleanup(&p);
        return EXIT_ERROR;
    }
    p.cli.opt.identity = id;
    int have_exact = p.tf && pint_testfn_exact(p.tf, &p.dom, p.exact);
    int size = world_size();
    pint_report rep = { .cli = &p.cli,
                        .function = p.expr_text ? p.expr_text : p.cli.function,
                        .ndim = p.cli.ndim,
                        .domain = p.cli.simplex_file ? "simplices" : "box",
                        .exact = have_exact ? p.exact : NULL,
                        .ranks = size };
    pint_supervisor *sup = pint_supervise_begin(&p.cli.opt, p.fn.ncomp, rank,
                                                p.cli.progress, print_result,
                                                &rep);
    int rc = pint_integrate(&p.fn, &p.dom, &p.cli.opt, p.res);
    pint_supervise_end(sup);
    free(id);
    p.cli.opt.identity = NULL;
    rep.ranks = p.res->nranks;
    int status;
    if (pint_status_is_error(rc)) {
        /* a failing integrand or memory running out during the run: a
         * machine reader still gets its one object, and a person the
         * estimate reached before the failure when there is one (its
         * status says it did not converge) */
        int keeps = rc == PINT_ERR_INTEGRAND || rc == PINT_ERR_NONFINITE
                    || rc == PINT_ERR_NOMEM;
        if (rank == 0 && keeps && p.cli.json)
            pint_print_json(stdout, &rep, p.res);
        else if (rank == 0 && keeps && !isnan(p.res->value[0]))
            pint_print_text(stdout, &rep, p.res);
        if (rank == 0)
            fprintf(stderr, "pint: error: %s\n", p.res->message);
        status = EXIT_ERROR;
    } else {
        if (rank == 0) {
            if (p.cli.json)
                pint_print_json(stdout, &rep, p.res);
            else
                pint_print_text(stdout, &rep, p.res);
            if (p.cli.verbose && !p.cli.json)
                pint_print_ranks(stdout, p.res);
            /* the result stands, but work meant to be saved was not:
             * say so where a person looks, not only in the report */
            if (p.res->checkpoint_message[0])
                fprintf(stderr, "pint: warning: the last checkpoint failed "
                        "(%lld written before it): %s\n",
                        p.res->checkpoints, p.res->checkpoint_message);
        }
        status = rc == PINT_CONVERGED ? EXIT_CONVERGED : EXIT_LIMIT;
    }
    cleanup(&p);
    return status;
}

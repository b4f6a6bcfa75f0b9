/* pint.c -- the pint command: integrate a built-in or plug-in integrand.
 *
 * Exit status: 0 converged, 1 a limit was reached first, 2 bad input or
 * integrand failure (one line on stderr naming the problem).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pint.h"
#include "integrands.h"
#include "cli.h"
#include "output.h"

enum { EXIT_CONVERGED = 0, EXIT_LIMIT = 1, EXIT_ERROR = 2 };

static int error_exit(const char *msg)
{
    fprintf(stderr, "pint: error: %s\n", msg);
    return EXIT_ERROR;
}

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

int main(int argc, char **argv)
{
    pint_cli cli;
    char msg[512];
    if (pint_cli_parse(argc, argv, &cli, msg, sizeof msg) != 0)
        return error_exit(msg);
    if (cli.help) {
        pint_cli_usage(stdout);
        return 0;
    }
    if (cli.version) {
        printf("pint %s\n", pint_version());
        return 0;
    }
    if (cli.list) {
        list_integrands();
        return 0;
    }
    if (!cli.function)
        return error_exit("no integrand: give -f NAME (see --list)");

    /* the domain */
    double *verts = NULL;
    size_t nsimplices = 0;
    pint_domain dom;
    if (cli.simplex_file) {
        if (cli.nlo || cli.nhi)
            return error_exit("--simplex and --lo/--hi exclude each other");
        verts = pint_read_simplex_file(cli.simplex_file, &cli.ndim,
                                       &nsimplices, msg, sizeof msg);
        if (!verts)
            return error_exit(msg);
        dom = pint_domain_simplices(nsimplices, verts);
    } else {
        if (resolve_dim(&cli, msg, sizeof msg) != 0)
            return error_exit(msg);
        expand_bounds(&cli);
        dom = pint_domain_box(cli.lo, cli.hi);
    }

    /* the integrand */
    pint_plugin *plugin = NULL;
    pint_testfn *tf = NULL;
    pint_function fn;
    int status = EXIT_ERROR;
    pint_result *res = NULL;
    double *exact = NULL;
    if (cli.plugin) {
        plugin = pint_plugin_open(cli.plugin, cli.function, msg, sizeof msg);
        if (!plugin)
            goto out_error;
        fn = (pint_function){ .ndim = cli.ndim,
                              .ncomp = cli.ncomp ? cli.ncomp : 1,
                              .f = pint_plugin_integrand(plugin) };
    } else {
        tf = pint_testfn_new(cli.function, cli.ndim, cli.seed, cli.difficulty,
                             msg, sizeof msg);
        if (!tf)
            goto out_error;
        fn = pint_testfn_function(tf);
        if (cli.ncomp && cli.ncomp != fn.ncomp) {
            snprintf(msg, sizeof msg, "integrand %s has %d component%s; "
                     "--ncomp %d does not match", cli.function, fn.ncomp,
                     fn.ncomp == 1 ? "" : "s", cli.ncomp);
            goto out_error;
        }
    }
    res = pint_result_alloc(fn.ncomp);
    exact = malloc((size_t)fn.ncomp * sizeof *exact);
    if (!res || !exact) {
        snprintf(msg, sizeof msg, "out of memory");
        goto out_error;
    }
    int rc = pint_integrate(&fn, &dom, &cli.opt, res);
    int have_exact = tf && pint_testfn_exact(tf, &dom, exact);
    pint_report rep = { .cli = &cli, .function = cli.function,
                        .ndim = cli.ndim,
                        .domain = cli.simplex_file ? "simplices" : "box",
                        .exact = have_exact ? exact : NULL, .ranks = 1 };
    if (rc == PINT_ERR_INVALID || rc == PINT_ERR_NOMEM) {
        snprintf(msg, sizeof msg, "%s", res->message);
        goto out_error;
    }
    if (rc == PINT_ERR_INTEGRAND || rc == PINT_ERR_NONFINITE) {
        /* a machine reader still gets its one object, with no numbers */
        if (cli.json)
            pint_print_json(stdout, &rep, res);
        snprintf(msg, sizeof msg, "%s", res->message);
        goto out_error;
    }
    if (cli.json)
        pint_print_json(stdout, &rep, res);
    else
        pint_print_text(stdout, &rep, res);
    status = rc == PINT_CONVERGED ? EXIT_CONVERGED : EXIT_LIMIT;
    goto out;

out_error:
    fprintf(stderr, "pint: error: %s\n", msg);
    status = EXIT_ERROR;
out:
    free(exact);
    pint_result_free(res);
    pint_testfn_free(tf);
    pint_plugin_close(plugin);
    free(verts);
    return status;
}

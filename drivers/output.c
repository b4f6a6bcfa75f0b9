/* output.c -- the human table and the JSON object (see output.h).
 *
 * The JSON field names are a public contract: extend, never rename.
 */
#define _GNU_SOURCE             /* sched_getaffinity, CPU_COUNT */
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "output.h"

/* The threads each rank ran on: --threads (0: the cores, as the library
 * counts them), but 1 for the adaptive method in 1-D. */
static int threads(const pint_report *rep, const pint_result *res)
{
    if (res->method == PINT_METHOD_ADAPTIVE && rep->ndim < 2)
        return 1;
    int t = rep->cli->opt.threads;
    return t ? t : pint_threads_default();
}

/* The cores this process may run on (its CPU affinity), or 0 when
 * unknown. */
static int cores_allowed(void)
{
    cpu_set_t set;
    return sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 0;
}

void pint_print_text(FILE *out, const pint_report *rep, const pint_result *res)
{
    const pint_cli *cli = rep->cli;
    fprintf(out, "integrand    %s (dim %d, %s", rep->function, rep->ndim,
            rep->domain);
    if (!cli->plugin && !cli->nexpr)
        fprintf(out, ", seed %llu, difficulty %g",
                (unsigned long long)cli->seed, cli->difficulty);
    fprintf(out, ")\n");
    if (res->method == PINT_METHOD_MC) {
        fprintf(out, "method       mc (error: one standard error)\n");
        if (cli->opt.unit_seconds > 0 && rep->ranks > 1)
            fprintf(out, "work units   fixed-time, %g s\n",
                    cli->opt.unit_seconds);
    } else if (res->method == PINT_METHOD_QMC) {
        fprintf(out, "method       qmc, Korobov lattices, %s transform "
                "(error: one standard error over the shifts)\n",
                pint_periodize_name(cli->opt.periodize));
        fprintf(out, "rows         %lld (%d shifts each; the last %lld points "
                "per shift)\n", res->rows, res->shifts, res->points_per_row);
        if (rep->ranks > 1)
            fprintf(out, "work units   %s\n",
                    pint_qmc_units_name(cli->opt.qmc_units));
    } else if (res->method == PINT_METHOD_VEGAS) {
        fprintf(out, "method       vegas (error: one standard error of the "
                "iterations combined)\n");
        if (PINT_VEGAS_WARMUP == 1)
            fprintf(out, "iterations   %lld (the first trains the map only); "
                    "chi^2/dof %.3g\n", res->iterations, res->chi2_dof);
        else
            fprintf(out, "iterations   %lld (the first %d train the map "
                    "only); chi^2/dof %.3g\n", res->iterations,
                    PINT_VEGAS_WARMUP, res->chi2_dof);
    } else
        fprintf(out, "rule         %s%s\n", pint_rule_name(res->rule),
                res->extrapolated ? " (value extrapolated, Wynn's epsilon "
                                    "algorithm)" : "");
    if (cli->opt.npoints) {
        fputs("breakpoints ", out);
        for (size_t j = 0; j < cli->opt.npoints; j++)
            fprintf(out, " x%d=%g", cli->opt.points_axis[j] + 1,
                    cli->opt.points[j]);
        fputc('\n', out);
    }
    fprintf(out, "tolerance    relative %g, absolute %g", cli->opt.epsrel,
            cli->opt.epsabs);
    if (cli->opt.norm != PINT_NORM_MAX)
        fprintf(out, ", %s norm", pint_norm_name(cli->opt.norm));
    fputc('\n', out);
    fprintf(out, "status       %s%s\n", pint_status_name(res->status),
            pint_status_is_error(res->status)
                ? " (the values are the estimate reached before the error)"
                : "");
    fprintf(out, "evaluations  %lld", res->evals);
    if (res->resumed_evals)
        fprintf(out, " (%lld before the checkpoint resumed from)",
                res->resumed_evals);
    fputc('\n', out);
    if (cli->opt.time_limit > 0)
        fprintf(out, "time limit   %g s\n", cli->opt.time_limit);
    if (cli->opt.checkpoint)
        fprintf(out, "checkpoint   %s (%lld written%s%s)\n",
                cli->opt.checkpoint, res->checkpoints,
                res->checkpoint_message[0] ? "; last attempt: " : "",
                res->checkpoint_message);
    if (res->method == PINT_METHOD_ADAPTIVE)
        fprintf(out, "regions      %zu\n", res->regions);
    fprintf(out, "seconds      %.3f\n", res->seconds);
    int nt = threads(rep, res), cores = cores_allowed();
    if (nt > 1 && cores > 0 && cores < nt)
        /* a launcher bound the process (Open MPI binds 1 or 2 ranks to
         * a core each): its threads take turns */
        fprintf(out, "threads      %d per rank, on %d core%s (the process "
                "is bound to %s; under mpirun, --bind-to none or --map-by "
                "slot:PE=%d gives each rank %d cores)\n", nt, cores,
                cores == 1 ? "" : "s", cores == 1 ? "it" : "them", nt, nt);
    else if (nt > 1)
        fprintf(out, "threads      %d per rank\n", nt);
    fprintf(out, "ranks        %d\n\n", rep->ranks);
    /* the last column is not padded: no trailing blanks */
    if (rep->exact)
        fprintf(out, "%4s  %-23s %-10s  %-23s %s\n", "comp", "value",
                "error est.", "exact", "true error");
    else
        fprintf(out, "%4s  %-23s %s\n", "comp", "value", "error est.");
    for (int k = 0; k < res->ncomp; k++) {
        if (rep->exact)
            fprintf(out, "%4d  %-23.15e %-10.2e  %-23.15e %.2e\n", k + 1,
                    res->value[k], res->error[k], rep->exact[k],
                    fabs(res->value[k] - rep->exact[k]));
        else
            fprintf(out, "%4d  %-23.15e %.2e\n", k + 1, res->value[k],
                    res->error[k]);
    }
    if (res->message[0])        /* converged: a caution */
        fprintf(out, "\nnote: %s\n", res->message);
}

/* JSON has no NaN or Inf: print null for them.  The fewest digits that
 * read back as the same double (1e-06, not 9.9999999999999995e-07). */
void pint_json_number(FILE *out, double v)
{
    if (!isfinite(v)) {
        fputs("null", out);
        return;
    }
    char buf[32];
    for (int p = 1; p <= 17; p++) {
        snprintf(buf, sizeof buf, "%.*g", p, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    fputs(buf, out);
}

void pint_json_settings(FILE *out, const pint_options *opt, int builtin,
                        uint64_t seed, double difficulty)
{
    fputs(", \"epsabs\": ", out);
    pint_json_number(out, opt->epsabs);
    fputs(", \"epsrel\": ", out);
    pint_json_number(out, opt->epsrel);
    fprintf(out, ", \"norm\": \"%s\"", pint_norm_name(opt->norm));
    if (builtin) {
        fprintf(out, ", \"seed\": %llu, \"difficulty\": ",
                (unsigned long long)seed);
        pint_json_number(out, difficulty);
    }
}

void pint_json_checkpoint(FILE *out, const pint_options *opt,
                          const pint_result *res)
{
    if (opt->checkpoint) {
        fputs(", \"checkpoint\": ", out);
        pint_json_string(out, opt->checkpoint);
        fprintf(out, ", \"checkpoints_written\": %lld, "
                "\"checkpoint_message\": ", res->checkpoints);
        pint_json_string(out, res->checkpoint_message);
    }
    if (opt->resume) {
        fputs(", \"resumed_from\": ", out);
        pint_json_string(out, opt->resume);
        fprintf(out, ", \"resumed_evals\": %lld", res->resumed_evals);
    }
}

/* A time in seconds: 6 significant digits (a clock's reading is no
 * finer). */
static void json_seconds(FILE *out, double v)
{
    if (isfinite(v))
        fprintf(out, "%.6g", v);
    else
        fputs("null", out);
}

void pint_json_array(FILE *out, const double *v, int n)
{
    fputc('[', out);
    for (int k = 0; k < n; k++) {
        if (k)
            fputs(", ", out);
        pint_json_number(out, v[k]);
    }
    fputc(']', out);
}

void pint_json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

void pint_print_json(FILE *out, const pint_report *rep, const pint_result *res)
{
    const pint_cli *cli = rep->cli;
    fputs("{\"function\": ", out);
    pint_json_string(out, rep->function);
    fprintf(out, ", \"dim\": %d, \"ncomp\": %d, \"domain\": \"%s\"",
            rep->ndim, res->ncomp, rep->domain);
    if (cli->nexpr) {
        fputs(", \"expressions\": [", out);
        for (int k = 0; k < cli->nexpr; k++) {
            fputs(k ? ", " : "", out);
            pint_json_string(out, cli->expr[k]);
        }
        fputc(']', out);
    }
    fputs(", \"method\": ", out);
    pint_json_string(out, pint_method_name(res->method));
    fputs(", \"rule\": ", out);
    pint_json_string(out, res->method == PINT_METHOD_ADAPTIVE
                     ? pint_rule_name(res->rule) : "none");
    fputs(", \"value\": ", out);
    pint_json_array(out, res->value, res->ncomp);
    fputs(", \"error\": ", out);
    pint_json_array(out, res->error, res->ncomp);
    if (rep->exact) {
        fputs(", \"exact\": ", out);
        pint_json_array(out, rep->exact, res->ncomp);
    }
    fprintf(out, ", \"evals\": %lld, \"regions\": %zu, \"status\": \"%s\"",
            res->evals, res->regions, pint_status_name(res->status));
    fputs(", \"seconds\": ", out);
    json_seconds(out, res->seconds);
    fprintf(out, ", \"ranks\": %d, \"threads\": %d", rep->ranks,
            threads(rep, res));
    pint_json_settings(out, &cli->opt, !cli->plugin && !cli->nexpr,
                       cli->seed, cli->difficulty);
    fputs(", \"rank_evals\": [", out);
    for (int r = 0; r < res->nranks; r++)
        fprintf(out, "%s%lld", r ? ", " : "", res->rank_evals[r]);
    fputs("], \"rank_idle_seconds\": [", out);
    for (int r = 0; r < res->nranks; r++) {
        fputs(r ? ", " : "", out);
        json_seconds(out, res->rank_idle[r]);
    }
    fputc(']', out);
    fprintf(out, ", \"transfers\": %lld, \"regions_moved\": %lld"
            ", \"controller_messages\": %lld, \"controller_reopened\": %lld"
            ", \"helpers_lent\": %lld",
            res->transfers, res->regions_moved, res->controller_messages,
            res->reopened, res->helpers_lent);
    if (res->method == PINT_METHOD_QMC) {
        fprintf(out, ", \"rows\": %lld, \"points_per_row\": %lld, \"shifts\": %d"
                ", \"periodize\": \"%s\", \"qmc_units\": \"%s\"", res->rows,
                res->points_per_row, res->shifts,
                pint_periodize_name(cli->opt.periodize),
                pint_qmc_units_name(cli->opt.qmc_units));
        if (cli->opt.qmc_units == PINT_UNITS_CONSTANT_ROW)
            fprintf(out, ", \"units_per_worker\": %d, \"schedule\": \"%s\"",
                    cli->opt.units_per_worker,
                    pint_schedule_name(cli->opt.schedule));
    }
    if (res->method == PINT_METHOD_VEGAS) {
        fprintf(out, ", \"iterations\": %lld, \"chi2_per_dof\": ",
                res->iterations);
        pint_json_number(out, res->chi2_dof);
    }
    if (res->method == PINT_METHOD_MC) {
        fputs(", \"unit_seconds\": ", out);
        pint_json_number(out, cli->opt.unit_seconds);
    }
    if (cli->opt.verify)
        fprintf(out, ", \"verified\": %s", res->verified == 1 ? "true"
                : res->verified < 0 ? "false" : "null");
    if (cli->opt.time_limit > 0) {
        fputs(", \"time_limit\": ", out);
        pint_json_number(out, cli->opt.time_limit);
    }
    pint_json_checkpoint(out, &cli->opt, res);
    if (res->method == PINT_METHOD_ADAPTIVE && rep->ndim == 1)
        fprintf(out, ", \"extrapolated\": %s",
                res->extrapolated ? "true" : "false");
    if (cli->opt.npoints) {
        fputs(", \"points\": [", out);
        for (size_t j = 0; j < cli->opt.npoints; j++)
            fprintf(out, "%s{\"axis\": %d, \"at\": %.17g}", j ? ", " : "",
                    cli->opt.points_axis[j] + 1, cli->opt.points[j]);
        fputc(']', out);
    }
    fputs(", \"message\": ", out);
    pint_json_string(out, res->message);
    fputs("}\n", out);
}

void pint_print_ranks(FILE *out, const pint_result *res)
{
    fprintf(out, "\n%4s  %14s  %12s\n", "rank", "evaluations", "idle seconds");
    for (int r = 0; r < res->nranks; r++)
        fprintf(out, "%4d  %14lld  %12.3f\n", r, res->rank_evals[r],
                res->rank_idle[r]);
    if (res->method == PINT_METHOD_ADAPTIVE)
        fprintf(out, "transfers %lld (regions moved %lld), helpers lent "
                "%lld, ", res->transfers, res->regions_moved,
                res->helpers_lent);
    fprintf(out, "controller messages %lld\n", res->controller_messages);
}

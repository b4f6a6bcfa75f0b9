/* mc_par.c -- plain Monte Carlo over MPI in rounds of fixed counts.
 *
 * Every rank draws its share of each round from its own stream (stream =
 * rank: streams never overlap, see rng.h), then one allreduce combines
 * the sums, so every rank sees the same estimate and takes the same
 * decision.  This is the fixed-count work unit; it is reproducible for a
 * fixed seed and rank count.  (Fixed-time units, Cucos 2003 Figure 4.6,
 * are not built yet.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "par.h"
#include "mc.h"
#include "problem.h"

typedef struct {
    MPI_Comm comm;
    int rank, size;
} team_arg;

static long long share(void *arg, long long round)
{
    const team_arg *t = arg;
    long long base = round / t->size, rem = round % t->size;
    return base + (t->rank < rem ? 1 : 0);
}

static void combine(void *arg, double *buf, int len)
{
    const team_arg *t = arg;
    MPI_Allreduce(MPI_IN_PLACE, buf, len - 1, MPI_DOUBLE, MPI_SUM, t->comm);
    MPI_Allreduce(MPI_IN_PLACE, buf + len - 1, 1, MPI_DOUBLE, MPI_MAX,
                  t->comm);
}

int pint_par_mc(const pint_function *fn, const pint_domain *dom,
                const pint_options *opt, pint_result *res, MPI_Comm comm)
{
    team_arg t = { comm, 0, 1 };
    MPI_Comm_rank(comm, &t.rank);
    MPI_Comm_size(comm, &t.size);
    pint_mc *mc = pint_mc_new(fn, dom->lo, dom->hi, opt->seed,
                              (uint32_t)t.rank);
    int ok = mc != NULL, all_ok;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, comm);
    if (!all_ok) {
        pint_mc_free(mc);
        return pint_fail(res, PINT_ERR_NOMEM, "out of memory");
    }
    pint_eval_cost cost = { .cost_us = opt->cost_us, .spin = opt->cost_spin };
    pint_mc_set_cost(mc, &cost);
    pint_mc_team team = { share, combine, &t };
    int status = pint_mc_run(mc, opt, pint_domain_volume(dom, fn->ndim),
                             &team, res->value, res->error, &res->evals);
    res->method = PINT_METHOD_MC;
    long long mine = pint_mc_count(mc);
    MPI_Allgather(&mine, 1, MPI_LONG_LONG, res->rank_evals, 1, MPI_LONG_LONG,
                  comm);
    if (status >= PINT_ERR_INTEGRAND) {
        /* the first rank that failed tells what happened */
        int failed_here = pint_mc_message(mc)[0] != '\0';
        int me = failed_here ? t.rank : t.size, first;
        MPI_Allreduce(&me, &first, 1, MPI_INT, MPI_MIN, comm);
        char line[sizeof res->message];
        if (t.size > 1)
            snprintf(line, sizeof line, "rank %d: %s", t.rank,
                     pint_mc_message(mc));
        else
            snprintf(line, sizeof line, "%s", pint_mc_message(mc));
        int st = status;
        if (first < t.size) {
            MPI_Bcast(&st, 1, MPI_INT, first, comm);
            MPI_Bcast(line, (int)sizeof line, MPI_CHAR, first, comm);
        }
        status = pint_fail(res, st, "%s", line);
    }
    pint_mc_free(mc);
    return status;
}

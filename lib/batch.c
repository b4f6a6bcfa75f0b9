/* batch.c -- pint_integrate_batch: many integrals, in groups of ranks
 * under MPI (par/groups.c), one after the other without it. */
#include <stddef.h>
#include "pint.h"
#include "par/entry.h"
#include "result.h"

/* The outcome of the batch from the statuses of its integrals. */
static int overall(size_t n, pint_result **results)
{
    int worst = PINT_CONVERGED;
    for (size_t i = 0; i < n; i++) {
        int s = results[i]->status;
        if (pint_status_is_error(s))
            worst = PINT_ERR_INTEGRAND;
        else if (s != PINT_CONVERGED && worst == PINT_CONVERGED)
            worst = PINT_MAX_EVALS;
    }
    return worst;
}

int pint_integrate_batch(size_t n, const pint_problem *problems,
                         const pint_batch_options *bo, pint_result **results)
{
    return pint_integrate_batch_notify(n, problems, bo, results, NULL, NULL);
}

int pint_integrate_batch_notify(size_t n, const pint_problem *problems,
                                const pint_batch_options *bo,
                                pint_result **results, pint_batch_done done,
                                void *arg)
{
    if (n == 0)
        return PINT_CONVERGED;
    if (!problems || !results)
        return PINT_ERR_INVALID;
    for (size_t i = 0; i < n; i++)
        if (!results[i] || results[i]->ncomp < 1 || !results[i]->value
            || !results[i]->error)
            return PINT_ERR_INVALID;
    const char *bad = NULL;
    if (!bo)
        bad = "missing batch options";
    else if (bo->groups < 0 || bo->group_size < 0
             || (bo->groups == 0 && bo->group_size == 0))
        bad = "give a number of groups >= 1 or a group size >= 1";
    else if (!pint_schedule_name(bo->schedule))
        bad = "unknown schedule";
    if (bad) {
        for (size_t i = 0; i < n; i++)
            pint_fail(results[i], PINT_ERR_INVALID, "%s", bad);
        return PINT_ERR_INVALID;
    }
    int mpi = pint_par_team_size(bo->comm, NULL), size = mpi ? mpi : 1;
    int g = bo->group_size > 0 ? (size + bo->group_size - 1) / bo->group_size
                               : bo->groups;
    if (g > size) {
        for (size_t i = 0; i < n; i++)
            pint_fail(results[i], PINT_ERR_INVALID,
                      "%d groups of ranks, but there %s only %d rank%s", g,
                      size == 1 ? "is" : "are", size, size == 1 ? "" : "s");
        return PINT_ERR_INVALID;
    }
    if (mpi > 0) {
        int st = pint_par_run_batch(n, problems, bo, results, done, arg);
        return st != PINT_CONVERGED ? st : overall(n, results);
    }
    for (size_t i = 0; i < n; i++) {
        if (pint_batch_stopped(n, problems))
            pint_batch_not_started(results[i]);
        else
            pint_integrate(&problems[i].fn, &problems[i].dom,
                           &problems[i].opt, results[i]);
        results[i]->group = 0;
        if (done)
            done(i, results[i], arg);
    }
    return overall(n, results);
}

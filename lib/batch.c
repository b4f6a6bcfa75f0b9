/* batch.c -- pint_integrate_batch: many integrals, in groups of ranks
 * under MPI (par/groups.c), one after the other without it. */
#include <stddef.h>
#include <stdlib.h>
#include "pint.h"
#include "options.h"
#include "par/entry.h"
#include "result.h"

/* The caller's problems as this library's structs: 0 when they are
 * (*own NULL), else 0 with *own a copy, or PINT_ERR_INVALID (options
 * from a newer pint.h, the reason in msg) or PINT_ERR_NOMEM.
 * pint_problem holds pint_options by value, so an array from an older
 * pint.h has a smaller stride: the offset of opt plus the size its
 * options carry (the first element's: a program sets them all the same
 * way; 0 means this pint.h's). */
static int adopt_problems(size_t n, const pint_problem *problems,
                          pint_problem **own, char *msg, size_t len)
{
    *own = NULL;
    size_t size = problems[0].opt.size ? problems[0].opt.size
                                       : sizeof problems[0].opt;
    if (size == sizeof problems[0].opt)
        return 0;
    size_t stride = offsetof(pint_problem, opt) + size;
    pint_problem *full = malloc(n * sizeof *full);
    if (!full)
        return PINT_ERR_NOMEM;
    for (size_t i = 0; i < n; i++) {
        const pint_problem *p = (const pint_problem *)(const void *)
                                ((const char *)problems + i * stride);
        full[i].fn = p->fn;
        full[i].dom = p->dom;
        if (pint_options_adopt(&p->opt, &full[i].opt, msg, len) != 0) {
            free(full);
            return PINT_ERR_INVALID;
        }
    }
    *own = full;
    return 0;
}

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

/* The batch of checked options; problems NULL: out of memory on this
 * rank (then every rank fails the batch with PINT_ERR_NOMEM). */
static int run(size_t n, const pint_problem *problems,
               const pint_batch_options *bo, pint_result **results,
               pint_batch_done done, void *arg)
{
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
    if (mpi > 0) {             /* every rank agrees on a NULL problems */
        int st = pint_par_run_batch(n, problems, bo, results, done, arg);
        return st != PINT_CONVERGED ? st : overall(n, results);
    }
    for (size_t i = 0; i < n && !problems; i++)
        pint_fail(results[i], PINT_ERR_NOMEM, "out of memory");
    if (!problems)
        return PINT_ERR_NOMEM;
    for (size_t i = 0; i < n; i++) {
        int halt = pint_batch_halt(n, problems, i);
        if (halt)
            pint_batch_not_started(results[i], halt);
        else
            pint_integrate(&problems[i].fn, &problems[i].dom,
                           &problems[i].opt, results[i]);
        results[i]->group = 0;
        if (done)
            done(i, results[i], arg);
    }
    return overall(n, results);
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
    char why[sizeof results[0]->message];
    pint_problem *own;
    int st = adopt_problems(n, problems, &own, why, sizeof why);
    if (st == PINT_ERR_INVALID) {
        for (size_t i = 0; i < n; i++)
            pint_fail(results[i], st, "%s", why);
        return st;
    }
    st = run(n, st ? NULL : own ? own : problems, bo, results, done, arg);
    free(own);
    return st;
}

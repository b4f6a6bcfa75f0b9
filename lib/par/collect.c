/* collect.c -- the collectives every distributed run shares (see
 * collect.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "collect.h"
#include "result.h"

int pint_par_first_failure(MPI_Comm comm, int status, char *msg, int len)
{
    int rank, size, first;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    int mine = status ? rank : size;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, comm);
    if (first == size)
        return 0;
    MPI_Bcast(&status, 1, MPI_INT, first, comm);
    MPI_Bcast(msg, len, MPI_CHAR, first, comm);
    return status;
}

int pint_par_agree(MPI_Comm comm, int status, pint_result *res)
{
    int st = pint_par_first_failure(comm, status, res->message,
                                    (int)sizeof res->message);
    return st ? pint_fail(res, st, "%s", res->message) : 0;
}

int pint_par_share_failure(MPI_Comm comm, int status, const char *msg,
                           pint_result *res)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    char line[sizeof res->message];
    if (size > 1)
        snprintf(line, sizeof line, "rank %d: %s", rank, msg);
    else
        snprintf(line, sizeof line, "%s", msg);
    int own = status ? status : PINT_ERR_INTEGRAND;
    int st = pint_par_first_failure(comm, msg[0] ? own : 0, line,
                                    (int)sizeof line);
    return pint_fail_keep(res, st ? st : own, "%s", line);
}

void pint_par_bcast_checkpoints(pint_result *res, MPI_Comm comm)
{
    long long n = res->checkpoints;
    MPI_Bcast(&n, 1, MPI_LONG_LONG, 0, comm);
    res->checkpoints = n;
    MPI_Bcast(res->checkpoint_message, (int)sizeof res->checkpoint_message,
              MPI_CHAR, 0, comm);
}

int pint_par_open_state(const pint_options *opt, const pint_ckpt *want,
                        MPI_Comm comm, double **v, size_t *len,
                        pint_result *res)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    *v = NULL;
    *len = 0;
    pint_ckpt c;
    memset(&c, 0, sizeof c);
    int status = 0;
    if (rank == 0) {
        char msg[256];
        status = pint_ckpt_open(opt, want, &c, msg, sizeof msg);
        if (status)
            pint_fail(res, status, "%s", msg);
    }
    status = pint_par_agree(comm, status, res);
    if (status || !opt->resume)
        return status;
    double n[2] = { (double)c.nregions, (double)c.evals };
    MPI_Bcast(n, 2, MPI_DOUBLE, 0, comm);
    *len = (size_t)n[0];
    res->resumed_evals = (long long)n[1];
    if (rank == 0)
        *v = c.recs;            /* taken over */
    else if (!(*v = malloc((*len ? *len : 1) * sizeof **v)))
        status = pint_fail(res, PINT_ERR_NOMEM,
                           "rank %d: out of memory reading the checkpoint",
                           rank);
    status = pint_par_agree(comm, status, res);
    if (status) {
        free(*v);
        *v = NULL;
        return status;
    }
    MPI_Bcast(*v, (int)*len, MPI_DOUBLE, 0, comm);
    return 0;
}

int pint_par_bcast_result(pint_result *res, int status, MPI_Comm comm)
{
    int size;
    MPI_Comm_size(comm, &size);
    MPI_Bcast(&status, 1, MPI_INT, 0, comm);
    MPI_Bcast(res->value, res->ncomp, MPI_DOUBLE, 0, comm);
    MPI_Bcast(res->error, res->ncomp, MPI_DOUBLE, 0, comm);
    MPI_Bcast(res->rank_evals, size, MPI_LONG_LONG, 0, comm);
    MPI_Bcast(res->rank_idle, size, MPI_DOUBLE, 0, comm);
    MPI_Bcast(res->message, (int)sizeof res->message, MPI_CHAR, 0, comm);
    pint_par_bcast_checkpoints(res, comm);
    res->evals = res->resumed_evals;
    for (int r = 0; r < size; r++)
        res->evals += res->rank_evals[r];
    if (pint_status_is_error(status))   /* rank 0's estimate reached */
        pint_fail_keep(res, status, "%s", res->message);
    return status;
}

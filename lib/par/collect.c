/* collect.c -- the collectives every distributed run shares (see
 * collect.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "collect.h"
#include "result.h"

/* The team of a communicator (team.h): its exchanges are MPI's. */
static void gather_mpi(void *arg, const double *mine, double *all,
                       size_t len)
{
    MPI_Allgather(mine, (int)len, MPI_DOUBLE, all, (int)len, MPI_DOUBLE,
                  *(MPI_Comm *)arg);
}

static void share_mpi(void *arg, int root, void *buf, size_t bytes)
{
    char *p = buf;
    while (bytes > 0) {         /* in pieces a count of int can hold */
        size_t n = bytes < (size_t)1 << 30 ? bytes : (size_t)1 << 30;
        MPI_Bcast(p, (int)n, MPI_BYTE, root, *(MPI_Comm *)arg);
        p += n;
        bytes -= n;
    }
}

static void least_mpi(void *arg, double *x, size_t n)
{
    MPI_Allreduce(MPI_IN_PLACE, x, (int)n, MPI_DOUBLE, MPI_MIN,
                  *(MPI_Comm *)arg);
}

void pint_par_team(pint_team *t, MPI_Comm *comm)
{
    memset(t, 0, sizeof *t);
    MPI_Comm_rank(*comm, &t->rank);
    MPI_Comm_size(*comm, &t->size);
    t->gather = gather_mpi;
    t->share = share_mpi;
    t->least = least_mpi;
    t->arg = comm;
}

int pint_par_agree(MPI_Comm comm, int status, pint_result *res)
{
    pint_team t;
    pint_par_team(&t, &comm);
    return pint_team_agree(&t, status, res);
}

int pint_par_share_failure(MPI_Comm comm, int status, const char *msg,
                           pint_result *res)
{
    pint_team t;
    pint_par_team(&t, &comm);
    return pint_team_share_failure(&t, status, msg, res);
}

void pint_par_bcast_checkpoints(pint_result *res, MPI_Comm comm)
{
    pint_team t;
    pint_par_team(&t, &comm);
    pint_team_share_checkpoints(&t, res);
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

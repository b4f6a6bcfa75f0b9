/* collect.h -- the team of an MPI communicator (team.h) and the
 * collectives every distributed run shares (private): agreeing on the
 * first failure, the result and the checkpoint counts on every rank.
 * Every rank of comm calls each of them. */
#ifndef PINT_PAR_COLLECT_H
#define PINT_PAR_COLLECT_H

#include <stddef.h>
#include <mpi.h>
#include "pint.h"
#include "checkpoint.h"
#include "../team.h"

/* t: the team of *comm (team.h); comm must outlive it. */
void pint_par_team(pint_team *t, MPI_Comm *comm);

/* pint_team_agree and pint_team_share_failure on the team of comm. */
int pint_par_agree(MPI_Comm comm, int status, pint_result *res);
int pint_par_share_failure(MPI_Comm comm, int status, const char *msg,
                           pint_result *res);

/* Rank 0 holds the outcome of a run: value, error, rank_evals, rank_idle,
 * message and checkpoints.  Every rank of comm gets them and status;
 * evals becomes resumed_evals (the same on every rank) plus the sum of
 * rank_evals; an error status makes value and error NaN.
 * Returns status. */
int pint_par_bcast_result(pint_result *res, int status, MPI_Comm comm);

/* pint_team_share_checkpoints on the team of comm. */
void pint_par_bcast_checkpoints(pint_result *res, MPI_Comm comm);

#endif

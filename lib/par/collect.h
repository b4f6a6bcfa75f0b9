/* collect.h -- the collectives every distributed run shares (private):
 * agreeing on the first failure, the result and the checkpoint counts
 * on every rank, the state a run resumes from.  Every rank of comm calls
 * each of them. */
#ifndef PINT_PAR_COLLECT_H
#define PINT_PAR_COLLECT_H

#include <stddef.h>
#include <mpi.h>
#include "pint.h"
#include "checkpoint.h"

/* The lowest rank with a non-zero status tells every rank its status
 * and its msg (len bytes); returns that status, or 0 when no rank
 * failed (then msg is untouched). */
int pint_par_first_failure(MPI_Comm comm, int status, char *msg, int len);

/* Before a run: every rank checked the problem (status, message in
 * res); all take the first failure (res failed with it: no rank starts
 * work alone).  Returns it, or 0. */
int pint_par_agree(MPI_Comm comm, int status, pint_result *res);

/* After a run that ended in status on this rank: the first rank whose
 * msg (its engine's message) is non-empty tells every rank its status
 * and msg, prefixed "rank R: " on more than one rank; res keeps the
 * estimate every rank holds (pint_fail_keep).  Returns the status. */
int pint_par_share_failure(MPI_Comm comm, int status, const char *msg,
                           pint_result *res);

/* Rank 0 holds the outcome of a run: value, error, rank_evals, rank_idle,
 * message and checkpoints.  Every rank of comm gets them and status;
 * evals becomes resumed_evals (the same on every rank) plus the sum of
 * rank_evals; an error status makes value and error NaN.
 * Returns status. */
int pint_par_bcast_result(pint_result *res, int status, MPI_Comm comm);

/* Rank 0's checkpoint count and message, on every rank. */
void pint_par_bcast_checkpoints(pint_result *res, MPI_Comm comm);

/* MC and QMC: rank 0 checks that opt->checkpoint can be written and
 * reads opt->resume (against want); all ranks agree on a refusal.  Then
 * every rank holds the checkpoint's numbers (*v, malloc'ed, *len of
 * them; NULL when not resuming) and res->resumed_evals.  Returns 0 or
 * the agreed status. */
int pint_par_open_state(const pint_options *opt, const pint_ckpt *want,
                        MPI_Comm comm, double **v, size_t *len,
                        pint_result *res);

#endif

/* team.h -- the processes that run one integral together, as the rest
 * of the library sees them (private): a rank, a size and three
 * exchanges (gather, share, least), without MPI types.  pint_team_alone
 * is the team of the calling process alone; lib/par/collect.c makes the
 * team of an MPI communicator.
 *
 * On a team, every member calls the same functions in the same order
 * (the exchanges are collective), so every member takes every decision
 * from the same numbers.  The collectives every run shares are written
 * here once, over the exchanges: agreeing on the first failure,
 * sharing the checkpoint counts and the state a run resumes from. */
#ifndef PINT_TEAM_H
#define PINT_TEAM_H

#include <stddef.h>
#include "pint.h"
#include "checkpoint.h"

typedef struct pint_team {
    int rank, size;
    /* all[r * len + i] = mine[i] of member r, on every member */
    void (*gather)(void *arg, const double *mine, double *all, size_t len);
    /* member root's bytes buf[0..bytes) to every member */
    void (*share)(void *arg, int root, void *buf, size_t bytes);
    /* in place, x[i] = the least x[i] of all members, on every member */
    void (*least)(void *arg, double *x, size_t n);
    void *arg;
    double idle;        /* seconds this member waited in pint_team_gather */
} pint_team;

/* The calling process alone: rank 0 of 1. */
void pint_team_alone(pint_team *t);

/* The exchanges (gather timed into t->idle). */
void pint_team_gather(pint_team *t, const double *mine, double *all,
                      size_t len);
void pint_team_share(const pint_team *t, int root, void *buf, size_t bytes);
void pint_team_least(const pint_team *t, double *x, size_t n);

/* The lowest member with a non-zero status tells every member its status
 * and its msg (len bytes); returns that status, or 0 when none failed
 * (then msg is untouched). */
int pint_team_first_failure(const pint_team *t, int status, char *msg,
                            size_t len);

/* rc: this member's failure (0: none) and msg its line (NULL: "out of
 * memory", with "rank R: " before it on a team of more than one).  Every
 * member takes the first failing member's status and line: res fails
 * with them (keeping its estimate when keep).  Returns the status, or 0
 * when no member failed. */
int pint_team_settle(const pint_team *t, int rc, const char *msg, int keep,
                     pint_result *res);

/* Before a run: every member checked the problem (status, message in
 * res); all take the first failure (res failed with it: no member starts
 * alone).  Returns it, or 0. */
int pint_team_agree(pint_team *t, int status, pint_result *res);

/* After a run that ended in status on this member: the first member
 * whose msg (its engine's message) is non-empty tells every member its
 * status and msg, prefixed "rank R: " on a team of more than one; res
 * keeps the estimate every member holds (pint_fail_keep).  Returns the
 * status. */
int pint_team_share_failure(pint_team *t, int status, const char *msg,
                            pint_result *res);

/* Member 0's checkpoint count and message, on every member. */
void pint_team_share_checkpoints(const pint_team *t, pint_result *res);

/* Every member's count into res->rank_evals and idle seconds into
 * res->rank_idle (added to what this member's entry held). */
void pint_team_share_ranks(pint_team *t, long long evals, double idle,
                           pint_result *res);

/* Sampling methods: member 0 checks that opt->checkpoint can be written
 * and reads opt->resume (against want); all agree on a refusal.  Then
 * every member holds the checkpoint's numbers (*v, malloc'ed, *len of
 * them; NULL when not resuming) and res->resumed_evals.  Returns 0 or
 * the agreed status. */
int pint_team_open_state(pint_team *t, const pint_options *opt,
                         const pint_ckpt *want, double **v, size_t *len,
                         pint_result *res);

#endif

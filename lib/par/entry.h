/* entry.h -- what the rest of the library asks of lib/par/ without
 * knowing MPI (private).  Communicators cross this boundary as
 * const void * pointing to an MPI_Comm; NULL means the default (the
 * options' comm, else MPI_COMM_WORLD).  Only lib/par/ includes mpi.h.
 */
#ifndef PINT_PAR_ENTRY_H
#define PINT_PAR_ENTRY_H

#include "pint.h"
#include "watch.h"

/* Something else a rank must keep answering while it integrates (the
 * global controller of a batch, groups.c): called between steps. */
typedef struct {
    void (*fn)(void *arg);
    void *arg;
} pint_par_hook;

/* The number of ranks a run on *comm_ptr (NULL: *opt_comm; NULL too:
 * MPI_COMM_WORLD) would have, or 0 when MPI is not running (never
 * initialized, or finalized): then the run is sequential. */
int pint_par_team_size(const void *comm_ptr, const void *opt_comm);

/* The distributed integration on *comm_ptr (as above): every rank of
 * the communicator calls it; every rank gets the result.  hook (may be
 * NULL) runs between steps of the adaptive method. */
int pint_par_run(const pint_function *fn, const pint_domain *dom,
                 const pint_options *opt, pint_result *res,
                 const void *comm_ptr, const pint_par_hook *hook,
                 pint_watch *watch);

/* Integrals in groups of the ranks of *bo->comm (NULL: the world); see
 * pint_integrate_batch (groups.c), which checked bo and that there are
 * no more groups than ranks. */
int pint_par_run_batch(size_t n, const pint_problem *problems,
                       const pint_batch_options *bo, pint_result **results,
                       pint_batch_done done, void *arg);

/* Why a batch starts no more integrals from integral i on: 
 * PINT_INTERRUPTED when its stop flag (problems[0].opt.stop) is raised,
 * PINT_TIME_LIMIT when integral i's end time has passed, else 0. */
static inline int pint_batch_halt(size_t n, const pint_problem *problems,
                                  size_t i)
{
    const volatile int *stop = n > 0 ? problems[0].opt.stop : NULL;
    if (stop && *stop)
        return PINT_INTERRUPTED;
    return i < n && pint_watch_ended(&problems[i].opt) ? PINT_TIME_LIMIT : 0;
}

#endif

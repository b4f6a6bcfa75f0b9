/* par.h -- private interface of the MPI roles (see proto.h for the
 * protocol).  Only lib/par/ includes mpi.h. */
#ifndef PINT_PAR_H
#define PINT_PAR_H

#include <mpi.h>
#include "pint.h"
#include "adapt.h"
#include "proto.h"
#include "sum.h"
#include "checkpoint.h"
#include "watch.h"

/* Non-blocking sends whose buffers are freed once they complete. */
typedef struct {
    MPI_Request *req;
    double **buf;
    size_t n, cap;
} pint_par_outbox;

void pint_par_outbox_init(pint_par_outbox *o);
/* Send buf (malloc'ed, ownership taken) of len doubles; -1 when out of
 * memory (buf is freed). */
int pint_par_send(pint_par_outbox *o, MPI_Comm comm, double *buf, size_t len,
                  int dest, int tag);
void pint_par_outbox_progress(pint_par_outbox *o);
void pint_par_outbox_drain(pint_par_outbox *o);
void pint_par_outbox_destroy(pint_par_outbox *o);

/* A worker reports at least every this many subdivisions. */
#define PINT_UPDATE_MAX_STEPS 16

/* Something else a rank must keep answering while it integrates (the
 * global controller of a batch, groups.c): called between steps. */
typedef struct {
    void (*fn)(void *arg);
    void *arg;
} pint_par_hook;

/* What every role knows of the run. */
typedef struct {
    MPI_Comm comm;
    int rank, size;
    int nworkers, first_worker;     /* workers are ranks first_worker.. */
    int ncomp;
    size_t rec_len;                 /* doubles per region record */
    long long step_evals;           /* evaluations per subdivision */
    long long update_evals;         /* update period in evaluations, or 0 */
    double update_seconds;          /* else the update period in seconds */
    int lb_regions;                 /* regions per transfer */
    long long initial_grant;        /* evaluations each worker starts with */
    long long budget;               /* left for the controller to grant */
    const pint_options *opt;
    pint_par_outbox out;
    double idle_seconds;            /* time this rank spent waiting */
    const pint_par_hook *hook;      /* or NULL */
    pint_watch *watch;              /* time limit, stop flag, progress */
    pint_ckpt ckpt;                 /* checkpoint header of this problem */
    pint_result *res;               /* rank 0: checkpoint counts */
} pint_par_ctx;

/* ---------------------------------------------------------------- worker */
typedef struct pint_par_worker pint_par_worker;

/* A worker over engine a (already holding its initial regions); failed:
 * 0, or the status with which a first region failed (fail_msg why). */
pint_par_worker *pint_par_worker_new(pint_par_ctx *ctx, pint_adapt *a,
                                     int failed, const char *fail_msg);
void pint_par_worker_free(pint_par_worker *w);
/* Handle the messages waiting for this worker; 1 when any was handled. */
int pint_par_worker_poll(pint_par_worker *w);
/* Do one unit of work if there is any; 1 when work was done. */
int pint_par_worker_work(pint_par_worker *w);
/* 1 once the worker has sent FINAL. */
int pint_par_worker_done(const pint_par_worker *w);

/* ------------------------------------------------------------ controller */
typedef struct pint_par_controller pint_par_controller;

pint_par_controller *pint_par_controller_new(pint_par_ctx *ctx,
                                             double domain_volume);
void pint_par_controller_free(pint_par_controller *c);
int pint_par_controller_poll(pint_par_controller *c);
int pint_par_controller_done(const pint_par_controller *c);
/* After done: the assembled result (on the controller rank only). */
void pint_par_controller_result(const pint_par_controller *c, pint_result *res,
                                long long *rank_evals, double *rank_idle);

/* The distributed integration: every rank of comm calls it; every rank
 * gets the result.  hook (may be NULL) runs between steps of the
 * adaptive method. */
int pint_par_integrate(const pint_function *fn, const pint_domain *dom,
                       const pint_options *opt, pint_result *res,
                       MPI_Comm comm, const pint_par_hook *hook,
                       pint_watch *watch);

/* pint_integrate on *comm_ptr (NULL: opt->comm, else the world) with a
 * hook between steps (api.c). */
int pint_integrate_on(const pint_function *fn, const pint_domain *dom,
                      const pint_options *opt, pint_result *res,
                      const void *comm_ptr, const pint_par_hook *hook);

/* Integrals in groups of ranks (groups.c); see pint_integrate_batch. */
int pint_par_batch(size_t n, const pint_problem *problems,
                   const pint_batch_options *bo, pint_result **results,
                   MPI_Comm comm);

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

/* Plain Monte Carlo over comm in rounds of fixed counts (mc_par.c). */
int pint_par_mc(const pint_function *fn, const pint_domain *dom,
                const pint_options *opt, pint_result *res, MPI_Comm comm,
                pint_watch *watch);

/* Randomized lattice rules over comm: rows in step, or units handed out
 * on request (qmc_par.c). */
int pint_par_qmc(const pint_function *fn, const pint_domain *dom,
                 const pint_options *opt, pint_result *res, MPI_Comm comm,
                 pint_watch *watch);

#endif /* PINT_PAR_H */

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
#include "entry.h"
#include "collect.h"

/* Non-blocking sends whose buffers are freed once they complete, or
 * kept by their owner (a flag says when the send is done). */
typedef struct {
    MPI_Request *req;
    double **buf;
    int **in_flight;            /* kept buffers: the owner's flag */
    size_t n, cap;
} pint_par_outbox;

/* Room for PINT_OUTBOX_RESERVE sends in flight, allocated here; -1 when
 * out of memory. */
#define PINT_OUTBOX_RESERVE 64
int pint_par_outbox_init(pint_par_outbox *o);
/* Send buf (malloc'ed, ownership taken) of len doubles; -1 when out of
 * memory (buf is freed, nothing sent). */
int pint_par_send(pint_par_outbox *o, MPI_Comm comm, double *buf, size_t len,
                  int dest, int tag);
/* Send buf, which its owner keeps and must not touch while *in_flight
 * (set here, cleared once the send completes).  For the messages that
 * must arrive whatever the memory (a failure, the final report): when
 * the outbox cannot grow, the send blocks until it is done (these are
 * short, and every peer keeps receiving). */
void pint_par_send_kept(pint_par_outbox *o, MPI_Comm comm, double *buf,
                        size_t len, int dest, int tag, int *in_flight);
void pint_par_outbox_progress(pint_par_outbox *o);
void pint_par_outbox_drain(pint_par_outbox *o);
void pint_par_outbox_destroy(pint_par_outbox *o);

/* A worker reports at least every this many subdivisions. */
#define PINT_UPDATE_MAX_STEPS 16

/* What every role knows of the run. */
typedef struct {
    MPI_Comm comm;
    int rank, size;
    int nworkers, first_worker;     /* workers are ranks first_worker.. */
    int gsize;                      /* the tree: workers a group (group g:
                                       workers g gsize ..), 0: one
                                       controller */
    int update_rank;                /* where this worker's UPDATE goes:
                                       its controller's rank */
    int ncomp;
    int beside;                     /* the neighbours' check across ranks
                                       (2-D to 5-D boxes, one
                                       controller, two workers or more):
                                       the doubles of a box (2 ndim), or
                                       0 without it */
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
typedef struct pint_par_helpers pint_par_helpers;

/* A worker over engine a (NULL when out of memory); it allocates all it
 * needs to send and receive here.  pint_par_worker_start, once a holds
 * its first regions and ctx the budget: failed is 0, or the status with
 * which a first region failed (fail_msg why). */
pint_par_worker *pint_par_worker_new(pint_par_ctx *ctx, pint_adapt *a,
                                     pint_par_helpers *h);
void pint_par_worker_start(pint_par_worker *w, int failed,
                           const char *fail_msg);
void pint_par_worker_free(pint_par_worker *w);
/* Handle the messages waiting for this worker; 1 when any was handled. */
int pint_par_worker_poll(pint_par_worker *w);
/* Do one unit of work if there is any; 1 when work was done. */
int pint_par_worker_work(pint_par_worker *w);
/* 1 once the worker has sent FINAL. */
int pint_par_worker_done(const pint_par_worker *w);

/* --------------------------------------------------------------- helpers */

/* The sharing of a worker's steps (helpers.c) for integrand fn; pool:
 * the worker's threads (NULL: one), on which a helper evaluates its
 * slices; max_points: the most points of a step of any worker.  NULL
 * when out of memory. */
pint_par_helpers *pint_par_helpers_new(pint_par_ctx *ctx,
                                       const pint_function *fn,
                                       pint_pool *pool, size_t max_points);
void pint_par_helpers_free(pint_par_helpers *h);
/* Called while waiting and between a helper's chunks: the others on
 * this rank (the controller, a hook). */
void pint_par_helpers_set_poll(pint_par_helpers *h, void (*poll)(void *),
                               void *arg);
/* The owner's side: the sharer to install in its engine; a helper lent
 * (LEND); how many are lent; every one dismissed; how many helpers its
 * steps are worth (measured; 0: none). */
void pint_par_helpers_sharer(pint_par_helpers *h, pint_adapt_sharer *s);
void pint_par_helpers_lend(pint_par_helpers *h, int rank);
int pint_par_helpers_lent(const pint_par_helpers *h);
void pint_par_helpers_dismiss(pint_par_helpers *h);
/* The first `keep` helpers kept, the others dismissed. */
void pint_par_helpers_keep(pint_par_helpers *h, int keep);
int pint_par_helpers_useful(const pint_par_helpers *h);
/* The helpers a step of npts points is worth at spp seconds a point
 * among nworkers (slices of at least the least worth a message). */
int pint_par_helpers_worth(double spp, size_t npts, int nworkers);
/* The first worker's helpers from the start (coop.c): workers 1 to n,
 * lent without LEND (the controller counts them the same way:
 * pint_par_controller_start); spp, npts: the measured seconds a point
 * and the points of a step. */
void pint_par_helpers_start(pint_par_helpers *h, int n, double spp,
                            size_t npts);
/* The helper's side: answer POINTS (or decline them: in a step of its
 * own, or stopping), count DISMISS (1 when any was handled); dismissals
 * so far; 1 for a while after POINTS came (poll often). */
int pint_par_helpers_serve(pint_par_helpers *h, int decline);
long long pint_par_helpers_dismissed(const pint_par_helpers *h);
/* Points it evaluated for owners less those helpers evaluated for it:
 * the rank's own evaluations are its engine's plus these. */
long long pint_par_helpers_net(const pint_par_helpers *h);
int pint_par_helpers_hurry(const pint_par_helpers *h);

/* ------------------------------------------------------------ controller */
typedef struct pint_par_controller pint_par_controller;

/* The controller on rank 0: the one (ctx->gsize 0), or the top of the
 * tree; a group controller, of group g (on its first worker's rank). */
pint_par_controller *pint_par_controller_new(pint_par_ctx *ctx,
                                             double domain_volume);
pint_par_controller *pint_par_group_new(pint_par_ctx *ctx, int g);
void pint_par_controller_free(pint_par_controller *c);
int pint_par_controller_poll(pint_par_controller *c);
int pint_par_controller_done(const pint_par_controller *c);
/* Workers 1 to n lent to the first from the start (coop.c; the one
 * controller, or group 0's). */
void pint_par_controller_start(pint_par_controller *c, int n);
/* After done: the assembled result (on the controller rank only). */
void pint_par_controller_result(const pint_par_controller *c, pint_result *res,
                                long long *rank_evals, double *rank_idle);

/* The communicator behind a pointer of entry.h: *comm_ptr, else
 * *opt_comm, else MPI_COMM_WORLD. */
MPI_Comm pint_par_comm(const void *comm_ptr, const void *opt_comm);

/* The cooperative start (coop.c): the root evaluated by every worker,
 * each a slice of its points; then, when the integrand is costly enough
 * for helpers (opt->helpers, and a step worth at least one at the
 * seconds a point measured here), the first worker holds the root and
 * the others start as its helpers (out->helpers of them, out->spp the
 * seconds a point on a rank of out's threads); else every worker ends
 * with one region of the first levels of the tree, built by all
 * (out->helpers 0).  a: a worker's engine, NULL on the dedicated
 * controller; threads: this rank's (0 on the controller); geom, vol:
 * the one region of the domain.  Collective over ctx->comm.  Returns 0
 * (the regions are held), a worker's failure to insert its region
 * (PINT_ERR_NOMEM), or -1: abandoned on every rank, nothing inserted.
 * out->spent: the evaluations it made on all ranks together, the same
 * on every rank. */
typedef struct {
    long long spent;
    int helpers;
    double spp;
} pint_par_coop_out;
int pint_par_coop_start(pint_par_ctx *ctx, pint_adapt *a, int threads,
                        const pint_rule_impl *rule, const pint_function *fn,
                        const double *geom, double vol,
                        pint_par_coop_out *out);
long long pint_par_coop_evals(int w, size_t np);

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

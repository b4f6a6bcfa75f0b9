/* qmc_run.h -- the rows of the lattice rules on one process or a team
 * (private; the method of the run skeleton, rounds.h, made of qmc.c's
 * engine). */
#ifndef PINT_QMC_RUN_H
#define PINT_QMC_RUN_H

#include "pint.h"
#include "checkpoint.h"
#include "qmc.h"
#include "team.h"
#include "watch.h"

/* Before a run on team t: the checkpoint checked and read, every
 * member's engine (*q) with the finished rows replayed, and sv (desc:
 * the checkpoint's header, *v: its numbers, which sv->pieces point
 * into; free *v after the run); res->value/error are those of the last
 * finished row (0 and INFINITY when none).  0, or the status every
 * member agreed on (res failed with it). */
int pint_qmc_open(const pint_function *fn, const pint_domain *dom,
                  const pint_options *opt, pint_team *t, pint_result *res,
                  pint_qmc **q, double **v, pint_qmc_saving *sv,
                  pint_ckpt *desc);

/* The rows from sv->rows on, each shared by the members, until the
 * convergence test (tolerance.h, with the floor), the next row would
 * pass opt->max_evals, or the watch halts (the row in progress is then
 * left out of the estimate and kept in the checkpoint as pieces); until
 * >= 0: hand over (PINT_ROUNDS_HANDOVER) at row `until`.  Checkpoints as
 * sv says: member 0 writes them between rows (alone, also within a row)
 * and when the run stops for any reason but an error.  res as
 * pint_rounds_run leaves it, with rows and points_per_row. */
int pint_qmc_rows(pint_qmc *q, const pint_options *opt,
                  const pint_qmc_saving *sv, pint_team *t, pint_watch *w,
                  int until, pint_result *res);

/* pint_qmc_open, then pint_qmc_rows to the end. */
int pint_qmc_integrate(const pint_function *fn, const pint_domain *dom,
                       const pint_options *opt, pint_team *t, pint_watch *w,
                       pint_result *res);

/* One rank: rows in order until the convergence test (tolerance.h, in the
 * norm of opt, with the floor), the next row would pass opt->max_evals, or the
 * watch halts (looked at every PINT_QMC_WATCH_CHUNK points; the row in
 * progress is then dropped from the estimate).  Returns the status;
 * value/error are those of the last finished row (error INFINITY and
 * value 0 when there is none); evals counts every point computed. */
int pint_qmc_run(pint_qmc *q, const pint_options *opt, pint_watch *watch,
                 double *value, double *error, long long *evals,
                 long long *rows);

#endif

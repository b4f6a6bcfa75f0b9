/* watch.h -- the run's clock: the time limit, the stop request and the
 * progress reports, shared by every method (private).
 *
 * A run starts one watch; its loops ask pint_watch_halt() between
 * batches of evaluations, and rank 0 calls pint_watch_progress() with the
 * current state wherever it has one (the call is cheap when no report is
 * due).  Nothing here knows MPI: the distributed roles agree on a halt
 * through their own messages.
 */
#ifndef PINT_WATCH_H
#define PINT_WATCH_H

#include "pint.h"

typedef struct {
    const pint_options *opt;
    double t0;                  /* start, monotonic seconds */
    double deadline;            /* t0 + time_limit or the end time on
                                   this clock, the first; or 0 */
    double next_report;         /* progress: when the next is due */
    double period;
    int reporter;               /* 1: this rank calls the callback */
    int nranks;                 /* ranks of the run (for the reports) */
    const pint_result *res;     /* the result being made (its rule and
                                   checkpoints written), or NULL */
    long long reported_checkpoints; /* ... as of the last progress report */
    double next_checkpoint;     /* when the next periodic one is due */
    double checkpoint_began;    /* when the one due was first seen due
                                   (its round began), or 0 */
} pint_watch;

/* Monotonic seconds. */
double pint_watch_now(void);

/* Wall-clock seconds since the Epoch (an end time's clock). */
double pint_watch_realtime(void);

/* 1 when opt's end time is set and has passed. */
int pint_watch_ended(const pint_options *opt);

/* Start the watch of a run that began at t0 (pint_watch_now()), on one
 * rank that reports; the MPI roles then set reporter and nranks. */
void pint_watch_start(pint_watch *w, const pint_options *opt, double t0);

/* PINT_INTERRUPTED when the stop flag is set, PINT_TIME_LIMIT when the
 * deadline (the time limit's or the end time's, the first) has passed,
 * else 0.  Costs a clock read only when a time
 * limit is set. */
int pint_watch_halt(const pint_watch *w);

/* Whether a progress report is due (then the next is scheduled): its
 * period has passed, or a checkpoint was written since the last one. */
int pint_watch_due(pint_watch *w);

/* Call the progress callback with this state, if one is due. */
void pint_watch_progress(pint_watch *w, long long evals, size_t regions,
                         long long rows, int busy, int ncomp,
                         const double *value, const double *error);

/* Periodic checkpoints (opt->checkpoint with checkpoint_seconds > 0):
 * whether one is due now, a period after the start or after the last
 * one written (the first answer 1 marks when its making began: the
 * collection of the state, then the write).
 * pint_watch_checkpoint_written, called once it is written, starts the
 * next period: the period asked for, or PINT_CHECKPOINT_SPACING times
 * what this one took if that is longer, so checkpoints take at most a
 * tenth of the run on a slow disk (a period of 0.2 s with writes of 2 s
 * left a run doing little but write).  0 always without periodic
 * checkpoints. */
#define PINT_CHECKPOINT_SPACING 9.0
int pint_watch_checkpoint_due(pint_watch *w);
void pint_watch_checkpoint_written(pint_watch *w);

/* The message of a halt status (time limit or interruption) in msg. */
void pint_watch_message(const pint_options *opt, int status, char *msg,
                        size_t len);

#endif

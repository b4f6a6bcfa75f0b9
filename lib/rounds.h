/* rounds.h -- the run skeleton of the sampling methods (private): Monte
 * Carlo rounds and QMC rows, on one process or on a team, in one loop.
 *
 * Every member of the team (team.h) runs the loop; each pass is a step:
 *
 *   plan     the method's next step: its points over the team (checked
 *            against the evaluation limit) and how many numbers each
 *            member reports;
 *   work     this member's part, watched (time limit, stop request);
 *   gather   every member's numbers, and a tail the loop adds (status,
 *            halt, points, seconds), to every member in rank order;
 *   combine  the method's estimate from all of them, the same on every
 *            member, so that all take the same decision:
 *   verdict  the first failing member's status; converged (tolerance.h,
 *            with the floor); halted (time limit, stop request); the
 *            evaluation limit; else the next step;
 *   save     member 0 writes the checkpoint when one is due and when the
 *            run stops for any reason but an error.
 *
 * The methods (mc.c, qmc.c) only make points and combine numbers; where
 * the numbers travel and when files are written is decided here. */
#ifndef PINT_ROUNDS_H
#define PINT_ROUNDS_H

#include <stddef.h>
#include "pint.h"
#include "checkpoint.h"
#include "team.h"
#include "watch.h"

/* What the loop knows of a step once every member's numbers are in. */
typedef struct {
    size_t stride;          /* numbers of a member in all: len and more */
    int cut;                /* a member halted within it: unfinished */
    long long points;       /* its points over the team */
    double seconds;         /* the longest member's time in it */
} pint_step;

/* plan's answer when the method hands over without a verdict (the QMC
 * rows before its on-request units). */
#define PINT_ROUNDS_HANDOVER (-1)

typedef struct {
    void *self;
    int ncomp;
    /* The next step: *need points over the team, *len numbers from each
     * member.  left: the evaluations left under the limit (a method may
     * plan fewer points; planning more stops the run at the limit).
     * rate: every member's points a second in its work of the last
     * finished step (the same numbers on every member; 0 where unknown),
     * or NULL before the first: a method may share by it.
     * 0; PINT_ROUNDS_HANDOVER; or PINT_ERR_NOMEM (this member; all agree). */
    int (*plan)(void *self, const pint_team *t, const double *rate,
                long long left, long long *need, size_t *len);
    /* This member's part into mine[0..len) and its points into *points:
     * 0, an integrand error, or the watch's halt (then fewer points).
     * tick, on a team of one with periodic checkpoints (else NULL): to be
     * called between chunks, for a checkpoint within a long step. */
    int (*work)(void *self, const pint_team *t, pint_watch *w, double *mine,
                long long *points, void (*tick)(void *), void *tick_arg);
    /* Every member's numbers (member r's at all + r * st->stride, kept
     * until the next plan): the estimate (value, error; absval: the
     * floor's integral of |f| of the points of this run) and *rows (QMC:
     * rows done; else 0).  Returns 1, or 0 when the estimate stays as it
     * was (a QMC row cut short: no tolerance test), or -1 when its sums
     * left double's range (the values as they came out, the error NaN
     * for each component whose sums did: the run stops with
     * PINT_ERR_NONFINITE and result.c's line naming the first). */
    int (*combine)(void *self, const pint_team *t, const double *all,
                    const pint_step *st, double *value, double *error,
                    double *absval, long long *rows);
    /* The checkpoint's numbers (malloc'ed, *len of them; NULL when out of
     * memory) of the state after the last combine, with the unfinished
     * step when it was cut; within a step (partial, from tick): with this
     * member's work so far, its points in *points. */
    double *(*pack)(void *self, int partial, size_t *len,
                    long long *points);
    /* This member's failure message ("" when it did not fail). */
    const char *(*message)(void *self);
} pint_sampler;

/* Checkpoints: path (NULL: none) written by member 0 with header desc
 * every period seconds (0: only at the stop).  before: the evaluations
 * of the state resumed from (they count against the limit); resumed: the
 * estimate in value/error is that state's (a run resumed from a state
 * that meets the tolerance, tested without the floor, computes nothing). */
typedef struct {
    const char *path;
    const pint_ckpt *desc;
    double period;
    long long before;
    int resumed;
} pint_rounds_saving;

/* Run s on team t to a verdict.  res->value and res->error hold the
 * starting estimate and get the final one; res->evals (before plus the
 * team's points), rank_evals and rank_idle (added to), checkpoints and,
 * on a failure, the first failing member's message (pint_fail_keep: the
 * estimate of the steps done) on every member.  Returns the status, or
 * PINT_ROUNDS_HANDOVER. */
int pint_rounds_run(const pint_sampler *s, pint_team *t,
                    const pint_options *opt, pint_watch *w,
                    const pint_rounds_saving *sv, pint_result *res);

/* Units 0 .. units-1 of a step shared among P members by speed: member
 * r computes the units start[r] .. start[r + 1] - 1 (start has P + 1
 * entries), in proportion to rate (plan's argument: NULL, or any rate
 * unknown: even shares), each share within 1/4 and 4 times an even one
 * (a slow member keeps being measured; a member's numbers stay
 * bounded).  Every member computes the same from the same rates. */
void pint_rounds_share(const double *rate, int P, long long units,
                       long long *start);

#endif

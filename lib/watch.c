/* watch.c -- the run's clock (see watch.h). */
#include <math.h>
#include <stdio.h>
#include <time.h>
#include "watch.h"

#define DEFAULT_PROGRESS_SECONDS 0.5

double pint_watch_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double pint_watch_realtime(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int pint_watch_ended(const pint_options *opt)
{
    return opt->end_time > 0 && pint_watch_realtime() >= opt->end_time;
}

void pint_watch_start(pint_watch *w, const pint_options *opt, double t0)
{
    w->opt = opt;
    w->t0 = t0;
    w->deadline = opt->time_limit > 0 ? t0 + opt->time_limit : 0.0;
    if (opt->end_time > 0 && isfinite(opt->end_time)) {
        /* the end on this clock; one already passed stops at the first
         * check (t0 > 0: monotonic seconds since the boot) */
        double end = t0 + (opt->end_time - pint_watch_realtime());
        if (end < t0)
            end = t0;
        if (w->deadline == 0.0 || end < w->deadline)
            w->deadline = end;
    }
    w->period = opt->progress_seconds > 0 ? opt->progress_seconds
                                          : DEFAULT_PROGRESS_SECONDS;
    w->next_report = t0;        /* the first estimate is reported at once */
    w->reporter = 1;
    w->nranks = 1;
    w->next_checkpoint = t0 + opt->checkpoint_seconds;
    w->checkpoint_began = 0.0;
}

int pint_watch_checkpoint_due(pint_watch *w)
{
    if (!w->opt->checkpoint || w->opt->checkpoint_seconds <= 0)
        return 0;
    double now = pint_watch_now();
    if (now < w->next_checkpoint)
        return 0;
    if (w->checkpoint_began == 0.0)
        w->checkpoint_began = now;
    return 1;
}

void pint_watch_checkpoint_written(pint_watch *w)
{
    double now = pint_watch_now(),
           took = w->checkpoint_began > 0.0 ? now - w->checkpoint_began : 0.0;
    w->next_checkpoint = now + fmax(w->opt->checkpoint_seconds,
                                    PINT_CHECKPOINT_SPACING * took);
    w->checkpoint_began = 0.0;
}

int pint_watch_halt(const pint_watch *w)
{
    if (w->opt->stop && *w->opt->stop)
        return PINT_INTERRUPTED;
    if (w->deadline > 0 && pint_watch_now() >= w->deadline)
        return PINT_TIME_LIMIT;
    return 0;
}

int pint_watch_due(pint_watch *w)
{
    if (!w->opt->progress || !w->reporter)
        return 0;
    /* a checkpoint written since the last report makes one due: the
     * reports then always know how many were written */
    long long ck = w->res ? w->res->checkpoints : 0;
    double t = pint_watch_now();
    if (t < w->next_report && ck == w->reported_checkpoints)
        return 0;
    w->next_report = t + w->period;
    w->reported_checkpoints = ck;
    return 1;
}

void pint_watch_progress(pint_watch *w, long long evals, size_t regions,
                         long long rows, int busy, int ncomp,
                         const double *value, const double *error)
{
    if (!pint_watch_due(w))
        return;
    long long ck = w->reported_checkpoints;
    pint_progress p = { .seconds = pint_watch_now() - w->t0,
                        .evals = evals, .regions = regions, .rows = rows,
                        .ranks_busy = busy, .nranks = w->nranks, .ncomp = ncomp,
                        .value = value, .error = error,
                        .checkpoints = ck,
                        .rule = w->res ? w->res->rule : PINT_RULE_AUTO };
    w->opt->progress(&p, w->opt->progress_ctx);
}

void pint_watch_message(const pint_options *opt, int status, char *msg,
                        size_t len)
{
    if (status == PINT_TIME_LIMIT && opt->end_time > 0
        && (opt->time_limit <= 0 || pint_watch_ended(opt)))
        snprintf(msg, len, "end time reached before the tolerance was met");
    else if (status == PINT_TIME_LIMIT)
        snprintf(msg, len, "time limit of %g s reached before the tolerance "
                 "was met", opt->time_limit);
    else if (status == PINT_INTERRUPTED)
        snprintf(msg, len, "interrupted before the tolerance was met");
}

/* supervise.c -- progress line, signals and the watchdog of the pint
 * command (see supervise.h).
 *
 * The watchdog: the library honours --time-limit and stop requests
 * (SIGINT, SIGTERM) between batches of evaluations, but an integrand call
 * that never returns cannot be interrupted.  A thread waits until the
 * limit plus a grace period (2 s + 10%), or 2 s after a stop request
 * (0.5 s under mpirun; see watchdog); if the run has not returned by
 * then, rank 0 prints the last progress
 * report as the result (status time-limit or interrupted) and the
 * process exits with 1 (with 2 when no estimate exists yet); the other
 * ranks follow 2 s later.  A final checkpoint being written by then
 * holds it off (up to a minute: a slow disk's sync), as the run is on
 * its way out with it.  The last report is at most a progress period old
 * and is the estimate of the regions then live, so it is as honest as
 * any partial result.
 *
 * The exit guard: an integrand (or its plug-in) that calls exit() would
 * end the process with the status it chose, often 0, and no output: a
 * run in progress that looks like success.  While a run is in progress
 * an exit handler turns any exit() into one line on stderr naming the
 * problem and exit status 2; on rank 0 of a supervised run it first
 * prints the last progress report as the result, status integrand-error.
 * Under mpirun the rank that exits prints the line; mpirun then ends the
 * others.  With threads several integrand calls may call exit() at once;
 * C leaves that undefined, and glibc runs each exit handler once, in the
 * first thread to reach it, while a second exiting thread runs the rest
 * and ends the process with its own status.  So the handler is
 * registered once per thread of the run and more: the first thread in
 * it reports and ends the process with 2, any other stops there for
 * good.
 */
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "supervise.h"

/* The 2-norm of v[0..n-1]. */
static double hypot_all(const double *v, int n)
{
    double s = 0;
    for (int k = 0; k < n; k++)
        s += v[k] * v[k];
    return sqrt(s);
}

/* A signal handler can only reach static storage. */
static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
    stop_requested = 1;
    signal(sig, SIG_DFL);       /* a second one kills */
}

static struct sigaction batch_old_int, batch_old_term;

const volatile int *pint_stop_signals_begin(void)
{
    stop_requested = 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &batch_old_int);
    sigaction(SIGTERM, &sa, &batch_old_term);
    return (const volatile int *)&stop_requested;
}

void pint_stop_signals_end(void)
{
    sigaction(SIGINT, &batch_old_int, NULL);
    sigaction(SIGTERM, &batch_old_term, NULL);
}

struct pint_supervisor {
    pint_options *opt;
    int rank, show, forced, tty, shown;
    pint_result_printer print;
    void *print_arg;
    struct sigaction old_int, old_term;
    pint_watchdog *dog;
    struct timespec start;
    pthread_mutex_t lock;       /* over the last report: */
    pint_result *last;          /* the last progress report */
    int have_last;
};

struct pint_watchdog {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int finished;
    struct timespec start;
    double limit;
    const volatile int *stop;
    int rank;
    void (*give_up)(void *arg, int why, double late);
    void *arg;
    char *tmp;                  /* the checkpoint's temporary file, or NULL */
    struct timespec began;      /* realtime at the start */
};

/* The progress line fits an 80-column terminal: at most PROGRESS_WIDTH
 * characters, the parts that do not fit left out from the end. */
enum { PROGRESS_WIDTH = 79 };

/* Append ", part" to line when it still fits in PROGRESS_WIDTH. */
static void add_part(char *line, size_t len, const char *part)
{
    size_t n = strlen(line);
    if (n + 2 + strlen(part) <= PROGRESS_WIDTH && n + 2 + strlen(part) < len)
        snprintf(line + n, len - n, ", %s", part);
}

/* The error and the tolerance it must meet, as the convergence test sees
 * them (pint.h, enum pint_norm): max, the largest error against
 * max(epsabs, epsrel max |value|); l2, the 2-norms; individual, the
 * component furthest from its own tolerance.  *k: the component to show
 * (-1: the 2-norm of the values). */
static void progress_error(const pint_progress *p, const pint_options *o,
                           double *err, double *target, int *k)
{
    double emax = 0, vmax = 0, e2 = 0, v2 = 0, worst = -1;
    *k = 0;
    for (int j = 0; j < p->ncomp; j++) {
        double e = p->error[j], v = fabs(p->value[j]);
        double t = fmax(o->epsabs, o->epsrel * v);
        e2 += e * e;
        v2 += v * v;
        vmax = fmax(vmax, v);
        if (o->norm == PINT_NORM_INDIVIDUAL) {
            double r = t > 0 ? e / t : (e > 0 ? INFINITY : 0);
            if (r > worst) {
                worst = r;
                *k = j;
                *err = e;
                *target = t;
            }
        } else if (e > emax || j == 0) {
            emax = e;
            if (o->norm != PINT_NORM_L2)
                *k = j;
        }
    }
    if (o->norm == PINT_NORM_L2) {
        *err = sqrt(e2);
        *target = fmax(o->epsabs, o->epsrel * sqrt(v2));
        *k = p->ncomp > 1 ? -1 : 0;
    } else if (o->norm != PINT_NORM_INDIVIDUAL) {
        *err = emax;
        *target = fmax(o->epsabs, o->epsrel * vmax);
    }
}

/* "pint: 12.5 s, 46128029 evals, 0.105255000 +- 3.9e-09, target 1.1e-10,
 * 3/4 busy, 812 regions" (ranks busy: under MPI only; the regions when
 * they still fit): a vector
 * names the component shown (f2 0.25 +- ...; with --norm l2, the
 * 2-norms). */
static void progress_line(char *line, size_t len, const pint_progress *p,
                          const pint_options *o)
{
    double err = 0, target = 0;
    int k = 0;
    progress_error(p, o, &err, &target, &k);
    char value[64], part[64];
    if (p->ncomp == 1)
        snprintf(value, sizeof value, "%.9g +- %.1e", p->value[0], err);
    else if (k < 0)
        snprintf(value, sizeof value, "|f| %.9g +- %.1e (2-norms)",
                 hypot_all(p->value, p->ncomp), err);
    else
        snprintf(value, sizeof value, "f%d %.9g +- %.1e", k + 1,
                 p->value[k], err);
    snprintf(line, len, "pint: %.1f s, %lld evals, %s", p->seconds,
             p->evals, value);
    snprintf(part, sizeof part, "target %.1e", target);
    add_part(line, len, part);
    if (p->nranks > 1) {
        snprintf(part, sizeof part, "%d/%d busy", p->ranks_busy,
                 p->nranks);
        add_part(line, len, part);
    }
    if (p->regions)
        snprintf(part, sizeof part, "%zu region%s", p->regions,
                 p->regions == 1 ? "" : "s");
    else if (p->rows)
        snprintf(part, sizeof part, "%lld rows", p->rows);
    else
        part[0] = '\0';
    if (part[0])
        add_part(line, len, part);
}

static void on_progress(const pint_progress *p, void *arg)
{
    pint_supervisor *s = arg;
    pthread_mutex_lock(&s->lock);
    if (s->last) {
        memcpy(s->last->value, p->value, (size_t)p->ncomp * sizeof *p->value);
        memcpy(s->last->error, p->error, (size_t)p->ncomp * sizeof *p->error);
        s->last->evals = p->evals;
        s->last->regions = p->regions;
        s->last->rows = p->rows;
        s->last->seconds = p->seconds;
        s->last->checkpoints = p->checkpoints;
        s->last->rule = p->rule;
        s->have_last = 1;
    }
    pthread_mutex_unlock(&s->lock);
    if (!s->show || (!s->forced && p->seconds < 2.0))
        return;
    char line[PROGRESS_WIDTH + 64];
    progress_line(line, sizeof line, p, s->opt);
    fprintf(stderr, "%s%s%s", s->tty ? "\r" : "", line,
            s->tty ? "\033[K" : "\n");
    fflush(stderr);
    s->shown = 1;
}

static double since(const struct timespec *t0)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t0->tv_sec)
           + 1e-9 * (double)(now.tv_nsec - t0->tv_nsec);
}

/* The exit guard's state: an exit handler, too, reaches only static
 * storage.  guard_rank < 0: no run in progress. */
static volatile sig_atomic_t guard_rank = -1;
static pint_supervisor *guarded;        /* rank 0's supervisor, or NULL */
static int report_last(pint_supervisor *s, int status, const char *why,
                       const char *no_checkpoint);

static atomic_int exit_claimed;  /* a thread is reporting an exit() */

static void on_exit_during_run(void)
{
    /* no run in progress and nobody reporting: the exit asked for.
     * Otherwise the first thread here claims the report and every
     * other stops for good (its _exit ends the process).  The claim is
     * an exchange, read before anything else is decided: a thread that
     * saw guard_rank cleared by the claimer, but not the claim itself,
     * once returned here and ended the process with its own status
     * (1 run in about 150 with three threads calling exit(0) at once
     * beside three busy loops) */
    int rank = guard_rank;
    if (rank < 0 && atomic_load(&exit_claimed) == 0)
        return;
    if (atomic_exchange(&exit_claimed, 1) != 0)
        for (;;)
            pause();
    guard_rank = -1;
    fflush(stdout);
    if (rank == 0 && guarded) {
        pthread_mutex_lock(&guarded->lock);
        report_last(guarded, PINT_ERR_INTEGRAND,
                    "the integrand called exit() during the run",
                    "the integrand called exit()");
    }
    fprintf(stderr, "pint: error: the integrand called exit() during the "
            "run (rank %d); stopped\n", rank);
    fflush(stderr);
    _exit(2);
}

void pint_exit_guard(int rank, int threads)
{
    /* a copy of the handler for every thread that may call exit() at
     * once, and one more: the guard itself runs on the main thread */
    static int registered;
    int want = (threads > 0 ? threads : pint_threads_default()) + 1;
    while (registered < want && atexit(on_exit_during_run) == 0)
        registered++;
    guard_rank = rank;
}

void pint_exit_unguard(void)
{
    guard_rank = -1;
}

/* Print the last progress report as the result, status status, the
 * message saying why and how old the report is, and with --checkpoint
 * why there is no final one; 0 when there is no report yet (nothing
 * printed).  On rank 0, with s->lock held. */
static int report_last(pint_supervisor *s, int status, const char *why,
                       const char *no_checkpoint)
{
    if (s->shown && s->tty)
        fputs("\r\033[K", stderr);
    if (!s->have_last)
        return 0;
    double age = s->last->seconds;
    s->last->seconds = since(&s->start);
    s->last->status = status;
    if (s->opt->checkpoint)
        snprintf(s->last->checkpoint_message,
                 sizeof s->last->checkpoint_message, "no final checkpoint: "
                 "%s, so the run's state could not be collected; %s",
                 no_checkpoint, s->last->checkpoints
                 ? "the last periodic checkpoint is the one to resume"
                 : "no periodic checkpoint was written either "
                   "(--checkpoint-every)");
    snprintf(s->last->message, sizeof s->last->message,
             "%s; this is the last progress report, %.1f s into the run",
             why, age);
    s->print(s->last, s->print_arg);
    fflush(stdout);
    return 1;
}

/* The run has not returned in time: rank 0 prints the last report as the
 * result with status (time-limit or interrupted) and exits 1, or 2 when
 * there is no estimate yet; the other ranks just exit. */
static void give_up(pint_supervisor *s, int status, const char *why,
                    double late)
{
    if (s->rank != 0)
        _exit(1);
    /* after a time limit the integrand is the one thing that does not
     * return; after a stop request it may also be rank 0 waiting for a
     * rank that mpirun already ended (one that failed, or exited) */
    int stopped = status == PINT_INTERRUPTED;
    char what[160];
    snprintf(what, sizeof what, "%s: the %s did not return", why,
             stopped ? "run" : "integrand");
    /* the state of a rank that does not return cannot be collected, and
     * a checkpoint without its regions or sums would be wrong */
    if (!report_last(s, status, what, "the run did not return")) {
        fprintf(stderr, "pint: error: %s: the integrand has not returned "
                "and there is no estimate yet\n", why);
        fflush(stderr);
        _exit(2);
    }
    fprintf(stderr, "pint: the %s did not return %.1f s after the %s; "
            "stopped%s\n", stopped ? "run" : "integrand", late,
            stopped ? "stop request" : "time limit",
            s->opt->checkpoint ? " without a final checkpoint" : "");
    fflush(stderr);
    _exit(1);
}

/* A final checkpoint is being written when the watchdog would give up:
 * its temporary file (the checkpoint's name and ".tmp", pint.h) exists
 * and was written since the run began (realtime: the file's clock).  A
 * busy disk can hold a checkpoint's sync for seconds while the run is
 * on its way out (after an abandoned call: a slow disk made the
 * watchdog end a run of 3 ranks 1.7 s into its final checkpoint, which
 * was lost; test_faults' hang with checkpoints, in CI). */
static int writing_checkpoint(const char *tmp, const struct timespec *began)
{
    struct stat st;
    if (!tmp || stat(tmp, &st) != 0)
        return 0;
    return st.st_mtim.tv_sec > began->tv_sec
           || (st.st_mtim.tv_sec == began->tv_sec
               && st.st_mtim.tv_nsec >= began->tv_nsec);
}

/* A checkpoint being written, looked at from the limit or the stop
 * request on, holds the watchdog off until HOLD_AFTER seconds after it
 * was last seen under way (the directory's sync, the run's return),
 * HOLD_MOST seconds past the give-up at most (a disk that never
 * answers). */
#define HOLD_AFTER 2.0
#define HOLD_MOST 60.0

/* The watchdog's wait: wakes every 0.1 s (a signal handler cannot
 * signal a condition) until the run returns (finished), or gives up 2 s
 * + 10% after the time limit (limit > 0), or 2 s after the stop flag
 * *stop was raised (0.5 s under mpirun, which kills its processes 1 s
 * after it passed them the signal); ranks other than 0 give rank 0 two
 * more seconds; a final checkpoint being written (w->tmp) holds it off
 * (writing_checkpoint).  Returns 0 when the run returned, else
 * PINT_TIME_LIMIT or PINT_INTERRUPTED (whichever came first) with the
 * grace that passed in *late. */
static int watchdog_wait(pint_watchdog *w, double *late)
{
    double limit = w->limit, extra = w->rank == 0 ? 0.0 : 2.0;
    double grace = limit > 0 ? 2.0 + 0.1 * limit : 0.0;
    double stop_grace = getenv("OMPI_COMM_WORLD_SIZE") ? 0.5 : 2.0;
    double stop_at = -1.0;      /* when the stop request was seen */
    double due = -1.0, seen = -1.0, t = 0.0;
    pthread_mutex_lock(&w->lock);
    while (!w->finished) {
        t = since(&w->start);
        if (stop_at < 0 && w->stop && *w->stop)
            stop_at = t;
        /* from the limit or the stop on, a look at the checkpoint */
        if (((limit > 0 && t >= limit) || stop_at >= 0)
            && (due < 0 || t < due + HOLD_MOST)
            && writing_checkpoint(w->tmp, &w->began))
            seen = t;
        if ((limit > 0 && t >= limit + grace + extra)
            || (stop_at >= 0 && t >= stop_at + stop_grace + extra)) {
            if (due < 0)
                due = t;
            if (seen < 0 || t >= seen + HOLD_AFTER || t >= due + HOLD_MOST)
                break;
        }
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += 100000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&w->cond, &w->lock, &until);
    }
    int done = w->finished;
    pthread_mutex_unlock(&w->lock);
    if (done)
        return 0;
    double held = t - due;
    if (stop_at >= 0 && (limit <= 0 || stop_at + stop_grace < limit + grace)) {
        *late = stop_grace + held;
        return PINT_INTERRUPTED;
    }
    *late = grace + held;
    return PINT_TIME_LIMIT;
}

static void *watchdog(void *arg)
{
    pint_watchdog *w = arg;
    double late;
    int why = watchdog_wait(w, &late);
    if (why)
        w->give_up(w->arg, why, late);
    return NULL;
}

pint_watchdog *pint_watchdog_begin(double limit, const volatile int *stop,
                                   int rank, const char *checkpoint,
                                   void (*give_up)(void *arg, int why,
                                                   double late),
                                   void *arg)
{
    pint_watchdog *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    if (checkpoint) {       /* without room for its name: no hold */
        size_t len = strlen(checkpoint);
        w->tmp = malloc(len + 5);
        if (w->tmp) {
            memcpy(w->tmp, checkpoint, len);
            memcpy(w->tmp + len, ".tmp", 5);
        }
    }
    clock_gettime(CLOCK_REALTIME, &w->began);
    clock_gettime(CLOCK_MONOTONIC, &w->start);
    w->limit = limit;
    w->stop = stop;
    w->rank = rank;
    w->give_up = give_up;
    w->arg = arg;
    pthread_mutex_init(&w->lock, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&w->cond, &ca);
    pthread_condattr_destroy(&ca);
    if (pthread_create(&w->thread, NULL, watchdog, w) != 0) {
        pthread_cond_destroy(&w->cond);
        pthread_mutex_destroy(&w->lock);
        free(w->tmp);
        free(w);
        return NULL;
    }
    return w;
}

void pint_watchdog_end(pint_watchdog *w)
{
    if (!w)
        return;
    pthread_mutex_lock(&w->lock);
    w->finished = 1;
    pthread_cond_signal(&w->cond);
    pthread_mutex_unlock(&w->lock);
    pthread_join(w->thread, NULL);
    pthread_cond_destroy(&w->cond);
    pthread_mutex_destroy(&w->lock);
    free(w->tmp);
    free(w);
}

/* The run's watchdog gives up: see give_up.  The last report is read
 * under its lock, held to the exit (as the exit guard does), so that a
 * report arriving now cannot tear it. */
static void run_given_up(void *arg, int why, double late)
{
    pint_supervisor *s = arg;
    pthread_mutex_lock(&s->lock);
    if (why == PINT_INTERRUPTED) {
        give_up(s, why, "interrupted", late);
    } else {
        char text[64];
        snprintf(text, sizeof text, "time limit of %g s", s->opt->time_limit);
        give_up(s, why, text, late);
    }
}

pint_supervisor *pint_supervise_begin(pint_options *opt, int ncomp, int rank,
                                      int show_progress,
                                      pint_result_printer print, void *arg)
{
    pint_supervisor *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->opt = opt;
    s->rank = rank;
    s->print = print;
    s->print_arg = arg;
    s->tty = isatty(STDERR_FILENO);
    clock_gettime(CLOCK_MONOTONIC, &s->start);
    s->forced = show_progress;
    s->show = rank == 0 && (show_progress || s->tty);
    pthread_mutex_init(&s->lock, NULL);
    if (rank == 0) {
        s->last = pint_result_alloc(ncomp);
        if (s->last)
            s->last->method = opt->method;
        opt->progress = on_progress;
        opt->progress_ctx = s;
        /* --progress-every (opt's period, when set) for the lines of a
         * log; a terminal's line and the watchdog's last estimate keep
         * up every 0.5 s */
        if (!(opt->progress_seconds > 0 && s->show && !s->tty))
            opt->progress_seconds = s->tty || !s->show ? 0.5 : 1.0;
    }
    stop_requested = 0;
    opt->stop = (const volatile int *)&stop_requested;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &s->old_int);
    sigaction(SIGTERM, &sa, &s->old_term);
    s->dog = pint_watchdog_begin(opt->time_limit, opt->stop, rank,
                                 opt->checkpoint, run_given_up, s);
    guarded = rank == 0 ? s : NULL;
    pint_exit_guard(rank, opt->threads);
    return s;
}

void pint_supervise_end(pint_supervisor *s)
{
    pint_exit_unguard();
    guarded = NULL;
    if (!s)
        return;
    pint_watchdog_end(s->dog);
    sigaction(SIGINT, &s->old_int, NULL);
    sigaction(SIGTERM, &s->old_term, NULL);
    s->opt->stop = NULL;
    s->opt->progress = NULL;
    s->opt->progress_ctx = NULL;
    if (s->shown && s->tty)
        fputs("\r\033[K", stderr);
    pint_result_free(s->last);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

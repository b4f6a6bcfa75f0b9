/* supervise.h -- what surrounds one integration in the pint command:
 * the live progress line, a clean stop on SIGINT/SIGTERM, and a
 * watchdog for integrands that never return past --time-limit or a
 * stop request. */
#ifndef PINT_SUPERVISE_H
#define PINT_SUPERVISE_H

#include <pthread.h>
#include <time.h>
#include "pint.h"

typedef struct pint_supervisor pint_supervisor;

/* Prints a result the way the command does (text or JSON). */
typedef void (*pint_result_printer)(const pint_result *res, void *arg);

/* Supervise the run of opt (ncomp components) on this rank: set
 * opt->stop and, on rank 0, opt->progress; catch SIGINT and SIGTERM (a
 * second signal kills as usual); start the watchdog.
 * show_progress: 1 --progress, 0 automatic (a terminal and a run over
 * 2 s).  NULL when out of memory (the run then goes unsupervised). */
pint_supervisor *pint_supervise_begin(pint_options *opt, int ncomp, int rank,
                                      int show_progress,
                                      pint_result_printer print, void *arg);

/* The run returned: stop the watchdog, restore the signal handlers and
 * clear the progress line. */
void pint_supervise_end(pint_supervisor *s);

/* A watchdog: a thread that waits for the run (or batch) begun now to
 * return, and gives up 2 s + 10% after the time limit (limit > 0), or
 * 2 s after the stop flag *stop was raised (0.5 s under mpirun, which
 * kills its processes 1 s after it passed them the signal); ranks other
 * than 0 give rank 0 two more seconds.  With checkpoint (the run's
 * checkpoint file, or NULL), a checkpoint being written then (its
 * ".tmp" file, written since the start) holds it off until 2 s after
 * the write is seen no more, a minute more at most.  Giving up, it calls
 * give_up(arg, why, late) on its thread, why PINT_TIME_LIMIT or
 * PINT_INTERRUPTED (whichever came first), late the grace that passed;
 * give_up ends the process.  NULL when no thread could be made (then
 * there is no watchdog). */
typedef struct pint_watchdog pint_watchdog;
pint_watchdog *pint_watchdog_begin(double limit, const volatile int *stop,
                                   int rank, const char *checkpoint,
                                   void (*give_up)(void *arg, int why,
                                                   double late),
                                   void *arg);
/* The run returned: the watchdog ends (NULL: nothing to do). */
void pint_watchdog_end(pint_watchdog *w);

/* A batch's stop on SIGINT and SIGTERM (its watchdog is batch_run.c's):
 * the flag every integral's opt.stop points at, raised by the first
 * signal (a second kills as usual); pint_stop_signals_end restores the
 * handlers. */
const volatile int *pint_stop_signals_begin(void);
void pint_stop_signals_end(void);

/* The exit guard (on in pint_supervise_begin .. _end): while it is on,
 * exit() from anywhere (an integrand, a plug-in) prints one line naming
 * the problem and ends the process with status 2 instead of the status
 * it chose; on a supervised rank 0 the last progress report is printed
 * first, as the result with status integrand-error.  threads: those of
 * the run (0: pint_threads_default), each of which may call exit(). */
void pint_exit_guard(int rank, int threads);
void pint_exit_unguard(void);

#endif

/* pool.h -- threads of one process that share the work of a step
 * (private).
 *
 * A pool is made once for a run (plan once, run many): nthreads - 1
 * threads wait for work, and the caller's thread is thread 0 of every
 * job.  pint_pool_run hands out tasks 0..n-1 from a shared counter and
 * returns when all are done, so a task must write only its own slots
 * and must not depend on which thread runs it: the results of a job are
 * then the same for any number of threads.  Only thread 0 is the
 * caller's, so a task that needs the caller's thread (MPI, a poll)
 * checks its thread number.
 *
 * No global state: pools are independent and the library stays
 * re-entrant.  A pool of one thread (or a NULL pool) runs the tasks in
 * order on the caller's thread. */
#ifndef PINT_POOL_H
#define PINT_POOL_H

#include <stddef.h>

typedef struct pint_pool pint_pool;

typedef void (*pint_pool_task)(void *arg, size_t i, int thread);

/* A pool of nthreads threads (the caller's and nthreads - 1 started
 * here; nthreads >= 1).  NULL when out of memory or a thread cannot be
 * started. */
pint_pool *pint_pool_new(int nthreads);

/* Its threads (1 for NULL). */
int pint_pool_size(const pint_pool *p);

/* Run task(arg, i, thread) for every i in 0..n-1 on the pool's threads,
 * the caller's being thread 0; returns when every task has run. */
void pint_pool_run(pint_pool *p, size_t n, pint_pool_task task, void *arg);

/* A streamed job, for a pool with threads besides the caller's
 * (pint_pool_streams: 1): its tasks are released while the caller makes
 * them, and the pool's threads take each as soon as it is released.
 * pint_pool_open posts the job with none released; pint_pool_release(p,
 * n) releases tasks 0..n-1 (n only grows; what a task reads is written
 * before); pint_pool_close(p, n, idle, arg) releases all n, takes tasks
 * on the caller's thread too, and returns when all n have run, calling
 * idle(arg) while it waits for the last (idle: nonzero when it did
 * something; NULL: none).  The tasks' threads are as in pint_pool_run. */
int pint_pool_streams(const pint_pool *p);
void pint_pool_open(pint_pool *p, pint_pool_task task, void *arg);
void pint_pool_release(pint_pool *p, size_t n);
void pint_pool_close(pint_pool *p, size_t n, int (*idle)(void *),
                     void *idle_arg);

/* Stop and join the threads (NULL: nothing). */
void pint_pool_free(pint_pool *p);

/* An engine's move to nthreads threads (< 1: 1): a new pool (none for
 * one thread), then resize(obj, nthreads) for its buffers (0 or -1), then
 * the old pool *pool freed and replaced.  0, or PINT_ERR_NOMEM with a
 * one-line reason in msg and nothing changed. */
int pint_pool_move(pint_pool **pool, int nthreads,
                   int (*resize)(void *obj, int nthreads), void *obj,
                   char *msg, size_t len);

#endif /* PINT_POOL_H */

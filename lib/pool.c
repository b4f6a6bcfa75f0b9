/* pool.c -- threads that share the work of a step (see pool.h).
 *
 * A job is posted by one atomic word, the ticket: the job's generation
 * in its high 32 bits, the next task to take in its low 32.  A thread
 * takes task i of generation g by raising the ticket from (g, i) to
 * (g, i + 1) with a compare-and-swap, and counts it done when it has run
 * it; the job is over when its n tasks are done, whoever ran them.  So
 * the caller, which takes tasks too, never waits for a thread that has
 * not turned up (descheduled on a loaded machine: with a count of the
 * threads still in the job instead, every step of a cheap integrand
 * waited for a time slice).  A thread that turns up late finds another
 * generation in the ticket and takes nothing; the fields of job g are in
 * slot g mod 2, atomics written before the ticket publishes g, so a late
 * thread reading a slot being rewritten reads values it then never uses
 * (its compare-and-swap fails).
 *
 * Waiting spins first, then sleeps.  A step of a cheap integrand is tens
 * of microseconds of work, and waking a thread from a condition variable
 * took 20 to 60 us on the machines measured (bench/RESULTS.md, section
 * 10.3): with sleeping alone two threads were slower than one.  So a
 * thread waiting for a job, and the caller waiting for the job's last
 * task, first poll for SPIN_POLLS rounds (a pause each, then a
 * sched_yield each, so that an oversubscribed machine runs the others),
 * and only then sleep on a condition variable under the mutex, whose
 * waiters are counted so that a post or a finish takes the mutex and
 * signals only when somebody sleeps.  A lost wake-up is impossible: a
 * sleeper counts itself, then checks, under the mutex; the poster (the
 * last task's taker) publishes, then reads the count; the four accesses
 * are sequentially consistent, so one side sees the other, and a
 * signal waits for the mutex, which the sleeper gives up only in the
 * wait.
 */
#define _GNU_SOURCE             /* sched_getaffinity, CPU_COUNT */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "pint.h"
#include "pool.h"
#include "spin.h"

/* Polls before a waiting thread sleeps: SPIN_PAUSES with a processor
 * pause (about a microsecond each few hundred), then SPIN_YIELDS with a
 * sched_yield.  A step's serial part (taking and pushing regions) is
 * well inside this; a pool left idle between runs sleeps soon. */
#define SPIN_PAUSES 4000
#define SPIN_YIELDS 200

/* Tasks of a job: the low half of the ticket. */
#define MAX_TASKS UINT32_MAX

typedef struct {
    atomic_size_t n;            /* SIZE_MAX while a streamed job is open */
    atomic_size_t avail;        /* tasks released: n, or fewer while open */
    _Atomic(pint_pool_task) task;
    _Atomic(void *) arg;
} pool_job;

struct pint_pool {
    int nthreads;
    pthread_t *threads;         /* nthreads - 1 of them */
    int started;                /* how many were started */
    pthread_mutex_t lock;
    pthread_cond_t go, done;
    /* threads asleep on go, and the caller asleep on done: written
     * under the lock, read without it (see post and work) */
    atomic_int sleepers, caller_sleeps;
    uint32_t generation;        /* the caller's: jobs posted */
    pool_job job[2];            /* job g in job[g % 2] */
    /* each written often, on a cache line of its own */
    _Alignas(64) atomic_uint_least64_t ticket;  /* generation, next task */
    _Alignas(64) atomic_size_t finished;        /* tasks of the job run */
    atomic_int quit;
};

typedef struct {
    pint_pool *p;
    int thread;
} thread_arg;

static uint32_t generation_of(uint_least64_t ticket)
{
    return (uint32_t)(ticket >> 32);
}

/* Poll until done(p, v) holds or the spin is spent: 1 if it holds. */
static int spin_until(pint_pool *p, int (*done)(pint_pool *, size_t),
                      size_t v)
{
    for (int i = 0; i < SPIN_PAUSES + SPIN_YIELDS; i++) {
        if (done(p, v))
            return 1;
        if (i < SPIN_PAUSES)
            pint_cpu_pause();
        else
            sched_yield();
    }
    return done(p, v);
}

/* A generation other than `seen` is posted, or the pool quits. */
static int posted(pint_pool *p, size_t seen)
{
    return generation_of(atomic_load_explicit(&p->ticket,
                                              memory_order_seq_cst))
               != (uint32_t)seen
           || atomic_load_explicit(&p->quit, memory_order_acquire);
}

/* The n tasks of the current job have run. */
static int all_run(pint_pool *p, size_t n)
{
    return atomic_load_explicit(&p->finished, memory_order_seq_cst) >= n;
}

/* Sleep on cv until done(p, v) holds, counted in *sleeping meanwhile:
 * the count is raised before the check, both under the lock (see post
 * and work, which read it without). */
static void sleep_until(pint_pool *p, pthread_cond_t *cv, atomic_int *sleeping,
                        int (*done)(pint_pool *, size_t), size_t v)
{
    pthread_mutex_lock(&p->lock);
    atomic_fetch_add_explicit(sleeping, 1, memory_order_seq_cst);
    while (!done(p, v))
        pthread_cond_wait(cv, &p->lock);
    atomic_fetch_sub_explicit(sleeping, 1, memory_order_seq_cst);
    pthread_mutex_unlock(&p->lock);
}

/* Take tasks of generation g until none is left (or g is over).  A
 * thread other than the caller's waits, spinning, for tasks an open job
 * has not released yet (the caller is taking its regions: microseconds). */
static void work(pint_pool *p, uint32_t g, int thread)
{
    pool_job *j = &p->job[g % 2];
    pint_pool_task task = atomic_load_explicit(&j->task,
                                               memory_order_relaxed);
    void *arg = atomic_load_explicit(&j->arg, memory_order_relaxed);
    uint_least64_t t = atomic_load_explicit(&p->ticket, memory_order_acquire);
    for (int waits = 0;;) {
        if (generation_of(t) != g)
            return;
        size_t i = (size_t)(t & MAX_TASKS);
        if (i >= atomic_load_explicit(&j->avail, memory_order_acquire)) {
            if (thread == 0
                || i >= atomic_load_explicit(&j->n, memory_order_seq_cst))
                return;
            if (waits++ < SPIN_PAUSES)
                pint_cpu_pause();
            else
                sched_yield();
            t = atomic_load_explicit(&p->ticket, memory_order_acquire);
            continue;
        }
        if (!atomic_compare_exchange_weak_explicit(&p->ticket, &t, t + 1,
                                                   memory_order_acq_rel,
                                                   memory_order_acquire))
            continue;           /* t reloaded */
        task(arg, i, thread);
        /* sequentially consistent with the close's store of n: of the
         * last task's end and the close, one sees the other */
        size_t done = atomic_fetch_add_explicit(&p->finished, 1,
                                                memory_order_seq_cst) + 1;
        /* the caller raises caller_sleeps before it reads finished,
         * this thread adds to finished before it reads caller_sleeps,
         * all sequentially consistent: one of the two sees the other,
         * so the lock is taken only when the caller sleeps */
        if (done == atomic_load_explicit(&j->n, memory_order_seq_cst)
            && atomic_load_explicit(&p->caller_sleeps,
                                    memory_order_seq_cst)) {
            pthread_mutex_lock(&p->lock);
            pthread_cond_signal(&p->done);
            pthread_mutex_unlock(&p->lock);
        }
        t = atomic_load_explicit(&p->ticket, memory_order_acquire);
    }
}

static void *thread_main(void *varg)
{
    thread_arg *ta = varg;
    pint_pool *p = ta->p;
    int thread = ta->thread;
    free(ta);
    uint32_t seen = 0;
    for (;;) {
        if (!spin_until(p, posted, seen)) {
            sleep_until(p, &p->go, &p->sleepers, posted, seen);
        }
        if (atomic_load(&p->quit))
            break;
        seen = generation_of(atomic_load_explicit(&p->ticket,
                                                  memory_order_acquire));
        work(p, seen, thread);
    }
    return NULL;
}

int pint_pool_move(pint_pool **pool, int nthreads,
                   int (*resize)(void *obj, int nthreads), void *obj,
                   char *msg, size_t len)
{
    pint_pool *p = NULL;
    if (nthreads > 1 && !(p = pint_pool_new(nthreads))) {
        snprintf(msg, len, "cannot start %d threads", nthreads);
        return PINT_ERR_NOMEM;
    }
    if (resize(obj, nthreads < 1 ? 1 : nthreads) != 0) {
        pint_pool_free(p);
        snprintf(msg, len, "out of memory for the buffers of the threads");
        return PINT_ERR_NOMEM;
    }
    pint_pool_free(*pool);
    *pool = p;
    return 0;
}

pint_pool *pint_pool_new(int nthreads)
{
    if (nthreads < 1)
        return NULL;
    /* sizeof *p is a multiple of its alignment, 64 */
    pint_pool *p = aligned_alloc(_Alignof(pint_pool), sizeof *p);
    if (!p)
        return NULL;
    memset(p, 0, sizeof *p);
    p->nthreads = nthreads;
    p->threads = calloc((size_t)nthreads, sizeof *p->threads);
    if (!p->threads || pthread_mutex_init(&p->lock, NULL) != 0) {
        free(p->threads);
        free(p);
        return NULL;
    }
    pthread_cond_init(&p->go, NULL);
    pthread_cond_init(&p->done, NULL);
    atomic_init(&p->ticket, 0);
    atomic_init(&p->finished, 0);
    atomic_init(&p->quit, 0);
    atomic_init(&p->sleepers, 0);
    atomic_init(&p->caller_sleeps, 0);
    for (int k = 0; k < 2; k++) {
        atomic_init(&p->job[k].n, 0);
        atomic_init(&p->job[k].avail, 0);
        atomic_init(&p->job[k].task, NULL);
        atomic_init(&p->job[k].arg, NULL);
    }
    for (int t = 1; t < nthreads; t++) {
        thread_arg *ta = malloc(sizeof *ta);
        if (!ta)
            break;
        *ta = (thread_arg){ p, t };
        if (pthread_create(&p->threads[t - 1], NULL, thread_main, ta) != 0) {
            free(ta);
            break;
        }
        p->started++;
    }
    if (p->started != nthreads - 1) {
        pint_pool_free(p);
        return NULL;
    }
    return p;
}

int pint_pool_size(const pint_pool *p)
{
    return p ? p->nthreads : 1;
}

/* Post job g (the next generation) with its first avail of n tasks
 * released. */
static void post(pint_pool *p, size_t n, size_t avail, pint_pool_task task,
                 void *arg)
{
    /* the job before is over (its n tasks ran): nobody runs its tasks,
     * and a thread late for it takes nothing of this one */
    uint32_t g = ++p->generation;
    if (g == 0)                 /* 0 is "no job yet" for a new thread */
        g = ++p->generation;
    pool_job *j = &p->job[g % 2];
    atomic_store_explicit(&j->n, n, memory_order_relaxed);
    atomic_store_explicit(&j->avail, avail, memory_order_relaxed);
    atomic_store_explicit(&j->task, task, memory_order_relaxed);
    atomic_store_explicit(&j->arg, arg, memory_order_relaxed);
    atomic_store_explicit(&p->finished, 0, memory_order_relaxed);
    /* a thread going to sleep counts itself in sleepers, then reads the
     * ticket; here the ticket is stored, then sleepers read, all
     * sequentially consistent: one of the two sees the other.  The lock
     * is taken only to wake sleepers (one that counted itself but is
     * not yet waiting holds it until it waits). */
    atomic_store_explicit(&p->ticket, (uint_least64_t)g << 32,
                          memory_order_seq_cst);
    if (atomic_load_explicit(&p->sleepers, memory_order_seq_cst) > 0) {
        pthread_mutex_lock(&p->lock);
        pthread_cond_broadcast(&p->go);
        pthread_mutex_unlock(&p->lock);
    }
}

/* The caller's part of the current job of n tasks: take tasks, then
 * wait for the others' last, calling idle while it waits (NULL: none). */
static void finish(pint_pool *p, size_t n, int (*idle)(void *),
                   void *idle_arg)
{
    work(p, p->generation, 0);
    for (int i = 0; i < SPIN_PAUSES + SPIN_YIELDS; i++) {
        if (all_run(p, n))
            return;
        if (idle && idle(idle_arg))
            continue;
        if (i < SPIN_PAUSES)
            pint_cpu_pause();
        else
            sched_yield();
    }
    sleep_until(p, &p->done, &p->caller_sleeps, all_run, n);
}

void pint_pool_run(pint_pool *p, size_t n, pint_pool_task task, void *arg)
{
    if (!p || p->nthreads == 1 || n <= 1 || n > MAX_TASKS) {
        for (size_t i = 0; i < n; i++)
            task(arg, i, 0);
        return;
    }
    post(p, n, n, task, arg);
    finish(p, n, NULL, NULL);
}

int pint_pool_streams(const pint_pool *p)
{
    return p && p->nthreads > 1;
}

void pint_pool_open(pint_pool *p, pint_pool_task task, void *arg)
{
    post(p, SIZE_MAX, 0, task, arg);
}

void pint_pool_release(pint_pool *p, size_t n)
{
    atomic_store_explicit(&p->job[p->generation % 2].avail, n,
                          memory_order_release);
}

void pint_pool_close(pint_pool *p, size_t n, int (*idle)(void *),
                     void *idle_arg)
{
    pool_job *j = &p->job[p->generation % 2];
    atomic_store_explicit(&j->n, n, memory_order_seq_cst);
    atomic_store_explicit(&j->avail, n, memory_order_release);
    finish(p, n, idle, idle_arg);
}

void pint_pool_free(pint_pool *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    atomic_store(&p->quit, 1);
    pthread_cond_broadcast(&p->go);
    pthread_mutex_unlock(&p->lock);
    for (int t = 0; t < p->started; t++)
        pthread_join(p->threads[t], NULL);
    pthread_cond_destroy(&p->go);
    pthread_cond_destroy(&p->done);
    pthread_mutex_destroy(&p->lock);
    free(p->threads);
    free(p);
}

/* A whole number >= 1 at the start of s (OMP_NUM_THREADS may be a list:
 * its first entry is this level's), else 0. */
static long leading_count(const char *s)
{
    if (!s)
        return 0;
    char *end;
    long n = strtol(s, &end, 10);
    return end != s && (*end == '\0' || *end == ',') && n >= 1 ? n : 0;
}

int pint_threads_default(void)
{
    long n = leading_count(getenv("OMP_NUM_THREADS"));
    if (n == 0) {
        long online = sysconf(_SC_NPROCESSORS_ONLN);
        cpu_set_t set;
        n = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set)
                                                         : online;
        /* ranks of a node that no launcher bound: a share of the cores */
        long local = leading_count(getenv("OMPI_COMM_WORLD_LOCAL_SIZE"));
        if (local == 0)
            local = leading_count(getenv("MPI_LOCALNRANKS"));
        if (local > 1 && n >= online)
            n /= local;
    }
    if (n < 1)
        n = 1;
    return n > PINT_MAX_THREADS ? PINT_MAX_THREADS : (int)n;
}

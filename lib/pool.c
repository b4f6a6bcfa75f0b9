/* pool.c -- threads that share the work of a step (see pool.h).
 *
 * A job is posted by raising an atomic generation number; the threads
 * take its tasks from an atomic counter (a thread that is late, or
 * descheduled on a busy machine, simply takes fewer), and the last to
 * leave the job brings an atomic count of busy threads to 0.
 *
 * Waiting spins first, then sleeps.  A step of a cheap integrand is tens
 * of microseconds of work, and waking a thread from a condition variable
 * took 20 to 60 us on the machines measured (bench/RESULTS.md, section
 * 10): with sleeping alone two threads were slower than one.  So a
 * thread waiting for a job, and the caller waiting for the last thread,
 * first poll the atomic for SPIN_POLLS rounds (a pause each, then a
 * sched_yield each, so that an oversubscribed machine runs the others),
 * and only then sleep on a condition variable under the mutex, whose
 * waiters are counted so that a post or a finish signals only when
 * somebody sleeps.  The checks under the mutex make a lost wake-up
 * impossible: the generation is raised, and the last finish is
 * signalled, with the mutex held.
 */
#define _GNU_SOURCE             /* sched_getaffinity, CPU_COUNT */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "pint.h"
#include "pool.h"

/* Polls before a waiting thread sleeps: SPIN_PAUSES with a processor
 * pause (about a microsecond each few hundred), then SPIN_YIELDS with a
 * sched_yield.  A step's serial part (taking and pushing regions) is
 * well inside this; a pool left idle between runs sleeps soon. */
#define SPIN_PAUSES 4000
#define SPIN_YIELDS 200

struct pint_pool {
    int nthreads;
    pthread_t *threads;         /* nthreads - 1 of them */
    int started;                /* how many were started */
    pthread_mutex_t lock;
    pthread_cond_t go, done;
    int sleepers;               /* threads asleep on go (under lock) */
    int caller_sleeps;          /* the caller asleep on done (under lock) */
    /* the current job, written before it is posted */
    size_t n;
    pint_pool_task task;
    void *arg;
    /* each written often, on a cache line of its own, so that taking a
     * task does not evict the job's fields from the other threads */
    _Alignas(64) atomic_size_t next;    /* the next task to take */
    _Alignas(64) atomic_ulong generation; /* jobs posted (under lock) */
    _Alignas(64) atomic_int busy;       /* threads still in the job */
    atomic_int quit;
};

typedef struct {
    pint_pool *p;
    int thread;
} thread_arg;

static inline void cpu_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/* Poll until done(p, v) holds or the spin is spent: 1 if it holds. */
static int spin_until(pint_pool *p, int (*done)(pint_pool *, unsigned long),
                      unsigned long v)
{
    for (int i = 0; i < SPIN_PAUSES + SPIN_YIELDS; i++) {
        if (done(p, v))
            return 1;
        if (i < SPIN_PAUSES)
            cpu_pause();
        else
            sched_yield();
    }
    return done(p, v);
}

static int posted(pint_pool *p, unsigned long seen)
{
    return atomic_load_explicit(&p->generation, memory_order_acquire) != seen
           || atomic_load_explicit(&p->quit, memory_order_acquire);
}

static int finished(pint_pool *p, unsigned long unused)
{
    (void)unused;
    return atomic_load_explicit(&p->busy, memory_order_acquire) == 0;
}

/* Take tasks until none is left. */
static void work(pint_pool *p, int thread)
{
    size_t n = p->n;
    pint_pool_task task = p->task;
    void *arg = p->arg;
    for (;;) {
        size_t i = atomic_fetch_add_explicit(&p->next, 1,
                                             memory_order_relaxed);
        if (i >= n)
            return;
        task(arg, i, thread);
    }
}

static void *thread_main(void *varg)
{
    thread_arg *ta = varg;
    pint_pool *p = ta->p;
    int thread = ta->thread;
    free(ta);
    unsigned long seen = 0;
    for (;;) {
        if (!spin_until(p, posted, seen)) {
            pthread_mutex_lock(&p->lock);
            p->sleepers++;
            while (!posted(p, seen))
                pthread_cond_wait(&p->go, &p->lock);
            p->sleepers--;
            pthread_mutex_unlock(&p->lock);
        }
        if (atomic_load(&p->quit))
            break;
        seen = atomic_load_explicit(&p->generation, memory_order_acquire);
        work(p, thread);
        if (atomic_fetch_sub_explicit(&p->busy, 1, memory_order_acq_rel)
            == 1) {
            pthread_mutex_lock(&p->lock);
            if (p->caller_sleeps)
                pthread_cond_signal(&p->done);
            pthread_mutex_unlock(&p->lock);
        }
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
    atomic_init(&p->generation, 0);
    atomic_init(&p->busy, 0);
    atomic_init(&p->quit, 0);
    atomic_init(&p->next, 0);
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

void pint_pool_run(pint_pool *p, size_t n, pint_pool_task task, void *arg)
{
    if (!p || p->nthreads == 1 || n <= 1) {
        for (size_t i = 0; i < n; i++)
            task(arg, i, 0);
        return;
    }
    /* the previous job is over (busy was 0): no thread reads these now */
    p->n = n;
    p->task = task;
    p->arg = arg;
    atomic_store_explicit(&p->next, 0, memory_order_relaxed);
    atomic_store_explicit(&p->busy, p->started, memory_order_relaxed);
    pthread_mutex_lock(&p->lock);
    atomic_fetch_add_explicit(&p->generation, 1, memory_order_release);
    if (p->sleepers > 0)
        pthread_cond_broadcast(&p->go);
    pthread_mutex_unlock(&p->lock);
    work(p, 0);
    if (!spin_until(p, finished, 0)) {
        pthread_mutex_lock(&p->lock);
        p->caller_sleeps = 1;
        while (!finished(p, 0))
            pthread_cond_wait(&p->done, &p->lock);
        p->caller_sleeps = 0;
        pthread_mutex_unlock(&p->lock);
    }
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

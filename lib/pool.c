/* pool.c -- threads that share the work of a step (see pool.h).
 *
 * One mutex and two condition variables: `go` wakes the threads for a
 * new job (its generation number tells a new job from a spurious
 * wake-up), `done` wakes the caller when the last thread has left the
 * job.  Tasks are taken from an atomic counter, so a thread that is
 * late (descheduled on a busy machine) simply takes fewer.
 */
#define _GNU_SOURCE             /* sched_getaffinity, CPU_COUNT */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>
#include "pint.h"
#include "pool.h"

struct pint_pool {
    int nthreads;
    pthread_t *threads;         /* nthreads - 1 of them */
    int started;                /* how many were started */
    pthread_mutex_t lock;
    pthread_cond_t go, done;
    unsigned long generation;   /* jobs posted */
    int busy;                   /* threads still in the current job */
    int quit;
    /* the current job */
    size_t n;
    pint_pool_task task;
    void *arg;
    atomic_size_t next;
};

typedef struct {
    pint_pool *p;
    int thread;
} thread_arg;

/* Take tasks until none is left. */
static void work(pint_pool *p, int thread)
{
    for (;;) {
        size_t i = atomic_fetch_add(&p->next, 1);
        if (i >= p->n)
            return;
        p->task(p->arg, i, thread);
    }
}

static void *thread_main(void *varg)
{
    thread_arg *ta = varg;
    pint_pool *p = ta->p;
    int thread = ta->thread;
    free(ta);
    unsigned long seen = 0;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->quit && p->generation == seen)
            pthread_cond_wait(&p->go, &p->lock);
        if (p->quit)
            break;
        seen = p->generation;
        pthread_mutex_unlock(&p->lock);
        work(p, thread);
        pthread_mutex_lock(&p->lock);
        if (--p->busy == 0)
            pthread_cond_signal(&p->done);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

pint_pool *pint_pool_new(int nthreads)
{
    if (nthreads < 1)
        return NULL;
    pint_pool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->nthreads = nthreads;
    p->threads = calloc((size_t)nthreads, sizeof *p->threads);
    if (!p->threads || pthread_mutex_init(&p->lock, NULL) != 0) {
        free(p->threads);
        free(p);
        return NULL;
    }
    pthread_cond_init(&p->go, NULL);
    pthread_cond_init(&p->done, NULL);
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
    pthread_mutex_lock(&p->lock);
    p->n = n;
    p->task = task;
    p->arg = arg;
    atomic_store(&p->next, 0);
    p->busy = p->started;
    p->generation++;
    pthread_cond_broadcast(&p->go);
    pthread_mutex_unlock(&p->lock);
    work(p, 0);
    pthread_mutex_lock(&p->lock);
    while (p->busy > 0)
        pthread_cond_wait(&p->done, &p->lock);
    pthread_mutex_unlock(&p->lock);
}

void pint_pool_free(pint_pool *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    p->quit = 1;
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

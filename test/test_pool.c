/* test_pool.c -- the thread pool of a step (lib/pool.h): every task of
 * every job runs exactly once, on a thread number in range, whatever the
 * gaps between jobs (threads that spin and threads that went to sleep
 * must both take the next job: the caller could do a job alone, so a
 * job whose two tasks must meet checks that a sleeper woke), a streamed
 * job runs no task before it is released, and a pool is freed while
 * idle or right after a job. */
#include <pthread.h>
#include <stdatomic.h>
#include "testutil.h"
#include "pint.h"
#include "pool.h"

#define MAX_TASKS 257

typedef struct {
    atomic_int runs[MAX_TASKS];
    atomic_int bad_thread;
    int nthreads;
} job_state;

static void count_task(void *arg, size_t i, int thread)
{
    job_state *s = arg;
    atomic_fetch_add(&s->runs[i], 1);
    if (thread < 0 || thread >= s->nthreads)
        atomic_fetch_add(&s->bad_thread, 1);
}

/* jobs of n = 0..MAX_TASKS tasks; every sleep_every-th job waits first
 * for sleep_us, long enough for the threads to give up spinning */
static void run_jobs(int nthreads, int jobs, int sleep_every, long sleep_us)
{
    pint_pool *p = pint_pool_new(nthreads);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_EQUAL(pint_pool_size(p), nthreads);
    static job_state s;
    int wrong = 0;
    unsigned seed = 12345u;
    for (int j = 0; j < jobs; j++) {
        seed = seed * 1664525u + 1013904223u;
        size_t n = (seed >> 8) % (MAX_TASKS + 1);
        for (size_t i = 0; i < MAX_TASKS; i++)
            atomic_store(&s.runs[i], 0);
        atomic_store(&s.bad_thread, 0);
        s.nthreads = nthreads;
        if (sleep_every && j % sleep_every == 0) {
            struct timespec ts = { 0, sleep_us * 1000L };
            nanosleep(&ts, NULL);
        }
        pint_pool_run(p, n, count_task, &s);
        for (size_t i = 0; i < MAX_TASKS; i++)
            wrong += atomic_load(&s.runs[i]) != (i < n ? 1 : 0);
        wrong += atomic_load(&s.bad_thread);
    }
    CU_ASSERT_EQUAL(wrong, 0);
    pint_pool_free(p);
}

static void test_back_to_back(void)
{
    for (int t = 1; t <= 4; t++)
        run_jobs(t, 2000, 0, 0);
    run_jobs(8, 500, 0, 0);             /* more threads than cores */
}

static void test_after_sleep(void)
{
    /* 20 ms: far past the spin, so every thread sleeps on the mutex */
    run_jobs(2, 40, 4, 20000);
    run_jobs(4, 40, 2, 20000);
}

/* Two tasks that each wait (up to 10 s) until both have started: they
 * meet only if two threads run them at once. */
typedef struct {
    atomic_int started;
    atomic_int met;
} meeting;

static void meet_task(void *arg, size_t i, int thread)
{
    (void)i;
    (void)thread;
    meeting *m = arg;
    atomic_fetch_add(&m->started, 1);
    double t0 = pt_wall();
    while (atomic_load(&m->started) < 2 && pt_wall() - t0 < 10.0) {
        struct timespec ts = { 0, 100000L };
        nanosleep(&ts, NULL);
    }
    if (atomic_load(&m->started) >= 2)
        atomic_fetch_add(&m->met, 1);
}

/* Threads that went to sleep take part in the next job: the caller
 * cannot do a job alone whose tasks must run at once. */
static void test_sleepers_wake(void)
{
    pint_pool *p = pint_pool_new(2);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    for (int round = 0; round < 3; round++) {
        struct timespec ts = { 0, 20000000L };  /* past the spin */
        nanosleep(&ts, NULL);
        meeting m;
        atomic_init(&m.started, 0);
        atomic_init(&m.met, 0);
        pint_pool_run(p, 2, meet_task, &m);
        CU_ASSERT_EQUAL(atomic_load(&m.met), 2);
    }
    pint_pool_free(p);
}

/* The caller asleep on a job's last task is woken by the thread that
 * ends it: tasks taken by the other threads take 30 ms, far past the
 * caller's spin, the caller's 1 ms (so that the other thread turns up
 * while it works).  A lost wake-up holds the job for ever (the test's
 * timeout). */
static void slow_off_caller(void *arg, size_t i, int thread)
{
    (void)i;
    struct timespec ts = { 0, thread != 0 ? 30000000L : 1000000L };
    nanosleep(&ts, NULL);
    if (thread != 0)
        atomic_fetch_add((atomic_int *)arg, 1);
}

static void test_caller_woken(void)
{
    pint_pool *p = pint_pool_new(2);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    int slow_jobs = 0;
    for (int round = 0; round < 10; round++) {
        atomic_int slow;
        atomic_init(&slow, 0);
        pint_pool_run(p, 8, slow_off_caller, &slow);
        slow_jobs += atomic_load(&slow) > 0;
    }
    CU_ASSERT(slow_jobs > 0);           /* the other thread took part */
    pint_pool_free(p);
}

static void test_new_free(void)
{
    CU_ASSERT_PTR_NULL(pint_pool_new(0));
    CU_ASSERT_EQUAL(pint_pool_size(NULL), 1);
    pint_pool_free(NULL);
    for (int i = 0; i < 50; i++) {      /* freed right after starting */
        pint_pool *p = pint_pool_new(3);
        CU_ASSERT_PTR_NOT_NULL_FATAL(p);
        pint_pool_free(p);
    }
    static job_state s;                 /* a NULL pool runs in order */
    s.nthreads = 1;
    for (size_t i = 0; i < MAX_TASKS; i++)
        atomic_store(&s.runs[i], 0);
    pint_pool_run(NULL, 10, count_task, &s);
    for (size_t i = 0; i < 10; i++)
        CU_ASSERT_EQUAL(atomic_load(&s.runs[i]), 1);
}

/* Streamed jobs (pint_pool_open, _release, _close): every task runs
 * once, none before it is released, the idle callback runs only on the
 * caller's thread, and streamed jobs mix with plain ones. */
typedef struct {
    job_state js;
    atomic_size_t released;
    atomic_int early;               /* tasks run before their release */
    atomic_int idle_off_caller;
    pthread_t caller;
    long idles;
} stream_state;

static void stream_task(void *arg, size_t i, int thread)
{
    stream_state *st = arg;
    if (i >= atomic_load(&st->released))
        atomic_fetch_add(&st->early, 1);
    count_task(&st->js, i, thread);
}

static int count_idle(void *arg)
{
    stream_state *st = arg;
    if (!pthread_equal(pthread_self(), st->caller))
        atomic_fetch_add(&st->idle_off_caller, 1);
    st->idles++;
    return 0;
}

static void test_streamed(void)
{
    static stream_state st;
    for (int nthreads = 2; nthreads <= 4; nthreads++) {
        pint_pool *p = pint_pool_new(nthreads);
        CU_ASSERT_PTR_NOT_NULL_FATAL(p);
        CU_ASSERT(pint_pool_streams(p));
        unsigned seed = 777u;
        int wrong = 0;
        atomic_store(&st.early, 0);
        atomic_store(&st.idle_off_caller, 0);
        st.caller = pthread_self();
        st.idles = 0;
        for (int j = 0; j < 1000; j++) {
            seed = seed * 1664525u + 1013904223u;
            size_t n = (seed >> 8) % (MAX_TASKS + 1);
            for (size_t i = 0; i < MAX_TASKS; i++)
                atomic_store(&st.js.runs[i], 0);
            atomic_store(&st.js.bad_thread, 0);
            st.js.nthreads = nthreads;
            atomic_store(&st.released, 0);
            if (j % 3 == 2) {           /* a plain job between */
                pint_pool_run(p, n, count_task, &st.js);
            } else {
                pint_pool_open(p, stream_task, &st);
                /* released two by two, the last few by the close */
                for (size_t r = 2; r + 3 <= n; r += 2) {
                    atomic_store(&st.released, r);
                    pint_pool_release(p, r);
                }
                atomic_store(&st.released, n);
                pint_pool_close(p, n, count_idle, &st);
            }
            for (size_t i = 0; i < MAX_TASKS; i++)
                wrong += atomic_load(&st.js.runs[i]) != (i < n ? 1 : 0);
            wrong += atomic_load(&st.js.bad_thread);
        }
        CU_ASSERT_EQUAL(wrong, 0);
        CU_ASSERT_EQUAL(atomic_load(&st.early), 0);
        CU_ASSERT_EQUAL(atomic_load(&st.idle_off_caller), 0);
        pint_pool_free(p);
    }
    CU_ASSERT(!pint_pool_streams(NULL));
    pint_pool *one = pint_pool_new(1);
    CU_ASSERT(!pint_pool_streams(one));
    pint_pool_free(one);
}

int main(void)
{
    CU_TestInfo tests[] = {
        { "every task once, jobs back to back", test_back_to_back },
        { "every task once after the threads slept", test_after_sleep },
        { "sleeping threads take part in the next job", test_sleepers_wake },
        { "the caller asleep on the last task is woken", test_caller_woken },
        { "new and free", test_new_free },
        { "streamed jobs: every task once, none before its release",
          test_streamed },
        CU_TEST_INFO_NULL,
    };
    return pint_test_run("pool", tests);
}

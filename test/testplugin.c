/* testplugin.c -- integrands loaded by the test suite through --plugin.
 *
 * Those that fail after a number of calls count them atomically, and
 * read their settings from the environment once, when the plug-in is
 * loaded: pint may call an integrand from several threads at once
 * (--threads), and these must then still mean what they say. */
#define _POSIX_C_SOURCE 200809L  /* clock_gettime */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <sys/resource.h>

/* x1 * x2 * ... : exact integral over [0,1]^n is 2^-n. */
int prodx(int ndim, const double *x, int ncomp, double *fval, void *ctx)
{
    (void)ctx;
    double p = 1.0;
    for (int i = 0; i < ndim; i++)
        p *= x[i];
    for (int k = 0; k < ncomp; k++)
        fval[k] = (k + 1) * p;
    return 0;
}

/* Fails (returns 7) in the corner x1 > 0.9. */
int fails_in_corner(int ndim, const double *x, int ncomp, double *fval,
                    void *ctx)
{
    (void)ndim;
    (void)ctx;
    if (x[0] > 0.9)
        return 7;
    for (int k = 0; k < ncomp; k++)
        fval[k] = 1.0;
    return 0;
}

/* NaN where x1 < 0.25. */
int nan_somewhere(int ndim, const double *x, int ncomp, double *fval,
                  void *ctx)
{
    (void)ndim;
    (void)ctx;
    for (int k = 0; k < ncomp; k++)
        fval[k] = x[0] < 0.25 ? NAN : 1.0;
    return 0;
}

/* 1/x1: Inf is never reached by interior rules, but the integral diverges. */
int inf_at_half(int ndim, const double *x, int ncomp, double *fval, void *ctx)
{
    (void)ndim;
    (void)ctx;
    for (int k = 0; k < ncomp; k++)
        fval[k] = x[0] == 0.5 ? INFINITY : 1.0;
    return 0;
}

/* Fails (returns 9) on MPI rank 2 only (Open MPI names the rank in the
 * environment): the error must end the run on every rank. */
int fails_on_rank2(int ndim, const double *x, int ncomp, double *fval,
                   void *ctx)
{
    (void)ndim;
    (void)ctx;
    const char *r = getenv("OMPI_COMM_WORLD_RANK");
    if (r && strcmp(r, "2") == 0)
        return 9;
    for (int k = 0; k < ncomp; k++)
        fval[k] = x[0];
    return 0;
}

/* exp(-50 |x - 1/2|^2) in every component: the peak of the plug-ins
 * below (exact over [0,1]^n: (sqrt(pi/50) erf(sqrt(50)/2))^n). */
static void peak50(int ndim, const double *x, int ncomp, double *fval)
{
    double s = 0.0;
    for (int i = 0; i < ndim; i++)
        s += (x[i] - 0.5) * (x[i] - 0.5);
    for (int k = 0; k < ncomp; k++)
        fval[k] = exp(-50.0 * s);
}

/* 1 on the last MPI rank (Open MPI names rank and size in the
 * environment), and in the one process without mpirun. */
static int last_rank(void)
{
    const char *r = getenv("OMPI_COMM_WORLD_RANK");
    const char *n = getenv("OMPI_COMM_WORLD_SIZE");
    return !r || !n || atoi(r) == atoi(n) - 1;
}

/* The settings of the failing integrands below, read at load time. */
static struct {
    int mine;                   /* last_rank() */
    long nan_limit;             /* nan_later: $NAN_LATER_CALLS */
    int fault_kind;             /* fault_last_rank: $PINT_FAULT ... */
    long fault_after;           /* ... from call $PINT_FAULT_AFTER */
    double fault_seconds;       /* ... or $PINT_FAULT_SECONDS after load */
    struct timespec loaded;
    pthread_t loader;           /* the thread that loaded the plug-in */
    long disk_after;            /* disk_trouble: $PINT_DISK_AFTER */
    long mem_after;             /* memory_trouble: $PINT_MEM_AFTER */
} cfg;

static long env_long(const char *name, long dflt)
{
    const char *e = getenv(name);
    return e ? atol(e) : dflt;
}

__attribute__((constructor)) static void read_settings(void)
{
    const char *k = getenv("PINT_FAULT");
    cfg.mine = last_rank();
    cfg.nan_limit = env_long("NAN_LATER_CALLS", 3000);
    cfg.fault_kind = !k ? 0 : !strcmp(k, "nan") ? 1 : !strcmp(k, "inf") ? 2
                     : !strcmp(k, "code") ? 3 : !strcmp(k, "hang") ? 4
                     : !strcmp(k, "kill") ? 5 : !strcmp(k, "exit0") ? 6
                     : !strcmp(k, "exit3") ? 7 : 0;
    cfg.fault_after = env_long("PINT_FAULT_AFTER", 20000);
    const char *fs = getenv("PINT_FAULT_SECONDS");
    cfg.fault_seconds = fs ? atof(fs) : -1.0;
    clock_gettime(CLOCK_MONOTONIC, &cfg.loaded);
    cfg.loader = pthread_self();
    cfg.disk_after = env_long("PINT_DISK_AFTER", 200000);
    cfg.mem_after = env_long("PINT_MEM_AFTER", 100000);
}

/* This call's number, counting from 1 (c counts them). */
static long next_call(atomic_long *c)
{
    return atomic_fetch_add(c, 1) + 1;
}

/* Fails (returns 9) on MPI rank 2 only, like fails_on_rank2, around a
 * peak that needs thousands of regions: the adaptive method starts from
 * one region on rank 0, and only the load balancer brings rank 2 work. */
int fails_on_rank2_peak(int ndim, const double *x, int ncomp, double *fval,
                        void *ctx)
{
    (void)ctx;
    const char *r = getenv("OMPI_COMM_WORLD_RANK");
    if (r && strcmp(r, "2") == 0)
        return 9;
    peak50(ndim, x, ncomp, fval);
    return 0;
}

/* peak50, cheap, but a call now and then takes 10 ms, as a process
 * descheduled on a loaded machine does: the first call on the last rank
 * (its slice of the cooperative start) and every 400th call on a rank.
 * Helpers are for costly integrands: one slow step must not lend them. */
int hiccups(int ndim, const double *x, int ncomp, double *fval, void *ctx)
{
    static atomic_long calls;
    (void)ctx;
    long k = next_call(&calls);
    if ((k == 1 && cfg.mine) || k % 400 == 0) {
        struct timespec ts = { 0, 10000000L };
        nanosleep(&ts, NULL);
    }
    peak50(ndim, x, ncomp, fval);
    return 0;
}

/* A point form and a batch form that differ on purpose, so that a test
 * sees which one pint calls: the point form gives 0, the batch form x1
 * (integral 1/2 over the unit cube).  A real plug-in's two forms compute
 * the same function. */
int which_form(int ndim, const double *x, int ncomp, double *fval, void *ctx)
{
    (void)ndim;
    (void)x;
    (void)ctx;
    for (int k = 0; k < ncomp; k++)
        fval[k] = 0.0;
    return 0;
}

int which_form_batch(int ndim, size_t npts, const double *x, int ncomp,
                     double *fval, void *ctx)
{
    (void)ctx;
    for (size_t p = 0; p < npts; p++)
        for (int k = 0; k < ncomp; k++)
            fval[p * (size_t)ncomp + k] = x[p * (size_t)ndim];
    return 0;
}

/* exp(x1 + ... + xn) (exact over [0,1]^n: (e - 1)^n), but the 20000th
 * call on the last MPI rank (the one process without mpirun) never
 * returns: an integrand that hangs after the first estimates exist.  (On
 * every rank and at the 5000th call, a worker fed regions late could
 * hang before its first report, and no estimate of the whole domain
 * would exist yet: seen in the sanitizer build on a loaded machine.) */
int hangs_later(int ndim, const double *x, int ncomp, double *fval,
                void *ctx)
{
    static atomic_long calls;
    (void)ctx;
    if (cfg.mine && next_call(&calls) >= 20000)
        for (;;)
            sleep(1);
    double s = 0.0;
    for (int i = 0; i < ndim; i++)
        s += x[i];
    for (int k = 0; k < ncomp; k++)
        fval[k] = exp(s);
    return 0;
}

/* exp(-50 |x - 1/2|^2) (the peak of fails_on_rank2_peak; exact over
 * [0,1]^n: (sqrt(pi/50) erf(sqrt(50)/2))^n), but NaN from the 3000th
 * call on a rank on (from the call $NAN_LATER_CALLS when it is set): an
 * integrand that fails after the first estimates exist, whose estimate
 * reached must be kept. */
int nan_later(int ndim, const double *x, int ncomp, double *fval, void *ctx)
{
    static atomic_long calls;
    (void)ctx;
    double s = 0.0;
    for (int i = 0; i < ndim; i++)
        s += (x[i] - 0.5) * (x[i] - 0.5);
    int bad = next_call(&calls) >= cfg.nan_limit;
    for (int k = 0; k < ncomp; k++)
        fval[k] = bad ? NAN : exp(-50.0 * s);
    return 0;
}

/* Seconds since the plug-in was loaded. */
static double since_load(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - cfg.loaded.tv_sec)
           + 1e-9 * (double)(t.tv_nsec - cfg.loaded.tv_nsec);
}

/* The fault of $PINT_FAULT on the last rank from its call
 * $PINT_FAULT_AFTER on (calls counts them), or, with $PINT_FAULT_SECONDS,
 * from its first call that many seconds after the plug-in was loaded (a
 * count of calls comes late, or never, to a rank that a loaded machine
 * starves): the integrand's return value, and NaN or Inf in fval. */
static int fault(atomic_long *calls, int ncomp, double *fval)
{
    int kind = cfg.fault_kind;
    if (!cfg.mine || !kind)
        return 0;
    if (cfg.fault_seconds >= 0.0 ? since_load() < cfg.fault_seconds
                                 : next_call(calls) < cfg.fault_after)
        return 0;
    if (kind == 3)
        return 11;
    if (kind == 5)
        raise(SIGKILL);
    if (kind == 6 || kind == 7)
        exit(kind == 6 ? 0 : 3);
    if (kind == 4) {
        /* $PINT_FAULT_MARK: a file made as the hang begins, so a test can
         * tell a run whose hang never came from one that lost its report */
        const char *mark = getenv("PINT_FAULT_MARK");
        FILE *f = mark ? fopen(mark, "w") : NULL;
        if (f) {    /* when, and whether a guard's thread made the call */
            int own = pthread_equal(pthread_self(), cfg.loader);
            fprintf(f, "%.3f s after the plug-in was loaded, on %s thread",
                    since_load(), own ? "the rank's own" : "another");
            fclose(f);
        }
        for (;;)
            sleep(1);
    }
    for (int k = 0; k < ncomp; k++)
        fval[k] = kind == 1 ? NAN : INFINITY;
    return 0;
}

/* exp(-50 |x - 1/2|^2) (exact as nan_later's), with a fault on the last
 * MPI rank (Open MPI names it in the environment; without mpirun: the
 * one process) from its call $PINT_FAULT_AFTER on (default 20000): the
 * kind $PINT_FAULT is "nan", "inf", "code" (returns 11), "hang" (the
 * call never returns), "kill" (the process dies of SIGKILL), "exit0" or
 * "exit3" (the integrand calls exit(0), exit(3)).  For the
 * fault matrix of test_faults. */
int fault_last_rank(int ndim, const double *x, int ncomp, double *fval,
                    void *ctx)
{
    static atomic_long calls;
    (void)ctx;
    peak50(ndim, x, ncomp, fval);
    return fault(&calls, ncomp, fval);
}

/* exp(-50 |x|^2), a peak in the corner at the origin (exact over
 * [0,1]^n: (sqrt(pi/50) erf(sqrt(50)) / 2)^n), with fault_last_rank's
 * faults.  Started cooperatively, the last rank gets the region farthest
 * from the peak, soon done: it then works as a helper of the ranks at
 * the peak when the integrand is costly (--cost-us), and its fault
 * comes in a slice of their steps. */
int fault_last_rank_corner(int ndim, const double *x, int ncomp,
                           double *fval, void *ctx)
{
    static atomic_long calls;
    double s = 0.0;
    (void)ctx;
    for (int i = 0; i < ndim; i++)
        s += x[i] * x[i];
    for (int k = 0; k < ncomp; k++)
        fval[k] = exp(-50.0 * s);
    return fault(&calls, ncomp, fval);
}

/* exp(-50 |x - 1/2|^2) (exact as nan_later's); from its call
 * $PINT_DISK_AFTER on (default 200000), once the file $PINT_DISK_FILE
 * exists if that is set (a checkpoint was written, however slow the
 * machine), the disk gives trouble, on every
 * rank: $PINT_DISK "full" limits the size of the files the process may
 * write to 64 bytes (RLIMIT_FSIZE, SIGXFSZ ignored: a write beyond fails
 * as on a full disk), "gone" removes the directory $PINT_DISK_DIR and
 * whatever is in it (a disk that went away: nothing can be created
 * there).  For the checkpoint fault tests of test_faults. */
int disk_trouble(int ndim, const double *x, int ncomp, double *fval,
                 void *ctx)
{
    static atomic_long calls;
    static atomic_int fired;
    (void)ctx;
    long n = next_call(&calls);
    const char *file = getenv("PINT_DISK_FILE");
    if (n >= cfg.disk_after && (n - cfg.disk_after) % 64 == 0
        && !atomic_load(&fired) && (!file || access(file, F_OK) == 0)
        && !atomic_exchange(&fired, 1)) {
        const char *mode = getenv("PINT_DISK"), *dir = getenv("PINT_DISK_DIR");
        if (mode && !strcmp(mode, "full")) {
            struct rlimit rl = { 64, 64 };
            signal(SIGXFSZ, SIG_IGN);
            setrlimit(RLIMIT_FSIZE, &rl);
        } else if (mode && !strcmp(mode, "gone") && dir) {
            DIR *d = opendir(dir);
            struct dirent *e;
            char path[4096];
            while (d && (e = readdir(d)))
                if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
                    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
                    unlink(path);
                }
            if (d)
                closedir(d);
            rmdir(dir);
        }
    }
    peak50(ndim, x, ncomp, fval);
    return 0;
}

/* exp(-50 |x - 1/2|^2) (exact as nan_later's); from its call
 * $PINT_MEM_AFTER on (default 100000) memory runs out on the last MPI
 * rank (the one process without mpirun): the address space is limited
 * (RLIMIT_AS) to what the process uses then plus $PINT_MEM_MARGIN MB
 * (default 24), so that the engine's next large allocation (its region
 * heap doubles) fails while small ones still succeed.  For the
 * out-of-memory tests of test_faults. */
int memory_trouble(int ndim, const double *x, int ncomp, double *fval,
                   void *ctx)
{
    static atomic_long calls;
    (void)ctx;
    if (cfg.mine && next_call(&calls) == cfg.mem_after) {
        const char *mg = getenv("PINT_MEM_MARGIN");
        long pages = 0, page = sysconf(_SC_PAGESIZE);
        FILE *f = fopen("/proc/self/statm", "r");
        if (f) {
            if (fscanf(f, "%ld", &pages) != 1)
                pages = 0;
            fclose(f);
        }
        rlim_t lim = (rlim_t)pages * (rlim_t)page
                     + (rlim_t)(mg ? atol(mg) : 24) * 1048576u;
        struct rlimit rl = { lim, lim };
        if (pages > 0)
            setrlimit(RLIMIT_AS, &rl);
    }
    peak50(ndim, x, ncomp, fval);
    return 0;
}

/* (x1, x1 x2) over [0,1]^2: (1/2, 1/4).  It declares its shape, so pint
 * needs neither -d nor --ncomp and refuses others (integrands/plugin.c). */
const int pair_ncomp = 2;
const int pair_ndim = 2;
int pair(int ndim, const double *x, int ncomp, double *fval, void *ctx)
{
    (void)ndim;
    (void)ncomp;
    (void)ctx;
    fval[0] = x[0];
    fval[1] = x[0] * x[1];
    return 0;
}

/* A declared shape out of range: refused when the plug-in loads. */
const int badshape_ncomp = 0;
int badshape(int ndim, const double *x, int ncomp, double *fval, void *ctx)
{
    (void)ndim;
    (void)x;
    (void)ctx;
    for (int k = 0; k < ncomp; k++)
        fval[k] = 1.0;
    return 0;
}

/* An integrand whose every call never returns (it sleeps, leaving the
 * cores to the others): the hanging integral of a batch. */
int hangs(int ndim, const double *x, int ncomp, double *fval, void *ctx)
{
    (void)ndim;
    (void)x;
    (void)ncomp;
    (void)fval;
    (void)ctx;
    for (;;)
        sleep(1);
}

/* run_pint.h -- running the pint command as a user runs it, for the
 * tests that stop, kill and resume it (test_checkpoint, test_faults):
 * on np ranks under mpirun (np = 0: pint alone), waited for or started
 * in the background, with the checks of its status and estimate, and
 * temporary directories removed when the suite ends. */
#ifndef PINT_RUN_PINT_H
#define PINT_RUN_PINT_H

#include <dirent.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <time.h>
#include <unistd.h>
#include "testutil.h"
#include "run_capture.h"

static inline void run_mpi(run_result *r, int np, ...)
{
    char nps[16], *prefix[MPI_PREFIX_LEN];
    mpi_prefix(prefix, nps, sizeof nps, np);
    va_list ap;
    va_start(ap, np);
    int rc = np > 0 ? spawn_va(r, prefix, MPI_PREFIX_LEN, ap)
                    : spawn_va(r, prefix + MPI_PREFIX_LEN - 1, 1, ap);
    va_end(ap);
    CU_ASSERT_EQUAL_FATAL(rc, 0);
}

/* Start pint on np ranks (np = 0: pint alone, no mpirun). */
static inline void start_mpi(run_handle *h, int np, ...)
{
    char nps[16], *prefix[MPI_PREFIX_LEN], *argv[64];
    mpi_prefix(prefix, nps, sizeof nps, np);
    va_list ap;
    va_start(ap, np);
    if (np > 0)
        build_argv(argv, prefix, MPI_PREFIX_LEN, ap);
    else
        build_argv(argv, prefix + MPI_PREFIX_LEN - 1, 1, ap);
    va_end(ap);
    CU_ASSERT_EQUAL_FATAL(spawn_start(h, argv), 0);
}

static inline double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline void sleep_seconds(double s)
{
    struct timespec ts = { (time_t)s, (long)((s - (double)(time_t)s) * 1e9) };
    nanosleep(&ts, NULL);
}

/* Wait (at most 60 s) until a started run has printed a progress line:
 * it is integrating, with its signal handlers in place. */
static inline void wait_for_progress(const run_handle *h)
{
    char buf[8];
    for (int i = 0; i < 600; i++) {
        if (pread(h->err_fd, buf, sizeof buf, 0) > 0)
            return;
        sleep_seconds(0.1);
    }
    CU_FAIL("no progress line within 60 s");
}

/* Wait (at most `seconds`) until a started run's stdout holds needle:
 * 1 when it does, else 0. */
static inline int wait_for_output(const run_handle *h, const char *needle,
                                  double seconds)
{
    static char buf[1 << 16];
    for (double t = 0.0; t < seconds; t += 0.05) {
        ssize_t n = pread(h->out_fd, buf, sizeof buf - 1, 0);
        buf[n > 0 ? n : 0] = '\0';
        if (strstr(buf, needle))
            return 1;
        sleep_seconds(0.05);
    }
    return 0;
}

/* Wait at most `seconds` for a started run to end by itself; 1 when it
 * did, else 0 after killing it (SIGKILL): a test of a stop that does not
 * come fails rather than hangs. */
static inline int finish_within(run_handle *h, run_result *r, double seconds)
{
    int ws;
    for (double t = 0.0; t < seconds; t += 0.1) {
        if (waitpid(h->pid, &ws, WNOHANG) == h->pid) {
            r->status = WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
            slurp(h->out_fd, r->out, sizeof r->out);
            slurp(h->err_fd, r->err, sizeof r->err);
            return 1;
        }
        sleep_seconds(0.1);
    }
    kill(h->pid, SIGKILL);
    spawn_finish(h, r);
    return 0;
}

/* The estimate covers the exact value. */
static inline void expect_honest(const char *json)
{
    double v = json_nth(json, "value", 0), e = json_nth(json, "error", 0);
    double x = json_nth(json, "exact", 0);
    if (!(fabs(v - x) <= e))
        fprintf(stderr, "\n  value %.17g error %.3g exact %.17g\n", v, e, x);
    CU_ASSERT(fabs(v - x) <= e);
}

static inline void expect_status(const run_result *r, int code, const char *status)
{
    char want[64];
    snprintf(want, sizeof want, "\"status\": \"%s\"", status);
    if (r->status != code || !strstr(r->out, want))
        fprintf(stderr, "\n  exit %d (wanted %d), stdout '%.300s', stderr "
                "'%.300s'\n", r->status, code, r->out, r->err);
    CU_ASSERT_EQUAL(r->status, code);
    CU_ASSERT(strstr(r->out, want) != NULL);
}

/* A refused input: exit 2, one line naming the problem, no stdout. */
static inline void expect_refused(const run_result *r, const char *needle)
{
    size_t len = strlen(r->err);
    int one_line = len > 0 && strchr(r->err, '\n') == r->err + len - 1;
    if (r->status != 2 || !strstr(r->err, needle) || !one_line)
        fprintf(stderr, "\n  exit %d, stderr '%s' (wanted '%s')\n", r->status,
                r->err, needle);
    CU_ASSERT_EQUAL(r->status, 2);
    CU_ASSERT(strncmp(r->err, "pint: error: ", 13) == 0);
    CU_ASSERT(strstr(r->err, needle) != NULL);
    CU_ASSERT(one_line);
    CU_ASSERT_STRING_EQUAL(r->out, "");
}

/* The temporary directories made by temp_path, removed with their files
 * when the suite ends (a run's checkpoints reach 70 MB; a failed assert
 * must not leave them behind either). */
#define MAX_TEMP_DIRS 32
static char temp_dirs[MAX_TEMP_DIRS][32];
static int ntemp_dirs;

/* A checkpoint path in a fresh temporary directory under base. */
static inline void temp_path_in(char *path, size_t len, const char *base,
                                const char *name)
{
    CU_ASSERT_FATAL(ntemp_dirs < MAX_TEMP_DIRS);
    char *dir = temp_dirs[ntemp_dirs];
    snprintf(dir, sizeof temp_dirs[0], "%s/pint-ckpt-XXXXXX", base);
    CU_ASSERT_FATAL(mkdtemp(dir) != NULL);
    ntemp_dirs++;
    snprintf(path, len, "%s/%s", dir, name);
}

/* A checkpoint path in a fresh temporary directory. */
static inline void temp_path(char *path, size_t len, const char *name)
{
    temp_path_in(path, len, "/tmp", name);
}

/* The same in memory (/dev/shm, where a sync costs nothing) when there
 * is one, for the tests that count periodic checkpoints: the period is
 * put off to nine times what a checkpoint took (watch.h), and beside a
 * loop of synced writes the qmc run of test_checkpoint's periodic
 * checkpoints wrote 4 or 5 in its second, 10 to 16 on /tmp before the
 * spacing. */
static inline void temp_path_fast(char *path, size_t len, const char *name)
{
    char probe[] = "/dev/shm/pint-probe-XXXXXX";
    if (mkdtemp(probe) && rmdir(probe) == 0)
        temp_path_in(path, len, "/dev/shm", name);
    else
        temp_path(path, len, name);
}

/* Remove every file in the temporary directories, then the directories;
 * returns the number that could not be removed. */
static inline int remove_temp_dirs(const char *who)
{
    int left = 0;
    for (int i = 0; i < ntemp_dirs; i++) {
        DIR *d = opendir(temp_dirs[i]);
        if (d) {
            struct dirent *e;
            char file[300];
            while ((e = readdir(d)) != NULL) {
                if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                    continue;
                snprintf(file, sizeof file, "%s/%s", temp_dirs[i], e->d_name);
                left += unlink(file) != 0;
            }
            closedir(d);
        }
        if (rmdir(temp_dirs[i]) != 0) {
            fprintf(stderr, "%s: cannot remove %s\n", who, temp_dirs[i]);
            left++;
        }
    }
    return left;
}

#endif

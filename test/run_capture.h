/* run_capture.h -- run a program as a user would and capture what it says
 * (shared by the CLI and MPI suites). */
#ifndef PINT_RUN_CAPTURE_H
#define PINT_RUN_CAPTURE_H

#include <fcntl.h>
#include <stdarg.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

typedef struct {
    int status;                 /* exit code, or -1 when killed */
    char out[65536];
    char err[8192];
} run_result;

static inline const char *env_or_die(const char *name)
{
    const char *v = getenv(name);
    if (!v) {
        fprintf(stderr, "%s is not set: run through `make check`\n", name);
        exit(2);
    }
    return v;
}

static inline void slurp(int fd, char *buf, size_t len)
{
    lseek(fd, 0, SEEK_SET);
    ssize_t n = read(fd, buf, len - 1);
    buf[n > 0 ? n : 0] = '\0';
    close(fd);
}

/* A program started with its output captured (see spawn_start). */
typedef struct {
    pid_t pid;
    int out_fd, err_fd;
} run_handle;

/* Start argv[0] (a path) with argv, stdout and stderr to temporary
 * files; 0, or -1 when it could not start. */
static inline int spawn_start(run_handle *h, char **argv)
{
    char out_name[] = "/tmp/pint-test-out-XXXXXX";
    char err_name[] = "/tmp/pint-test-err-XXXXXX";
    h->out_fd = mkstemp(out_name);
    h->err_fd = mkstemp(err_name);
    unlink(out_name);
    unlink(err_name);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, h->out_fd, 1);
    posix_spawn_file_actions_adddup2(&fa, h->err_fd, 2);
    int rc = posix_spawnp(&h->pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) {
        close(h->out_fd);
        close(h->err_fd);
        return -1;
    }
    return 0;
}

/* Wait for a started program and collect what it said. */
static inline void spawn_finish(run_handle *h, run_result *r)
{
    int ws;
    waitpid(h->pid, &ws, 0);
    r->status = WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
    slurp(h->out_fd, r->out, sizeof r->out);
    slurp(h->err_fd, r->err, sizeof r->err);
}

/* Run argv[0] (a path) with argv; 0, or -1 when it could not start. */
static inline int spawn_capture(run_result *r, char **argv)
{
    run_handle h;
    if (spawn_start(&h, argv) != 0)
        return -1;
    spawn_finish(&h, r);
    return 0;
}

/* argv = prefix[0..nprefix-1] followed by the NULL-terminated
 * arguments in ap (at most 63 in all). */
static inline void build_argv(char **argv, char **prefix, int nprefix,
                              va_list ap)
{
    int argc = 0;
    for (; argc < nprefix && argc < 63; argc++)
        argv[argc] = prefix[argc];
    const char *a;
    while ((a = va_arg(ap, const char *)) && argc < 63)
        argv[argc++] = (char *)a;
    argv[argc] = NULL;
}

/* Run prefix[0..nprefix-1] followed by the NULL-terminated arguments
 * in ap (at most 63 in all). */
static inline int spawn_va(run_result *r, char **prefix, int nprefix,
                           va_list ap)
{
    char *argv[64];
    build_argv(argv, prefix, nprefix, ap);
    return spawn_capture(r, argv);
}

/* The mpirun prefix for np ranks (nps receives the number). */
static inline void mpi_prefix(char **prefix, char *nps, size_t len, int np)
{
    snprintf(nps, len, "%d", np);
    prefix[0] = (char *)env_or_die("MPIRUN");
    prefix[1] = "--quiet";
    prefix[2] = "--oversubscribe";
    prefix[3] = "-np";
    prefix[4] = nps;
    prefix[5] = (char *)env_or_die("PINT");
}
#define MPI_PREFIX_LEN 6

/* The first number of the JSON array field `key` (NAN when absent). */
static inline double json_nth(const char *json, const char *key, int n)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\": [", key);
    const char *p = strstr(json, pat);
    if (!p)
        return 0.0 / 0.0;
    p += strlen(pat);
    for (int i = 0; i < n; i++) {
        p = strchr(p, ',');
        if (!p)
            return 0.0 / 0.0;
        p++;
    }
    return strtod(p, NULL);
}

/* A JSON number field "key": value. */
static inline double json_num(const char *json, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\": ", key);
    const char *p = strstr(json, pat);
    return p ? strtod(p + strlen(pat), NULL) : 0.0 / 0.0;
}

/* Whether the error output err holds exactly one line from pint, which
 * starts with prefix ("pint: error: ") and ends in a newline.  Lines that
 * do not start with "pint" come from the MPI runtime, not from pint; they
 * are printed, not counted, so that a log shows them.  Anything else is
 * printed too, so that a failure says what came. */
static inline int one_error_line(const char *err, const char *prefix)
{
    int ours = 0, others = 0, first_ok = 0;
    for (const char *l = err; *l;) {
        const char *end = strchr(l, '\n');
        if (!end)
            break;              /* an unterminated last line */
        if (strncmp(l, "pint", 4) == 0) {
            if (ours++ == 0)
                first_ok = strncmp(l, prefix, strlen(prefix)) == 0;
        } else
            others++;
        l = end + 1;
    }
    size_t n = strlen(err);
    int ok = ours == 1 && first_ok && n > 0 && err[n - 1] == '\n';
    if (!ok || others)
        fprintf(stderr, "\n  error output (%d line(s) from pint, %d from "
                "elsewhere):\n%s", ours, others, err);
    return ok;
}

#endif

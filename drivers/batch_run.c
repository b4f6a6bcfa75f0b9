/* batch_run.c -- `pint --batch FILE` and `pint --family NAME --count C`:
 * build the integrals, integrate them in groups of ranks, print one line
 * (or one JSON object) per integral in input order and a summary.
 *
 * Exit status: 0 every integral converged, 1 some stopped at a limit and
 * none failed, 2 some failed (each failure is reported on its own line;
 * the others complete) or the list itself is bad (one line on stderr).
 *
 * With --progress, or on a terminal once the batch has run 2 s, rank 0
 * keeps a progress line on stderr (see monitor below).  A watchdog ends
 * a batch held past --batch-time-limit or a stop request by a call that
 * never returns (see batch_watchdog).
 */
#include <errno.h>
#include <math.h>
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include "batch.h"
#include "batch_run.h"
#include "expr.h"
#include "integrands.h"
#include "output.h"
#include "supervise.h"
#include "cost.h"

typedef struct {
    pint_batch_entry *e;
    size_t n;
    pint_problem *problems;
    pint_result **results;
    pint_testfn **tf;
    pint_plugin **plugins;
    pint_expr **exprs;
    double **exact;             /* NULL where unknown */
    pint_cost *costs;           /* --cost-us: each integrand's wrapper */
    double cost_us;             /* this rank's emulated cost */
    char **ident;               /* each integrand's identity */
    char **ckpt, **resume;      /* each one's checkpoint files, or NULL */
} batch;

static void batch_free(batch *b)
{
    for (size_t i = 0; i < b->n; i++) {
        if (b->results)
            pint_result_free(b->results[i]);
        if (b->tf)
            pint_testfn_free(b->tf[i]);
        if (b->plugins)
            pint_plugin_close(b->plugins[i]);
        if (b->exprs)
            pint_expr_free(b->exprs[i]);
        if (b->exact)
            free(b->exact[i]);
        if (b->ident)
            free(b->ident[i]);
        if (b->ckpt)
            free(b->ckpt[i]);
        if (b->resume)
            free(b->resume[i]);
    }
    free(b->ident);
    free(b->ckpt);
    free(b->resume);
    free(b->problems);
    free(b->results);
    free(b->tf);
    free(b->plugins);
    free(b->exprs);
    free(b->exact);
    free(b->costs);
    pint_batch_free(b->e, b->n);
}

/* The checkpoint files of integral i (--checkpoint DIR, --resume DIR:
 * DIR/N.ckpt, N its place in the list from 1): it writes its own, and
 * resumes from its own when there is one (finished, it ends at once with
 * its result; not started, it starts).  Its identity names it in the
 * fingerprint, so a file of another integral is refused.  -1 with "out
 * of memory" in msg. */
static int files(batch *b, size_t i, const pint_cli *cli, char *msg,
                 size_t len)
{
    const pint_batch_entry *e = &b->e[i];
    pint_options *o = &b->problems[i].opt;
    o->checkpoint = o->resume = NULL;
    if (!cli->opt.checkpoint && !cli->opt.resume)
        return 0;
    b->ident[i] = pint_cli_identity(e->nexpr, (const char *const *)e->expr,
                                    e->plugin, e->function, e->seed,
                                    e->difficulty);
    const char *dirs[2] = { cli->opt.checkpoint, cli->opt.resume };
    char **paths[2] = { &b->ckpt[i], &b->resume[i] };
    for (int k = 0; k < 2; k++) {
        if (!dirs[k])
            continue;
        size_t n = strlen(dirs[k]) + 32;
        if (!(*paths[k] = malloc(n)))
            break;
        snprintf(*paths[k], n, "%s/%zu.ckpt", dirs[k], i + 1);
    }
    if (!b->ident[i] || (dirs[0] && !b->ckpt[i])
        || (dirs[1] && !b->resume[i])) {
        snprintf(msg, len, "out of memory");
        return -1;
    }
    o->identity = b->ident[i];
    o->checkpoint = b->ckpt[i];
    if (b->resume[i] && access(b->resume[i], F_OK) == 0)
        o->resume = b->resume[i];
    return 0;
}

/* Which integrals resume, as rank 0 sees their files, on every rank (a
 * group whose ranks disagreed would not agree on its first step).  0, or
 * -1 when out of memory (on any rank: all agree). */
static int share_resumes(batch *b)
{
    char *has = malloc(b->n ? b->n : 1);
    int ok = has != NULL, all;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (!all) {
        free(has);
        return -1;
    }
    for (size_t i = 0; i < b->n; i++)
        has[i] = b->problems[i].opt.resume != NULL;
    MPI_Bcast(has, (int)b->n, MPI_CHAR, 0, MPI_COMM_WORLD);
    for (size_t i = 0; i < b->n; i++)
        b->problems[i].opt.resume = has[i] ? b->resume[i] : NULL;
    free(has);
    return 0;
}

/* --checkpoint DIR and --resume DIR of a batch name directories: the
 * first is made when missing.  0, or -1 with a one-line reason in msg. */
static int check_dirs(const pint_cli *cli, char *msg, size_t len)
{
    const char *dirs[2] = { cli->opt.checkpoint, cli->opt.resume };
    for (int k = 0; k < 2; k++) {
        if (!dirs[k])
            continue;
        struct stat sb;
        if (k == 0 && stat(dirs[k], &sb) != 0 && errno == ENOENT
            && mkdir(dirs[k], 0777) != 0 && errno != EEXIST) {
            snprintf(msg, len, "--checkpoint %s: cannot make the directory: "
                     "%s", dirs[k], strerror(errno));
            return -1;
        }
        if (stat(dirs[k], &sb) != 0 || !S_ISDIR(sb.st_mode)) {
            snprintf(msg, len, "%s %s: not a directory (with %s it names a "
                     "directory, a file per integral)",
                     k ? "--resume" : "--checkpoint", dirs[k],
                     cli->batch_file ? "--batch" : "--family");
            return -1;
        }
    }
    return 0;
}

/* Build integral i of the list; a one-line reason in msg on failure. */
static int build(batch *b, size_t i, const pint_cli *cli, const char *where,
                 char *msg, size_t len)
{
    const pint_batch_entry *e = &b->e[i];
    pint_problem *p = &b->problems[i];
    char why[256];
    if (e->plugin) {
        b->plugins[i] = pint_plugin_open(e->plugin, e->function, why,
                                         sizeof why);
        if (!b->plugins[i]) {
            snprintf(msg, len, "%s%s", where, why);
            return -1;
        }
        int ndim = e->ndim, ncomp = e->ncomp;
        if (pint_plugin_shape(b->plugins[i], &ndim, &ncomp, why,
                              sizeof why) != 0) {
            snprintf(msg, len, "%s%s", where, why);
            return -1;
        }
        p->fn = (pint_function){ .ndim = ndim,
                                 .ncomp = ncomp,
                                 .f = pint_plugin_integrand(b->plugins[i]),
                                 .fbatch = pint_plugin_batch(b->plugins[i]) };
    } else if (e->nexpr) {
        /* each was compiled when the list was read: only memory fails */
        b->exprs[i] = pint_expr_compile(e->nexpr,
                                        (const char *const *)e->expr,
                                        e->ndim, why, sizeof why);
        if (!b->exprs[i]) {
            snprintf(msg, len, "%s%s", where, why);
            return -1;
        }
        p->fn = pint_expr_function(b->exprs[i], e->ndim);
    } else {
        b->tf[i] = pint_testfn_new(e->function, e->ndim, e->seed,
                                   e->difficulty, why, sizeof why);
        if (!b->tf[i]) {
            snprintf(msg, len, "%s%s", where, why);
            return -1;
        }
        p->fn = pint_testfn_function(b->tf[i]);
    }
    pint_cost_wrap(&b->costs[i], &p->fn, b->cost_us, cli->cost_spin);
    p->dom = pint_domain_box(e->lo, e->hi);
    p->opt = e->opt;            /* the command line's with the line's keys */
    p->opt.seed = e->seed;
    p->opt.comm = NULL;
    if (files(b, i, cli, msg, len) != 0)
        return -1;
    b->results[i] = pint_result_alloc(p->fn.ncomp);
    if (!b->results[i]) {
        snprintf(msg, len, "out of memory");
        return -1;
    }
    if (b->tf[i]) {
        double *x = malloc((size_t)p->fn.ncomp * sizeof *x);
        if (x && pint_testfn_exact(b->tf[i], &p->dom, x))
            b->exact[i] = x;
        else
            free(x);
    }
    return 0;
}

static int setup(batch *b, const pint_cli *cli, char *msg, size_t len)
{
    if (cli->batch_file && cli->family) {
        snprintf(msg, len, "--batch and --family exclude each other");
        return -1;
    }
    if (cli->function || cli->nexpr || cli->simplex_file || cli->plugin) {
        snprintf(msg, len, "%s takes its integrals from %s, not from %s",
                 cli->batch_file ? "--batch" : "--family",
                 cli->batch_file ? "the list" : "--family and --count",
                 cli->function ? "-f" : cli->nexpr ? "-e"
                 : cli->simplex_file ? "--simplex" : "--plugin");
        return -1;
    }
    if (cli->groups && cli->group_size) {
        snprintf(msg, len, "--groups and --group-size exclude each other");
        return -1;
    }
    if (cli->family) {
        if (!cli->count || !cli->ndim) {
            snprintf(msg, len, "--family needs --count C and -d N");
            return -1;
        }
        b->e = pint_batch_family(cli->family, cli->ndim, (size_t)cli->count,
                                 cli->seed, cli, msg, len);
        b->n = b->e ? (size_t)cli->count : 0;
    } else {
        b->e = pint_batch_read(cli->batch_file, cli, &b->n, msg, len);
    }
    if (!b->e || check_dirs(cli, msg, len) != 0)
        return -1;
    b->ident = calloc(b->n, sizeof *b->ident);
    b->ckpt = calloc(b->n, sizeof *b->ckpt);
    b->resume = calloc(b->n, sizeof *b->resume);
    b->problems = calloc(b->n, sizeof *b->problems);
    b->results = calloc(b->n, sizeof *b->results);
    b->tf = calloc(b->n, sizeof *b->tf);
    b->plugins = calloc(b->n, sizeof *b->plugins);
    b->exprs = calloc(b->n, sizeof *b->exprs);
    b->exact = calloc(b->n, sizeof *b->exact);
    b->costs = calloc(b->n, sizeof *b->costs);
    if (!b->problems || !b->results || !b->tf || !b->plugins || !b->exprs
        || !b->exact || !b->costs || !b->ident || !b->ckpt || !b->resume) {
        snprintf(msg, len, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < b->n; i++) {
        char where[320] = "";
        if (b->e[i].line > 0)
            snprintf(where, sizeof where, "%s:%d: ", cli->batch_file,
                     b->e[i].line);
        if (build(b, i, cli, where, msg, len) != 0)
            return -1;
    }
    return 0;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* A result whose integral has not ended (see monitor). */
#define NOT_DONE (-1)

/* The progress line of a batch on rank 0: "pint: 12/40 integrals,
 * 3.1 s, 420000000 evaluations, 2 failed", rewritten in place on a
 * terminal, else one line per second at most.  The library reports the
 * progress of one integral, not of a batch, so the line is drawn at the
 * reports of the integrals that rank 0's group computes: rank 0 holds
 * each result as soon as its group reports it (lib/par/groups.c), and a
 * result's status is written when its integral ends, so a status still
 * NOT_DONE marks an integral to come.  The evaluations are those of the
 * integrals done and of the one under way on rank 0's group.  While that
 * group waits for the others' last integrals no report comes and the
 * line stands still. */
typedef struct {
    const batch *b;
    double next, period;        /* when the next line is due; seconds */
    double t0;
    int tty, shown;
} monitor;

static void monitor_report(const pint_progress *p, void *arg)
{
    monitor *m = arg;
    double t = now();
    if (t < m->next)
        return;
    m->next = t + m->period;
    size_t done = 0, failed = 0;
    long long evals = p->evals;
    for (size_t i = 0; i < m->b->n; i++) {
        const pint_result *r = m->b->results[i];
        if (r->status == NOT_DONE)
            continue;
        done++;
        failed += pint_status_is_error(r->status) != 0;
        evals += r->evals;
    }
    fprintf(stderr, "%spint: %zu/%zu integrals, %.1f s, %lld evaluations, "
            "%zu failed%s", m->tty ? "\r" : "", done, m->b->n, t - m->t0,
            evals, failed, m->tty ? "\033[K" : "\n");
    fflush(stderr);
    m->shown = 1;
}

/* Rank 0, with --progress or on a terminal: every integral reports to
 * m.  The first line comes at once with --progress, else after 2 s. */
static void monitor_begin(monitor *m, batch *b, const pint_cli *cli,
                          int rank)
{
    memset(m, 0, sizeof *m);
    m->b = b;
    m->tty = isatty(STDERR_FILENO);
    if (rank != 0 || !(cli->progress || m->tty))
        return;
    m->t0 = now();
    m->period = m->tty ? 0.5 : 1.0;
    m->next = m->t0 + (cli->progress ? 0.0 : 2.0);
    for (size_t i = 0; i < b->n; i++) {
        b->results[i]->status = NOT_DONE;
        b->problems[i].opt.progress = monitor_report;
        b->problems[i].opt.progress_ctx = m;
        /* integrals start at any time: ask often, print when due */
        b->problems[i].opt.progress_seconds = m->period / 5;
    }
}

/* Clear the line on a terminal, before the results are printed. */
static void monitor_end(monitor *m)
{
    if (m->shown && m->tty) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
}

static void print_json(FILE *out, const batch *b, size_t i)
{
    const pint_batch_entry *e = &b->e[i];
    const pint_result *r = b->results[i];
    fprintf(out, "{\"index\": %zu, \"line\": %d, \"function\": ", i + 1,
            e->line);
    pint_json_string(out, e->function);
    fprintf(out, ", \"dim\": %d, \"ncomp\": %d, ", e->ndim, r->ncomp);
    if (e->nexpr) {             /* as pint -e prints them */
        fputs("\"expressions\": [", out);
        for (int k = 0; k < e->nexpr; k++) {
            fputs(k ? ", " : "", out);
            pint_json_string(out, e->expr[k]);
        }
        fputs("], ", out);
    }
    fputs("\"value\": ", out);
    pint_json_array(out, r->value, r->ncomp);
    fputs(", \"error\": ", out);
    pint_json_array(out, r->error, r->ncomp);
    if (b->exact[i]) {
        fputs(", \"exact\": ", out);
        pint_json_array(out, b->exact[i], r->ncomp);
    }
    fprintf(out, ", \"evals\": %lld, \"regions\": %zu, \"status\": \"%s\", "
            "\"group\": %d, \"seconds\": %.6g", r->evals, r->regions,
            pint_status_name(r->status), r->group, r->seconds);
    pint_json_settings(out, &e->opt, !e->plugin && !e->nexpr, e->seed,
                       e->difficulty);
    pint_json_checkpoint(out, &b->problems[i].opt, r);
    fputs(", \"message\": ", out);
    pint_json_string(out, r->message);
    fputs("}", out);
}

static void print_text(FILE *out, const batch *b, size_t i)
{
    const pint_batch_entry *e = &b->e[i];
    const pint_result *r = b->results[i];
    char name[80];
    snprintf(name, sizeof name, "%s/%d", e->function, e->ndim);
    fprintf(out, "%5zu  %-14s %-23.15e %-9.2e ", i + 1, name, r->value[0],
            r->error[0]);
    if (b->exact[i] && isfinite(r->value[0]))
        fprintf(out, "%-9.2e ", fabs(r->value[0] - b->exact[i][0]));
    else
        fprintf(out, "%-9s ", "-");
    fprintf(out, "%12lld  %-15s %5d  %.3f", r->evals,
            pint_status_name(r->status), r->group, r->seconds);
    if (r->ncomp > 1)
        fprintf(out, "  (component 1 of %d)", r->ncomp);
    if (r->message[0])          /* converged: a caution, as a note */
        fprintf(out, r->status == PINT_CONVERGED ? "  note: %s" : "  %s",
                r->message);
    if (r->resumed_evals)
        fprintf(out, "  (resumed: %lld evaluations before)",
                r->resumed_evals);
    if (r->checkpoint_message[0])
        fprintf(out, "  (%s)", r->checkpoint_message);
    fputc('\n', out);
}

/* Every integral was refused, for the same reason (every rank holds
 * every result once the batch is over). */
static int all_refused_shared(const batch *b)
{
    for (size_t i = 0; i < b->n; i++)
        if (b->results[i]->status != PINT_ERR_INVALID
            || strcmp(b->results[i]->message, b->results[0]->message) != 0)
            return 0;
    return b->n > 0;
}

/* Integral i was refused for the reason integral 0 was. */
static int refused_like_first(const batch *b, size_t i)
{
    return b->results[i]->status == PINT_ERR_INVALID
           && b->results[0]->status == PINT_ERR_INVALID
           && strcmp(b->results[i]->message, b->results[0]->message) == 0;
}

/* Rank 0 prints each result as soon as it and every one before it have
 * ended (lib's pint_integrate_batch_notify), so a batch killed later
 * keeps on stdout every result it printed.  While every result so far
 * is one and the same refusal (options that fit no integral), nothing
 * is printed: if all are, the batch ends with that one line instead of
 * a table of identical refusals. */
typedef struct {
    const batch *b;
    const pint_cli *cli;
    monitor *m;
    unsigned char *ended;       /* per integral */
    size_t *order;              /* --unordered: the integrals as ended */
    size_t next;                /* the first integral not printed (with
                                   --unordered: how many ended) */
    int holding;                /* all so far the same refusal */
    int array;                  /* --json-array */
    pthread_mutex_t lock;       /* printing: the batch's watchdog */
} printer;

static void print_header(const printer *p)
{
    if (p->cli->json)
        fputs(p->array ? "[\n" : "", stdout);
    else
        printf("%5s  %-14s %-23s %-9s %-9s %12s  %-15s %5s  %s\n", "#",
               "integrand/dim", "value", "error est", "true err",
               "evaluations", "status", "group", "seconds");
}

static void print_result(const printer *p, size_t i)
{
    if (p->cli->json) {
        print_json(stdout, p->b, i);
        fputs(p->array ? ",\n" : "\n", stdout);
    } else {
        print_text(stdout, p->b, i);
    }
}

/* Before results are printed: the progress line cleared on a terminal
 * (stderr and stdout share it; the next report draws it again). */
static void clear_progress(printer *p)
{
    monitor_end(p->m);
    p->m->shown = 0;
}

/* --unordered: each result at once; the refusals held as in order,
 * against the first result that ended (order[0]). */
static void on_done_unordered(printer *p, size_t i)
{
    size_t first = p->order[0];
    int same = p->b->results[i]->status == PINT_ERR_INVALID
               && p->b->results[first]->status == PINT_ERR_INVALID
               && strcmp(p->b->results[i]->message,
                         p->b->results[first]->message) == 0;
    p->order[p->next++] = i;
    if (p->holding && same)
        return;
    clear_progress(p);
    if (p->holding) {
        p->holding = 0;
        print_header(p);
        for (size_t k = 0; k + 1 < p->next; k++)
            print_result(p, p->order[k]);
    }
    print_result(p, i);
    fflush(stdout);
}

static void on_done_locked(printer *p, size_t i)
{
    p->ended[i] = 1;
    if (p->cli->unordered) {
        on_done_unordered(p, i);
        return;
    }
    size_t from = p->next;
    while (p->next < p->b->n && p->ended[p->next]) {
        if (!p->holding && p->next == from)
            clear_progress(p);
        if (p->holding && !refused_like_first(p->b, p->next)) {
            p->holding = 0;
            clear_progress(p);
            print_header(p);
            for (size_t k = 0; k < p->next; k++)
                print_result(p, k);
        }
        if (!p->holding)
            print_result(p, p->next);
        p->next++;
    }
    if (p->next > from && !p->holding)
        fflush(stdout);
}

static void on_done(size_t i, const pint_result *res, void *arg)
{
    printer *p = arg;
    (void)res;
    pthread_mutex_lock(&p->lock);
    on_done_locked(p, i);
    pthread_mutex_unlock(&p->lock);
}

/* The summary after the results (rank 0 prints it): integrals
 * converged, stopped at a limit, failed.  Returns the exit status: 2
 * when one failed, 1 when one stopped at a limit, else 0. */
static int print_summary(const batch *b, const pint_cli *cli, int rank,
                         double wall, int size, int groups,
                         enum pint_schedule schedule)
{
    size_t conv = 0, limit = 0, fail = 0;
    long long evals = 0;
    for (size_t i = 0; i < b->n; i++) {
        int s = b->results[i]->status;
        conv += s == PINT_CONVERGED;
        fail += pint_status_is_error(s);
        limit += s != PINT_CONVERGED && !pint_status_is_error(s);
        evals += b->results[i]->evals;
    }
    if (rank == 0 && cli->json) {
        printf("{\"summary\": true, \"integrals\": %zu, \"converged\": %zu, "
               "\"limit\": %zu, \"failed\": %zu, \"evals\": %lld, "
               "\"seconds\": %.6g, \"ranks\": %d, \"groups\": %d, "
               "\"schedule\": \"%s\"}\n", b->n, conv, limit, fail, evals,
               wall, size, groups, pint_schedule_name(schedule));
        if (cli->json == PINT_CLI_JSON_ARRAY)
            fputs("]\n", stdout);
    } else if (rank == 0) {
        printf("\n%zu integrals: %zu converged, %zu stopped at a limit, "
               "%zu failed; %lld evaluations; %.3f s on %d rank%s in %d "
               "group%s\n", b->n, conv, limit, fail, evals, wall, size,
               size == 1 ? "" : "s", groups, groups == 1 ? "" : "s");
    }
    return fail ? 2 : limit ? 1 : 0;
}

/* The batch's watchdog: the library ends an integral at the batch's end
 * time (--batch-time-limit) or at a stop request, and abandons a guarded
 * integrand call that does not return; a quick call runs unguarded
 * (lib/eval.h), and one that never returns would hold the batch for
 * ever.  Should the batch not have returned 2 s + 10% after its end
 * (2 s after a stop request, 0.5 s under mpirun, which kills its
 * processes 1 s after passing them the signal), rank 0 prints every
 * integral not yet printed, as not finished, and the process exits
 * with 1; the other ranks give rank 0 two more seconds. */
typedef struct {
    batch *b;
    printer *p;                 /* rank 0's, else NULL */
    int rank, size, groups;
    enum pint_schedule schedule;
    double start;               /* now() at the batch's start */
    pint_watchdog *dog;
} batch_watch;

/* Rank 0: every integral not printed gets a line saying why it did not
 * end (the printer's lock held to the exit); then the process ends. */
static void batch_give_up(void *arg, int status, double late)
{
    batch_watch *w = arg;
    if (w->rank != 0 || !w->p)
        _exit(1);
    printer *p = w->p;
    pthread_mutex_lock(&p->lock);
    int stopped = status == PINT_INTERRUPTED;
    size_t left = 0;
    for (size_t i = 0; i < w->b->n; i++) {
        if (p->ended[i])
            continue;
        pint_result *r = pint_result_alloc(w->b->results[i]->ncomp);
        if (!r)
            continue;
        for (int k = 0; k < r->ncomp; k++)
            r->value[k] = r->error[k] = NAN;
        r->status = status;
        snprintf(r->message, sizeof r->message, "not finished: the batch "
                 "did not return %.1f s after its %s (an integrand call "
                 "that never returned held it)", late,
                 stopped ? "stop request" : "time limit");
        w->b->results[i] = r;   /* the library's is left to it */
        on_done_locked(p, i);
        left++;
    }
    /* the summary too: the output stays whole (--json-array a document) */
    int worst = print_summary(w->b, p->cli, 0, now() - w->start,
                              w->size, w->groups, w->schedule);
    fflush(stdout);
    fprintf(stderr, "pint: the batch did not return %.1f s after its %s; "
            "%zu integral%s not finished\n", late,
            stopped ? "stop request" : "time limit", left,
            left == 1 ? "" : "s");
    fflush(stderr);
    _exit(worst ? worst : 1);
}

static void batch_watch_begin(batch_watch *w, batch *b, printer *p,
                              double limit, const volatile int *stop,
                              int rank, int size, int groups,
                              enum pint_schedule schedule)
{
    memset(w, 0, sizeof *w);
    w->size = size;
    w->groups = groups;
    w->schedule = schedule;
    w->b = b;
    w->p = rank == 0 ? p : NULL;
    w->rank = rank;
    w->start = now();
    w->dog = pint_watchdog_begin(limit, stop, rank, NULL, batch_give_up, w);
}

static void batch_watch_end(batch_watch *w)
{
    pint_watchdog_end(w->dog);
}

int pint_run_batch(const pint_cli *cli, int rank, int size,
                   int (*agree)(int failed, char *msg, size_t len))
{
    batch b;
    memset(&b, 0, sizeof b);
    b.cost_us = cli->ncost > 0 ? cli->cost_us[rank % cli->ncost] : 0.0;
    char msg[512] = "";
    int failed = setup(&b, cli, msg, sizeof msg) != 0;
    if (agree(failed, msg, sizeof msg) != 0) {
        if (rank == 0)
            fprintf(stderr, "pint: error: %s\n", msg);
        batch_free(&b);
        return 2;
    }
    if (cli->opt.resume && size > 1 && share_resumes(&b) != 0) {
        if (rank == 0)
            fprintf(stderr, "pint: error: out of memory\n");
        batch_free(&b);
        return 2;
    }
    if (cli->batch_time_limit > 0) {
        /* every integral's end: S from here on every rank (agree just
         * brought them together) */
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        double end = (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec
                     + cli->batch_time_limit;
        for (size_t i = 0; i < b.n; i++)
            b.problems[i].opt.end_time = end;
    }
    pint_batch_options bo;
    pint_batch_options_init(&bo);
    bo.groups = cli->group_size ? 0 : (cli->groups ? cli->groups : 1);
    bo.group_size = cli->group_size;
    bo.schedule = cli->opt.schedule;
    monitor m;
    monitor_begin(&m, &b, cli, rank);
    printer pr = { &b, cli, &m, calloc(b.n ? b.n : 1, 1),
                   malloc((b.n ? b.n : 1) * sizeof(size_t)), 0, 1,
                   cli->json == PINT_CLI_JSON_ARRAY,
                   PTHREAD_MUTEX_INITIALIZER };
    if (!pr.ended || !pr.order) {
        free(pr.ended);
        free(pr.order);
        if (rank == 0)
            fprintf(stderr, "pint: error: out of memory\n");
        batch_free(&b);
        return 2;
    }
    /* SIGINT/SIGTERM stop the batch: the integrals under way end
     * interrupted with their estimates, the others are not started */
    const volatile int *stop = pint_stop_signals_begin();
    for (size_t i = 0; i < b.n; i++)
        b.problems[i].opt.stop = stop;
    double t0 = now();
    batch_watch bw;
    batch_watch_begin(&bw, &b, &pr, cli->batch_time_limit, stop, rank, size,
                      cli->group_size ? (size + cli->group_size - 1)
                                        / cli->group_size : bo.groups,
                      bo.schedule);
    pint_exit_guard(rank, cli->opt.threads);
    int rc = pint_integrate_batch_notify(b.n, b.problems, &bo, b.results,
                                         rank == 0 ? on_done : NULL, &pr);
    pint_exit_unguard();
    batch_watch_end(&bw);
    pint_stop_signals_end();
    double wall = now() - t0;
    monitor_end(&m);
    /* every rank holds every result: all agree (rank 0 printed none) */
    int refused = rc == PINT_ERR_INVALID || rc == PINT_ERR_NOMEM
                  || all_refused_shared(&b);
    free(pr.ended);
    free(pr.order);
    if (refused) {
        /* a global problem (options that fit no integral, such as a
         * dedicated controller on one rank): one line, not a table of
         * identical refusals */
        if (rank == 0)
            fprintf(stderr, "pint: error: %s\n", b.results[0]->message);
        batch_free(&b);
        return 2;
    }
    int groups = cli->group_size ? (size + cli->group_size - 1) / cli->group_size
                                 : bo.groups;
    int worst = print_summary(&b, cli, rank, wall, size, groups, bo.schedule);
    batch_free(&b);
    return worst;
}

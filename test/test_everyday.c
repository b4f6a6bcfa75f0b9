/* test_everyday.c -- the integrals users bring, as a batch through the
 * pint command on 1 and 2 ranks.
 *
 * test/data/everyday.tsv holds 60 integrals with closed-form values
 * (infinite ranges in 1-D and n-D, end-point and interior singularities,
 * kinks and jumps, oscillatory integrands, zero-valued integrals, vector
 * integrands whose components differ in scale, smooth ones up to 6-D):
 * one per line, tab-separated,
 *     name  dim  lo  hi  expr  exact  er  note
 * with components of a vector integrand (and their exact values)
 * separated by " ; ".  The exact values were checked independently at 30
 * digits with mpmath (test/data/everyday_verify.py, not run here).
 *
 * Every integral must end converged with an honest estimate at the
 * tolerance asked for: for each component k, |Q_k - I_k| <= E_k, and
 * E_k <= er |I_k| (the per-component tolerance: the list asks for
 * norm=individual on vector integrands) or, for an integral of 0, the
 * estimate is within pint's floor (status converged says so).
 *
 * KNOWN lists the rows that still fail, each with the reason: they are
 * run and reported, and the test fails when one of them passes, so the
 * list is emptied as the defects are mended.
 */
#include <stdarg.h>
#include <string.h>
#include <unistd.h>
#include "testutil.h"
#include "run_capture.h"

#define MAX_ROWS 100
#define MAX_COMP 4

static const struct { const char *name, *why; } KNOWN[] = {
    /* none now; entries go before the end mark */
    { NULL, NULL },
};

static int known(const char *name)
{
    for (size_t i = 0; KNOWN[i].name; i++)
        if (strcmp(KNOWN[i].name, name) == 0)
            return 1;
    return 0;
}

typedef struct {
    char name[64];
    int ncomp;
    double exact[MAX_COMP];
    double er;
} row;

/* Split s at tabs into at most n fields (s is modified). */
static int fields(char *s, char **f, int n)
{
    int k = 0;
    while (k < n) {
        f[k++] = s;
        s = strchr(s, '\t');
        if (!s)
            break;
        *s++ = '\0';
    }
    return k;
}

/* The TSV as a --batch list in path; the rows into rows[]. */
static int make_list(const char *tsv, const char *path, row *rows)
{
    FILE *in = fopen(tsv, "r"), *out = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(in);
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    char line[4096];
    int n = 0;
    while (fgets(line, sizeof line, in) && n < MAX_ROWS) {
        line[strcspn(line, "\n")] = '\0';
        char *f[8];
        if (line[0] == '#' || fields(line, f, 8) < 7)
            continue;
        row *r = &rows[n++];
        snprintf(r->name, sizeof r->name, "%s", f[0]);
        r->er = atof(f[6]);
        r->ncomp = 0;
        for (char *e = f[5]; e && r->ncomp < MAX_COMP;
             e = strstr(e, " ; ") ? strstr(e, " ; ") + 3 : NULL)
            r->exact[r->ncomp++] = atof(e);
        fprintf(out, "%s %s lo=%s hi=%s er=%s%s", f[0], f[1], f[2], f[3],
                f[6], r->ncomp > 1 ? " norm=individual" : "");
        char *e = f[4];
        for (;;) {
            char *sep = strstr(e, " ; ");
            if (sep)
                *sep = '\0';
            fprintf(out, " expr='%s'", e);
            if (!sep)
                break;
            e = sep + 3;
        }
        fputc('\n', out);
    }
    fclose(in);
    fclose(out);
    return n;
}

/* Check the n JSON lines of a --batch --json run against the rows. */
static int check_run(const run_result *r, const row *rows, int n, int np)
{
    int unconverged = 0;
    const char *p = r->out;
    for (int i = 0; i < n; i++) {
        const row *w = &rows[i];
        const char *end = strchr(p, '\n');
        CU_ASSERT_PTR_NOT_NULL_FATAL(end);
        char obj[8192];
        size_t len = (size_t)(end - p) < sizeof obj - 1
                     ? (size_t)(end - p) : sizeof obj - 1;
        memcpy(obj, p, len);
        obj[len] = '\0';
        p = end + 1;
        int converged = strstr(obj, "\"status\": \"converged\"") != NULL;
        int good = converged;
        unconverged += !converged;
        for (int k = 0; k < w->ncomp; k++) {
            double q = json_nth(obj, "value", k), e = json_nth(obj, "error", k);
            double x = w->exact[k];
            int honest = fabs(q - x) <= e;
            /* an integral of 0 meets the floor, not er |I| */
            int within = x == 0.0 ? converged : e <= w->er * fabs(x);
            if (!converged || !honest || !within)
                fprintf(stderr, "\n  %d rank(s), %s[%d]: %s, %.17g +- %.3g,"
                        " exact %.17g (true error %.3g, er %g)%s\n", np,
                        w->name, k + 1,
                        converged ? "converged" : "NOT converged", q, e, x,
                        fabs(q - x), w->er, known(w->name) ? " (known)" : "");
            good &= honest && within;
        }
        if (known(w->name) && good)
            fprintf(stderr, "\n  %d rank(s), %s passes now: take it off "
                    "KNOWN\n", np, w->name);
        CU_ASSERT(good != known(w->name));
    }
    return unconverged;
}

/* pint (np 1: alone, else under mpirun) with the NULL-terminated
 * arguments. */
static int run_np(run_result *r, char **prefix, int np, ...)
{
    va_list ap;
    va_start(ap, np);
    int rc = np == 1 ? spawn_va(r, prefix + MPI_PREFIX_LEN - 1, 1, ap)
                     : spawn_va(r, prefix, MPI_PREFIX_LEN, ap);
    va_end(ap);
    return rc;
}

static void test_everyday(void)
{
    char tsv[4096], path[] = "/tmp/pint-everyday-XXXXXX";
    snprintf(tsv, sizeof tsv, "%s/test/data/everyday.tsv",
             env_or_die("PINT_SRCDIR"));
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    close(fd);
    static row rows[MAX_ROWS];
    int n = make_list(tsv, path, rows);
    CU_ASSERT_FATAL(n >= 40);
    for (int np = 1; np <= 2; np++) {
        char *prefix[MPI_PREFIX_LEN], nps[16];
        mpi_prefix(prefix, nps, sizeof nps, np);
        run_result r;
        int rc = run_np(&r, prefix, np, "--batch", path, "--json",
                        "--max-evals", "5e7", NULL);
        CU_ASSERT_EQUAL_FATAL(rc, 0);
        int unconverged = check_run(&r, rows, n, np);
        /* 0 when every integral converged, 1 when some stopped at a
         * limit; never 2 (none fails) */
        if (r.status != (unconverged ? 1 : 0))
            fprintf(stderr, "\n  %d rank(s): exit %d, stderr '%s'\n", np,
                    r.status, r.err);
        CU_ASSERT_EQUAL(r.status, unconverged ? 1 : 0);
    }
    unlink(path);
}

int main(void)
{
    alarm(1800);        /* no test may hang (sanitizers are slow) */
    CU_TestInfo tests[] = {
        { "60 everyday integrals, 1 and 2 ranks", test_everyday },
        CU_TEST_INFO_NULL,
    };
    return pint_test_run("everyday", tests);
}

/* simplex_file.c -- reading the vertices of simplices (see cli.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "regular_file.h"

/* Parse the numbers of one line into v; returns the count, -1 on a bad
 * token (its text copied into bad). */
static int parse_line(char *line, double *v, int max, char *bad, size_t blen)
{
    int n = 0;
    char *save = NULL;
    for (char *tok = strtok_r(line, " \t\r\n,", &save); tok;
         tok = strtok_r(NULL, " \t\r\n,", &save)) {
        char *end;
        errno = 0;
        double x = strtod(tok, &end);
        if (end == tok || *end || errno == ERANGE || !isfinite(x) || n >= max) {
            snprintf(bad, blen, "%s", n >= max ? "too many coordinates" : tok);
            return -1;
        }
        v[n++] = x;
    }
    return n;
}

double *pint_read_simplex_file(const char *path, int *ndim,
                               size_t *nsimplices, char *msg, size_t msglen)
{
    char why[128];
    FILE *fp = pint_open_regular(path, "r", why, sizeof why);
    if (!fp) {
        snprintf(msg, msglen, "cannot open simplex file '%s': %s", path,
                 why);
        return NULL;
    }
    int n = 0;
    size_t nvert = 0, cap = 0;
    double *verts = NULL;
    char line[8192], bad[64];
    long lineno = 0;
    while (fgets(line, sizeof line, fp)) {
        lineno++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        double v[PINT_CLI_MAX_DIM + 1];
        int k = parse_line(line, v, PINT_CLI_MAX_DIM + 1, bad, sizeof bad);
        if (k < 0) {
            snprintf(msg, msglen, "%s:%ld: not a number: '%s'", path, lineno,
                     bad);
            goto fail;
        }
        if (k == 0)
            continue;           /* blank line or comment */
        if (n == 0)
            n = k;
        if (k != n) {
            snprintf(msg, msglen, "%s:%ld: vertex has %d coordinates, "
                     "expected %d", path, lineno, k, n);
            goto fail;
        }
        if (nvert == cap) {
            cap = cap ? 2 * cap : 64;
            double *p = realloc(verts, cap * (size_t)n * sizeof *p);
            if (!p) {
                snprintf(msg, msglen, "out of memory reading '%s'", path);
                goto fail;
            }
            verts = p;
        }
        memcpy(verts + nvert * (size_t)n, v, (size_t)n * sizeof *v);
        nvert++;
    }
    fclose(fp);
    fp = NULL;
    if (nvert == 0) {
        snprintf(msg, msglen, "simplex file '%s' has no vertices", path);
        goto fail;
    }
    if (n > PINT_CLI_MAX_DIM) {
        snprintf(msg, msglen, "simplex file '%s': dimension %d is above %d",
                 path, n, PINT_CLI_MAX_DIM);
        goto fail;
    }
    if (*ndim && *ndim != n) {
        snprintf(msg, msglen, "simplex file '%s' has dimension %d but "
                 "--dim is %d", path, n, *ndim);
        goto fail;
    }
    if (nvert % (size_t)(n + 1) != 0) {
        snprintf(msg, msglen, "simplex file '%s': %zu vertices is not a "
                 "multiple of %d (dimension + 1)", path, nvert, n + 1);
        goto fail;
    }
    *ndim = n;
    *nsimplices = nvert / (size_t)(n + 1);
    return verts;
fail:
    if (fp)
        fclose(fp);
    free(verts);
    return NULL;
}

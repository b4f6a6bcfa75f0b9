/* batch.c -- lists of integrals and the family generator (see batch.h).
 *
 * A list is read line by line into a fixed buffer (a line longer than
 * LINE_LIMIT bytes is an error, never an unbounded allocation); every
 * value is parsed strictly with the parsers of parse.h, and every error
 * is one line "PATH:LINE: reason" naming the offending token.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "batch.h"
#include "integrands.h"
#include "parse.h"

#define LINE_LIMIT 65536        /* bytes of one line, without its newline */
#define NCOMP_MAX 1024          /* as --ncomp */
#define FAMILY_COUNT_MAX 1000000
#define REASON_LEN 512          /* a reason: tokens are shortened to fit */
#define DELIMS " \t\r\n\v\f"

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

static int reason(char *why, const char *fmt, ...) PRINTF_LIKE(2, 3);

/* Write the reason of a failure (why holds REASON_LEN bytes); -1. */
static int reason(char *why, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, REASON_LEN, fmt, ap);
    va_end(ap);
    return -1;
}

/* A token as shown in a message: at most 64 characters, then "...". */
typedef struct { char s[72]; } shown;

static shown show(const char *tok)
{
    shown r;
    size_t n = strlen(tok);
    if (n <= 64)
        memcpy(r.s, tok, n + 1);
    else {
        memcpy(r.s, tok, 61);
        memcpy(r.s + 61, "...", 4);
    }
    return r;
}

enum { K_ER, K_EA, K_MAX_EVALS, K_SEED, K_DIFFICULTY, K_LO, K_HI, K_PLUGIN,
       K_NCOMP, K_COUNT };

static const char *const key_names[K_COUNT] = {
    "er", "ea", "max-evals", "seed", "difficulty", "lo", "hi", "plugin",
    "ncomp",
};

static void entry_clear(pint_batch_entry *e)
{
    free(e->plugin);
    free(e->lo);
    free(e->hi);
    e->plugin = NULL;
    e->lo = e->hi = NULL;
}

/* lo=/hi= value: one number (every axis) or exactly ndim comma-separated
 * numbers, into out[ndim].  The commas of val are cut and restored. */
static int parse_bounds(const char *key, char *val, int ndim, double *out,
                        char *why)
{
    size_t len = strlen(val);
    int n = 1;
    for (const char *c = val; *c; c++)
        n += *c == ',';
    int bad = len == 0 || val[0] == ',' || val[len - 1] == ','
              || strstr(val, ",,") != NULL;
    char *seg = val;
    for (int i = 0; i < n && !bad; i++) {
        char *comma = strchr(seg, ',');
        if (comma)
            *comma = '\0';
        double v;
        if (pint_parse_double(seg, &v) != 0)
            bad = 1;
        else if (i < ndim)
            out[i] = v;
        if (comma) {
            *comma = ',';
            seg = comma + 1;
        }
    }
    if (bad)
        return reason(why, "%s needs a number or a comma-separated list of "
                      "finite numbers, got '%s'", key, show(val).s);
    if (n != 1 && n != ndim)
        return reason(why, "%s gives %d values but the dimension is %d", key,
                      n, ndim);
    for (int i = n; i < ndim; i++)
        out[i] = out[0];
    return 0;
}

/* Bounds a line does not give: the command line's single value, its list
 * when its length is ndim, else 0 (lo) or 1 (hi). */
static int default_bounds(const char *opt, const double *vals, int nvals,
                          double dflt, int ndim, double *out, char *why)
{
    if (nvals > 1 && nvals != ndim)
        return reason(why, "%s gives %d values but the dimension is %d", opt,
                      nvals, ndim);
    for (int i = 0; i < ndim; i++)
        out[i] = nvals > 1 ? vals[i] : nvals == 1 ? vals[0] : dflt;
    return 0;
}

/* Settings shared by lines and generated instances: the command line's
 * tolerances, limits, seed and difficulty, and room for the bounds. */
static int entry_init(pint_batch_entry *e, const char *function, int ndim,
                      const pint_cli *cli, char *why)
{
    memset(e, 0, sizeof *e);
    snprintf(e->function, sizeof e->function, "%s", function);
    e->ndim = ndim;
    e->epsabs = cli->opt.epsabs;
    e->epsrel = cli->opt.epsrel;
    e->max_evals = cli->opt.max_evals;
    e->seed = cli->seed;
    e->difficulty = cli->difficulty;
    e->lo = malloc((size_t)ndim * sizeof *e->lo);
    e->hi = malloc((size_t)ndim * sizeof *e->hi);
    if (!e->lo || !e->hi) {
        entry_clear(e);
        return reason(why, "out of memory");
    }
    return 0;
}

/* The checks of a finished entry: lo < hi on every axis, a tolerance. */
static int entry_check(const pint_batch_entry *e, char *why)
{
    for (int i = 0; i < e->ndim; i++)
        if (!(e->lo[i] < e->hi[i]))
            return reason(why, "axis %d: lo %.17g is not below hi %.17g",
                          i + 1, e->lo[i], e->hi[i]);
    if (e->epsabs == 0 && e->epsrel == 0)
        return reason(why, "er and ea are both 0: give a tolerance > 0");
    return 0;
}

/* One line (comment already cut) into e.  1: an entry, 0: blank, -1:
 * error with the reason in why (e then holds nothing to free). */
static int parse_line(char *line, const pint_cli *cli, pint_batch_entry *e,
                      char *why)
{
    char *save = NULL;
    char *fn = strtok_r(line, DELIMS, &save);
    if (!fn)
        return 0;
    char *dim = strtok_r(NULL, DELIMS, &save);
    if (strchr(fn, '=') || !dim || strchr(dim, '='))
        return reason(why, "expected FUNCTION DIM [KEY=VALUE ...]");
    if (strlen(fn) >= sizeof e->function)
        return reason(why, "function name '%s' is longer than %d characters",
                      show(fn).s, (int)sizeof e->function - 1);
    long long nd;
    if (pint_parse_count(dim, 1, PINT_CLI_MAX_DIM, &nd) != 0)
        return reason(why, "dimension must be a whole number 1..%d, got '%s'",
                      PINT_CLI_MAX_DIM, show(dim).s);
    int ndim = (int)nd;
    if (entry_init(e, fn, ndim, cli, why) != 0)
        return -1;

    int given[K_COUNT] = { 0 };
    long long n;
    double v;
    for (char *tok = strtok_r(NULL, DELIMS, &save); tok;
         tok = strtok_r(NULL, DELIMS, &save)) {
        char *eq = strchr(tok, '=');
        if (!eq || eq == tok) {
            reason(why, "expected KEY=VALUE, got '%s'", show(tok).s);
            goto fail;
        }
        *eq = '\0';
        char *val = eq + 1;
        int k = 0;
        while (k < K_COUNT && strcmp(tok, key_names[k]) != 0)
            k++;
        if (k == K_COUNT) {
            reason(why, "unknown key '%s'", show(tok).s);
            goto fail;
        }
        if (given[k]) {
            reason(why, "key '%s' given twice", key_names[k]);
            goto fail;
        }
        given[k] = 1;
        switch (k) {
        case K_ER:
        case K_EA:
            if (pint_parse_double(val, &v) != 0 || v < 0) {
                reason(why, "%s must be a finite number >= 0, got '%s'",
                       key_names[k], show(val).s);
                goto fail;
            }
            *(k == K_ER ? &e->epsrel : &e->epsabs) = v;
            break;
        case K_MAX_EVALS:
            if (pint_parse_count(val, 1, 9e18, &n) != 0) {
                reason(why, "max-evals must be a whole number >= 1, got '%s'",
                       show(val).s);
                goto fail;
            }
            e->max_evals = n;
            break;
        case K_SEED:
            if (pint_parse_seed(val, &e->seed) != 0) {
                reason(why, "seed must be a whole number "
                       "0..18446744073709551615, got '%s'", show(val).s);
                goto fail;
            }
            break;
        case K_DIFFICULTY:
            if (pint_parse_double(val, &v) != 0 || !(v > 0)) {
                reason(why, "difficulty must be a finite number > 0, "
                       "got '%s'", show(val).s);
                goto fail;
            }
            e->difficulty = v;
            break;
        case K_LO:
        case K_HI:
            if (parse_bounds(key_names[k], val, ndim,
                             k == K_LO ? e->lo : e->hi, why) != 0)
                goto fail;
            break;
        case K_PLUGIN:
            if (!*val) {
                reason(why, "plugin needs a file name");
                goto fail;
            }
            e->plugin = strdup(val);
            if (!e->plugin) {
                reason(why, "out of memory");
                goto fail;
            }
            break;
        case K_NCOMP:
            if (pint_parse_count(val, 1, NCOMP_MAX, &n) != 0) {
                reason(why, "ncomp must be a whole number 1..%d, got '%s'",
                       NCOMP_MAX, show(val).s);
                goto fail;
            }
            e->ncomp = (int)n;
            break;
        }
    }

    if (!e->plugin) {
        /* a built-in integrand: it must exist at this dimension */
        const pint_testfn_family *fam = pint_testfn_find(fn);
        if (!fam) {
            reason(why, "unknown integrand '%s' (see --list)", e->function);
            goto fail;
        }
        if (ndim < fam->min_dim || ndim > fam->max_dim) {
            reason(why, "integrand %s needs dimension %d..%d, got %d",
                   fam->name, fam->min_dim, fam->max_dim, ndim);
            goto fail;
        }
        if (given[K_NCOMP]) {
            reason(why, "ncomp applies only to a plug-in (plugin=FILE); "
                   "%s is built in with %d component%s", fam->name,
                   fam->ncomp, fam->ncomp == 1 ? "" : "s");
            goto fail;
        }
    } else if (!given[K_NCOMP]) {
        e->ncomp = cli->ncomp;
    }
    if (!given[K_LO] && default_bounds("--lo", cli->lo, cli->nlo, 0.0, ndim,
                                       e->lo, why) != 0)
        goto fail;
    if (!given[K_HI] && default_bounds("--hi", cli->hi, cli->nhi, 1.0, ndim,
                                       e->hi, why) != 0)
        goto fail;
    if (entry_check(e, why) != 0)
        goto fail;
    return 1;
fail:
    entry_clear(e);
    return -1;
}

/* The next line of fp into buf (cap bytes, NUL-terminated, newline
 * dropped).  1: a line, 0: end of file, -1: longer than cap - 1 bytes,
 * -2: a NUL byte, -3: a read error. */
static int read_line(FILE *fp, char *buf, size_t cap)
{
    size_t len = 0;
    int c;
    while ((c = getc(fp)) != EOF && c != '\n') {
        if (c == '\0')
            return -2;
        if (len + 1 >= cap)
            return -1;
        buf[len++] = (char)c;
    }
    if (c == EOF && ferror(fp))
        return -3;
    if (c == EOF && len == 0)
        return 0;
    buf[len] = '\0';
    return 1;
}

pint_batch_entry *pint_batch_read(const char *path, const pint_cli *cli,
                                  size_t *count, char *msg, size_t msglen)
{
    *count = 0;
    FILE *fp = fopen(path, "r");
    if (!fp) {
        snprintf(msg, msglen, "cannot open list '%s': %s", path,
                 strerror(errno));
        return NULL;
    }
    pint_batch_entry *list = NULL;
    size_t n = 0, cap = 0;
    char why[REASON_LEN];
    char *buf = malloc(LINE_LIMIT + 1);
    if (!buf) {
        snprintf(msg, msglen, "out of memory reading list '%s'", path);
        goto fail;
    }
    for (long lineno = 1;; lineno++) {
        errno = 0;
        int r = read_line(fp, buf, LINE_LIMIT + 1);
        if (r == 0)
            break;
        if (r == -1) {
            snprintf(msg, msglen, "%s:%ld: line is longer than %d bytes",
                     path, lineno, LINE_LIMIT);
            goto fail;
        }
        if (r == -2) {
            snprintf(msg, msglen, "%s:%ld: line holds a NUL byte", path,
                     lineno);
            goto fail;
        }
        if (r == -3) {
            snprintf(msg, msglen, "cannot read list '%s': %s", path,
                     strerror(errno ? errno : EIO));
            goto fail;
        }
        char *hash = strchr(buf, '#');
        if (hash)
            *hash = '\0';
        if (n == cap) {
            size_t ncap = cap ? 2 * cap : 16;
            pint_batch_entry *p = realloc(list, ncap * sizeof *p);
            if (!p) {
                snprintf(msg, msglen, "out of memory reading list '%s'",
                         path);
                goto fail;
            }
            list = p;
            cap = ncap;
        }
        int k = parse_line(buf, cli, &list[n], why);
        if (k < 0) {
            snprintf(msg, msglen, "%s:%ld: %s", path, lineno, why);
            goto fail;
        }
        if (k > 0)
            list[n++].line = (int)lineno;
    }
    free(buf);
    fclose(fp);
    if (n == 0) {
        snprintf(msg, msglen, "list '%s' holds no integrals", path);
        free(list);
        return NULL;
    }
    *count = n;
    return list;
fail:
    free(buf);
    fclose(fp);
    pint_batch_free(list, n);
    return NULL;
}

pint_batch_entry *pint_batch_family(const char *family, int ndim,
                                    size_t count, uint64_t seed,
                                    const pint_cli *cli, char *msg,
                                    size_t msglen)
{
    char why[REASON_LEN];
    const pint_testfn_family *fam = family ? pint_testfn_find(family) : NULL;
    if (!fam) {
        snprintf(msg, msglen, "unknown integrand '%s' (see --list)",
                 family ? show(family).s : "");
        return NULL;
    }
    if (ndim < fam->min_dim || ndim > fam->max_dim
        || ndim > PINT_CLI_MAX_DIM) {
        int hi = fam->max_dim < PINT_CLI_MAX_DIM ? fam->max_dim
                                                 : PINT_CLI_MAX_DIM;
        snprintf(msg, msglen, "integrand %s needs dimension %d..%d, got %d",
                 fam->name, fam->min_dim, hi, ndim);
        return NULL;
    }
    if (count < 1 || count > FAMILY_COUNT_MAX) {
        snprintf(msg, msglen, "--count must be a whole number 1..%d, got %zu",
                 FAMILY_COUNT_MAX, count);
        return NULL;
    }
    pint_batch_entry *list = calloc(count, sizeof *list);
    if (!list) {
        snprintf(msg, msglen, "out of memory for %zu integrals", count);
        return NULL;
    }
    for (size_t i = 0; i < count; i++) {
        pint_batch_entry *e = &list[i];
        if (entry_init(e, fam->name, ndim, cli, why) != 0
            || default_bounds("--lo", cli->lo, cli->nlo, 0.0, ndim, e->lo,
                              why) != 0
            || default_bounds("--hi", cli->hi, cli->nhi, 1.0, ndim, e->hi,
                              why) != 0
            || entry_check(e, why) != 0) {
            snprintf(msg, msglen, "%s", why);
            pint_batch_free(list, i + 1);
            return NULL;
        }
        e->seed = seed + (uint64_t)i;   /* wraps modulo 2^64 */
    }
    return list;
}

void pint_batch_free(pint_batch_entry *entries, size_t count)
{
    if (!entries)
        return;
    for (size_t i = 0; i < count; i++)
        entry_clear(&entries[i]);
    free(entries);
}

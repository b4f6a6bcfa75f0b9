/* batch.c -- lists of integrals and the family generator (see batch.h).
 *
 * A list is read line by line into a fixed buffer (a line longer than
 * LINE_LIMIT bytes is an error, never an unbounded allocation); every
 * value is parsed strictly with the parsers of parse.h, and every error
 * is one line "PATH:LINE: reason" naming the offending token (and for a
 * quote or an expression, the column in the line).  Expressions are
 * compiled here, one by one, so that a mistake is found before anything
 * runs and its column can be told; batch_run.c compiles them again as
 * one vector integrand.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "batch.h"
#include "regular_file.h"
#include "expr.h"
#include "integrands.h"
#include "parse.h"

#define LINE_LIMIT 65536        /* bytes of one line, without its newline */
#define NCOMP_MAX 1024          /* as --ncomp */
#define FAMILY_COUNT_MAX 1000000
#define REASON_LEN 512          /* a reason: tokens are shortened to fit */
#define BLANKS " \t\r\n\v\f"

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

/* The keys of a line are the options of cli.c's table marked as keys;
 * KEYS_MAX bounds how many distinct ones a line can give. */
#define KEYS_MAX 32

static void entry_clear(pint_batch_entry *e)
{
    for (int k = 0; k < e->nexpr; k++)
        free(e->expr[k]);
    free(e->expr);
    free(e->plugin);
    free(e->lo);
    free(e->hi);
    free(e->points);
    free(e->points_axis);
    e->expr = NULL;
    e->nexpr = 0;
    e->plugin = NULL;
    e->lo = e->hi = NULL;
    e->points = NULL;
    e->points_axis = NULL;
}

/* One token of a line, cut in place: its text and, for KEY=VALUE, the
 * '=' (cut by the caller once the token is judged) and the value with
 * its column in the line (1-based, as the expression parser counts). */
typedef struct {
    char *text, *eq, *val;
    int val_col;
} token;

static int is_blank(char c)
{
    return c != '\0' && strchr(BLANKS, c) != NULL;
}

/* The next token of line from *pos.  A value may be quoted, KEY='...'
 * or KEY="...": it runs to the same quote, blanks and '#' included (no
 * escapes: an expression has no use for quotes).  Elsewhere '#' starts
 * a comment and a quote is an error, so that a misplaced one is never
 * taken as part of a value.  1: a token, 0: the end of the line, -1:
 * bad quoting, the reason (with its column) in why. */
static int next_token(char *line, char **pos, token *t, char *why)
{
    char *p = *pos;
    while (is_blank(*p))
        p++;
    if (*p == '\0' || *p == '#')
        return 0;
    t->text = p;
    t->eq = t->val = NULL;
    t->val_col = 0;
    for (; *p && !is_blank(*p) && *p != '#'; p++) {
        if (*p == '=' && !t->eq) {
            t->eq = p;
            t->val = p + 1;
            t->val_col = (int)(p + 1 - line) + 1;
            if (p[1] != '\'' && p[1] != '"')
                continue;
            char *close = strchr(p + 2, p[1]);
            if (!close)
                return reason(why, "column %d: the quote is not closed",
                              t->val_col);
            if (close[1] && close[1] != '#' && !is_blank(close[1]))
                return reason(why, "column %d: a blank must follow the "
                              "closing quote", (int)(close + 1 - line) + 1);
            t->val++;
            t->val_col++;
            *close = '\0';
            *pos = close + 1;   /* the rest of the line, or its end */
            return 1;
        }
        if (*p == '\'' || *p == '"')
            return reason(why, "column %d: a quote may only open a value "
                          "(KEY='...')", (int)(p - line) + 1);
    }
    if (*p == '#')
        *pos = p;               /* cut below: the next call sees the end */
    else
        *pos = *p ? p + 1 : p;
    *p = '\0';
    return 1;
}

/* An expr= value starting at column col of the line: compiled alone
 * (the parser's columns count from the start of the expression) and
 * kept as text.  A variable beyond the dimension is told here, not by
 * the parser, whose message speaks of the -d option. */
static int add_expr(pint_batch_entry *e, const char *val, int col, char *why)
{
    if (e->nexpr == NCOMP_MAX)
        return reason(why, "more than %d expr= keys", NCOMP_MAX);
    char msg[REASON_LEN - 32] = "";
    pint_expr *x = pint_expr_compile(1, &val, 0, msg, sizeof msg);
    int ok = x != NULL, top = ok ? pint_expr_max_var(x) : 0;
    pint_expr_free(x);
    if (top > e->ndim)          /* fails at the first variable too high */
        pint_expr_free(pint_expr_compile(1, &val, e->ndim, msg, sizeof msg));
    if (!ok || top > e->ndim) {
        int at = 0, skip = 0;
        if (sscanf(msg, "column %d: %n", &at, &skip) != 1 || skip == 0
            || at < 1 || (size_t)at > strlen(val) + 1) {
            if (ok)
                return reason(why, "x%d is beyond the dimension %d", top,
                              e->ndim);
            return reason(why, "expr: %s", msg);
        }
        if (!ok)
            return reason(why, "column %d: %s", col + at - 1, msg + skip);
        const char *name = val + at - 1;
        int len = 0;
        while (len < 16 && (isalnum((unsigned char)name[len])
                            || name[len] == '_'))
            len++;
        return reason(why, "column %d: %.*s is beyond the dimension %d",
                      col + at - 1, len, name, e->ndim);
    }
    char **more = realloc(e->expr, (size_t)(e->nexpr + 1) * sizeof *more);
    if (!more)
        return reason(why, "out of memory");
    e->expr = more;
    if (!(e->expr[e->nexpr] = strdup(val)))
        return reason(why, "out of memory");
    e->nexpr++;
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
    e->opt = cli->opt;
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
    if (e->opt.epsabs == 0 && e->opt.epsrel == 0)
        return reason(why, "er and ea are both 0: give a tolerance > 0");
    return 0;
}

/* The keys a line gave (expr= may come again; the others only once). */
typedef struct {
    const char *name[KEYS_MAX];
    int n;
} given_keys;

static int was_given(const given_keys *g, const char *key)
{
    for (int i = 0; i < g->n; i++)
        if (strcmp(g->name[i], key) == 0)
            return 1;
    return 0;
}

/* KEY=VALUE of a line: into lc as --KEY VALUE would go on the command
 * line (the same table, range and message), but expr=, which is compiled
 * into e here for its column.  0, or -1 with the reason. */
static int apply_key(pint_batch_entry *e, pint_cli *lc, given_keys *g,
                     const token *t, char *why)
{
    const char *key = t->text, *val = t->val;
    if (was_given(g, key) && strcmp(key, "expr") != 0)
        return reason(why, "key '%s' given twice", key);
    size_t had = lc->opt.npoints;
    int r = strcmp(key, "expr") == 0 ? 0
            : pint_cli_key(lc, key, val, why, REASON_LEN);
    if (r == 1)
        return reason(why, "unknown key '%s'", show(key).s);
    if (r < 0 && strlen(val) > 64)      /* the message with the value cut
                                           short: that fails as well */
        pint_cli_key(lc, key, show(val).s, why, REASON_LEN);
    if (r < 0)
        return -1;
    if (!was_given(g, key) && g->n < KEYS_MAX)
        g->name[g->n++] = key;
    if (strcmp(key, "expr") == 0)
        return add_expr(e, val, t->val_col, why);
    for (size_t i = had; i < lc->opt.npoints; i++)
        if (lc->points_axis[i] >= e->ndim)
            return reason(why, "points takes [xK:]a,b,... with K an axis 1..%d, "
                          "got "
                          "'%s'", e->ndim, show(val).s);
    return 0;
}

/* The settings of lc, which the line's keys changed, into e. */
static int entry_settle(pint_batch_entry *e, const pint_cli *lc,
                        const given_keys *g, char *why)
{
    pint_options cmd = e->opt;          /* the command line's */
    e->opt = lc->opt;
    e->seed = lc->seed;
    e->difficulty = lc->difficulty;
    if (lc->plugin && !(e->plugin = strdup(lc->plugin)))
        return reason(why, "out of memory");
    size_t n = lc->opt.npoints;
    e->opt.npoints = n ? n : cmd.npoints;
    e->opt.points = cmd.points;
    e->opt.points_axis = cmd.points_axis;
    if (n) {
        e->points = malloc(n * sizeof *e->points);
        e->points_axis = malloc(n * sizeof *e->points_axis);
        if (!e->points || !e->points_axis)
            return reason(why, "out of memory");
        memcpy(e->points, lc->points, n * sizeof *e->points);
        memcpy(e->points_axis, lc->points_axis, n * sizeof *e->points_axis);
        e->opt.points = e->points;
        e->opt.points_axis = e->points_axis;
    }
    int lo = was_given(g, "lo"), hi = was_given(g, "hi");
    if (default_bounds(lo ? "lo" : "--lo", lc->lo, lc->nlo, 0.0, e->ndim,
                       e->lo, why) != 0
        || default_bounds(hi ? "hi" : "--hi", lc->hi, lc->nhi, 1.0, e->ndim,
                          e->hi, why) != 0)
        return -1;
    return 0;
}

/* What an integrand of a line must be: an expression (FUNCTION only
 * names it), a plug-in, or a built-in integrand at its dimension. */
static int entry_integrand(pint_batch_entry *e, const pint_cli *lc,
                           const given_keys *g, char *why)
{
    int ncomp = was_given(g, "ncomp");
    if (e->nexpr) {
        if (e->plugin || ncomp)
            return reason(why, "%s does not go with expr (the components "
                          "of an expression integrand are its expr= keys)",
                          e->plugin ? "plugin" : "ncomp");
        return 0;
    }
    if (e->plugin) {
        e->ncomp = lc->ncomp;
        return 0;
    }
    const pint_testfn_family *fam = pint_testfn_find(e->function);
    if (!fam)
        return reason(why, "unknown integrand '%s' (see --list)",
                      e->function);
    if (e->ndim < fam->min_dim || e->ndim > fam->max_dim)
        return reason(why, "integrand %s needs dimension %d..%d, got %d",
                      fam->name, fam->min_dim, fam->max_dim, e->ndim);
    if (ncomp)
        return reason(why, "ncomp applies only to a plug-in (plugin=FILE); "
                      "%s is built in with %d component%s", fam->name,
                      fam->ncomp, fam->ncomp == 1 ? "" : "s");
    return 0;
}

/* One line into e, lc being room for the line's settings.  1: an entry,
 * 0: blank or a comment, -1: error with the reason in why (e then holds
 * nothing to free). */
static int parse_line(char *line, const pint_cli *cli, pint_cli *lc,
                      pint_batch_entry *e, char *why)
{
    char *pos = line;
    token t, d;
    int r = next_token(line, &pos, &t, why);
    if (r <= 0)
        return r;
    if ((r = next_token(line, &pos, &d, why)) < 0)
        return -1;
    if (t.eq || r == 0 || d.eq)
        return reason(why, "expected FUNCTION DIM [KEY=VALUE ...]");
    char *fn = t.text, *dim = d.text;
    if (strlen(fn) >= sizeof e->function)
        return reason(why, "function name '%s' is longer than %d characters",
                      show(fn).s, (int)sizeof e->function - 1);
    long long nd;
    if (pint_parse_count(dim, 1, PINT_CLI_MAX_DIM, &nd) != 0)
        return reason(why, "dimension must be a whole number 1..%d, got '%s'",
                      PINT_CLI_MAX_DIM, show(dim).s);
    if (entry_init(e, fn, (int)nd, cli, why) != 0)
        return -1;
    /* the command line's settings, but its integrand and breakpoints */
    *lc = *cli;
    lc->plugin = NULL;
    lc->nexpr = 0;
    lc->opt.npoints = 0;
    lc->opt.points = lc->points;
    lc->opt.points_axis = lc->points_axis;
    given_keys g = { .n = 0 };
    while ((r = next_token(line, &pos, &t, why)) != 0) {
        if (r < 0)
            goto fail;
        if (!t.eq || t.eq == t.text) {
            reason(why, "expected KEY=VALUE, got '%s'", show(t.text).s);
            goto fail;
        }
        *t.eq = '\0';
        if (apply_key(e, lc, &g, &t, why) != 0)
            goto fail;
    }
    if (entry_settle(e, lc, &g, why) != 0
        || entry_integrand(e, lc, &g, why) != 0
        || entry_check(e, why) != 0)
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
    char why[REASON_LEN];
    FILE *fp = pint_open_regular(path, "r", why, sizeof why);
    if (!fp) {
        snprintf(msg, msglen, "cannot open list '%s': %s", path, why);
        return NULL;
    }
    pint_batch_entry *list = NULL;
    size_t n = 0, cap = 0;
    char *buf = malloc(LINE_LIMIT + 1);
    pint_cli *lc = malloc(sizeof *lc);
    if (!buf || !lc) {
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
        int k = parse_line(buf, cli, lc, &list[n], why);
        if (k < 0) {
            snprintf(msg, msglen, "%s:%ld: %s", path, lineno, why);
            goto fail;
        }
        if (k > 0)
            list[n++].line = (int)lineno;
    }
    free(buf);
    free(lc);
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
    free(lc);
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

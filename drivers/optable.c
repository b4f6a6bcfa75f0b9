/* optable.c -- options from a table (see optable.h).
 *
 * Every value is parsed strictly (parse.h): trailing garbage, non-finite
 * numbers and out-of-range counts are errors that name the option.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include "optable.h"
#include "parse.h"

void pint_opt_usage(const pint_opt_table *t, FILE *out)
{
    for (size_t i = 0; i < t->nrows; i++)
        if (t->rows[i].help)
            fputs(t->rows[i].help, out);
}

const pint_opt *pint_opt_find(const pint_opt_table *t, const char *name)
{
    for (size_t i = 0; i < t->nrows; i++)
        if (t->rows[i].name && strcmp(t->rows[i].name, name) == 0)
            return &t->rows[i];
    return NULL;
}

int pint_opt_apply(const pint_opt_table *t, const pint_opt *o,
                   const char *arg, void *conf, char *msg, size_t len)
{
    char *to = (char *)conf + o->at;
    long long n;
    double v;
    int k;
    switch (o->kind) {
    case PINT_OPT_TEXT:
        *(const char **)to = arg;
        return 0;
    case PINT_OPT_PATH:
        if (!arg[0])
            break;
        *(const char **)to = arg;
        return 0;
    case PINT_OPT_FLAG:
        *(int *)to = (int)o->lo;
        return 0;
    case PINT_OPT_COUNT:
        if (pint_parse_count(arg, o->lo, o->hi, &n) != 0)
            break;
        if (o->type == 'i')
            *(int *)to = (int)n;
        else if (o->type == 'l')
            *(long long *)to = n;
        else
            *(size_t *)to = (size_t)n;
        return 0;
    case PINT_OPT_REAL:
    case PINT_OPT_REAL0:
        if (pint_parse_double(arg, &v) != 0 || v > o->hi
            || !(o->kind == PINT_OPT_REAL ? v > o->lo : v >= o->lo))
            break;
        *(double *)to = v;
        return 0;
    case PINT_OPT_NAME:
        if ((k = o->from_name(arg)) < 0)
            break;
        *(int *)to = k;
        return 0;
    case PINT_OPT_OTHER:
        return t->other(o, arg, conf, msg, len);
    }
    snprintf(msg, len, o->err, arg);
    return -1;
}

/* The getopt tables: lng[] (ending in zeros) and the short letters.  A
 * row without a letter is returned by getopt as 256 + its index. */
static void getopt_tables(const pint_opt_table *t, struct option *lng,
                          char *shrt)
{
    size_t n = 0, s = 0;
    shrt[s++] = ':';            /* a missing value is ':' */
    for (size_t i = 0; i < t->nrows; i++) {
        const pint_opt *o = &t->rows[i];
        if (!o->name)
            continue;
        int has_arg = o->kind == PINT_OPT_FLAG ? no_argument
                                               : required_argument;
        lng[n++] = (struct option){ o->name, has_arg, NULL,
                                    o->letter ? o->letter : 256 + (int)i };
        if (o->letter) {
            shrt[s++] = o->letter;
            if (has_arg)
                shrt[s++] = ':';
        }
    }
    lng[n] = (struct option){ NULL, 0, NULL, 0 };
    shrt[s] = '\0';
}

static const pint_opt *option_of(const pint_opt_table *t, int c)
{
    if (c >= 256 && (size_t)(c - 256) < t->nrows)
        return &t->rows[c - 256];
    for (size_t i = 0; i < t->nrows; i++)
        if (t->rows[i].name && t->rows[i].letter == c)
            return &t->rows[i];
    return NULL;
}

int pint_opt_parse(const pint_opt_table *t, int argc, char **argv,
                   void *conf, char *msg, size_t len)
{
    struct option *lng = malloc((t->nrows + 1) * sizeof *lng);
    char *shrt = malloc(2 * t->nrows + 2);
    int rc = 0;
    if (!lng || !shrt) {
        snprintf(msg, len, "out of memory");
        rc = -1;
        goto done;
    }
    getopt_tables(t, lng, shrt);
    opterr = 0;                 /* we print our own one-line errors */
    optind = 0;                 /* 0: glibc resets its state fully, so the
                                   parser can run again in one process */
    int c;
    while (rc == 0 && (c = getopt_long(argc, argv, shrt, lng, NULL)) != -1) {
        const pint_opt *o = option_of(t, c);
        if (c == '?')
            snprintf(msg, len, "unknown option '%s' (see --help)",
                     argv[optind - 1]);
        else if (c == ':')
            snprintf(msg, len, "option '%s' needs a value", argv[optind - 1]);
        else if (!o)
            snprintf(msg, len, "unexpected option");
        if (c == '?' || c == ':' || !o
            || pint_opt_apply(t, o, optarg, conf, msg, len) != 0)
            rc = -1;
        else if (t->seen)
            t->seen((size_t)(o - t->rows), conf);
    }
    if (rc == 0 && optind < argc) {
        snprintf(msg, len, "unexpected argument '%s' (see --help)",
                 argv[optind]);
        rc = -1;
    }
done:
    free(lng);
    free(shrt);
    return rc;
}

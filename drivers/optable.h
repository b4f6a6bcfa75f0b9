/* optable.h -- a program's options as one table (private to the drivers).
 *
 * Each row is one option: its name, what its value is and where in the
 * program's configuration it goes, its one-line error and its lines of
 * --help.  From the table come the getopt parser, --help, and (for the
 * rows marked as keys) the KEY=VALUE keys of pint's batch lists, so a
 * new option is one row.  pint's table is in cli.c, pint-bench's in
 * pint_bench.c.
 */
#ifndef PINT_OPTABLE_H
#define PINT_OPTABLE_H

#include <stddef.h>
#include <stdio.h>

/* What an option's value is, and how it is stored at `at`. */
enum pint_opt_kind {
    PINT_OPT_TEXT,      /* the argument as it is (const char *) */
    PINT_OPT_PATH,      /* a file name, not empty (const char *) */
    PINT_OPT_FLAG,      /* no argument: the int is set to lo */
    PINT_OPT_COUNT,     /* a whole number lo..hi: int 'i', long long 'l',
                           size_t 'z' */
    PINT_OPT_REAL,      /* a finite number, lo < v <= hi (double) */
    PINT_OPT_REAL0,     /* a finite number, lo <= v <= hi (double) */
    PINT_OPT_NAME,      /* one of the names from_name knows (an enum) */
    PINT_OPT_OTHER      /* the table's own code: pint_opt_table.other */
};

typedef struct {
    const char *name;           /* --name; NULL: lines of --help only */
    char letter;                /* -x as well, or 0 */
    enum pint_opt_kind kind;
    size_t at;                  /* where in the configuration it goes */
    char type;                  /* COUNT: the integer type */
    double lo, hi;
    int (*from_name)(const char *name);         /* NAME */
    const char *err;            /* the error, %s: the value given */
    const char *help;           /* its lines of --help */
    int key;                    /* 1: also a KEY=VALUE of a batch line */
} pint_opt;

typedef struct pint_opt_table pint_opt_table;
struct pint_opt_table {
    const pint_opt *rows;
    size_t nrows;
    /* An OTHER option's value into conf: 0, or -1 with the reason. */
    int (*other)(const pint_opt *o, const char *arg, void *conf, char *msg,
                 size_t len);
    /* When not NULL: told of every option pint_opt_parse applied (row i
     * of rows), so the program knows which were given. */
    void (*seen)(size_t i, void *conf);
};

/* Every row's lines of --help, in order. */
void pint_opt_usage(const pint_opt_table *t, FILE *out);

/* The row of the option --name, or NULL. */
const pint_opt *pint_opt_find(const pint_opt_table *t, const char *name);

/* Option o with its value arg (NULL for a FLAG) into conf: 0, or -1 with
 * the row's one-line error in msg. */
int pint_opt_apply(const pint_opt_table *t, const pint_opt *o,
                   const char *arg, void *conf, char *msg, size_t len);

/* argv's options into conf, with getopt_long: 0, or -1 with a one-line
 * reason (an unknown option, a missing value, a bad value, a stray
 * argument).  Runs again in one process (the getopt state is reset). */
int pint_opt_parse(const pint_opt_table *t, int argc, char **argv,
                   void *conf, char *msg, size_t len);

#endif /* PINT_OPTABLE_H */

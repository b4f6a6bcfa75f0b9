/* batch.h -- lists of integrals for `pint --batch FILE` and the family
 * generator `--family NAME --count N` (private to the drivers).
 *
 * A list file has one integral per line:
 *
 *     # comment: '#' to the end of the line; blank lines are skipped
 *     FUNCTION DIM [KEY=VALUE ...]
 *
 * FUNCTION is a built-in integrand (pint --list), with plugin=FILE a
 * plug-in symbol, with expr=EXPR a name of the user's choice (it labels
 * the output); DIM its dimension.  Keys (each at most once per line but
 * expr; a key not given takes the command line's value, which takes
 * pint's default; a key is parsed as the option of the same name, by the
 * table of cli.c, whose rows marked .key are the keys):
 *     er=EPS ea=EPS max-evals=N seed=S difficulty=B norm=N scale=L
 *     method=M rule=R
 *     lo=A[,A...] hi=B[,B...]   one value: every axis; else DIM values
 *     points=[xK:]a,b,...       breakpoints
 *     plugin=FILE ncomp=M       a plug-in integrand with M components
 *     expr=EXPR                 an expression in x1..xDIM (integrands/
 *                               expr.h); several give the components
 * A value may be quoted, KEY='...' or KEY="...": it then runs to the
 * same quote (no escapes), blanks and '#' included, as an expression
 * with blanks needs:  expr 3 expr='exp(-x1^2 - x2^2) * cos(x3)'.
 * Every error names the file and the line: "list.txt:7: unknown key
 * 'tol'"; an error in an expression or a quote also the column in the
 * line: "list.txt:7: column 31: unknown name 'y' ...".
 */
#ifndef PINT_BATCH_H
#define PINT_BATCH_H

#include <stddef.h>
#include <stdint.h>
#include "cli.h"

typedef struct {
    int line;                   /* line number in the file (0: generated) */
    char function[64];          /* integrand name or plug-in symbol */
    char *plugin;               /* shared object path, or NULL */
    int ndim;                   /* 1 .. PINT_CLI_MAX_DIM */
    int ncomp;                  /* plug-in components (0: not given) */
    char **expr;                /* expr= texts, one per component ... */
    int nexpr;                  /* ... (0: not an expression) */
    double *lo, *hi;            /* ndim bounds each (malloc'ed) */
    pint_options opt;           /* the command line's with the line's keys
                                   (tolerances, limits, norm, scale, ...) */
    uint64_t seed;
    double difficulty;
    double *points;             /* the line's points= (malloc'ed, or NULL:
                                   opt.points are the command line's) ... */
    int *points_axis;           /* ... on these axes, 0-based */
} pint_batch_entry;

/* Read the list at path; defaults for the keys a line does not give come
 * from cli (its opt, seed, difficulty, lo/hi when given as one value or
 * DIM values, ncomp).  Returns the entries (*count of
 * them, at least one) or NULL with a one-line reason in msg. */
pint_batch_entry *pint_batch_read(const char *path, const pint_cli *cli,
                                  size_t *count, char *msg, size_t msglen);

/* count instances of the built-in family at dimension ndim, seeds seed,
 * seed + 1, ..., the other settings from cli.  NULL with a reason in msg
 * on a bad family, dimension or count, or when out of memory. */
pint_batch_entry *pint_batch_family(const char *family, int ndim,
                                    size_t count, uint64_t seed,
                                    const pint_cli *cli, char *msg,
                                    size_t msglen);

void pint_batch_free(pint_batch_entry *entries, size_t count);

#endif /* PINT_BATCH_H */

/* cli.h -- the command line of pint: options into a configuration. */
#ifndef PINT_CLI_H
#define PINT_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "pint.h"

#define PINT_CLI_MAX_DIM 1000   /* the QMC and MC limit; rules have their own */
#define PINT_CLI_MAX_EXPR 1024  /* -e components, as --ncomp */
#define PINT_CLI_JSON_ARRAY 2   /* --json-array: a batch as one array */
#define PINT_CLI_CHECKPOINT_EVERY 60.0  /* seconds, --checkpoint-every */
#define PINT_CLI_MAX_POINTS 1000 /* --points, all axes together */
#define PINT_CLI_MAX_OPTIONS 160 /* rows of the option table (cli.c) */

typedef struct {
    const char *function;       /* -f: integrand name or plug-in symbol */
    const char *plugin;         /* --plugin: shared object path */
    const char *expr[PINT_CLI_MAX_EXPR]; /* -e: one per component */
    int nexpr;
    const char *simplex_file;   /* --simplex */
    int ndim;                   /* -d, 0 when not given */
    int ncomp;                  /* --ncomp, 0 when not given */
    double lo[PINT_CLI_MAX_DIM], hi[PINT_CLI_MAX_DIM];
    int nlo, nhi;               /* how many values --lo/--hi gave */
    pint_options opt;
    double cost_us[64];         /* --cost-us/--spin-us list: rank r uses */
    int ncost;                  /* cost_us[r % ncost] (0: none given) */
    int cost_spin;              /* 1: --spin-us (burn the CPU) */
    uint64_t seed;
    double difficulty;
    const char *batch_file;     /* --batch: a list of integrals */
    const char *family;         /* --family: generated instances ... */
    long long count;            /* ... --count of them (0: not given) */
    int groups, group_size;     /* --groups / --group-size (0: not given) */
    double checkpoint_every;    /* --checkpoint-every, 0 when not given */
    double points[PINT_CLI_MAX_POINTS];         /* --points ... */
    int points_axis[PINT_CLI_MAX_POINTS];       /* ... on these axes */
    int json;                   /* 1 --json, PINT_CLI_JSON_ARRAY */
    int unordered;              /* --unordered: a batch's results as they
                                   end */
    double batch_time_limit;    /* --batch-time-limit, 0 when not given */
    int list, help, version, verbose, progress;
    unsigned char given[PINT_CLI_MAX_OPTIONS]; /* by row of the table */
} pint_cli;

/* Parse argv into cli.  Returns 0, or -1 with a one-line reason in msg. */
int pint_cli_parse(int argc, char **argv, pint_cli *cli, char *msg,
                   size_t msglen);

/* What names an integrand in a checkpoint's fingerprint (so a resumed
 * run integrates the same function): its expressions joined by "; "
 * (nexpr > 0), else the plug-in's file name without its directory (a
 * moved library still matches) and symbol, else the built-in function
 * with its seed and difficulty.  Caller frees; NULL when out of memory. */
char *pint_cli_identity(int nexpr, const char *const *expr,
                        const char *plugin,
                        const char *function, uint64_t seed,
                        double difficulty);

void pint_cli_usage(FILE *out);

/* KEY=VALUE of a batch line into cli, as --KEY VALUE on the command line
 * (the options the table marks as keys: er, ea, max-evals, seed, ...).
 * 0; 1 when KEY is not a key; -1 with the option's one-line error in msg,
 * naming the key without its dashes. */
int pint_cli_key(pint_cli *cli, const char *key, const char *value,
                 char *msg, size_t msglen);

/* Read a simplex file: vertices one per line (numbers separated by
 * blanks or commas), every ndim+1 vertices one simplex; '#' starts a
 * comment.  *ndim is the dimension found (checked against a non-zero
 * *ndim on entry).  Returns the vertices (caller frees) or NULL with a
 * one-line reason in msg. */
double *pint_read_simplex_file(const char *path, int *ndim,
                               size_t *nsimplices, char *msg, size_t msglen);

#endif /* PINT_CLI_H */

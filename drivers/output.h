/* output.h -- printing a result as a human table or as JSON. */
#ifndef PINT_OUTPUT_H
#define PINT_OUTPUT_H

#include <stdio.h>
#include "pint.h"
#include "cli.h"

typedef struct {
    const pint_cli *cli;
    const char *function;       /* integrand name or plug-in symbol */
    int ndim;
    const char *domain;         /* "box" or "simplices" */
    const double *exact;        /* exact values, NULL when unknown */
    int ranks;
} pint_report;

void pint_print_text(FILE *out, const pint_report *rep, const pint_result *res);
void pint_print_json(FILE *out, const pint_report *rep, const pint_result *res);
/* JSON pieces: a number (the fewest digits that read back as the same
 * double; null for NaN and Inf), an array of them, a string with
 * escapes. */
void pint_json_number(FILE *out, double v);
/* The settings of one integral's JSON object: ", \"epsabs\": .., \"epsrel\":
 * .., \"norm\": .." and, for a built-in integrand, ", \"seed\": ..,
 * \"difficulty\": ..". */
void pint_json_settings(FILE *out, const pint_options *opt, int builtin,
                        uint64_t seed, double difficulty);

/* The checkpoint fields of a result's JSON object (opt's checkpoint and
 * resume files; none when neither is set): "checkpoint",
 * "checkpoints_written", "checkpoint_message", "resumed_from",
 * "resumed_evals". */
void pint_json_checkpoint(FILE *out, const pint_options *opt,
                          const pint_result *res);
void pint_json_array(FILE *out, const double *v, int n);
void pint_json_string(FILE *out, const char *s);
/* Per-rank statistics as a table (--verbose). */
void pint_print_ranks(FILE *out, const pint_result *res);

#endif

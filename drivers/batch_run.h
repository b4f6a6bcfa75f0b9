/* batch_run.h -- the --batch / --family mode of pint (batch_run.c). */
#ifndef PINT_BATCH_RUN_H
#define PINT_BATCH_RUN_H

#include <stddef.h>
#include "cli.h"

/* Build the list on every rank, integrate it in groups, print on rank 0.
 * agree() makes every rank learn the first rank's setup failure.
 * Returns the exit status (0, 1 or 2; see batch_run.c). */
int pint_run_batch(const pint_cli *cli, int rank, int size,
                   int (*agree)(int failed, char *msg, size_t len));

#endif

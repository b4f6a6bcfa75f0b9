/* fuzz_batch.c -- the --batch list reader (drivers/batch.c): any bytes
 * are read or refused with one line "FILE:LINE: reason", never a crash
 * or leak; every expression it accepts compiles as the vector integrand
 * that batch_run.c builds from it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "batch.h"
#include "expr.h"
#include "fuzz.h"

static char path[64];

static void remove_file(void)
{
    unlink(path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    strcpy(path, "/tmp/pint-fuzz-batch-XXXXXX");
    int fd = mkstemp(path);
    if (fd < 0)
        abort();
    close(fd);
    atexit(remove_file);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();
    char *argv[] = { "pint", NULL };
    pint_cli cli;
    char msg[512];
    if (pint_cli_parse(1, argv, &cli, msg, sizeof msg) != 0)
        abort();
    size_t count = 0;
    pint_batch_entry *e = pint_batch_read(path, &cli, &count, msg, sizeof msg);
    if (!e) {
        /* "PATH:LINE: ...", or "list 'PATH' holds no integrals" */
        if (!strstr(msg, path) || strchr(msg, '\n')) {
            fprintf(stderr, "fuzz_batch: not one line naming the file: %s\n",
                    msg);
            abort();
        }
        return 0;
    }
    if (count == 0)
        abort();
    for (size_t i = 0; i < count; i++) {
        if (e[i].ndim < 1 || e[i].ndim > PINT_CLI_MAX_DIM || !e[i].lo || !e[i].hi)
            abort();
        if (e[i].nexpr == 0) {
            if (e[i].expr)
                abort();
            continue;
        }
        if (e[i].plugin || !e[i].expr)
            abort();
        pint_expr *x = pint_expr_compile(e[i].nexpr,
                                         (const char *const *)e[i].expr,
                                         e[i].ndim, msg, sizeof msg);
        if (!x) {
            fprintf(stderr, "fuzz_batch: line %d accepted, but: %s\n",
                    e[i].line, msg);
            abort();
        }
        pint_expr_free(x);
    }
    pint_batch_free(e, count);
    return 0;
}

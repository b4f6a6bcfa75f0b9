/* fuzz_batch.c -- the --batch list reader (drivers/batch.c): any bytes
 * are read or refused with "FILE:LINE: reason", never a crash or leak. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "batch.h"
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
        if (strncmp(msg, path, strlen(path)) != 0) {
            fprintf(stderr, "fuzz_batch: message without the file: %s\n", msg);
            abort();
        }
        return 0;
    }
    if (count == 0)
        abort();
    for (size_t i = 0; i < count; i++)
        if (e[i].ndim < 1 || e[i].ndim > PINT_CLI_MAX_DIM || !e[i].lo || !e[i].hi)
            abort();
    pint_batch_free(e, count);
    return 0;
}

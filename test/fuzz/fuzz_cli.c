/* fuzz_cli.c -- the whole pint command (pint_command.h) in one process
 * on random argument vectors: it must return 0, 1 or 2, never crash,
 * leak or trip a sanitizer.
 *
 * Each input byte picks a token: below 0xe0 one from a vocabulary of
 * pint's options and of values good and bad for them; from 0xe0 on, the
 * next bytes up to a NUL are a raw token.  Every vector ends with
 * --max-evals 20000 --max-regions 2000 (the last value of an option
 * wins), so that no run takes long; --count, --cost-us and --spin-us
 * are left out for the same reason, and --checkpoint (any --ch...
 * abbreviation) because it writes files. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "fuzz.h"
#include "pint_command.h"

static const char *const vocabulary[] = {
    "-f", "-e", "-d", "--function", "--expr", "--dim", "--ncomp", "--lo",
    "--hi", "--simplex", "--ea", "--er", "--max-evals", "--max-regions",
    "--rule", "--method", "--seed", "--difficulty", "--plugin", "--list",
    "--json", "--help", "-h", "--version", "--dedicated-controller",
    "--update-evals", "--update-seconds", "--lb-regions", "--verify",
    "--verbose", "--shifts", "--periodize", "--qmc-units",
    "--units-per-worker", "--schedule", "--unit-seconds", "--batch",
    "--family", "--groups", "--group-size", "--bogus", "-", "--", "-x",
    "genz1", "genz2", "genz3", "genz4", "genz5", "genz6", "explin",
    "nosuch", "x1*x2", "exp(-x1^2", "x3 + 1", "sin(pi*x1)", "1/x1",
    "log(x1 - 0.5)", "0", "1", "2", "3", "5", "20", "21", "1000", "1001",
    "-1", "1e-3", "1e-6", "1e-12", "0.5", "1e300", "nan", "inf", "1e",
    "0,1", "0,1,2", "-1,0", "1,,2", ",", "", "auto", "sym9", "sym7", "gm",
    "gk21", "simplex7", "simplex9", "adaptive", "mc", "qmc", "none",
    "baker", "sidi", "row", "single-cell", "constant-row", "ss", "gss",
    "af", "/nonexistent", "/dev/null", "18446744073709551615",
    "18446744073709551616", "9e18", "1e7", "0.001", "3600", "3601",
    "--time-limit", "--progress", "--resume", "2.5", "1e9", "1e10",
};
enum { NVOCAB = sizeof vocabulary / sizeof vocabulary[0], MAX_ARGS = 40 };

static FILE *report;             /* the original stdout */
static long statuses[3];

static void finish(void)
{
    fprintf(report, "pint exit status 0: %ld, 1: %ld, 2: %ld\n", statuses[0],
            statuses[1], statuses[2]);
    fclose(report);
    MPI_Finalize();
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    MPI_Init(argc, argv);
    /* the command prints results and errors: keep the log readable */
    int fd = dup(1);
    if (fd < 0 || !(report = fdopen(fd, "w"))
        || !freopen("/dev/null", "w", stdout)
        || !freopen("/dev/null", "w", stderr))
        abort();
    atexit(finish);
    return 0;
}

static int forbidden(const char *tok)
{
    return strstr(tok, "count") || strstr(tok, "cost") || strstr(tok, "spin")
           || strncmp(tok, "--ch", 4) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *args[MAX_ARGS + 6];
    char raw[MAX_ARGS][64];
    int argc = 0, nraw = 0;
    args[argc++] = "pint";
    for (size_t i = 0; i < size && argc < MAX_ARGS; i++) {
        if (data[i] < 0xe0) {
            args[argc++] = (char *)vocabulary[data[i] % NVOCAB];
            continue;
        }
        size_t len = 0;
        for (i++; i < size && data[i] && len < 63; i++)
            raw[nraw][len++] = (char)data[i];
        raw[nraw][len] = '\0';
        args[argc++] = raw[nraw++];
    }
    for (int i = 1; i < argc; i++)
        if (forbidden(args[i]))
            return 0;
    args[argc++] = "--max-evals";
    args[argc++] = "20000";
    args[argc++] = "--max-regions";
    args[argc++] = "2000";
    args[argc] = NULL;
    int status = pint_command(argc, args, 0);
    if (status < 0 || status > 2) {
        fprintf(report, "fuzz_cli: exit status %d for:", status);
        for (int i = 1; i < argc; i++)
            fprintf(report, " '%s'", args[i]);
        fputc('\n', report);
        fflush(report);
        abort();
    }
    statuses[status]++;
    return 0;
}

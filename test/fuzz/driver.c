/* driver.c -- a deterministic stand-in for libFuzzer (see fuzz.h):
 *
 *   fuzz_TARGET [-n N] [-s SEED] FILE...
 *
 * runs every FILE through the target, then N inputs made from them by
 * random byte edits (flip, insert, delete, splice two inputs), drawn from
 * a generator seeded with SEED, so a failure repeats exactly.  A crash or
 * a sanitizer report is the failure; the target checks its own
 * invariants and aborts when one breaks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"

enum { MAX_INPUT = 4096, MAX_FILES = 256 };

static uint64_t next(uint64_t *s)       /* splitmix64 */
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

typedef struct { uint8_t *data; size_t size; } input;

static int read_file(const char *path, input *in)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    in->data = malloc(MAX_INPUT);
    in->size = in->data ? fread(in->data, 1, MAX_INPUT, f) : 0;
    fclose(f);
    return in->data ? 0 : -1;
}

static size_t mutate(const input *corpus, size_t n, uint64_t *s, uint8_t *out)
{
    const input *a = &corpus[next(s) % n];
    size_t size = a->size;
    memcpy(out, a->data, size);
    int edits = 1 + (int)(next(s) % 8);
    for (int e = 0; e < edits; e++) {
        uint64_t r = next(s);
        size_t at = size ? (size_t)(r >> 8) % size : 0;
        switch (r % 5) {
        case 0:                                 /* flip a byte */
            if (size)
                out[at] ^= (uint8_t)(1u << (next(s) % 8));
            break;
        case 1:                                 /* a random byte */
            if (size)
                out[at] = (uint8_t)next(s);
            break;
        case 2:                                 /* insert */
            if (size < MAX_INPUT) {
                memmove(out + at + 1, out + at, size - at);
                out[at] = (uint8_t)next(s);
                size++;
            }
            break;
        case 3:                                 /* delete */
            if (size) {
                memmove(out + at, out + at + 1, size - at - 1);
                size--;
            }
            break;
        default: {                              /* splice another input */
            const input *b = &corpus[next(s) % n];
            size_t from = b->size ? (size_t)next(s) % b->size : 0;
            size_t len = b->size - from;
            if (len > MAX_INPUT - at)
                len = MAX_INPUT - at;
            memcpy(out + at, b->data + from, len);
            size = at + len > size ? at + len : size;
            break;
        }
        }
    }
    return size;
}

int main(int argc, char **argv)
{
    long n = 1000;
    uint64_t seed = 1;
    input corpus[MAX_FILES];
    size_t ncorpus = 0;
    LLVMFuzzerInitialize(&argc, &argv);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc)
            n = strtol(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "-s") == 0 && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (ncorpus < MAX_FILES && read_file(argv[i], &corpus[ncorpus]) == 0)
            ncorpus++;
        else {
            fprintf(stderr, "fuzz driver: cannot read '%s'\n", argv[i]);
            return 2;
        }
    }
    if (ncorpus == 0) {
        fprintf(stderr, "fuzz driver: no corpus file\n");
        return 2;
    }
    for (size_t i = 0; i < ncorpus; i++)
        LLVMFuzzerTestOneInput(corpus[i].data, corpus[i].size);
    static uint8_t buf[MAX_INPUT];
    for (long k = 0; k < n; k++)
        LLVMFuzzerTestOneInput(buf, mutate(corpus, ncorpus, &seed, buf));
    for (size_t i = 0; i < ncorpus; i++)
        free(corpus[i].data);
    fprintf(stderr, "%s: %zu corpus inputs and %ld mutations: no failure\n",
            argv[0], ncorpus, n);
    return 0;
}

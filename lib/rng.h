/* rng.h -- counter-based random streams (Philox4x32-10, Salmon et al.,
 * "Parallel random numbers: as easy as 1, 2, 3", SC 2011).
 *
 * A draw is a pure function of (seed, stream, counter): the 128-bit
 * counter holds the draw index and the stream number, and Philox is a
 * bijection of the counter for a fixed key, so two streams never produce
 * the same block, on any number of ranks.  Monte Carlo's rounds draw one
 * shared stream by position, its fixed-time units stream r on rank r
 * (mc.h); VEGAS one stream by position.  No global state.
 */
#ifndef PINT_RNG_H
#define PINT_RNG_H

#include <stdint.h>

typedef struct {
    uint32_t key[2];            /* from the seed */
    uint32_t stream;            /* e.g. the MPI rank */
    uint64_t counter;           /* blocks drawn so far */
    uint32_t block[4];          /* the current block of 4 words */
    int used;                   /* words of it used (4: draw a new one) */
} pint_stream;

/* The Philox4x32-10 bijection: out = philox(ctr, key). */
void pint_philox4x32(const uint32_t ctr[4], const uint32_t key[2],
                     uint32_t out[4]);

void pint_stream_init(pint_stream *s, uint64_t seed, uint32_t stream);
/* Continue as if `draws` uniforms had been drawn since init (a resumed
 * run picks up its stream where the checkpoint left it). */
void pint_stream_seek(pint_stream *s, uint64_t draws);
/* A uniform double in (0, 1) with 53 random bits (never 0 or 1). */
double pint_stream_uniform(pint_stream *s);

#endif

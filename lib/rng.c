/* rng.c -- Philox4x32-10 counter-based streams (see rng.h). */
#include "rng.h"

static void mulhilo(uint32_t a, uint32_t b, uint32_t *hi, uint32_t *lo)
{
    uint64_t p = (uint64_t)a * b;
    *hi = (uint32_t)(p >> 32);
    *lo = (uint32_t)p;
}

void pint_philox4x32(const uint32_t ctr[4], const uint32_t key[2],
                     uint32_t out[4])
{
    uint32_t c0 = ctr[0], c1 = ctr[1], c2 = ctr[2], c3 = ctr[3];
    uint32_t k0 = key[0], k1 = key[1];
    for (int round = 0; round < 10; round++) {
        uint32_t hi0, lo0, hi1, lo1;
        mulhilo(0xD2511F53u, c0, &hi0, &lo0);
        mulhilo(0xCD9E8D57u, c2, &hi1, &lo1);
        uint32_t n0 = hi1 ^ c1 ^ k0, n2 = hi0 ^ c3 ^ k1;
        c0 = n0;
        c1 = lo1;
        c2 = n2;
        c3 = lo0;
        k0 += 0x9E3779B9u;      /* Weyl sequence of the key schedule */
        k1 += 0xBB67AE85u;
    }
    out[0] = c0;
    out[1] = c1;
    out[2] = c2;
    out[3] = c3;
}

void pint_stream_init(pint_stream *s, uint64_t seed, uint32_t stream)
{
    s->key[0] = (uint32_t)seed;
    s->key[1] = (uint32_t)(seed >> 32);
    s->stream = stream;
    s->counter = 0;
    s->used = 4;
}

static void next_block(pint_stream *s)
{
    /* counter words: draw index (64 bits), stream, a constant 0 */
    uint32_t ctr[4] = { (uint32_t)s->counter, (uint32_t)(s->counter >> 32),
                        s->stream, 0 };
    pint_philox4x32(ctr, s->key, s->block);
    s->counter++;
    s->used = 0;
}

void pint_stream_seek(pint_stream *s, uint64_t draws)
{
    s->counter = draws / 2;
    s->used = 4;
    if (draws % 2) {
        next_block(s);
        s->used = 2;
    }
}

double pint_stream_uniform(pint_stream *s)
{
    if (s->used > 2)
        next_block(s);
    uint64_t w = ((uint64_t)s->block[s->used] << 32) | s->block[s->used + 1];
    s->used += 2;
    /* 53 bits, offset by half an ulp: strictly inside (0, 1) */
    return ((double)(w >> 11) + 0.5) * (1.0 / 9007199254740992.0);
}

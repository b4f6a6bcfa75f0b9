/* korobov.c -- choose the generators of pint's rank-1 Korobov lattice rules.
 *
 * Prints the C source of rules/korobov_table.c on stdout and progress on
 * stderr:
 *
 *     gcc -O3 -march=native -std=c11 rules/tools/korobov.c -o korobov -lm
 *     ./korobov > rules/korobov_table.c
 *
 * Options (the defaults made the committed table; the header of the output
 * repeats the exact settings):
 *     -m MAXEXP  last N is the largest prime below 2^MAXEXP (default 22)
 *     -c COUNT   candidates per N when [2, N/2] holds more (default 1024)
 *     -s S       effective dimension of the search merit (default 200)
 *     -r SEED    seed of the candidate sampler (default 1)
 *     -p         probe: print P_2 against s for a few rules and exit
 *
 * Lattice: x_k = {k z / N}, z = (1, a, a^2, ..., a^(s-1)) mod N, k = 0..N-1.
 * Figure of merit, product weights gamma_j = 1/j^2:
 *
 *     P_2 = -1 + (1/N) sum_k prod_{j=1}^{s} (1 + gamma_j 2 pi^2 B_2({k z_j/N})),
 *     B_2(x) = x^2 - x + 1/6.
 *
 * P_2 is the worst-case squared error of the rule in the weighted Korobov
 * space of smoothness alpha = 2; gamma_j = 1/j^2 is summable, so P_2
 * converges as s grows and one a serves every dimension up to 400 (the
 * QMC engine's limit).
 *
 * Method, for every N (the largest prime below 2^m, m = 10 .. MAXEXP):
 *  1. Candidates: every a in [2, N/2] when there are at most COUNT of them
 *     (N = 1021 and 2039 with the defaults), otherwise COUNT candidates, one drawn
 *     uniformly from each of COUNT equal strata of [2, N/2] (splitmix64,
 *     fixed seed), so the set is both random and spread over the range.
 *     a and N - a give the same merit (B_2 is symmetric), hence a <= N/2.
 *  2. A candidate is rejected when a^j = +-1 (mod N) for some 1 <= j < 400:
 *     then two of the first 400 coordinates coincide or mirror each other
 *     and the rule is useless in high dimension, although P_2 with a
 *     small s cannot see it.
 *  3. Search merit: P_2 with s = S (200), evaluated in double with integer
 *     arithmetic for k z_j mod N (incremental, exact), using the symmetry
 *     k <-> N - k.  The candidate with the smallest value is chosen.
 *  4. The stored merit of the winner is recomputed carefully: exact
 *     integer numerator of B_2, prod - 1 by a recurrence, all in long
 *     double (test/test_korobov.c recomputes it the same way).  The
 *     winner's P_2 at s = 400 is written as a comment, to show that the
 *     truncation at S changes the merit by a few percent at most.
 *
 * Effective dimension S = 200.  With gamma_j = 1/j^2 the tail beyond s
 * adds to P_2 about in proportion to sum_{j>s} gamma_j ~ 1/s, and it is
 * not small: measured with -p on the best rules for N = 1021 .. 16381,
 * P_2(400)/P_2(s) - 1 is
 *       s =   32        64        100       200
 *           +30..94%  +11..23%  +7..9%    +2..3%
 * so s = 32 (tried first) would rank candidates on a merit that misses a
 * third of the s = 400 value, while at s = 200 the remaining weights
 * change P_2 by 2-5% in 9 of the 13 rows, 6-7% in 3 and 11% in one (both
 * merits are in each row of the output).  S = 400 would remove the tail but
 * halve the number of candidates within the time budget.
 *
 * Range and cost: N up to 4194301 (largest prime below 2^22) with 1024
 * candidates at s = 200 took 216 s on one core (time doubles
 * per row; the last row is about half of it); 2^23 would double that
 * and was beyond the time budget of the run that made the table.
 *
 * Nothing is copied from published tables; everything is computed here.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SMAX 400

static const double two_pi2 = 19.739208802178717237668981999752302; /* 2 pi^2 */

static uint64_t sm_state;
static uint64_t splitmix64(void)
{
    uint64_t z = (sm_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int is_prime(long long n)
{
    if (n < 2)
        return 0;
    for (long long d = 2; d * d <= n; d++)
        if (n % d == 0)
            return 0;
    return 1;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* 1 when a^j = +-1 mod n for some 1 <= j < SMAX. */
static int short_order(long long n, long long a)
{
    long long p = 1;
    for (int j = 1; j < SMAX; j++) {
        p = p * a % n;
        if (p == 1 || p == n - 1)
            return 1;
    }
    return 0;
}

/* Fast P_2 for the search (double; N odd). */
static double merit_fast(long long n, long long a, int s)
{
    int32_t z[SMAX], r[SMAX];
    double w[SMAX], t[SMAX];
    long long p = 1;
    for (int j = 0; j < s; j++) {
        z[j] = (int32_t)p;
        r[j] = 0;
        w[j] = two_pi2 / ((double)(j + 1) * (j + 1));
        p = p * a % n;
    }
    const int32_t nn = (int32_t)n;
    const double inv = 1.0 / (double)n, c6 = 1.0 / 6.0;
    double total = 0.0, comp = 0.0; /* Kahan over blocks */
    double block = 0.0;
    long long half = (n - 1) / 2;
    for (long long k = 1; k <= half; k++) {
        for (int j = 0; j < s; j++) {
            int32_t v = r[j] + z[j];
            v = v >= nn ? v - nn : v;
            r[j] = v;
            double x = (double)v * inv;
            t[j] = 1.0 + w[j] * (x * x - x + c6);
        }
        double p0 = 1, p1 = 1, p2 = 1, p3 = 1;
        int j = 0;
        for (; j + 4 <= s; j += 4) {
            p0 *= t[j];
            p1 *= t[j + 1];
            p2 *= t[j + 2];
            p3 *= t[j + 3];
        }
        for (; j < s; j++)
            p0 *= t[j];
        block += (p0 * p1) * (p2 * p3) - 1.0;
        if ((k & 1023) == 0 || k == half) {
            double y = block - comp, u = total + y;
            comp = (u - total) - y;
            total = u;
            block = 0.0;
        }
    }
    /* k = 0: every B_2(0) = 1/6. */
    double d0 = 1.0;
    for (int jj = 0; jj < s; jj++)
        d0 *= 1.0 + w[jj] * c6;
    return (d0 - 1.0 + 2.0 * total) / (double)n;
}

/* Careful P_2 for the stored merit (long double, exact B_2 numerators). */
static double merit_careful(long long n, long long a, int s)
{
    long long z[SMAX];
    long double w[SMAX];
    const long double pi = 3.141592653589793238462643383279502884L;
    long long p = 1;
    for (int j = 0; j < s; j++) {
        z[j] = p;
        w[j] = 2.0L * pi * pi / ((long double)(j + 1) * (j + 1))
             / (6.0L * (long double)n * (long double)n);
        p = p * a % n;
    }
    long double sum = 0.0L;
    for (long long k = 0; k <= (n - 1) / 2; k++) {
        long double d = 0.0L; /* prod - 1 */
        for (int j = 0; j < s; j++) {
            long long r = k * z[j] % n;
            long long num = 6 * r * r - 6 * r * n + n * n; /* 6 N^2 B_2 */
            long double x = w[j] * (long double)num;
            d = d + x + d * x;
        }
        sum += k == 0 ? d : 2.0L * d;
    }
    return (double)(sum / (long double)n);
}

static int cmp_ll(const void *x, const void *y)
{
    long long a = *(const long long *)x, b = *(const long long *)y;
    return (a > b) - (a < b);
}

int main(int argc, char **argv)
{
    int maxexp = 22, count = 1024, seff = 200, probe = 0;
    unsigned long long seed = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-m") && i + 1 < argc)
            maxexp = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-c") && i + 1 < argc)
            count = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-s") && i + 1 < argc)
            seff = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-r") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "-p"))
            probe = 1;
        else {
            fprintf(stderr, "usage: %s [-m MAXEXP] [-c COUNT] [-s S] "
                            "[-r SEED] [-p]\n", argv[0]);
            return 2;
        }
    }
    if (maxexp < 10 || maxexp > 30 || count < 1 || seff < 1 || seff > SMAX) {
        fprintf(stderr, "korobov: option out of range\n");
        return 2;
    }

    int nrows = maxexp - 10 + 1;
    long long *ns = malloc(sizeof *ns * nrows), *as = malloc(sizeof *as * nrows);
    double *ms = malloc(sizeof *ms * nrows), *m400 = malloc(sizeof *m400 * nrows);
    long long *ncand = malloc(sizeof *ncand * nrows);
    long long *cand = malloc(sizeof *cand * (size_t)(count + 2048));
    if (!ns || !as || !ms || !m400 || !ncand || !cand)
        return 3;

    double t_start = now();
    for (int row = 0; row < nrows; row++) {
        long long n = (1LL << (10 + row)) - 1;
        while (!is_prime(n))
            n--;
        double t0 = now();
        sm_state = seed * 0x100000001b3ULL + (unsigned long long)n;
        long long hi = n / 2, range = hi - 1, nc = 0;
        if (range <= count) {
            for (long long a = 2; a <= hi; a++)
                cand[nc++] = a;
        } else {
            for (long long i = 0; i < count; i++) {
                long long lo = 2 + range * i / count;
                long long up = 2 + range * (i + 1) / count; /* exclusive */
                cand[nc++] = lo + (long long)(splitmix64() % (uint64_t)(up - lo));
            }
            qsort(cand, (size_t)nc, sizeof *cand, cmp_ll);
        }
        long long best_a = 0, tried = 0;
        double best = INFINITY;
        for (long long i = 0; i < nc; i++) {
            long long a = cand[i];
            if (short_order(n, a))
                continue;
            tried++;
            double m = merit_fast(n, a, seff);
            if (m < best) {
                best = m;
                best_a = a;
            }
        }
        if (best_a == 0) {
            fprintf(stderr, "korobov: no admissible candidate for N=%lld\n", n);
            return 1;
        }
        ns[row] = n;
        as[row] = best_a;
        ncand[row] = tried;
        ms[row] = merit_careful(n, best_a, seff);
        m400[row] = merit_fast(n, best_a, SMAX);
        fprintf(stderr, "N=%8lld a=%8lld cand=%5lld P2(s=%d)=%.6e "
                        "fast=%.6e P2(400)=%.6e ratio=%.4f  %.1fs (total %.1fs)\n",
                n, best_a, tried, seff, ms[row], best, m400[row],
                m400[row] / ms[row], now() - t0, now() - t_start);
        if (probe) {
            static const int ss[] = { 4, 8, 16, 24, 32, 48, 64, 100, 200, 400 };
            for (size_t q = 0; q < sizeof ss / sizeof ss[0]; q++)
                fprintf(stderr, "    s=%3d P2=%.6e  P2(400)/P2(s)-1=%+.4f\n", ss[q],
                        merit_fast(n, best_a, ss[q]),
                        m400[row] / merit_fast(n, best_a, ss[q]) - 1.0);
        }
    }
    if (probe)
        return 0;

    printf("/* korobov_table.c -- generators of pint's rank-1 Korobov lattice rules.\n"
           " *\n"
           " * GENERATED FILE, do not edit: computed by rules/tools/korobov.c.\n"
           " * Regenerate with\n"
           " *     gcc -O3 -march=native -std=c11 rules/tools/korobov.c -o korobov -lm\n"
           " *     ./korobov -m %d -c %d -s %d -r %llu > rules/korobov_table.c\n"
           " *\n"
           " * Search settings: N = largest prime below 2^m, m = 10..%d; a in [2, N/2],\n"
           " * all of them when there are at most %d, else %d stratified random\n"
           " * candidates (seed %llu); a rejected when a^j = +-1 mod N for 1 <= j < %d.\n"
           " * Merit P_2 with weights gamma_j = 1/j^2 and s = %d (effective\n"
           " * dimension); the comment of each row gives the number of candidates\n"
           " * evaluated and P_2 at s = %d for comparison.  Generator run time %.0f s.\n"
           " *\n"
           " * Layout: see korobov.h.\n"
           " */\n"
           "#include \"korobov.h\"\n\n"
           "const pint_korobov_rule pint_korobov_rules[] = {\n",
           maxexp, count, seff, seed, maxexp, count, count, seed, SMAX, seff, SMAX,
           now() - t_start);
    for (int row = 0; row < nrows; row++)
        printf("    { %8lld, %8lld, %.17e }, /* %5lld cand., P_2(400) = %.6e */\n",
               ns[row], as[row], ms[row], ncand[row], m400[row]);
    printf("};\n\nconst int pint_korobov_count =\n"
           "    (int)(sizeof pint_korobov_rules / sizeof pint_korobov_rules[0]);\n");
    free(ns); free(as); free(ms); free(m400); free(ncand); free(cand);
    return 0;
}

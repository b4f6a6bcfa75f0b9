/* test_korobov.c -- the table of Korobov lattice generators. */
#include "korobov.h"
#include "testutil.h"

#include <stdint.h>

static const long double pi_l = 3.141592653589793238462643383279502884L;

static int is_prime(long long n)
{
    if (n < 2)
        return 0;
    for (long long d = 2; d * d <= n; d++)
        if (n % d == 0)
            return 0;
    return 1;
}

static long long gcd(long long x, long long y)
{
    while (y) {
        long long t = x % y;
        x = y;
        y = t;
    }
    return x;
}

/* P_2 of the lattice (n, a) in dimension s, weights 1/j^2; n odd.
 * B_2 from its exact integer numerator 6 n^2 B_2(r/n) = 6r^2 - 6rn + n^2,
 * prod - 1 by the recurrence d <- d + x + d x, long double throughout,
 * terms k and n-k are equal. */
static double p2(long long n, long long a, int s)
{
    long long z[400];
    long double w[400];
    long long p = 1;
    for (int j = 0; j < s; j++) {
        z[j] = p;
        w[j] = 2.0L * pi_l * pi_l / ((long double)(j + 1) * (j + 1))
             / (6.0L * (long double)n * (long double)n);
        p = p * a % n;
    }
    long double sum = 0.0L;
    for (long long k = 0; k <= (n - 1) / 2; k++) {
        long double d = 0.0L;
        for (int j = 0; j < s; j++) {
            long long r = k * z[j] % n;
            long double x = w[j] * (long double)(6 * r * r - 6 * r * n + n * n);
            d = d + x + d * x;
        }
        sum += k == 0 ? d : 2.0L * d;
    }
    return (double)(sum / (long double)n);
}

static void test_table_shape(void)
{
    CU_ASSERT_FATAL(pint_korobov_count >= 8);
    for (int i = 0; i < pint_korobov_count; i++) {
        const pint_korobov_rule *r = &pint_korobov_rules[i];
        CU_ASSERT(is_prime(r->n));
        CU_ASSERT(r->n < (1LL << 31));
        CU_ASSERT(r->a >= 2 && r->a <= r->n / 2);
        CU_ASSERT(gcd(r->a, r->n) == 1);
        CU_ASSERT(isfinite(r->merit) && r->merit > 0.0);
        if (i > 0) {
            const pint_korobov_rule *q = &pint_korobov_rules[i - 1];
            CU_ASSERT(r->n > q->n);
            /* roughly doubling, and the merit improves with n */
            CU_ASSERT(r->n >= q->n + q->n / 2 && r->n <= 3 * q->n);
            CU_ASSERT(r->merit < q->merit);
        }
    }
    CU_ASSERT(pint_korobov_rules[0].n <= 2048);
}

static void test_merit_recomputed(void)
{
    for (int i = 0; i < 3 && i < pint_korobov_count; i++) {
        const pint_korobov_rule *r = &pint_korobov_rules[i];
        double m = p2(r->n, r->a, PINT_KOROBOV_MERIT_S);
        double rel = fabs(m - r->merit) / r->merit;
        if (!(rel <= 1e-12))
            fprintf(stderr, "\n  N=%lld a=%lld: %.17g vs %.17g\n",
                    r->n, r->a, m, r->merit);
        CU_ASSERT(rel <= 1e-12);
    }
}

static void test_beats_naive(void)
{
    for (int i = 0; i < 3 && i < pint_korobov_count; i++) {
        const pint_korobov_rule *r = &pint_korobov_rules[i];
        long long root = (long long)sqrt((double)r->n);
        double m2 = p2(r->n, 2, PINT_KOROBOV_MERIT_S);
        double mroot = p2(r->n, root, PINT_KOROBOV_MERIT_S);
        double mroot1 = p2(r->n, root + 1, PINT_KOROBOV_MERIT_S);
        double mine = p2(r->n, r->a, PINT_KOROBOV_MERIT_S);
        CU_ASSERT(mine < m2);
        CU_ASSERT(mine < mroot);
        CU_ASSERT(mine < mroot1);
    }
}

/* Integral over [0,1]^s of prod_j (1 + cos(2 pi x_j) / j^2) is 1. */
static double lattice_error(long long n, long long a, int s)
{
    double *c = malloc(sizeof *c * (size_t)n);
    long long z[100];
    CU_ASSERT_FATAL(c != NULL && s <= 100);
    for (long long r = 0; r < n; r++)
        c[r] = cos(2.0 * (double)pi_l * (double)r / (double)n);
    long long p = 1;
    for (int j = 0; j < s; j++) {
        z[j] = p;
        p = p * a % n;
    }
    long double sum = 0.0L;
    for (long long k = 0; k < n; k++) {
        double f = 1.0;
        for (int j = 0; j < s; j++)
            f *= 1.0 + c[k * z[j] % n] / ((double)(j + 1) * (j + 1));
        sum += f;
    }
    free(c);
    return fabs((double)(sum / (long double)n) - 1.0);
}

static void check_convergence(int s)
{
    int last = 0;
    while (last + 1 < pint_korobov_count && pint_korobov_rules[last + 1].n <= 140000)
        last++;
    CU_ASSERT_FATAL(last >= 5);
    double err[32];
    for (int i = 0; i <= last && i < 32; i++) {
        err[i] = lattice_error(pint_korobov_rules[i].n, pint_korobov_rules[i].a, s);
        fprintf(stderr, "\n  s=%d N=%lld error %.3e", s, pint_korobov_rules[i].n, err[i]);
    }
    CU_ASSERT(err[0] > 0.0);
    CU_ASSERT(err[last] * 100.0 <= err[0]);
    /* the fall is steady: the larger half of the rules beats the smallest */
    for (int i = (last + 1) / 2; i <= last; i++)
        CU_ASSERT(err[i] < err[0]);
}

static void test_integrate_s10(void)
{
    check_convergence(10);
}

static void test_integrate_s100(void)
{
    check_convergence(100);
}

int main(void)
{
    CU_TestInfo tests[] = {
        { "table sorted, N prime, a admissible", test_table_shape },
        { "stored merit recomputed", test_merit_recomputed },
        { "beats a = 2 and a ~ sqrt(N)", test_beats_naive },
        { "lattice rule converges, s = 10", test_integrate_s10 },
        { "lattice rule converges, s = 100", test_integrate_s100 },
        CU_TEST_INFO_NULL,
    };
    return pint_test_run("korobov", tests);
}

/* gkgen.c -- compute the Gauss-Kronrod tables of pint in quad precision.
 *
 * Prints the C source of rules/gk_tables.c on stdout and a verification
 * report on stderr:
 *
 *     gcc -O2 -std=gnu11 rules/tools/gkgen.c -o gkgen -lquadmath -lm
 *     ./gkgen > rules/gk_tables.c          (or: make regen-gk-tables)
 *
 * Nothing is copied from published tables; everything is computed here.
 * For the n-point Gauss-Legendre rule and its (2n+1)-point Kronrod
 * extension on [-1,1]:
 *
 *  1. Gauss nodes x_i: zeros of P_n by Newton from cos(pi(i+3/4)/(n+1/2));
 *     weights 2 / ((1 - x^2) P_n'(x)^2).
 *  2. The Stieltjes polynomial E_{n+1}, orthogonal to every polynomial of
 *     degree <= n with respect to the sign-changing weight P_n, written in
 *     the Legendre basis as E = P_{n+1} + sum_j c_j P_j (j = n-1, n-3, ...).
 *     By parity only the conditions  int P_n E P_m = 0, m = 1, 3, ... <= n,
 *     are non-trivial; there are as many of them as unknowns c_j.  The
 *     triple products int P_n P_j P_m are integrated exactly by a
 *     (2n+2)-point Gauss-Legendre rule (degree 3n+1 < 4n+4), and the small
 *     system is solved by Gaussian elimination with partial pivoting.
 *  3. The n+1 zeros y_j of E interlace with the Gauss nodes (Szego), so
 *     each is found by a safeguarded Newton iteration inside the bracket
 *     formed by two neighbouring Gauss nodes (or a Gauss node and +-1).
 *     A bracket without a sign change aborts the program.
 *  4. Kronrod weights from the interpolatory formula w = int l(x) dx, with
 *     omega = P_n E.  Writing E = P_{n+1} + r (deg r <= n-1):
 *       at a zero y of E:   w = 2 / ((n+1) P_n(y) E'(y)),
 *         because int P_n q = (k_{n+1}/k_n) 2/(2n+1) = 2/(n+1) for
 *         q = E/(x-y) (leading coefficients k_n of P_n);
 *       at a Gauss node x:  w = wG (1 - P_{n+1}(x) / E(x)),
 *         because int P_n/(x-x_i) P_{n+1} = 0 and int P_n/(x-x_i) r is
 *         integrated exactly by the Gauss rule itself.
 *  5. Verification: the Kronrod rule must integrate x^k exactly for every
 *     k <= 3n+1 (3n+2 when n is odd, by symmetry) and visibly fail on the
 *     Legendre polynomial of the next even degree; the Gauss rule must be
 *     exact for k <= 2n-1; all weights positive, nodes decreasing.
 *     Residuals are reported for the quad values and for the values
 *     rounded to double.  Any failure exits with status 1 before the
 *     table is printed.
 *
 * Output layout (see gk_tables.h): for each pair, the nk = n+1 nodes in
 * [0,1) in decreasing order, so that xgk[nk-1] = 0 and the odd entries
 * xgk[1], xgk[3], ... are the Gauss nodes; wgk[] the Kronrod weights of
 * these nodes; wg[j] the Gauss weight of xgk[2j+1], (n+1)/2 entries.
 */
#include <quadmath.h>
#include <stdio.h>
#include <stdlib.h>

typedef __float128 quad;

#define NPAIRS 6
#define MAXN 30                  /* largest Gauss rule */
#define MAXM (2 * MAXN + 2)      /* Gauss rule for the triple products */
#define MAXDEG (3 * MAXN + 4)    /* largest Legendre degree evaluated */

/* QEPS without the non-standard Q suffix of quadmath.h. */
#define QEPS ldexpq(1, -112)

/* The Gauss sizes n of the pairs n-(2n+1), as QUADPACK has them. */
static const int gauss_sizes[NPAIRS] = { 7, 10, 15, 20, 25, 30 };

typedef struct {
    int n;                       /* Gauss points */
    int nk;                      /* Kronrod nodes in [0,1): n + 1 */
    quad xgk[MAXN + 1];
    quad wgk[MAXN + 1];
    quad wg[(MAXN + 1) / 2];
} gk_pair;

static void die(const char *what, int n)
{
    fprintf(stderr, "gkgen: n = %d: %s\n", n, what);
    exit(1);
}

/* P_0..P_n and their derivatives at x.  The derivative recurrence
 * P'_{k+1} = P'_{k-1} + (2k+1) P_k has no singularity at x = +-1. */
static void legendre_all(int n, quad x, quad *p, quad *dp)
{
    p[0] = 1;
    dp[0] = 0;
    if (n == 0)
        return;
    p[1] = x;
    dp[1] = 1;
    for (int k = 1; k < n; k++) {
        p[k + 1] = ((2 * k + 1) * x * p[k] - k * p[k - 1]) / (k + 1);
        dp[k + 1] = dp[k - 1] + (2 * k + 1) * p[k];
    }
}

static void legendre(int n, quad x, quad *pn, quad *dpn)
{
    quad p[MAXDEG + 1], dp[MAXDEG + 1];
    legendre_all(n, x, p, dp);
    *pn = p[n];
    *dpn = dp[n];
}

/* m-point Gauss-Legendre rule, nodes in decreasing order. */
static void gauss_legendre(int m, quad *x, quad *w)
{
    const quad pi = acosq(-1);
    for (int i = 0; i < (m + 1) / 2; i++) {
        quad z = 0, p, dp;
        /* the middle node of an odd rule is exactly 0 (P_m is odd) */
        if (!(m % 2 == 1 && i == m / 2)) {
            z = cosq(pi * (4 * i + 3) / (4 * m + 2));
            int it;
            for (it = 0; it < 100; it++) {
                legendre(m, z, &p, &dp);
                quad dz = p / dp;
                z -= dz;
                if (fabsq(dz) <= 4 * QEPS * fabsq(z))
                    break;
            }
            if (it == 100)
                die("Newton for a Gauss node did not converge", m);
        }
        legendre(m, z, &p, &dp);
        x[m - 1 - i] = -z;
        x[i] = z;               /* last: the middle node stays +0 */
        w[i] = w[m - 1 - i] = 2 / ((1 - z * z) * dp * dp);
    }
}

/* Solve a x = b (dimension k, row-major a) by elimination with partial
 * pivoting; the solution overwrites b. */
static void solve(int k, quad *a, quad *b, int n)
{
    for (int col = 0; col < k; col++) {
        int piv = col;
        for (int r = col + 1; r < k; r++)
            if (fabsq(a[r * k + col]) > fabsq(a[piv * k + col]))
                piv = r;
        if (a[piv * k + col] == 0)
            die("singular Stieltjes system", n);
        if (piv != col) {
            for (int s = 0; s < k; s++) {
                quad t = a[col * k + s];
                a[col * k + s] = a[piv * k + s];
                a[piv * k + s] = t;
            }
            quad t = b[col];
            b[col] = b[piv];
            b[piv] = t;
        }
        for (int r = col + 1; r < k; r++) {
            quad f = a[r * k + col] / a[col * k + col];
            for (int s = col; s < k; s++)
                a[r * k + s] -= f * a[col * k + s];
            b[r] -= f * b[col];
        }
    }
    for (int r = k - 1; r >= 0; r--) {
        quad s = b[r];
        for (int t = r + 1; t < k; t++)
            s -= a[r * k + t] * b[t];
        b[r] = s / a[r * k + r];
    }
}

/* Legendre coefficients c[0..n+1] of the Stieltjes polynomial E_{n+1},
 * normalised so that c[n+1] = 1. */
static void stieltjes_coeffs(int n, quad *c)
{
    enum { MAXU = (MAXN + 1) / 2 };
    const int m = 2 * n + 2;
    const int nu = (n + 1) / 2;          /* unknowns = conditions */
    quad gx[MAXM], gw[MAXM];
    quad a[MAXU * MAXU] = { 0 }, b[MAXU] = { 0 };

    gauss_legendre(m, gx, gw);
    for (int q = 0; q < m; q++) {
        quad p[MAXDEG + 1], dp[MAXDEG + 1];
        legendre_all(n + 1, gx[q], p, dp);
        for (int r = 0; r < nu; r++) {
            const int mr = 2 * r + 1;    /* test polynomial P_mr */
            const quad wq = gw[q] * p[n] * p[mr];
            for (int s = 0; s < nu; s++)
                a[r * nu + s] += wq * p[n - 1 - 2 * s];
            b[r] -= wq * p[n + 1];
        }
    }
    solve(nu, a, b, n);
    for (int j = 0; j <= n + 1; j++)
        c[j] = 0;
    c[n + 1] = 1;
    for (int s = 0; s < nu; s++)
        c[n - 1 - 2 * s] = b[s];
}

static void stieltjes_eval(int n, const quad *c, quad x, quad *e, quad *de)
{
    quad p[MAXDEG + 1], dp[MAXDEG + 1];
    legendre_all(n + 1, x, p, dp);
    quad s = 0, ds = 0;
    for (int j = n + 1; j >= 0; j--) {
        s += c[j] * p[j];
        ds += c[j] * dp[j];
    }
    *e = s;
    *de = ds;
}

/* The zero of E in (lo, hi): Newton, falling back to bisection whenever a
 * step leaves the bracket, which always holds a sign change. */
static quad stieltjes_root(int n, const quad *c, quad lo, quad hi)
{
    quad elo, ehi, d;
    stieltjes_eval(n, c, lo, &elo, &d);
    stieltjes_eval(n, c, hi, &ehi, &d);
    if (!(elo * ehi < 0))
        die("no sign change: Stieltjes and Gauss nodes do not interlace", n);
    quad x = (lo + hi) / 2;
    for (int it = 0; it < 1000; it++) {
        quad e, de;
        stieltjes_eval(n, c, x, &e, &de);
        if (e == 0)
            return x;
        if ((e < 0) == (elo < 0))
            lo = x;
        else
            hi = x;
        quad xn = x - e / de;
        if (!(xn > lo && xn < hi))
            xn = (lo + hi) / 2;
        if (fabsq(xn - x) <= 2 * QEPS * fabsq(x))
            return xn;
        x = xn;
    }
    die("Newton for a Stieltjes zero did not converge", n);
    return 0;
}

static void compute_pair(int n, gk_pair *g)
{
    quad gx[MAXN], gw[MAXN], c[MAXN + 2];

    g->n = n;
    g->nk = n + 1;
    gauss_legendre(n, gx, gw);
    stieltjes_coeffs(n, c);

    /* nodes in [0,1), decreasing: y_0 > x_0 > y_1 > x_1 > ... */
    for (int i = 0; i <= n / 2; i++) {
        quad hi = i == 0 ? 1 : gx[i - 1], y, e, de, pn, dpn;
        /* for even n, E_{n+1} is odd and its middle zero is exactly 0 */
        y = (n % 2 == 0 && i == n / 2) ? 0 : stieltjes_root(n, c, gx[i], hi);
        stieltjes_eval(n, c, y, &e, &de);
        legendre(n, y, &pn, &dpn);
        g->xgk[2 * i] = y;
        g->wgk[2 * i] = 2 / ((n + 1) * pn * de);
    }
    for (int i = 0; i < (n + 1) / 2; i++) {
        quad x = gx[i], e, de, pn1, dpn1;
        stieltjes_eval(n, c, x, &e, &de);
        legendre(n + 1, x, &pn1, &dpn1);
        g->xgk[2 * i + 1] = x;
        g->wgk[2 * i + 1] = gw[i] * (1 - pn1 / e);
        g->wg[i] = gw[i];
    }
}

/* Largest |Q(x^k) - int_{-1}^{1} x^k| / max(1, int) over k in [k0, k1]
 * for the symmetric rule with nk nonnegative nodes x (x[nk-1] may be 0,
 * then counted once).  With round != 0 the nodes and weights are first
 * rounded to double, as the library will see them.  The stride picks
 * every node (1) or only the Gauss nodes (2, starting at offset 1). */
static quad monomial_residual(int nk, const quad *x, const quad *w,
                              int first, int stride, int k0, int k1,
                              int round)
{
    quad worst = 0;
    for (int k = k0; k <= k1; k++) {
        quad q = 0;
        for (int i = first; i < nk; i += stride) {
            quad xi = round ? (quad)(double)x[i] : x[i];
            quad wi = round ? (quad)(double)w[i] : w[i];
            quad t = wi * powq(xi, k);
            /* the pair +-xi, or the single centre node */
            q += xi == 0 ? t : (k % 2 == 0 ? 2 * t : 0);
        }
        quad exact = k % 2 == 0 ? (quad)2 / (k + 1) : 0;
        quad r = fabsq(q - exact) / (exact > 1 ? exact : 1);
        if (r > worst)
            worst = r;
    }
    return worst;
}

/* The rule applied to the Legendre polynomial P_k (whose integral is 0
 * for k > 0).  Used to show that exactness stops at the expected degree:
 * in the Legendre basis the failure is of order one, whereas x^k hides
 * it behind the tiny factor 1/(leading coefficient of P_k). */
static quad legendre_moment(int nk, const quad *x, const quad *w, int k)
{
    quad q = 0, pk, dpk;
    for (int i = 0; i < nk; i++) {
        legendre(k, x[i], &pk, &dpk);
        q += x[i] == 0 ? w[i] * pk : (k % 2 == 0 ? 2 * w[i] * pk : 0);
    }
    return q;
}

static double verify_pair(const gk_pair *g)
{
    const int n = g->n;
    /* by symmetry the odd degree following 3n+1 is exact when n is odd */
    const int deg = n % 2 ? 3 * n + 2 : 3 * n + 1;
    const int next = deg + 1 + (deg + 1) % 2;    /* first even failure */
    quad gwfull[MAXN + 1];
    char buf[3][64];

    for (int i = 0; i < g->nk; i++) {
        if (!(g->wgk[i] > 0))
            die("non-positive Kronrod weight", n);
        if (i > 0 && !(g->xgk[i] < g->xgk[i - 1]))
            die("nodes not strictly decreasing", n);
        gwfull[i] = i % 2 ? g->wg[i / 2] : 0;
    }
    if (g->xgk[g->nk - 1] != 0 || !(g->xgk[0] < 1))
        die("nodes not in [0,1) with 0 last", n);

    quad rk = monomial_residual(g->nk, g->xgk, g->wgk, 0, 1, 0, deg, 0);
    quad rkd = monomial_residual(g->nk, g->xgk, g->wgk, 0, 1, 0, deg, 1);
    quad rg = monomial_residual(g->nk, g->xgk, gwfull, 1, 2, 0, 2 * n - 1, 0);
    quad fail = legendre_moment(g->nk, g->xgk, g->wgk, next);
    quadmath_snprintf(buf[0], sizeof buf[0], "%.3Qe", rk);
    quadmath_snprintf(buf[1], sizeof buf[1], "%.3Qe", rg);
    quadmath_snprintf(buf[2], sizeof buf[2], "%.3Qe", fail);
    fprintf(stderr,
            "gk%-2d: Kronrod x^0..x^%d max residual %s (quad), %.3e "
            "(double tables); Gauss x^0..x^%d %s; Q(P_%d) = %s\n",
            2 * n + 1, deg, buf[0], (double)rkd, 2 * n - 1, buf[1], next,
            buf[2]);
    if (rk > (quad)1e-30 || rg > (quad)1e-30)
        die("rule is not exact to quad precision", n);
    if (rkd > (quad)1e-14)
        die("double-rounded rule is not exact", n);
    if (!(fabsq(fail) > (quad)1e-10))
        die("rule is exact beyond its degree: wrong nodes", n);
    return (double)rkd;
}

static void print_array(const char *name, int npts, const char *what,
                        int len, const quad *v)
{
    char buf[80];
    printf("static const double gk%d_%s[%d] = {  /* %s */\n", npts, name, len,
           what);
    for (int i = 0; i < len; i++) {
        quadmath_snprintf(buf, sizeof buf, "%.35Qe", v[i]);
        printf("    %s%s\n", buf, i + 1 < len ? "," : "");
    }
    printf("};\n");
}

static void print_pair(const gk_pair *g)
{
    const int npts = 2 * g->n + 1;
    printf("\n/* %d-point Gauss, %d-point Kronrod. */\n", g->n, npts);
    print_array("xgk", npts, "nodes in [0,1), decreasing", g->nk, g->xgk);
    print_array("wgk", npts, "Kronrod weights", g->nk, g->wgk);
    print_array("wg", npts, "Gauss weights of xgk[1], xgk[3], ...",
                (g->n + 1) / 2, g->wg);
}

int main(void)
{
    static gk_pair pairs[NPAIRS];
    double worst = 0;

    for (int p = 0; p < NPAIRS; p++) {
        compute_pair(gauss_sizes[p], &pairs[p]);
        double r = verify_pair(&pairs[p]);
        if (r > worst)
            worst = r;
    }
    fprintf(stderr, "gkgen: max exactness residual of the double tables "
            "%.3e\n", worst);

    printf("/* gk_tables.c -- Gauss-Kronrod nodes and weights.\n"
           " *\n"
           " * GENERATED FILE, do not edit: computed in quad precision by\n"
           " * rules/tools/gkgen.c.  Regenerate with\n"
           " *     make regen-gk-tables\n"
           " * which runs  ./rules/tools/gkgen > rules/gk_tables.c\n"
           " *\n"
           " * Layout: see gk_tables.h.\n"
           " */\n"
           "#include \"gk_tables.h\"\n");
    for (int p = 0; p < NPAIRS; p++)
        print_pair(&pairs[p]);
    printf("\nconst pint_gk_table pint_gk_tables[PINT_GK_NTABLES] = {\n");
    for (int p = 0; p < NPAIRS; p++) {
        const int npts = 2 * pairs[p].n + 1;
        printf("    { %d, %d, %d, gk%d_xgk, gk%d_wgk, gk%d_wg }%s\n", npts,
               pairs[p].n, pairs[p].nk, npts, npts, npts,
               p + 1 < NPAIRS ? "," : "");
    }
    printf("};\n");
    return 0;
}

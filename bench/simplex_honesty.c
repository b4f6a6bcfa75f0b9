/* simplex_honesty.c -- is the error estimate of the simplex rules honest?
 *
 * For integrands over the unit triangle and the unit tetrahedron whose
 * integrals are known independently of pint (closed forms, checked here
 * against GSL's QAGS on a one-dimensional reduction or on nested
 * integrals), runs one or more `pint` binaries with --json at relative
 * tolerances 1e-3 .. 1e-6 and prints, per binary, the status, |Q - I|/E
 * (honest when <= 1) and the evaluations, side by side:
 *
 *     make bench/simplex_honesty
 *     ./bench/simplex_honesty OLD/pint NEW/pint [-- extra pint options]
 *
 * (a libtool wrapper such as drivers/pint works as a binary).  A line
 * ends with "!" when a binary said converged and |Q - I| > E.  The
 * singular cases are the boundary singularities of log and x^-1/2 along
 * an edge or at a vertex; the smooth ones show the cost of caution.
 * Measured in rules/grundmann_moeller.c, head comment. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>

#define WS 2000
static gsl_integration_workspace *ws[3];

/* ---- references: GSL QAGS ---------------------------------------------- */

typedef double (*fn1)(double, void *);

static double qags(int level, fn1 f, void *ctx, double a, double b)
{
    gsl_function F = { f, ctx };
    double r, e;
    int st = gsl_integration_qags(&F, a, b, 0.0, 1e-13, WS, ws[level], &r, &e);
    if (st != 0 && st != GSL_EROUND) {
        fprintf(stderr, "qags: %s\n", gsl_strerror(st));
        exit(1);
    }
    return r;
}

/* 1-D reductions over the unit simplex.  A function of x1 alone has
 * weight (1 - x)^(n-1) / (n-1)! (the section x1 = x), a function of
 * x1 + x2 on the triangle has weight s (the section x1 + x2 = s). */
static double w_log_tri(double x, void *c) { (void)c; return log(x) * (1 - x); }
static double w_slogs(double s, void *c) { (void)c; return s * log(s); }
static double w_isqrt(double x, void *c) { (void)c; return (1 - x) / sqrt(x); }
static double w_isqrt_log(double x, void *c)
{ (void)c; return log(x) * (1 - x) / sqrt(x); }
static double w_log_tet(double x, void *c)
{ (void)c; return log(x) * (1 - x) * (1 - x) / 2; }
static double w_sexps(double s, void *c) { (void)c; return s * exp(s); }

/* Nested integrals over the unit triangle and tetrahedron of a smooth f. */
typedef double (*fnd)(const double *x);
typedef struct { fnd f; double x[3]; int n; } nest;
typedef struct { nest *ns; int k; } nest_arg;

static double nest_in(double t, void *c);

/* integral over x[k] in [0, 1 - x[0] - ... - x[k-1]] */
static double nest_level(nest *ns, int k)
{
    double rest = 1.0;
    for (int i = 0; i < k; i++)
        rest -= ns->x[i];
    if (rest <= 0.0)
        return 0.0;
    nest_arg arg = { ns, k };
    return qags(k, nest_in, &arg, 0.0, rest);
}

static double nest_in(double t, void *c)
{
    nest_arg *arg = c;
    arg->ns->x[arg->k] = t;
    if (arg->k + 1 == arg->ns->n)
        return arg->ns->f(arg->ns->x);
    return nest_level(arg->ns, arg->k + 1);
}

static double nested(fnd f, int n)
{
    nest ns = { f, { 0, 0, 0 }, n };
    return nest_level(&ns, 0);
}

static double f_explin2(const double *x) { return exp(x[0] + 2 * x[1]); }
static double f_explin3(const double *x)
{ return exp(x[0] + 2 * x[1] + 3 * x[2]); }
static double f_gauss(const double *x)
{
    double a = x[0] - 0.3, b = x[1] - 0.3;
    return exp(-25 * (a * a + b * b));
}
static double f_ppeak(const double *x)
{
    double a = x[0] - 0.35, b = x[1] - 0.25;
    return 1.0 / ((0.04 + a * a) * (0.04 + b * b));
}
static double f_corner(const double *x)
{ return pow(1.0 + 2 * x[0] + 3 * x[1], -3.0); }

/* ---- cases -------------------------------------------------------------- */

typedef struct {
    const char *label;
    const char *args;           /* what selects the integrand */
    int n;                      /* 2: triangle, 3: tetrahedron */
    int singular;
    double closed;              /* closed form, NAN: none */
    double ref;                 /* GSL, filled in */
} tcase;

static tcase cases[] = {
    { "log(x1) tri", "-e 'log(x1)'", 2, 1, -0.75, 0 },
    { "log(x1+x2) tri", "-e 'log(x1+x2)'", 2, 1, -0.25, 0 },
    { "x1^-1/2 tri", "-e '1/sqrt(x1)'", 2, 1, 4.0 / 3.0, 0 },
    { "x1^-1/2 log(x1) tri", "-e 'log(x1)/sqrt(x1)'", 2, 1, -32.0 / 9.0, 0 },
    { "log(x1) tet", "-e 'log(x1)'", 3, 1, -11.0 / 36.0, 0 },
    { "exp(x1+x2) tri", "-e 'exp(x1+x2)'", 2, 0, 1.0, 0 },
    { "explin tri", "-f explin", 2, 0, 0, 0 },
    { "explin tet", "-f explin", 3, 0, 0, 0 },
    { "gauss peak tri", "-e 'exp(-25*((x1-0.3)^2+(x2-0.3)^2))'", 2, 0,
      NAN, 0 },
    { "product peak tri",
      "-e '1/((0.04+(x1-0.35)^2)*(0.04+(x2-0.25)^2))'", 2, 0, NAN, 0 },
    { "corner peak tri", "-e '(1+2*x1+3*x2)^(-3)'", 2, 0, NAN, 0 },
};
#define NCASES (sizeof cases / sizeof cases[0])

static void references(void)
{
    double e = exp(1.0);
    cases[6].closed = (e - 1) * (e - 1) / 2;            /* (e-1)^n / n! */
    cases[7].closed = (e - 1) * (e - 1) * (e - 1) / 6;
    cases[0].ref = qags(0, w_log_tri, NULL, 0, 1);
    cases[1].ref = qags(0, w_slogs, NULL, 0, 1);
    cases[2].ref = qags(0, w_isqrt, NULL, 0, 1);
    cases[3].ref = qags(0, w_isqrt_log, NULL, 0, 1);
    cases[4].ref = qags(0, w_log_tet, NULL, 0, 1);
    cases[5].ref = qags(0, w_sexps, NULL, 0, 1);
    cases[6].ref = nested(f_explin2, 2);
    cases[7].ref = nested(f_explin3, 3);
    cases[8].ref = nested(f_gauss, 2);
    cases[9].ref = nested(f_ppeak, 2);
    cases[10].ref = nested(f_corner, 2);
    /* the corner peak in closed form, a check of the nested integrals:
     * over a simplex of volume V, int g(L) = n! V G[l_0, ..., l_n], the
     * divided difference at the vertex values of L of G with G^(n) = g;
     * here G = t^-1 / 2 at 1, 3, 4: 1/24 */
    cases[10].closed = 1.0 / 24.0;
    printf("# references: GSL QAGS (1-D reductions, nested 2-D/3-D)\n");
    for (size_t c = 0; c < NCASES; c++) {
        printf("#   %-22s %.16g", cases[c].label, cases[c].ref);
        if (!isnan(cases[c].closed))
            printf("   closed form %.16g (rel diff %.1e)", cases[c].closed,
                   fabs(cases[c].ref - cases[c].closed)
                   / fabs(cases[c].closed));
        printf("\n");
    }
}

/* ---- running pint --------------------------------------------------------- */

/* The first number after "key": [ or "key": in the JSON line. */
static double json_num(const char *line, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\": ", key);
    const char *p = strstr(line, pat);
    if (!p)
        return NAN;
    p += strlen(pat);
    if (*p == '[')
        p++;
    return strtod(p, NULL);
}

static void json_str(const char *line, const char *key, char *out, size_t n)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\": \"", key);
    const char *p = strstr(line, pat);
    out[0] = 0;
    if (!p)
        return;
    p += strlen(pat);
    size_t i = 0;
    while (p[i] && p[i] != '"' && i + 1 < n) {
        out[i] = p[i];
        i++;
    }
    out[i] = 0;
}

typedef struct { char status[32]; double val, err; long long evals; } run_out;

static int run(const char *bin, const tcase *c, double er, const char *extra,
               run_out *o)
{
    char cmd[1024], line[8192];
    snprintf(cmd, sizeof cmd, "%s %s --simplex %s --er %g --json %s",
             bin, c->args,
             c->n == 2 ? "/tmp/simplex_honesty_tri.simplex"
                       : "/tmp/simplex_honesty_tet.simplex",
             er, extra);
    FILE *p = popen(cmd, "r");
    if (!p)
        return -1;
    line[0] = 0;
    if (!fgets(line, sizeof line, p))
        line[0] = 0;
    pclose(p);
    json_str(line, "status", o->status, sizeof o->status);
    o->val = json_num(line, "value");
    o->err = json_num(line, "error");
    o->evals = (long long)json_num(line, "evals");
    return o->status[0] ? 0 : -1;
}

int main(int argc, char **argv)
{
    int nbin = 0;
    char extra[512] = "";
    const char *bins[8];
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0) {
            for (int j = i + 1; j < argc; j++) {
                strncat(extra, argv[j], sizeof extra - strlen(extra) - 2);
                strcat(extra, " ");
            }
            break;
        }
        if (nbin < 8)
            bins[nbin++] = argv[i];
    }
    if (nbin == 0) {
        fprintf(stderr, "usage: %s PINT [PINT...] [-- options]\n", argv[0]);
        return 2;
    }
    gsl_set_error_handler_off();
    for (int l = 0; l < 3; l++)
        ws[l] = gsl_integration_workspace_alloc(WS);
    FILE *f = fopen("/tmp/simplex_honesty_tri.simplex", "w");
    fputs("0 0\n1 0\n0 1\n", f);
    fclose(f);
    f = fopen("/tmp/simplex_honesty_tet.simplex", "w");
    fputs("0 0 0\n1 0 0\n0 1 0\n0 0 1\n", f);
    fclose(f);
    references();

    printf("\n%-22s %-6s", "integrand", "er");
    for (int b = 0; b < nbin; b++)
        printf(" | %-10s %8s %9s", b == 0 ? "status" : "status", "|Q-I|/E",
               "evals");
    printf("\n");
    for (int b = 0; b < nbin; b++)
        printf("# binary %d: %s\n", b + 1, bins[b]);
    int dishonest[8] = { 0 };
    long long sum_evals[8][2] = { { 0 } };
    const double ers[] = { 1e-3, 1e-4, 1e-5, 1e-6 };
    for (size_t c = 0; c < NCASES; c++)
        for (int e = 0; e < 4; e++) {
            printf("%-22s %-6g", cases[c].label, ers[e]);
            int bad = 0;
            for (int b = 0; b < nbin; b++) {
                run_out o;
                if (run(bins[b], &cases[c], ers[e], extra, &o) != 0) {
                    printf(" | %-29s", "(no output)");
                    continue;
                }
                double ratio = fabs(o.val - cases[c].ref) / o.err;
                int conv = strcmp(o.status, "converged") == 0;
                if (conv && !(ratio <= 1.0)) {
                    bad = 1;
                    dishonest[b]++;
                }
                sum_evals[b][cases[c].singular] += o.evals;
                printf(" | %-10.10s %8.3f %9lld%s", o.status, ratio, o.evals,
                       conv && !(ratio <= 1.0) ? "!" : " ");
            }
            printf("%s\n", bad ? "  !" : "");
            fflush(stdout);
        }
    printf("\n");
    for (int b = 0; b < nbin; b++)
        printf("binary %d: %d dishonest; evaluations: smooth %lld, "
               "singular %lld\n", b + 1, dishonest[b], sum_evals[b][0],
               sum_evals[b][1]);
    for (int l = 0; l < 3; l++)
        gsl_integration_workspace_free(ws[l]);
    return 0;
}

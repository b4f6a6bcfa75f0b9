/* floor_noise.c -- the measurement behind PINT_FLOOR_RHO (lib/problem.h):
 * where the error estimate E of integrands of value 0 stalls, as a share
 * of the engine's absval A (the sum over the regions of vol * mean |f|
 * at the rule's points), for every rule in dimensions 1 to 10.
 *
 *     make bench/floor_noise && ./bench/floor_noise 10000 100000 1000000
 *
 * prints E/A (and whether |Q| <= E) after each budget of evaluations. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pint.h"
#include "adapt.h"
#include "tolerance.h"
#include "domain.h"
#include "region.h"
#include "rule.h"

static int fx1(int n, const double *x, int m, double *f, void *c)
{ (void)n; (void)m; (void)c; f[0] = x[0]; return 0; }
static int fsin(int n, const double *x, int m, double *f, void *c)
{ (void)n; (void)m; (void)c; f[0] = sin(2 * M_PI * x[0]); return 0; }
static int fx1x2(int n, const double *x, int m, double *f, void *c)
{ (void)n; (void)m; (void)c; f[0] = x[0] * x[1]; return 0; }

static void one(const char *label, pint_integrand f, enum pint_rule id,
                int n, const pint_domain *dom, const long long *budgets,
                int nb)
{
    int st = 0;
    char msg[256];
    pint_rule_impl *rule = pint_rule_new(id, n, 1, &st, msg, sizeof msg);
    if (!rule) { printf("%s: %s\n", label, msg); return; }
    pint_function fn = { .ndim = n, .ncomp = 1, .f = f };
    pint_adapt *a = pint_adapt_new(&fn, rule);
    double *geom, *vol;
    pint_options opt;
    pint_options_init(&opt);
    size_t cnt = a ? pint_domain_regions(dom, &fn, &opt, &geom, &vol) : 0;
    if (!cnt) {
        printf("%s: out of memory\n", label);
        pint_adapt_free(a);
        pint_rule_free(rule);
        return;
    }
    size_t glen = pint_region_geom_len(rule->kind, n);
    for (size_t i = 0; i < cnt; i++)
        pint_adapt_add(a, geom + i * glen, vol[i]);
    free(geom); free(vol);
    printf("%-22s", label);
    for (int b = 0; b < nb; b++) {
        while (pint_adapt_evals(a) + (long long)pint_adapt_step_evals(a) <= budgets[b])
            if (pint_adapt_step(a) != 0) break;
        pint_adapt_recompute(a);
        double q, e, A;
        pint_adapt_totals(a, &q, &e);
        pint_adapt_abs(a, &A);
        printf("  E/A %8.2e |Q|<=E %d", e / A, fabs(q) <= e);
    }
    printf("\n");
    pint_adapt_free(a);
    pint_rule_free(rule);
}

int main(int argc, char **argv)
{
    long long budgets[8];
    int nb = 0;
    for (int i = 1; i < argc && nb < 8; i++)
        budgets[nb++] = atoll(argv[i]);
    double lo[10], hi[10], lo1[10], hi1[10], lo2[10], hi2[10];
    for (int i = 0; i < 10; i++) { lo[i] = -0.5; hi[i] = 0.5; lo1[i] = 0; hi1[i] = 1; lo2[i] = -1; hi2[i] = 1; }
    pint_domain half = pint_domain_box(lo, hi), unit = pint_domain_box(lo1, hi1), two = pint_domain_box(lo2, hi2);
    static const enum pint_rule gk[] = { PINT_RULE_GK15, PINT_RULE_GK21, PINT_RULE_GK31, PINT_RULE_GK41, PINT_RULE_GK51, PINT_RULE_GK61 };
    char label[64];
    for (size_t r = 0; r < 6; r++) {
        snprintf(label, sizeof label, "x1 d1 %s", pint_rule_name(gk[r]));
        one(label, fx1, gk[r], 1, &half, budgets, nb);
        snprintf(label, sizeof label, "sin d1 %s", pint_rule_name(gk[r]));
        one(label, fsin, gk[r], 1, &unit, budgets, nb);
    }
    static const enum pint_rule box[] = { PINT_RULE_SYM9, PINT_RULE_SYM7, PINT_RULE_GM };
    for (size_t r = 0; r < 3; r++) {
        for (int d = 2; d <= 10; d++) {
            snprintf(label, sizeof label, "x1 d%d %s", d, pint_rule_name(box[r]));
            one(label, fx1, box[r], d, &half, budgets, nb);
            snprintf(label, sizeof label, "sin d%d %s", d, pint_rule_name(box[r]));
            one(label, fsin, box[r], d, &unit, budgets, nb);
        }
        snprintf(label, sizeof label, "x1x2 d2 %s", pint_rule_name(box[r]));
        one(label, fx1x2, box[r], 2, &two, budgets, nb);
    }
    /* simplices: S = (0, e1, ..., ed) and its mirror in x1 */
    static const enum pint_rule sx[] = { PINT_RULE_SIMPLEX3, PINT_RULE_SIMPLEX5, PINT_RULE_SIMPLEX7, PINT_RULE_SIMPLEX9 };
    for (size_t r = 0; r < 4; r++)
        for (int d = 1; d <= 10; d++) {
            double *v = calloc(2 * (size_t)(d + 1) * d, sizeof *v);
            for (int s = 0; s < 2; s++)
                for (int j = 1; j <= d; j++)
                    v[(s * (d + 1) + j) * d + (j - 1)] = (j == 1 && s == 1) ? -1.0 : 1.0;
            pint_domain sd = pint_domain_simplices(2, v);
            snprintf(label, sizeof label, "x1 d%d %s", d, pint_rule_name(sx[r]));
            one(label, fx1, sx[r], d, &sd, budgets, nb);
            snprintf(label, sizeof label, "sin d%d %s", d, pint_rule_name(sx[r]));
            one(label, fsin, sx[r], d, &sd, budgets, nb);
            free(v);
        }
    return 0;
}

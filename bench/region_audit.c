/* region_audit.c -- every region of an adaptive checkpoint against its
 * exact integral: which regions' estimates cover their error, and how
 * far the others fall short.
 *
 *     make bench/region_audit
 *     pint -f genz6 -d 10 --seed 12 --max-evals 3e5 --checkpoint run.ckpt
 *     bench/region_audit -f genz6 -d 10 --seed 12 run.ckpt
 *
 * The instance (family, dimension, seed, difficulty) must be the one the
 * checkpoint was made of, on the unit box; families with a closed form
 * over any box (genz1, genz2, genz4-6, ...) only.  A checkpoint's
 * records (lib/checkpoint.h, lib/region.h) hold each region's value,
 * error and geometry (centre, half-widths); for each, dev = value -
 * exact over the box.  Prints the totals, the quantiles of err / |dev|
 * over the regions, how many regions claim less than their |dev|, the
 * share of E held by the regions in each decade of err / |dev| and by
 * those whose children take the rule's fallback, and the TOP regions of
 * largest |dev| (default 10; of largest err with --by-err) with their
 * extent on the axes where they are narrower than the domain.
 * bench/RESULTS.md 15.5 and 15.11 and test/README.md (Repeatability) use
 * it. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pint.h"
#include "integrands.h"

#define HEADER_WORDS 16         /* checkpoint versions 5 and 6; version 7
                                 * adds the checked word and, when it is
                                 * not 0, as many thresholds */
enum { W_VERSION, W_MARK, W_FP, W_NDIM, W_NCOMP, W_RULE, W_KIND,
       W_REC_LEN, W_NREGIONS, W_EVALS, W_METHOD };

typedef struct {
    double dev, err, ratio;
    size_t k;
} row;

static int by_ratio(const void *a, const void *b)
{
    double x = ((const row *)a)->ratio, y = ((const row *)b)->ratio;
    return (x > y) - (x < y);
}

static int by_dev(const void *a, const void *b)
{
    double x = fabs(((const row *)a)->dev), y = fabs(((const row *)b)->dev);
    return (x < y) - (x > y);
}

static int by_err(const void *a, const void *b)
{
    double x = ((const row *)a)->err, y = ((const row *)b)->err;
    return (x < y) - (x > y);
}

static int usage(void)
{
    fprintf(stderr, "usage: region_audit -f FAMILY -d N [--seed S] "
            "[--difficulty B] [--top K] [--by-err] CHECKPOINT\n");
    return 2;
}

/* Past version 7's checked word and the thresholds it counts; 0 when
 * the file ends first. */
static int skip_checked(FILE *fp)
{
    uint64_t checked;
    double t;
    if (fread(&checked, sizeof checked, 1, fp) != 1 || checked > 64)
        return 0;
    for (uint64_t k = 0; k < checked; k++)
        if (fread(&t, sizeof t, 1, fp) != 1)
            return 0;
    return 1;
}

/* The checkpoint's header and records; NULL with a message on stderr. */
static double *load(const char *path, uint64_t *h)
{
    FILE *fp = fopen(path, "rb");
    char magic[8];
    if (!fp) {
        fprintf(stderr, "region_audit: cannot open %s\n", path);
        return NULL;
    }
    double *recs = NULL;
    if (fread(magic, 1, 8, fp) != 8 || memcmp(magic, "PINTCKPT", 8) != 0
        || fread(h, sizeof *h, HEADER_WORDS, fp) != HEADER_WORDS
        || h[W_VERSION] < 5 || h[W_METHOD] != 0 || h[W_NCOMP] != 1
        || h[W_KIND] != 0)
        fprintf(stderr, "region_audit: %s is not an adaptive checkpoint "
                "(version 5 or later) of one component over a box\n", path);
    else if (h[W_VERSION] >= 7 && !skip_checked(fp))
        fprintf(stderr, "region_audit: %s: header cut short\n", path);
    else if (!(recs = malloc(h[W_NREGIONS] * h[W_REC_LEN] * sizeof *recs))
             || fread(recs, sizeof *recs * h[W_REC_LEN], h[W_NREGIONS], fp)
                != h[W_NREGIONS]) {
        fprintf(stderr, "region_audit: %s: records cut short\n", path);
        free(recs);
        recs = NULL;
    }
    fclose(fp);
    return recs;
}

int main(int argc, char **argv)
{
    const char *fam = NULL, *path = NULL;
    int n = 0, top = 10, sort_err = 0;
    uint64_t seed = 1;
    double difficulty = 1.0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-f") && i + 1 < argc)
            fam = argv[++i];
        else if (!strcmp(argv[i], "-d") && i + 1 < argc)
            n = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--difficulty") && i + 1 < argc)
            difficulty = atof(argv[++i]);
        else if (!strcmp(argv[i], "--top") && i + 1 < argc)
            top = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--by-err"))
            sort_err = 1;
        else if (argv[i][0] != '-' && !path)
            path = argv[i];
        else
            return usage();
    }
    if (!fam || n < 1 || !path)
        return usage();
    char msg[256];
    pint_testfn *t = pint_testfn_new(fam, n, seed, difficulty, msg,
                                     sizeof msg);
    if (!t) {
        fprintf(stderr, "region_audit: %s\n", msg);
        return 2;
    }
    uint64_t h[HEADER_WORDS];
    double *recs = load(path, h);
    if (!recs)
        return 2;
    if (h[W_NDIM] != (uint64_t)n) {
        fprintf(stderr, "region_audit: %s is of dimension %llu, not %d\n",
                path, (unsigned long long)h[W_NDIM], n);
        return 2;
    }
    size_t len = h[W_REC_LEN], nr = h[W_NREGIONS];
    if (nr == 0) {
        fprintf(stderr, "region_audit: %s holds no region\n", path);
        return 2;
    }
    /* a record: key, volume, split, value, error, centre[n], half[n], ... */
    enum { R_VALUE = 3, R_ERROR = 4, R_GEOM = 5 };
    double *lo = malloc(2 * (size_t)n * sizeof *lo), *hi = lo + n;
    row *rows = malloc(nr * sizeof *rows);
    double zero[64], one[64];
    if (!lo || !rows || n > 64)
        return 2;
    for (int i = 0; i < n; i++) {
        zero[i] = 0.0;
        one[i] = 1.0;
    }
    double sq = 0, se = 0, sx = 0, sdev = 0, whole;
    pint_domain box = { PINT_DOMAIN_BOX, zero, one, 0, NULL };
    if (!pint_testfn_exact(t, &box, &whole)) {
        fprintf(stderr, "region_audit: %s has no closed form over a box\n",
                fam);
        return 2;
    }
    for (size_t k = 0; k < nr; k++) {
        const double *r = recs + k * len, *c = r + R_GEOM, *w = c + n;
        for (int i = 0; i < n; i++) {
            lo[i] = c[i] - w[i];
            hi[i] = c[i] + w[i];
        }
        pint_domain dom = { PINT_DOMAIN_BOX, lo, hi, 0, NULL };
        double x;
        pint_testfn_exact(t, &dom, &x);
        rows[k] = (row){ r[R_VALUE] - x, r[R_ERROR], 0.0, k };
        rows[k].ratio = rows[k].dev != 0.0 ? r[R_ERROR] / fabs(rows[k].dev)
                                           : HUGE_VAL;
        sq += r[R_VALUE];
        se += r[R_ERROR];
        sx += x;
        sdev += fabs(rows[k].dev);
    }
    printf("%zu regions, %llu evaluations: Q %.12g, exact %.12g (over the "
           "regions %.12g)\n  Q - I %.3e, E %.3e, E / |Q - I| %.3g, "
           "sum |dev| %.3e\n", nr, (unsigned long long)h[W_EVALS], sq, whole,
           sx, sq - whole, se, se / fabs(sq - whole), sdev);
    qsort(rows, nr, sizeof *rows, by_ratio);
    size_t short_ = 0;
    while (short_ < nr && rows[short_].ratio < 1.0)
        short_++;
    printf("  err / |dev| over the regions: 5%% %.3g, 25%% %.3g, median "
           "%.3g, 75%% %.3g, 95%% %.3g\n  regions claiming less than "
           "|dev|: %zu of %zu\n", rows[nr * 5 / 100].ratio,
           rows[nr / 4].ratio, rows[nr / 2].ratio, rows[nr * 3 / 4].ratio,
           rows[nr * 95 / 100].ratio, short_, nr);
    /* where E comes from: its share held by the regions in each decade
     * of err / |dev|, and by those whose children take the fallback */
    double decade[5] = { 0, 0, 0, 0, 0 }, alt = 0.0;
    size_t fl = R_GEOM + 2 * (size_t)n + 2;
    for (size_t j = 0; j < nr; j++) {
        double x = rows[j].ratio;
        decade[x < 1 ? 0 : x < 10 ? 1 : x < 100 ? 2 : x < 1e3 ? 3 : 4] +=
            rows[j].err;
        if (len > fl && ((int)recs[rows[j].k * len + fl] & 1))
            alt += rows[j].err;
    }
    printf("  share of E by err / |dev|: below 1 %.3f, 1-10 %.3f, 10-100 "
           "%.3f, 100-1000 %.3f, above %.3f; children on the fallback "
           "%.3f\n", decade[0] / se, decade[1] / se, decade[2] / se,
           decade[3] / se, decade[4] / se, alt / se);
    qsort(rows, nr, sizeof *rows, sort_err ? by_err : by_dev);
    for (size_t j = 0; j < nr && j < (size_t)top; j++) {
        const double *r = recs + rows[j].k * len, *c = r + R_GEOM, *w = c + n;
        /* flags (version 6: after absval and share; 1: its children
         * take the rule's fallback, 2: a face value was mended) */
        int flags = len > fl ? (int)r[fl] : 0;
        printf("  dev %+.3e err %.3e (%5.2f) value %.3e vol %.3e split %d "
               "flags %d:", rows[j].dev, rows[j].err, rows[j].ratio,
               r[R_VALUE], r[1], (int)r[2], flags);
        for (int i = 0; i < n; i++)
            if (w[i] < 0.5)
                printf(" x%d [%.4g, %.4g]", i + 1, c[i] - w[i], c[i] + w[i]);
        printf("\n");
    }
    free(rows);
    free(lo);
    free(recs);
    pint_testfn_free(t);
    return 0;
}

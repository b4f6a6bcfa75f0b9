/* qmc.c -- the randomized rank-1 Korobov lattice engine (see qmc.h).
 *
 * Conventions.  A cell (row r, shift j) has N = N_r points
 *
 *     t_k = { k z / N + b_{r,j} },  k = 0 .. N-1,
 *
 * k z_i mod N kept exactly in 64-bit integers and stepped by adding z_i.
 * Each coordinate goes through the periodizing transform, x_i = lo_i +
 * w_i phi(t_i), and the point carries the weight prod_i phi'(t_i).
 * pint_qmc_piece_sum returns the compensated sum of f(x) * weight over a
 * range of k (no volume, no 1/N), so that pieces of a cell computed
 * anywhere add up to the cell's sum; pint_qmc_row_done turns a full cell
 * sum S_j into the cell's estimate c_j = (S_j / N) vol and the row into
 * mean and standard error over the cells.
 *
 * Shifts.  b_{r,j,i} is a pure function of (seed, r, j, i): the i-th
 * uniform of the Philox4x32-10 block with
 *
 *     counter = (i / 2, r, j, PINT_QMC_SHIFT_TAG),
 *     key     = seed XOR PINT_QMC_SHIFT_KEY (low word, high word),
 *
 * two 53-bit uniforms in [0, 1) per block.  The Monte Carlo streams (rng.c)
 * use counters (draw, draw >> 32, rank, 0) under key = seed: their fourth
 * counter word is always 0, ours never is, so whenever the two keys agree
 * the counters differ, and Philox being a bijection of the counter for a
 * fixed key, no shift block is ever an MC block.  The XOR keeps the keys of
 * QMC and MC apart for the same seed as well.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "qmc.h"
#include "tolerance.h"
#include "rng.h"
#include "sum.h"
#include "pool.h"
#include "korobov.h"

/* Fourth Philox counter word of every shift block ("QMCs"); MC uses 0. */
#define PINT_QMC_SHIFT_TAG 0x514D4373u
/* XORed into the seed to make the Philox key of the shifts. */
#define PINT_QMC_SHIFT_KEY UINT64_C(0x6A09E667F3BCC908)

/* Coordinates per batch (x holds batch * ndim doubles): batches of 1024
 * points up to ndim = 64, fewer above, at least 16. */
#define BATCH_COORDS 65536
#define BATCH_MAX 1024
#define BATCH_MIN 16

#define PI_ 3.14159265358979323846

#define SLOTS_PER_THREAD 4      /* batches per thread in one pool job */

/* A thread's batch: points, values, weights, k z mod N, and its running
 * sums of g and |g| (2 ncomp).  Each on cache lines of its own: they
 * change at every point, and two threads' k z sharing a line (5
 * numbers at d = 5, allocated one after the other) made QMC on 2
 * threads run 1.3 to 1.4 times as long, as the heap's layout fell. */
typedef struct {
    double *x, *f, *wt;
    long long *kz;
    pint_sum *acc;
} qmc_scratch;

/* A batch's outcome: the partial sums of g_k and |g_k|, or the
 * integrand's failure. */
typedef struct {
    pint_sum *acc, *abs;        /* ncomp each */
    size_t npts;
    int rc;
    char msg[256];
} qmc_slot;

struct pint_qmc {
    const pint_function *fn;
    int ndim, ncomp, shifts;
    enum pint_periodize periodize;
    uint64_t seed;
    double *lo, *hi, *width;    /* the box */
    double vol;

    size_t batch;               /* points per integrand call */
    pint_pool *pool;            /* NULL: the caller's thread alone */
    int nthreads;
    qmc_scratch *scratch;       /* one per thread */
    size_t nslots;              /* batches of one pool job */
    qmc_slot *slot;
    long long job_k0, job_k1;   /* the current job's points */
    pint_sum *acc;              /* ncomp running sums of a piece */
    pint_sum *abssum;           /* ncomp sums of |g| of every point */
    long long abscount;         /* ... over this many points */

    int z_rule;                 /* table row z[] was built for, -1: none */
    long long n;                /* its N */
    long long *z;               /* generator vector */
    int b_row, b_shift;         /* cell shift[] was drawn for, -1: none */
    double *shift;

    /* cells of the rows with the current pooled N (see row_done) */
    long long pool_n, pool_cells;
    double *pool_mean, *pool_m2;

    double *cellsum, *val, *err; /* pint_qmc_run's row buffers */

    /* the cell sums of every finished row, for checkpoints */
    double *hist;
    int hist_rows, hist_cap, hist_lost;
    char msg[256];
};

/* ------------------------------------------------------------ lifecycle */

/* A batch's buffers for each of nthreads threads and the slots of a
 * job (their sums in one block, at slot[0].acc). */
typedef struct {
    qmc_scratch *scratch;
    qmc_slot *slot;
    int nthreads;
    size_t nslots;
} qmc_buffers;

/* bytes on whole cache lines of their own (free() frees it). */
static void *lines(size_t bytes)
{
    return aligned_alloc(64, (bytes + 63) / 64 * 64);
}

static void buffers_free(qmc_buffers *bu)
{
    for (int t = 0; bu->scratch && t < bu->nthreads; t++) {
        free(bu->scratch[t].x);
        free(bu->scratch[t].f);
        free(bu->scratch[t].wt);
        free(bu->scratch[t].kz);
        free(bu->scratch[t].acc);
    }
    if (bu->slot)
        free(bu->slot[0].acc);
    free(bu->scratch);
    free(bu->slot);
}

/* 0, or -1 when out of memory (nothing is left allocated). */
static int buffers_new(qmc_buffers *bu, int nthreads, size_t n, size_t m,
                       size_t batch)
{
    bu->nthreads = nthreads;
    bu->nslots = (size_t)SLOTS_PER_THREAD * (size_t)nthreads;
    bu->scratch = calloc((size_t)nthreads, sizeof *bu->scratch);
    bu->slot = calloc(bu->nslots, sizeof *bu->slot);
    pint_sum *sums = calloc(2 * bu->nslots * m, sizeof *sums);
    if (!bu->scratch || !bu->slot || !sums) {
        free(sums);
        free(bu->scratch);
        free(bu->slot);
        return -1;
    }
    for (size_t i = 0; i < bu->nslots; i++) {
        bu->slot[i].acc = sums + 2 * i * m;
        bu->slot[i].abs = sums + (2 * i + 1) * m;
    }
    for (int t = 0; t < nthreads; t++) {
        qmc_scratch *sc = &bu->scratch[t];
        sc->x = lines(batch * n * sizeof *sc->x);
        sc->f = lines(batch * m * sizeof *sc->f);
        sc->wt = lines(batch * sizeof *sc->wt);
        sc->kz = lines(n * sizeof *sc->kz);
        sc->acc = lines(2 * m * sizeof *sc->acc);
        if (!sc->x || !sc->f || !sc->wt || !sc->kz || !sc->acc) {
            buffers_free(bu);
            return -1;
        }
    }
    return 0;
}

static qmc_buffers buffers_of(const pint_qmc *q)
{
    return (qmc_buffers){ q->scratch, q->slot, q->nthreads, q->nslots };
}

/* The buffers of nthreads threads into q: 0, or -1 (q as it was). */
static int size_buffers(pint_qmc *q, int nthreads)
{
    qmc_buffers bu, old = buffers_of(q);
    if (buffers_new(&bu, nthreads, (size_t)q->ndim, (size_t)q->ncomp,
                    q->batch) != 0)
        return -1;
    buffers_free(&old);
    q->scratch = bu.scratch;
    q->slot = bu.slot;
    q->nthreads = bu.nthreads;
    q->nslots = bu.nslots;
    return 0;
}

static int resize(void *q, int nthreads)
{
    return size_buffers(q, nthreads);
}

int pint_qmc_set_threads(pint_qmc *q, int nthreads)
{
    if ((nthreads < 1 ? 1 : nthreads) == q->nthreads)
        return 0;
    return pint_pool_move(&q->pool, nthreads, resize, q, q->msg,
                          sizeof q->msg);
}

pint_qmc *pint_qmc_new(const pint_function *fn, const double *lo,
                       const double *hi, int shifts,
                       enum pint_periodize periodize, uint64_t seed)
{
    if (!fn || !lo || !hi || (!fn->f && !fn->fbatch) || fn->ncomp < 1
        || fn->ndim < 1 || fn->ndim > PINT_QMC_MAX_DIM || shifts < 2)
        return NULL;
    switch (periodize) {
    case PINT_PERIODIZE_NONE: case PINT_PERIODIZE_BAKER:
    case PINT_PERIODIZE_KOROBOV: case PINT_PERIODIZE_SIDI:
        break;
    default:
        return NULL;
    }
    int n = fn->ndim, m = fn->ncomp;
    for (int i = 0; i < n; i++)
        if (!isfinite(lo[i]) || !isfinite(hi[i]) || !(lo[i] < hi[i]))
            return NULL;

    pint_qmc *q = calloc(1, sizeof *q);
    if (!q)
        return NULL;
    q->fn = fn;
    q->ndim = n;
    q->ncomp = m;
    q->shifts = shifts;
    q->periodize = periodize;
    q->seed = seed;
    size_t b = BATCH_COORDS / (size_t)n;
    q->batch = b > BATCH_MAX ? BATCH_MAX : b < BATCH_MIN ? BATCH_MIN : b;

    q->lo = malloc(4 * (size_t)n * sizeof *q->lo);
    q->acc = malloc((size_t)m * sizeof *q->acc);
    q->abssum = calloc((size_t)m, sizeof *q->abssum);
    q->z = malloc((size_t)n * sizeof *q->z);
    q->pool_mean = malloc(2 * (size_t)m * sizeof *q->pool_mean);
    q->cellsum = malloc(((size_t)shifts + 2) * (size_t)m * sizeof *q->cellsum);
    if (!q->lo || !q->acc || !q->abssum || !q->z || !q->pool_mean
        || !q->cellsum || size_buffers(q, 1) != 0) {
        pint_qmc_free(q);
        return NULL;
    }
    q->hi = q->lo + n;
    q->width = q->lo + 2 * n;
    q->shift = q->lo + 3 * n;
    q->pool_m2 = q->pool_mean + m;
    q->val = q->cellsum + (size_t)shifts * (size_t)m;
    q->err = q->val + m;
    q->vol = 1.0;
    for (int i = 0; i < n; i++) {
        q->lo[i] = lo[i];
        q->hi[i] = hi[i];
        q->width[i] = hi[i] - lo[i];
        q->vol *= q->width[i];
    }
    q->z_rule = -1;
    q->b_row = q->b_shift = -1;
    return q;
}

void pint_qmc_free(pint_qmc *q)
{
    if (!q)
        return;
    pint_pool_free(q->pool);
    qmc_buffers bu = buffers_of(q);
    buffers_free(&bu);
    free(q->lo);
    free(q->acc);
    free(q->abssum);
    free(q->z);
    free(q->pool_mean);
    free(q->cellsum);
    free(q->hist);
    free(q);
}


int pint_qmc_ncomp(const pint_qmc *q) { return q->ncomp; }

int pint_qmc_shifts(const pint_qmc *q) { return q->shifts; }

const char *pint_qmc_message(const pint_qmc *q) { return q->msg; }

static int rule_of_row(int row)
{
    return row < pint_korobov_count ? row : pint_korobov_count - 1;
}

long long pint_qmc_row_points(const pint_qmc *q, int row)
{
    (void)q;
    if (row < 0)
        return 0;
    return pint_korobov_rules[rule_of_row(row)].n;
}

/* ------------------------------------------------------ z and the shifts */

/* z = (1, a, a^2, ...) mod N of the rule serving `row`. */
static void load_rule(pint_qmc *q, int row)
{
    int r = rule_of_row(row);
    if (r == q->z_rule)
        return;
    const pint_korobov_rule *rule = &pint_korobov_rules[r];
    long long n = rule->n, a = rule->a;
    q->z[0] = 1 % n;
    for (int i = 1; i < q->ndim; i++)     /* a, z < n < 2^31: no overflow */
        q->z[i] = q->z[i - 1] * a % n;
    q->n = n;
    q->z_rule = r;
}

/* Top 53 bits of (hi, lo) as a uniform in [0, 1). */
static double uniform53(uint32_t hi, uint32_t lo)
{
    uint64_t w = ((uint64_t)hi << 32) | lo;
    return (double)(w >> 11) * (1.0 / 9007199254740992.0);
}

/* b_{row, j} into q->shift (see the comment at the top of the file). */
static void load_shift(pint_qmc *q, int row, int j)
{
    if (row == q->b_row && j == q->b_shift)
        return;
    uint64_t k = q->seed ^ PINT_QMC_SHIFT_KEY;
    uint32_t key[2] = { (uint32_t)k, (uint32_t)(k >> 32) };
    for (int i = 0; i < q->ndim; i += 2) {
        uint32_t ctr[4] = { (uint32_t)(i / 2), (uint32_t)row, (uint32_t)j,
                            PINT_QMC_SHIFT_TAG };
        uint32_t out[4];
        pint_philox4x32(ctr, key, out);
        q->shift[i] = uniform53(out[0], out[1]);
        if (i + 1 < q->ndim)
            q->shift[i + 1] = uniform53(out[2], out[3]);
    }
    q->b_row = row;
    q->b_shift = j;
}

/* ------------------------------------------------------------ the points */

/* Points k .. k + npts - 1 of the current cell into sc->x and sc->wt;
 * sc->kz holds k z mod N on entry and (k + npts) z mod N on return. */
static void make_points(const pint_qmc *q, qmc_scratch *sc, size_t npts)
{
    const int n = q->ndim;
    const long long N = q->n;
    const double invn = 1.0 / (double)N;
    const long long *z = q->z;
    long long *kz = sc->kz;
    const double *b = q->shift, *lo = q->lo, *hi = q->hi, *w = q->width;
    for (size_t p = 0; p < npts; p++) {
        double *x = sc->x + p * (size_t)n, weight = 1.0;
        /* t_i = {k z_i / N + b_i} in [0, 1) */
        for (int i = 0; i < n; i++) {
            double t = (double)kz[i] * invn + b[i];
            x[i] = t >= 1.0 ? t - 1.0 : t;
            long long next = kz[i] + z[i];
            kz[i] = next >= N ? next - N : next;
        }
        /* phi(t_i) in [0, 1] and the weight prod phi'(t_i) */
        switch (q->periodize) {
        case PINT_PERIODIZE_BAKER:
            for (int i = 0; i < n; i++)
                x[i] = 1.0 - fabs(2.0 * x[i] - 1.0);
            break;
        case PINT_PERIODIZE_KOROBOV:
            for (int i = 0; i < n; i++) {
                double t = x[i];
                x[i] = t * t * (3.0 - 2.0 * t);
                weight *= 6.0 * t * (1.0 - t);
            }
            break;
        case PINT_PERIODIZE_SIDI:
            /* t - sin(2 pi t)/(2 pi), weight 1 - cos(2 pi t) */
            for (int i = 0; i < n; i++) {
                double t = x[i], s = sin(PI_ * t), c = cos(PI_ * t);
                x[i] = t - s * c / PI_;
                weight *= 2.0 * s * s;
            }
            break;
        default:
            break;
        }
        for (int i = 0; i < n; i++) {
            double xi = lo[i] + w[i] * x[i];
            x[i] = xi > hi[i] ? hi[i] : xi;     /* rounding past hi */
        }
        sc->wt[p] = weight;
    }
}

/* Batch i of the current job, on a thread: points job_k0 + i batch and
 * on of the loaded cell, their values and partial sums. */
static void batch_task(void *arg, size_t i, int thread)
{
    pint_qmc *q = arg;
    int n = q->ndim, m = q->ncomp;
    qmc_scratch *sc = &q->scratch[thread];
    qmc_slot *sl = &q->slot[i];
    long long k = q->job_k0 + (long long)i * (long long)q->batch;
    size_t b = q->job_k1 - k < (long long)q->batch ? (size_t)(q->job_k1 - k)
                                                    : q->batch;
    for (int d = 0; d < n; d++)         /* k, z < N < 2^31 */
        sc->kz[d] = k * q->z[d] % q->n;
    make_points(q, sc, b);
    sl->npts = b;
    sl->rc = pint_eval_points(q->fn, b, sc->x, sc->f, sl->msg,
                              sizeof sl->msg);
    if (sl->rc != 0)
        return;
    pint_sum *acc = sc->acc, *abs = sc->acc + m;
    for (int c = 0; c < m; c++) {
        pint_sum_init(&acc[c]);
        pint_sum_init(&abs[c]);
    }
    for (size_t p = 0; p < b; p++)
        for (int c = 0; c < m; c++) {
            double g = sc->f[p * (size_t)m + c] * sc->wt[p];
            pint_sum_add(&acc[c], g);
            pint_sum_add(&abs[c], fabs(g));
        }
    memcpy(sl->acc, acc, (size_t)m * sizeof *acc);
    memcpy(sl->abs, abs, (size_t)m * sizeof *abs);
}

/* The batches of [k0, k1), up to nslots a job on the pool's threads,
 * their partial sums added in batch order: the sum does not depend on
 * the number of threads. */
int pint_qmc_piece_sum(pint_qmc *q, int row, int shift, long long k0,
                       long long k1, double *sum)
{
    int m = q->ncomp;
    long long N = pint_qmc_row_points(q, row);
    if (row < 0 || shift < 0 || shift >= q->shifts || k0 < 0 || k1 < k0
        || k1 > N) {
        snprintf(q->msg, sizeof q->msg,
                 "qmc: bad piece (row %d, shift %d, points %lld..%lld)",
                 row, shift, k0, k1);
        return PINT_ERR_INVALID;
    }
    load_rule(q, row);
    load_shift(q, row, shift);
    for (int k = 0; k < m; k++)
        pint_sum_init(&q->acc[k]);
    long long job = (long long)q->nslots * (long long)q->batch;
    while (k0 < k1) {
        q->job_k0 = k0;
        q->job_k1 = k1 - k0 < job ? k1 : k0 + job;
        size_t nb = (size_t)((q->job_k1 - k0 + (long long)q->batch - 1)
                             / (long long)q->batch);
        pint_pool_run(q->pool, nb, batch_task, q);
        for (size_t i = 0; i < nb; i++) {
            const qmc_slot *sl = &q->slot[i];
            if (sl->rc != 0) {
                snprintf(q->msg, sizeof q->msg, "%s", sl->msg);
                return sl->rc;
            }
            for (int k = 0; k < m; k++) {
                pint_sum_merge(&q->acc[k], &sl->acc[k]);
                pint_sum_merge(&q->abssum[k], &sl->abs[k]);
            }
            q->abscount += (long long)sl->npts;
        }
        k0 = q->job_k1;
    }
    for (int k = 0; k < m; k++)
        sum[k] = pint_sum_get(&q->acc[k]);
    return 0;
}

void pint_qmc_abs(const pint_qmc *q, double *abssum, long long *count)
{
    for (int k = 0; k < q->ncomp; k++)
        abssum[k] = pint_sum_get(&q->abssum[k]);
    *count = q->abscount;
}

void pint_qmc_absval(const pint_qmc *q, const double *abssum, long long n,
                     double *absval)
{
    for (int k = 0; k < q->ncomp; k++)
        absval[k] = n > 0 ? q->vol * (abssum[k] / (double)n) : 0.0;
}

/* ------------------------------------------------------------- estimates */

void pint_qmc_row_done(pint_qmc *q, int row, const double *cellsum,
                       double *value, double *error)
{
    int m = q->ncomp, s = q->shifts;
    long long N = pint_qmc_row_points(q, row);
    double dn = (double)N;
    /* a new run, or a new N: start a new pool */
    if (row == 0 || N != q->pool_n) {
        q->pool_n = N;
        q->pool_cells = 0;
    }
    double na = (double)q->pool_cells, nb = (double)s, nt = na + nb;
    for (int k = 0; k < m; k++) {
        /* the row's cells c_j = (S_j / N) vol, mean and sum of squared
         * deviations taken about c_0: equal cells give their value and a
         * zero error exactly */
        double ref = cellsum[k] / dn * q->vol;
        pint_sum d;
        pint_sum_init(&d);
        for (int j = 1; j < s; j++)
            pint_sum_add(&d, cellsum[(size_t)j * m + k] / dn * q->vol - ref);
        double dbar = pint_sum_get(&d) / nb, m2 = (0.0 - dbar) * (0.0 - dbar);
        int spread = dbar != 0.0;
        for (int j = 1; j < s; j++) {
            double e = cellsum[(size_t)j * m + k] / dn * q->vol - ref - dbar;
            m2 += e * e;
            spread |= e != 0.0;
        }
        double mean = ref + dbar;
        /* merge with the pool (Chan, Golub and LeVeque 1979) */
        if (q->pool_cells > 0) {
            double delta = mean - q->pool_mean[k];
            mean = q->pool_mean[k] + delta * (nb / nt);
            m2 = q->pool_m2[k] + m2 + delta * delta * (na * nb / nt);
        }
        q->pool_mean[k] = mean;
        q->pool_m2[k] = m2;
        value[k] = mean;
        /* squared deviations past the largest double, or below the
         * smallest normal one while the cells differ (precision lost):
         * no error estimate, NaN (rounds.c stops the run), not an
         * infinite one, which would only run on to the limit, nor the 0
         * of equal cells */
        int lost = !isfinite(m2) || (spread && m2 < DBL_MIN * nt);
        error[k] = lost ? NAN : sqrt(m2 / (nt * (nt - 1.0)));
    }
    q->pool_cells += s;
    /* keep the row for checkpoints (a failure shows when one is written) */
    if (row == 0)
        q->hist_rows = q->hist_lost = 0;
    size_t cell_len = (size_t)s * (size_t)m;
    if (q->hist_rows == q->hist_cap && !q->hist_lost) {
        int cap = q->hist_cap ? 2 * q->hist_cap : 32;
        double *h = realloc(q->hist, (size_t)cap * cell_len * sizeof *h);
        if (h) {
            q->hist = h;
            q->hist_cap = cap;
        } else {
            q->hist_lost = 1;
        }
    }
    if (!q->hist_lost)
        memcpy(q->hist + (size_t)q->hist_rows++ * cell_len, cellsum,
               cell_len * sizeof *cellsum);
}

/* ---------------------------------------------------------- checkpoints */

/* A count: a whole number in [0, 2^53). */
static int is_count(double x)
{
    return x >= 0 && x < 9007199254740992.0 && x == floor(x);
}

double *pint_qmc_pack(const pint_qmc *q, const double *pieces,
                      size_t npieces, size_t *len)
{
    if (q->hist_lost)
        return NULL;
    size_t cell_len = (size_t)q->shifts * (size_t)q->ncomp;
    size_t hist = (size_t)q->hist_rows * cell_len;
    size_t plen = npieces * PINT_QMC_PIECE(q->ncomp);
    *len = 2 + hist + plen;
    double *v = malloc(*len * sizeof *v);
    if (!v)
        return NULL;
    v[0] = q->hist_rows;
    v[1] = (double)npieces;
    if (hist)
        memcpy(v + 2, q->hist, hist * sizeof *v);
    if (plen)
        memcpy(v + 2 + hist, pieces, plen * sizeof *v);
    return v;
}

/* Order of pieces: row, cell, first point. */
static int piece_cmp(const void *a, const void *b)
{
    const double *x = *(const double *const *)a, *y = *(const double *const *)b;
    for (int i = 0; i < 3; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

/* The pieces of v in order (an array of pointers, malloc'ed), or NULL. */
static const double **sorted_pieces(const double *pieces, size_t n, int m)
{
    const double **p = malloc((n ? n : 1) * sizeof *p);
    if (!p)
        return NULL;
    for (size_t i = 0; i < n; i++)
        p[i] = pieces + i * PINT_QMC_PIECE(m);
    qsort(p, n, sizeof *p, piece_cmp);
    return p;
}

int pint_qmc_restore(pint_qmc *q, const double *v, size_t len,
                     double *value, double *error, const double **pieces,
                     size_t *npieces, char *msg, size_t msglen)
{
    int m = q->ncomp, s = q->shifts;
    size_t cell_len = (size_t)s * (size_t)m, plen = PINT_QMC_PIECE(m);
    if (len < 2 || !is_count(v[0]) || !is_count(v[1]) || v[0] > 1e6
        || (len - 2 - (size_t)v[0] * cell_len) / plen != (size_t)v[1]
        || (size_t)v[0] * cell_len > len - 2
        || (len - 2 - (size_t)v[0] * cell_len) % plen != 0) {
        snprintf(msg, msglen, "not the state of a QMC run");
        return -1;
    }
    int rows = (int)v[0];
    *npieces = (size_t)v[1];
    *pieces = v + 2 + (size_t)rows * cell_len;
    const double **p = sorted_pieces(*pieces, *npieces, m);
    if (!p) {
        snprintf(msg, msglen, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < *npieces; i++) {
        const double *x = p[i];
        int ok = (x[0] == rows || x[0] == rows + 1) && is_count(x[1])
                 && x[1] < s && is_count(x[2]) && is_count(x[3])
                 && x[2] < x[3]
                 && x[3] <= (double)pint_qmc_row_points(q, (int)x[0]);
        /* pieces of one cell do not overlap */
        if (ok && i > 0 && p[i - 1][0] == x[0] && p[i - 1][1] == x[1])
            ok = p[i - 1][3] <= x[2];
        if (!ok) {
            free(p);
            snprintf(msg, msglen, "piece %zu of the row in progress is not "
                     "valid", (size_t)(x - *pieces) / plen);
            return -1;
        }
    }
    free(p);
    for (int k = 0; k < m; k++) {
        value[k] = 0.0;
        error[k] = INFINITY;
    }
    for (int r = 0; r < rows; r++)
        pint_qmc_row_done(q, r, v + 2 + (size_t)r * cell_len, value, error);
    return rows;
}

int pint_qmc_resumed_met(const pint_options *opt, int rows,
                         const double *value, const double *error, int m)
{
    return rows > 0 && pint_tolerance_met(opt, value, error, NULL, m, 1.0);
}

long long pint_qmc_todo(const pint_qmc *q, int row, const double *pieces,
                        size_t npieces, double *cellsum, long long **todo)
{
    int m = q->ncomp, s = q->shifts;
    long long n = pint_qmc_row_points(q, row);
    const double **p = sorted_pieces(pieces, npieces, m);
    /* at most one interval per cell and one after each piece */
    *todo = malloc(3 * ((size_t)s + npieces) * sizeof **todo);
    if (!p || !*todo) {
        free(p);
        free(*todo);
        *todo = NULL;
        return -1;
    }
    pint_sum *acc = malloc((size_t)s * (size_t)m * sizeof *acc);
    if (!acc) {
        free(p);
        free(*todo);
        *todo = NULL;
        return -1;
    }
    for (size_t i = 0; i < (size_t)s * (size_t)m; i++)
        pint_sum_init(&acc[i]);
    long long count = 0;
    size_t i = 0;
    while (i < npieces && p[i][0] < row)
        i++;
    for (int cell = 0; cell < s; cell++) {
        long long a = 0;
        for (; i < npieces && p[i][0] == row && p[i][1] == cell; i++) {
            long long k0 = (long long)p[i][2], k1 = (long long)p[i][3];
            if (k0 > a) {
                (*todo)[3 * count] = cell;
                (*todo)[3 * count + 1] = a;
                (*todo)[3 * count + 2] = k0;
                count++;
            }
            a = k1;
            for (int k = 0; k < m; k++)
                pint_sum_add(&acc[(size_t)cell * m + k], p[i][4 + k]);
        }
        if (a < n) {
            (*todo)[3 * count] = cell;
            (*todo)[3 * count + 1] = a;
            (*todo)[3 * count + 2] = n;
            count++;
        }
    }
    for (size_t j = 0; j < (size_t)s * (size_t)m; j++)
        cellsum[j] = pint_sum_get(&acc[j]);
    free(acc);
    free(p);
    return count;
}

/* Slice r of P of the interval [a, b). */
long long pint_qmc_cut(const long long *todo, long long ntodo,
                       long long units, long long **pieces, long long *first)
{
    long long total = 0;
    for (long long i = 0; i < ntodo; i++)
        total += todo[3 * i + 2] - todo[3 * i + 1];
    if (units < 1)
        units = 1;
    /* a unit adds at most one piece, an interval's end one more */
    *pieces = malloc(3 * (size_t)(units + ntodo + 1) * sizeof **pieces);
    if (!*pieces)
        return -1;
    long long n = 0, i = 0, at = 0;    /* interval i, at points into it */
    for (long long u = 0; u < units; u++) {
        /* unit u: flat points [total u / units, total (u + 1) / units) */
        long long end = total / units * (u + 1)
                        + total % units * (u + 1) / units;
        long long flat = total / units * u + total % units * u / units;
        first[u] = n;
        while (flat < end) {
            long long a = todo[3 * i + 1] + at, left = todo[3 * i + 2] - a;
            long long take = end - flat < left ? end - flat : left;
            (*pieces)[3 * n] = todo[3 * i];
            (*pieces)[3 * n + 1] = a;
            (*pieces)[3 * n + 2] = a + take;
            n++;
            flat += take;
            at += take;
            if (take == left) {
                i++;
                at = 0;
            }
        }
    }
    first[units] = n;
    return n;
}

int pint_qmc_work(pint_qmc *q, int row, const long long *todo,
                  long long ntodo, const pint_watch *watch,
                  void (*tick)(void *arg), void *tick_arg, double *out)
{
    int m = q->ncomp;
    size_t w = 1 + (size_t)m;
    double part[m];
    int watched = watch && (watch->deadline || watch->opt->stop);
    memset(out, 0, (size_t)ntodo * w * sizeof *out);
    for (long long i = 0; i < ntodo; i++) {
        long long k0 = todo[3 * i + 1], k1 = todo[3 * i + 2];
        double *o = out + (size_t)i * w;
        pint_sum acc[m];
        for (int k = 0; k < m; k++)
            pint_sum_init(&acc[k]);
        for (long long a = k0; a < k1; a += PINT_QMC_WATCH_CHUNK) {
            int halt = watched ? pint_watch_halt(watch) : 0;
            if (halt)
                return halt;
            if (tick)
                tick(tick_arg);
            long long b = k1 - a < PINT_QMC_WATCH_CHUNK
                          ? k1 : a + PINT_QMC_WATCH_CHUNK;
            int rc = pint_qmc_piece_sum(q, row, (int)todo[3 * i], a, b, part);
            if (rc != 0)
                return rc;
            for (int k = 0; k < m; k++) {
                pint_sum_add(&acc[k], part[k]);
                o[1 + k] = pint_sum_get(&acc[k]);
            }
            o[0] = (double)(b - k0);
        }
    }
    return 0;
}

double *pint_qmc_pack_row(const pint_qmc *q, const double *resumed,
                          size_t nresumed, int row, const long long *pieces,
                          const long long *first, int P,
                          const double *blocks, size_t block_len,
                          size_t *len)
{
    int m = q->ncomp;
    size_t plen = PINT_QMC_PIECE(m), w = 1 + (size_t)m;
    size_t ours = pieces ? (size_t)first[P] - (size_t)first[0] : 0;
    size_t cap = nresumed + ours, n = 0;
    double *out = malloc((cap ? cap : 1) * plen * sizeof *out);
    if (!out)
        return NULL;
    /* the resumed pieces not yet used: of this row and later ones */
    for (size_t i = 0; i < nresumed; i++) {
        const double *x = resumed + i * plen;
        if (x[0] >= row)
            memcpy(out + n++ * plen, x, plen * sizeof *x);
    }
    for (int r = 0; r < P && pieces; r++)
        for (long long i = first[r]; i < first[r + 1]; i++) {
            const double *o = blocks + (size_t)r * block_len
                              + (size_t)(i - first[r]) * w;
            if (o[0] <= 0)
                continue;
            double *x = out + n++ * plen;
            x[0] = row;
            x[1] = (double)pieces[3 * i];
            x[2] = (double)pieces[3 * i + 1];
            x[3] = (double)pieces[3 * i + 1] + o[0];
            memcpy(x + 4, o + 1, (size_t)m * sizeof *x);
        }
    double *v = pint_qmc_pack(q, out, n, len);
    free(out);
    return v;
}

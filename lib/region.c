/* region.c -- region records, pool and split operations (see region.h). */
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "region.h"

size_t pint_region_geom_len(enum pint_region_kind kind, int ndim)
{
    return kind == PINT_REGION_BOX ? 2 * (size_t)ndim
                                   : (size_t)ndim * (size_t)(ndim + 1);
}

/* Blocks hold many records; released records go on a free list threaded
 * through their first bytes. */
typedef struct pool_block {
    struct pool_block *next;
    double mem[];               /* records, double-aligned */
} pool_block;

struct pint_region_pool {
    size_t rec_size;            /* bytes per record, a multiple of 8 */
    size_t per_block;           /* records per block */
    pool_block *blocks;
    void *free_list;
};

pint_region_pool *pint_region_pool_new(int ncomp, size_t geom_len)
{
    pint_region_pool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->rec_size = sizeof(pint_region)
                + (3 * (size_t)ncomp + geom_len) * sizeof(double);
    p->rec_size = (p->rec_size + 7) & ~(size_t)7;
    /* about 256 KiB per block: few mallocs, little waste for small runs */
    p->per_block = (256 * 1024) / p->rec_size;
    if (p->per_block < 16)
        p->per_block = 16;
    return p;
}

void pint_region_pool_free(pint_region_pool *p)
{
    if (!p)
        return;
    while (p->blocks) {
        pool_block *b = p->blocks;
        p->blocks = b->next;
        free(b);
    }
    free(p);
}

static int pool_grow(pint_region_pool *p)
{
    pool_block *b = malloc(sizeof *b + p->per_block * p->rec_size);
    if (!b)
        return -1;
    b->next = p->blocks;
    p->blocks = b;
    char *base = (char *)b->mem;
    for (size_t i = p->per_block; i-- > 0;) {
        void *rec = base + i * p->rec_size;
        *(void **)rec = p->free_list;
        p->free_list = rec;
    }
    return 0;
}

pint_region *pint_region_alloc(pint_region_pool *p)
{
    if (!p->free_list && pool_grow(p) != 0)
        return NULL;
    void *rec = p->free_list;
    p->free_list = *(void **)rec;
    return rec;
}

void pint_region_release(pint_region_pool *p, pint_region *r)
{
    if (!r)
        return;
    *(void **)r = p->free_list;
    p->free_list = r;
}

static void split_box(int n, int axis, const double *g, double *g1, double *g2)
{
    memcpy(g1, g, 2 * (size_t)n * sizeof *g);
    memcpy(g2, g, 2 * (size_t)n * sizeof *g);
    double h = 0.5 * g[n + axis];
    g1[axis] = g[axis] - h;
    g2[axis] = g[axis] + h;
    g1[n + axis] = h;
    g2[n + axis] = h;
}

static void split_simplex(int n, int edge, const double *g, double *g1,
                          double *g2)
{
    size_t len = (size_t)n * (size_t)(n + 1);
    int a = edge / (n + 1), b = edge % (n + 1);
    memcpy(g1, g, len * sizeof *g);
    memcpy(g2, g, len * sizeof *g);
    for (int i = 0; i < n; i++) {
        double m = 0.5 * (g[a * n + i] + g[b * n + i]);
        g1[b * n + i] = m;      /* child 1 keeps vertex a */
        g2[a * n + i] = m;      /* child 2 keeps vertex b */
    }
}

void pint_region_split(enum pint_region_kind kind, int ndim, int split,
                       const double *g, double *g1, double *g2)
{
    if (kind == PINT_REGION_BOX)
        split_box(ndim, split, g, g1, g2);
    else
        split_simplex(ndim, split, g, g1, g2);
}

double pint_simplex_volume(int n, const double *v)
{
    /* Gaussian elimination with partial pivoting on the n x n matrix of
     * edge vectors v_j - v_0; n <= 20 so a VLA-free fixed buffer fits. */
    double m[20 * 20];
    if (n < 1 || n > 20)
        return 0.0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++)
            m[j * n + i] = v[(j + 1) * n + i] - v[i];
    double det = 1.0;
    for (int c = 0; c < n; c++) {
        int piv = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(m[r * n + c]) > fabs(m[piv * n + c]))
                piv = r;
        if (m[piv * n + c] == 0.0)
            return 0.0;
        if (piv != c) {
            for (int k = 0; k < n; k++) {
                double t = m[c * n + k];
                m[c * n + k] = m[piv * n + k];
                m[piv * n + k] = t;
            }
            det = -det;
        }
        det *= m[c * n + c];
        for (int r = c + 1; r < n; r++) {
            double f = m[r * n + c] / m[c * n + c];
            for (int k = c; k < n; k++)
                m[r * n + k] -= f * m[c * n + k];
        }
    }
    double fact = 1.0;
    for (int k = 2; k <= n; k++)
        fact *= k;
    return fabs(det) / fact;
}

void pint_region_pack(const pint_region *r, int m, size_t geom_len,
                      double *rec)
{
    rec[PINT_REC_KEY] = r->key;
    rec[PINT_REC_VOL] = r->vol;
    rec[PINT_REC_SPLIT] = r->split;
    memcpy(rec + PINT_REC_VALUE, r->data,
           (pint_rec_share(m, geom_len) - PINT_REC_VALUE) * sizeof *rec);
    rec[pint_rec_share(m, geom_len)] = r->share;
    rec[pint_rec_flags(m, geom_len)] = r->alt + 2 * r->mended;
}

void pint_region_unpack(pint_region *r, int m, size_t geom_len,
                        const double *rec)
{
    r->vol = rec[PINT_REC_VOL];
    r->split = (short)rec[PINT_REC_SPLIT];
    memcpy(r->data, rec + PINT_REC_VALUE,
           (pint_rec_share(m, geom_len) - PINT_REC_VALUE) * sizeof *rec);
    r->share = (float)rec[pint_rec_share(m, geom_len)];
    int flags = (int)rec[pint_rec_flags(m, geom_len)];
    r->alt = (unsigned char)(flags & 1);
    r->mended = (unsigned char)(flags >> 1 & 1);
    r->frozen = 0;              /* the engine's to judge (adapt.c) */
}

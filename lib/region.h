/* region.h -- region records, their pool allocator and split operations.
 *
 * A region is one fixed-size record: its key (adapt.c, region_key),
 * volume, split advice and a flexible tail holding value[ncomp],
 * error[ncomp], the geometry (see rules/rule.h) and absval[ncomp], the
 * region's volume times the mean of |f_k| over the rule's points (an
 * estimate of the integral of |f_k|, for the floor of tolerance.h).  Records
 * come from a pool of large blocks with a free list, so the adaptive loop
 * does no malloc per region.
 */
#ifndef PINT_REGION_H
#define PINT_REGION_H

#include <stddef.h>
#include "rule.h"

typedef struct pint_region {
    double key;                 /* the heap's ordering (region_key) */
    double vol;                 /* volume of the region */
    short split;                /* the rule's split advice */
    unsigned char alt;          /* 1: its children take the engine's
                                   fallback rule (adapt.c, the rule of a
                                   region) */
    unsigned char mended : 1;   /* 1: a value on a face was not finite
                                   (adapt.c, mend_region) */
    unsigned char frozen : 1;   /* 1: too narrow to split (adapt.c,
                                   too_narrow; made from the geometry,
                                   not part of the record) */
    float share;                /* the split axis's share of the error
                                   (rule.h, split_correct), 0: unknown */
    double data[];              /* val[ncomp], err[ncomp], geom[geom_len],
                                   absval[ncomp] */
} pint_region;

static inline double *pint_region_val(pint_region *r) { return r->data; }
static inline double *pint_region_err(pint_region *r, int ncomp)
{ return r->data + ncomp; }
static inline double *pint_region_geom(pint_region *r, int ncomp)
{ return r->data + 2 * ncomp; }
static inline double *pint_region_abs(pint_region *r, int ncomp,
                                      size_t geom_len)
{ return r->data + 2 * (size_t)ncomp + geom_len; }

/* The record of a region: the one layout in which regions travel between
 * ranks (REGIONS), reach the controller's audit and checkpoints (VERIFY,
 * DUMP) and fill checkpoint files: key, volume, split advice, then the
 * tail as in data[] (value[m], error[m], geometry[geom_len], absval[m]),
 * then the split share, then the flags alt + 2 mended.  Offsets for m
 * components. */
enum { PINT_REC_KEY, PINT_REC_VOL, PINT_REC_SPLIT, PINT_REC_VALUE };
static inline size_t pint_rec_error(int m) { return PINT_REC_VALUE + (size_t)m; }
static inline size_t pint_rec_geom(int m) { return PINT_REC_VALUE + 2 * (size_t)m; }
static inline size_t pint_rec_abs(int m, size_t geom_len)
{ return pint_rec_geom(m) + geom_len; }
static inline size_t pint_rec_share(int m, size_t geom_len)
{ return pint_rec_abs(m, geom_len) + (size_t)m; }
static inline size_t pint_rec_flags(int m, size_t geom_len)
{ return pint_rec_share(m, geom_len) + 1; }
static inline size_t pint_rec_len(int m, size_t geom_len)
{ return pint_rec_flags(m, geom_len) + 1; }

/* r as a record; a record into r (all but the key, which the receiver's
 * heap sets). */
void pint_region_pack(const pint_region *r, int m, size_t geom_len,
                      double *rec);
void pint_region_unpack(pint_region *r, int m, size_t geom_len,
                        const double *rec);

/* Geometry length in doubles for a region kind and dimension. */
size_t pint_region_geom_len(enum pint_region_kind kind, int ndim);

typedef struct pint_region_pool pint_region_pool;

/* A pool of records for ncomp components and geom_len geometry doubles. */
pint_region_pool *pint_region_pool_new(int ncomp, size_t geom_len);
void pint_region_pool_free(pint_region_pool *p);
/* A record, or NULL when out of memory. */
pint_region *pint_region_alloc(pint_region_pool *p);
void pint_region_release(pint_region_pool *p, pint_region *r);

/* Split the geometry `g` of a region into `g1` and `g2` following the
 * rule's advice: bisect axis `split` of a box, or edge split = a*(n+1)+b
 * of a simplex.  Each child has half the parent's volume. */
void pint_region_split(enum pint_region_kind kind, int ndim, int split,
                       const double *g, double *g1, double *g2);

/* Volume of a simplex (|det|/n!) given its n+1 vertices. */
double pint_simplex_volume(int ndim, const double *vertices);

#endif /* PINT_REGION_H */

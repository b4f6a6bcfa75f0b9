/* heap.h -- binary max-heap of regions keyed by their error estimate.
 *
 * The adaptive loop always subdivides the region with the largest error
 * (Cucos 2003, Figure 6.1); this heap gives that region in O(1) and
 * re-orders in O(log n).  It stores pointers; records live in the pool.
 * Each entry holds a copy of its region's key, so that sifting compares
 * within the heap's array and does not visit a record per level (on a
 * heap of 10^5 regions and more those visits were cache misses, most of
 * the serial part of a step on several threads).  A key changed in its
 * record reaches the heap by pint_heap_rebuild.
 */
#ifndef PINT_HEAP_H
#define PINT_HEAP_H

#include <stddef.h>
#include "region.h"

typedef struct {
    double key;                 /* r->key when it was pushed or rebuilt */
    pint_region *r;
} pint_heap_entry;

typedef struct {
    pint_heap_entry *items;
    size_t size, cap;
} pint_heap;

void pint_heap_init(pint_heap *h);
void pint_heap_destroy(pint_heap *h);
/* Room for at least cap regions (grown geometrically): 0 on success, -1
 * when out of memory (the heap is unchanged). */
int pint_heap_reserve(pint_heap *h, size_t cap);
int pint_heap_push(pint_heap *h, pint_region *r);
/* A push into room reserved before: where the entry was left. */
size_t pint_heap_push_reserved(pint_heap *h, pint_region *r);
/* Undo the last push, which left its entry at `at`: the heap is again as
 * it was before that push, entry for entry.  Pushes are undone last
 * first, with no pop between. */
void pint_heap_unpush(pint_heap *h, size_t at);
/* The region with the largest key, or NULL when empty. */
static inline pint_region *pint_heap_top(const pint_heap *h)
{ return h->size ? h->items[0].r : NULL; }
pint_region *pint_heap_pop(pint_heap *h);
/* Take every key again from its record and restore the order, after
 * keys were changed in place (O(size)). */
void pint_heap_rebuild(pint_heap *h);

#endif /* PINT_HEAP_H */

/* heap.c -- binary max-heap of regions (see heap.h). */
#include <stdlib.h>
#include "heap.h"

void pint_heap_init(pint_heap *h)
{
    h->items = NULL;
    h->size = h->cap = 0;
}

void pint_heap_destroy(pint_heap *h)
{
    free(h->items);
    pint_heap_init(h);
}

int pint_heap_reserve(pint_heap *h, size_t cap)
{
    if (cap <= h->cap)
        return 0;
    /* grow geometrically: callers reserve one slot per step, and growing
     * by exactly that would realloc (and copy) on every step */
    if (cap < 2 * h->cap)
        cap = 2 * h->cap;
    if (cap < 64)
        cap = 64;
    pint_region **p = realloc(h->items, cap * sizeof *p);
    if (!p)
        return -1;
    h->items = p;
    h->cap = cap;
    return 0;
}

int pint_heap_push(pint_heap *h, pint_region *r)
{
    if (h->size == h->cap && pint_heap_reserve(h, h->size + 1) != 0)
        return -1;
    size_t i = h->size++;
    /* sift up: move the hole towards the root while the parent is smaller */
    while (i > 0) {
        size_t parent = (i - 1) / 2;
        if (h->items[parent]->key >= r->key)
            break;
        h->items[i] = h->items[parent];
        i = parent;
    }
    h->items[i] = r;
    return 0;
}

pint_region *pint_heap_pop(pint_heap *h)
{
    if (h->size == 0)
        return NULL;
    pint_region *top = h->items[0];
    pint_region *last = h->items[--h->size];
    size_t n = h->size, i = 0;
    /* sift down the last item from the root */
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && h->items[c + 1]->key > h->items[c]->key)
            c++;
        if (h->items[c]->key <= last->key)
            break;
        h->items[i] = h->items[c];
        i = c;
    }
    if (n > 0)
        h->items[i] = last;
    return top;
}

void pint_heap_rebuild(pint_heap *h)
{
    /* Floyd: sift down every inner node, the last first */
    size_t n = h->size;
    for (size_t start = n / 2; start-- > 0;) {
        pint_region *r = h->items[start];
        size_t i = start;
        for (;;) {
            size_t c = 2 * i + 1;
            if (c >= n)
                break;
            if (c + 1 < n && h->items[c + 1]->key > h->items[c]->key)
                c++;
            if (h->items[c]->key <= r->key)
                break;
            h->items[i] = h->items[c];
            i = c;
        }
        h->items[i] = r;
    }
}

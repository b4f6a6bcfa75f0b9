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
    pint_heap_entry *p = realloc(h->items, cap * sizeof *p);
    if (!p)
        return -1;
    h->items = p;
    h->cap = cap;
    return 0;
}

/* Put e at hole i and sift it down among the first n entries. */
static void sift_down(pint_heap_entry *items, size_t n, size_t i,
                      pint_heap_entry e)
{
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && items[c + 1].key > items[c].key)
            c++;
        if (items[c].key <= e.key)
            break;
        items[i] = items[c];
        i = c;
    }
    items[i] = e;
}

size_t pint_heap_push_reserved(pint_heap *h, pint_region *r)
{
    size_t i = h->size++;
    /* sift up: move the hole towards the root while the parent is smaller */
    while (i > 0) {
        size_t parent = (i - 1) / 2;
        if (h->items[parent].key >= r->key)
            break;
        h->items[i] = h->items[parent];
        i = parent;
    }
    h->items[i] = (pint_heap_entry){ r->key, r };
    return i;
}

int pint_heap_push(pint_heap *h, pint_region *r)
{
    if (h->size == h->cap && pint_heap_reserve(h, h->size + 1) != 0)
        return -1;
    pint_heap_push_reserved(h, r);
    return 0;
}

void pint_heap_unpush(pint_heap *h, size_t at)
{
    /* the push moved each entry on the path from `at` down to the slot
     * it added one level down: move them back up, in the path's order */
    size_t leaf = --h->size, path[8 * sizeof(size_t)];
    int n = 0;
    for (size_t j = leaf; j != at; j = (j - 1) / 2)
        path[n++] = j;
    for (size_t hole = at; n-- > 0; hole = path[n])
        h->items[hole] = h->items[path[n]];
}

pint_region *pint_heap_pop(pint_heap *h)
{
    if (h->size == 0)
        return NULL;
    pint_region *top = h->items[0].r;
    pint_heap_entry last = h->items[--h->size];
    if (h->size > 0)
        sift_down(h->items, h->size, 0, last);
    return top;
}

void pint_heap_rebuild(pint_heap *h)
{
    /* Floyd: sift down every inner node, the last first */
    size_t n = h->size;
    for (size_t i = 0; i < n; i++)
        h->items[i].key = h->items[i].r->key;
    for (size_t start = n / 2; start-- > 0;)
        sift_down(h->items, n, start, h->items[start]);
}

/* test_heap.c -- region heap and pool invariants. */
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "heap.h"
#include "region.h"

/* After every push and pop the top is the largest key present. */
static void test_top_is_max(void)
{
    pint_region_pool *pool = pint_region_pool_new(1, 2);
    pint_heap h;
    pint_heap_init(&h);
    unsigned s = 7u;
    double live_max_err = 0.0;
    int live = 0, violations = 0;
    for (int op = 0; op < 20000; op++) {
        s = s * 1664525u + 1013904223u;
        if (live == 0 || (s >> 8) % 3 != 0) {
            pint_region *r = pint_region_alloc(pool);
            r->key = (double)((s >> 4) % 100000) / 7.0;
            CU_ASSERT_EQUAL_FATAL(pint_heap_push(&h, r), 0);
            live++;
        } else {
            pint_region *top = pint_heap_pop(&h);
            /* nothing left in the heap may exceed what was popped */
            for (size_t i = 0; i < h.size; i++)
                if (h.items[i].key > top->key)
                    violations++;
            pint_region_release(pool, top);
            live--;
        }
        live_max_err = 0.0;
        for (size_t i = 0; i < h.size; i++)
            if (h.items[i].key > live_max_err)
                live_max_err = h.items[i].key;
        if (h.size)
            CU_ASSERT_EQUAL(pint_heap_top(&h)->key, live_max_err);
    }
    CU_ASSERT_EQUAL(violations, 0);
    CU_ASSERT_EQUAL((int)h.size, live);
    /* popping everything yields keys in non-increasing order */
    double prev = INFINITY;
    int ordered = 1;
    pint_region *r;
    while ((r = pint_heap_pop(&h))) {
        if (r->key > prev)
            ordered = 0;
        prev = r->key;
        pint_region_release(pool, r);
    }
    CU_ASSERT(ordered);
    CU_ASSERT_PTR_NULL(pint_heap_pop(&h));
    pint_heap_destroy(&h);
    pint_region_pool_free(pool);
}

/* Reserving one more slot at a time must not reallocate every time. */
static void test_reserve_is_geometric(void)
{
    pint_heap h;
    pint_heap_init(&h);
    int grows = 0;
    size_t cap = 0;
    for (size_t n = 1; n <= 100000; n++) {
        CU_ASSERT_EQUAL_FATAL(pint_heap_reserve(&h, n), 0);
        CU_ASSERT(h.cap >= n);
        if (h.cap != cap)
            grows++;
        cap = h.cap;
    }
    CU_ASSERT(grows <= 12);
    pint_heap_destroy(&h);
}

/* Pool records are distinct, writable and recycled. */
static void test_pool_records(void)
{
    int ncomp = 3;
    size_t glen = 8;
    pint_region_pool *pool = pint_region_pool_new(ncomp, glen);
    enum { N = 5000 };
    pint_region **recs = malloc(N * sizeof *recs);
    for (int i = 0; i < N; i++) {
        recs[i] = pint_region_alloc(pool);
        CU_ASSERT_PTR_NOT_NULL_FATAL(recs[i]);
        for (size_t j = 0; j < 2 * (size_t)ncomp + glen; j++)
            recs[i]->data[j] = i + 0.5 * (double)j;
        recs[i]->key = i;
    }
    int intact = 1;
    for (int i = 0; i < N; i++)
        for (size_t j = 0; j < 2 * (size_t)ncomp + glen; j++)
            if (recs[i]->data[j] != i + 0.5 * (double)j)
                intact = 0;
    CU_ASSERT(intact);
    pint_region *released = recs[N - 1];
    pint_region_release(pool, released);
    CU_ASSERT_PTR_EQUAL(pint_region_alloc(pool), released);
    free(recs);
    pint_region_pool_free(pool);
}

static void test_box_split(void)
{
    double g[4] = { 0.5, 2.0, 0.5, 1.0 }, g1[4], g2[4];
    pint_region_split(PINT_REGION_BOX, 2, 1, g, g1, g2);
    CU_ASSERT_EQUAL(g1[1], 1.5);
    CU_ASSERT_EQUAL(g2[1], 2.5);
    CU_ASSERT_EQUAL(g1[3], 0.5);
    CU_ASSERT_EQUAL(g2[3], 0.5);
    CU_ASSERT_EQUAL(g1[0], 0.5);
    CU_ASSERT_EQUAL(g1[2], 0.5);
}

static void test_simplex_split_and_volume(void)
{
    /* unit triangle, split edge (1,2) */
    double v[6] = { 0, 0, 1, 0, 0, 1 }, c1[6], c2[6];
    PT_ASSERT_CLOSE(pint_simplex_volume(2, v), 0.5, 1e-15);
    pint_region_split(PINT_REGION_SIMPLEX, 2, 1 * 3 + 2, v, c1, c2);
    PT_ASSERT_CLOSE(pint_simplex_volume(2, c1), 0.25, 1e-15);
    PT_ASSERT_CLOSE(pint_simplex_volume(2, c2), 0.25, 1e-15);
    CU_ASSERT_EQUAL(c1[4], 0.5);        /* vertex 2 moved to the midpoint */
    CU_ASSERT_EQUAL(c1[5], 0.5);
    CU_ASSERT_EQUAL(c2[2], 0.5);        /* vertex 1 moved to the midpoint */
    double unit3[12] = { 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1 };
    PT_ASSERT_CLOSE(pint_simplex_volume(3, unit3), 1.0 / 6.0, 1e-15);
    double flat[6] = { 0, 0, 1, 1, 2, 2 };
    CU_ASSERT_EQUAL(pint_simplex_volume(2, flat), 0.0);
}

/* Keys changed in the records reach the heap by pint_heap_rebuild: the
 * pops then come in the order of the new keys. */
static void test_rebuild_takes_new_keys(void)
{
    pint_region_pool *pool = pint_region_pool_new(1, 2);
    pint_heap h;
    pint_heap_init(&h);
    enum { N = 300 };
    pint_region *r[N];
    for (int i = 0; i < N; i++) {
        r[i] = pint_region_alloc(pool);
        CU_ASSERT_PTR_NOT_NULL_FATAL(r[i]);
        r[i]->key = i;                  /* pushed in increasing order */
        CU_ASSERT_EQUAL_FATAL(pint_heap_push(&h, r[i]), 0);
    }
    for (int i = 0; i < N; i++)
        r[i]->key = (double)((i * 7919) % N);   /* a permutation */
    pint_heap_rebuild(&h);
    int out_of_order = 0;
    double last = INFINITY;
    for (int i = 0; i < N; i++) {
        pint_region *top = pint_heap_pop(&h);
        CU_ASSERT_PTR_NOT_NULL_FATAL(top);
        out_of_order += top->key > last || top->key != N - 1 - i;
        last = top->key;
        pint_region_release(pool, top);
    }
    CU_ASSERT_EQUAL(out_of_order, 0);
    CU_ASSERT_PTR_NULL(pint_heap_pop(&h));
    pint_heap_destroy(&h);
    pint_region_pool_free(pool);
}

/* Pushes undone last first leave the heap as it was, entry for entry
 * (a streamed step undoes its replaced parents so: lib/adapt.c): heaps
 * of 1 to 2000 entries with many equal keys, 1 to 40 pushes each, some
 * of them to the top. */
static void test_unpush_restores(void)
{
    pint_region_pool *pool = pint_region_pool_new(1, 2);
    pint_heap h;
    pint_heap_init(&h);
    unsigned s = 99u;
    int differ = 0, unordered = 0;
    for (int round = 0; round < 200; round++) {
        s = s * 1664525u + 1013904223u;
        size_t n = 1 + (s >> 8) % 2000, pushes = 1 + (s >> 4) % 40;
        for (size_t i = 0; i < n; i++) {
            pint_region *r = pint_region_alloc(pool);
            CU_ASSERT_PTR_NOT_NULL_FATAL(r);
            s = s * 1664525u + 1013904223u;
            r->key = (double)((s >> 8) % 50);       /* ties */
            CU_ASSERT_EQUAL_FATAL(pint_heap_push(&h, r), 0);
        }
        pint_heap_entry *before = malloc(h.size * sizeof *before);
        CU_ASSERT_PTR_NOT_NULL_FATAL(before);
        memcpy(before, h.items, h.size * sizeof *before);
        size_t size = h.size, at[40];
        pint_region *added[40];
        CU_ASSERT_EQUAL_FATAL(pint_heap_reserve(&h, h.size + pushes), 0);
        for (size_t j = 0; j < pushes; j++) {
            added[j] = pint_region_alloc(pool);
            CU_ASSERT_PTR_NOT_NULL_FATAL(added[j]);
            s = s * 1664525u + 1013904223u;
            added[j]->key = (double)((s >> 8) % 60);    /* some above all */
            at[j] = pint_heap_push_reserved(&h, added[j]);
            CU_ASSERT_PTR_EQUAL(h.items[at[j]].r, added[j]);
        }
        for (size_t i = 1; i < h.size; i++)
            unordered += h.items[(i - 1) / 2].key < h.items[i].key;
        for (size_t j = pushes; j-- > 0;) {
            pint_heap_unpush(&h, at[j]);
            pint_region_release(pool, added[j]);
        }
        CU_ASSERT_EQUAL_FATAL(h.size, size);
        differ += memcmp(before, h.items, size * sizeof *before) != 0;
        free(before);
        pint_region *r;
        while ((r = pint_heap_pop(&h)))
            pint_region_release(pool, r);
    }
    CU_ASSERT_EQUAL(differ, 0);
    CU_ASSERT_EQUAL(unordered, 0);
    pint_heap_destroy(&h);
    pint_region_pool_free(pool);
}

int main(void)
{
    CU_TestInfo tests[] = {
        { "heap top is the maximum after any push/pop", test_top_is_max },
        { "pool records distinct and recycled", test_pool_records },
        { "reserve grows geometrically", test_reserve_is_geometric },
        { "rebuild takes the keys from the records",
          test_rebuild_takes_new_keys },
        { "pushes undone leave the heap as it was", test_unpush_restores },
        { "box bisection", test_box_split },
        { "simplex edge bisection and volume", test_simplex_split_and_volume },
        CU_TEST_INFO_NULL,
    };
    return pint_test_run("heap", tests);
}

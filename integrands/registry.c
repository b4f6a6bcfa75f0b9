/* registry.c -- the built-in test integrands by name, their instances,
 * and the reproducible generator that draws the Genz parameters.
 *
 * The families live in two const tables (genz.c, classic.c); the registry
 * lists the Genz families first, then the classic ones, in a fixed order
 * that `pint --list` shows.  Nothing here has mutable global state.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "integrands.h"
#include "families.h"

/* ------------------------------------------------------------------ rng */

/* splitmix64 (Steele, Lea and Flood 2014): a 64-bit counter stepped by the
 * golden-ratio increment and passed through a bijective mixer.  Every seed
 * gives a full-period stream, which is all the parameter draws need. */
void pint_rng_seed(pint_rng *r, uint64_t seed)
{
    r->s = seed;
}

/* The next 64 random bits. */
static uint64_t rng_next(pint_rng *r)
{
    uint64_t z = (r->s += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* Uniform in [0,1): the top 53 bits fill a double's mantissa exactly, so
 * every value is a multiple of 2^-53 and 1 is never returned. */
double pint_rng_uniform(pint_rng *r)
{
    return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

/* ------------------------------------------------------------- families */

size_t pint_testfn_count(void)
{
    return PINT_GENZ_COUNT + PINT_CLASSIC_COUNT;
}

/* Family i in --list order: genz1..genz6, then the classic ones. */
const pint_testfn_family *pint_testfn_family_at(size_t i)
{
    if (i < PINT_GENZ_COUNT)
        return &pint_genz_families[i];
    if (i < PINT_GENZ_COUNT + PINT_CLASSIC_COUNT)
        return &pint_classic_families[i - PINT_GENZ_COUNT];
    return NULL;
}

/* The family called `name`, or NULL. */
const pint_testfn_family *pint_testfn_find(const char *name)
{
    if (name == NULL)
        return NULL;
    for (size_t i = 0; i < pint_testfn_count(); i++) {
        const pint_testfn_family *f = pint_testfn_family_at(i);
        if (strcmp(f->name, name) == 0)
            return f;
    }
    return NULL;
}

/* ------------------------------------------------------------ instances */

/* Write a one-line reason into msg when the caller gave room for it. */
static void set_msg(char *msg, size_t msglen, const char *fmt, ...)
{
    if (msg == NULL || msglen == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, msglen, fmt, ap);
    va_end(ap);
}

/* Check the request; 0 when it can be built, else -1 with the reason. */
static int check_request(const pint_testfn_family *fam, const char *name,
                         int ndim, double difficulty, char *msg,
                         size_t msglen)
{
    if (fam == NULL) {
        set_msg(msg, msglen, "unknown integrand '%s' (see --list)",
                name ? name : "");
        return -1;
    }
    if (ndim < fam->min_dim || ndim > fam->max_dim) {
        set_msg(msg, msglen, "integrand %s needs dimension %d..%d, got %d",
                fam->name, fam->min_dim, fam->max_dim, ndim);
        return -1;
    }
    /* the negated test also rejects NaN */
    if (!(difficulty > 0) || !isfinite(difficulty)) {
        set_msg(msg, msglen, "difficulty must be finite and > 0, got %g",
                difficulty);
        return -1;
    }
    return 0;
}

/* Allocate and draw the Genz parameters of t; 0, or -1 with the reason. */
static int draw_params(pint_testfn *t, char *msg, size_t msglen)
{
    size_t n = (size_t)t->ndim;
    t->u = malloc(n * sizeof *t->u);
    t->a = malloc(n * sizeof *t->a);
    if (t->u == NULL || t->a == NULL) {
        set_msg(msg, msglen, "out of memory");
        return -1;
    }
    if (pint_genz_params(t->family, t->ndim, t->seed, t->difficulty,
                         t->u, t->a) != 0) {
        set_msg(msg, msglen, "difficulty %g is out of range for %s",
                t->difficulty, t->family->name);
        return -1;
    }
    return 0;
}

pint_testfn *pint_testfn_new(const char *name, int ndim, uint64_t seed,
                             double difficulty, char *msg, size_t msglen)
{
    const pint_testfn_family *fam = pint_testfn_find(name);
    if (check_request(fam, name, ndim, difficulty, msg, msglen) != 0)
        return NULL;

    pint_testfn *t = calloc(1, sizeof *t);
    if (t == NULL) {
        set_msg(msg, msglen, "out of memory");
        return NULL;
    }
    t->family = fam;
    t->ndim = ndim;
    t->difficulty = difficulty;
    t->seed = seed;
    /* u and a stay NULL for the families without parameters */
    if (fam->uses_params && draw_params(t, msg, msglen) != 0) {
        pint_testfn_free(t);
        return NULL;
    }
    set_msg(msg, msglen, "%s", "");
    return t;
}

void pint_testfn_free(pint_testfn *t)
{
    if (t == NULL)
        return;
    free(t->u);
    free(t->a);
    free(t);
}

pint_function pint_testfn_function(const pint_testfn *t)
{
    pint_function fn = { .ndim = t->ndim, .ncomp = t->family->ncomp,
                         .f = t->family->eval,
                         .fbatch = t->family->eval_batch,
                         /* the ABI's ctx is not const; evals only read it */
                         .ctx = (void *)t };
    return fn;
}

/* Exact value of t over dom.  The family decides whether it has a closed
 * form for that domain; a value that overflowed is reported as unknown
 * rather than handed out as inf. */
int pint_testfn_exact(const pint_testfn *t, const pint_domain *dom,
                      double *exact)
{
    if (t == NULL || dom == NULL || exact == NULL)
        return 0;
    if (!t->family->exact(t, dom, exact))
        return 0;
    for (int k = 0; k < t->family->ncomp; k++)
        if (!isfinite(exact[k]))
            return 0;
    return 1;
}

/* -------------------------------------------------- helpers for families */

const pint_testfn *pint_testfn_ctx(int ndim, int ncomp, void *ctx)
{
    const pint_testfn *t = ctx;
    if (t == NULL || ndim != t->ndim || ncomp != t->family->ncomp)
        return NULL;
    return t;
}

int pint_testfn_is_box(const pint_testfn *t, const pint_domain *dom)
{
    if (dom->kind != PINT_DOMAIN_BOX || dom->lo == NULL || dom->hi == NULL)
        return 0;
    for (int i = 0; i < t->ndim; i++) {
        if (!isfinite(dom->lo[i]) || !isfinite(dom->hi[i]))
            return 0;
        if (!(dom->lo[i] < dom->hi[i]))
            return 0;
    }
    return 1;
}

int pint_testfn_is_simplices(const pint_testfn *t, const pint_domain *dom)
{
    if (dom->kind != PINT_DOMAIN_SIMPLICES || dom->vertices == NULL
        || dom->nsimplices == 0)
        return 0;
    size_t nval = dom->nsimplices * (size_t)(t->ndim + 1) * (size_t)t->ndim;
    for (size_t k = 0; k < nval; k++)
        if (!isfinite(dom->vertices[k]))
            return 0;
    return 1;
}

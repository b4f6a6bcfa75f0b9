/* registry.c -- the built-in test integrands by name and their
 * instances.
 *
 * The families live in two const tables (genz.c, classic.c); the registry
 * lists the Genz families first, then the classic ones, in a fixed order
 * that `pint --list` shows.  Nothing here has mutable global state.  The
 * generator and the helpers the families share are in helpers.c.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "integrands.h"
#include "families.h"

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

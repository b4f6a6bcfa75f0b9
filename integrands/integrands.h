/* integrands.h -- built-in test integrands with exact values, the registry
 * by name, and the plug-in loader.  Used by the drivers and the tests; not
 * part of libpint.
 */
#ifndef PINT_INTEGRANDS_H
#define PINT_INTEGRANDS_H

#include <stddef.h>
#include <stdint.h>
#include "pint.h"

typedef struct pint_testfn pint_testfn;

/* A family of integrands, as listed by `pint --list`. */
typedef struct {
    const char *name;           /* "genz1", "explin", ... */
    const char *summary;        /* one line for --list */
    int ncomp;                  /* components */
    int min_dim, max_dim;
    int uses_params;            /* 1: drawn from seed and difficulty */
    /* the integrand (ctx is the pint_testfn) */
    pint_integrand eval;
    /* exact integral over dom into exact[ncomp]: return 1 when known,
     * 0 when no closed form applies to that domain */
    int (*exact)(const pint_testfn *t, const pint_domain *dom, double *exact);
    /* the same integrand on a batch of points, or NULL */
    pint_integrand_batch eval_batch;
} pint_testfn_family;

/* One instance: a family at a dimension with its parameters. */
struct pint_testfn {
    const pint_testfn_family *family;
    int ndim;
    double difficulty;
    uint64_t seed;
    double *u;                  /* ndim shift parameters (Genz families) */
    double *a;                  /* ndim difficulty parameters */
};

size_t pint_testfn_count(void);
const pint_testfn_family *pint_testfn_family_at(size_t i);
const pint_testfn_family *pint_testfn_find(const char *name);

/* Make an instance; NULL with a one-line reason in msg on a bad name or
 * dimension, or when out of memory.  Genz parameters: u_i and a_i drawn
 * from U[0.05, 0.95] by a generator seeded with `seed`, then a scaled so
 * that sum(a) = h * difficulty / ndim^e (Genz 1987). */
pint_testfn *pint_testfn_new(const char *name, int ndim, uint64_t seed,
                             double difficulty, char *msg, size_t msglen);
void pint_testfn_free(pint_testfn *t);

/* The pint_function of an instance (ctx = t). */
pint_function pint_testfn_function(const pint_testfn *t);

/* Exact value over dom (1 when known). */
int pint_testfn_exact(const pint_testfn *t, const pint_domain *dom,
                      double *exact);

/* Reproducible uniform draws in [0,1) (splitmix64), no global state. */
typedef struct { uint64_t s; } pint_rng;
void pint_rng_seed(pint_rng *r, uint64_t seed);
double pint_rng_uniform(pint_rng *r);

/* Plug-ins: load `symbol` from the shared object `path`.  The symbol must
 * have the integrand ABI of pint.h.  NULL with a one-line reason in msg
 * when the file cannot be opened or lacks the symbol. */
typedef struct pint_plugin pint_plugin;
#define PINT_PLUGIN_MAX_DIM 1000    /* NAME_ndim: the command's limits */
#define PINT_PLUGIN_MAX_COMP 1024   /* NAME_ncomp */
pint_plugin *pint_plugin_open(const char *path, const char *symbol,
                              char *msg, size_t msglen);
pint_integrand pint_plugin_integrand(const pint_plugin *p);
/* The batch form NAME_batch when the object exports it, else NULL. */
pint_integrand_batch pint_plugin_batch(const pint_plugin *p);
/* The integrand's shape.  A plug-in may export `const int NAME_ncomp`
 * (its components) and `const int NAME_ndim` (the one dimension it
 * takes); *ndim and *ncomp (0: not given) are filled from them, or checked
 * against them: -1 with a one-line reason in msg on a mismatch.  What the
 * plug-in does not say is left as given (ncomp then defaults to 1). */
int pint_plugin_shape(const pint_plugin *p, int *ndim, int *ncomp,
                      char *msg, size_t msglen);
void pint_plugin_close(pint_plugin *p);

#endif /* PINT_INTEGRANDS_H */

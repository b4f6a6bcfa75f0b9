/* plugin.c -- loading an integrand from a shared object (see integrands.h).
 *
 * The symbol must have the integrand ABI of pint.h exactly:
 *     int NAME(int ndim, const double *x, int ncomp, double *fval, void *ctx)
 * and the object may also export the batch form of the same integrand:
 *     int NAME_batch(int ndim, size_t npts, const double *x, int ncomp,
 *                    double *fval, void *ctx)
 * dlsym cannot check a signature, so the ABI is documented in pint(1).
 * What can be checked is the shape the object declares, when it exports
 *     const int NAME_ncomp = M;    (the components it writes)
 *     const int NAME_ndim = N;     (the one dimension it takes)
 * (pint_plugin_shape): an integrand of 2 components run as one would
 * write past pint's buffer.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "integrands.h"
#include "regular_file.h"

struct pint_plugin {
    void *handle;
    pint_integrand f;
    pint_integrand_batch fbatch;    /* NAME_batch, or NULL */
    const char *path, *symbol;      /* the caller's, for messages */
    int ndim, ncomp;                /* NAME_ndim, NAME_ncomp; 0: none */
};

/* The value of `const int SYMBOL_suffix` in h: 0 when absent, -1 (a
 * reason in msg) when not in lo..hi. */
static int declared(void *h, const char *path, const char *symbol,
                    const char *suffix, int lo, int hi, char *msg,
                    size_t msglen)
{
    char name[256];
    if (snprintf(name, sizeof name, "%s_%s", symbol, suffix)
        >= (int)sizeof name)
        return 0;
    const int *v = dlsym(h, name);
    if (!v)
        return 0;
    if (*v < lo || *v > hi) {
        snprintf(msg, msglen, "plug-in '%s': %s is %d, must be %d..%d",
                 path, name, *v, lo, hi);
        return -1;
    }
    return *v;
}

pint_plugin *pint_plugin_open(const char *path, const char *symbol,
                              char *msg, size_t msglen)
{
    if (!path || !*path) {
        snprintf(msg, msglen, "empty plug-in path");
        return NULL;
    }
    if (!symbol || !*symbol) {
        snprintf(msg, msglen,
                 "plug-in '%s': name the integrand symbol with -f NAME", path);
        return NULL;
    }
    /* a bare name is searched in the loader's path, not here; a file of
     * that name here is what a user who types --plugin myf.so means */
    const char *given = path;
    char local[4096];
    if (!strchr(path, '/') && strlen(path) + 3 <= sizeof local
        && access(path, F_OK) == 0) {
        snprintf(local, sizeof local, "./%s", path);
        path = local;
    }
    char why[128];
    if (pint_check_regular(path, why, sizeof why) != 0) {
        snprintf(msg, msglen, "cannot load plug-in '%s': %s", path, why);
        return NULL;
    }
    /* never unloaded (dlclose keeps it): a call abandoned at a time
     * limit (eval.h) may still be running its code */
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (!h) {
        const char *why = dlerror();
        snprintf(msg, msglen, "cannot load plug-in '%s': %s", path,
                 why ? why : "unknown reason");
        /* dlerror messages may hold a newline; keep the message one line */
        for (char *c = msg; *c; c++)
            if (*c == '\n')
                *c = ' ';
        return NULL;
    }
    dlerror();
    void *sym = dlsym(h, symbol);
    if (!sym) {
        snprintf(msg, msglen, "plug-in '%s' has no symbol '%s'", path, symbol);
        dlclose(h);
        return NULL;
    }
    int ndim = declared(h, path, symbol, "ndim", 1, PINT_PLUGIN_MAX_DIM,
                        msg, msglen);
    int ncomp = ndim < 0 ? -1
        : declared(h, path, symbol, "ncomp", 1, PINT_PLUGIN_MAX_COMP, msg,
                   msglen);
    if (ncomp < 0) {
        dlclose(h);
        return NULL;
    }
    pint_plugin *p = malloc(sizeof *p);
    if (!p) {
        snprintf(msg, msglen, "out of memory");
        dlclose(h);
        return NULL;
    }
    p->handle = h;
    p->path = given;
    p->symbol = symbol;
    p->ndim = ndim;
    p->ncomp = ncomp;
    /* POSIX guarantees a data pointer from dlsym converts to a function
     * pointer; the memcpy avoids the ISO C pedantic warning. */
    memcpy(&p->f, &sym, sizeof p->f);
    p->fbatch = NULL;
    char batch[256];
    if (snprintf(batch, sizeof batch, "%s_batch", symbol) < (int)sizeof batch) {
        void *bsym = dlsym(h, batch);
        if (bsym)
            memcpy(&p->fbatch, &bsym, sizeof p->fbatch);
    }
    return p;
}

pint_integrand pint_plugin_integrand(const pint_plugin *p) { return p->f; }

pint_integrand_batch pint_plugin_batch(const pint_plugin *p)
{
    return p->fbatch;
}

int pint_plugin_shape(const pint_plugin *p, int *ndim, int *ncomp,
                      char *msg, size_t msglen)
{
    if (p->ncomp && *ncomp && *ncomp != p->ncomp) {
        snprintf(msg, msglen, "plug-in '%s' says %s has %d component%s "
                 "(%s_ncomp), not %d", p->path, p->symbol, p->ncomp,
                 p->ncomp == 1 ? "" : "s", p->symbol, *ncomp);
        return -1;
    }
    if (p->ndim && *ndim && *ndim != p->ndim) {
        snprintf(msg, msglen, "plug-in '%s' says %s takes dimension %d "
                 "(%s_ndim), not %d", p->path, p->symbol, p->ndim,
                 p->symbol, *ndim);
        return -1;
    }
    if (p->ncomp)
        *ncomp = p->ncomp;
    else if (!*ncomp)
        *ncomp = 1;
    if (p->ndim)
        *ndim = p->ndim;
    return 0;
}

void pint_plugin_close(pint_plugin *p)
{
    if (!p)
        return;
    dlclose(p->handle);
    free(p);
}

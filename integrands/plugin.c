/* plugin.c -- loading an integrand from a shared object (see integrands.h).
 *
 * The symbol must have the integrand ABI of pint.h exactly:
 *     int NAME(int ndim, const double *x, int ncomp, double *fval, void *ctx)
 * and the object may also export the batch form of the same integrand:
 *     int NAME_batch(int ndim, size_t npts, const double *x, int ncomp,
 *                    double *fval, void *ctx)
 * dlsym cannot check a signature, so the ABI is documented in pint(1).
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
};

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
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
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
    pint_plugin *p = malloc(sizeof *p);
    if (!p) {
        snprintf(msg, msglen, "out of memory");
        dlclose(h);
        return NULL;
    }
    p->handle = h;
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

void pint_plugin_close(pint_plugin *p)
{
    if (!p)
        return;
    dlclose(p->handle);
    free(p);
}

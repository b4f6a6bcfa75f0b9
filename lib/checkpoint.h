/* checkpoint.h -- checkpoint files of the adaptive method (private).
 *
 * A checkpoint is the complete state of a run: every live region (as the
 * records of adapt.h) and the evaluations spent.  The file is
 *
 *     "PINTCKPT"                      8 bytes
 *     version, byte-order mark,       uint64 each
 *     fingerprint, ndim, ncomp,
 *     rule, domain kind, rec_len,
 *     nregions, evals
 *     records                         nregions * rec_len doubles
 *     checksum                        uint64, FNV-1a of all bytes before
 *
 * in the machine's byte order (the mark refuses a file from a machine of
 * the other order).  The fingerprint hashes the caller's identity string
 * of the integrand, the dimension, components, domain and rule: a
 * checkpoint of another problem is refused, naming what differs where it
 * can.  Writing goes to PATH.tmp, is synced and renamed over PATH, so
 * PATH is always a whole checkpoint, old or new.
 */
#ifndef PINT_CHECKPOINT_H
#define PINT_CHECKPOINT_H

#include <stddef.h>
#include <stdint.h>
#include "pint.h"

#define PINT_CKPT_VERSION 1

typedef struct {
    uint64_t fingerprint;
    int ndim, ncomp, rule, kind;
    size_t rec_len;
    size_t nregions;
    long long evals;            /* evaluations spent, all ranks */
    double *recs;               /* nregions * rec_len */
} pint_ckpt;

/* The fingerprint of a problem solved with rule. */
uint64_t pint_ckpt_fingerprint(const pint_function *fn,
                               const pint_domain *dom,
                               const pint_options *opt, enum pint_rule rule);

/* The header a checkpoint of this problem must have (no records). */
void pint_ckpt_describe(pint_ckpt *c, const pint_function *fn,
                        const pint_domain *dom, const pint_options *opt,
                        enum pint_rule rule, size_t rec_len);

/* Write c to path atomically.  0, or -1 with a one-line reason in msg. */
int pint_ckpt_write(const char *path, const pint_ckpt *c, char *msg,
                    size_t len);

/* Whether path can be written (PATH.tmp created and removed): 0, or -1
 * with a reason in msg, so a run does not learn it after hours. */
int pint_ckpt_writable(const char *path, char *msg, size_t len);

/* Read path into c (c->recs allocated; free with pint_ckpt_clear) and
 * check it against the problem `want` (fingerprint, ndim, ncomp, rule,
 * kind, rec_len) and every record (finite numbers, positive volume, a
 * split advice that exists).  Returns 0, else PINT_ERR_INVALID or
 * PINT_ERR_NOMEM with a one-line reason in msg. */
int pint_ckpt_read(const char *path, const pint_ckpt *want, pint_ckpt *c,
                   char *msg, size_t len);

void pint_ckpt_clear(pint_ckpt *c);

#endif

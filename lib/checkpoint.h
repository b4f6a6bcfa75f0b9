/* checkpoint.h -- checkpoint files (private).
 *
 * A checkpoint is the complete state of a run and the evaluations spent.
 * For the adaptive method: every live region, as the records of adapt.h.
 * For MC and QMC: one record of rec_len 1 per number of the engine's
 * state (mc.h, qmc.h say what they mean and check them on loading).  The
 * file is
 *
 *     "PINTCKPT"                      8 bytes
 *     version, byte-order mark,       uint64 each
 *     fingerprint, ndim, ncomp,
 *     rule, domain kind, rec_len,
 *     nregions, evals, method,
 *     the fingerprint's parts:
 *     integrand, domain, seed,
 *     shifts, periodization,
 *     checked                         uint64: 0 or ncomp
 *     the check's thresholds          checked doubles
 *     records                         nregions * rec_len doubles
 *     checksum                        uint64, FNV-1a of all bytes before
 *
 * Version 1 had no method word (adaptive only); it is still read.
 * Versions 1 to 6 had no checked word: their regions are checked again.
 * Versions 1 to 4 had no parts of the fingerprint: a checkpoint of
 * another problem is refused without naming what differs.
 * Versions 1 and 2 had adaptive records without absval[ncomp] (adapt.h);
 * they are read with absval[k] = |value[k]|, a lower bound of the
 * integral of |f_k| over the region.
 * in the machine's byte order (the mark refuses a file from a machine of
 * the other order).  The fingerprint hashes the caller's identity string
 * of the integrand, the dimension, components, domain and rule (MC and
 * QMC: also the method and seed; QMC: the shifts and periodization): a
 * checkpoint of another problem is refused, naming what differs where it
 * can.  Writing goes to PATH.tmp, is synced and renamed over PATH, so
 * PATH is always a whole checkpoint, old or new.
 */
#ifndef PINT_CHECKPOINT_H
#define PINT_CHECKPOINT_H

#include <stddef.h>
#include <stdint.h>
#include "pint.h"

#define PINT_CKPT_VERSION 7

typedef struct {
    uint64_t fingerprint;
    /* its parts (version 5 on), to name what differs: the integrand, the
     * domain, the seed, QMC's shifts and periodization */
    uint64_t fp_integrand, fp_domain, seed;
    int shifts, periodize;
    int method;                 /* enum pint_method */
    int ndim, ncomp, rule, kind;
    size_t rec_len;
    size_t nregions;            /* records: regions, or numbers (MC, QMC) */
    long long evals;            /* evaluations spent, all ranks */
    double *recs;               /* nregions * rec_len */
    /* adaptive: the thresholds (ncomp, tolerance.h) at which the
     * regions passed the neighbours' check before the run that wrote
     * them claimed convergence (neighbours.h), or NULL: a run resumed
     * from them need not probe them again at those thresholds or
     * looser ones.  Read: allocated (pint_ckpt_clear frees it); written:
     * the caller's. */
    double *checked;
} pint_ckpt;

/* The fingerprint of a problem solved with rule. */
uint64_t pint_ckpt_fingerprint(const pint_function *fn,
                               const pint_domain *dom,
                               const pint_options *opt, enum pint_rule rule);

/* The header a checkpoint of this problem must have (no records); the
 * method is opt->method (MC and QMC: rule 0 and rec_len 1). */
void pint_ckpt_describe(pint_ckpt *c, const pint_function *fn,
                        const pint_domain *dom, const pint_options *opt,
                        enum pint_rule rule, size_t rec_len);

/* Write c to path atomically.  0, or -1 with a one-line reason in msg. */
int pint_ckpt_write(const char *path, const pint_ckpt *c, char *msg,
                    size_t len);

/* Write desc with the given records and evaluations to path; count it
 * in res->checkpoints, or say why not in res->checkpoint_message (the
 * run goes on: a later checkpoint may succeed). */
void pint_ckpt_save(const char *path, const pint_ckpt *desc, double *recs,
                    size_t nrecs, long long evals, pint_result *res);

/* Whether path can be written (PATH.tmp created and removed): 0, or -1
 * with a reason in msg, so a run does not learn it after hours. */
int pint_ckpt_writable(const char *path, char *msg, size_t len);

/* Read path into c (c->recs allocated; free with pint_ckpt_clear) and
 * check it against the problem `want` (method, fingerprint, ndim, ncomp,
 * rule, kind, rec_len) and every record (finite numbers; adaptive:
 * positive volume, a split advice that exists).  Returns 0, else PINT_ERR_INVALID or
 * PINT_ERR_NOMEM with a one-line reason in msg. */
int pint_ckpt_read(const char *path, const pint_ckpt *want, pint_ckpt *c,
                   char *msg, size_t len);

/* The rule of the adaptive checkpoint at path, or -1 when the file
 * cannot be read as one (pint_ckpt_read then says why). */
int pint_ckpt_rule(const char *path);

/* Before a run: opt->checkpoint (when given) must be writable, and
 * opt->resume (when given) is read into c as by pint_ckpt_read (else c
 * is empty).  0, or a status with a one-line reason in msg. */
int pint_ckpt_open(const pint_options *opt, const pint_ckpt *want,
                   pint_ckpt *c, char *msg, size_t len);

/* Free c's records and thresholds. */
void pint_ckpt_clear(pint_ckpt *c);

#endif

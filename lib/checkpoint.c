/* checkpoint.c -- checkpoint files (see checkpoint.h). */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "checkpoint.h"
#include "eval.h"
#include "map.h"
#include "qmc.h"
#include "region.h"
#include "regular_file.h"
#include "rule.h"

static const char MAGIC[8] = { 'P', 'I', 'N', 'T', 'C', 'K', 'P', 'T' };
#define BYTE_ORDER_MARK 0x0102030405060708ULL
/* Version 1 (adaptive only) ends before H_METHOD, versions 2 to 4
 * after it; version 5 adds the parts of the fingerprint, so that a
 * refusal names what differs; version 6 the flags of an adaptive record
 * (region.h); version 7 the checked word and the thresholds after the
 * header (checkpoint.h). */
enum { H_VERSION, H_MARK, H_FINGERPRINT, H_NDIM, H_NCOMP, H_RULE, H_KIND,
       H_REC_LEN, H_NREGIONS, H_EVALS, H_COUNT_V1, H_METHOD = H_COUNT_V1,
       H_COUNT_V4, H_FP_INTEGRAND = H_COUNT_V4, H_FP_DOMAIN, H_SEED,
       H_SHIFTS, H_PERIODIZE, H_COUNT_V6, H_CHECKED = H_COUNT_V6, H_COUNT };

/* FNV-1a, 64 bits, continued from h. */
static uint64_t fnv(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}
#define FNV_START 0xcbf29ce484222325ULL

/* The domain continued into h: the bounds or the simplices, and for
 * mapped infinite ranges the bounds as given and the scale (the box in t
 * is the same for every anchor). */
static uint64_t fnv_domain(uint64_t h, const pint_function *fn,
                           const pint_domain *dom)
{
    size_t n = (size_t)fn->ndim;
    if (dom->kind == PINT_DOMAIN_BOX) {
        h = fnv(h, dom->lo, n * sizeof *dom->lo);
        h = fnv(h, dom->hi, n * sizeof *dom->hi);
    } else {
        h = fnv(h, &dom->nsimplices, sizeof dom->nsimplices);
        h = fnv(h, dom->vertices,
                dom->nsimplices * (n + 1) * n * sizeof *dom->vertices);
    }
    const pint_function *mf = pint_eval_inner(fn);  /* through a guard */
    if (pint_map_is(mf)) {
        const pint_domain *u = pint_map_user_domain(mf->ctx);
        double scale = pint_map_scale(mf->ctx);
        h = fnv(h, u->lo, n * sizeof *u->lo);
        h = fnv(h, u->hi, n * sizeof *u->hi);
        h = fnv(h, &scale, sizeof scale);
    }
    return h;
}

/* The parts of the fingerprint, each hashed alone: the integrand (the
 * caller's identity string: a built-in family's name, seed and
 * difficulty, a plug-in, an expression) and the domain (with the bounds
 * and scale of mapped infinite ranges). */
static uint64_t fp_integrand(const pint_options *opt)
{
    const char *id = opt->identity ? opt->identity : "";
    return fnv(FNV_START, id, strlen(id) + 1);
}

uint64_t pint_ckpt_fingerprint(const pint_function *fn,
                               const pint_domain *dom,
                               const pint_options *opt, enum pint_rule rule)
{
    uint64_t h = fp_integrand(opt);
    int64_t ints[4] = { fn->ndim, fn->ncomp, rule, dom->kind };
    h = fnv(h, ints, sizeof ints);
    h = fnv_domain(h, fn, dom);
    if (opt->method != PINT_METHOD_ADAPTIVE) {
        /* the sample depends on these too (the adaptive fingerprint is
         * that of version 1, so its files stay readable) */
        int shifts = opt->shifts ? opt->shifts : PINT_QMC_DEFAULT_SHIFTS;
        int64_t more[4] = { opt->method, (int64_t)opt->seed,
                            opt->method == PINT_METHOD_QMC ? shifts : 0,
                            opt->method == PINT_METHOD_QMC
                            ? (int64_t)opt->periodize : 0 };
        h = fnv(h, more, sizeof more);
    }
    return h;
}

static uint64_t fp_domain(const pint_function *fn, const pint_domain *dom)
{
    return fnv_domain(fnv(FNV_START, &dom->kind, sizeof dom->kind), fn, dom);
}

void pint_ckpt_describe(pint_ckpt *c, const pint_function *fn,
                        const pint_domain *dom, const pint_options *opt,
                        enum pint_rule rule, size_t rec_len)
{
    memset(c, 0, sizeof *c);
    c->fingerprint = pint_ckpt_fingerprint(fn, dom, opt, rule);
    c->fp_integrand = fp_integrand(opt);
    c->fp_domain = fp_domain(fn, dom);
    c->seed = opt->seed;
    c->shifts = opt->shifts ? opt->shifts : PINT_QMC_DEFAULT_SHIFTS;
    c->periodize = (int)opt->periodize;
    c->method = (int)opt->method;
    c->ndim = fn->ndim;
    c->ncomp = fn->ncomp;
    c->rule = (int)rule;
    c->kind = (int)dom->kind;
    c->rec_len = rec_len;
}

/* fwrite that also feeds the checksum. */
static int put(FILE *f, uint64_t *h, const void *data, size_t n)
{
    *h = fnv(*h, data, n);
    return fwrite(data, 1, n, f) == n ? 0 : -1;
}

/* Create PATH.tmp: the stream, with its name in *tmp (caller frees), or
 * NULL with a reason in msg. */
static FILE *create_tmp(const char *path, char **tmp, char *msg, size_t len)
{
    size_t plen = strlen(path);
    *tmp = malloc(plen + 5);
    if (!*tmp) {
        snprintf(msg, len, "checkpoint %s: out of memory", path);
        return NULL;
    }
    memcpy(*tmp, path, plen);
    memcpy(*tmp + plen, ".tmp", 5);
    FILE *f = fopen(*tmp, "wb");
    if (!f) {
        snprintf(msg, len, "checkpoint %s: cannot create %s: %s", path, *tmp,
                 strerror(errno));
        free(*tmp);
        *tmp = NULL;
    }
    return f;
}

int pint_ckpt_write(const char *path, const pint_ckpt *c, char *msg,
                    size_t len)
{
    char *tmp;
    FILE *f = create_tmp(path, &tmp, msg, len);
    if (!f)
        return -1;
    uint64_t h = FNV_START;
    uint64_t hdr[H_COUNT] = {
        [H_VERSION] = PINT_CKPT_VERSION, [H_MARK] = BYTE_ORDER_MARK,
        [H_FINGERPRINT] = c->fingerprint, [H_NDIM] = (uint64_t)c->ndim,
        [H_NCOMP] = (uint64_t)c->ncomp, [H_RULE] = (uint64_t)c->rule,
        [H_KIND] = (uint64_t)c->kind, [H_REC_LEN] = c->rec_len,
        [H_NREGIONS] = c->nregions, [H_EVALS] = (uint64_t)c->evals,
        [H_METHOD] = (uint64_t)c->method,
        [H_FP_INTEGRAND] = c->fp_integrand, [H_FP_DOMAIN] = c->fp_domain,
        [H_SEED] = c->seed, [H_SHIFTS] = (uint64_t)c->shifts,
        [H_PERIODIZE] = (uint64_t)c->periodize,
        [H_CHECKED] = c->checked ? (uint64_t)c->ncomp : 0 };
    int bad = put(f, &h, MAGIC, sizeof MAGIC)
              || put(f, &h, hdr, sizeof hdr)
              || (hdr[H_CHECKED]
                  && put(f, &h, c->checked,
                         hdr[H_CHECKED] * sizeof *c->checked))
              || put(f, &h, c->recs,
                     c->nregions * c->rec_len * sizeof *c->recs);
    bad = bad || fwrite(&h, sizeof h, 1, f) != 1;
    bad = bad || fflush(f) != 0 || fsync(fileno(f)) != 0;
    int err = errno;
    bad = (fclose(f) != 0) || bad;
    if (!bad && rename(tmp, path) != 0) {
        err = errno;
        bad = 1;
    }
    if (bad) {
        snprintf(msg, len, "checkpoint %s: cannot write: %s", path,
                 strerror(err ? err : EIO));
        remove(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    /* the rename itself is durable once the directory is synced */
    char *dir = strdup(path);
    if (dir) {
        char *slash = strrchr(dir, '/');
        const char *d = slash ? (slash == dir ? "/" : (*slash = '\0', dir))
                              : ".";
        int fd = open(d, O_RDONLY);
        if (fd >= 0) {
            fsync(fd);
            close(fd);
        }
        free(dir);
    }
    return 0;
}

void pint_ckpt_save(const char *path, const pint_ckpt *desc, double *recs,
                    size_t nrecs, long long evals, pint_result *res)
{
    pint_ckpt c = *desc;
    c.recs = recs;
    c.nregions = nrecs;
    c.evals = evals;
    if (pint_ckpt_write(path, &c, res->checkpoint_message,
                        sizeof res->checkpoint_message) == 0) {
        res->checkpoint_message[0] = '\0';
        res->checkpoints++;
    }
}

int pint_ckpt_writable(const char *path, char *msg, size_t len)
{
    /* the rename would replace whatever is there: only a file */
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        snprintf(msg, len, "checkpoint %s: not a regular file", path);
        return -1;
    }
    char *tmp;
    FILE *f = create_tmp(path, &tmp, msg, len);
    if (!f)
        return -1;
    fclose(f);
    remove(tmp);
    free(tmp);
    return 0;
}

int pint_ckpt_open(const pint_options *opt, const pint_ckpt *want,
                   pint_ckpt *c, char *msg, size_t len)
{
    memset(c, 0, sizeof *c);
    if (opt->checkpoint && pint_ckpt_writable(opt->checkpoint, msg, len) != 0)
        return PINT_ERR_INVALID;
    return opt->resume ? pint_ckpt_read(opt->resume, want, c, msg, len) : 0;
}

void pint_ckpt_clear(pint_ckpt *c)
{
    free(c->recs);
    c->recs = NULL;
    free(c->checked);
    c->checked = NULL;
    c->nregions = 0;
}

/* Every number finite, errors and absval >= 0, volume > 0, a split
 * advice that exists for the region kind. */
static int record_ok(const double *rec, const pint_ckpt *c)
{
    int m = c->ncomp;
    size_t glen = c->rec_len - pint_rec_len(m, 0);
    for (size_t i = 0; i < c->rec_len; i++)
        if (!isfinite(rec[i]))
            return 0;
    if (rec[PINT_REC_KEY] < 0 || !(rec[PINT_REC_VOL] > 0))
        return 0;
    for (int k = 0; k < m; k++)
        if (rec[pint_rec_error(m) + k] < 0 || rec[pint_rec_abs(m, glen) + k] < 0)
            return 0;
    double share = rec[pint_rec_share(m, glen)];
    if (share < 0 || share > 1)
        return 0;
    double flags = rec[pint_rec_flags(m, glen)];
    if (flags != floor(flags) || flags < 0 || flags > 3)
        return 0;
    int n = c->ndim;
    double s = rec[PINT_REC_SPLIT];
    if (s != floor(s) || s < 0)
        return 0;
    if (c->kind == PINT_DOMAIN_BOX) {
        const double *half = rec + pint_rec_geom(m) + n;
        for (int i = 0; i < n; i++)
            if (!(half[i] > 0))
                return 0;
        return s < n;
    }
    int a = (int)s / (n + 1), b = (int)s % (n + 1);
    return s < (double)(n + 1) * (n + 1) && a < b;
}

/* Fail with a reason: the message, then return the status. */
#define REFUSE(st, ...) do { snprintf(msg, len, __VA_ARGS__); return (st); } \
    while (0)

/* The file's header into hdr (a version 1 header: method adaptive),
 * its length in *hlen, the checksum of what was read in *h. */
static int read_header(FILE *f, const char *path, uint64_t *hdr,
                       size_t *hlen, uint64_t *h, char *msg, size_t len)
{
    char magic[8];
    if (fread(magic, 1, sizeof magic, f) != sizeof magic
        || memcmp(magic, MAGIC, sizeof magic) != 0)
        REFUSE(PINT_ERR_INVALID, "checkpoint %s: not a pint checkpoint",
               path);
    *h = fnv(FNV_START, magic, sizeof magic);
    *hlen = H_COUNT_V1 * sizeof *hdr;
    if (fread(hdr, *hlen, 1, f) != 1)
        REFUSE(PINT_ERR_INVALID, "checkpoint %s: truncated checkpoint", path);
    if (hdr[H_MARK] != BYTE_ORDER_MARK)
        REFUSE(PINT_ERR_INVALID, "checkpoint %s: written on a machine of "
               "another byte order", path);
    if (hdr[H_VERSION] < 1 || hdr[H_VERSION] > PINT_CKPT_VERSION)
        REFUSE(PINT_ERR_INVALID, "checkpoint %s: checkpoint version %llu, "
               "this pint reads versions 1 to %d", path,
               (unsigned long long)hdr[H_VERSION], PINT_CKPT_VERSION);
    hdr[H_METHOD] = PINT_METHOD_ADAPTIVE;
    for (int k = H_COUNT_V4; k < H_COUNT; k++)
        hdr[k] = 0;
    int count = hdr[H_VERSION] >= 7 ? H_COUNT
                : hdr[H_VERSION] >= 5 ? H_COUNT_V6
                : hdr[H_VERSION] >= 2 ? H_COUNT_V4 : H_COUNT_V1;
    if (count > H_COUNT_V1) {
        if (fread(hdr + H_COUNT_V1, (size_t)(count - H_COUNT_V1)
                  * sizeof *hdr, 1, f) != 1)
            REFUSE(PINT_ERR_INVALID, "checkpoint %s: truncated checkpoint",
                   path);
        *hlen = (size_t)count * sizeof *hdr;
    }
    *h = fnv(*h, hdr, *hlen);
    return 0;
}

/* A version 5 header whose fingerprint differs from the run's: the
 * refusal names the part that differs.  The seed first: it also draws a
 * built-in family's parameters, so it changes the integrand too. */
static int refuse_part(const uint64_t *hdr, const pint_ckpt *want,
                       const char *path, char *msg, size_t len)
{
    int sampled = want->method != PINT_METHOD_ADAPTIVE;
    if (hdr[H_SEED] != want->seed
        && (sampled || hdr[H_FP_INTEGRAND] != want->fp_integrand))
        REFUSE(PINT_ERR_INVALID, "checkpoint %s: written with seed %llu, "
               "this run has seed %llu", path,
               (unsigned long long)hdr[H_SEED],
               (unsigned long long)want->seed);
    if (hdr[H_FP_INTEGRAND] != want->fp_integrand)
        REFUSE(PINT_ERR_INVALID, "checkpoint %s: a checkpoint of another "
               "integrand (another function, plug-in, expression or "
               "difficulty)", path);
    if (hdr[H_FP_DOMAIN] != want->fp_domain)
        REFUSE(PINT_ERR_INVALID, "checkpoint %s: a checkpoint of another "
               "domain (other bounds, simplices or --scale)", path);
    if (want->method == PINT_METHOD_QMC
        && hdr[H_SHIFTS] != (uint64_t)want->shifts)
        REFUSE(PINT_ERR_INVALID, "checkpoint %s: written with %llu shifts, "
               "this run has %d", path, (unsigned long long)hdr[H_SHIFTS],
               want->shifts);
    if (want->method == PINT_METHOD_QMC
        && hdr[H_PERIODIZE] != (uint64_t)want->periodize)
        REFUSE(PINT_ERR_INVALID, "checkpoint %s: written with periodization "
               "%s, this run has %s", path,
               hdr[H_PERIODIZE] <= PINT_PERIODIZE_SIDI
               ? pint_periodize_name((enum pint_periodize)hdr[H_PERIODIZE])
               : "?", pint_periodize_name((enum pint_periodize)
                                          want->periodize));
    REFUSE(PINT_ERR_INVALID, "checkpoint %s: a checkpoint of another "
           "problem", path);
}

/* The header against the run's problem.  The records of an adaptive
 * checkpoint before version 3 lack absval[ncomp], before version 4 the
 * split share, before version 6 the flags, at their end: their length in
 * the file in *file_rec_len. */
static int match_header(const uint64_t *hdr, const pint_ckpt *want,
                        const char *path, size_t *file_rec_len, char *msg,
                        size_t len)
{
    if (hdr[H_METHOD] != (uint64_t)want->method)
        REFUSE(PINT_ERR_INVALID, "checkpoint %s: a checkpoint of the %s "
               "method, this run uses %s", path,
               hdr[H_METHOD] <= PINT_METHOD_VEGAS
               ? pint_method_name((enum pint_method)hdr[H_METHOD]) : "?",
               pint_method_name((enum pint_method)want->method));
    *file_rec_len = want->rec_len;
    if (hdr[H_VERSION] < 6 && want->method == PINT_METHOD_ADAPTIVE)
        *file_rec_len -= 1;
    if (hdr[H_VERSION] < 4 && want->method == PINT_METHOD_ADAPTIVE)
        *file_rec_len -= 1;
    if (hdr[H_VERSION] < 3 && want->method == PINT_METHOD_ADAPTIVE)
        *file_rec_len -= (size_t)want->ncomp;
    /* the sizes decide the allocation: check them before trusting them */
    if (hdr[H_NDIM] != (uint64_t)want->ndim)
        REFUSE(PINT_ERR_INVALID, "checkpoint %s: a checkpoint of dimension "
               "%llu, this problem has %d", path,
               (unsigned long long)hdr[H_NDIM], want->ndim);
    if (hdr[H_NCOMP] != (uint64_t)want->ncomp)
        REFUSE(PINT_ERR_INVALID, "checkpoint %s: a checkpoint of %llu "
               "components, this problem has %d", path,
               (unsigned long long)hdr[H_NCOMP], want->ncomp);
    if (hdr[H_REC_LEN] != *file_rec_len || hdr[H_KIND] != (uint64_t)want->kind)
        REFUSE(PINT_ERR_INVALID, "checkpoint %s: a checkpoint of another "
               "domain or rule", path);
    if (hdr[H_RULE] != (uint64_t)want->rule)
        REFUSE(PINT_ERR_INVALID, "checkpoint %s: a checkpoint of rule %s, "
               "this run uses %s", path, hdr[H_RULE] < PINT_RULE_COUNT_
               ? pint_rule_name((enum pint_rule)hdr[H_RULE]) : "?",
               pint_rule_name((enum pint_rule)want->rule));
    if (hdr[H_FINGERPRINT] != want->fingerprint) {
        if (hdr[H_VERSION] >= 5)
            return refuse_part(hdr, want, path, msg, len);
        REFUSE(PINT_ERR_INVALID, "checkpoint %s: a checkpoint of another "
               "problem (the integrand%s differs)", path,
               want->method == PINT_METHOD_MC
               || want->method == PINT_METHOD_VEGAS
               ? ", the domain or the seed"
               : want->method == PINT_METHOD_QMC
               ? ", the domain, the seed, the shifts or the periodization"
               : " or the domain");
    }
    return 0;
}

/* The thresholds of the neighbours' check after the header (version 7:
 * none, or one a component of an adaptive checkpoint) into c->checked,
 * counted in *hlen and the checksum *h. */
static int read_checked(FILE *f, const char *path, const uint64_t *hdr,
                        size_t *hlen, uint64_t *h, pint_ckpt *c, char *msg,
                        size_t len)
{
    if (hdr[H_CHECKED] == 0)
        return 0;
    if (hdr[H_CHECKED] != (uint64_t)c->ncomp
        || c->method != PINT_METHOD_ADAPTIVE)
        REFUSE(PINT_ERR_INVALID, "checkpoint %s: truncated or damaged "
               "checkpoint (its checked word is %llu)", path,
               (unsigned long long)hdr[H_CHECKED]);
    size_t n = (size_t)c->ncomp * sizeof *c->checked;
    c->checked = malloc(n);
    if (!c->checked)
        REFUSE(PINT_ERR_NOMEM, "checkpoint %s: out of memory", path);
    if (fread(c->checked, n, 1, f) != 1)
        REFUSE(PINT_ERR_INVALID, "checkpoint %s: truncated checkpoint", path);
    for (int k = 0; k < c->ncomp; k++)
        if (!(c->checked[k] >= 0.0) || isinf(c->checked[k]))
            REFUSE(PINT_ERR_INVALID, "checkpoint %s: damaged checkpoint (a "
                   "threshold of its check is %g)", path, c->checked[k]);
    *h = fnv(*h, c->checked, n);
    *hlen += n;
    return 0;
}

/* The records (the file's length of them) into c->recs, checked against
 * the size of the file and the checksum h of what came before. */
static int read_records(FILE *f, const char *path, const uint64_t *hdr,
                        size_t hlen, size_t file_rec_len, uint64_t h,
                        pint_ckpt *c, char *msg, size_t len)
{
    uint64_t nreg = hdr[H_NREGIONS], sum;
    if (fseek(f, 0, SEEK_END) != 0)
        REFUSE(PINT_ERR_INVALID, "checkpoint %s: cannot seek: %s", path,
               strerror(errno));
    long size = ftell(f);
    size_t head = sizeof MAGIC + hlen;
    uint64_t body = (uint64_t)size - head - sizeof sum;
    if (size < 0 || (uint64_t)size < head + sizeof sum
        || nreg == 0 || body / sizeof(double) / file_rec_len != nreg
        || body % (sizeof(double) * file_rec_len) != 0
        || hdr[H_EVALS] > (uint64_t)9e18)
        REFUSE(PINT_ERR_INVALID, "checkpoint %s: truncated or damaged "
               "checkpoint (its size does not match its header)", path);
    fseek(f, (long)head, SEEK_SET);
    c->recs = malloc(body);
    if (!c->recs)
        REFUSE(PINT_ERR_NOMEM, "checkpoint %s: out of memory for %llu "
               "regions", path, (unsigned long long)nreg);
    if (fread(c->recs, 1, body, f) != body || fread(&sum, sizeof sum, 1, f) != 1)
        REFUSE(PINT_ERR_INVALID, "checkpoint %s: cannot read: %s", path,
               ferror(f) ? strerror(errno) : "truncated");
    if (fnv(h, c->recs, body) != sum)
        REFUSE(PINT_ERR_INVALID, "checkpoint %s: checksum mismatch (the "
               "file is damaged)", path);
    c->nregions = (size_t)nreg;
    return 0;
}

/* Records of an older version completed: versions 1 and 2 lack absval
 * (|value| stands for it), 1 to 3 the split share (0: unknown, the split
 * correction goes without it), 1 to 5 the flags (0: the children of the
 * region take the rule, adapt.c). */
static int upgrade_records(pint_ckpt *c, size_t file_rec_len,
                           const char *path, char *msg, size_t len)
{
    double *recs = malloc(c->nregions * c->rec_len * sizeof *recs);
    if (!recs)
        REFUSE(PINT_ERR_NOMEM, "checkpoint %s: out of memory for %zu "
               "regions", path, c->nregions);
    int m = c->ncomp;
    size_t glen = c->rec_len - pint_rec_len(m, 0);
    int absval_missing = file_rec_len < pint_rec_share(m, glen);
    for (size_t r = 0; r < c->nregions; r++) {
        const double *from = c->recs + r * file_rec_len;
        double *to = recs + r * c->rec_len;
        memcpy(to, from, file_rec_len * sizeof *to);
        for (int k = 0; absval_missing && k < m; k++)
            to[pint_rec_abs(m, glen) + k] = fabs(from[PINT_REC_VALUE + k]);
        if (file_rec_len <= pint_rec_share(m, glen))
            to[pint_rec_share(m, glen)] = 0.0;
        to[pint_rec_flags(m, glen)] = 0.0;
    }
    free(c->recs);
    c->recs = recs;
    return 0;
}

/* Every record valid (adaptive), every number finite (the sampling
 * engines check the meaning of theirs when they load them). */
static int check_records(const pint_ckpt *c, const char *path, char *msg,
                         size_t len)
{
    if (c->method == PINT_METHOD_ADAPTIVE) {
        for (size_t r = 0; r < c->nregions; r++)
            if (!record_ok(c->recs + r * c->rec_len, c))
                REFUSE(PINT_ERR_INVALID, "checkpoint %s: region %zu is not "
                       "valid", path, r);
        return 0;
    }
    for (size_t i = 0; i < c->nregions; i++)
        if (!isfinite(c->recs[i]))
            REFUSE(PINT_ERR_INVALID, "checkpoint %s: number %zu is not "
                   "finite", path, i);
    return 0;
}

int pint_ckpt_rule(const char *path)
{
    char why[128], msg[256];
    FILE *f = pint_open_regular(path, "rb", why, sizeof why);
    if (!f)
        return -1;
    uint64_t hdr[H_COUNT], h;
    size_t hlen;
    int ok = read_header(f, path, hdr, &hlen, &h, msg, sizeof msg) == 0
             && hdr[H_METHOD] == PINT_METHOD_ADAPTIVE
             && hdr[H_RULE] < PINT_RULE_COUNT_;
    fclose(f);
    return ok ? (int)hdr[H_RULE] : -1;
}

int pint_ckpt_read(const char *path, const pint_ckpt *want, pint_ckpt *c,
                   char *msg, size_t len)
{
    memset(c, 0, sizeof *c);
    char why[128];
    FILE *f = pint_open_regular(path, "rb", why, sizeof why);
    if (!f) {
        snprintf(msg, len, "checkpoint %s: cannot open: %s", path, why);
        return PINT_ERR_INVALID;
    }
    uint64_t hdr[H_COUNT], h;
    size_t hlen, file_rec_len;
    int status = read_header(f, path, hdr, &hlen, &h, msg, len);
    if (status == 0)
        status = match_header(hdr, want, path, &file_rec_len, msg, len);
    if (status == 0) {
        c->fingerprint = hdr[H_FINGERPRINT];
        c->method = want->method;
        c->ndim = want->ndim;
        c->ncomp = want->ncomp;
        c->rule = want->rule;
        c->kind = want->kind;
        c->rec_len = want->rec_len;
        c->evals = (long long)hdr[H_EVALS];
        status = read_checked(f, path, hdr, &hlen, &h, c, msg, len);
    }
    if (status == 0) {
        status = read_records(f, path, hdr, hlen, file_rec_len, h, c, msg,
                              len);
    }
    if (status == 0 && file_rec_len < c->rec_len)
        status = upgrade_records(c, file_rec_len, path, msg, len);
    if (status == 0)
        status = check_records(c, path, msg, len);
    fclose(f);
    if (status)
        pint_ckpt_clear(c);
    return status;
}

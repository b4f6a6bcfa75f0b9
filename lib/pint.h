/* pint.h -- the public interface of libpint, adaptive numerical integration.
 *
 * One call integrates f: R^n -> R^m over a box or a union of simplices:
 *
 *     pint_function fn = { .ndim = 3, .ncomp = 1, .f = my_f };
 *     double lo[3] = {0, 0, 0}, hi[3] = {1, 1, 1};
 *     pint_domain dom = pint_domain_box(lo, hi);
 *     pint_options opt;  pint_options_init(&opt);  opt.epsrel = 1e-8;
 *     pint_result *res = pint_result_alloc(1);
 *     int status = pint_integrate(&fn, &dom, &opt, res);
 *     ... res->value[0], res->error[0] ...
 *     pint_result_free(res);
 *
 * The library never exits or aborts, on bad input or when memory runs out
 * (on any rank): every problem is reported through the returned status
 * and res->message, on every rank.  See pint(3).
 */
#ifndef PINT_H
#define PINT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) && defined(PINT_BUILDING_LIBRARY)
#define PINT_API __attribute__((visibility("default")))
#else
#define PINT_API
#endif

#define PINT_VERSION "0.1.0"

/* The integrand ABI (a public contract: it does not change).
 * x has ndim coordinates; write ncomp values into fval.  Return 0 on
 * success; any other value stops the integration with PINT_ERR_INTEGRAND. */
typedef int (*pint_integrand)(int ndim, const double *x, int ncomp,
                              double *fval, void *ctx);

/* Batch form: npts points, x[p * ndim + i] is coordinate i of point p and
 * fval[p * ncomp + k] receives component k at point p. */
typedef int (*pint_integrand_batch)(int ndim, size_t npts, const double *x,
                                    int ncomp, double *fval, void *ctx);

/* The integrand: give f or fbatch (when both are set, fbatch is used). */
typedef struct {
    int ndim;                   /* dimension n >= 1 */
    int ncomp;                  /* components m >= 1 */
    pint_integrand f;
    pint_integrand_batch fbatch;
    void *ctx;                  /* passed through untouched */
} pint_function;

/* Status codes: the return value of pint_integrate and pint_result.status. */
enum pint_status {
    PINT_CONVERGED = 0,         /* error estimate meets the tolerance */
    PINT_MAX_EVALS = 1,         /* evaluation limit reached first */
    PINT_MAX_REGIONS = 2,       /* region limit (memory bound) reached first */
    PINT_ERR_INTEGRAND = 3,     /* the integrand returned non-zero */
    PINT_ERR_NONFINITE = 4,     /* the integrand returned NaN or Inf, or
                                   values so large that the method's sums
                                   overflow (or, sampling, so small that
                                   their squares underflow) */
    PINT_ERR_INVALID = 5,       /* bad problem or options (see message) */
    PINT_ERR_NOMEM = 6,         /* out of memory */
    PINT_TIME_LIMIT = 7,        /* opt.time_limit reached first */
    PINT_INTERRUPTED = 8,       /* *opt.stop became non-zero (a signal) */
    PINT_ROUNDOFF = 9,          /* the tolerance is below the rounding of
                                   the integrand's values, and the error
                                   estimate can fall no further */
    PINT_UNRELIABLE = 10        /* the tolerance test passed, but a check
                                   found the estimate untrustworthy
                                   (res->message says why) */
};
/* PINT_TIME_LIMIT, PINT_INTERRUPTED, PINT_ROUNDOFF and PINT_UNRELIABLE
 * are limits like PINT_MAX_EVALS: the result holds the best estimate
 * reached.  Use pint_status_is_error rather than comparing codes. */

/* Cubature rules. PINT_RULE_AUTO picks Gauss-Kronrod 21 in one dimension,
 * the fully symmetric degree-9 rule on boxes of dimension >= 2 and
 * Grundmann-Moeller degree 7 on simplices. */
enum pint_rule {
    PINT_RULE_AUTO = 0,
    PINT_RULE_GM,               /* Genz-Malik degree 7/5, boxes, n >= 2 */
    PINT_RULE_GK15,             /* Gauss-Kronrod 7-15, n = 1 */
    PINT_RULE_GK21,             /* 10-21 */
    PINT_RULE_GK31,             /* 15-31 */
    PINT_RULE_GK41,             /* 20-41 */
    PINT_RULE_GK51,             /* 25-51 */
    PINT_RULE_GK61,             /* 30-61 */
    PINT_RULE_SIMPLEX3,         /* Grundmann-Moeller degree 3/1, simplices */
    PINT_RULE_SIMPLEX5,         /* degree 5/3 */
    PINT_RULE_SIMPLEX7,         /* degree 7/5 */
    PINT_RULE_SIMPLEX9,         /* degree 9/7 */
    PINT_RULE_SYM7,             /* fully symmetric degree 7, null-rule
                                   error estimate, boxes, n >= 2 */
    PINT_RULE_SYM9,             /* fully symmetric degree 9, likewise */
    PINT_RULE_SYM13,            /* fully symmetric degree 13, n = 2 */
    PINT_RULE_SYM11,            /* fully symmetric degree 11, n = 3 */
    PINT_RULE_COUNT_
};

enum pint_domain_kind { PINT_DOMAIN_BOX = 0, PINT_DOMAIN_SIMPLICES = 1 };

/* Integration methods. */
enum pint_method {
    PINT_METHOD_ADAPTIVE = 0,   /* global adaptive subdivision (default) */
    PINT_METHOD_MC = 1,         /* plain Monte Carlo, boxes only */
    PINT_METHOD_QMC = 2,        /* randomized Korobov lattices, boxes only */
    PINT_METHOD_VEGAS = 3       /* VEGAS+ adaptive importance and
                                   stratified sampling, boxes only */
};

/* VEGAS: the first iterations, which train the map only (their
 * estimates are not combined). */
#define PINT_VEGAS_WARMUP 1

/* Periodizing transforms of the QMC method: each coordinate t in [0, 1]
 * is mapped by phi and f is weighted by phi'(t), so that f becomes
 * periodic and the lattice rule converges faster. */
enum pint_periodize {
    PINT_PERIODIZE_NONE = 0,    /* phi(t) = t */
    PINT_PERIODIZE_BAKER = 1,   /* tent: phi(t) = 1 - |2t - 1|, weight 1 */
    PINT_PERIODIZE_KOROBOV = 2, /* phi(t) = 3t^2 - 2t^3, weight 6t(1 - t) */
    PINT_PERIODIZE_SIDI = 3     /* phi(t) = t - sin(2 pi t)/(2 pi),
                                   weight 2 sin^2(pi t) */
};

/* How distributed QMC shares the work of a row (q cells of N points)
 * among the workers (Cucos 2003, ch. 4.1). */
enum pint_qmc_units {
    PINT_UNITS_ROW = 0,         /* all ranks work on the same row, each a
                                   share of it as large as its measured
                                   speed earns it */
    PINT_UNITS_SINGLE_CELL = 1, /* one whole cell per request */
    PINT_UNITS_CONSTANT_ROW = 2 /* the row in K p equal units, handed out on
                                   request in chunks chosen by a schedule */
};

/* Chunk formulas for work handed out on request (refs: Balasubramaniam
 * 2003, Mendhe): how many of the remaining units the next request gets. */
enum pint_schedule {
    PINT_SCHED_STATIC = 0,      /* ceil(N/P) */
    PINT_SCHED_SS,              /* one unit (self-scheduling) */
    PINT_SCHED_FSC,             /* a fixed chunk */
    PINT_SCHED_GSS,             /* guided: ceil(R/P) */
    PINT_SCHED_FAC,             /* factoring: batches of P chunks R/(2P) */
    PINT_SCHED_WF,              /* weighted factoring */
    PINT_SCHED_AWF,             /* adaptive weighted factoring */
    PINT_SCHED_AF               /* adaptive factoring */
};

/* How the components' errors are measured against the tolerance (the
 * convergence test of pint_integrate, below). */
enum pint_norm {
    PINT_NORM_MAX = 0,          /* ParInt's: max_k error[k] <= max(epsabs,
                                   epsrel max_k |value[k]|) (default) */
    PINT_NORM_INDIVIDUAL,       /* every component on its own: error[k] <=
                                   max(epsabs, epsrel |value[k]|) (Cuba's) */
    PINT_NORM_L2                /* ||error||_2 <= max(epsabs, epsrel
                                   ||value||_2) (cubature's ERROR_L2) */
};

/* How the adaptive method balances the load over MPI ranks. */
enum pint_balance {
    PINT_BALANCE_AUTO = 0,      /* RR below PINT_BALANCE_TREE_FROM
                                   workers, TREE from there (default) */
    PINT_BALANCE_RR,            /* one controller on rank 0 watches every
                                   worker and pairs busy and idle ones
                                   round-robin (ParInt's) */
    PINT_BALANCE_TREE           /* groups of balance_group workers, each
                                   watched by a group controller on its
                                   first worker, under a top controller on
                                   rank 0 that sees only the groups' sums */
};

/* Workers from which PINT_BALANCE_AUTO chooses the tree: with a cheap
 * integrand (10 us a point) one controller is saturated at 256 workers
 * (simulated, bench/RESULTS.md 11.3). */
#define PINT_BALANCE_TREE_FROM 256

/* The region of integration.  The arrays are read during pint_integrate
 * only and are not kept. */
typedef struct {
    enum pint_domain_kind kind;
    const double *lo, *hi;      /* box: lo[i] < hi[i], i < ndim */
    size_t nsimplices;          /* simplices: vertices[(s*(ndim+1) + v)*ndim + i] */
    const double *vertices;
} pint_domain;

typedef struct pint_progress pint_progress;   /* below */

/* The options.  The struct grows at its end only: `size` says how much
 * of it the caller knows (pint_options_init sets it to the size the
 * caller was compiled with), and the library gives every field past it
 * its default, so a program built against an older pint.h runs with a
 * newer library unchanged (pint(3), "Compatibility").  size 0 (a struct
 * filled by hand from zero) means the whole struct of this pint.h. */
typedef struct {
    size_t size;
    double epsabs;              /* absolute tolerance, default 0 */
    double epsrel;              /* relative tolerance, default 1e-6 */
    long long max_evals;        /* evaluation limit, default 100,000,000 */
    size_t max_regions;         /* region limit (memory bound), default 10,000,000 */
    enum pint_rule rule;        /* default PINT_RULE_AUTO */
    enum pint_method method;    /* default PINT_METHOD_ADAPTIVE */
    uint64_t seed;              /* Monte Carlo streams, QMC shifts, default 1 */

    /* Distribution over MPI (used when MPI is initialized; every rank of
     * the communicator calls pint_integrate and every rank gets the
     * result).  comm points to an MPI_Comm; NULL means MPI_COMM_WORLD. */
    const void *comm;
    int dedicated_controller;   /* 1: rank 0 only controls (needs >= 2 ranks) */
    long long update_evals;     /* evaluations between updates; 0: by time */
    double update_seconds;      /* seconds between updates; 0: default 2 ms */
    int lb_regions;             /* regions per load-balancing transfer; 0: default */
    int verify;                 /* 1: audit every region at the end (also
                                   on one process: result.verified) */

    /* QMC (method PINT_METHOD_QMC). */
    int shifts;                 /* random shifts per row, >= 2 (0: default 10) */
    enum pint_periodize periodize; /* default PINT_PERIODIZE_BAKER */
    enum pint_qmc_units qmc_units; /* over MPI; default PINT_UNITS_ROW */
    int units_per_worker;       /* K of constant-row units (0: default 16) */
    enum pint_schedule schedule; /* constant-row chunks, default PINT_SCHED_SS */

    /* Monte Carlo over MPI: 0 (default) for rounds of fixed counts, all
     * ranks in step (reproducible); > 0 for fixed-time units: every
     * worker reports every unit_seconds to a controller on rank 0. */
    double unit_seconds;

    /* Wall-clock limit in seconds (0, the default: none).  The run stops
     * at its next check after this long with PINT_TIME_LIMIT and the best
     * estimate reached.  The checks come between batches of evaluations
     * (a subdivision, a Monte Carlo chunk, a lattice cell).  With a limit
     * an integrand call expected to take 0.2 ms or more (and a run's
     * first) runs on a thread of the library's while the caller waits,
     * and such a call still running 0.5 s + 5% of the limit after it is
     * abandoned (the run returns PINT_TIME_LIMIT, the call may go on
     * running): ctx and the integrand's code must then stay valid until
     * the process ends.  A quicker call runs on the caller's thread. */
    double time_limit;

    /* A stop request: when stop is non-NULL and *stop becomes non-zero
     * (say in a signal handler), the run stops at its next check with
     * PINT_INTERRUPTED, writing a final checkpoint when one is asked for.
     * Under MPI any rank's flag stops every rank. */
    const volatile int *stop;

    /* Progress: when set, called on rank 0 of the communicator about
     * every progress_seconds (0: 0.5 s) while the run lasts. */
    void (*progress)(const pint_progress *p, void *ctx);
    void *progress_ctx;
    double progress_seconds;

    /* Checkpoints.  checkpoint: a file that receives the complete state
     * (every method: adaptive, every region on every rank; MC, the sums
     * and the stream positions; QMC, the finished rows and the pieces of
     * rows in progress; VEGAS, the map, the strata and the iterations
     * combined) every checkpoint_seconds (0: only when the run stops;
     * the period counts from the end of the last write, and is at least
     * nine times what that checkpoint took to make, so a slow disk
     * takes at most a tenth of the run) and when the run stops for any
     * reason but an error; written to
     * checkpoint.tmp,
     * synced, then renamed, so the file is always whole.  resume: a
     * checkpoint to continue from instead of the domain, on any number
     * of ranks; tolerances and limits may differ from the first run
     * (the evaluation limit counts the evaluations before the
     * checkpoint too).  identity: names the integrand (it becomes part
     * of the fingerprint, with the method, dimension, components,
     * domain and rule; MC, QMC, VEGAS: the seed; QMC: shifts,
     * periodization), so a checkpoint of another problem is refused. */
    const char *checkpoint;
    double checkpoint_seconds;
    const char *resume;
    const char *identity;

    /* Infinite ranges: a box bound may be -INFINITY or INFINITY on any
     * axis; such an axis is integrated in t of a finite range, with
     * x = a + scale tan(pi t/2) on [a, inf), x = b - scale tan(pi t/2)
     * on (-inf, b] (t in [0, 1]), x = scale tan(pi t/2) on (-inf, inf)
     * (t in [-1, 1]).  scale is where the mass of f lies, roughly
     * (default 1; 0 also means 1). */
    double scale;

    /* Breakpoints: points where the integrand is known to misbehave (a
     * singularity, a kink, a jump) inside a box, for the adaptive method.
     * The box is cut there before the run, along axis points_axis[j]
     * (0-based; NULL: every point on axis 0) at points[j], j < npoints,
     * so that no region straddles them (in 1-D the intervals of
     * QUADPACK's QAGP).  Finite, strictly inside the axis's range, no two
     * equal on one axis; at most 10000 points and 1000000 pieces. */
    size_t npoints;
    const double *points;
    const int *points_axis;

    /* 1-D: 1 (default) integrates with QUADPACK's QAGS/QAGP algorithm,
     * Gauss-Kronrod with Wynn's epsilon extrapolation (far fewer
     * evaluations at end-point and interior singularities), on rank 0
     * alone under MPI; 0: the plain adaptive engine (distributed, with
     * checkpoints, any region limit).  Checkpoints, resume and a norm
     * other than PINT_NORM_MAX always use the plain engine. */
    int extrapolate;

    /* The norm of the convergence test (enum pint_norm, default
     * PINT_NORM_MAX); every method and run mode honours it. */
    enum pint_norm norm;

    /* Threads of this process, for every method (alone, or on each rank
     * under MPI, where only the caller's thread calls MPI:
     * MPI_THREAD_FUNNELED; the adaptive method in 1-D uses one).
     * 0 (default): the cores the process may use (pint_threads_default);
     * 1: the caller's thread alone.  With more than one the integrand is
     * called from several threads at once, each call on its own points:
     * it must be reentrant, or the run must ask for 1 (a batch integrand
     * gets a block of points per call).  Options from a pint.h without
     * this field mean 1.
     * regions_per_step: the adaptive method subdivides up to this many
     * regions of largest error per step (the largest, and those with at
     * least half its error, but no more than the tolerance needs: once
     * their errors add up to the excess of the total over the tolerance,
     * a step takes no more) and evaluates their children on the
     * threads; 0 (default): 1 when threads is 1, else
     * PINT_REGIONS_PER_STEP, whatever the cores (so the default options
     * do the same work on every machine).  For a given value the result
     * is the same, bit for bit, on any number of threads; so are those
     * of the mc and qmc methods. */
    int threads;
    int regions_per_step;

    /* Adaptive under MPI: 1 (default), a worker left without regions
     * while the integrand is costly (a step takes a millisecond or
     * more) may be lent to a busy one, whose steps' points it then
     * evaluates in part; 0: idle workers only ever get regions. */
    int helpers;

    /* Adaptive under MPI: the balancing (enum pint_balance) and, for the
     * tree, the workers of a group (0: default, the square root of the
     * workers but at least 32, so neither a group controller nor the top
     * watches more than about that). */
    enum pint_balance balance;
    int balance_group;

    /* An end time: the run stops by then, as at its time limit (status
     * PINT_TIME_LIMIT, the estimate reached, the message "end time
     * reached ..."), whichever comes first.  Wall-clock seconds since
     * the Epoch (clock_gettime(CLOCK_REALTIME), time(2)), read on each
     * rank's clock; 0 (default): none.  A batch starts no integral
     * once the next one's end time has passed: those left end with
     * PINT_TIME_LIMIT, no estimate (NaN) and "not started: the end
     * time had passed" (see pint_integrate_batch_notify), so the same
     * end time on every integral bounds the whole batch. */
    double end_time;
} pint_options;

/* regions_per_step on more than one thread (see pint_options). */
#define PINT_REGIONS_PER_STEP 16
/* The most threads and regions per step a run takes. */
#define PINT_MAX_THREADS 1024
#define PINT_MAX_REGIONS_PER_STEP 100000

/* The threads a run with threads = 0 uses: OMP_NUM_THREADS when it is a
 * whole number >= 1, else the cores this process may run on
 * (its affinity), shared among the ranks of a node when an MPI launcher
 * did not bind them; at least 1, at most PINT_MAX_THREADS. */
PINT_API int pint_threads_default(void);

/* What the progress callback sees (arrays valid during the call only). */
struct pint_progress {
    double seconds;             /* since the start of pint_integrate */
    long long evals;            /* evaluations so far, all ranks */
    size_t regions;             /* live regions (adaptive), else 0 */
    long long rows;             /* lattice rows finished (qmc), else 0 */
    int ranks_busy;             /* ranks computing now */
    int nranks;                 /* ranks taking part */
    int ncomp;
    const double *value;        /* current estimate [ncomp] */
    const double *error;        /* its error estimate [ncomp] */
    long long checkpoints;      /* checkpoints written so far by this run */
    enum pint_rule rule;        /* adaptive: the rule in use, else AUTO */
};

typedef struct {
    int ncomp;
    double *value;              /* value[k], k < ncomp */
    double *error;              /* error estimate of value[k] */
    long long evals;            /* integrand evaluations (points) */
    size_t regions;             /* regions in the final partition */
    double seconds;             /* wall-clock time of pint_integrate */
    int status;                 /* an enum pint_status */
    enum pint_rule rule;        /* the rule that was used (adaptive) */
    enum pint_method method;    /* the method that was used */
    char message[256];          /* one line naming the problem, or ""; on
                                   PINT_CONVERGED a caution (every point
                                   sampled gave 0) or "" */

    /* Statistics of the run (all ranks get them). */
    int nranks;                 /* ranks that took part */
    long long *rank_evals;      /* evaluations per rank [nranks] */
    double *rank_idle;          /* seconds each rank waited [nranks] */
    long long transfers;        /* load-balancing transfers */
    long long regions_moved;    /* regions they carried */
    long long controller_messages; /* messages the controller handled */
    int verified;               /* with opt.verify: 1 audit passed, -1 failed,
                                   0 none made (1-D extrapolation) */

    /* QMC: rows finished, points of each cell of the last row (N), and
     * shifts (cells) per row. */
    long long rows;
    long long points_per_row;
    int shifts;

    /* pint_integrate_batch: the group of ranks that computed it (0 ..
     * groups - 1); 0 for pint_integrate. */
    int group;

    /* Checkpoints (opt.checkpoint): how many were written, and why the
     * last attempt failed ("" when it did not). */
    long long checkpoints;
    char checkpoint_message[256];
    /* opt.resume: evaluations made before the checkpoint (included in
     * evals). */
    long long resumed_evals;
    /* 1-D with opt.extrapolate: 1 when the value is an extrapolated one
     * (Wynn's epsilon algorithm), 0 when it is the plain sum. */
    int extrapolated;
    /* Adaptive under MPI: times the controller found every worker idle
     * while the total missed the required accuracy (the shares were
     * handed out under an older total, or the exact final totals missed
     * what the reports said) and put work back in play. */
    long long reopened;
    /* Adaptive under MPI: times an idle worker with no region to get was
     * lent to a busy one, to evaluate slices of its steps (a costly
     * integrand's helpers). */
    long long helpers_lent;
    /* VEGAS: iterations done (the PINT_VEGAS_WARMUP of the warm-up
     * included), and the chi^2 per
     * degree of freedom of those in the final combination (0 when fewer
     * than two: it needs two). */
    long long iterations;
    double chi2_dof;
} pint_result;

/* One integral of a batch: the same three things pint_integrate takes.
 * opt.comm is ignored (the batch has its own communicator). */
typedef struct {
    pint_function fn;
    pint_domain dom;
    pint_options opt;
} pint_problem;

/* How a batch shares the ranks (Cucos 2003, ch. 5.1): g groups of ranks;
 * a global controller on rank 0 hands each group integrals, a new chunk
 * whenever it finishes; inside a group the distributed algorithm runs on
 * the group's ranks.  Give groups or group_size (the other 0); group
 * sizes differ by at most one when the ranks do not divide evenly. */
typedef struct {
    int groups;                 /* g, 1 .. ranks (default 1) */
    int group_size;             /* or ranks per group (0: use groups) */
    enum pint_schedule schedule; /* integrals per request (default SS: 1) */
    const void *comm;           /* &an MPI_Comm; NULL: MPI_COMM_WORLD */
} pint_batch_options;

/* Set every option to its documented default, and opt->size.  The
 * macro passes the size of the caller's struct; the function (for
 * bindings that call it by name) sets the size of this library's. */
PINT_API void pint_options_init(pint_options *opt);
PINT_API void pint_options_init_size(pint_options *opt, size_t size);
#define pint_options_init(opt) pint_options_init_size((opt), sizeof *(opt))

/* Domain constructors (no copies are made). */
PINT_API pint_domain pint_domain_box(const double *lo, const double *hi);
PINT_API pint_domain pint_domain_simplices(size_t nsimplices,
                                           const double *vertices);

/* A result for ncomp components; NULL when ncomp < 1 or out of memory. */
PINT_API pint_result *pint_result_alloc(int ncomp);
PINT_API void pint_result_free(pint_result *res);

/* Integrate fn over dom.  Returns the status, also stored in res->status.
 * Convergence, in the norm opt.norm (default ParInt's max norm):
 *     max:        max_k error[k] <= max(epsabs, epsrel * max_k |value[k]|)
 *     individual: error[k] <= max(epsabs, epsrel * |value[k]|) for every k
 *     l2:         ||error||_2 <= max(epsabs, epsrel * ||value||_2),
 * and in every norm: a component whose value cannot be told from 0
 * (|value[k]| <= error[k]) is met when error[k] <= 1e-12 times the
 * integral of |f_k| (an integral of 0 converges against this floor), and
 * no tolerance below 2.2e-16 times that integral is met (PINT_ROUNDOFF);
 * see pint(3), "Rounding".
 * res->ncomp must equal fn->ncomp.  With PINT_MAX_EVALS or PINT_MAX_REGIONS
 * the result holds the best estimate reached.  With an error status
 * res->message names the problem; when the integrand failed
 * (PINT_ERR_INTEGRAND, PINT_ERR_NONFINITE), or the adaptive method ran
 * out of memory for its regions (PINT_ERR_NOMEM), after the run had an
 * estimate of the whole domain, value and error hold that estimate,
 * reached before the failure (adaptive: the regions so far; qmc: the
 * rows done; mc: the rounds done), else they are NaN, as for every other
 * error status. */
PINT_API int pint_integrate(const pint_function *fn, const pint_domain *dom,
                            const pint_options *opt, pint_result *res);

/* Set the batch options to their defaults (one group, one integral per
 * request, MPI_COMM_WORLD). */
PINT_API void pint_batch_options_init(pint_batch_options *bo);

/* Integrate n problems; results[i] (allocated for problems[i].fn.ncomp)
 * receives integral i, with its group and seconds.  Under MPI every rank
 * of the communicator calls it with the same problems, and every rank
 * gets every result (value, error, evals, regions, status, message,
 * seconds, group; not the per-rank statistics: nranks is 0).  Without
 * MPI the problems run one after the other.  A failing integral does
 * not stop the others.  Returns PINT_CONVERGED when every integral
 * converged, PINT_MAX_EVALS when some stopped at a limit (none failed),
 * PINT_ERR_INTEGRAND when some failed; PINT_ERR_INVALID (or
 * PINT_ERR_NOMEM) with the reason in every results[i]->message when the
 * batch itself is bad (then nothing was integrated). */
PINT_API int pint_integrate_batch(size_t n, const pint_problem *problems,
                                  const pint_batch_options *bo,
                                  pint_result **results);

/* Called as each integral of a batch ends: i and its result, final. */
typedef void (*pint_batch_done)(size_t i, const pint_result *res,
                                void *arg);

/* pint_integrate_batch, and done(i, results[i], arg) on rank 0 of the
 * communicator (without MPI: the one process) as soon as integral i's
 * result is there, in the order the integrals end (done NULL: none), so
 * a caller can print each result at once and lose none when the batch
 * is killed later.  done runs between the steps of rank 0's own
 * integral: it should be quick and must not call MPI or pint.
 *
 * A stop request (problems[i].opt.stop, the same flag for every
 * integral) stops the integrals under way, which end with
 * PINT_INTERRUPTED and the estimate reached, and starts no other: those
 * get PINT_INTERRUPTED, no estimate (NaN) and the message "not started:
 * the batch was stopped" (and done is called for them too). */
PINT_API int pint_integrate_batch_notify(size_t n,
                                         const pint_problem *problems,
                                         const pint_batch_options *bo,
                                         pint_result **results,
                                         pint_batch_done done, void *arg);

/* "converged", "max-evals", "max-regions", "integrand-error",
 * "invalid-input", "out-of-memory", "time-limit", "interrupted",
 * "round-off", "unreliable". */
PINT_API const char *pint_status_name(int status);

/* 1 for the error statuses, PINT_ERR_INTEGRAND .. PINT_ERR_NOMEM, whose
 * value and error are NaN or, for an integrand that failed during the
 * run, the estimate reached before it (see pint_integrate); 0 for
 * convergence and limits. */
PINT_API int pint_status_is_error(int status);

/* Rule names as the command line spells them ("gm", "gk21", "simplex7");
 * pint_rule_from_name returns -1 for an unknown name. */
PINT_API const char *pint_rule_name(enum pint_rule rule);
PINT_API int pint_rule_from_name(const char *name);

/* Dimensions a rule accepts: *min_dim..*max_dim. */
PINT_API void pint_rule_dims(enum pint_rule rule, int *min_dim, int *max_dim);

/* "adaptive", "mc" or "qmc"; pint_method_from_name returns -1 when unknown. */
PINT_API const char *pint_method_name(enum pint_method method);
PINT_API int pint_method_from_name(const char *name);

/* Names as the command line spells them ("baker", "constant-row", "gss");
 * the from_name functions return -1 for an unknown name. */
PINT_API const char *pint_periodize_name(enum pint_periodize p);
PINT_API int pint_periodize_from_name(const char *name);
PINT_API const char *pint_qmc_units_name(enum pint_qmc_units u);
PINT_API int pint_qmc_units_from_name(const char *name);
PINT_API const char *pint_schedule_name(enum pint_schedule s);
PINT_API int pint_schedule_from_name(const char *name);
/* "max", "individual", "l2" (NULL for a value out of range). */
PINT_API const char *pint_norm_name(enum pint_norm n);
PINT_API int pint_norm_from_name(const char *name);
/* "auto", "rr", "tree" (NULL for a value out of range). */
PINT_API const char *pint_balance_name(enum pint_balance b);
PINT_API int pint_balance_from_name(const char *name);

PINT_API const char *pint_version(void);

#ifdef __cplusplus
}
#endif
#endif /* PINT_H */

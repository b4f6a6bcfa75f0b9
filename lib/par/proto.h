/* proto.h -- the one place that knows the MPI message tags and the wire
 * formats of the distributed adaptive integration (Cucos 2003, ch. 6.1).
 *
 * Roles.  Rank 0 is the controller; the workers are every rank (default:
 * the controller works too, between handling messages) or ranks 1..P-1
 * (--dedicated-controller).  Every rank, the controller included, talks
 * to the controller through messages, so one code path serves P = 1.
 *
 * Flow.
 *   worker -> controller  UPDATE   every update period, and when it goes
 *                                  idle: totals, counts, busy flag
 *   controller -> worker  CONTROL  the reply: CONTINUE, SEND (give
 *                                  regions to worker j) or STOP; carries
 *                                  the required accuracy share and an
 *                                  evaluation grant
 *   worker -> worker      REGIONS  evaluated regions as records (region.h,
 *                                  the one layout);
 *                                  exactly one message per SEND order
 *   worker -> controller  FAIL     the status (integrand error, NaN/Inf,
 *                                  out of memory), then one line as chars
 *   worker -> controller  FINAL    after STOP: exact totals and counts
 *                                  (a STOP that claims convergence: after
 *                                  the neighbours' check, neighbours.h;
 *                                  2-D to 5-D boxes under one
 *                                  controller: after BESIDE_UP, its boxes
 *                                  worth a probe, to the controller, and
 *                                  the check beside the others' boxes,
 *                                  which BESIDE brings)
 *   worker -> controller  VERIFY   after STOP in verify mode: every region
 *   worker -> controller  DUMP     after STOP with the dump flag: every
 *                                  region, for a checkpoint; the
 *                                  controller writes it, then RESUME
 *                                  (a periodic checkpoint) or END
 *   controller -> worker  CONTROL  LEND: an idle worker with no region to
 *                                  get helps this busy one's steps
 *   worker -> worker      POINTS, VALUES, DISMISS  the slices of a
 *                                  step, their values, the end of a
 *                                  lend (helpers.c)
 *   controller -> worker  CONTROL  RESUME when the exact final total still
 *                                  misses eps (the reports it stopped on
 *                                  were a few milliseconds old), else END
 *   controller -> worker  CONTROL  RECLAIM, once, when the budget turns
 *                                  tight (CTL_TIGHT): the worker answers
 *                                  with an UPDATE, an idle one giving its
 *                                  grant back
 *
 * The evaluation limit is spent.  Near it (the last quarter) an idle
 * worker holds no grant: it gives it back when it updates idle, when a
 * CONTROL carrying CTL_TIGHT finds it idle, and when RECLAIM asks; a
 * controller counts a worker asked and not yet answered as working, and
 * one sent a grant since its last UPDATE (it will step or answer), and
 * the top counts a group as working until it has heard GD_TIGHT and
 * reclaimed (GUP_TIGHT), so the run does not stop at the limit while
 * evaluations are on their way back.  An idle worker nobody fed would
 * otherwise hold its starting grant to the end (4 ranks in groups of 2
 * stopped at 144,613 of a limit of 200,000).  And the top stops at the
 * limit only on every group's answer to a PROBE sent after its last
 * grant: a report in flight may still carry evaluations back.
 *
 * Nothing is lost.  MPI keeps the order of messages from one sender to
 * one receiver, so a worker executes every SEND before it sees STOP.  STOP
 * tells each worker how many REGIONS messages were ordered towards it; it
 * receives all of them before it reports FINAL.  Regions in flight thus
 * end up in exactly one final heap.
 *
 * Everything travels as arrays of doubles (counts are exact in a double
 * up to 2^53).
 */
#ifndef PINT_PAR_PROTO_H
#define PINT_PAR_PROTO_H

#include <stddef.h>

enum pint_par_tag {
    PINT_TAG_UPDATE = 101,
    PINT_TAG_CONTROL = 102,
    PINT_TAG_REGIONS = 103,
    PINT_TAG_FAIL = 104,
    PINT_TAG_FINAL = 105,
    PINT_TAG_VERIFY = 106,
    PINT_TAG_DUMP = 107,        /* worker -> controller: every region, for
                                   a checkpoint (after STOP with CTL_DUMP) */
    PINT_TAG_RESUME = 108,      /* rank 0 -> worker, before the run: its
                                   share of a checkpoint's regions */
    /* QMC units on request (qmc_par.c) and Monte Carlo fixed-time units
     * (mc_par.c); see those files for the flow */
    PINT_TAG_QMC_RESULT = 111,  /* worker -> controller: piece sums, and
                                   the request for the next unit */
    PINT_TAG_QMC_UNIT = 112,    /* controller -> worker: a unit, or stop */
    PINT_TAG_UNIT_FAIL = 113,   /* worker -> controller: the failure line */
    PINT_TAG_MC_REPORT = 114,   /* worker -> controller: sums of a unit */
    PINT_TAG_MC_STOP = 115,     /* controller -> worker: stop sampling */
    PINT_TAG_QMC_IDLE = 116,    /* worker -> rank 0, after the units: its
                                   idle seconds */
    /* batches in groups (groups.c) */
    PINT_TAG_POINTS = 117,      /* owner -> helper: a slice of a step's
                                   points (helpers.c) */
    PINT_TAG_VALUES = 118,      /* helper -> owner: 0 and their values, or
                                   a status and one line as chars */
    PINT_TAG_DISMISS = 119,     /* owner -> helper, empty: no longer lent */
    PINT_TAG_BATCH_UP = 121,    /* group leader -> global controller:
                                   a result, or a request for work */
    PINT_TAG_BATCH_MSG = 122,   /* after a result: its message line */
    PINT_TAG_BATCH_WORK = 123,  /* global controller -> leader: integrals
                                   [first, first + count), count 0: done */
    /* the tree (--balance tree; controller.c) */
    PINT_TAG_GROUP_UP = 124,    /* group controller -> top: its sums */
    PINT_TAG_GROUP_DOWN = 125,  /* top -> group controller: an order */
    /* the neighbours' check across ranks, on a claim of convergence
     * (STOP with CTL_TARGET 2) */
    PINT_TAG_BESIDE_UP = 126,   /* worker -> controller: its count of
                                   boxes worth a probe, then at most
                                   PINT_BESIDE_MAX of them (centre,
                                   half-widths) */
    PINT_TAG_BESIDE = 127       /* controller -> worker: offsets[P + 1]
                                   (in boxes) of each worker's boxes,
                                   then the boxes */
};

/* BATCH_UP: header, then for a result value[m], error[m]. */
enum {
    BUP_KIND,           /* 0 request, 1 result */
    BUP_INDEX,          /* result: the integral */
    BUP_STATUS,
    BUP_EVALS,
    BUP_REGIONS,
    BUP_SECONDS,
    BUP_RESUMED,        /* evaluations of the checkpoint resumed from */
    BUP_CHECKPOINTS,    /* checkpoints written */
    BUP_HEADER
};

/* QMC_RESULT: header then the piece sums, m doubles per piece, then the
 * worker's sums of |g_k| over all its points so far (m doubles; the
 * floor of tolerance.h).  The first request and a failure: the header
 * only. */
enum {
    QRES_ROW,           /* -1: the first request, no result */
    QRES_U0,            /* the units [u0, u1) of the row */
    QRES_U1,
    QRES_STATUS,        /* 0, or the integrand error status */
    QRES_SECONDS,       /* time spent on the unit */
    QRES_ABS_N,         /* the points of the sums of |g| */
    QRES_HEADER
};

/* QMC_UNIT */
enum {
    QUNIT_ROW,          /* -1: stop */
    QUNIT_U0,
    QUNIT_U1,
    QUNIT_C,            /* units in the row */
    QUNIT_LEN
};

/* MC_REPORT: header then the worker's cumulative sum[m], sumsq[m] and
 * sum of |f| abssum[m] (of this run's points; tolerance.h, the floor). */
enum {
    MCR_KIND,           /* enum pint_mc_report */
    MCR_COUNT,          /* the worker's points so far */
    MCR_STATUS,         /* 0, or the integrand error status */
    MCR_IDLE,           /* FINAL: seconds the worker waited */
    MCR_HALT,           /* HALTED: the worker's halt status */
    MCR_HEADER
};

enum pint_mc_report {
    PINT_MCR_UNIT = 0,      /* a unit is done */
    PINT_MCR_EXHAUSTED = 1, /* a unit is done and the worker's share of
                               the evaluation limit is used up */
    PINT_MCR_FINAL = 2,     /* after MC_STOP: the last word */
    PINT_MCR_HALTED = 3     /* a unit ended early: the worker's time
                               limit passed or a stop was requested */
};

/* Boxes a worker sends for the check across ranks, at most. */
#define PINT_BESIDE_MAX 32768

enum pint_par_cmd {
    PINT_CMD_CONTINUE = 0,
    PINT_CMD_SEND = 1,
    PINT_CMD_STOP = 2,      /* report FINAL once the expected regions are in */
    PINT_CMD_RESUME = 3,    /* the exact final total missed eps: go on */
    PINT_CMD_END = 4,       /* the result stands: leave the loop once
                               CTL_EXPECT dismissals are in (helpers.c) */
    PINT_CMD_LEND = 5,      /* CTL_TARGET helps this worker's steps */
    PINT_CMD_RECLAIM = 6    /* near the limit: update now (an idle
                               worker gives its grant back) */
};

/* UPDATE: header then 12 blocks of ncomp doubles. */
enum {
    UPD_BUSY,           /* 1 busy, 0 idle */
    UPD_EVALS,          /* evaluations so far */
    UPD_REGIONS,        /* live regions */
    UPD_STARVED,        /* 1: out of evaluation grant */
    UPD_RECEIVED,       /* REGIONS messages received so far */
    UPD_HALT,           /* 1: this rank's stop flag is set */
    UPD_RETURNED,       /* evaluations of its grants given back so far
                           (CTL_TIGHT), so that the limit's tail goes to
                           the workers that can use it */
    UPD_DISMISSED,      /* times its owners dismissed it (helpers.c): it
                           is lent while the controller's lends exceed
                           this */
    UPD_HELPERS,        /* the helpers its steps are worth (0: none) */
    UPD_HEADER
};
/* followed by: value[m], error[m], sent value[m], sent error[m],
 * received value[m], received error[m] (cumulative, of transferred
 * regions: what is in flight is sent - received over all workers), and
 * absval[m], the sum of the worker's regions' absval (adapt.h; for the
 * floor of tolerance.h an estimate is enough: what is in flight is left
 * out, which can only delay the floor), then the compensations (sum.h)
 * of the four cumulative sums: sent value[m], sent error[m], received
 * value[m], received error[m].  The cumulative sums hold every region
 * ever moved, errors of 1e20 among them when a box of 1e10 was cut
 * early: rounded to one double each, sent - received (what is in
 * flight) was off by eps 1e20 = 2e4, the total's error with it, and the
 * controller stopped on a total that the exact one then missed, over
 * and over.  With the compensations the difference keeps its digits.
 * Last, frozen error[m]: the errors of the worker's regions too narrow to
 * split (adapt.h, pint_adapt_frozen), which no step can lower. */
enum { UPD_BLOCKS = 12 };
static inline size_t pint_update_len(int m)
{
    return UPD_HEADER + UPD_BLOCKS * (size_t)m;
}

/* CONTROL: header then the worker's share of each component's threshold
 * thr[m] (tolerance.h, pint_tolerance_thresholds: max, the share of eps
 * for every component; individual, of the component's tolerance; l2,
 * -1: none).  A worker goes idle when its errors meet its shares
 * (pint_tolerance_pass with CTL_EPS_SHARE and these): then the total
 * meets the test, whatever the norm. */
enum {
    CTL_CMD,            /* enum pint_par_cmd */
    CTL_EPS_SHARE,      /* the share of eps (l2: of the 2-norm bound) */
    CTL_TARGET,         /* SEND: the receiving worker's rank; LEND: the
                           helper's; STOP: 1 when it claims convergence
                           (it carries the shares, and the worker makes
                           the neighbours' check before FINAL); 2: the
                           same, and the check across ranks (BESIDE_UP,
                           BESIDE) */
    CTL_COUNT,          /* SEND: how many regions at most; STOP: 1 when
                           every region is to be sent (DUMP) */
    CTL_GRANT,          /* evaluations added to the worker's grant */
    CTL_EXPECT,         /* STOP: REGIONS messages ordered towards it;
                           END: times it was lent */
    CTL_TIGHT,          /* 1: the last quarter of the evaluation limit is
                           being granted: an idle worker gives its grant
                           back (UPD_RETURNED) */
    CTL_LEN             /* the header */
};
static inline size_t pint_control_len(int m) { return CTL_LEN + (size_t)m; }

/* The tree.  Workers send UPDATE to their group's controller (hosted by
 * the group's first worker), which answers with CONTROL as the one
 * controller does (transfers and helpers within the group, grants out of
 * what the top granted the group); FAIL, FINAL, VERIFY and DUMP go to
 * rank 0, the top, as before.  Each group reports its sums (GROUP_UP)
 * within an update period of any news, at once when its idle workers or
 * its flags change; the top decides the test, the limits and the stops
 * on them and hands down (GROUP_DOWN) the shares, grants, and the
 * largest error a group has to give.  An idle worker whose group's
 * busiest holds less than that (controller.c, LOCAL_SHARE) is promised
 * to the top, which has the group of the largest error (maybe its own)
 * feed it: COUNT to the idle one's group, FEED to the feeding one, both
 * before any STOP of the top (one sender, one tag: in order), so every
 * STOP a group forwards counts every REGIONS message ordered towards its
 * workers.  STOP, RESUME and END travel top -> group -> workers. */
#define PINT_PROMISE_MAX 8

/* GROUP_UP: header then value[m], its compensation[m], error[m], its
 * compensation[m] (sum.h: the top adds both) and absval[m]. */
enum {
    GUP_KIND,           /* 0 a report, 1 stopped: the last of the round */
    GUP_GROUP,
    GUP_REPORTED,       /* 1: every worker of it has reported once */
    GUP_CURRENT,        /* 1: ... since the last resume */
    GUP_WAITING,        /* 1: none of them can still work */
    GUP_STARVED,        /* 1: one waits for evaluations */
    GUP_BUSY,           /* workers computing (helpers of busy ones too) */
    GUP_ABOVE,          /* workers whose errors miss the shares */
    GUP_VERSION,        /* of the shares it holds (GD_VERSION) */
    GUP_REGIONS,
    GUP_EVALS,
    GUP_RETURNED,       /* evaluations of the top's grants given back */
    GUP_HALT,
    GUP_OWN,            /* the largest error (in the norm) that a busy
                           worker with 2 regions or more holds */
    GUP_GIVERS,         /* busy workers with 2 regions or more, not
                           ordered to send since their update */
    GUP_TRANSFERS,      /* cumulative counts: SEND orders, */
    GUP_LENDS,          /* helpers lent, */
    GUP_MESSAGES,       /* messages handled, */
    GUP_WAKES,          /* wakes of its idle workers */
    GUP_TIGHT,          /* 1: it heard the top's GD_TIGHT and asked its
                           idle workers for their grants (RECLAIM) */
    GUP_PROBE,          /* the number of the last PROBE it answered */
    GUP_NPROMISED,      /* idle workers promised to the top, then */
    GUP_PROMISED,       /* their numbers */
    GUP_HEADER = GUP_PROMISED + PINT_PROMISE_MAX
};
/* followed by value[m] and its compensation[m], error[m] and its
 * compensation[m], absval[m], frozen error[m] (UPDATE's, summed over the
 * group's workers) */
enum { GUP_BLOCKS = 6 };
static inline size_t pint_group_up_len(int m)
{
    return GUP_HEADER + GUP_BLOCKS * (size_t)m;
}

enum pint_group_cmd {
    PINT_GCMD_SHARES = 0,   /* new shares, a grant, the largest error */
    PINT_GCMD_WAKE = 1,     /* the same, and wake the idle above them */
    PINT_GCMD_FEED = 2,     /* have a worker send regions to GD_TARGET */
    PINT_GCMD_COUNT = 3,    /* a REGIONS message is ordered towards
                               GD_TARGET, a promised one */
    PINT_GCMD_RELEASE = 4,  /* GD_TARGET is not fed from outside */
    PINT_GCMD_STOP = 5,
    PINT_GCMD_RESUME = 6,
    PINT_GCMD_END = 7,
    PINT_GCMD_PROBE = 8     /* the top would stop at the evaluation limit:
                               report now (GD_TARGET: the probe's number,
                               GUP_PROBE in the answer) */
};

/* GROUP_DOWN: header then the shares: [0] of eps, [1 + k] of component
 * k's threshold (as CONTROL). */
enum {
    GD_CMD,             /* enum pint_group_cmd */
    GD_TARGET,          /* FEED, COUNT, RELEASE: a worker's number;
                           STOP: 1 when it claims convergence */
    GD_GRANT,           /* evaluations added to the group's budget */
    GD_TIGHT,           /* as CTL_TIGHT */
    GD_GMAX,            /* the largest error a group has to give */
    GD_DUMP,            /* STOP: every region is to be sent */
    GD_VERSION,         /* of the shares */
    GD_LEN
};
static inline size_t pint_group_down_len(int m) { return GD_LEN + 1 + (size_t)m; }

/* FINAL: header then value[m], error[m], absval[m] */
enum {
    FIN_EVALS,
    FIN_REGIONS,
    FIN_SPLITS,         /* subdivisions performed */
    FIN_TRANSFERS,      /* SEND orders executed */
    FIN_SENT_REGIONS,   /* regions given away */
    FIN_IDLE_SECONDS,
    FIN_VOLUME,         /* sum of region volumes (verify) */
    FIN_UNSENT,         /* 1: out of memory, some of its regions were
                           not sent (no audit, no checkpoint this round) */
    FIN_VERIFY_MSGS,    /* VERIFY messages sent before it */
    FIN_DUMP_MSGS,      /* DUMP messages sent before it */
    FIN_HELPED,         /* points it evaluated as a helper less those its
                           helpers evaluated for it (counted in its
                           engine's FIN_EVALS): the rank's own work is
                           the sum */
    FIN_HEADER
};
static inline size_t pint_final_len(int m) { return FIN_HEADER + 3 * (size_t)m; }

/* VERIFY and DUMP: every live region of a worker, as records (region.h), in
 * messages of at most PINT_CHUNK_REGIONS (the controller has room for
 * one); FINAL says how many came. */
#define PINT_CHUNK_REGIONS 4096

/* FAIL: the status, then one line (at most PINT_FAIL_CHARS chars, the
 * '\0' included) as chars in doubles. */
#define PINT_FAIL_CHARS 320
#define PINT_FAIL_LEN (1 + PINT_FAIL_CHARS / sizeof(double))

/* The result of an adaptive run, broadcast by rank 0 to every rank
 * (par.c): this header, then value[m], error[m], rank_evals[P] (as long
 * long), rank_idle[P], message and checkpoint_message, each in its own
 * broadcast so no buffer is needed. */
enum {
    RES_STATUS,
    RES_EVALS,
    RES_REGIONS,
    RES_TRANSFERS,
    RES_REGIONS_MOVED,
    RES_MESSAGES,       /* the controller's */
    RES_VERIFIED,
    RES_CHECKPOINTS,
    RES_REOPENED,
    RES_LENT,           /* helpers lent */
    RES_HEADER
};


#endif /* PINT_PAR_PROTO_H */

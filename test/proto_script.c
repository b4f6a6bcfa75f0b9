/* proto_script.c -- the controller of the distributed adaptive method
 * (lib/par/controller.c) against scripted workers (and, in "overdrawn",
 * a real worker against a scripted controller), run by test_mpi as
 * `mpirun -np 3 proto_script`: rank 0 runs the real controller
 * (dedicated), ranks 1 and 2 play workers by sending hand-made UPDATE and
 * FINAL messages (lib/par/proto.h).  So the states that a real run
 * reaches only by timing are forced here, every time:
 *
 * 0. A worker reports before the other has: it is busy and out of its
 *    starting grant, and gets no grant (a worker alone would spend the
 *    budget while its peer is descheduled).  The moment worker 2
 *    reports (busy, E = 1), worker 1 is granted evaluations, unasked.
 * 1. Every worker idle while the total misses the required accuracy.
 *    Worker 1 reports Q = 1, E = 4e-7, idle: within its share of
 *    er = 1e-6.  Then worker 2 reports Q = -0.999, E = 4e-7, idle: the
 *    total is now 1e-3, its accuracy 1e-9, and both are far above their
 *    new shares, yet nobody works.  The controller must wake worker 1
 *    (CONTINUE with the new, smaller share), not stop and not wait.
 * 2. The exact final totals miss the test the reports passed.  Both
 *    report E = 1e-10 (the first of these two reports finds everyone
 *    idle above the accuracy again and wakes the other; the second
 *    meets the test: STOP), but their FINALs say E = 4e-7 (work changed
 *    hands after the reports).  The controller must RESUME everyone, not
 *    END with a total above the accuracy, and decide nothing on the old
 *    reports: worker 2's report after the resume (E = 1e-10) must not
 *    stop the run on worker 1's report from before it.
 * Then worker 1 reports 4e-7 (CONTINUE), and 1e-10: STOP, both finish
 * with E = 1e-10: END, converged, and the result counts the three
 * reopenings (two wakes, one resume).
 *
 * With the argument "starved", a run near its evaluation limit instead
 * (4 budget < max_evals: an idle worker gives its grant back): worker 2
 * reports idle, then worker 1 busy with 10 regions and out of grant.
 * Worker 1 must be granted evaluations, not ordered to send its regions
 * to the idle worker 2, neither in the reply to its report nor in the
 * reply to worker 2's next idle report: regions passed on before anyone
 * could evaluate them went round the workers for ever.  Then both end
 * idle within the accuracy: STOP, END.
 *
 * With "returned", the budget empty at first (held by worker 2, which
 * is busy): worker 1 reports busy and out of grant and gets none; then
 * worker 2 turns idle and gives its grant back.  Worker 1 must then be
 * granted evaluations unasked (it waits without reporting): before, it
 * was only woken with nothing, and the run waited for ever.
 *
 * With "reclaim", the budget turns tight (the last quarter of the limit)
 * while worker 2 is idle and holds a grant nobody fed it to spend:
 * worker 2 must be asked for it (RECLAIM); worker 1 then reports starved
 * until the budget is spent, and the run must not stop at the limit
 * while worker 2's answer is outstanding; worker 2 answers, giving its
 * grant back, which must reach worker 1 unasked.
 *
 * With "inflight", one step left: worker 2 idle, worker 1 starved is
 * granted the last step.  Worker 2 then reports idle again (answering
 * its RECLAIM) before worker 1 has reported: the controller must not
 * stop at the limit on that report, counting worker 1 as waiting for
 * evaluations while its grant is on its way.
 *
 * With "compensation", errors in flight: worker 1 has sent regions of
 * error 1 (a running sum 1 and a compensation of 2e-6) that worker 2
 * has not reported yet, and its own error is 1e-7; worker 2 reports
 * having received an error of 1 but not the compensation.  The total
 * error is 2.1e-6, above the 1e-6 asked for: worker 1's report must not
 * stop the run (without the compensation the total would be 1e-7).
 * Worker 2 then reports the compensation received: the run converges.
 *
 * With "probe", rank 0 runs the top of the tree (--balance tree, groups
 * of one) and ranks 1 and 2 play group controllers with one worker
 * each, by hand-made GROUP_UP and FINAL messages; the budget is empty.
 * Group 1 reports idle and, told the budget is tight, says it has
 * reclaimed (GUP_TIGHT); group 0 reports starved.  Everyone waits and
 * the budget is below a step, but a group's report in flight may still
 * bring evaluations back: the top must send a PROBE, not STOP.  Group 0
 * answers (still starved), then group 1, giving 100 evaluations back;
 * they must reach group 0 (woken, it reports again) before any STOP.
 *
 * With "decline", no controller: rank 1 is a busy worker (the owner)
 * and rank 2 its helper (lib/par/helpers.c), both running the real
 * sharing code; rank 0 waits.  The owner shares two steps of 10 points
 * of f(x) = 1 + x1 + 2 x2 with the helper: the helper evaluates the
 * first step's slice, then declines the second's, as a helper in a step
 * of its own or stopping does.  Every value of both steps must be f's
 * (the declined slice evaluated by the owner, not left as it was), the
 * owner must count only the first slice as evaluated elsewhere, and the
 * declining helper must be dismissed (a helper left lent waits for
 * points that never come, and the run's END waits for its dismissal).
 *
 * With "overdrawn", the other direction: rank 0 plays the controller
 * by hand-made CONTROL messages, rank 1 is a real worker
 * (lib/par/worker.c) on one region of a peak, rank 2 waits.  The
 * worker's grant starts half a step below none, as the neighbours'
 * check's probes can overdraw it (a run on 2 ranks waited for ever at
 * its evaluation limit so).  Given a share it cannot meet, it reports
 * busy and starved; granted one step, it is still short of a step, and
 * must say so at once: the controller counts a granted worker as
 * working until it reports, and nothing else would make this one
 * report.  Granted another step, it makes exactly one and reports
 * starved again; STOP, its FINAL, END.
 *
 * A scripted rank that waits more than 20 s for its peer's reply
 * reports which step hung and ends the run; exit 0 when every check
 * passed, else 1 with one line per failed check on stderr.
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "par/par.h"
#include "par/proto.h"
#include "domain.h"
#include "region.h"
#include "rule.h"
#include "watch.h"

#define WAIT_SECONDS 20.0
#define TAG_GO 999              /* worker 1 -> worker 2: your turn */
#define TAG_GO0 998             /* the same, in state 0 */

static int failures;

static void check(int ok, int rank, const char *what)
{
    if (!ok) {
        fprintf(stderr, "proto_script rank %d: %s\n", rank, what);
        failures++;
    }
}

/* Wait for a message of tag from source, at most WAIT_SECONDS; a hang
 * ends the whole run with the step that hung. */
static void wait_for(int source, int tag, int rank, const char *step)
{
    double t0 = pint_watch_now();
    for (;;) {
        int flag = 0;
        MPI_Iprobe(source, tag, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
        if (flag)
            return;
        if (pint_watch_now() - t0 > WAIT_SECONDS) {
            fprintf(stderr, "proto_script rank %d: no reply in %.0f s: %s\n",
                    rank, WAIT_SECONDS, step);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        struct timespec ts = { 0, 1000000 };
        nanosleep(&ts, NULL);
    }
}

/* The other worker's go (tag) from source, received. */
static void await_go(int source, int tag, int rank, const char *step)
{
    int go;
    wait_for(source, tag, rank, step);
    MPI_Recv(&go, 1, MPI_INT, source, tag, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
}

/* The next CONTROL from the controller: its command, eps share, grant. */
static int control_grant(int rank, const char *step, double *share,
                         double *grant)
{
    double b[CTL_LEN + 1];
    wait_for(0, PINT_TAG_CONTROL, rank, step);
    MPI_Recv(b, CTL_LEN + 1, MPI_DOUBLE, 0, PINT_TAG_CONTROL,
             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (share)
        *share = b[CTL_EPS_SHARE];
    if (grant)
        *grant = b[CTL_GRANT];
    return (int)b[CTL_CMD];
}

static int control(int rank, const char *step, double *share)
{
    return control_grant(rank, step, share, NULL);
}

/* A worker's UPDATE with one component: value q, error e; busy, out of
 * grant (starved); the regions it holds, the evaluations of its grants
 * it gave back so far. */
static void update_full(double evals, double q, double e, int busy,
                        int starved, double regions, double returned)
{
    double u[UPD_HEADER + UPD_BLOCKS];     /* pint_update_len(1) */
    memset(u, 0, sizeof u);
    u[UPD_BUSY] = busy;
    u[UPD_STARVED] = starved;
    u[UPD_EVALS] = evals;
    u[UPD_REGIONS] = regions;
    u[UPD_RETURNED] = returned;
    u[UPD_HEADER + 0] = q;
    u[UPD_HEADER + 1] = e;
    u[UPD_HEADER + 6] = fabs(q);    /* absval */
    MPI_Send(u, (int)pint_update_len(1), MPI_DOUBLE, 0, PINT_TAG_UPDATE,
             MPI_COMM_WORLD);
}

static void update_state(double evals, double q, double e, int busy,
                         int starved)
{
    update_full(evals, q, e, busy, starved, 1, 0);
}

static void update_regions(double evals, double q, double e, int busy,
                           int starved, double regions)
{
    update_full(evals, q, e, busy, starved, regions, 0);
}

/* An idle worker's UPDATE with one component: value q, error e. */
static void update(double evals, double q, double e)
{
    update_state(evals, q, e, 0, 0);
}

static void final(double evals, double q, double e)
{
    double f[FIN_HEADER + 3];
    memset(f, 0, sizeof f);
    f[FIN_EVALS] = evals;
    f[FIN_REGIONS] = 1;
    f[FIN_HEADER + 0] = q;
    f[FIN_HEADER + 1] = e;
    f[FIN_HEADER + 2] = fabs(q);
    MPI_Send(f, (int)pint_final_len(1), MPI_DOUBLE, 0, PINT_TAG_FINAL,
             MPI_COMM_WORLD);
}

/* Replies until a command other than CONTINUE; returns it. */
static int until_not_continue(int rank, const char *step)
{
    int cmd;
    while ((cmd = control(rank, step, NULL)) == PINT_CMD_CONTINUE)
        ;
    return cmd;
}

static void worker(int rank)
{
    double q = rank == 1 ? 1.0 : -0.999, share = 0.0, grant = 0.0;
    int cmd, go = 1;
    /* state 0: no grant before every worker has reported */
    if (rank == 1) {
        update_state(50, 0.5, 1.0, 1, 1);
        cmd = control_grant(rank, "the reply to a lone starved worker",
                            NULL, &grant);
        check(cmd == PINT_CMD_CONTINUE && grant == 0.0, rank,
              "a worker was granted evaluations before every worker "
              "reported");
        MPI_Send(&go, 1, MPI_INT, 2, TAG_GO0, MPI_COMM_WORLD);
        cmd = control_grant(rank, "every worker has reported: the starved "
                            "one never granted", NULL, &grant);
        check(cmd == PINT_CMD_CONTINUE && grant > 0.0, rank,
              "the starved worker got no grant once every worker "
              "reported");
    } else {
        await_go(1, TAG_GO0, rank, "worker 1's go in state 0");
        update_state(50, 0.0, 1.0, 1, 0);
        cmd = control_grant(rank, "the reply to the last first report",
                            NULL, &grant);
        check(cmd == PINT_CMD_CONTINUE && grant > 0.0, rank,
              "a busy worker's report not answered with a grant");
    }
    /* state 1: all idle above the accuracy */
    if (rank == 2) {
        await_go(1, TAG_GO, rank, "worker 1's go");
    }
    update(100, q, 4e-7);
    cmd = control(rank, "the reply to the first update", &share);
    check(cmd == PINT_CMD_CONTINUE, rank,
          "the first update was not answered with CONTINUE");
    if (rank == 1) {
        MPI_Send(&go, 1, MPI_INT, 2, TAG_GO, MPI_COMM_WORLD);
        /* nothing more from worker 1: the controller must wake it */
        cmd = control(rank, "every worker idle above the accuracy: "
                      "worker 1 never woken", &share);
        check(cmd == PINT_CMD_CONTINUE, rank,
              "every worker idle above the accuracy: not woken with "
              "CONTINUE");
    }
    /* each of the 2 workers: half of er |Q| */
    double want = 0.5 * 1e-6 * fabs(1.0 - 0.999);
    check(fabs(share - want) <= 1e-12 * want, rank,
          "the share is not half the accuracy of the new total");
    /* state 2: the reports meet the test, the exact finals miss it */
    update(200, q, 1e-10);
    cmd = until_not_continue(rank, "the stop on reports that meet the test");
    check(cmd == PINT_CMD_STOP, rank, "no STOP on reports that meet the test");
    final(200, q, 4e-7);
    cmd = control(rank, "the finals miss the test: no RESUME", NULL);
    check(cmd == PINT_CMD_RESUME, rank,
          "the exact finals miss the test: not resumed");
    /* after the resume: worker 2 reports E = 1e-10 first; with worker
     * 1's old report (1e-10) that would meet the test, but worker 1 has
     * not reported since: no stop.  Worker 1 then reports 4e-7 and, when
     * answered, 1e-10. */
    if (rank == 2) {
        update(300, q, 1e-10);
        cmd = control(rank, "the reply to the first report after the resume",
                      NULL);
        check(cmd == PINT_CMD_CONTINUE, rank,
              "stopped on a report older than the resume");
        MPI_Send(&go, 1, MPI_INT, 1, TAG_GO, MPI_COMM_WORLD);
    } else {
        await_go(2, TAG_GO, rank, "worker 2's go");
        update(300, q, 4e-7);
        cmd = control(rank, "the reply to a report above the share", NULL);
        check(cmd == PINT_CMD_CONTINUE, rank,
              "a report above the share not answered with CONTINUE");
        update(400, q, 1e-10);
    }
    cmd = until_not_continue(rank, "the final stop");
    check(cmd == PINT_CMD_STOP, rank, "no final STOP");
    final(400, q, 1e-10);
    cmd = control(rank, "the END", NULL);
    check(cmd == PINT_CMD_END, rank, "no END after finals that meet the test");
}

/* Both within the accuracy: STOP, the FINAL (evals, q, e), END; `when`
 * names the state in the messages. */
static void end_run(int rank, double evals, double q, double e,
                    const char *when)
{
    char step[160];
    snprintf(step, sizeof step, "the stop %s", when);
    int cmd = until_not_continue(rank, step);
    snprintf(step, sizeof step, "no STOP %s", when);
    check(cmd == PINT_CMD_STOP, rank, step);
    final(evals, q, e);
    snprintf(step, sizeof step, "the END %s", when);
    cmd = control(rank, step, NULL);
    snprintf(step, sizeof step, "no END %s", when);
    check(cmd == PINT_CMD_END, rank, step);
}

/* Worker 2's opening: an idle report, answered with CONTINUE; then
 * worker 1's go. */
static void idle_opening(int rank)
{
    int go = 1;
    update_regions(100, 0.5, 1e-12, 0, 0, 1);
    int cmd = control(rank, "the reply to the idle worker's report", NULL);
    check(cmd == PINT_CMD_CONTINUE, rank,
          "the idle worker's report not answered with CONTINUE");
    MPI_Send(&go, 1, MPI_INT, 1, TAG_GO, MPI_COMM_WORLD);
}

/* The next order must be the RECLAIM of the idle worker. */
static void expect_reclaim(int rank)
{
    int cmd = control(rank, "the RECLAIM of the idle worker", NULL);
    check(cmd == PINT_CMD_RECLAIM, rank,
          "near the limit the idle worker was not asked for its grant");
}

/* A starved worker that no longer reports: the evaluations given back
 * must come unasked (a wake with nothing may come first); returns the
 * grant.  `what`: the failure. */
static double await_grant(int rank, const char *what)
{
    int cmd;
    double grant = 0.0;
    do
        cmd = control_grant(rank, "the grant given back never reached "
                            "the starved worker", NULL, &grant);
    while (cmd == PINT_CMD_CONTINUE && grant == 0.0);
    check(cmd == PINT_CMD_CONTINUE && grant > 0.0, rank, what);
    return grant;
}

/* Near the limit: a starved worker is granted, never told to send. */
static void worker_starved(int rank)
{
    int go = 1, cmd;
    double grant = 0.0;
    if (rank == 2) {
        update_regions(100, 0.5, 1e-12, 0, 0, 3);
        cmd = control(rank, "the reply to the idle worker's first report",
                      NULL);
        check(cmd == PINT_CMD_CONTINUE, rank,
              "the idle worker's first report not answered with CONTINUE");
        MPI_Send(&go, 1, MPI_INT, 1, TAG_GO, MPI_COMM_WORLD);
        /* worker 1 has reported busy and starved: idle again, the
         * controller must not have worker 1 feed this one.  Every worker
         * has reported near the limit: the idle one is asked for its
         * grant, and this report answers */
        await_go(1, TAG_GO, rank, "worker 1's go after its grant");
        expect_reclaim(rank);
        update_regions(100, 0.5, 1e-12, 0, 0, 3);
        cmd = control(rank, "the reply to the idle worker's second report",
                      NULL);
        check(cmd == PINT_CMD_CONTINUE, rank,
              "the idle worker's second report not answered with "
              "CONTINUE");
        MPI_Send(&go, 1, MPI_INT, 1, TAG_GO0, MPI_COMM_WORLD);
    } else {
        await_go(2, TAG_GO, rank, "worker 2's go");
        update_regions(100, 0.5, 1.0, 1, 1, 10);
        cmd = control_grant(rank, "the reply to the starved worker", NULL,
                            &grant);
        check(cmd == PINT_CMD_CONTINUE && grant > 0.0, rank,
              "a starved worker near the limit was not granted "
              "evaluations, or was told to send its regions");
        MPI_Send(&go, 1, MPI_INT, 2, TAG_GO, MPI_COMM_WORLD);
        await_go(2, TAG_GO0, rank, "worker 2's second reply");
        /* the controller sent any order to this one before it answered
         * worker 2: what waits here must not be an order to send */
        struct timespec ts = { 0, 50000000 };
        nanosleep(&ts, NULL);
        for (;;) {
            int flag = 0;
            MPI_Iprobe(0, PINT_TAG_CONTROL, MPI_COMM_WORLD, &flag,
                       MPI_STATUS_IGNORE);
            if (!flag)
                break;
            cmd = control(rank, "a waiting order", NULL);
            check(cmd != PINT_CMD_SEND, rank, "an idle worker's report had "
                  "the starved worker ordered to send its regions");
        }
        /* it evaluated its grant: done, within the accuracy */
        update_regions(200, 0.5, 1e-12, 0, 0, 12);
    }
    end_run(rank, rank == 1 ? 200 : 100, 0.5, 1e-12, "near the limit");
}

/* Near the limit, the budget held by an idle worker: given back, it
 * must reach the starved one. */
static void worker_returned(int rank)
{
    int go = 1, cmd;
    double grant = 0.0;
    if (rank == 2) {
        update_regions(100, 0.5, 1.0, 1, 0, 3);
        cmd = control(rank, "the reply to the busy worker's report", NULL);
        check(cmd == PINT_CMD_CONTINUE, rank,
              "a busy worker's report not answered with CONTINUE");
        MPI_Send(&go, 1, MPI_INT, 1, TAG_GO, MPI_COMM_WORLD);
        await_go(1, TAG_GO, rank, "worker 1's go after its empty reply");
        /* idle now, its grant given back */
        update_full(200, 0.5, 1e-12, 0, 0, 3, 100000);
    } else {
        await_go(2, TAG_GO, rank, "worker 2's go");
        update_regions(100, 0.5, 1.0, 1, 1, 10);
        cmd = control_grant(rank, "the reply to the starved worker", NULL,
                            &grant);
        check(cmd == PINT_CMD_CONTINUE && grant == 0.0, rank,
              "a starved worker was granted from an empty budget");
        MPI_Send(&go, 1, MPI_INT, 2, TAG_GO, MPI_COMM_WORLD);
        await_grant(rank, "the starved worker got no evaluations once "
                    "they were given back");
        update_regions(200, 0.5, 1e-12, 0, 0, 12);
    }
    end_run(rank, 200, 0.5, 1e-12, "after the grant given back");
}

/* The budget turns tight while worker 2 is idle, holding a grant
 * nobody fed it to spend: it must be asked for it (RECLAIM), and the
 * run must not stop at the limit while its answer is on its way. */
static void worker_reclaim(int rank)
{
    int go = 1, cmd;
    double grant = 0.0;
    if (rank == 2) {
        idle_opening(rank);
        expect_reclaim(rank);
        /* answered only once worker 1 has spent the budget */
        await_go(1, TAG_GO, rank, "worker 1's go once the budget is spent");
        update_full(100, 0.5, 1e-12, 0, 0, 1, 100000);
    } else {
        await_go(2, TAG_GO, rank, "worker 2's go");
        double evals = 100000;
        update_regions(evals, 0.5, 1.0, 1, 0, 1);
        cmd = control_grant(rank, "the reply to the busy worker", NULL,
                            &grant);
        check(cmd == PINT_CMD_CONTINUE && grant > 0.0, rank,
              "a busy worker's report not answered with a grant");
        /* starved until the budget is spent (halved a reply) */
        for (int k = 0; k < 30 && grant > 0.0; k++) {
            evals += grant;
            update_regions(evals, 0.5, 1.0, 1, 1, 1);
            cmd = control_grant(rank, "the reply to the starved worker",
                                NULL, &grant);
            check(cmd == PINT_CMD_CONTINUE, rank, "the run stopped at the "
                  "limit while the idle worker's grant was asked for");
            if (cmd != PINT_CMD_CONTINUE)
                MPI_Abort(MPI_COMM_WORLD, 1);
        }
        MPI_Send(&go, 1, MPI_INT, 2, TAG_GO, MPI_COMM_WORLD);
        evals += await_grant(rank, "the starved worker got no evaluations "
                             "once the idle one gave its grant back");
        update_regions(evals, 0.5, 1e-12, 0, 0, 12);
    }
    end_run(rank, 100, 0.5, 1e-12, "after the reclaim");
}

/* One step left: the grant of it is on its way to worker 1 when worker
 * 2 reports; no stop at the limit then. */
static void worker_inflight(int rank)
{
    int go = 1, cmd;
    double grant = 0.0;
    if (rank == 2) {
        idle_opening(rank);
        await_go(1, TAG_GO, rank, "worker 1's go after its grant");
        expect_reclaim(rank);
        update_regions(100, 0.5, 1e-12, 0, 0, 1);
        cmd = control(rank, "the reply to the RECLAIM's answer", NULL);
        check(cmd == PINT_CMD_CONTINUE, rank, "the run stopped at the limit "
              "with the last step's grant on its way");
        if (cmd != PINT_CMD_CONTINUE)
            MPI_Abort(MPI_COMM_WORLD, 1);
        MPI_Send(&go, 1, MPI_INT, 1, TAG_GO, MPI_COMM_WORLD);
    } else {
        await_go(2, TAG_GO, rank, "worker 2's go");
        update_regions(100, 0.5, 1.0, 1, 1, 1);
        cmd = control_grant(rank, "the grant of the last step", NULL,
                            &grant);
        check(cmd == PINT_CMD_CONTINUE && grant > 0.0, rank,
              "the starved worker was not granted the last step");
        MPI_Send(&go, 1, MPI_INT, 2, TAG_GO, MPI_COMM_WORLD);
        await_go(2, TAG_GO, rank, "worker 2's go after its answer");
        update_regions(100 + grant, 0.5, 1e-12, 0, 0, 1);
    }
    end_run(rank, 110, 0.5, 1e-12, "after the last step");
}

/* An UPDATE with errors sent and received (running sum, compensation):
 * value q, error e of its own. */
static void update_moved(double q, double e, int busy, double sent_s,
                         double sent_c, double recv_s, double recv_c)
{
    double u[UPD_HEADER + UPD_BLOCKS];     /* pint_update_len(1) */
    memset(u, 0, sizeof u);
    u[UPD_BUSY] = busy;
    u[UPD_EVALS] = 100;
    u[UPD_REGIONS] = 1;
    u[UPD_HEADER + 0] = q;
    u[UPD_HEADER + 1] = e;
    u[UPD_HEADER + 3] = sent_s;
    u[UPD_HEADER + 5] = recv_s;
    u[UPD_HEADER + 6] = fabs(q);
    u[UPD_HEADER + 8] = sent_c;
    u[UPD_HEADER + 10] = recv_c;
    MPI_Send(u, (int)pint_update_len(1), MPI_DOUBLE, 0, PINT_TAG_UPDATE,
             MPI_COMM_WORLD);
}

/* The total error counts the compensation of errors in flight. */
static void worker_compensation(int rank)
{
    int go = 1, cmd;
    if (rank == 2) {
        update_moved(0.5, 0.0, 0, 0.0, 0.0, 1.0, 0.0);
        cmd = control(rank, "the reply to the first report", NULL);
        check(cmd == PINT_CMD_CONTINUE, rank,
              "the first report not answered with CONTINUE");
        MPI_Send(&go, 1, MPI_INT, 1, TAG_GO, MPI_COMM_WORLD);
        await_go(1, TAG_GO, rank, "worker 1's go");
        update_moved(0.5, 1e-12, 0, 0.0, 0.0, 1.0, 2e-6);
    } else {
        await_go(2, TAG_GO, rank, "worker 2's go");
        update_moved(0.5, 1e-7, 1, 1.0, 2e-6, 0.0, 0.0);
        cmd = control(rank, "the reply to the busy worker", NULL);
        check(cmd == PINT_CMD_CONTINUE, rank, "stopped with a total error "
              "of 2.1e-6 above the 1e-6 asked for (the compensation of "
              "the errors in flight dropped)");
        if (cmd != PINT_CMD_CONTINUE)
            MPI_Abort(MPI_COMM_WORLD, 1);
        MPI_Send(&go, 1, MPI_INT, 2, TAG_GO, MPI_COMM_WORLD);
    }
    end_run(rank, 100, 0.5, 1e-12, "once the compensation is in");
}

static int up_kind;             /* GUP_KIND of a scripted group's reports */

/* A GROUP_UP of group g (one worker, one component): busy (and then
 * above its share), starved, GUP_TIGHT, the PROBE answered, evaluations
 * given back, its worker's evaluations, value and error. */
static void group_up(int g, int busy, int starved, int tight, int probe,
                     double returned, double evals, double q, double e)
{
    double r[GUP_HEADER + GUP_BLOCKS];     /* pint_group_up_len(1) */
    memset(r, 0, sizeof r);
    r[GUP_KIND] = up_kind;
    r[GUP_GROUP] = g;
    r[GUP_REPORTED] = r[GUP_CURRENT] = 1;
    r[GUP_WAITING] = !busy || starved;
    r[GUP_STARVED] = starved;
    r[GUP_BUSY] = busy;
    r[GUP_ABOVE] = busy;
    r[GUP_REGIONS] = 1;
    r[GUP_EVALS] = evals;
    r[GUP_RETURNED] = returned;
    r[GUP_TIGHT] = tight;
    r[GUP_PROBE] = probe;
    r[GUP_HEADER + 0] = q;
    r[GUP_HEADER + 2] = e;
    r[GUP_HEADER + 4] = fabs(q);
    MPI_Send(r, (int)pint_group_up_len(1), MPI_DOUBLE, 0, PINT_TAG_GROUP_UP,
             MPI_COMM_WORLD);
}

/* The top's next GROUP_DOWN: its command, GD_TIGHT, GD_GRANT. */
static int group_down(int rank, const char *step, int *tight, double *grant)
{
    double d[GD_LEN + 2];
    wait_for(0, PINT_TAG_GROUP_DOWN, rank, step);
    MPI_Recv(d, GD_LEN + 2, MPI_DOUBLE, 0, PINT_TAG_GROUP_DOWN,
             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (tight)
        *tight = d[GD_TIGHT] != 0.0;
    if (grant)
        *grant = d[GD_GRANT];
    return (int)d[GD_CMD];
}

/* Orders until cmd; a STOP before it is the failure `stopped`. */
static void group_until(int rank, int cmd, const char *step,
                        const char *stopped)
{
    int got;
    while ((got = group_down(rank, step, NULL, NULL)) != cmd) {
        check(got != PINT_GCMD_STOP, rank, stopped);
        if (got == PINT_GCMD_STOP)
            MPI_Abort(MPI_COMM_WORLD, 1);
    }
}

/* The group's stopped report, its worker's FINAL, then the END. */
static void group_end(int rank, double returned, double evals)
{
    group_until(rank, PINT_GCMD_STOP, "the group's STOP", "");
    up_kind = 1;
    group_up(rank - 1, 0, 0, 1, 1, returned, evals, 0.5, 1e-12);
    final(evals, 0.5, 1e-12);
    group_until(rank, PINT_GCMD_END, "the group's END", "");
}

/* The top of the tree at the limit: no STOP before every group has
 * answered a PROBE (group 1's answer brings evaluations back). */
static void group_probe(int rank)
{
    int go = 1, tight = 0, cmd;
    const char *stopped = "the top stopped at the limit before every group "
                          "answered its PROBE (evaluations were coming "
                          "back)";
    if (rank == 2) {
        group_up(1, 0, 0, 0, 0, 0, 100, 0.5, 1e-12);
        while (!tight)
            group_down(rank, "GD_TIGHT to the group", &tight, NULL);
        group_up(1, 0, 0, 1, 0, 0, 100, 0.5, 1e-12);   /* reclaimed */
        MPI_Send(&go, 1, MPI_INT, 1, TAG_GO, MPI_COMM_WORLD);
        await_go(1, TAG_GO, rank, "group 0's go after its answer");
        group_until(rank, PINT_GCMD_PROBE, "the PROBE to group 1", stopped);
        group_up(1, 0, 0, 1, 1, 100, 100, 0.5, 1e-12);  /* given back */
        group_end(rank, 100, 100);
        return;
    }
    await_go(2, TAG_GO, rank, "group 1's go");
    group_up(0, 1, 1, 1, 0, 0, 100, 0.5, 1.0);
    group_until(rank, PINT_GCMD_PROBE, "the PROBE to group 0", stopped);
    group_up(0, 1, 1, 1, 1, 0, 100, 0.5, 1.0);
    MPI_Send(&go, 1, MPI_INT, 2, TAG_GO, MPI_COMM_WORLD);
    /* woken, it reports again (as a group does), until the grant */
    double grant = 0.0;
    for (int k = 0; k < 100 && grant <= 0.0; k++) {
        cmd = group_down(rank, "the evaluations group 1 gave back never "
                         "reached group 0", NULL, &grant);
        check(cmd != PINT_GCMD_STOP, rank, stopped);
        if (cmd == PINT_GCMD_STOP)
            MPI_Abort(MPI_COMM_WORLD, 1);
        if (cmd == PINT_GCMD_WAKE && grant <= 0.0)
            group_up(0, 1, 1, 1, 1, 0, 100, 0.5, 1.0);
    }
    check(grant > 0.0, rank, "group 0 was never granted the evaluations "
          "group 1 gave back");
    group_up(0, 0, 0, 1, 1, 0, 110, 0.5, 1e-12);
    group_end(rank, 0, 110);
}

/* The context every role of a script shares: 3 ranks, workers from rank
 * 1 (nworkers of them), one component; the rest 0. */
static void script_ctx(pint_par_ctx *ctx, int rank, int nworkers)
{
    memset(ctx, 0, sizeof *ctx);
    ctx->comm = MPI_COMM_WORLD;
    ctx->rank = rank;
    ctx->size = 3;
    ctx->first_worker = 1;
    ctx->nworkers = nworkers;
    ctx->ncomp = 1;
}

/* ------------------------------------------------ a helper that declines */

#define DECLINE_POINTS 10

static int plane(int ndim, const double *x, int ncomp, double *f, void *ctx)
{
    (void)ndim;
    (void)ncomp;
    (void)ctx;
    f[0] = 1.0 + x[0] + 2.0 * x[1];
    return 0;
}

/* The context of a run on ranks 1 and 2 (workers), with no controller,
 * and this rank's sharing of steps for fn. */
static pint_par_helpers *decline_open(pint_par_ctx *ctx, int rank,
                                      const pint_function *fn)
{
    script_ctx(ctx, rank, 2);
    pint_par_outbox_init(&ctx->out);
    pint_par_helpers *h = pint_par_helpers_new(ctx, fn, NULL,
                                               DECLINE_POINTS);
    if (!h) {
        fprintf(stderr, "proto_script: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return h;
}

static void decline_close(pint_par_ctx *ctx, pint_par_helpers *h)
{
    pint_par_outbox_drain(&ctx->out);
    pint_par_helpers_free(h);
    pint_par_outbox_destroy(&ctx->out);
}

/* One step of the owner: the points of step s (distinct per step) into
 * x, shared, its own slice evaluated here; 1 when every value is f's. */
static int decline_step(pint_adapt_sharer *sh, int s)
{
    double x[2 * DECLINE_POINTS], f[DECLINE_POINTS];
    for (int p = 0; p < DECLINE_POINTS; p++) {
        x[2 * p] = (p + 0.5) / DECLINE_POINTS;
        x[2 * p + 1] = (s + 1.0) / 4.0;
        f[p] = NAN;             /* a value nobody wrote stays NaN */
    }
    size_t own = sh->begin(sh->arg, x, DECLINE_POINTS);
    check(own < DECLINE_POINTS, 1, "the owner kept the whole step");
    for (size_t p = 0; p < own; p++)
        plane(2, x + 2 * p, 1, f + p, NULL);
    char msg[PINT_FAIL_CHARS] = "";
    check(sh->finish(sh->arg, f, msg, sizeof msg) == 0, 1,
          "the shared step failed");
    int ok = 1;
    for (int p = 0; p < DECLINE_POINTS; p++)
        ok &= f[p] == 1.0 + x[2 * p] + 2.0 * x[2 * p + 1];
    return ok;
}

static void decline_owner(const pint_function *fn)
{
    pint_par_ctx ctx;
    pint_par_helpers *h = decline_open(&ctx, 1, fn);
    /* rank 2 lent from the start, a point costing a second: worth it */
    pint_par_helpers_start(h, 1, 1.0, DECLINE_POINTS);
    pint_adapt_sharer sh;
    pint_par_helpers_sharer(h, &sh);
    check(decline_step(&sh, 0), 1,
          "a value of the step the helper evaluated is not f's");
    check(pint_par_helpers_lent(h) == 1, 1,
          "the helper that answered was dismissed");
    long long given = -pint_par_helpers_net(h);
    check(given > 0 && given < DECLINE_POINTS, 1,
          "the helper's slice not counted as evaluated elsewhere");
    await_go(2, TAG_GO, 1, "the helper's turn to decline");
    check(decline_step(&sh, 1), 1,
          "a value of the declined slice is not f's");
    check(-pint_par_helpers_net(h) == given, 1,
          "the declined slice counted as evaluated by the helper");
    check(pint_par_helpers_lent(h) == 0, 1,
          "the helper that declined is still lent");
    decline_close(&ctx, h);
}

/* Serve (declining or not) until a dismissal comes or a slice has been
 * evaluated; a hang ends the run. */
static void decline_serve(pint_par_ctx *ctx, pint_par_helpers *h,
                          int decline, const char *step)
{
    long long d0 = pint_par_helpers_dismissed(h);
    long long n0 = pint_par_helpers_net(h);
    double t0 = pint_watch_now();
    while (pint_par_helpers_dismissed(h) == d0
           && pint_par_helpers_net(h) == n0) {
        pint_par_helpers_serve(h, decline);
        pint_par_outbox_progress(&ctx->out);
        if (pint_watch_now() - t0 > WAIT_SECONDS) {
            fprintf(stderr, "proto_script rank 2: nothing in %.0f s: %s\n",
                    WAIT_SECONDS, step);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        struct timespec ts = { 0, 100000 };
        nanosleep(&ts, NULL);
    }
}

static void decline_helper(const pint_function *fn)
{
    pint_par_ctx ctx;
    pint_par_helpers *h = decline_open(&ctx, 2, fn);
    decline_serve(&ctx, h, 0, "the first step's slice");
    long long helped = pint_par_helpers_net(h);
    int go = 1;
    MPI_Send(&go, 1, MPI_INT, 1, TAG_GO, MPI_COMM_WORLD);
    decline_serve(&ctx, h, 1, "the dismissal after declining");
    check(pint_par_helpers_dismissed(h) == 1, 2,
          "not dismissed once after declining");
    check(pint_par_helpers_net(h) == helped, 2,
          "the declined slice counted as evaluated");
    decline_close(&ctx, h);
}

/* ------------------------------------- a real worker, its grant overdrawn */

static int peak(int ndim, const double *x, int ncomp, double *f, void *ctx)
{
    (void)ndim;
    (void)ncomp;
    (void)ctx;
    double u = x[0] - 0.3, v = x[1] - 0.6;
    f[0] = 1.0 / (1e-2 + u * u + v * v);
    return 0;
}

/* The script's CONTROL to worker 1: cmd, share as the share of eps and
 * of the one component, grant, and CTL_TIGHT 1 (the last quarter of the
 * limit, as in the run that hung). */
static void overdrawn_control(int cmd, double share, double grant)
{
    double c[CTL_LEN + 1];
    memset(c, 0, sizeof c);
    c[CTL_CMD] = cmd;
    c[CTL_EPS_SHARE] = share;
    c[CTL_GRANT] = grant;
    c[CTL_TIGHT] = 1.0;
    c[CTL_LEN] = share;
    MPI_Send(c, (int)pint_control_len(1), MPI_DOUBLE, 1, PINT_TAG_CONTROL,
             MPI_COMM_WORLD);
}

/* Worker 1's next UPDATE: busy, starved, evaluations. */
static void overdrawn_update(const char *step, int *busy, int *starved,
                             double *evals)
{
    double u[UPD_HEADER + UPD_BLOCKS];     /* pint_update_len(1) */
    wait_for(1, PINT_TAG_UPDATE, 0, step);
    MPI_Recv(u, (int)pint_update_len(1), MPI_DOUBLE, 1, PINT_TAG_UPDATE,
             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    *busy = (int)u[UPD_BUSY];
    *starved = (int)u[UPD_STARVED];
    *evals = u[UPD_EVALS];
}

/* Rank 0: the script.  step: the worker's evaluations a step (sent by
 * it at the start). */
static void overdrawn_script(void)
{
    const double share = 1e-14;     /* never met: the worker stays busy */
    double step, evals, e0;
    int busy, starved;
    wait_for(1, TAG_GO, 0, "the worker's step size");
    MPI_Recv(&step, 1, MPI_DOUBLE, 1, TAG_GO, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    overdrawn_update("the worker's first report", &busy, &starved, &evals);
    check(!busy, 0, "the worker's first report, before any share, is busy");
    /* a share it cannot meet, no evaluations: busy and starved */
    overdrawn_control(PINT_CMD_CONTINUE, share, 0.0);
    overdrawn_update("the report of a busy worker with an overdrawn grant",
                     &busy, &starved, &e0);
    check(busy && starved, 0,
          "a worker with an overdrawn grant not reported busy and starved");
    /* one step granted: the grant still below a step */
    overdrawn_control(PINT_CMD_CONTINUE, share, step);
    overdrawn_update("a grant that leaves a busy worker starved is not "
                     "reported (the run would wait for ever at its limit)",
                     &busy, &starved, &evals);
    check(busy && starved && evals == e0, 0,
          "a grant short of a step: not reported busy and starved with "
          "no step made");
    /* another step: now one step is paid for, and made */
    overdrawn_control(PINT_CMD_CONTINUE, share, step);
    overdrawn_update("the report after the step the grants paid for",
                     &busy, &starved, &evals);
    check(busy && starved && evals == e0 + step, 0,
          "the two grants did not pay for exactly one step");
    overdrawn_control(PINT_CMD_STOP, 0.0, 0.0);
    double f[FIN_HEADER + 3];
    wait_for(1, PINT_TAG_FINAL, 0, "the FINAL after STOP");
    MPI_Recv(f, (int)pint_final_len(1), MPI_DOUBLE, 1, PINT_TAG_FINAL,
             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    check(f[FIN_EVALS] == e0 + step, 0,
          "the FINAL's evaluations are not the reports'");
    overdrawn_control(PINT_CMD_END, 0.0, 0.0);
}

/* Rank 1: the real worker (lib/par/worker.c) on one region of the unit
 * square, its starting grant overdrawn as the neighbours' check's probes
 * can leave it; polled and worked as a run does, until END. */
static void overdrawn_worker(void)
{
    pint_function fn = { 2, 1, peak, NULL, NULL };
    pint_options opt;
    pint_options_init(&opt);
    opt.threads = 1;
    opt.helpers = 0;
    opt.max_evals = 1000000;
    pint_watch watch;
    pint_watch_start(&watch, &opt, pint_watch_now());
    int status = 0;
    char msg[256];
    pint_rule_impl *rule = pint_rule_new(PINT_RULE_SYM9, 2, 1, &status, msg,
                                         sizeof msg);
    pint_adapt *a = rule ? pint_adapt_new(&fn, rule) : NULL;
    pint_par_ctx ctx;
    script_ctx(&ctx, 1, 1);
    ctx.lb_regions = 1;
    ctx.update_seconds = 1e9;       /* reports on changes of state */
    ctx.opt = &opt;
    ctx.watch = &watch;
    pint_par_helpers *h = NULL;
    pint_par_worker *w = NULL;
    double lo[2] = { 0, 0 }, hi[2] = { 1, 1 }, *geom = NULL, *vol = NULL;
    pint_domain dom = { PINT_DOMAIN_BOX, lo, hi, 0, NULL };
    if (a) {
        ctx.rec_len = pint_adapt_rec_len_for(rule, 1);
        ctx.step_evals = (long long)pint_adapt_step_evals(a);
        /* half a step short of none (in the run that hung: -818) */
        ctx.initial_grant = -ctx.step_evals / 2;
        h = pint_par_helpers_new(&ctx, &fn, NULL, pint_adapt_step_points(a));
    }
    if (h)
        w = pint_par_worker_new(&ctx, a, h);
    const char *why = !rule ? msg : !w ? "out of memory"
                      : pint_par_outbox_init(&ctx.out) != 0 ? "out of memory"
                      : pint_domain_regions(&dom, &fn, &opt, &geom, &vol) != 1
                      ? "not one region"
                      : pint_adapt_add(a, geom, vol[0]) != 0
                      ? pint_adapt_message(a) : NULL;
    if (why) {
        fprintf(stderr, "proto_script rank 1: the worker not set up: %s\n",
                why);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    pint_par_worker_start(w, 0, NULL);
    double step = (double)ctx.step_evals;
    MPI_Send(&step, 1, MPI_DOUBLE, 0, TAG_GO, MPI_COMM_WORLD);
    double t0 = pint_watch_now();
    while (!pint_par_worker_done(w)) {
        int did = pint_par_worker_poll(w);
        did |= pint_par_worker_work(w);
        pint_par_outbox_progress(&ctx.out);
        if (pint_watch_now() - t0 > 2 * WAIT_SECONDS) {
            fprintf(stderr, "proto_script rank 1: the worker never ended\n");
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        if (!did) {
            struct timespec ts = { 0, 100000 };
            nanosleep(&ts, NULL);
        }
    }
    pint_par_outbox_drain(&ctx.out);
    pint_par_worker_free(w);
    pint_par_helpers_free(h);
    pint_par_outbox_destroy(&ctx.out);
    pint_adapt_free(a);
    pint_rule_free(rule);
    free(geom);
    free(vol);
}

static void controller(int starved, int returned, int reclaim, int probe,
                       int inflight, int compensation)
{
    pint_options opt;
    pint_options_init(&opt);
    opt.epsrel = 1e-6;
    opt.epsabs = 0.0;
    pint_watch watch;
    pint_watch_start(&watch, &opt, pint_watch_now());
    pint_par_ctx ctx;
    script_ctx(&ctx, 0, 2);
    ctx.rec_len = pint_rec_len(1, 2);
    ctx.step_evals = 10;
    ctx.lb_regions = 1;
    ctx.budget = 1000000;
    if (starved) {              /* the last quarter of the limit */
        opt.max_evals = 1000000;
        ctx.budget = 200000;
        ctx.lb_regions = 4;
    }
    if (returned) {             /* all of it held by worker 2 */
        opt.max_evals = 1000000;
        ctx.budget = 0;
        ctx.lb_regions = 4;
    }
    if (compensation)           /* the budget whole: far from the limit */
        opt.max_evals = 1000000;
    if (inflight) {             /* one step left */
        opt.max_evals = 1000000;
        ctx.budget = 10;
    }
    if (probe) {                /* the tree, groups of one, budget spent */
        opt.max_evals = 1000000;
        ctx.budget = 0;
        ctx.gsize = 1;
    }
    if (reclaim) {              /* tight after worker 1's first grant */
        opt.max_evals = 1000000;
        ctx.budget = 260000;
        ctx.step_evals = 10000;
        ctx.lb_regions = 4;
    }
    ctx.opt = &opt;
    ctx.watch = &watch;
    pint_par_outbox_init(&ctx.out);
    pint_par_controller *c = pint_par_controller_new(&ctx, 1.0);
    if (!c) {
        fprintf(stderr, "proto_script: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    double t0 = pint_watch_now();
    while (!pint_par_controller_done(c)) {
        if (!pint_par_controller_poll(c)) {
            struct timespec ts = { 0, 100000 };
            nanosleep(&ts, NULL);
        }
        pint_par_outbox_progress(&ctx.out);
        if (pint_watch_now() - t0 > 2 * WAIT_SECONDS) {
            fprintf(stderr, "proto_script rank 0: the controller never "
                    "ended\n");
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
    pint_par_outbox_drain(&ctx.out);
    pint_result *res = pint_result_alloc(1);
    long long evals[3] = { 0, 0, 0 };
    double idle[3] = { 0, 0, 0 };
    pint_par_controller_result(c, res, evals, idle);
    check(res->status == PINT_CONVERGED, 0, "the run did not converge");
    if (starved || returned || reclaim || probe || inflight
        || compensation) {
        check(res->value[0] == 1.0, 0, "the total is not 1");
        check(res->transfers == 0, 0, "regions were moved");
    } else {
        check(fabs(res->value[0] - 1e-3) <= 1e-15, 0,
              "the total is not 1e-3");
        check(res->reopened == 3, 0,
              "the result does not count 3 reopenings");
    }
    pint_result_free(res);
    pint_par_controller_free(c);
    pint_par_outbox_destroy(&ctx.out);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 3) {
        if (rank == 0)
            fprintf(stderr, "proto_script: run it on 3 ranks\n");
        MPI_Finalize();
        return 2;
    }
    int starved = argc > 1 && strcmp(argv[1], "starved") == 0;
    int returned = argc > 1 && strcmp(argv[1], "returned") == 0;
    int reclaim = argc > 1 && strcmp(argv[1], "reclaim") == 0;
    int probe = argc > 1 && strcmp(argv[1], "probe") == 0;
    int inflight = argc > 1 && strcmp(argv[1], "inflight") == 0;
    int compensation = argc > 1 && strcmp(argv[1], "compensation") == 0;
    int decline = argc > 1 && strcmp(argv[1], "decline") == 0;
    int overdrawn = argc > 1 && strcmp(argv[1], "overdrawn") == 0;
    pint_function plane_fn = { 2, 1, plane, NULL, NULL };
    if (overdrawn) {
        if (rank == 0)
            overdrawn_script();
        else if (rank == 1)
            overdrawn_worker();
    } else if (decline) {
        if (rank == 1)
            decline_owner(&plane_fn);
        else if (rank == 2)
            decline_helper(&plane_fn);
    } else if (rank == 0)
        controller(starved, returned, reclaim, probe, inflight,
                   compensation);
    else if (compensation)
        worker_compensation(rank);
    else if (inflight)
        worker_inflight(rank);
    else if (reclaim)
        worker_reclaim(rank);
    else if (probe)
        group_probe(rank);
    else if (starved)
        worker_starved(rank);
    else if (returned)
        worker_returned(rank);
    else
        worker(rank);
    int all = 0;
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    return all ? 1 : 0;
}

/* test_mpi.c -- distributed integration, run as a user runs it:
 * mpirun --oversubscribe -np P pint ...  (P = 1..4 on any machine). */
#include <math.h>
#include <stdarg.h>
#include <time.h>
#include <unistd.h>
#include "run_pint.h"

/* genz1..genz6 at d = 3 and 6 on 1..4 ranks.  Smooth families: the
 * estimate covers the true error and meets the tolerance when converged.
 * C0 and discontinuous: sym9 claims honesty in at least 95% of the
 * instances (bench/RESULTS.md 7.1), and on several ranks the partition,
 * so the outcome, varies from run to run (genz6 d = 6 on 2 ranks: |Q -
 * I|/E 0.09, 0.14 or 1.27): every run within 3 E and the tolerance's 3
 * times, and at most 2 of their 16 runs (8 under the sanitizers)
 * dishonest.  genz1-5 use at most EVAL_FACTOR times the evaluations of
 * the one-rank run (workers refine regions a single
 * heap would not have reached yet, and stop at update boundaries).
 * genz6 is exempt: its cost depends on where the domain is first cut
 * (P pieces), not on the protocol -- the sequential engine started from
 * the same 4 pieces needs the same 10x on d = 6 (bench/RESULTS.md).
 * The bound depends on timing: a worker refines to the share it was
 * given until the controller's answer reaches it, so on a machine with
 * several times more busy processes than cores (the repeatability loop
 * with a mutation run and builds beside it) genz2 d = 6 on 4 ranks once
 * took 150,195 evaluations against 59,985 (59,055-82,305 in 8 runs beside
 * 3 busy loops).  A run over the bound is run once more, and the bound
 * holds for the second: a protocol that wastes work always fails it. */
#define EVAL_FACTOR 2.0
static void test_families(void)
{
    static const struct { int d; const char *er; } cases[] = {
        { 3, "1e-5" }, { 6, "1e-4" },
    };
#ifdef __SANITIZE_ADDRESS__
    /* the sanitizers look at memory, not accuracy: two of the four rank
     * counts (half of the sanitizer build's slowest case in CI) */
    static const int nps[] = { 1, 3 };
#else
    static const int nps[] = { 1, 2, 3, 4 };
#endif
    const int nnp = (int)(sizeof nps / sizeof *nps);
    int rough_runs = 0, rough_honest = 0;
    for (int c = 0; c < 2; c++)
        for (int f = 1; f <= 6; f++) {
            char name[8], dim[8];
            snprintf(name, sizeof name, "genz%d", f);
            snprintf(dim, sizeof dim, "%d", cases[c].d);
            double er = atof(cases[c].er), evals1 = 0;
            for (int i = 0; i < nnp; i++) {
                int np = nps[i];
                run_result r;
                run_mpi(&r, np, "--json", "-f", name, "-d", dim, "--er",
                        cases[c].er, "--max-evals", "3e6", NULL);
                double q = json_nth(r.out, "value", 0);
                double e = json_nth(r.out, "error", 0);
                double x = json_nth(r.out, "exact", 0);
                double ev = json_num(r.out, "evals");
                int converged = strstr(r.out, "\"converged\"") != NULL;
                CU_ASSERT(r.status == 0 || r.status == 1);
                CU_ASSERT_EQUAL(json_num(r.out, "ranks"), np);
                if (f <= 4) {
                    if (!(fabs(q - x) <= e))
                        fprintf(stderr, "\n  %s d=%s np=%d: |Q-I| %.3g > E %.3g\n",
                                name, dim, np, fabs(q - x), e);
                    CU_ASSERT(fabs(q - x) <= e);
                    if (converged) {
                        CU_ASSERT(e <= er * fabs(q));
                        CU_ASSERT(fabs(q - x) <= er * fabs(x));
                    }
                } else {
                    rough_runs++;
                    rough_honest += fabs(q - x) <= e;
                    if (!(fabs(q - x) <= e))
                        fprintf(stderr, "\n  %s d=%s np=%d: |Q-I| %.3g > E "
                                "%.3g (counted)\n", name, dim, np,
                                fabs(q - x), e);
                    CU_ASSERT(fabs(q - x) <= 3 * e);
                    if (converged)
                        CU_ASSERT(fabs(q - x) <= 3 * er * fabs(x));
                }
                if (np == 1)
                    evals1 = ev;
                else if (converged && f <= 5
                         && !(ev <= EVAL_FACTOR * evals1 + 1e4)) {
                    /* a timing bound: measured once more (below) */
                    fprintf(stderr, "\n  %s d=%s np=%d: evals %.0f vs %.0f on "
                            "one rank; again: ", name, dim, np, ev, evals1);
                    run_mpi(&r, np, "--json", "-f", name, "-d", dim, "--er",
                            cases[c].er, "--max-evals", "3e6", NULL);
                    ev = json_num(r.out, "evals");
                    converged = strstr(r.out, "\"converged\"") != NULL;
                    fprintf(stderr, "%.0f\n", ev);
                }
                if (np > 1 && converged && f <= 5)
                    CU_ASSERT(ev <= EVAL_FACTOR * evals1 + 1e4);
            }
        }
    CU_ASSERT_EQUAL(rough_runs, 4 * nnp);
    CU_ASSERT(rough_honest >= rough_runs - 2);
}

/* A box of 1e10 around a Gaussian: the first regions claim errors of
 * 1e20, which pass from rank to rank.  The running sums of what was sent
 * and received lost the in-flight error to rounding (eps 1e20), so the
 * controller stopped on totals the exact ones missed, resumed, and
 * stopped again: 1.9 million messages in 2 minutes without converging on
 * 3 ranks, where one rank converges in 55,000 evaluations.  Converged
 * now, honest, with a few hundred messages. */
static void test_huge_box_liveness(void)
{
    for (int np = 2; np <= 4; np++) {
        run_result r;
        run_mpi(&r, np, "--json", "-e", "exp(-x1^2-x2^2)", "--lo", "-1e10",
                "--hi", "1e10", "--time-limit", "60", NULL);
        double q = json_nth(r.out, "value", 0), e = json_nth(r.out, "error", 0);
        double pi = 3.14159265358979323846;
        if (r.status != 0 || !(json_num(r.out, "controller_messages") < 5000))
            fprintf(stderr, "\n  %d ranks: exit %d, %.0f messages\n", np,
                    r.status, json_num(r.out, "controller_messages"));
        CU_ASSERT_EQUAL(r.status, 0);
        PT_ASSERT_HONEST("exp(-x1^2-x2^2) on [-1e10, 1e10]^2", q, e, pi,
                         1e-6, r.status == 0);
        CU_ASSERT(json_num(r.out, "controller_messages") < 5000);
    }
}

/* The audit: every region counted once, volumes tile the domain, the
 * values sum to the result. */
static void test_verify(void)
{
    for (int np = 1; np <= 4; np++) {
        run_result r;
        run_mpi(&r, np, "--json", "--verify", "-f", "genz2", "-d", "4",
                "--er", "1e-6", "--lb-regions", "2", NULL);
        CU_ASSERT_EQUAL(r.status, 0);
        CU_ASSERT(strstr(r.out, "\"verified\": true") != NULL);
    }
    run_result r;
    char path[1024];
    snprintf(path, sizeof path, "%s/test/data/unit3.simplex",
             env_or_die("PINT_SRCDIR"));
    run_mpi(&r, 3, "--json", "--verify", "-f", "explin", "--simplex", path,
            "--er", "1e-10", NULL);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT(strstr(r.out, "\"verified\": true") != NULL);
    double q = json_nth(r.out, "value", 0), x = json_nth(r.out, "exact", 0);
    CU_ASSERT(fabs(q - x) <= 1e-10 * x);
    /* more regions than one message holds (4096 a message: proto.h,
     * PINT_CHUNK_REGIONS): each worker's come in several, all counted */
    run_mpi(&r, 2, "--json", "--verify", "-f", "genz1", "-d", "4", "--er",
            "1e-11", NULL);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT(json_num(r.out, "regions") > 3 * 4096);
    CU_ASSERT(strstr(r.out, "\"verified\": true") != NULL);
    q = json_nth(r.out, "value", 0);
    x = json_nth(r.out, "exact", 0);
    CU_ASSERT(fabs(q - x) <= json_nth(r.out, "error", 0));
}

/* The cooperative start (par/coop.c): the workers build the first levels
 * of the tree together, so every worker evaluates before the first step
 * -- each a slice of the root's 37 points and of the children's: with
 * the controller working, 4 workers evaluate 37 + 6 x 37 points, 64 or
 * 65 each -- and the per-rank counts add up to the total, the answer
 * honest.  genz3 at d = 2, er 1e-3 is a run of about 1,700 evaluations:
 * started from one region on rank 0 (before), rank 3 made none in 3 of 4
 * runs.  A dedicated controller takes no part: 3 workers, 37 + 4 x 37
 * points, at least 12 + 24.  Against a budget too small for it (an
 * eighth) the run starts from one region as before, the limit kept. */
static void test_cooperative_start(void)
{
    run_result r;
    run_mpi(&r, 4, "--json", "-f", "genz3", "-d", "2", "--er", "1e-3",
            "--threads", "1", NULL);
    CU_ASSERT_EQUAL(r.status, 0);
    double total = json_num(r.out, "evals"), sum = 0;
    for (int k = 0; k < 4; k++) {
        double ek = json_nth(r.out, "rank_evals", k);
        CU_ASSERT(ek >= 64);
        sum += ek;
    }
    CU_ASSERT_EQUAL(sum, total);
    CU_ASSERT(fabs(json_nth(r.out, "value", 0) - json_nth(r.out, "exact", 0))
              <= json_nth(r.out, "error", 0));
    run_mpi(&r, 4, "--json", "--dedicated-controller", "-f", "genz3", "-d",
            "2", "--er", "1e-3", "--threads", "1", NULL);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_EQUAL(json_nth(r.out, "rank_evals", 0), 0);
    for (int k = 1; k < 4; k++)
        CU_ASSERT(json_nth(r.out, "rank_evals", k) >= 36);
    run_mpi(&r, 4, "--json", "-f", "genz1", "-d", "2", "--er", "1e-12",
            "--max-evals", "2000", "--threads", "1", NULL);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT(json_num(r.out, "evals") <= 2000);
    /* with it, a small limit is still nearly spent: a starting grant
     * for every worker is at most half of the budget */
    run_mpi(&r, 4, "--json", "-f", "genz1", "-d", "2", "--er", "1e-12",
            "--max-evals", "2100", "--threads", "1", NULL);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT(json_num(r.out, "evals") <= 2100);
    CU_ASSERT(json_num(r.out, "evals") >= 2100 / 2);
}

/* Ranks x threads: 1 x 4, 2 x 2 and 4 x 1 (threads of a rank's worker
 * step up to 16 regions at once) give honest answers at the tolerance,
 * equal within their estimates, every region counted once; a limit is
 * kept with the threads' larger steps; mc and qmc on 2 x 2 equal 2 x 1
 * bit for bit. */
static void test_ranks_by_threads(void)
{
    static const struct { int np; const char *threads; } runs[] = {
        { 1, "4" }, { 2, "2" }, { 4, "1" },
    };
    double v[3], e[3];
    for (int i = 0; i < 3; i++) {
        run_result r;
        run_mpi(&r, runs[i].np, "--json", "--verify", "-f", "genz4", "-d",
                "4", "--er", "1e-8", "--threads", runs[i].threads,
                "--regions-per-step", "16", NULL);
        CU_ASSERT_EQUAL(r.status, 0);
        CU_ASSERT(strstr(r.out, "\"verified\": true") != NULL);
        v[i] = json_nth(r.out, "value", 0);
        e[i] = json_nth(r.out, "error", 0);
        double x = json_nth(r.out, "exact", 0);
        CU_ASSERT(fabs(v[i] - x) <= e[i]);
        CU_ASSERT(e[i] <= 1e-8 * fabs(v[i]));
    }
    for (int i = 1; i < 3; i++)
        CU_ASSERT(fabs(v[i] - v[0]) <= e[i] + e[0]);
    run_result r;
    run_mpi(&r, 2, "--json", "-f", "genz4", "-d", "4", "--er", "1e-14",
            "--threads", "2", "--max-evals", "300000", NULL);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT(json_num(r.out, "evals") <= 300000);
    /* mc and qmc: each rank's part is the same bit for bit on any number
     * of threads, so 2 x 2 equals 2 x 1 exactly (mc: the rounds' units
     * of one stream; qmc: the rows' units); Monte Carlo's error is a
     * standard error: within 3 E */
    static const char *const methods[] = { "mc", "qmc" };
    for (int i = 0; i < 2; i++) {
        run_result a, b;
        const char *f = i == 0 ? "genz2" : "genz1";
        const char *er = i == 0 ? "3e-3" : "1e-5";
        run_mpi(&a, 2, "--json", "--method", methods[i], "-f", f, "-d", "4",
                "--er", er, "--threads", "1", NULL);
        run_mpi(&b, 2, "--json", "--method", methods[i], "-f", f, "-d", "4",
                "--er", er, "--threads", "2", NULL);
        CU_ASSERT_EQUAL(a.status, 0);
        CU_ASSERT_EQUAL(b.status, 0);
        double va = json_nth(a.out, "value", 0);
        double vb = json_nth(b.out, "value", 0);
        double ea = json_nth(a.out, "error", 0);
        double eb = json_nth(b.out, "error", 0);
        double x = json_nth(a.out, "exact", 0);
        CU_ASSERT(memcmp(&va, &vb, sizeof va) == 0);
        CU_ASSERT(memcmp(&ea, &eb, sizeof ea) == 0);
        CU_ASSERT(fabs(va - x) <= (i == 0 ? 3 : 1) * ea);
        CU_ASSERT_EQUAL(json_num(a.out, "evals"), json_num(b.out, "evals"));
    }
}

/* Every region on several ranks is checked by the split that made it, as
 * on one rank.  When the box was cut into one piece per worker in
 * advance, genz6 (a jump across x1 and x2) at d = 10, seed 10, ended 10%
 * off on 3 and 4 ranks with an estimate of 3e-4: a piece whose points
 * all missed the jump claimed no error.  On the jump family sym9
 * promises honesty in 95% of the instances, and on several ranks the
 * partition at the limit varies from run to run with timing, so of these
 * 6 runs at most one may exceed E, and none 4 E.  Why not 3 E: seed 12
 * holds a region cut by the jump across x2 whose estimate is 3.4 times
 * low (x1 in [0.5, 0.5625], x2 in [0.875, 1]: off by 7.6e-4, error
 * 2.3e-4; no split can see it, its child repeats its parent's error).
 * One rank splits it as soon as it is the largest; on 3 or 4 loaded
 * ranks, whose steps of 10,000 points each number a few dozen, it was
 * left whole at the limit in 7 of 150 runs beside two busy processes
 * (|Q - I|/E 1.0 to 1.3, other errors then small), and once, beside two
 * test loops, the run ended 3.2 E off (|Q - I| 5.8e-3, E 1.8e-3).
 * Seeds 10 and 11: 100 loaded runs all within 0.4 E. */
static void test_honest_over_ranks(void)
{
    int runs = 0, honest = 0;
    for (int seed = 10; seed <= 12; seed++)
        for (int np = 3; np <= 4; np++) {
            run_result r;
            char s[8];
            snprintf(s, sizeof s, "%d", seed);
            run_mpi(&r, np, "--json", "-f", "genz6", "-d", "10", "--seed", s,
                    "--max-evals", "3e5", NULL);
            CU_ASSERT(r.status == 0 || r.status == 1);
            double q = json_nth(r.out, "value", 0);
            double x = json_nth(r.out, "exact", 0);
            double e = json_nth(r.out, "error", 0);
            runs++;
            honest += fabs(q - x) <= e;
            CU_ASSERT(fabs(q - x) <= 4 * e);
            if (!(fabs(q - x) <= e))
                fprintf(stderr, "\n  seed %d, %d ranks: |Q-I| %.3g > E %.3g\n",
                        seed, np, fabs(q - x), e);
            /* workers that start without a region hold no grant: before
             * that, 4 ranks stopped at 76,125 of the 300,000 */
            CU_ASSERT(json_num(r.out, "evals") > 0.5 * 3e5);
        }
    CU_ASSERT(honest >= runs - 1);
}

/* The run r converged, its first component within its error of the
 * exact value and that error within er of the value (what, which: the
 * run, printed when it is off). */
static void converged_honest(const run_result *r, double er,
                             const char *what, const char *which)
{
    double q = json_nth(r->out, "value", 0);
    double e = json_nth(r->out, "error", 0);
    if (!(fabs(q - json_nth(r->out, "exact", 0)) <= e))
        fprintf(stderr, "\n  %s %s:", what, which);
    expect_status(r, 0, "converged");
    expect_honest(r->out);
    CU_ASSERT(e <= er * fabs(q));
}

/* The neighbours' check on each worker (par/worker.c, neighbours.h):
 * genz4 at difficulty 3, d = 2, seed 4 ended "converged" without it, a
 * narrow peak's tail in a box 32 times wider beside it (the sequential
 * run's case is test_engine's; under mpirun one rank runs the worker's
 * path: 562 E off without the check, 0.16 E with it).  The check is
 * made when a worker goes idle on its share, and before its FINAL when
 * the controller claims convergence: a worker still busy on a share
 * older and tighter than the total needs never went idle, and the run
 * ended as without the check (once in the sanitizer loop on its own
 * timing, 563 E off; with updates every 2,500 and 20,000 evaluations,
 * always: 5,140 and 6.5e8 E off).  One rank here, so that only the
 * worker's own regions are checked; a wide box on another rank than
 * the peak's is the next case's. */
static void test_neighbours_on_workers(void)
{
    const char *period[] = { NULL, "2500", "20000" };
    for (int p = 0; p < 3; p++) {
        run_result r;
        if (period[p])
            run_mpi(&r, 1, "--json", "-f", "genz4", "-d", "2",
                    "--difficulty", "3", "--seed", "4", "--er", "1e-4",
                    "--update-evals", period[p], NULL);
        else
            run_mpi(&r, 1, "--json", "-f", "genz4", "-d", "2",
                    "--difficulty", "3", "--seed", "4", "--er", "1e-4",
                    NULL);
        converged_honest(&r, 1e-4, "update period",
                         period[p] ? period[p] : "(time)");
    }
}

/* Across ranks (BESIDE_UP, BESIDE: proto.h): the same instance on 2
 * ranks put the wide box and the peak's boxes on different ranks, and
 * each rank's own check saw nothing: 17.2 E off in 8 runs of 8 (niced
 * beside the two test loops) without the check across ranks, within
 * 0.16 E in 8 of 8 with it.  Three runs, as the partition is the
 * moment's. */
static void test_neighbours_across_ranks(void)
{
    for (int k = 0; k < 3; k++) {
        run_result r;
        run_mpi(&r, 2, "--json", "-f", "genz4", "-d", "2", "--difficulty",
                "3", "--seed", "4", "--er", "1e-4", "--threads", "1", NULL);
        char n[16];
        snprintf(n, sizeof n, "%d", k + 1);
        converged_honest(&r, 1e-4, "run", n);
    }
}

/* In three dimensions (the tree of boxes, neighbours.c): genz4 at
 * difficulty 3, seed 55, er 1e-3 ended "converged" 12.8 E off on one
 * rank and 18.2, 18.0 and 10.4 E off on 2, 3 and 4 ranks without the
 * check, a box 32 times wider than the peak's beside it (RESULTS 17.3). */
static void test_neighbours_3d(void)
{
    for (int np = 1; np <= 3; np++) {
        run_result r;
        run_mpi(&r, np, "--json", "-f", "genz4", "-d", "3", "--difficulty",
                "3", "--seed", "55", "--er", "1e-3", "--threads", "1", NULL);
        char n[16];
        snprintf(n, sizeof n, "%d", np);
        converged_honest(&r, 1e-3, "ranks", n);
    }
    /* in 5-D (RESULTS 17.4: seed 40 3.0 to 3.8 E off on 1 to 4 ranks
     * without the check) */
    run_result r;
    run_mpi(&r, 2, "--json", "-f", "genz4", "-d", "5", "--difficulty", "3",
            "--seed", "40", "--er", "1e-3", "--threads", "1", NULL);
    converged_honest(&r, 1e-3, "ranks", "2");
}

/* The corner peak sits at the origin, where the first worker starts:
 * the others have no work at first and must be fed by transfers.
 * "Busy most of the time" is measured by the work done: every evaluation
 * costs the same 20 us (slept, so the test does not depend on how the
 * operating system shares the two cores among five processes), so a
 * worker that did at least half of an even share of the evaluations was
 * busy at least half of the run.  (The idle seconds each worker reports
 * are printed when this fails, not asserted: on a loaded machine a
 * descheduled controller makes them swing, as CI showed.)  With
 * integrands of a few nanoseconds a transfer's latency outweighs the work
 * it carries (bench/RESULTS.md).  A dedicated controller keeps the
 * workers alike.  At 20 us a step of d = 4 (two children of 153 points)
 * is worth sharing: the idle workers are fed regions or lent as helpers
 * of the busy ones' steps, and each rank's evaluations count the points
 * it evaluated. */
static void test_corner_peak_balances(void)
{
    run_result r;
    run_mpi(&r, 5, "--json", "--dedicated-controller", "-f", "genz3", "-d",
            "4", "--er", "1e-4", "--cost-us", "20", NULL);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT(json_num(r.out, "transfers") + json_num(r.out, "helpers_lent")
              > 0);
    double total = json_num(r.out, "evals");
    double secs = json_num(r.out, "seconds");
    for (int k = 1; k <= 4; k++) {
        double ek = json_nth(r.out, "rank_evals", k);
        double idle = json_nth(r.out, "rank_idle_seconds", k);
        if (!(ek >= 0.5 * total / 4))
            fprintf(stderr, "\n  worker %d: %.0f of %.0f evaluations, idle "
                    "%.3f of %.3f s\n", k, ek, total, idle, secs);
        CU_ASSERT(ek >= 0.5 * total / 4);
    }
}

/* A costly integrand (each point sleeps 300 us: a step of d = 2, two
 * children of 37 points, takes 22 ms): workers left without a region
 * are lent to the busy ones and evaluate slices of their steps
 * (lib/par/helpers.c).  The estimate is ruled by the owner as ever:
 * honest, and every rank's evaluations, helpers' points included, add
 * up to the run's.  A peak's refinement stays narrow, so the first
 * worker keeps the root and its helpers from the start (coop.c) and
 * splits what one rank splits, in its order: the same evaluations and
 * the same value, bit for bit.  The same integral with a cheap
 * integrand lends no helper: its steps are not cut into messages; nor
 * does --no-helpers. */
static void test_helpers(void)
{
    run_result r, one;
    run_mpi(&one, 1, "--json", "-f", "genz2", "-d", "2", "--er", "1e-5",
            "--threads", "1", NULL);
    CU_ASSERT_EQUAL(one.status, 0);
    run_mpi(&r, 4, "--json", "-f", "genz2", "-d", "2", "--er", "1e-5",
            "--cost-us", "300", "--max-evals", "1e5", "--threads", "1",
            NULL);
    CU_ASSERT_EQUAL(r.status, 0);       /* 13,283 evaluations */
    CU_ASSERT(json_num(r.out, "helpers_lent") > 0);
    CU_ASSERT_EQUAL(json_num(r.out, "transfers"), 0);
    CU_ASSERT_EQUAL(json_num(r.out, "evals"), json_num(one.out, "evals"));
    CU_ASSERT_EQUAL(json_nth(r.out, "value", 0), json_nth(one.out, "value", 0));
    CU_ASSERT_EQUAL(json_nth(r.out, "error", 0), json_nth(one.out, "error", 0));
    double q = json_nth(r.out, "value", 0), x = json_nth(r.out, "exact", 0);
    double e = json_nth(r.out, "error", 0), sum = 0;
    if (!(fabs(q - x) <= e))
        fprintf(stderr, "\n  helpers: |Q-I| %.3g > E %.3g\n", fabs(q - x), e);
    CU_ASSERT(fabs(q - x) <= e);
    CU_ASSERT(e <= 1e-5 * fabs(q));
    for (int k = 0; k < 4; k++) {
        double ek = json_nth(r.out, "rank_evals", k);
        CU_ASSERT(ek > 0);
        sum += ek;
    }
    CU_ASSERT_EQUAL(sum, json_num(r.out, "evals"));
    /* 3 ranks x 2 threads: a helper evaluates its slices on its threads */
    run_mpi(&r, 3, "--json", "-f", "genz2", "-d", "2", "--er", "1e-5",
            "--cost-us", "300", "--threads", "2", "--regions-per-step", "4",
            "--max-evals", "1e5", NULL);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT(json_num(r.out, "helpers_lent") > 0);
    CU_ASSERT(fabs(json_nth(r.out, "value", 0) - x)
              <= json_nth(r.out, "error", 0));
    sum = 0;
    for (int k = 0; k < 3; k++)
        sum += json_nth(r.out, "rank_evals", k);
    CU_ASSERT_EQUAL(sum, json_num(r.out, "evals"));
    run_mpi(&r, 4, "--json", "-f", "genz2", "-d", "2", "--er", "1e-5", NULL);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_EQUAL(json_num(r.out, "helpers_lent"), 0);
    CU_ASSERT(fabs(json_nth(r.out, "value", 0) - x)
              <= json_nth(r.out, "error", 0));
    /* nor a cheap integrand some of whose calls take 10 ms, as a rank
     * descheduled on a loaded machine does (testplugin.c, hiccups: its
     * first call on the last rank, and every 400th on a rank): the
     * start's measure is the least of the ranks', and a step's measure
     * rises only as far as the step before was slow too */
    run_mpi(&r, 4, "--json", "--plugin", env_or_die("PINT_PLUGIN"), "-f",
            "hiccups", "-d", "2", "--er", "1e-8", "--threads", "1", NULL);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_EQUAL(json_num(r.out, "helpers_lent"), 0);
    double peak = pow(sqrt(M_PI / 50) * erf(sqrt(50.0) / 2), 2);
    CU_ASSERT(fabs(json_nth(r.out, "value", 0) - peak)
              <= json_nth(r.out, "error", 0));
    /* and none when asked for none */
    run_mpi(&r, 3, "--json", "-f", "genz2", "-d", "2", "--er", "1e-5",
            "--cost-us", "300", "--max-evals", "1e5", "--no-helpers", NULL);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_EQUAL(json_num(r.out, "helpers_lent"), 0);
    CU_ASSERT(fabs(json_nth(r.out, "value", 0) - x)
              <= json_nth(r.out, "error", 0));
}

/* An integrand failing on one rank ends the run on every rank, at once,
 * with one line naming the rank and the point.  (Rank 2 gets work from
 * the load balancer only: the peak needs many regions, at er 1e-8 as
 * test_tree's case, where the default 1e-6 once converged without rank
 * 2 under the sanitizers.) */
static void test_failure_on_one_rank(void)
{
    run_result r;
    double t0 = now();
    /* each point sleeps 20 us, so that rank 2 gets work before the run
     * could converge without it (test_tree's case once converged so,
     * beside five busy processes, without the sleep) */
    run_mpi(&r, 4, "--plugin", env_or_die("PINT_PLUGIN"), "-f",
            "fails_on_rank2_peak", "-d", "3", "--er", "1e-8", "--cost-us",
            "20", NULL);
    double dt = now() - t0;
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT(dt < 20.0);
    /* rank 2 failed on its own regions, or as a helper of another rank's
     * step (on a loaded machine a step of this cheap integrand can take
     * the millisecond that makes helpers worth lending): then the owner
     * reports it, saying where it ran */
    int own = strstr(r.err, "pint: error: rank 2: integrand returned error "
                            "code 9 at x = (") != NULL;
    int helped = strstr(r.err, ": integrand returned error code 9 at x = (")
                 && strstr(r.err, "(evaluated on rank 2, a helper)");
    if (!own && !helped)
        fprintf(stderr, "\n  stderr '%s'\n", r.err);
    CU_ASSERT(own || helped);
    CU_ASSERT(one_error_line(r.err, "pint: error: "));
    /* rank 2 failed on a region sent to it: the estimate reached is
     * reported, under the error status */
    CU_ASSERT(strstr(r.out, "status       integrand-error (the values are "
                            "the estimate reached before the error)\n")
              != NULL);
    /* 2 ranks, NaN from the 1500th call on a rank on: the estimate
     * reached is kept and honest (the run needs about 5000 evaluations,
     * shared about evenly since the ranks start together) */
    double g = sqrt(3.14159265358979323846 / 50.0) * erf(sqrt(50.0) / 2.0);
    setenv("NAN_LATER_CALLS", "1500", 1);
    run_mpi(&r, 2, "--json", "--plugin", env_or_die("PINT_PLUGIN"), "-f",
            "nan_later", "-d", "2", NULL);
    unsetenv("NAN_LATER_CALLS");
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT(one_error_line(r.err, "pint: error: "));
    double v = json_nth(r.out, "value", 0), e = json_nth(r.out, "error", 0);
    CU_ASSERT(e > 0 && fabs(v - g * g) <= e);
    run_mpi(&r, 3, "--plugin", env_or_die("PINT_PLUGIN"), "-f",
            "fails_in_corner", "-d", "2", NULL);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT(strstr(r.err, "error code 7") != NULL);
    run_mpi(&r, 4, "-f", "genz1", "-d", "2", "--er", "-1", NULL);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT(strstr(r.err, "pint: error: --er must be") != NULL);
    CU_ASSERT(one_error_line(r.err, "pint: error: "));
}

/* A dedicated controller computes nothing; the answer is the same. */
static void test_dedicated_controller(void)
{
    run_result r;
    run_mpi(&r, 3, "--json", "--dedicated-controller", "--verify", "-f",
            "genz4", "-d", "4", "--er", "1e-6", NULL);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_EQUAL(json_nth(r.out, "rank_evals", 0), 0);
    CU_ASSERT(json_nth(r.out, "rank_evals", 1) > 0);
    CU_ASSERT(json_nth(r.out, "rank_evals", 2) > 0);
    CU_ASSERT(strstr(r.out, "\"verified\": true") != NULL);
    double q = json_nth(r.out, "value", 0), x = json_nth(r.out, "exact", 0);
    CU_ASSERT(fabs(q - x) <= json_nth(r.out, "error", 0));
    run_mpi(&r, 1, "--dedicated-controller", "-f", "genz4", "-d", "4", NULL);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT(strstr(r.err, "at least 2 ranks") != NULL);
}

/* Run the test program named by environment variable `var` on np ranks;
 * it checks itself: exit 0, else what it said is shown. */
static void run_program_ok(const char *var, const char *np, char *arg)
{
    char *argv[] = { (char *)env_or_die("MPIRUN"), "--quiet",
                     "--oversubscribe", "-np", (char *)np,
                     (char *)env_or_die(var), arg, NULL };
    run_result r;
    CU_ASSERT_EQUAL_FATAL(spawn_capture(&r, argv), 0);
    if (r.status != 0)
        fprintf(stderr, "\n%s", r.err);
    CU_ASSERT_EQUAL(r.status, 0);
}

/* The C API on a communicator: two halves of the world integrate
 * different functions at once; every rank checks its result. */
static void test_c_api_communicators(void)
{
    run_program_ok("PINT_EMBED", "4", NULL);
}

/* Liveness in the states a real run reaches only by timing, forced by
 * scripted workers (test/proto_script.c): every worker idle while the
 * total misses the required accuracy (the controller wakes them), and
 * exact finals that miss the test the reports met (it resumes, and
 * decides nothing on the old reports); near the evaluation limit, a
 * worker busy and out of grant is granted, not told to pass its
 * regions on, a grant given back reaches a worker that waits for one,
 * and an idle worker's grant is asked for when the budget turns tight,
 * the run not stopping at the limit before it is back, nor while the
 * last step's grant is on its way; the total error counts the
 * compensation of errors in flight; in the tree, the top stops at the
 * limit only on every group's answer to a probe.  And a helper that
 * declines a slice of a busy worker's step: the owner evaluates it and
 * dismisses the helper.  And a real worker against a scripted
 * controller: a grant that leaves a busy worker (its grant overdrawn)
 * still starved is reported at once.  A hang there is reported by the
 * script within 20 s. */
static void test_protocol_reopens(void)
{
    run_program_ok("PINT_PROTO_SCRIPT", "3", NULL);
    run_program_ok("PINT_PROTO_SCRIPT", "3", "starved");
    run_program_ok("PINT_PROTO_SCRIPT", "3", "returned");
    run_program_ok("PINT_PROTO_SCRIPT", "3", "reclaim");
    run_program_ok("PINT_PROTO_SCRIPT", "3", "inflight");
    run_program_ok("PINT_PROTO_SCRIPT", "3", "compensation");
    run_program_ok("PINT_PROTO_SCRIPT", "3", "probe");
    run_program_ok("PINT_PROTO_SCRIPT", "3", "decline");
    run_program_ok("PINT_PROTO_SCRIPT", "3", "overdrawn");
}

/* Monte Carlo over ranks: the same answer for the same seed and rank
 * count, within 4 standard errors of the exact value, the counts adding
 * up; the same points on 1, 2 and 3 ranks (one stream by position): the
 * same evaluations, and the value and error but for the rounding of
 * sums added in other groups; a failure on one rank ends the run on all
 * with one line. */
static void test_mc_over_ranks(void)
{
    double q1 = 0, e1 = 0, n1 = 0;
    for (int np = 1; np <= 3; np++) {
        run_result a, b;
        run_mpi(&a, np, "--json", "--method", "mc", "-f", "genz4", "-d", "10",
                "--er", "3e-3", "--seed", "5", NULL);
        run_mpi(&b, np, "--json", "--method", "mc", "-f", "genz4", "-d", "10",
                "--er", "3e-3", "--seed", "5", NULL);
        CU_ASSERT_EQUAL(a.status, 0);
        CU_ASSERT(strstr(a.out, "\"method\": \"mc\"") != NULL);
        double qa = json_nth(a.out, "value", 0), qb = json_nth(b.out, "value", 0);
        CU_ASSERT_EQUAL(qa, qb);
        double x = json_nth(a.out, "exact", 0), e = json_nth(a.out, "error", 0);
        CU_ASSERT(fabs(qa - x) <= 4.0 * e);
        double sum = 0.0;
        for (int k = 0; k < np; k++)
            sum += json_nth(a.out, "rank_evals", k);
        CU_ASSERT_EQUAL(sum, json_num(a.out, "evals"));
        if (np == 1) {
            q1 = qa;
            e1 = e;
            n1 = json_num(a.out, "evals");
        }
        PT_ASSERT_REL(qa, q1, 1e-13);
        PT_ASSERT_REL(e, e1, 1e-9);
        CU_ASSERT_EQUAL(json_num(a.out, "evals"), n1);
    }
    run_result r;
    run_mpi(&r, 4, "--method", "mc", "--plugin", env_or_die("PINT_PLUGIN"),
            "-f", "fails_on_rank2", "-d", "3", NULL);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT(strstr(r.err, "pint: error: rank 2: integrand returned error "
                            "code 9") != NULL);
    CU_ASSERT(one_error_line(r.err, "pint: error: "));
}

/* QMC over ranks.  Row distribution: the one-rank answer up to rounding
 * on 1..4 ranks.  Single-cell: every piece is a whole cell, so the
 * answer is the one-rank answer bit for bit.  Constant-row with every
 * schedule: the same answer as row distribution up to rounding, and
 * the same bits when run again. */
static void test_qmc_over_ranks(void)
{
    static const char *common[] = { "--json", "--method", "qmc", "-f",
                                    "genz2", "-d", "10", "--er", "1e-6" };
    run_result r;
    run_mpi(&r, 1, common[0], common[1], common[2], common[3], common[4],
            common[5], common[6], common[7], common[8], NULL);
    CU_ASSERT_EQUAL_FATAL(r.status, 0);
    double q1 = json_nth(r.out, "value", 0), e1 = json_nth(r.out, "error", 0);
    double x = json_nth(r.out, "exact", 0), rows1 = json_num(r.out, "rows");
    CU_ASSERT(fabs(q1 - x) <= 3.0 * e1);
    for (int np = 2; np <= 4; np++) {
        run_mpi(&r, np, common[0], common[1], common[2], common[3], common[4],
                common[5], common[6], common[7], common[8], NULL);
        CU_ASSERT_EQUAL(r.status, 0);
        PT_ASSERT_REL(json_nth(r.out, "value", 0), q1, 1e-13);
        PT_ASSERT_REL(json_nth(r.out, "error", 0), e1, 1e-6);
        CU_ASSERT_EQUAL(json_num(r.out, "rows"), rows1);
        double sum = 0.0;
        for (int k = 0; k < np; k++)
            sum += json_nth(r.out, "rank_evals", k);
        CU_ASSERT_EQUAL(sum, json_num(r.out, "evals"));
    }
    run_mpi(&r, 4, common[0], common[1], common[2], common[3], common[4],
            common[5], common[6], common[7], common[8], "--qmc-units",
            "single-cell", NULL);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_EQUAL(json_nth(r.out, "value", 0), q1);
    CU_ASSERT_EQUAL(json_nth(r.out, "error", 0), e1);
    CU_ASSERT_EQUAL(json_nth(r.out, "rank_evals", 0), 0);
    static const char *scheds[] = { "ss", "gss", "fac", "af" };
    for (int i = 0; i < 4; i++) {
        run_result a, b;
        for (int t = 0; t < 2; t++)
            run_mpi(t ? &b : &a, 3, common[0], common[1], common[2], common[3],
                    common[4], common[5], common[6], common[7], common[8],
                    "--qmc-units", "constant-row", "--schedule", scheds[i],
                    NULL);
        CU_ASSERT_EQUAL(a.status, 0);
        CU_ASSERT(strstr(a.out, "\"qmc_units\": \"constant-row\"") != NULL);
        double qa = json_nth(a.out, "value", 0);
        CU_ASSERT_EQUAL(qa, json_nth(b.out, "value", 0));
        PT_ASSERT_REL(qa, q1, 1e-13);
        CU_ASSERT(json_num(a.out, "controller_messages") > 0);
    }
}

/* Rows and rounds shared by speed (lib/qmc_run.c, lib/mc_run.c): a
 * rank slowed by --cost-us gets a smaller share of the QMC rows and the
 * Monte Carlo rounds after the first, and the answer is the same bits
 * whoever is slow (the units are fixed, added in their order), on 2 and
 * 3 ranks.  The slow rank sleeps 100 us a point, the others compute for
 * a fraction of that: with 10 us, CI's loaded make check slowed the
 * computing ranks so much that the slow one's share (8,515 of 71,530
 * points on 3 ranks) came near the others'. */
static void test_shared_by_speed(void)
{
    static const char *const costs[][2] = {
        { "0", "0,100" }, { "0", "100,0" }, { "0", "0,0,100" } };
    static const int nps[] = { 2, 2, 3 };
    static const char *const methods[] = { "qmc", "mc" };
    for (int mi = 0; mi < 2; mi++)
        for (int c = 0; c < 3; c++) {
            run_result a, b;
            for (int k = 0; k < 2; k++)
                run_mpi(k ? &b : &a, nps[c], "--json", "--method",
                        methods[mi], "-f", "expprod", "-d", "10", "--er",
                        mi == 0 ? "1e-6" : "3e-3", "--cost-us", costs[c][k],
                        NULL);
            CU_ASSERT_EQUAL_FATAL(a.status, 0);
            CU_ASSERT_EQUAL_FATAL(b.status, 0);
            double qa = json_nth(a.out, "value", 0);
            CU_ASSERT_EQUAL(qa, json_nth(b.out, "value", 0));
            CU_ASSERT_EQUAL(json_nth(a.out, "error", 0),
                            json_nth(b.out, "error", 0));
            CU_ASSERT_EQUAL(json_num(a.out, "evals"),
                            json_num(b.out, "evals"));
            CU_ASSERT(fabs(qa - 1.0) <= 3.0 * json_nth(a.out, "error", 0));
            if (mi == 0)
                CU_ASSERT(json_num(b.out, "rows") >= 3);
            /* under half an even share (the first row or round is even;
             * later ones give it a quarter of an even share at the
             * least) */
            int slow = c == 1 ? 0 : nps[c] - 1;
            double es = json_nth(b.out, "rank_evals", slow);
            double even = json_num(b.out, "evals") / nps[c];
            if (!(es < even / 2))
                fprintf(stderr, "\n  %s by speed, --cost-us %s: slow rank "
                        "%g points, an even share %g\n", methods[mi],
                        costs[c][1], es, even);
            CU_ASSERT(es < even / 2);
        }
}

/* QMC failures and limits: one line naming the rank, on every mode; the
 * evaluation limit holds with units handed out ahead.  The failing runs
 * ask for 1e-14: fails_on_rank2 is x1, which the first row already meets
 * to 1e-6, so on request (single-cell, constant-row) the other workers
 * could finish before a rank 2 slow to start asks for its first unit --
 * the run is then right to converge (CI saw it once under the sanitizers);
 * at 1e-14 it goes on for seconds, and rank 2's first unit ends it. */
static void test_qmc_failures_and_limits(void)
{
    static const char *units[] = { "row", "single-cell", "constant-row" };
    for (int u = 0; u < 3; u++) {
        run_result r;
        run_mpi(&r, 4, "--method", "qmc", "--qmc-units", units[u], "--plugin",
                env_or_die("PINT_PLUGIN"), "-f", "fails_on_rank2", "-d", "3",
                "--er", "1e-14", NULL);
        CU_ASSERT_EQUAL(r.status, 2);
        if (!strstr(r.err, "pint: error: rank "))
            fprintf(stderr, "\n  %s: %s", units[u], r.err);
        CU_ASSERT(strstr(r.err, "pint: error: rank ") != NULL);
        CU_ASSERT(strstr(r.err, "integrand returned error code 9") != NULL);
        CU_ASSERT(one_error_line(r.err, "pint: error: "));
        /* nothing on stdout, or, when rank 2 was slow to start and a
         * row was done before its first unit (a loaded machine), the
         * report of that estimate under the error status */
        int report = strstr(r.out, "status       integrand-error (the "
                                   "values are the estimate reached before "
                                   "the error)\n") != NULL;
        if (r.out[0] && !report)
            fprintf(stderr, "\n  %s: stdout '%.600s'\n", units[u], r.out);
        CU_ASSERT(r.out[0] == '\0' || report);
        run_mpi(&r, 3, "--json", "--method", "qmc", "--qmc-units", units[u],
                "-f", "genz2", "-d", "5", "--er", "1e-12", "--max-evals",
                "300000", NULL);
        CU_ASSERT_EQUAL(r.status, 1);
        CU_ASSERT(json_num(r.out, "evals") <= 300000);
        CU_ASSERT(json_num(r.out, "rows") >= 3);
        double q = json_nth(r.out, "value", 0), x = json_nth(r.out, "exact", 0);
        CU_ASSERT(fabs(q - x) <= 3.0 * json_nth(r.out, "error", 0));
    }
}

/* Monte Carlo in fixed-time units: rank 0 only controls, the answer
 * covers the exact value, the counts add up; a tiny limit and a failing
 * worker end the run cleanly. */
static void test_mc_fixed_time(void)
{
    run_result r;
    run_mpi(&r, 4, "--json", "--method", "mc", "--unit-seconds", "0.005",
            "-f", "genz4", "-d", "10", "--er", "3e-3", NULL);
    CU_ASSERT_EQUAL(r.status, 0);
    double q = json_nth(r.out, "value", 0), x = json_nth(r.out, "exact", 0);
    CU_ASSERT(fabs(q - x) <= 4.0 * json_nth(r.out, "error", 0));
    CU_ASSERT(json_nth(r.out, "error", 0) <= 3e-3 * fabs(q));
    CU_ASSERT_EQUAL(json_nth(r.out, "rank_evals", 0), 0);
    double sum = 0.0;
    for (int k = 0; k < 4; k++)
        sum += json_nth(r.out, "rank_evals", k);
    CU_ASSERT_EQUAL(sum, json_num(r.out, "evals"));
    run_mpi(&r, 4, "--json", "--method", "mc", "--unit-seconds", "0.005",
            "-f", "genz4", "-d", "10", "--er", "1e-9", "--max-evals", "2",
            NULL);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT(json_num(r.out, "evals") <= 2);
    run_mpi(&r, 3, "--method", "mc", "--unit-seconds", "0.005", "--plugin",
            env_or_die("PINT_PLUGIN"), "-f", "fails_on_rank2", "-d", "3", NULL);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT(strstr(r.err, "pint: error: rank 2: integrand returned error "
                            "code 9") != NULL);
    CU_ASSERT(one_error_line(r.err, "pint: error: "));
}

/* Line k (0-based) of text into buf; 0 when there is none. */
static int nth_line(const char *text, int k, char *buf, size_t len)
{
    for (; k > 0 && text; k--) {
        text = strchr(text, '\n');
        if (text)
            text++;
    }
    if (!text || !*text)
        return 0;
    size_t n = strcspn(text, "\n");
    if (n >= len)
        n = len - 1;
    memcpy(buf, text, n);
    buf[n] = '\0';
    return 1;
}

/* 24 Genz instances on 4 ranks in 1, 2 and 4 groups (and chunks of the
 * GSS schedule): every result present, in input order, from a group that
 * exists, within its error estimate when converged; the same statuses
 * whatever the grouping. */
static void test_batch_groups(void)
{
    char path[1024], line[4096];
    snprintf(path, sizeof path, "%s/test/data/mixed24.list",
             env_or_die("PINT_SRCDIR"));
    static const char *groups[] = { "1", "2", "4" };
    char status[3][24][24];
    for (int gi = 0; gi < 3; gi++) {
        run_result r;
        run_mpi(&r, 4, "--json", "--batch", path, "--groups", groups[gi],
                "--schedule", gi == 2 ? "gss" : "ss", NULL);
        CU_ASSERT_EQUAL(r.status, 0);
        int g = atoi(groups[gi]);
        for (int k = 0; k < 24; k++) {
            status[gi][k][0] = '\0';
            CU_ASSERT_FATAL(nth_line(r.out, k, line, sizeof line));
            CU_ASSERT_EQUAL(json_num(line, "index"), k + 1);
            double q = json_nth(line, "value", 0), e = json_nth(line, "error", 0);
            double x = json_nth(line, "exact", 0), grp = json_num(line, "group");
            CU_ASSERT(grp >= 0 && grp < g);
            const char *st = strstr(line, "\"status\": \"");
            CU_ASSERT_FATAL(st != NULL);
            sscanf(st + 11, "%23[^\"]", status[gi][k]);
            if (strcmp(status[gi][k], "converged") == 0) {
                if (!(fabs(q - x) <= e))
                    fprintf(stderr, "\n  g=%d #%d: |Q-I| %.3g > E %.3g", g,
                            k + 1, fabs(q - x), e);
                CU_ASSERT(fabs(q - x) <= e);
            }
            if (gi > 0)
                CU_ASSERT_STRING_EQUAL(status[gi][k], status[0][k]);
        }
        CU_ASSERT_FATAL(nth_line(r.out, 24, line, sizeof line));
        CU_ASSERT(strstr(line, "\"summary\": true") != NULL);
        CU_ASSERT_EQUAL(json_num(line, "integrals"), 24);
        CU_ASSERT_EQUAL(json_num(line, "converged"), 24);
        CU_ASSERT_EQUAL(json_num(line, "groups"), g);
        CU_ASSERT(!nth_line(r.out, 25, line, sizeof line));
    }
}

/* A list with a failing integral in the middle: reported as failed with
 * its reason, the others complete, exit 2.  A malformed line: one error
 * line naming the file and line, exit 2, on every grouping. */
static void test_batch_failures(void)
{
    char dir[] = "/tmp/pint-batch-XXXXXX", path[1100], line[4096];
    CU_ASSERT_FATAL(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/list", dir);
    FILE *f = fopen(path, "w");
    CU_ASSERT_FATAL(f != NULL);
    fprintf(f, "genz1 3 er=1e-5\nfails_in_corner 2 plugin=%s\n"
            "genz2 3 er=1e-5  # after the failure\n", env_or_die("PINT_PLUGIN"));
    fclose(f);
    for (int g = 1; g <= 3; g += 2) {
        run_result r;
        char gs[8];
        snprintf(gs, sizeof gs, "%d", g);
        run_mpi(&r, 3, "--json", "--batch", path, "--groups", gs, NULL);
        CU_ASSERT_EQUAL(r.status, 2);
        CU_ASSERT_FATAL(nth_line(r.out, 1, line, sizeof line));
        CU_ASSERT(strstr(line, "\"status\": \"integrand-error\"") != NULL);
        CU_ASSERT(strstr(line, "error code 7") != NULL);
        for (int k = 0; k <= 2; k += 2) {
            CU_ASSERT_FATAL(nth_line(r.out, k, line, sizeof line));
            CU_ASSERT(strstr(line, "\"status\": \"converged\"") != NULL);
        }
        CU_ASSERT_FATAL(nth_line(r.out, 3, line, sizeof line));
        CU_ASSERT_EQUAL(json_num(line, "failed"), 1);
        CU_ASSERT_EQUAL(json_num(line, "converged"), 2);
    }
    f = fopen(path, "w");
    CU_ASSERT_FATAL(f != NULL);
    fprintf(f, "# ok\ngenz1 3\ngenz1 3 tol=1e-3\n");
    fclose(f);
    run_result r;
    run_mpi(&r, 4, "--batch", path, "--groups", "2", NULL);
    CU_ASSERT_EQUAL(r.status, 2);
    char want[1200];
    snprintf(want, sizeof want, "pint: error: %s:3: unknown key 'tol'", path);
    if (!strstr(r.err, want))
        fprintf(stderr, "\n  got: %s", r.err);
    CU_ASSERT(strstr(r.err, want) != NULL);
    CU_ASSERT(one_error_line(r.err, "pint: error: "));
    run_mpi(&r, 4, "--family", "genz1", "-d", "3", "--count", "4",
            "--groups", "5", NULL);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT(strstr(r.err, "pint: error: 5 groups") != NULL);
    remove(path);
    rmdir(dir);
}

/* The evaluation limit holds across ranks. */
static void test_eval_limit(void)
{
    for (int np = 1; np <= 4; np += 3) {
        run_result r;
        run_mpi(&r, np, "--json", "-f", "genz2", "-d", "5", "--er", "1e-9",
                "--max-evals", "200000", NULL);
        CU_ASSERT_EQUAL(r.status, 1);
        CU_ASSERT(strstr(r.out, "\"max-evals\"") != NULL);
        CU_ASSERT(json_num(r.out, "evals") <= 200000);
        CU_ASSERT(json_num(r.out, "evals") >= 150000);
    }
}

int main(void)
{
    CU_TestInfo tests[] = {
        { "genz1-6 at d = 3, 6 on 1..4 ranks", test_families },
        { "every region accounted for once", test_verify },
        { "ranks x threads: 1 x 4, 2 x 2, 4 x 1", test_ranks_by_threads },
        { "the cooperative start: every worker from the first step",
          test_cooperative_start },
        { "a box of 1e10: the protocol converges", test_huge_box_liveness },
        { "corner peak: transfers feed every worker", test_corner_peak_balances },
        { "a costly integrand: idle workers help busy ones' steps",
          test_helpers },
        { "honest estimates on 3 and 4 ranks", test_honest_over_ranks },
        { "the neighbours' check on a worker: a narrow 2-D peak",
          test_neighbours_on_workers },
        { "the neighbours' check across ranks: the peak's boxes on another "
          "rank", test_neighbours_across_ranks },
        { "the neighbours' check in 3-D on 1 to 3 ranks, in 5-D on 2",
          test_neighbours_3d },
        { "failure on one rank ends all, one line", test_failure_on_one_rank },
        { "dedicated controller", test_dedicated_controller },
        { "evaluation limit across ranks", test_eval_limit },
        { "C API on split communicators", test_c_api_communicators },
        { "the protocol stays live (scripted workers, controller)",
          test_protocol_reopens },
        { "Monte Carlo over ranks", test_mc_over_ranks },
        { "QMC over ranks: rows, cells, constant rows", test_qmc_over_ranks },
        { "QMC rows and MC rounds shared by speed: the same bits",
          test_shared_by_speed },
        { "QMC failures and limits", test_qmc_failures_and_limits },
        { "Monte Carlo in fixed-time units", test_mc_fixed_time },
        { "batch: 24 integrals in 1, 2, 4 groups", test_batch_groups },
        { "batch: a failing integral, a bad line", test_batch_failures },
        CU_TEST_INFO_NULL,
    };
    return pint_test_run("mpi", tests);
}

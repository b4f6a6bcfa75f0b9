#!/usr/bin/env python3
"""mutate.py -- deliberate bugs, one at a time: does the test suite catch
each of them?

    python3 test/mutate.py [--only ID,ID,...] [--timeout S] [--keep DIR]
    python3 test/mutate.py --stale     (only: does every edit still apply?)

Run from a git checkout of pint.  The working tree is copied once (git
archive of HEAD) into a scratch directory and built there out of tree;
then for every mutation of MUTATIONS below: the one edit is applied to
the scratch copy, the build is brought up to date (only what the edit
touches recompiles), and the suite runs -- first the tests named with
the mutation (quick), and when they all pass, the whole `make check`.
The mutation is caught when some test fails (a hang counts: every test
runs under test/run_timeout.sh, here with --timeout seconds, default
600).  The edit is then undone.  The table on standard output has one
row per mutation: its id, the file, what it breaks, caught or MISSED,
the first failing test, and the seconds it took.

Not part of `make check`: a full run rebuilds and reruns the quick
tests of a hundred mutations (3 hours or more on 2 cores).  Every mutation must be caught; a
missed one is a test to write.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

# (id, file, old text (must occur exactly once), new text, quick tests,
#  what it breaks)
MUTATIONS = [
    ("adapt-split-add", "lib/adapt.c",
     "        e1[k] += 0.25 * seen;\n        e2[k] += 0.25 * seen;",
     "        e1[k] += 0.0 * seen;\n        e2[k] += 0.0 * seen;",
     "test/test_engine test/test_everyday",
     "children ignore what the split measured"),
    ("adapt-cross-check", "lib/adapt.c",
     "        if (!(seen > pe[k]))\n            continue;",
     "        if (1)\n            continue;",
     "test/test_engine test/test_mpi",
     "the sibling cross-check disabled"),
    ("adapt-face-pull", "lib/adapt.c",
     "#define FACE_PULL 0.975", "#define FACE_PULL 1.0",
     "test/test_ranges test/test_everyday",
     "a non-finite face value is not moved inside"),
    ("adapt-share", "lib/adapt.c",
     "double left = fmin((1.0 - s) / s, a->rule->ndim - 1) * seen;",
     "double left = 0.0 * seen;",
     "test/test_everyday",
     "the error left on the other axes forgotten"),
    ("adapt-err-total", "lib/adapt.c",
     "pint_sum_add(&a->err_sum[k], sign * d[a->ncomp + k]);",
     "pint_sum_add(&a->err_sum[k], 0.5 * sign * d[a->ncomp + k]);",
     "test/test_engine",
     "the total error is half the regions' sum"),
    ("sym13-child-c2", "rules/symmetric.c",
     "#define SYM_C2_CHILD13 8.0", "#define SYM_C2_CHILD13 1.0",
     "test/test_sym",
     "degree 13: a split's children trusted as degree 9's are"),
    ("sym13-face-pair", "rules/symmetric.c",
     "t->face_pair = t->degree - 2 <= 2 * t->nfx + 1 ? 0 : 2;",
     "t->face_pair = 0;",
     "test/test_sym",
     "degree 13: the face check weighed against the top null pair, "
     "so every region takes the cautious branch"),
    ("gm-noise-floor", "rules/genz_malik.c",
     "#define GM_NOISE 50.0",
     "#define GM_NOISE 0.0",
     "test/test_gm",
     "Genz-Malik: an estimate of 0 on a polynomial it integrates but "
     "for rounding"),
    ("simplex-noise-floor", "rules/grundmann_moeller.c",
     "#define GM_FLOOR 2.0",
     "#define GM_FLOOR 0.0",
     "test/test_simplex",
     "simplex rules: an estimate below the rounding of an exact value"),
    ("resume-rule-auto", "lib/par/par.c",
     "id = pint_problem_resume_rule(fn, dom, opt, id, saved);",
     "(void)saved;",
     "test/test_checkpoint",
     "--rule auto refuses a checkpoint of another rule that applies"),
    ("fallback-none", "lib/adapt.c",
     "    return parent->alt && a->alt ? a->alt : a->rule;",
     "    return a->rule;",
     "test/test_sym test/test_engine",
     "sym13's regions next to a singularity stay on sym13"),
    ("fallback-flags-unpacked", "lib/region.c",
     "    rec[pint_rec_flags(m, geom_len)] = r->alt + 2 * r->mended;",
     "    rec[pint_rec_flags(m, geom_len)] = 0;",
     "test/test_sym",
     "a region moved as a record forgets its children's rule"),
    ("fallback-mend-parent", "lib/adapt.c",
     "|| (a->b.nparents && a->b.parent[c / 2]->mended)))",
     "|| 0))",
     "test/test_sym",
     "the sibling of a region on a singular face stays on sym13"),
    ("fallback-untrusted", "lib/adapt.c",
     "    reg->alt = a->alt && !(work[1] > 0.0);",
     "    reg->alt = 0;",
     "test/test_sym",
     "an estimate the rule did not trust keeps the children on sym13"),
    ("helper-nan-blame", "lib/par/helpers.c",
     "    s->blame = share_blame;",
     "    s->blame = NULL;",
     "test/test_faults",
     "a NaN in a helper's values is reported as the owner's own"),
    ("sym11-position", "rules/symmetric.c",
     "    static const double a[3] = { 0.325179998316206, 0.494778001345595,",
     "    static const double a[3] = { 0.325179998316206, 0.494778101345595,",
     "test/test_sym",
     "a position of the degree-11 rule off in its 7th digit (in the "
     "15th it is harmless: the moments hold to 1e-14)"),
    ("sym11-fallback-none", "rules/rule.c",
     "    return id == PINT_RULE_SYM13 || id == PINT_RULE_SYM11 ? PINT_RULE_SYM9",
     "    return id == PINT_RULE_SYM13 ? PINT_RULE_SYM9",
     "test/test_sym",
     "sym11 without sym9 beside singularities and kinks"),
    ("sym11-not-default", "lib/problem.c",
     "         : n == 3 ? PINT_RULE_SYM11 : PINT_RULE_SYM9;",
     "         : n == 3 ? PINT_RULE_SYM9 : PINT_RULE_SYM9;",
     "test/test_api",
     "the default rule at d = 3 is sym9"),
    ("narrow-never", "lib/adapt.c",
     "        return g[n + i] <= floor * fabs(g[i]);",
     "        return 0 && g[n + i] <= floor * fabs(g[i]);",
     "test/test_engine test/test_cli",
     "regions a few ulps wide are split on (and end wrong or in an error)"),
    ("narrow-nudge", "lib/adapt.c",
     "            if (xin[i] == x[i] && nudge)",
     "            if (0 && xin[i] == x[i] && nudge)",
     "test/test_cli",
     "a face point pulled back onto the face is not nudged inside"),
    ("narrow-mpi-ignored", "lib/par/controller.c",
     "    if (s->all_current && frozen_fail(c, q, e, a))",
     "    if (0 && s->all_current && frozen_fail(c, q, e, a))",
     "test/test_cli",
     "the controller ignores the errors of the regions too narrow to split"),
    ("heap-order", "lib/heap.c",
     "if (h->items[parent].key >= r->key)",
     "if (h->items[parent].key <= r->key)",
     "test/test_heap test/test_engine",
     "sift-up keeps the smaller key on top"),
    ("pool-wakeup", "lib/pool.c",
     "    if (p->sleepers > 0)",
     "    if (p->sleepers > 1)",
     "test/test_pool",
     "a job posted to one sleeping thread does not wake it"),
    ("mc-batch-stream", "lib/mc.c",
     "    pint_stream_seek(&s, (uint64_t)sl->pos * (uint64_t)n);",
     "    pint_stream_seek(&s, (uint64_t)(sl->pos + thread) * (uint64_t)n);",
     "test/test_api",
     "a Monte Carlo batch's points depend on the thread that draws them"),
    ("exit-guard-once", "drivers/supervise.c",
     "    while (registered < want && atexit(on_exit_during_run) == 0)",
     "    while (registered < 1 && atexit(on_exit_during_run) == 0)",
     "test/test_faults",
     "two threads calling exit() at once: the second ends the process "
     "with its own status"),
    ("coop-off", "lib/par/par.c",
     "    if (!opt->resume && p.nstart == 1 && ctx->nworkers >= 2\n",
     "    if (0 && !opt->resume && p.nstart == 1 && ctx->nworkers >= 2\n",
     "test/test_mpi",
     "the workers start from one region on the first worker again"),
    ("share-offset", "lib/adapt.c",
     "    size_t nloc = a->share.begin(a->share.arg, a->b.x, N);\n",
     "    size_t nloc = a->share.begin(a->share.arg, a->b.x, N);\n"
     "    nloc -= nloc > 1;\n",
     "test/test_engine",
     "a shared step leaves a point evaluated by nobody"),
    ("helper-values", "lib/par/helpers.c",
     "        memcpy(f + k0 * h->m, h->in + 1, (k1 - k0) * h->m * sizeof *f);",
     "        memcpy(f + k0 * h->m, h->in + 1 + h->m,"
     " (k1 - k0 - 1) * h->m * sizeof *f);",
     "test/test_mpi",
     "a helper's values land one point off"),
    ("helper-threads-offset", "lib/par/helpers.c",
     "                                   h->f + 1 + k0 * h->m, msg, sizeof msg,",
     "                                   h->f + 1, msg, sizeof msg,",
     "test/test_mpi",
     "a helper's threads all write their chunks' values to the first"),
    ("helper-no-dismiss", "lib/par/worker.c",
     "            pint_par_helpers_dismiss(w->h);     /* before FINAL: END",
     "            (void)0;     /* before FINAL: END",
     "test/test_mpi",
     "a stopping owner keeps its helpers: they wait at END for ever"),
    ("helper-decline-lost", "lib/par/helpers.c",
     "        h->declined[j] = 1;\n        return;",
     "        return;",
     "test/test_mpi test/test_faults",
     "a declined slice is never evaluated"),
    ("coop-no-helpers", "lib/par/coop.c",
     "    if (ok && ctx->opt->helpers)\n",
     "    if (0 && ok && ctx->opt->helpers)\n",
     "test/test_mpi",
     "a costly start splits the first levels by position, not by error"),
    ("coop-spp-most", "lib/par/coop.c",
     "        mine[1] = -(c->secs / (double)c->nslice / (double)threads);\n"
     "    MPI_Allreduce(mine, any, 2, MPI_DOUBLE, MPI_MAX, c->ctx->comm);\n"
     "    *spp = any[1] == -HUGE_VAL ? 0.0 : -any[1];",
     "        mine[1] = c->secs / (double)c->nslice / (double)threads;\n"
     "    MPI_Allreduce(mine, any, 2, MPI_DOUBLE, MPI_MAX, c->ctx->comm);\n"
     "    *spp = any[1] == -HUGE_VAL ? 0.0 : any[1];",
     "test/test_mpi",
     "the start's measure is the slowest rank's: one descheduled slice "
     "lends helpers to a cheap integrand"),
    ("helpers-rise-at-once", "lib/par/helpers.c",
     "        double both = spp < h->raw ? spp : h->raw;",
     "        double both = spp;",
     "test/test_mpi",
     "one slow step of a cheap integrand lends helpers"),
    ("tree-no-cross-feed", "lib/par/controller.c",
     "        if (b >= 0) {\n            c->gfed[b]++;",
     "        if (0) {\n            c->gfed[b]++;",
     "test/test_tree",
     "the top never feeds a group's idle workers from another group"),
    ("tree-feed-none-lost", "lib/par/controller.c",
     "        post(c, none, 0, c->ctx->first_worker + t, PINT_TAG_REGIONS);",
     "        (void)none;",
     "test/test_tree",
     "a group with no one to give never answers the top's FEED"),
    ("giving-kept", "lib/par/controller.c",
     "    v->giving = 0;\n",
     "",
     "test/test_tree test/test_mpi",
     "a worker ordered to send once is never a source again"),
    ("start-helpers-late", "lib/par/par.c",
     "        pint_par_helpers_start(p.h, start.helpers, start.spp,",
     "        pint_par_helpers_start(p.h, 0, start.spp,",
     "test/test_mpi",
     "the first worker's helpers from the start are never told to it"),
    ("grant-before-all", "lib/par/controller.c",
     "    if (c->reported < c->n)\n        return 0;\n",
     "",
     "test/test_mpi",
     "a worker is granted evaluations before every worker has reported"),
    ("sum-compensation", "lib/sum.h",
     "        a->c += (a->s - t) + x;\n    else",
     "        a->c += 0.0;\n    else",
     "test/test_engine test/test_norm",
     "compensated summation loses its compensation"),
    ("sym9-weights", "rules/symmetric.c",
     "            q9 += t->w[q] * s[q];",
     "            q9 += t->w[q] * s[q] * (1.0 + 1e-9);",
     "test/test_sym",
     "the degree-9 weights off by 1e-9"),
    ("sym9-root-c2", "rules/symmetric.c",
     "#define SYM_C2_ROOT 40.0", "#define SYM_C2_ROOT 1.0",
     "test/test_sym",
     "a region not yet split trusted like a child"),
    ("sym9-face-check", "rules/symmetric.c",
     "? t->face_band * vol * face_misfit(t, f, n, m, k) : 0.0;",
     "? 0.0 * face_misfit(t, f, n, m, k) : 0.0;",
     "test/test_sym test/test_engine",
     "the face check disabled"),
    ("sym9-noise-pairs", "rules/symmetric.c",
     "    if (e1 <= noise)\n        e1 = 0.0;\n    if (e2 <= noise)\n"
     "        e2 = 0.0;\n    if (e3 <= noise)\n        e3 = 0.0;\n"
     "    if (face <= noise)\n        face = 0.0;",
     "",
     "test/test_norm",
     "null pairs at the noise taken as measurements"),
    ("gk21-weight", "rules/gk_tables.c",
     "    1.16946388673718742780643960621920635e-02,",
     "    1.16946388673718742780643960621920635e-03,",
     "test/test_gk",
     "a Kronrod weight of gk21 wrong"),
    ("gm-value", "rules/grundmann_moeller.c",
     "        val[k] = vol * (q.hi + q.lo);",
     "        val[k] = vol * (q.hi + q.lo) * (1.0 + 1e-10);",
     "test/test_simplex",
     "the simplex rule's value off by 1e-10"),
    ("gm-split", "rules/grundmann_moeller.c",
     "    return GM_SPLIT_RATIO * d >= best_d ? lng : best;",
     "    return lng;",
     "test/test_simplex",
     "simplices always cut on the longest edge"),
    ("region-transfer", "lib/region.c",
     "    r->vol = rec[PINT_REC_VOL];", "    r->vol = 0.5 * rec[PINT_REC_VOL];",
     "test/test_mpi",
     "a region received from another rank gets half its volume"),
    ("ctl-shares", "lib/par/controller.c",
     "    c->shares[0] = eps / p;",
     "    c->shares[0] = eps;",
     "test/test_mpi test/test_cli",
     "each worker's share is the whole tolerance"),
    ("ctl-conclude", "lib/par/controller.c",
     "        if (!pint_tolerance_met(ctx->opt, q, e, a, m, 1.0)) {",
     "        if (0) {",
     "test/test_mpi",
     "the exact final totals are not checked"),
    ("ctl-wake", "lib/par/controller.c",
     "        if (j == i || within_share(c, uj))\n            continue;",
     "        if (1)\n            continue;",
     "test/test_mpi",
     "every worker idle above the accuracy: nobody woken"),
    ("ctl-current", "lib/par/controller.c",
     "    s->all_current = c->current == c->n;",
     "    s->all_current = c->reported == c->n;",
     "test/test_mpi",
     "after a resume, the test decided on reports from before it"),
    ("ctl-inflight", "lib/par/controller.c",
     "        pint_sum_add(se, b[8 * m + k]);",
     "",
     "test/test_mpi",
     "the compensation of the sent errors dropped"),
    ("mc-streams", "lib/mc_run.c",
     "timed ? (uint32_t)t->rank : PINT_MC_SHARED_STREAM);",
     "timed ? (uint32_t)0 : PINT_MC_SHARED_STREAM);",
     "test/test_mpi test/test_checkpoint",
     "every worker of fixed-time units draws Monte Carlo stream 0"),
    ("mc-unit-pos", "lib/mc.c",
     "        mc->slot[nb].pos = pos + bound[*u] + *at;",
     "        mc->slot[nb].pos = bound[*u] + *at;",
     "test/test_mc test/test_mpi",
     "every Monte Carlo round draws the points of the first"),
    ("mc-rounds-even", "lib/mc_run.c",
     "    pint_rounds_share(rate, t->size, units, s->mfirst);",
     "    pint_rounds_share(NULL, t->size, units, s->mfirst);",
     "test/test_mpi",
     "Monte Carlo rounds shared evenly: a slow rank holds up every round"),
    ("mc-error", "lib/mc.c",
     "        error[k] = vol * sqrt(fmax(var, 0.0) / (double)n);",
     "        error[k] = 0.1 * vol * sqrt(fmax(var, 0.0) / (double)n);",
     "test/test_mc",
     "the Monte Carlo standard error a tenth"),
    ("qmc-error", "lib/qmc.c",
     "        error[k] = sqrt(m2 / (nt * (nt - 1.0)));",
     "        error[k] = 0.1 * sqrt(m2 / (nt * (nt - 1.0)));",
     "test/test_qmc",
     "the QMC standard error a tenth"),
    ("sched-fac", "lib/schedule.c",
     "            s->batch_chunk = ceil_div(r, 2LL * s->p);",
     "            s->batch_chunk = ceil_div(r, s->p);",
     "test/test_sched",
     "factoring's batch takes all that remains"),
    ("sched-af-spread", "lib/schedule.c",
     "        *sg = ss > 0.0 ? sqrt(ss / (double)(st->nrep - 1)) : 0.0;",
     "        *sg = 0.0;",
     "test/test_sched",
     "AF ignores the spread of the timings"),
    ("ckpt-checksum", "lib/checkpoint.c",
     "    if (fnv(h, c->recs, body) != sum)",
     "    if (0 && fnv(h, c->recs, body) != sum)",
     "test/test_checkpoint",
     "a damaged checkpoint's checksum not checked"),
    ("map-jacobian", "lib/map.c",
     "    *jac = L * half_pi / (sn * sn);", "    *jac = L * half_pi / sn;",
     "test/test_ranges",
     "the Jacobian of the tangent map wrong"),
    ("extrap-wynn", "lib/extrap.c",
     "        next[j] = c + 1.0 / ss;", "        next[j] = c + 0.5 / ss;",
     "test/test_extrap",
     "Wynn's epsilon algorithm miscomputed"),
    ("floor-rho", "lib/tolerance.h",
     "#define PINT_FLOOR_RHO 1e-12", "#define PINT_FLOOR_RHO 1e-6",
     "test/test_norm",
     "an integral of 0 accepted far above the noise"),
    ("tolerance-test", "lib/tolerance.c",
     "        if (!(error[k] <= tol) || (absval && tol < DBL_EPSILON * absval[k]))",
     "        if (!(error[k] <= 10 * tol) || (absval && tol < DBL_EPSILON * absval[k]))",
     "test/test_engine test/test_api",
     "the tolerance test ten times too loose"),
    ("eval-nonfinite", "lib/eval.c",
     "        if (isfinite(f[j]))", "        if (1)",
     "test/test_engine test/test_cli",
     "NaN and Inf from the integrand accepted"),
    ("genz-sinc", "integrands/genz.c",
     "    return z == 0 ? 1 : sin(z) / z;", "    return z == 0 ? 1 : sin(z) / z * (1 + 1e-9);",
     "test/test_genz",
     "genz1's closed form off by 1e-9"),
    ("parse-inf", "drivers/parse.c",
     "        *out = *s == '-' ? -INFINITY : INFINITY;",
     "        *out = INFINITY;",
     "test/test_cli test/test_ranges",
     "--lo=-inf read as +inf"),
    ("watchdog-stop", "drivers/supervise.c",
     "        if (stop_at < 0 && stop && *stop)",
     "        if (0 && stop && *stop)",
     "test/test_faults",
     "Ctrl-C on a hung integrand waits for ever"),
    ("ckpt-warning", "drivers/pint.c",
     "            if (p.res->checkpoint_message[0])",
     "            if (0)",
     "test/test_faults",
     "a failed checkpoint goes unsaid on stderr"),
    ("failure-estimate", "lib/result.c",
     "        if (!isfinite(res->error[k]) || !isfinite(res->value[k]))\n"
     "            pint_no_estimate(res);",
     "        pint_no_estimate(res);",
     "test/test_engine",
     "an integrand failure loses the estimate reached"),
    ("exit-guard", "drivers/supervise.c",
     "    guard_rank = rank;\n}",
     "    guard_rank = -1;\n    (void)rank;\n}",
     "test/test_faults",
     "exit() from the integrand ends pint with its own status"),
    ("regular-file", "lib/regular_file.h",
     "    int fd = open(path, O_RDONLY | O_NONBLOCK);",
     "    int fd = open(path, O_RDONLY);",
     "test/test_faults",
     "a FIFO named as a checkpoint blocks open() for ever"),
    ("mc-unit-stop", "lib/par/mc_par.c",
     "        status = pint_mc_sample_watched(mc, n, watch);",
     "        status = pint_mc_sample(mc, n);\n        (void)watch;",
     "test/test_faults",
     "long Monte Carlo units ignore a stop request"),
    ("qmc-resume-met", "lib/qmc.c",
     "    return rows > 0 && pint_tolerance_met(opt, value, error, NULL, m, 1.0);",
     "    (void)opt; (void)value; (void)error; (void)m;\n    return rows < 0;",
     "test/test_checkpoint",
     "a converged QMC checkpoint resumed computes more rows"),
    ("mc-resume-rounds", "lib/mc_run.c",
     "        s->round = s->st->count;",
     "        s->round = s->count;",
     "test/test_checkpoint",
     "a resumed MC run tests at other numbers of points"),
    ("fail-status", "lib/par/controller.c",
     "                c->status = pint_status_is_error(why) || limit\n"
     "                            ? why : PINT_ERR_INTEGRAND;",
     "                c->status = PINT_ERR_INTEGRAND;",
     "test/test_faults",
     "every worker failure reads as an integrand error"),
    ("orphan-regions", "lib/adapt.c",
     "        pint_sum_add(&a->val_sum[k], v);",
     "        (void)v;",
     "test/test_engine",
     "a received region with no room is lost from the totals"),
    ("starved-gives", "lib/par/controller.c",
     "           && (u[UPD_STARVED] == 0.0 || !tight(c));",
     "           ;",
     "test/test_mpi",
     "a worker out of grant near the limit passes its regions on"),
    ("feed-returned", "lib/par/controller.c",
     "    if ((first && c->reported == c->n) || gave_back)",
     "    if (first && c->reported == c->n)",
     "test/test_mpi",
     "a grant given back never reaches a worker that waits for one"),
    ("reclaim-idle", "lib/par/controller.c",
     "    if (c->reclaimed || c->stopping || !tight(c) || c->reported < c->n)",
     "    if (1 || c->reclaimed)",
     "test/test_mpi",
     "an idle worker's grant is never asked for near the limit"),
    ("reclaim-wait", "lib/par/controller.c",
     "            || c->w[j].reclaiming || (c->w[j].granted && tight(c)))",
     "            || (c->w[j].granted && tight(c)))",
     "test/test_mpi",
     "the run stops at the limit while a reclaimed grant is on its way"),
    ("limit-probe", "lib/par/controller.c",
     "    int settling = status == PINT_MAX_EVALS && !limit_settled(c);",
     "    int settling = 0;",
     "test/test_mpi",
     "the top stops at the limit while a group's report brings evaluations back"),
    ("granted-waits", "lib/par/controller.c",
     "            || c->w[j].reclaiming || (c->w[j].granted && tight(c)))",
     "            || c->w[j].reclaiming)",
     "test/test_mpi",
     "near the limit a worker with a grant on its way counts as waiting"),
    ("plugin-bare-name", "integrands/plugin.c",
     "        && access(path, F_OK) == 0) {",
     "        && 0) {",
     "test/test_cli",
     "--plugin NAME.so ignores the file NAME.so in the current directory"),
    ("ckpt-names", "lib/checkpoint.c",
     "        if (hdr[H_VERSION] >= 5)\n            return refuse_part(",
     "        if (0)\n            return refuse_part(",
     "test/test_checkpoint",
     "a checkpoint of another problem refused without naming what differs"),
    ("plugin-shape", "integrands/plugin.c",
     "    if (p->ncomp && *ncomp && *ncomp != p->ncomp) {",
     "    if (0) {",
     "test/test_cli",
     "a plug-in's declared components (NAME_ncomp) not checked against --ncomp"),
    ("json-digits", "drivers/output.c",
     "    for (int p = 1; p <= 17; p++) {",
     "    for (int p = 17; p <= 17; p++) {",
     "test/test_cli",
     "JSON numbers in 17 digits (1e-6 as 9.9999999999999995e-07)"),
    ("cli-idle-options", "drivers/cli.c",
     "        if (!ok && given(cli, only[i].name)) {",
     "        if (0) {",
     "test/test_cli",
     "an option the method chosen ignores is silently accepted"),
    ("kept-recompute", "lib/adapt.c",
     "        a->val_sum[k] = a->kept_sum[k];",
     "        pint_sum_init(&a->val_sum[k]);",
     "test/test_engine",
     "a recompute of the totals forgets the records kept without room"),
    ("py-exception-lost", "python/pintegrate/_core.c",
     "            keep_exception(&b->exc);",
     "            PyErr_Clear();",
     "test/test_python.sh",
     "an exception the Python integrand raised is not raised again"),
    ("py-values-order", "python/pintegrate/__init__.py",
     "            out[...] = y.reshape(npts, ncomp)",
     "            out[...] = y.reshape(npts, ncomp)[::-1]",
     "test/test_python.sh",
     "a batch's values land on the points in reverse order"),
    ("py-sigint", "python/pintegrate/_core.c",
     "    if (s)\n        *s = 1;",
     "    (void)s;",
     "test/test_python.sh",
     "Ctrl-C during a run from Python does not stop it"),
    ("vegas-map-frozen", "lib/vegas.c",
     "    if (!(sum > 0) || !isfinite(sum)) {",
     "    if (1) {",
     "test/test_vegas",
     "the VEGAS map never adapts"),
    ("vegas-ninc-fixed", "lib/vegas.c",
     "    if (v->per_inc <= 0)",
     "    if (1)",
     "test/test_vegas",
     "the VEGAS map keeps 128 increments for iterations of any size"),
    ("vegas-variance", "lib/vegas.c",
     "            pint_sum_add(&s2, vh * vh * s / (double)v->npts[h]);",
     "            pint_sum_add(&s2, vh * vh * s / (double)v->npts[h] / 2);",
     "test/test_vegas",
     "an iteration's variance is half the true: errors too small by sqrt 2"),
    ("vegas-stream", "lib/vegas.c",
     "    pint_stream_seek(&s, (uint64_t)(v->base + p) * (uint64_t)n);",
     "    pint_stream_seek(&s, (uint64_t)p * (uint64_t)n);",
     "test/test_vegas",
     "every iteration draws the same random points"),
    ("vegas-resume-sigf", "lib/vegas.c",
     "        memcpy(v->sigf, sg, H * sizeof *sg);",
     "        (void)sg;",
     "test/test_vegas",
     "a resumed run forgets the strata weights"),
    ("vegas-component-weights", "lib/vegas_run.c",
     "        w[k] = s->opt->norm == PINT_NORM_INDIVIDUAL && m > 1 && size > 0",
     "        w[k] = 0 && size > 0",
     "test/test_vegas",
     "VEGAS weighs all components alike under the individual norm"),
    ("vegas-predict-none", "lib/vegas_run.c",
     "        s->next = predict_points(s, s->next, last, value, error, raw, var,\n                                 absval);",
     "        (void)last;",
     "test/test_vegas",
     "VEGAS's last iteration takes the schedule's points, not what the "
     "tolerance wants"),
    ("mc-idle", "lib/team.c",
     "    t->idle += pint_watch_now() - t0;",
     "    (void)t0;",
     "test/test_faults",
     "a rank waiting for the slowest in MC rounds is not idle"),
    ("layers-cycle", "lib/names.c",
     "int pint_status_is_error(int status)\n{\n",
     "int pint_rounds_run();\n"
     "int pint_status_is_error(int status)\n{\n"
     "    if (status == -99)\n        pint_rounds_run();\n",
     "test/test_layers.sh",
     "a leaf module calls an engine: a cycle of layers"),
    ("outbox-kept", "lib/par/outbox.c",
     "        *o->in_flight[i] = 0;",
     "        *o->in_flight[i] = 1;",
     "test/test_faults",
     "a kept buffer (FINAL, FAIL) never handed back"),
    ("team-failure", "lib/rounds.c",
     "        if (!failed && x[TAIL_STATUS] != 0.0)",
     "        if (!failed && m == r->t->rank && x[TAIL_STATUS] != 0.0)",
     "test/test_faults test/test_mpi",
     "a member's failure in a sampling step unseen by the others"),
    ("qmc-cut-pieces", "lib/qmc_run.c",
     "                                 s->pieces, s->mfirst, s->size, s->all,",
     "                                 NULL, s->mfirst, s->size, s->all,",
     "test/test_api test/test_checkpoint",
     "a QMC row cut short by a stop loses its pieces in the checkpoint"),
    ("options-size", "lib/options.c",
     "    memcpy(out, in, size);",
     "    memcpy(out, in, sizeof *out);",
     "test/test_api",
     "an older pint.h's options read past their end"),
    ("thread-extra", "lib/adapt.c",
     "    child_points(a, c);\n    a->b.extra[c] = 0;",
     "    child_points(a, c);",
     "test/test_engine",
     "on threads, a child's mended points counted from an older step"),
    ("step-share", "lib/adapt.c",
     "        if (i > 0 && pint_heap_top(&a->heap)->key\n                     < STEP_SHARE",
     "        if (i > 0 && pint_heap_top(&a->heap)->key\n                     < 0 *",
     "test/test_engine",
     "a step of k regions takes k whatever their errors"),
    ("step-limit", "lib/adapt.c",
     "    if (fit < (long long)k)",
     "    if (0 && fit < (long long)k)",
     "test/test_api test/test_mpi",
     "a step of k regions ignores the evaluations left"),
    ("alone-mpi", "drivers/pint_main.c",
     "    if (!launched()) {",
     "    if (0 && !launched()) {",
     "test/test_cli",
     "pint alone starts MPI after all (a second's wait, MPI's failures)"),
    ("chunk-pack", "lib/par/worker.c",
     "            pint_adapt_pack(w->a, at, k, buf);",
     "            pint_adapt_pack(w->a, 0, k, buf);",
     "test/test_mpi test/test_checkpoint",
     "every message of a worker's regions holds its first ones"),
    ("deal-share", "lib/par/par.c",
     "        p->nmine = total / P + ((size_t)me < total % P);",
     "        p->nmine = total / P;",
     "test/test_checkpoint",
     "a worker's share of a resumed checkpoint miscounted"),
    ("guard-values", "lib/eval.c",
     "        memcpy(f, r->f, npts * (size_t)r->fn.ncomp * sizeof *f);",
     "        memcpy(f, r->f, (npts - 1) * (size_t)r->fn.ncomp * sizeof *f);",
     "test/test_api",
     "a guarded call's last value is not copied back"),
    ("guard-never-abandons", "lib/eval.c",
     "        if (now >= g->deadline)\n            break;",
     "        if (now >= g->deadline + 1e9)\n            break;",
     "test/test_api",
     "a call that never returns is waited for past the time limit"),
    ("guard-first-call", "lib/eval.c",
     "    if (spp > 0.0 && spp * (double)npts < GUARD_MIN_SECONDS)",
     "    if (spp >= 0.0 && spp * (double)npts < GUARD_MIN_SECONDS)",
     "test/test_faults",
     "a run's first call is not guarded: a batch's integral that never "
     "returns hangs the batch"),
    ("batch-flush", "drivers/batch_run.c",
     "    if (p->next > from && !p->holding)\n        fflush(stdout);",
     "    if (p->next > from && !p->holding)\n        ;",
     "test/test_faults",
     "a batch's results wait in the buffer: a killed batch loses them"),
    ("batch-not-started", "lib/par/groups.c",
     "    if (!gc->halt)\n"
     "        gc->halt = pint_batch_halt(gc->n, gc->problems, gc->next);",
     "    if (0)\n"
     "        gc->halt = pint_batch_halt(gc->n, gc->problems, gc->next);",
     "test/test_faults",
     "a stopped batch goes on starting integrals under MPI"),
    ("batch-resume-ignored", "drivers/batch_run.c",
     "    if (b->resume[i] && access(b->resume[i], F_OK) == 0)",
     "    if (0 && b->resume[i] && access(b->resume[i], F_OK) == 0)",
     "test/test_faults",
     "a resumed batch starts every integral again"),
    ("rows-even", "lib/qmc_run.c",
     "    pint_rounds_share(rate, t->size, units, s->mfirst);",
     "    pint_rounds_share(NULL, t->size, units, s->mfirst);",
     "test/test_mpi",
     "QMC rows shared evenly: a slow rank holds up every row"),
    ("end-time-ignored", "lib/watch.c",
     "    if (opt->end_time > 0 && isfinite(opt->end_time)) {",
     "    if (0) {",
     "test/test_api",
     "a run goes on past its end time (--batch-time-limit)"),
    ("end-not-started", "lib/batch.c",
     "        int halt = pint_batch_halt(n, problems, i);",
     "        int halt = 0;",
     "test/test_api",
     "a batch past its end time still starts its integrals"),
    ("batch-old-stride", "lib/batch.c",
     "    if (size == sizeof problems[0].opt)\n        return 0;",
     "    if (1)\n        return 0;",
     "test/test_api",
     "an older pint.h's array of problems read with this pint.h's stride"),
    ("fail-limit", "lib/par/controller.c",
     "limit = why == PINT_TIME_LIMIT || why == PINT_ROUNDOFF;",
     "limit = why == PINT_ROUNDOFF;",
     "test/test_faults",
     "a call abandoned on a worker at the time limit ends the run as an "
     "integrand error"),
    ("cut-line", "lib/rounds.c",
     "    if (status == PINT_TIME_LIMIT)     /* the first member's cut line */\n"
     "        cut_line(&r, res);",
     "",
     "test/test_faults",
     "the rank of a call abandoned in QMC, MC or VEGAS is not named"),
]


def run(cmd, cwd, timeout=None, env=None):
    return subprocess.run(cmd, cwd=cwd, shell=True, capture_output=True,
                          text=True, timeout=timeout, env=env)


def first_failure(build):
    """The first test whose log says FAIL, from test-suite.log."""
    path = os.path.join(build, "test-suite.log")
    if not os.path.exists(path):
        return "?"
    for line in open(path, errors="replace"):
        if line.startswith("FAIL: ") or line.startswith("ERROR: "):
            return line.split()[1]
    return "?"


def check(build, tests, env):
    """0: every test passed; 1: some failed (or the build did)."""
    t = "TESTS='%s'" % tests if tests else ""
    r = run("make -j2 check %s" % t, build, env=env)
    return 0 if r.returncode == 0 else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", default="")
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--keep", default="")
    ap.add_argument("--stale", action="store_true",
                    help="list the edits whose text is not found exactly "
                         "once in the working tree, build nothing")
    args = ap.parse_args()
    src = run("git rev-parse --show-toplevel", ".").stdout.strip()
    if not src:
        sys.exit("mutate.py: run it from a git checkout of pint")
    if args.stale:
        stale = 0
        for mid, path, old, *_ in MUTATIONS:
            f = os.path.join(src, path)
            n = open(f).read().count(old) if os.path.exists(f) else 0
            if n != 1:
                print("%s: %s: text found %d times" % (mid, path, n))
                stale += 1
        print("%d of %d mutations stale" % (stale, len(MUTATIONS)))
        sys.exit(1 if stale else 0)
    only = set(filter(None, args.only.split(",")))
    todo = [m for m in MUTATIONS if not only or m[0] in only]
    scratch = args.keep or tempfile.mkdtemp(prefix="pint-mutate-")
    tree, build = os.path.join(scratch, "src"), os.path.join(scratch, "build")
    if not os.path.exists(os.path.join(build, "Makefile")):
        os.makedirs(tree, exist_ok=True)
        os.makedirs(build, exist_ok=True)
        r = run("git archive HEAD | tar -x -C %s" % tree, src)
        if r.returncode:
            sys.exit("mutate.py: git archive failed: " + r.stderr)
        for cmd, where in (("autoreconf -fi", tree),
                           ("%s/configure CFLAGS='-O2 -g'" % tree, build),
                           ("make -j2 && make -j2 check TESTS=", build)):
            r = run(cmd, where)
            if r.returncode:
                sys.exit("mutate.py: '%s' failed:\n%s" % (cmd, r.stderr[-2000:]))
    env = dict(os.environ, PINT_TEST_TIMEOUT=str(args.timeout))
    # the unmutated tree must pass its quick tests, or nothing is measured
    quick = sorted({t for m in todo for t in m[4].split()})
    if check(build, " ".join(quick), env):
        sys.exit("mutate.py: the unmutated tree fails %s" % first_failure(build))
    print("| mutation | file | what it breaks | caught | by | seconds |")
    print("|---|---|---|---|---|---:|")
    missed = 0
    for mid, path, old, new, tests, what in todo:
        f = os.path.join(tree, path)
        text = open(f).read()
        if text.count(old) != 1:
            print("| %s | %s | %s | **stale** (text found %d times) | | |"
                  % (mid, path, what, text.count(old)), flush=True)
            missed += 1
            continue
        t0 = time.time()
        shutil.copy(f, f + ".orig")
        open(f, "w").write(text.replace(old, new))
        try:
            caught = check(build, tests, env)
            if not caught:
                caught = check(build, "", env)
            by = first_failure(build) if caught else ""
        finally:
            shutil.move(f + ".orig", f)
            os.utime(f, None)   # newer than the mutated object: rebuilt
        missed += not caught
        print("| %s | %s | %s | %s | %s | %.0f |"
              % (mid, path, what, "caught" if caught else "**MISSED**", by,
                 time.time() - t0), flush=True)
    run("make -j2", build)          # back to the unmutated build
    if not args.keep:
        shutil.rmtree(scratch, ignore_errors=True)
    print("\n%d of %d caught" % (len(todo) - missed, len(todo)))
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()

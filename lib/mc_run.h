/* mc_run.h -- plain Monte Carlo in rounds on one process or a team
 * (private; the method of the run skeleton, rounds.h, made of mc.c's
 * engine). */
#ifndef PINT_MC_RUN_H
#define PINT_MC_RUN_H

#include "pint.h"
#include "checkpoint.h"
#include "mc.h"
#include "team.h"
#include "watch.h"

/* Before a run on team t: the checkpoint checked and read (desc: its
 * header), the state resumed from (*base, or NULL) and this member's
 * sampler (*mc, drawing from stream t->rank where the state left it).
 * 0, or the status every member agreed on (res failed with it). */
int pint_mc_open(const pint_function *fn, const pint_domain *dom,
                 const pint_options *opt, pint_team *t, pint_result *res,
                 pint_mc **mc, pint_mc_state **base, pint_ckpt *desc);

/* Rounds of growing size from base until the convergence test
 * (tolerance.h, with the floor), the evaluation limit, or a halt of the
 * watch (a round is cut short; the estimate is made of the points
 * drawn).  With opt->checkpoint, member 0 writes the state every
 * opt->checkpoint_seconds at the end of a round (rounds then stop
 * growing once one takes a quarter of that) and when the run stops for
 * any reason but an error.  res as pint_rounds_run leaves it; returns
 * the status. */
int pint_mc_rounds(pint_mc *mc, const pint_mc_state *base,
                   const pint_ckpt *desc, const pint_function *fn,
                   const pint_domain *dom, const pint_options *opt,
                   pint_team *t, pint_watch *w, pint_result *res);

/* pint_mc_open, then pint_mc_rounds. */
int pint_mc_integrate(const pint_function *fn, const pint_domain *dom,
                      const pint_options *opt, pint_team *t, pint_watch *w,
                      pint_result *res);

#endif

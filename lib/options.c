/* options.c -- the defaults of pint_options and pint_batch_options
 * (see pint.h). */
#include <stddef.h>
#include "pint.h"
#include "qmc.h"

void pint_options_init(pint_options *opt)
{
    opt->epsabs = 0.0;
    opt->epsrel = 1e-6;
    opt->max_evals = 100000000LL;
    opt->max_regions = 10000000;
    opt->rule = PINT_RULE_AUTO;
    opt->method = PINT_METHOD_ADAPTIVE;
    opt->seed = 1;
    opt->comm = NULL;
    opt->dedicated_controller = 0;
    opt->update_evals = 0;
    opt->update_seconds = 0.0;
    opt->lb_regions = 0;
    opt->verify = 0;
    opt->shifts = PINT_QMC_DEFAULT_SHIFTS;
    opt->periodize = PINT_PERIODIZE_BAKER;
    opt->qmc_units = PINT_UNITS_ROW;
    opt->units_per_worker = PINT_QMC_DEFAULT_UNITS;
    opt->schedule = PINT_SCHED_SS;
    opt->unit_seconds = 0.0;
    opt->time_limit = 0.0;
    opt->stop = NULL;
    opt->progress = NULL;
    opt->progress_ctx = NULL;
    opt->progress_seconds = 0.0;
    opt->checkpoint = NULL;
    opt->checkpoint_seconds = 0.0;
    opt->resume = NULL;
    opt->identity = NULL;
    opt->scale = 1.0;
    opt->npoints = 0;
    opt->points = NULL;
    opt->points_axis = NULL;
    opt->extrapolate = 1;
    opt->norm = PINT_NORM_MAX;
}

void pint_batch_options_init(pint_batch_options *bo)
{
    bo->groups = 1;
    bo->group_size = 0;
    bo->schedule = PINT_SCHED_SS;
    bo->comm = NULL;
}

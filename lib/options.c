/* options.c -- the defaults of pint_options and pint_batch_options
 * (see pint.h). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "pint.h"
#include "options.h"
#include "qmc.h"

/* Every field's default (all of this library's struct). */
static void defaults(pint_options *opt)
{
    opt->size = sizeof *opt;
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
    opt->threads = 0;
    opt->regions_per_step = 0;
    opt->helpers = 1;
    opt->balance = PINT_BALANCE_AUTO;
    opt->balance_group = 0;
    opt->end_time = 0.0;
}

void pint_options_init_size(pint_options *opt, size_t size)
{
    if (!opt || size < offsetof(pint_options, epsabs))
        return;
    pint_options full;
    defaults(&full);
    size_t n = size < sizeof full ? size : sizeof full;
    memcpy(opt, &full, n);
    opt->size = size;
}

int pint_options_threads(const pint_options *opt)
{
    return opt->threads > 0 ? opt->threads : pint_threads_default();
}

void (pint_options_init)(pint_options *opt)
{
    if (opt)
        defaults(opt);
}

int pint_options_adopt(const pint_options *in, pint_options *out,
                       char *msg, size_t len)
{
    size_t size = in->size ? in->size : sizeof *out;
    if (size > sizeof *out || size < offsetof(pint_options, epsabs)) {
        snprintf(msg, len, "options of %zu bytes, but this pint (%s) knows "
                 "%zu: set them with pint_options_init from this pint's "
                 "pint.h", in->size, PINT_VERSION, sizeof *out);
        return -1;
    }
    defaults(out);
    memcpy(out, in, size);
    out->size = sizeof *out;
    /* a caller that knew no threads never agreed to concurrent calls */
    if (size < offsetof(pint_options, threads) + sizeof out->threads)
        out->threads = 1;
    return 0;
}

void pint_batch_options_init(pint_batch_options *bo)
{
    bo->groups = 1;
    bo->group_size = 0;
    bo->schedule = PINT_SCHED_SS;
    bo->comm = NULL;
}

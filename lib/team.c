/* team.c -- the team of one process, and the collectives every run
 * shares, over a team's two exchanges (see team.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "team.h"
#include "result.h"
#include "watch.h"

static void gather_alone(void *arg, const double *mine, double *all,
                         size_t len)
{
    (void)arg;
    if (all != mine)
        memmove(all, mine, len * sizeof *all);
}

static void share_alone(void *arg, int root, void *buf, size_t bytes)
{
    (void)arg;
    (void)root;
    (void)buf;
    (void)bytes;
}

static void least_alone(void *arg, double *x, size_t n)
{
    (void)arg;
    (void)x;
    (void)n;
}

void pint_team_alone(pint_team *t)
{
    memset(t, 0, sizeof *t);
    t->size = 1;
    t->gather = gather_alone;
    t->share = share_alone;
    t->least = least_alone;
}

void pint_team_gather(pint_team *t, const double *mine, double *all,
                      size_t len)
{
    double t0 = pint_watch_now();
    t->gather(t->arg, mine, all, len);
    t->idle += pint_watch_now() - t0;
}

void pint_team_share(const pint_team *t, int root, void *buf, size_t bytes)
{
    t->share(t->arg, root, buf, bytes);
}

void pint_team_least(const pint_team *t, double *x, size_t n)
{
    t->least(t->arg, x, n);
}

/* The lowest member whose flag is set, or t->size. */
static int lowest(const pint_team *t, int flag)
{
    double first = flag ? (double)t->rank : (double)t->size;
    pint_team_least(t, &first, 1);
    return (int)first;
}

int pint_team_first_failure(const pint_team *t, int status, char *msg,
                            size_t len)
{
    int first = lowest(t, status != 0);
    if (first == t->size)
        return 0;
    pint_team_share(t, first, &status, sizeof status);
    pint_team_share(t, first, msg, len);
    return status;
}

int pint_team_settle(const pint_team *t, int rc, const char *msg, int keep,
                     pint_result *res)
{
    char line[sizeof res->message];
    if (msg)
        snprintf(line, sizeof line, "%s", msg);
    else if (t->size > 1)
        snprintf(line, sizeof line, "rank %d: out of memory", t->rank);
    else
        snprintf(line, sizeof line, "out of memory");
    int st = pint_team_first_failure(t, rc, line, sizeof line);
    if (!st)
        return 0;
    return keep ? pint_fail_keep(res, st, "%s", line)
                : pint_fail(res, st, "%s", line);
}

int pint_team_agree(pint_team *t, int status, pint_result *res)
{
    int st = pint_team_first_failure(t, status, res->message,
                                     sizeof res->message);
    return st ? pint_fail(res, st, "%s", res->message) : 0;
}

int pint_team_share_failure(pint_team *t, int status, const char *msg,
                            pint_result *res)
{
    char line[sizeof res->message];
    if (t->size > 1)
        snprintf(line, sizeof line, "rank %d: %s", t->rank, msg);
    else
        snprintf(line, sizeof line, "%s", msg);
    int own = status ? status : PINT_ERR_INTEGRAND;
    int st = pint_team_first_failure(t, msg[0] ? own : 0, line, sizeof line);
    return pint_fail_keep(res, st ? st : own, "%s", line);
}

void pint_team_share_checkpoints(const pint_team *t, pint_result *res)
{
    long long n = res->checkpoints;
    pint_team_share(t, 0, &n, sizeof n);
    res->checkpoints = n;
    pint_team_share(t, 0, res->checkpoint_message,
                    sizeof res->checkpoint_message);
}

void pint_team_share_ranks(pint_team *t, long long evals, double idle,
                           pint_result *res)
{
    /* gathered through rank_idle itself (counts are exact as doubles
     * up to 2^53) */
    double n = (double)(res->rank_evals[t->rank] + evals);
    double s = res->rank_idle[t->rank] + idle;
    pint_team_gather(t, &n, res->rank_idle, 1);
    for (int r = 0; r < t->size; r++)
        res->rank_evals[r] = (long long)res->rank_idle[r];
    pint_team_gather(t, &s, res->rank_idle, 1);
}

int pint_team_open_state(pint_team *t, const pint_options *opt,
                         const pint_ckpt *want, double **v, size_t *len,
                         pint_result *res)
{
    *v = NULL;
    *len = 0;
    pint_ckpt c;
    memset(&c, 0, sizeof c);
    int status = 0;
    if (t->rank == 0) {
        char msg[256];
        status = pint_ckpt_open(opt, want, &c, msg, sizeof msg);
        if (status)
            pint_fail(res, status, "%s", msg);
    }
    status = pint_team_agree(t, status, res);
    if (status || !opt->resume)
        return status;
    double n[2] = { (double)c.nregions, (double)c.evals };
    pint_team_share(t, 0, n, sizeof n);
    *len = (size_t)n[0];
    res->resumed_evals = (long long)n[1];
    if (t->rank == 0)
        *v = c.recs;            /* taken over */
    else if (!(*v = malloc((*len ? *len : 1) * sizeof **v)))
        status = pint_fail(res, PINT_ERR_NOMEM,
                           "rank %d: out of memory reading the checkpoint",
                           t->rank);
    status = pint_team_agree(t, status, res);
    if (status) {
        free(*v);
        *v = NULL;
        return status;
    }
    pint_team_share(t, 0, *v, *len * sizeof **v);
    return 0;
}

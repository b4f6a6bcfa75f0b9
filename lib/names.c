/* names.c -- the name tables of the public enumerations, the status
 * names and the version (see names.h and pint.h). */
#include <string.h>
#include "pint.h"
#include "names.h"

#define TABLE(var, array) \
    const pint_names var = { array, (int)(sizeof array / sizeof array[0]) }

static const char *const rules[PINT_RULE_COUNT_] = {
    [PINT_RULE_AUTO] = "auto",
    [PINT_RULE_GM] = "gm",
    [PINT_RULE_GK15] = "gk15", [PINT_RULE_GK21] = "gk21",
    [PINT_RULE_GK31] = "gk31", [PINT_RULE_GK41] = "gk41",
    [PINT_RULE_GK51] = "gk51", [PINT_RULE_GK61] = "gk61",
    [PINT_RULE_SIMPLEX3] = "simplex3", [PINT_RULE_SIMPLEX5] = "simplex5",
    [PINT_RULE_SIMPLEX7] = "simplex7", [PINT_RULE_SIMPLEX9] = "simplex9",
    [PINT_RULE_SYM7] = "sym7", [PINT_RULE_SYM9] = "sym9",
    [PINT_RULE_SYM13] = "sym13", [PINT_RULE_SYM11] = "sym11",
};
static const char *const methods[] = {
    [PINT_METHOD_ADAPTIVE] = "adaptive", [PINT_METHOD_MC] = "mc",
    [PINT_METHOD_QMC] = "qmc", [PINT_METHOD_VEGAS] = "vegas",
};
static const char *const periodizations[] = {
    [PINT_PERIODIZE_NONE] = "none", [PINT_PERIODIZE_BAKER] = "baker",
    [PINT_PERIODIZE_KOROBOV] = "korobov", [PINT_PERIODIZE_SIDI] = "sidi",
};
static const char *const units[] = {
    [PINT_UNITS_ROW] = "row", [PINT_UNITS_SINGLE_CELL] = "single-cell",
    [PINT_UNITS_CONSTANT_ROW] = "constant-row",
};
static const char *const schedules[] = {
    [PINT_SCHED_STATIC] = "static", [PINT_SCHED_SS] = "ss",
    [PINT_SCHED_FSC] = "fsc", [PINT_SCHED_GSS] = "gss",
    [PINT_SCHED_FAC] = "fac", [PINT_SCHED_WF] = "wf",
    [PINT_SCHED_AWF] = "awf", [PINT_SCHED_AF] = "af",
};
static const char *const norms[] = {
    [PINT_NORM_MAX] = "max", [PINT_NORM_INDIVIDUAL] = "individual",
    [PINT_NORM_L2] = "l2",
};
static const char *const balances[] = {
    [PINT_BALANCE_AUTO] = "auto", [PINT_BALANCE_RR] = "rr",
    [PINT_BALANCE_TREE] = "tree",
};

TABLE(pint_rule_names, rules);
TABLE(pint_method_names, methods);
TABLE(pint_periodize_names, periodizations);
TABLE(pint_qmc_units_names, units);
TABLE(pint_schedule_names, schedules);
TABLE(pint_norm_names, norms);
TABLE(pint_balance_names, balances);

const char *pint_names_get(const pint_names *t, int i)
{
    return i >= 0 && i < t->count ? t->names[i] : NULL;
}

int pint_names_find(const pint_names *t, const char *name)
{
    if (!name)
        return -1;
    for (int i = 0; i < t->count; i++)
        if (t->names[i] && strcmp(name, t->names[i]) == 0)
            return i;
    return -1;
}

static const char *or_unknown(const char *name)
{
    return name ? name : "unknown";
}

const char *pint_rule_name(enum pint_rule rule)
{
    return or_unknown(pint_names_get(&pint_rule_names, (int)rule));
}

int pint_rule_from_name(const char *name)
{
    return pint_names_find(&pint_rule_names, name);
}

const char *pint_method_name(enum pint_method method)
{
    return or_unknown(pint_names_get(&pint_method_names, (int)method));
}

int pint_method_from_name(const char *name)
{
    return pint_names_find(&pint_method_names, name);
}

const char *pint_periodize_name(enum pint_periodize p)
{
    return pint_names_get(&pint_periodize_names, (int)p);
}

int pint_periodize_from_name(const char *name)
{
    return pint_names_find(&pint_periodize_names, name);
}

const char *pint_qmc_units_name(enum pint_qmc_units u)
{
    return pint_names_get(&pint_qmc_units_names, (int)u);
}

int pint_qmc_units_from_name(const char *name)
{
    return pint_names_find(&pint_qmc_units_names, name);
}

const char *pint_schedule_name(enum pint_schedule s)
{
    return pint_names_get(&pint_schedule_names, (int)s);
}

int pint_schedule_from_name(const char *name)
{
    return pint_names_find(&pint_schedule_names, name);
}

const char *pint_norm_name(enum pint_norm n)
{
    return pint_names_get(&pint_norm_names, (int)n);
}

int pint_norm_from_name(const char *name)
{
    return pint_names_find(&pint_norm_names, name);
}

const char *pint_balance_name(enum pint_balance b)
{
    return pint_names_get(&pint_balance_names, (int)b);
}

int pint_balance_from_name(const char *name)
{
    return pint_names_find(&pint_balance_names, name);
}

const char *pint_status_name(int status)
{
    switch (status) {
    case PINT_CONVERGED: return "converged";
    case PINT_MAX_EVALS: return "max-evals";
    case PINT_MAX_REGIONS: return "max-regions";
    case PINT_ERR_INTEGRAND:
    case PINT_ERR_NONFINITE: return "integrand-error";
    case PINT_ERR_INVALID: return "invalid-input";
    case PINT_ERR_NOMEM: return "out-of-memory";
    case PINT_TIME_LIMIT: return "time-limit";
    case PINT_INTERRUPTED: return "interrupted";
    case PINT_ROUNDOFF: return "round-off";
    case PINT_UNRELIABLE: return "unreliable";
    default: return "unknown";
    }
}

int pint_status_is_error(int status)
{
    return status >= PINT_ERR_INTEGRAND && status <= PINT_ERR_NOMEM;
}

const char *pint_version(void) { return PINT_VERSION; }

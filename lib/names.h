/* names.h -- the names of the public enumerations as the command line,
 * the batch files and the JSON output spell them (private).
 *
 * One table per enumeration, indexed by its value; the public
 * pint_*_name / pint_*_from_name functions (pint.h) and the option
 * parsers read the same tables.  A leaf: it depends on nothing else in
 * the library.
 */
#ifndef PINT_NAMES_H
#define PINT_NAMES_H

typedef struct {
    const char *const *names;   /* names[value], NULL for a gap */
    int count;                  /* values 0 .. count - 1 */
} pint_names;

/* The tables of the public enumerations. */
extern const pint_names pint_rule_names, pint_method_names,
    pint_periodize_names, pint_qmc_units_names, pint_schedule_names,
    pint_norm_names, pint_balance_names;

/* The name of value i, or NULL when i is out of range or a gap. */
const char *pint_names_get(const pint_names *t, int i);

/* The value whose name is name, or -1 (also for name NULL). */
int pint_names_find(const pint_names *t, const char *name);

#endif

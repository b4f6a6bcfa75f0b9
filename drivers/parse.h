/* parse.h -- strict parsing of command-line numbers, shared by the
 * drivers: the whole string must be the number, finite and in range. */
#ifndef PINT_PARSE_H
#define PINT_PARSE_H

#include <stdint.h>

/* A finite double.  0, or -1 on trailing garbage, overflow, NaN or Inf. */
int pint_parse_double(const char *s, double *out);
/* A bound of a range: a finite double, or inf, +inf, -inf (also
 * "infinity", any case) for an infinite range.  0, or -1 as above. */
int pint_parse_bound(const char *s, double *out);
/* A whole number in [lo, hi]; "1e7" style is accepted for counts. */
int pint_parse_count(const char *s, double lo, double hi, long long *out);
/* A 64-bit seed: digits only, never rounded through a double. */
int pint_parse_seed(const char *s, uint64_t *out);

#endif

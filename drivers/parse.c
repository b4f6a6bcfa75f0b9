/* parse.c -- strict parsing of command-line numbers (see parse.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "parse.h"

int pint_parse_double(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end != '\0' || errno == ERANGE || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}

int pint_parse_bound(const char *s, double *out)
{
    const char *t = s + (*s == '-' || *s == '+');
    if (strcasecmp(t, "inf") == 0 || strcasecmp(t, "infinity") == 0) {
        *out = *s == '-' ? -INFINITY : INFINITY;
        return 0;
    }
    return pint_parse_double(s, out);
}

int pint_parse_count(const char *s, double lo, double hi, long long *out)
{
    double v;
    if (pint_parse_double(s, &v) != 0 || v != floor(v) || v < lo || v > hi)
        return -1;
    *out = (long long)v;
    return 0;
}

int pint_parse_seed(const char *s, uint64_t *out)
{
    char *end;
    if (!*s || strspn(s, "0123456789") != strlen(s))
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno == ERANGE || *end != '\0')
        return -1;
    *out = (uint64_t)v;
    return 0;
}

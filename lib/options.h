/* options.h -- the options a run uses (private; see pint.h). */
#ifndef PINT_OPTIONS_H
#define PINT_OPTIONS_H

#include <stddef.h>
#include "pint.h"

/* The caller's options *in (of in->size bytes, an older pint.h's struct
 * perhaps) as this library's full struct *out: the fields the caller
 * knows, the defaults for the rest.  0, or -1 with a one-line reason in
 * msg (a struct larger than this library's: from a newer pint.h). */
int pint_options_adopt(const pint_options *in, pint_options *out,
                       char *msg, size_t len);

/* The threads a run of these options uses: opt->threads, or for 0
 * pint_threads_default(). */
int pint_options_threads(const pint_options *opt);

#endif

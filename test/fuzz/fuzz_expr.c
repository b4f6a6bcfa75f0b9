/* fuzz_expr.c -- the expression compiler (integrands/expr.c): any bytes
 * compile or fail with a message that names a column inside the input;
 * what compiles evaluates, and its batch and point forms agree. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "expr.h"
#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    return 0;
}

static void check(int ok, const char *what, const char *src)
{
    if (!ok) {
        fprintf(stderr, "fuzz_expr: %s for '%s'\n", what, src);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *src = malloc(size + 1);
    if (!src)
        return 0;
    memcpy(src, data, size);
    src[size] = '\0';                   /* stops at an embedded NUL */
    char msg[256] = "";
    const char *s = src;
    pint_expr *e = pint_expr_compile(1, &s, 3, msg, sizeof msg);
    if (!e) {
        int col = 0;
        check(sscanf(msg, "column %d:", &col) == 1, "no column", src);
        check(col >= 1 && (size_t)col <= strlen(src) + 1, "column outside",
              src);
        free(src);
        return 0;
    }
    check(pint_expr_max_var(e) <= 3, "variable beyond the dimension", src);
    pint_function fn = pint_expr_function(e, 3);
    enum { N = 70 };                    /* more than one block of 64 */
    double x[3 * N], fb[N], fp;
    for (int i = 0; i < 3 * N; i++)
        x[i] = (double)((i * 37) % 101) / 100.0;
    check(fn.fbatch(3, N, x, 1, fb, fn.ctx) == 0, "batch failed", src);
    for (int p = 0; p < N; p += 13) {
        check(fn.f(3, x + 3 * p, 1, &fp, fn.ctx) == 0, "point failed", src);
        check(memcmp(&fp, &fb[p], sizeof fp) == 0 || (isnan(fp) && isnan(fb[p])),
              "batch and point forms differ", src);
    }
    pint_expr_free(e);
    free(src);
    return 0;
}

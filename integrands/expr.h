/* expr.h -- integrands written as expressions: `pint -e 'exp(-x1^2)'`.
 *
 * An expression is compiled once into a postfix program (constants
 * folded, small integer powers turned into multiplications) and run over
 * blocks of points, one operation at a time for the whole block, so a
 * batch of rule points costs one pass of the interpreter per operation,
 * not per point.
 *
 * Grammar (lowest precedence first; ^ is right-associative and binds
 * tighter than a unary minus, so -x1^2 is -(x1^2)):
 *
 *   expr    = compare
 *   compare = sum [ ("<" | "<=" | ">" | ">=" | "==" | "!=") sum ]
 *   sum     = product { ("+" | "-") product }
 *   product = unary { ("*" | "/") unary }
 *   unary   = ("-" | "+") unary | power
 *   power   = primary [ ("^" | "**") unary ]
 *   primary = number | x1..xN | pi | e | name "(" expr {"," expr} ")"
 *           | "(" expr ")"
 *
 * A comparison is 1 when true and 0 when false (indicator functions).
 */
#ifndef PINT_EXPR_H
#define PINT_EXPR_H

#include <stddef.h>
#include "pint.h"

typedef struct pint_expr pint_expr;

/* Compile nexpr expressions (the components of one integrand) in the
 * variables x1..x<ndim>.  ndim 0 means "not known yet": any xK is
 * accepted and pint_expr_max_var tells the highest K used.  Returns NULL
 * with a one-line reason in msg, naming the expression (when nexpr > 1)
 * and the column, on a syntax error, an unknown name, a variable beyond
 * ndim, too deep a nesting or no memory. */
pint_expr *pint_expr_compile(int nexpr, const char *const *src, int ndim,
                             char *msg, size_t msglen);
void pint_expr_free(pint_expr *e);

/* The highest K of a variable xK in any of the expressions (0: none). */
int pint_expr_max_var(const pint_expr *e);

/* The integrand (ctx = e, both point and batch forms) for dimension
 * ndim, which must be at least pint_expr_max_var(e). */
pint_function pint_expr_function(const pint_expr *e, int ndim);

#endif /* PINT_EXPR_H */

/* expr.c -- expression integrands (see expr.h).
 *
 * A recursive-descent parser emits a postfix program directly; each
 * operator folds its operands when they are all constants, so what runs
 * per point is only what depends on x.  The interpreter keeps a stack of
 * blocks of BLOCK points and applies one instruction to a whole block in
 * a tight loop: the dispatch cost is paid once per BLOCK points.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "expr.h"

enum {
    BLOCK = 64,         /* points per interpreter pass */
    MAX_STACK = 48,     /* pending operands: 48 x 64 doubles on the stack */
    MAX_NEST = 200,     /* parser recursion (parentheses, unary signs) */
    MAX_VAR = 1000,     /* x1..x1000, pint's largest dimension */
    MAX_POWI = 64       /* x^n by multiplications for |n| <= 64 */
};

enum opcode {
    OP_CONST, OP_VAR, OP_NEG, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_POW,
    OP_POWI, OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE, OP_FN1, OP_FN2,
    /* one operand a constant: x + c, x - c, c - x, x * c, x / c, c / x */
    OP_ADDC, OP_SUBC, OP_RSUBC, OP_MULC, OP_DIVC, OP_RDIVC
};

typedef struct {
    enum opcode op;
    int arg;                    /* OP_VAR: index; OP_POWI: exponent */
    double c;                   /* OP_CONST and the OP_xxxC operand */
    double (*f1)(double);
    double (*f2)(double, double);
} instr;

typedef struct {
    instr *code;
    int n, cap;
} program;

struct pint_expr {
    int ncomp;
    int max_var;
    program *prog;              /* ncomp programs */
};

/* ------------------------------------------------------------ functions */

static double step_fn(double x) { return x >= 0.0 ? 1.0 : 0.0; }
static double sign_fn(double x) { return (double)((x > 0.0) - (x < 0.0)); }

static const struct {
    const char *name;
    int nargs;
    double (*f1)(double);
    double (*f2)(double, double);
} functions[] = {
    { "sin", 1, sin, NULL }, { "cos", 1, cos, NULL }, { "tan", 1, tan, NULL },
    { "asin", 1, asin, NULL }, { "acos", 1, acos, NULL },
    { "atan", 1, atan, NULL }, { "sinh", 1, sinh, NULL },
    { "cosh", 1, cosh, NULL }, { "tanh", 1, tanh, NULL },
    { "asinh", 1, asinh, NULL }, { "acosh", 1, acosh, NULL },
    { "atanh", 1, atanh, NULL }, { "exp", 1, exp, NULL },
    { "expm1", 1, expm1, NULL }, { "log", 1, log, NULL },
    { "log1p", 1, log1p, NULL }, { "log2", 1, log2, NULL },
    { "log10", 1, log10, NULL }, { "sqrt", 1, sqrt, NULL },
    { "cbrt", 1, cbrt, NULL }, { "abs", 1, fabs, NULL },
    { "floor", 1, floor, NULL }, { "ceil", 1, ceil, NULL },
    { "round", 1, round, NULL }, { "trunc", 1, trunc, NULL },
    { "erf", 1, erf, NULL }, { "erfc", 1, erfc, NULL },
    { "gamma", 1, tgamma, NULL }, { "sign", 1, sign_fn, NULL },
    { "step", 1, step_fn, NULL },
    { "atan2", 2, NULL, atan2 }, { "pow", 2, NULL, pow },
    { "hypot", 2, NULL, hypot }, { "min", 2, NULL, fmin },
    { "max", 2, NULL, fmax }, { "fmod", 2, NULL, fmod },
};

/* ----------------------------------------------------------- the engine */

static double powi(double x, int n)
{
    unsigned k = (unsigned)(n < 0 ? -n : n);
    double r = 1.0, b = x;
    while (k) {
        if (k & 1u)
            r *= b;
        b *= b;
        k >>= 1;
    }
    return n < 0 ? 1.0 / r : r;
}

/* Run a program over nb points (x: nb points of ndim coordinates, stride
 * ndim); the result is left in s[0].  The program is well formed: the
 * compiler checked its stack depth. */
static void run(const program *p, int ndim, size_t nb, const double *x,
                double s[][BLOCK])
{
    int top = -1;
    for (int k = 0; k < p->n; k++) {
        const instr *in = &p->code[k];
        double *a = s[top > 0 ? top - 1 : 0], *b = s[top >= 0 ? top : 0];
        size_t j;
        switch (in->op) {
        case OP_CONST:
            b = s[++top];
            for (j = 0; j < nb; j++)
                b[j] = in->c;
            break;
        case OP_VAR:
            b = s[++top];
            for (j = 0; j < nb; j++)
                b[j] = x[j * (size_t)ndim + (size_t)in->arg];
            break;
        case OP_NEG:
            for (j = 0; j < nb; j++)
                b[j] = -b[j];
            break;
        case OP_POWI:
            if (in->arg == 2)
                for (j = 0; j < nb; j++)
                    b[j] *= b[j];
            else
                for (j = 0; j < nb; j++)
                    b[j] = powi(b[j], in->arg);
            break;
        case OP_FN1:
            for (j = 0; j < nb; j++)
                b[j] = in->f1(b[j]);
            break;
#define WITH_CONSTANT(OP, EXPR) \
        case OP: \
            for (j = 0; j < nb; j++) \
                b[j] = (EXPR); \
            break;
        WITH_CONSTANT(OP_ADDC, b[j] + in->c)
        WITH_CONSTANT(OP_SUBC, b[j] - in->c)
        WITH_CONSTANT(OP_RSUBC, in->c - b[j])
        WITH_CONSTANT(OP_MULC, b[j] * in->c)
        WITH_CONSTANT(OP_DIVC, b[j] / in->c)
        WITH_CONSTANT(OP_RDIVC, in->c / b[j])
#undef WITH_CONSTANT
#define BINARY(OP, EXPR) \
        case OP: \
            for (j = 0; j < nb; j++) \
                a[j] = (EXPR); \
            top--; \
            break;
        BINARY(OP_ADD, a[j] + b[j])
        BINARY(OP_SUB, a[j] - b[j])
        BINARY(OP_MUL, a[j] * b[j])
        BINARY(OP_DIV, a[j] / b[j])
        BINARY(OP_POW, pow(a[j], b[j]))
        BINARY(OP_LT, (double)(a[j] < b[j]))
        BINARY(OP_LE, (double)(a[j] <= b[j]))
        BINARY(OP_GT, (double)(a[j] > b[j]))
        BINARY(OP_GE, (double)(a[j] >= b[j]))
        BINARY(OP_EQ, (double)(a[j] == b[j]))
        BINARY(OP_NE, (double)(a[j] != b[j]))
        BINARY(OP_FN2, in->f2(a[j], b[j]))
#undef BINARY
        }
    }
}

static int expr_batch(int ndim, size_t npts, const double *x, int ncomp,
                      double *fval, void *ctx)
{
    const pint_expr *e = ctx;
    double s[MAX_STACK][BLOCK];
    for (size_t p0 = 0; p0 < npts; p0 += BLOCK) {
        size_t nb = npts - p0 < BLOCK ? npts - p0 : BLOCK;
        const double *xb = x + p0 * (size_t)ndim;
        for (int k = 0; k < ncomp; k++) {
            run(&e->prog[k], ndim, nb, xb, s);
            for (size_t j = 0; j < nb; j++)
                fval[(p0 + j) * (size_t)ncomp + (size_t)k] = s[0][j];
        }
    }
    return 0;
}

static int expr_point(int ndim, const double *x, int ncomp, double *fval,
                      void *ctx)
{
    return expr_batch(ndim, 1, x, ncomp, fval, ctx);
}

/* ------------------------------------------------------------- compiler */

typedef struct {
    const char *src, *pos;
    program *prog;
    int ndim, max_var;
    int depth;                  /* operand stack while emitting */
    int nest;
    char *msg;
    size_t msglen;
    int failed;
} parser;

static int fail(parser *ps, const char *at, const char *fmt, const char *a)
{
    if (!ps->failed) {
        char what[200];
        snprintf(what, sizeof what, fmt, a);
        snprintf(ps->msg, ps->msglen, "column %d: %s",
                 (int)(at - ps->src) + 1, what);
    }
    ps->failed = 1;
    return -1;
}

/* "unexpected 'c' <where>", or the byte in hex when it is not printable
 * (the message goes to a terminal). */
static int fail_char(parser *ps, const char *at, const char *where)
{
    char what[64];
    unsigned char c = (unsigned char)*at;
    if (isprint(c))
        snprintf(what, sizeof what, "unexpected '%c' %s", c, where);
    else
        snprintf(what, sizeof what, "unexpected byte 0x%02x %s", c, where);
    return fail(ps, at, "%s", what);
}

static void skip_blanks(parser *ps)
{
    while (*ps->pos == ' ' || *ps->pos == '\t' || *ps->pos == '\n'
           || *ps->pos == '\r')
        ps->pos++;
}

/* Append an instruction; `pushes` is its effect on the operand stack. */
static int emit(parser *ps, instr in, int pushes)
{
    program *p = ps->prog;
    if (p->n == p->cap) {
        int cap = p->cap ? 2 * p->cap : 16;
        instr *c = realloc(p->code, (size_t)cap * sizeof *c);
        if (!c)
            return fail(ps, ps->pos, "out of memory%s", "");
        p->code = c;
        p->cap = cap;
    }
    ps->depth += pushes;
    if (ps->depth > MAX_STACK)
        return fail(ps, ps->pos, "too deeply nested (more than %s pending "
                    "operands)", "48");
    p->code[p->n++] = in;
    return 0;
}

/* Replace the last `len` instructions, when they are all constants
 * folded by the operator just emitted, with their value. */
static void fold(parser *ps, int len)
{
    program *p = ps->prog;
    for (int k = p->n - 1 - len; k < p->n - 1; k++)
        if (k < 0 || p->code[k].op != OP_CONST)
            return;
    program sub = { p->code + p->n - 1 - len, len + 1, len + 1 };
    double s[MAX_STACK][BLOCK];
    run(&sub, 1, 1, NULL, s);
    p->n -= len + 1;
    p->code[p->n++] = (instr){ .op = OP_CONST, .c = s[0][0] };
}

/* The operator with one constant operand, right (c on the right) or
 * left, or OP_CONST when there is none. */
static enum opcode with_constant(enum opcode op, int right)
{
    switch (op) {
    case OP_ADD: return OP_ADDC;
    case OP_MUL: return OP_MULC;
    case OP_SUB: return right ? OP_SUBC : OP_RSUBC;
    case OP_DIV: return right ? OP_DIVC : OP_RDIVC;
    default: return OP_CONST;
    }
}

/* Emit a binary operator whose left operand starts at instruction lstart
 * and right operand at rstart.  All-constant operands fold; one constant
 * operand folds into the instruction; x^n with a small whole constant n
 * becomes multiplications, not pow(). */
static int emit_op(parser *ps, enum opcode op, int lstart, int rstart)
{
    program *p = ps->prog;
    int end = p->n;
    int lconst = rstart - lstart == 1 && p->code[lstart].op == OP_CONST;
    int rconst = end - rstart == 1 && p->code[rstart].op == OP_CONST;
    if (emit(ps, (instr){ .op = op }, -1) != 0)
        return -1;
    if (lconst && rconst) {
        fold(ps, 2);
        return 0;
    }
    double c = p->code[rconst ? rstart : lstart].c;
    if (rconst && op == OP_POW && c == floor(c) && fabs(c) <= MAX_POWI) {
        p->n = rstart;
        p->code[p->n++] = (instr){ .op = OP_POWI, .arg = (int)c };
    } else if ((rconst || lconst) && with_constant(op, rconst) != OP_CONST) {
        enum opcode opc = with_constant(op, rconst);
        if (lconst)     /* drop the constant, the right operand moves down */
            memmove(p->code + lstart, p->code + rstart,
                    (size_t)(end - rstart) * sizeof *p->code);
        p->n = end - 1;
        p->code[p->n++] = (instr){ .op = opc, .c = c };
    }
    return 0;
}

static int parse_expr(parser *ps);

/* A number: digits [. digits] [e [+-] digits], or . digits ...  Hex,
 * "inf" and "nan" are not numbers here. */
static int parse_number(parser *ps)
{
    const char *s = ps->pos, *q = s;
    while (isdigit((unsigned char)*q))
        q++;
    if (*q == '.')
        q++;
    while (isdigit((unsigned char)*q))
        q++;
    if (q == s + 1 && *s == '.')
        return fail(ps, s, "a lone '.' is not a number%s", "");
    if (*q == 'e' || *q == 'E') {
        const char *t = q + 1;
        if (*t == '+' || *t == '-')
            t++;
        if (!isdigit((unsigned char)*t))
            return fail(ps, q, "exponent of a number needs digits%s", "");
        while (isdigit((unsigned char)*t))
            t++;
        q = t;
    }
    char buf[128];
    if ((size_t)(q - s) >= sizeof buf)
        return fail(ps, s, "number too long%s", "");
    memcpy(buf, s, (size_t)(q - s));
    buf[q - s] = '\0';
    double v = strtod(buf, NULL);
    if (!isfinite(v))
        return fail(ps, s, "number '%s' is out of range", buf);
    if (isalpha((unsigned char)*q) || *q == '_')
        return fail_char(ps, q, "after a number");
    ps->pos = q;
    return emit(ps, (instr){ .op = OP_CONST, .c = v }, +1);
}

/* x<K>: the variable index K - 1, or -1 when the name is no variable. */
static int variable_index(const char *name, size_t len)
{
    if (len < 2 || name[0] != 'x' || name[1] == '0')
        return -1;
    int k = 0;
    for (size_t i = 1; i < len; i++) {
        if (!isdigit((unsigned char)name[i]) || k > MAX_VAR)
            return -1;
        k = 10 * k + (name[i] - '0');
    }
    return k >= 1 && k <= MAX_VAR ? k - 1 : -1;
}

static int parse_call(parser *ps, const char *name, size_t len)
{
    int f = -1;
    for (size_t i = 0; i < sizeof functions / sizeof functions[0]; i++)
        if (strlen(functions[i].name) == len
            && strncmp(functions[i].name, name, len) == 0)
            f = (int)i;
    char shown[40];
    snprintf(shown, sizeof shown, "%.*s", (int)(len < 32 ? len : 32), name);
    if (f < 0)
        return fail(ps, name, "unknown function '%s'", shown);
    ps->pos++;                                  /* '(' */
    int start = ps->prog->n, second = start;
    for (int k = 0; k < functions[f].nargs; k++) {
        if (k > 0) {
            second = ps->prog->n;
            skip_blanks(ps);
            if (*ps->pos != ',')
                return fail(ps, ps->pos, "%s() takes two arguments: "
                            "expected ','", shown);
            ps->pos++;
        }
        if (parse_expr(ps) != 0)
            return -1;
    }
    skip_blanks(ps);
    if (*ps->pos == ',')
        return fail(ps, ps->pos, "too many arguments to %s()", shown);
    if (*ps->pos != ')')
        return fail(ps, ps->pos, "expected ')' to close %s(", shown);
    ps->pos++;
    if (functions[f].nargs == 1) {
        if (emit(ps, (instr){ .op = OP_FN1, .f1 = functions[f].f1 }, 0) != 0)
            return -1;
        fold(ps, 1);
        return 0;
    }
    if (functions[f].f2 == pow)
        return emit_op(ps, OP_POW, start, second);
    if (emit(ps, (instr){ .op = OP_FN2, .f2 = functions[f].f2 }, -1) != 0)
        return -1;
    fold(ps, 2);
    return 0;
}

static int parse_name(parser *ps)
{
    const char *name = ps->pos;
    while (isalnum((unsigned char)*ps->pos) || *ps->pos == '_')
        ps->pos++;
    size_t len = (size_t)(ps->pos - name);
    const char *after = ps->pos;
    skip_blanks(ps);
    if (*ps->pos == '(')
        return parse_call(ps, name, len);
    ps->pos = after;
    int v = variable_index(name, len);
    if (v >= 0) {
        if (ps->ndim > 0 && v >= ps->ndim) {
            char shown[16];
            snprintf(shown, sizeof shown, "%d", ps->ndim);
            return fail(ps, name, "variable beyond the dimension %s (use "
                        "-d to raise it)", shown);
        }
        if (v + 1 > ps->max_var)
            ps->max_var = v + 1;
        return emit(ps, (instr){ .op = OP_VAR, .arg = v }, +1);
    }
    if (len == 2 && strncmp(name, "pi", 2) == 0)
        return emit(ps, (instr){ .op = OP_CONST, .c = 3.14159265358979323846 }, +1);
    if (len == 1 && name[0] == 'e')
        return emit(ps, (instr){ .op = OP_CONST, .c = 2.71828182845904523536 }, +1);
    char shown[40];
    snprintf(shown, sizeof shown, "%.*s", (int)(len < 32 ? len : 32), name);
    return fail(ps, name, "unknown name '%s' (variables are x1, x2, ...; "
                "constants pi and e)", shown);
}

static int parse_unary(parser *ps);

static int parse_primary(parser *ps)
{
    skip_blanks(ps);
    char c = *ps->pos;
    if (isdigit((unsigned char)c) || c == '.')
        return parse_number(ps);
    if (isalpha((unsigned char)c) || c == '_')
        return parse_name(ps);
    if (c == '(') {
        const char *open = ps->pos++;
        if (parse_expr(ps) != 0)
            return -1;
        skip_blanks(ps);
        if (*ps->pos != ')') {
            char col[16];
            snprintf(col, sizeof col, "%d", (int)(open - ps->src) + 1);
            return fail(ps, ps->pos, "expected ')' to close the '(' at "
                        "column %s", col);
        }
        ps->pos++;
        return 0;
    }
    if (c == '\0')
        return fail(ps, ps->pos, "expression ends where a value is "
                    "expected%s", "");
    return fail_char(ps, ps->pos, "where a value is expected");
}

static int parse_power(parser *ps)
{
    int lstart = ps->prog->n;
    if (parse_primary(ps) != 0)
        return -1;
    skip_blanks(ps);
    if (*ps->pos == '^' || (ps->pos[0] == '*' && ps->pos[1] == '*')) {
        ps->pos += *ps->pos == '^' ? 1 : 2;
        int rstart = ps->prog->n;
        if (parse_unary(ps) != 0)              /* right-associative */
            return -1;
        return emit_op(ps, OP_POW, lstart, rstart);
    }
    return 0;
}

static int parse_unary(parser *ps)
{
    if (++ps->nest > MAX_NEST)
        return fail(ps, ps->pos, "too deeply nested (more than %s levels)",
                    "200");
    skip_blanks(ps);
    int rc;
    if (*ps->pos == '-' || *ps->pos == '+') {
        int neg = *ps->pos == '-';
        ps->pos++;
        rc = parse_unary(ps);
        if (rc == 0 && neg && emit(ps, (instr){ .op = OP_NEG }, 0) == 0)
            fold(ps, 1);
    } else
        rc = parse_power(ps);
    ps->nest--;
    return ps->failed ? -1 : rc;
}

/* operand { op operand }, left-associative, for the operator characters
 * in ops (plus and minus, or times and divide); "**" is a power, not a
 * product. */
static int parse_chain(parser *ps, const char *ops, int (*operand)(parser *))
{
    int lstart = ps->prog->n;
    if (operand(ps) != 0)
        return -1;
    for (;;) {
        skip_blanks(ps);
        char c = *ps->pos;
        if (c == '\0' || !strchr(ops, c) || (c == '*' && ps->pos[1] == '*'))
            return 0;
        ps->pos++;
        enum opcode op = c == '+' ? OP_ADD : c == '-' ? OP_SUB
                       : c == '*' ? OP_MUL : OP_DIV;
        int rstart = ps->prog->n;
        if (operand(ps) != 0 || emit_op(ps, op, lstart, rstart) != 0)
            return -1;
    }
}

static int parse_product(parser *ps)
{
    return parse_chain(ps, "*/", parse_unary);
}

static int parse_sum(parser *ps)
{
    return parse_chain(ps, "+-", parse_product);
}

/* A comparison operator at ps->pos: its opcode and length, or 0. */
static int comparison(const char *s, enum opcode *op)
{
    static const struct { const char *tok; enum opcode op; } cmp[] = {
        { "<=", OP_LE }, { ">=", OP_GE }, { "==", OP_EQ }, { "!=", OP_NE },
        { "<", OP_LT }, { ">", OP_GT },
    };
    for (size_t i = 0; i < sizeof cmp / sizeof cmp[0]; i++) {
        size_t n = strlen(cmp[i].tok);
        if (strncmp(s, cmp[i].tok, n) == 0) {
            *op = cmp[i].op;
            return (int)n;
        }
    }
    return 0;
}

static int parse_expr(parser *ps)
{
    if (++ps->nest > MAX_NEST)
        return fail(ps, ps->pos, "too deeply nested (more than %s levels)",
                    "200");
    int lstart = ps->prog->n;
    int rc = parse_sum(ps);
    enum opcode op;
    int n;
    skip_blanks(ps);
    if (rc == 0 && (n = comparison(ps->pos, &op)) > 0) {
        ps->pos += n;
        int rstart = ps->prog->n;
        rc = parse_sum(ps);
        if (rc == 0)
            rc = emit_op(ps, op, lstart, rstart);
        skip_blanks(ps);
        if (rc == 0 && comparison(ps->pos, &op) > 0)
            rc = fail(ps, ps->pos, "comparisons do not chain: write "
                      "(a < b) * (b < c)%s", "");
    }
    ps->nest--;
    return ps->failed ? -1 : rc;
}

static int compile_one(const char *src, int ndim, program *prog,
                       int *max_var, char *msg, size_t msglen)
{
    parser ps = { .src = src, .pos = src, .prog = prog, .ndim = ndim,
                  .msg = msg, .msglen = msglen };
    if (parse_expr(&ps) != 0)
        return -1;
    skip_blanks(&ps);
    if (*ps.pos != '\0') {
        if (*ps.pos == ')')
            return fail(&ps, ps.pos, "unmatched ')'%s", "");
        return fail_char(&ps, ps.pos, "after a complete expression");
    }
    if (ps.max_var > *max_var)
        *max_var = ps.max_var;
    return 0;
}

pint_expr *pint_expr_compile(int nexpr, const char *const *src, int ndim,
                             char *msg, size_t msglen)
{
    if (nexpr < 1 || !src) {
        snprintf(msg, msglen, "no expression");
        return NULL;
    }
    pint_expr *e = calloc(1, sizeof *e);
    if (!e || !(e->prog = calloc((size_t)nexpr, sizeof *e->prog))) {
        free(e);
        snprintf(msg, msglen, "out of memory");
        return NULL;
    }
    e->ncomp = nexpr;
    for (int k = 0; k < nexpr; k++) {
        char why[256];
        if (compile_one(src[k], ndim, &e->prog[k], &e->max_var, why,
                        sizeof why) != 0) {
            if (nexpr > 1)
                snprintf(msg, msglen, "expression %d, %s", k + 1, why);
            else
                snprintf(msg, msglen, "%s", why);
            pint_expr_free(e);
            return NULL;
        }
    }
    return e;
}

void pint_expr_free(pint_expr *e)
{
    if (!e)
        return;
    for (int k = 0; k < e->ncomp; k++)
        free(e->prog[k].code);
    free(e->prog);
    free(e);
}

int pint_expr_max_var(const pint_expr *e)
{
    return e->max_var;
}

pint_function pint_expr_function(const pint_expr *e, int ndim)
{
    return (pint_function){ .ndim = ndim, .ncomp = e->ncomp,
                            .f = expr_point, .fbatch = expr_batch,
                            .ctx = (void *)e };
}

/* test_batch.c -- lists of integrals (pint --batch) and the family
 * generator (pint --family NAME --count N). */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include "testutil.h"
#include "batch.h"

static char tmpdir[4096];       /* made by main, removed at the end */

/* Write len bytes of text to tmpdir/name; the path into path. */
static void write_list(const char *name, const char *text, size_t len,
                       char *path, size_t plen)
{
    snprintf(path, plen, "%s/%s", tmpdir, name);
    FILE *fp = fopen(path, "wb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
    CU_ASSERT_EQUAL(fwrite(text, 1, len, fp), len);
    CU_ASSERT_EQUAL(fclose(fp), 0);
}

/* A command line as pint_cli_parse leaves it, with a few values set. */
static void cli_init(pint_cli *cli)
{
    memset(cli, 0, sizeof *cli);
    pint_options_init(&cli->opt);
    cli->opt.epsabs = 1e-9;
    cli->opt.epsrel = 1e-4;
    cli->opt.max_evals = 12345;
    cli->seed = 77;
    cli->difficulty = 2.5;
}

static void assert_all(const double *v, int n, double want)
{
    int ok = 1;
    for (int i = 0; i < n; i++)
        ok &= v[i] == want;
    if (!ok)
        fprintf(stderr, "\n  expected every value %g\n", want);
    CU_ASSERT(ok);
}

/* Comments, blank lines, every key, defaults from the command line. */
static void test_good_file(void)
{
    static const char text[] =
        "# a list of integrals\n"                                   /* 1 */
        "\n"                                                        /* 2 */
        "   # indented comment\n"                                   /* 3 */
        "genz1 3    # defaults only\n"                              /* 4 */
        "genz2\t2 er=1e-3 ea=1e-12 max-evals=1e6 "                  /* 5 */
        "seed=18446744073709551615 difficulty=0.5 lo=0.25 hi=2,3\n"
        "  \t \n"                                                   /* 6 */
        "  explin 2 lo=-1,-2 hi=0.5 method=qmc rule=gk41 norm=l2 "  /* 7 */
        "scale=3# no blank before the comment\n"
        "no_such_symbol 5 plugin=./libfoo.so ncomp=7 lo=0 hi=1\n"   /* 8 */
        "sym2 1000 plugin=/tmp/x.so\r\n"                            /* 9 */
        "vec3 4";                                  /* 10, no newline */
    char path[4200], msg[512] = "";
    write_list("good.txt", text, sizeof text - 1, path, sizeof path);
    pint_cli cli;
    cli_init(&cli);
    cli.nlo = 1;
    cli.lo[0] = -1.0;
    cli.ncomp = 2;
    size_t n = 0;
    pint_batch_entry *e = pint_batch_read(path, &cli, &n, msg, sizeof msg);
    if (!e)
        fprintf(stderr, "\n  %s\n", msg);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_EQUAL_FATAL(n, 6);

    /* line 4: everything from the command line */
    CU_ASSERT_EQUAL(e[0].line, 4);
    CU_ASSERT_STRING_EQUAL(e[0].function, "genz1");
    CU_ASSERT_PTR_NULL(e[0].plugin);
    CU_ASSERT_EQUAL(e[0].ndim, 3);
    CU_ASSERT_EQUAL(e[0].ncomp, 0);
    CU_ASSERT_EQUAL(e[0].opt.epsabs, 1e-9);
    CU_ASSERT_EQUAL(e[0].opt.epsrel, 1e-4);
    CU_ASSERT_EQUAL(e[0].opt.max_evals, 12345);
    CU_ASSERT_EQUAL(e[0].seed, 77);
    CU_ASSERT_EQUAL(e[0].difficulty, 2.5);
    assert_all(e[0].lo, 3, -1.0);
    assert_all(e[0].hi, 3, 1.0);

    /* line 5: every numeric key */
    CU_ASSERT_EQUAL(e[1].line, 5);
    CU_ASSERT_STRING_EQUAL(e[1].function, "genz2");
    CU_ASSERT_EQUAL(e[1].ndim, 2);
    CU_ASSERT_EQUAL(e[1].opt.epsrel, 1e-3);
    CU_ASSERT_EQUAL(e[1].opt.epsabs, 1e-12);
    CU_ASSERT_EQUAL(e[1].opt.max_evals, 1000000);
    CU_ASSERT(e[1].seed == UINT64_MAX);
    CU_ASSERT_EQUAL(e[1].difficulty, 0.5);
    assert_all(e[1].lo, 2, 0.25);
    CU_ASSERT_EQUAL(e[1].hi[0], 2.0);
    CU_ASSERT_EQUAL(e[1].hi[1], 3.0);

    /* line 7: a lo list, a single hi, the comment glued to the value */
    CU_ASSERT_EQUAL(e[2].line, 7);
    CU_ASSERT_STRING_EQUAL(e[2].function, "explin");
    CU_ASSERT_EQUAL(e[2].lo[0], -1.0);
    CU_ASSERT_EQUAL(e[2].lo[1], -2.0);
    assert_all(e[2].hi, 2, 0.5);
    CU_ASSERT_EQUAL(e[2].seed, 77);
    /* keys that are options of pint's table; the others' defaults */
    CU_ASSERT_EQUAL(e[2].opt.method, PINT_METHOD_QMC);
    CU_ASSERT_EQUAL(e[2].opt.rule, PINT_RULE_GK41);
    CU_ASSERT_EQUAL(e[2].opt.norm, PINT_NORM_L2);
    CU_ASSERT_EQUAL(e[2].opt.scale, 3.0);
    CU_ASSERT_EQUAL(e[0].opt.method, PINT_METHOD_ADAPTIVE);
    CU_ASSERT_EQUAL(e[0].opt.rule, PINT_RULE_AUTO);
    CU_ASSERT_EQUAL(e[0].opt.norm, PINT_NORM_MAX);
    CU_ASSERT_EQUAL(e[0].opt.scale, 1.0);

    /* line 8: a plug-in symbol, not looked up, with its components */
    CU_ASSERT_EQUAL(e[3].line, 8);
    CU_ASSERT_STRING_EQUAL(e[3].function, "no_such_symbol");
    CU_ASSERT_PTR_NOT_NULL_FATAL(e[3].plugin);
    CU_ASSERT_STRING_EQUAL(e[3].plugin, "./libfoo.so");
    CU_ASSERT_EQUAL(e[3].ndim, 5);
    CU_ASSERT_EQUAL(e[3].ncomp, 7);
    assert_all(e[3].lo, 5, 0.0);
    assert_all(e[3].hi, 5, 1.0);

    /* line 9: a plug-in above every built-in's dimension, CRLF, the
     * command line's --ncomp */
    CU_ASSERT_EQUAL(e[4].line, 9);
    CU_ASSERT_STRING_EQUAL(e[4].function, "sym2");
    CU_ASSERT_PTR_NOT_NULL_FATAL(e[4].plugin);
    CU_ASSERT_STRING_EQUAL(e[4].plugin, "/tmp/x.so");
    CU_ASSERT_EQUAL(e[4].ndim, 1000);
    CU_ASSERT_EQUAL(e[4].ncomp, 2);
    assert_all(e[4].lo, 1000, -1.0);
    assert_all(e[4].hi, 1000, 1.0);

    /* line 10: the last line without a newline; no ncomp for built-ins */
    CU_ASSERT_EQUAL(e[5].line, 10);
    CU_ASSERT_STRING_EQUAL(e[5].function, "vec3");
    CU_ASSERT_EQUAL(e[5].ncomp, 0);
    CU_ASSERT_PTR_NULL(e[5].plugin);
    pint_batch_free(e, n);
    unlink(path);
}

/* Per-axis --lo/--hi lists apply to lines of their length only. */
static void test_cli_bound_lists(void)
{
    pint_cli cli;
    cli_init(&cli);
    cli.nlo = cli.nhi = 3;
    for (int i = 0; i < 3; i++) {
        cli.lo[i] = i;
        cli.hi[i] = 10 + i;
    }
    char path[4200], msg[512] = "";
    static const char good[] = "genz1 3\ngenz4 2 lo=0 hi=1\n";
    write_list("lists.txt", good, sizeof good - 1, path, sizeof path);
    size_t n = 0;
    pint_batch_entry *e = pint_batch_read(path, &cli, &n, msg, sizeof msg);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_EQUAL_FATAL(n, 2);
    for (int i = 0; i < 3; i++) {
        CU_ASSERT_EQUAL(e[0].lo[i], i);
        CU_ASSERT_EQUAL(e[0].hi[i], 10 + i);
    }
    assert_all(e[1].lo, 2, 0.0);
    assert_all(e[1].hi, 2, 1.0);
    pint_batch_free(e, n);
    unlink(path);

    struct { const char *text, *want; } bad[] = {
        { "genz1 3\ngenz1 2\n", ":2: --lo gives 3 values but the dimension "
          "is 2" },
        { "genz1 3\n#\ngenz1 2 lo=0\n", ":3: --hi gives 3 values but the "
          "dimension is 2" },
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        write_list("lists.txt", bad[k].text, strlen(bad[k].text), path,
                   sizeof path);
        n = 99;
        msg[0] = '\0';
        e = pint_batch_read(path, &cli, &n, msg, sizeof msg);
        CU_ASSERT_PTR_NULL(e);
        CU_ASSERT_EQUAL(n, 0);
        char want[4400];
        snprintf(want, sizeof want, "%s%s", path, bad[k].want);
        if (!strstr(msg, want))
            fprintf(stderr, "\n  got '%s'\n  want '%s'\n", msg, want);
        CU_ASSERT_PTR_NOT_NULL(strstr(msg, want));
        pint_batch_free(e, n);
    }
    unlink(path);
}

/* text fails with "PATH:" want as the whole one-line message. */
static void expect_error(const char *text, size_t len, const char *want)
{
    pint_cli cli;
    cli_init(&cli);
    char path[4200], msg[512] = "";
    write_list("bad.txt", text, len, path, sizeof path);
    size_t n = 99;
    pint_batch_entry *e = pint_batch_read(path, &cli, &n, msg, sizeof msg);
    CU_ASSERT_PTR_NULL(e);
    CU_ASSERT_EQUAL(n, 0);
    char full[4800];
    snprintf(full, sizeof full, "%s:%s", path, want);
    if (strcmp(msg, full) != 0)
        fprintf(stderr, "\n  got  '%s'\n  want '%s'\n", msg, full);
    CU_ASSERT_PTR_NOT_NULL(strstr(msg, full));
    CU_ASSERT_STRING_EQUAL(msg, full);
    CU_ASSERT_PTR_NULL(strchr(msg, '\n'));
    pint_batch_free(e, n);
    unlink(path);
}

#define BAD(text, want) expect_error(text, sizeof text - 1, want)

/* Every error names the file, the line and the offending token. */
static void test_errors(void)
{
    /* good lines before the bad one: their entries are freed */
    BAD("# ok\ngenz1 2\n\ngenz1 2 tol=1e-3\n", "4: unknown key 'tol'");
    BAD("genz1 2\ngenz1 2 plugin=a.so\ngenz1 x\n",
        "3: dimension must be a whole number 1..1000, got 'x'");
    BAD("genz1 0\n", "1: dimension must be a whole number 1..1000, got '0'");
    BAD("genz1 1001\n",
        "1: dimension must be a whole number 1..1000, got '1001'");
    BAD("genz1 2.5\n",
        "1: dimension must be a whole number 1..1000, got '2.5'");
    BAD("genz1 2\n\n\n\ngenz1 70\n",
        "5: integrand genz1 needs dimension 1..64, got 70");
    BAD("\nfoo 2\n", "2: unknown integrand 'foo' (see --list)");
    BAD("#\n#\n#\ngenz1 2 er=1e-3 seed=3 er=1e-4\n",
        "4: key 'er' given twice");
    BAD("genz1 2 lo=0 lo=0\n", "1: key 'lo' given twice");
    BAD("genz1 2\n#\n#\n#\n#\n#\n#\n#\ngenz1\n",
        "9: expected FUNCTION DIM [KEY=VALUE ...]");
    BAD("genz1 er=1e-3\n", "1: expected FUNCTION DIM [KEY=VALUE ...]");
    BAD("er=1 2\n", "1: expected FUNCTION DIM [KEY=VALUE ...]");
    BAD("genz1 2 junk\n", "1: expected KEY=VALUE, got 'junk'");
    BAD("genz1 2 =3\n", "1: expected KEY=VALUE, got '=3'");
    BAD("genz1 2 er=-1\n", "1: er must be a finite number >= 0, got '-1'");
    BAD("genz1 2 er=nan\n", "1: er must be a finite number >= 0, got 'nan'");
    BAD("genz1 2 er=1e400\n",
        "1: er must be a finite number >= 0, got '1e400'");
    BAD("genz1 2 er=\n", "1: er must be a finite number >= 0, got ''");
    BAD("genz1 2 ea=inf\n", "1: ea must be a finite number >= 0, got 'inf'");
    BAD("genz1 2 ea=1e-3x\n",
        "1: ea must be a finite number >= 0, got '1e-3x'");
    BAD("genz1 2 er=0 ea=0\n",
        "1: er and ea are both 0: give a tolerance > 0");
    BAD("genz1 2 max-evals=0\n",
        "1: max-evals must be a whole number >= 1, got '0'");
    BAD("genz1 2 max-evals=1.5\n",
        "1: max-evals must be a whole number >= 1, got '1.5'");
    BAD("genz1 2 max-evals=lots\n",
        "1: max-evals must be a whole number >= 1, got 'lots'");
    BAD("genz1 2 seed=-1\n", "1: seed must be a whole number "
        "0..18446744073709551615, got '-1'");
    BAD("genz1 2 seed=1e3\n", "1: seed must be a whole number "
        "0..18446744073709551615, got '1e3'");
    BAD("genz1 2 seed=18446744073709551616\n", "1: seed must be a whole "
        "number 0..18446744073709551615, got '18446744073709551616'");
    BAD("genz1 2 difficulty=0\n",
        "1: difficulty must be a finite number > 0, got '0'");
    BAD("genz1 2 difficulty=-2\n",
        "1: difficulty must be a finite number > 0, got '-2'");
    BAD("genz1 2 difficulty=nan\n",
        "1: difficulty must be a finite number > 0, got 'nan'");
    BAD("genz1 2 lo=0,0,0\n", "1: lo gives 3 values but the dimension is 2");
    BAD("genz1 3 hi=2,2\n", "1: hi gives 2 values but the dimension is 3");
    BAD("genz1 3 lo=1,,2\n", "1: lo needs a number (or -inf, inf) or a "
        "comma-separated list of them, got '1,,2'");
    BAD("genz1 2 lo=1,\n", "1: lo needs a number (or -inf, inf) or a "
        "comma-separated list of them, got '1,'");
    BAD("genz1 2 hi=,1\n", "1: hi needs a number (or -inf, inf) or a "
        "comma-separated list of them, got ',1'");
    BAD("genz1 2 hi=1,x\n", "1: hi needs a number (or -inf, inf) or a "
        "comma-separated list of them, got '1,x'");
    BAD("genz1 2 lo=\n", "1: lo needs a number (or -inf, inf) or a "
        "comma-separated list of them, got ''");
    BAD("genz1 2 lo=0.5 hi=0.5\n",
        "1: axis 1: lo 0.5 is not below hi 0.5");
    BAD("genz1 2\ngenz1 2 lo=0,2 hi=1,1\n",
        "2: axis 2: lo 2 is not below hi 1");
    BAD("genz1 2 ncomp=3\n", "1: ncomp applies only to a plug-in "
        "(plugin=FILE); genz1 is built in with 1 component");
    BAD("vec3 2 ncomp=3\n", "1: ncomp applies only to a plug-in "
        "(plugin=FILE); vec3 is built in with 3 components");
    BAD("sym 2 plugin=a.so ncomp=0\n",
        "1: ncomp must be a whole number 1..1024, got '0'");
    BAD("sym 2 ncomp=1025 plugin=a.so\n",
        "1: ncomp must be a whole number 1..1024, got '1025'");
    BAD("sym 2 plugin=\n", "1: plugin needs a file name");
    BAD("genz1 2 method=foo\n",
        "1: unknown method 'foo' (adaptive, mc, qmc, vegas)");
    BAD("genz1 2 rule=sym9 rule=gk41\n", "1: key 'rule' given twice");
    /* options that are not keys of a line */
    BAD("genz1 2 time-limit=1\n", "1: unknown key 'time-limit'");
    BAD("genz1 2 checkpoint=c.ckpt\n", "1: unknown key 'checkpoint'");
    /* a long value is shown cut short */
    BAD("genz1 2 er=1234567890123456789012345678901234567890123456789012"
        "34567890123456789x\n", "1: er must be a finite number >= 0, got "
        "'1234567890123456789012345678901234567890123456789012345678901...'");
    BAD("sym 2 plugin=a.so plugin=b.so\n", "1: key 'plugin' given twice");
    BAD("sym 2 ncomp=2\n", "1: unknown integrand 'sym' (see --list)");
    BAD("genz1 2\nx\0y 2\n", "2: line holds a NUL byte");
    /* a 64-character name is too long; 63 characters are fine */
    BAD("fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
        "f 2 plugin=a.so\n", "1: function name 'ffffffffffffffffffffffffff"
        "ffffffffffffffffffffffffffffffffffffff' is longer than 63 "
        "characters");
}

/* Expression lines: quoted values (either quote, blanks and '#'
 * inside), several expr= keys for a vector integrand, FUNCTION a free
 * label, the other keys and the command line's defaults as for any
 * line. */
static void test_expr_lines(void)
{
    static const char text[] =
        "# expression integrands\n"                                /* 1 */
        "expr 3 expr='exp(-x1^2 - x2^2) * cos(x3)' er=1e-8\n"      /* 2 */
        "vec 2 expr=\"x1*x2\" expr='(x1 < 0.3) * x2'"              /* 3 */
        " expr=x1+x2 hi=2 # a comment\n"
        "  blank\t1 expr=' x1 ' seed=5#c\n"                         /* 4 */
        "genz1 2 expr=\"1\"#glued comment\n"                      /* 5 */
        "q 2 plugin='/a dir/#1.so' lo=\"-1\"\n";                   /* 6 */
    char path[4200], msg[512] = "";
    write_list("expr.txt", text, sizeof text - 1, path, sizeof path);
    pint_cli cli;
    cli_init(&cli);
    size_t n = 0;
    pint_batch_entry *e = pint_batch_read(path, &cli, &n, msg, sizeof msg);
    if (!e)
        fprintf(stderr, "\n  %s\n", msg);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_EQUAL_FATAL(n, 5);

    CU_ASSERT_EQUAL(e[0].line, 2);
    CU_ASSERT_STRING_EQUAL(e[0].function, "expr");
    CU_ASSERT_EQUAL(e[0].ndim, 3);
    CU_ASSERT_EQUAL_FATAL(e[0].nexpr, 1);
    CU_ASSERT_STRING_EQUAL(e[0].expr[0], "exp(-x1^2 - x2^2) * cos(x3)");
    CU_ASSERT_PTR_NULL(e[0].plugin);
    CU_ASSERT_EQUAL(e[0].ncomp, 0);
    CU_ASSERT_EQUAL(e[0].opt.epsrel, 1e-8);
    CU_ASSERT_EQUAL(e[0].opt.epsabs, 1e-9);
    CU_ASSERT_EQUAL(e[0].seed, 77);
    assert_all(e[0].lo, 3, 0.0);
    assert_all(e[0].hi, 3, 1.0);

    /* three components in the order of the keys */
    CU_ASSERT_EQUAL(e[1].line, 3);
    CU_ASSERT_STRING_EQUAL(e[1].function, "vec");
    CU_ASSERT_EQUAL_FATAL(e[1].nexpr, 3);
    CU_ASSERT_STRING_EQUAL(e[1].expr[0], "x1*x2");
    CU_ASSERT_STRING_EQUAL(e[1].expr[1], "(x1 < 0.3) * x2");
    CU_ASSERT_STRING_EQUAL(e[1].expr[2], "x1+x2");
    assert_all(e[1].hi, 2, 2.0);

    /* blanks inside quotes are kept; after a value, a comment */
    CU_ASSERT_EQUAL(e[2].line, 4);
    CU_ASSERT_STRING_EQUAL(e[2].function, "blank");
    CU_ASSERT_EQUAL_FATAL(e[2].nexpr, 1);
    CU_ASSERT_STRING_EQUAL(e[2].expr[0], " x1 ");
    CU_ASSERT_EQUAL(e[2].seed, 5);

    /* a built-in's name is only a label beside expr= */
    CU_ASSERT_STRING_EQUAL(e[3].function, "genz1");
    CU_ASSERT_EQUAL_FATAL(e[3].nexpr, 1);
    CU_ASSERT_STRING_EQUAL(e[3].expr[0], "1");

    /* any value may be quoted; '#' inside quotes is text */
    CU_ASSERT_EQUAL(e[4].nexpr, 0);
    CU_ASSERT_PTR_NULL(e[4].expr);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e[4].plugin);
    CU_ASSERT_STRING_EQUAL(e[4].plugin, "/a dir/#1.so");
    assert_all(e[4].lo, 2, -1.0);
    pint_batch_free(e, n);
    unlink(path);
}

/* A mistake in an expression or a quote names the column in the line
 * (1-based, as the expression parser counts). */
static void test_expr_errors(void)
{
    /* the expression starts at column 11: 'y' is its 13th character */
    BAD("g 3 expr='exp(-x1^2 - y)'\n", "1: column 23: unknown name 'y' "
        "(variables are x1, x2, ...; constants pi and e)");
    BAD("genz1 2\n\nv 2 expr=x1 expr=\"sin(x2\"\n", "3: column 25: "
        "expected ')' to close sin(");
    BAD("g 2 expr='x1 + x3'\n", "1: column 16: x3 is beyond the "
        "dimension 2");
    BAD("g 2 expr=x1*x20\n", "1: column 13: x20 is beyond the dimension 2");
    BAD("g 2 expr=\n", "1: column 10: expression ends where a value is "
        "expected");
    BAD("g 2 expr=''\n", "1: column 11: expression ends where a value is "
        "expected");
    BAD("g 2 expr='x1 +'\n", "1: column 15: expression ends where a value "
        "is expected");
    BAD("g 2 expr='x1 + 1\n", "1: column 10: the quote is not closed");
    BAD("g 2 expr=\"x1 + 1'\n", "1: column 10: the quote is not closed");
    BAD("g 2 expr='x1'x2\n", "1: column 14: a blank must follow the "
        "closing quote");
    BAD("g 2 expr=x1'\n", "1: column 12: a quote may only open a value "
        "(KEY='...')");
    BAD("'g' 2 expr=x1\n", "1: column 1: a quote may only open a value "
        "(KEY='...')");
    BAD("g '2' expr=x1\n", "1: column 3: a quote may only open a value "
        "(KEY='...')");
    BAD("g 2 er='1e-3\n", "1: column 8: the quote is not closed");
    BAD("g 2 er='1e-3 x'\n",
        "1: er must be a finite number >= 0, got '1e-3 x'");
    BAD("g 2 expr=x1 plugin=p.so\n", "1: plugin does not go with expr "
        "(the components of an expression integrand are its expr= keys)");
    BAD("g 2 ncomp=2 expr=x1 expr=x2\n", "1: ncomp does not go with expr "
        "(the components of an expression integrand are its expr= keys)");
    BAD("g 2 expr='x1' 'x2'\n", "1: column 15: a quote may only open a "
        "value (KEY='...')");
    BAD("g='x 1' 2\n", "1: expected FUNCTION DIM [KEY=VALUE ...]");
}

/* 63-character symbols and 65536-byte lines are accepted; longer ones
 * are errors that name the line. */
static void test_limits(void)
{
    enum { LIMIT = 65536 };
    size_t cap = 4 * LIMIT;
    char *text = malloc(cap);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    char name[64];
    memset(name, 's', 63);
    name[63] = '\0';
    /* line 1: a comment line of exactly LIMIT bytes; line 2: a symbol of
     * 63 characters padded with blanks to LIMIT bytes */
    size_t len = 0;
    text[len++] = '#';
    memset(text + len, '-', LIMIT - 1);
    len += LIMIT - 1;
    text[len++] = '\n';
    int k = snprintf(text + len, cap - len, "%s 2 plugin=p.so", name);
    memset(text + len + k, ' ', LIMIT - (size_t)k);
    len += LIMIT;
    text[len++] = '\n';
    pint_cli cli;
    cli_init(&cli);
    char path[4200], msg[512] = "";
    write_list("long.txt", text, len, path, sizeof path);
    size_t n = 0;
    pint_batch_entry *e = pint_batch_read(path, &cli, &n, msg, sizeof msg);
    if (!e)
        fprintf(stderr, "\n  %s\n", msg);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_EQUAL(n, 1);
    CU_ASSERT_EQUAL(e[0].line, 2);
    CU_ASSERT_STRING_EQUAL(e[0].function, name);
    pint_batch_free(e, n);

    /* one more byte on line 3 */
    memcpy(text + len, "genz1 2 ", 8);
    memset(text + len + 8, ' ', LIMIT + 1 - 8);
    len += LIMIT + 1;
    text[len++] = '\n';
    memcpy(text + len, "genz1 2\n", 8);
    len += 8;
    expect_error(text, len, "3: line is longer than 65536 bytes");
    /* a megabyte-long line without a newline */
    free(text);
    len = (size_t)1 << 20;
    text = malloc(len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    memset(text, 'a', len);
    expect_error(text, len, "1: line is longer than 65536 bytes");
    free(text);
    unlink(path);
}

/* Empty lists and missing files. */
static void test_empty_and_missing(void)
{
    pint_cli cli;
    cli_init(&cli);
    static const char *const empty[] = { "", "\n\n", "# only\n  # comments\n",
                                         "\t \r\n#" };
    char path[4200], msg[512], want[4400];
    for (size_t k = 0; k < sizeof empty / sizeof empty[0]; k++) {
        write_list("empty.txt", empty[k], strlen(empty[k]), path,
                   sizeof path);
        size_t n = 99;
        msg[0] = '\0';
        pint_batch_entry *e = pint_batch_read(path, &cli, &n, msg,
                                              sizeof msg);
        CU_ASSERT_PTR_NULL(e);
        CU_ASSERT_EQUAL(n, 0);
        snprintf(want, sizeof want, "list '%s' holds no integrals", path);
        CU_ASSERT_STRING_EQUAL(msg, want);
        pint_batch_free(e, n);
    }
    unlink(path);

    snprintf(path, sizeof path, "%s/no-such-list.txt", tmpdir);
    size_t n = 99;
    msg[0] = '\0';
    pint_batch_entry *e = pint_batch_read(path, &cli, &n, msg, sizeof msg);
    CU_ASSERT_PTR_NULL(e);
    CU_ASSERT_EQUAL(n, 0);
    snprintf(want, sizeof want, "cannot open list '%s': %s", path,
             strerror(ENOENT));
    CU_ASSERT_STRING_EQUAL(msg, want);

    /* a directory opens but cannot be read */
    msg[0] = '\0';
    e = pint_batch_read(tmpdir, &cli, &n, msg, sizeof msg);
    CU_ASSERT_PTR_NULL(e);
    CU_ASSERT_PTR_NOT_NULL(strstr(msg, tmpdir));
    CU_ASSERT(strlen(msg) > 0);
    pint_batch_free(NULL, 0);
    pint_batch_free(NULL, 3);
}

/* --family NAME --count N: consecutive seeds, the command line's rest. */
static void test_family(void)
{
    pint_cli cli;
    cli_init(&cli);
    cli.nhi = 1;
    cli.hi[0] = 2.0;
    cli.ncomp = 4;
    char msg[256] = "";
    pint_batch_entry *e = pint_batch_family("genz3", 7, 5, 1000, &cli, msg,
                                            sizeof msg);
    if (!e)
        fprintf(stderr, "\n  %s\n", msg);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    for (size_t i = 0; i < 5; i++) {
        CU_ASSERT_EQUAL(e[i].line, 0);
        CU_ASSERT_STRING_EQUAL(e[i].function, "genz3");
        CU_ASSERT_PTR_NULL(e[i].plugin);
        CU_ASSERT_EQUAL(e[i].ndim, 7);
        CU_ASSERT_EQUAL(e[i].ncomp, 0);
        CU_ASSERT(e[i].seed == 1000 + i);
        CU_ASSERT_EQUAL(e[i].opt.epsabs, 1e-9);
        CU_ASSERT_EQUAL(e[i].opt.epsrel, 1e-4);
        CU_ASSERT_EQUAL(e[i].opt.max_evals, 12345);
        CU_ASSERT_EQUAL(e[i].difficulty, 2.5);
        assert_all(e[i].lo, 7, 0.0);
        assert_all(e[i].hi, 7, 2.0);
    }
    pint_batch_free(e, 5);

    /* one instance at the family's largest dimension, per-axis lists */
    cli.nlo = cli.nhi = 64;
    for (int i = 0; i < 64; i++) {
        cli.lo[i] = -i;
        cli.hi[i] = i + 1;
    }
    e = pint_batch_family("genz1", 64, 1, 0, &cli, msg, sizeof msg);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT(e[0].seed == 0);
    CU_ASSERT_EQUAL(e[0].lo[63], -63.0);
    CU_ASSERT_EQUAL(e[0].hi[63], 64.0);
    pint_batch_free(e, 1);

    struct { const char *fam; int ndim; size_t count; const char *want; }
    bad[] = {
        { "nope", 2, 3, "unknown integrand 'nope' (see --list)" },
        { NULL, 2, 3, "unknown integrand '' (see --list)" },
        { "genz1", 0, 3, "integrand genz1 needs dimension 1..64, got 0" },
        { "genz1", 65, 3, "integrand genz1 needs dimension 1..64, got 65" },
        { "explin", 17, 3, "integrand explin needs dimension 1..16, got 17" },
        { "genz1", 2, 0, "--count must be a whole number 1..1000000, got 0" },
        { "genz1", 2, 1000001,
          "--count must be a whole number 1..1000000, got 1000001" },
        { "genz1", 2, 3, "--lo gives 64 values but the dimension is 2" },
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        msg[0] = '\0';
        e = pint_batch_family(bad[k].fam, bad[k].ndim, bad[k].count, 1, &cli,
                              msg, sizeof msg);
        CU_ASSERT_PTR_NULL(e);
        if (strcmp(msg, bad[k].want) != 0)
            fprintf(stderr, "\n  got  '%s'\n  want '%s'\n", msg,
                    bad[k].want);
        CU_ASSERT_STRING_EQUAL(msg, bad[k].want);
        pint_batch_free(e, 0);
    }

    /* bounds that cross, and no tolerance, are errors here too */
    cli.nlo = cli.nhi = 1;
    cli.lo[0] = 1.0;
    cli.hi[0] = 1.0;
    e = pint_batch_family("genz2", 3, 4, 1, &cli, msg, sizeof msg);
    CU_ASSERT_PTR_NULL(e);
    CU_ASSERT_STRING_EQUAL(msg, "axis 1: lo 1 is not below hi 1");
    cli.lo[0] = 0.0;
    cli.opt.epsabs = cli.opt.epsrel = 0.0;
    e = pint_batch_family("genz2", 3, 4, 1, &cli, msg, sizeof msg);
    CU_ASSERT_PTR_NULL(e);
    CU_ASSERT_STRING_EQUAL(msg, "er and ea are both 0: give a tolerance > 0");
}

int main(void)
{
    const char *base = getenv("TMPDIR");
    if (!base || !*base)
        base = "/tmp";
    snprintf(tmpdir, sizeof tmpdir, "%s/pint-batch-XXXXXX", base);
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 2;
    }
    CU_TestInfo tests[] = {
        { "good file, every key, defaults", test_good_file },
        { "per-axis --lo/--hi lists", test_cli_bound_lists },
        { "errors name file, line, token", test_errors },
        { "name and line length limits", test_limits },
        { "empty list, missing file", test_empty_and_missing },
        { "family generator", test_family },
        { "expression lines, quoted values", test_expr_lines },
        { "expression and quote errors name the column", test_expr_errors },
        CU_TEST_INFO_NULL,
    };
    int rc = pint_test_run("batch", tests);
    if (rmdir(tmpdir) != 0) {
        fprintf(stderr, "cannot remove %s: %s\n", tmpdir, strerror(errno));
        rc = rc ? rc : 1;
    }
    return rc;
}

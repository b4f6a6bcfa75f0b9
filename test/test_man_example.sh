#!/bin/sh
# test_man_example.sh -- the EXAMPLE of pint(3) compiles, runs and is right.
#
# The example is built by make as the check program examples/embed
# from examples/embed.c, with the flags of the build, against the
# shared libpint (the public API only).  This script checks that
#  1. the text between .nf and .fi of the EXAMPLE section of man/pint.3,
#     with its groff escapes undone, is exactly examples/embed.c (so
#     the page shows the program that is built), and
#  2. the program exits 0 and prints a value within its printed error
#     estimate of the printed closed form, the estimate meeting the
#     relative tolerance 1e-8 of the example.
#
# Environment (AM_TESTS_ENVIRONMENT): PINT_SRCDIR, PINT_EXAMPLES (the
# build's examples directory); srcdir.
set -u

top=${PINT_SRCDIR:-${srcdir:-.}}
page=$top/man/pint.3
source=$top/examples/embed.c
prog=${PINT_EXAMPLES:-./examples}/embed
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_man_example.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

# 1. The page's example, unescaped.  \e and \(rs are backslashes (parked
# on a control character until the other escapes are undone); any escape
# left over is one this test does not know: fail rather than guess.
awk '/^\.SH/ { in_ex = ($0 ~ /^\.SH +"?EXAMPLES?"?[ \t]*$/); next }
     in_ex && !code && /^\.nf/ { code = 1; found = 1; next }
     in_ex && code && /^\.fi/ { code = 0; in_ex = 0; next }
     code { print }
     END { exit found ? 0 : 1 }' "$page" > "$tmp/escaped" || {
    echo "FAIL: no .nf/.fi block in the EXAMPLE section of $page"; exit 1; }
# groff would render a bare - or ' as a typographic hyphen or quote on
# some systems (and copied code would not compile), and read a line that
# starts with . or ' as a request
if grep -n -e "^[.']" -e "[^\\\\]-" -e "^-" -e "'" "$tmp/escaped"; then
    echo "FAIL: the EXAMPLE of $page needs \\- for -, \\(aq for ' and \\& before a leading . (lines above)"
    exit 1
fi
ctl=$(printf '\001')
sed -e "s/\\\\e/$ctl/g" -e "s/\\\\(rs/$ctl/g" -e 's/\\-/-/g' \
    -e "s/\\\\(aq/'/g" -e 's/\\(dq/"/g' -e 's/\\(ti/~/g' -e 's/\\(ha/^/g' \
    -e 's/\\(ga/`/g' -e 's/\\&//g' "$tmp/escaped" > "$tmp/example.c"
if grep -n '\\' "$tmp/example.c"; then
    echo "FAIL: unknown groff escape in the EXAMPLE of $page (lines above)"
    exit 1
fi
sed -i.bak "s/$ctl/\\\\/g" "$tmp/example.c"
if ! cmp -s "$tmp/example.c" "$source"; then
    echo "FAIL: the EXAMPLE of man/pint.3 differs from examples/embed.c:"
    diff -u "$source" "$tmp/example.c"
    exit 1
fi
echo "man/pint.3 EXAMPLE is examples/embed.c ($(wc -l < "$source") lines)"

# 2. The program and its answer.
if [ ! -x "$prog" ]; then
    echo "FAIL: $prog was not built"; exit 1
fi
"$prog" > "$tmp/out" 2> "$tmp/err"
rc=$?
cat "$tmp/out" "$tmp/err"
if [ "$rc" -ne 0 ]; then
    echo "FAIL: the example exited with status $rc"; exit 1
fi
awk '$1 == "value" && $3 == "error" && $5 == "exact" && $7 == "status" {
         v = $2 + 0; e = $4 + 0; x = $6 + 0; seen = 1
         d = v - x; if (d < 0) d = -d
         if ($8 != "converged") { print "FAIL: status " $8; bad = 1 }
         if (!(d <= e)) { print "FAIL: |value - exact| = " d " > error " e; bad = 1 }
         if (!(e <= 1e-8 * (v < 0 ? -v : v))) {
             print "FAIL: error " e " above the tolerance"; bad = 1 }
         if (!(x > 2.18 && x < 2.19)) { print "FAIL: exact " x "?"; bad = 1 }
     }
     END { if (!seen) print "FAIL: no result line"; exit (seen && !bad) ? 0 : 1 }' \
    "$tmp/out" || exit 1
echo "the example's value is within its error estimate of the closed form"
exit 0

#!/bin/sh
# test_man.sh -- the man pages against the programs (run by `make check`).
#
# 1. Every option that `pint --help` (`pint-bench --help`) lists on an
#    option line must be documented in man/pint.1 (man/pint-bench.1) as the
#    tag of a .TP (or .TQ/.IP) paragraph, and every other --option the help
#    mentions must at least appear in the page; conversely every option
#    tagged in the page's OPTIONS section must be one that --help lists.
# 2. The NAME line of man/pint.3 (from which `make install` links a page
#    for every function, `man pint_integrate`) and its SYNOPSIS name
#    exactly the functions lib/pint.h exports (PINT_API).
# 3. groff -ww renders pint.1, pint-bench.1 and pint.3 without a warning.
#    Without groff that part is skipped (exit 77 when all else passed).
#
# Environment (AM_TESTS_ENVIRONMENT): PINT, PINT_BENCH, PINT_SRCDIR; srcdir.
set -u

top=${PINT_SRCDIR:-${srcdir:-.}}
PINT=${PINT:-./drivers/pint}
PINT_BENCH=${PINT_BENCH:-./drivers/pint-bench}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_man.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

# The page as plain text: hyphens and fonts unescaped, quotes dropped.
plain() {
    sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\f([A-Z][A-Z]//g' \
        -e 's/\\f\[[^]]*\]//g' -e 's/\\[&%]//g' -e 's/"//g' "$1"
}

# Options (-x, --xxx) in the tags of .TP/.TQ paragraphs and .IP macros,
# one per line; with "options" as $2 only those of the OPTIONS section.
tagged() {
    plain "$1" | awk -v only="${2:-}" '
        /^\.SH/ { in_opts = ($0 ~ /^\.SH +OPTIONS/) }
        only != "" && !in_opts { tag = 0; next }
        tag { print; tag = 0; next }
        /^\.(TP|TQ)/ { tag = 1; next }
        /^\.IP/ { print }' |
    grep -oE '(^|[^-A-Za-z0-9])--?[A-Za-z][-A-Za-z0-9]*' |
    sed 's/^[^-]*//' | sort -u
}

# check PROGRAM MANPAGE: the help against the page.
check() {
    prog=$1 page=$2 name=$(basename "$2")
    if ! "$prog" --help > "$tmp/help" 2> "$tmp/help.err"; then
        echo "FAIL: $prog --help failed:"; cat "$tmp/help.err"
        fail=1; return
    fi
    # option lines: "  -x, --long ARG" or "      --long ARG" or "  -x ARG"
    awk '/^ +-/ {
            if ($1 ~ /^-[A-Za-z],$/) { print substr($1, 1, 2); print $2 }
            else print $1 }' "$tmp/help" |
        grep -xE -e '--?[A-Za-z][-A-Za-z0-9]*' | sort -u > "$tmp/listed"
    # any other --option the help mentions
    grep -oE '(^|[^-A-Za-z0-9])--[a-z][-a-z0-9]*' "$tmp/help" |
        sed 's/^[^-]*//' | sort -u > "$tmp/mentioned"
    if [ ! -s "$tmp/listed" ]; then
        echo "FAIL: no options found in $prog --help"; fail=1; return
    fi
    tagged "$page" > "$tmp/tagged"
    tagged "$page" options > "$tmp/tagged_opts"
    plain "$page" > "$tmp/plain"
    n=0
    for opt in $(cat "$tmp/listed"); do
        n=$((n + 1))
        if ! grep -qxF -e "$opt" "$tmp/tagged"; then
            echo "FAIL: $name does not document $opt (from $(basename "$prog") --help)"
            fail=1
        fi
    done
    for opt in $(comm -23 "$tmp/mentioned" "$tmp/listed"); do
        if ! grep -qE -e "(^|[^-A-Za-z0-9])$opt([^-A-Za-z0-9]|\$)" "$tmp/plain"; then
            echo "FAIL: $name never mentions $opt (from $(basename "$prog") --help)"
            fail=1
        fi
    done
    for opt in $(comm -23 "$tmp/tagged_opts" "$tmp/listed"); do
        echo "FAIL: $name documents $opt, which $(basename "$prog") --help does not list"
        fail=1
    done
    echo "$name: $n options of --help checked"
}

check "$PINT" "$top/man/pint.1"
check "$PINT_BENCH" "$top/man/pint-bench.1"

# the exported functions against pint(3)'s NAME line and SYNOPSIS
grep -E '^PINT_API ' "$top/lib/pint.h" | grep -oE 'pint_[a-z_]+ *\(' |
    tr -d ' (' | sort -u > "$tmp/api"
sed -n '/^\.SH NAME/,/^\.SH SYNOPSIS/p' "$top/man/pint.3" | sed 's/\\-.*//' |
    grep -oE 'pint_[a-z_]+' | sort -u > "$tmp/name_line"
sed -n '/^\.SH SYNOPSIS/,/^\.SH DESCRIPTION/p' "$top/man/pint.3" |
    grep -oE 'pint_[a-z_]+\(' | tr -d '(' | sort -u > "$tmp/synopsis"
if [ ! -s "$tmp/api" ]; then
    echo "FAIL: no PINT_API function found in lib/pint.h"; fail=1
fi
for part in name_line synopsis; do
    if ! cmp -s "$tmp/api" "$tmp/$part"; then
        echo "FAIL: pint(3)'s ${part%_line} and the functions of pint.h differ (< pint.h, > the page):"
        diff "$tmp/api" "$tmp/$part" | grep '^[<>]'
        fail=1
    fi
done
echo "man/pint.3: NAME and SYNOPSIS name the $(wc -l < "$tmp/api") functions of pint.h"

if command -v groff > /dev/null 2>&1; then
    for page in pint.1 pint-bench.1 pint.3; do
        LC_ALL=C groff -ww -man -Tutf8 -z "$top/man/$page" > "$tmp/out" 2>&1
        if [ -s "$tmp/out" ]; then
            echo "FAIL: groff -ww warns on man/$page:"; cat "$tmp/out"
            fail=1
        else
            echo "man/$page: groff -ww clean"
        fi
    done
else
    echo "groff not found: rendering not checked"
    [ "$fail" -eq 0 ] && exit 77
fi
exit "$fail"

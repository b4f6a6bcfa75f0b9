#!/bin/sh
# installcheck.sh -- the installed library as a user meets it (`make
# installcheck`, run by `make distcheck`):
#  1. `pkg-config --cflags --libs pint` finds the installed pint.pc, and
#     the pint(3) example (examples/embed.c) builds with plain cc and
#     those flags alone, runs against the installed libpint.so and prints
#     a value within its error of the closed form;
#  2. `man pint_integrate` and every other function of pint(3)'s NAME
#     line find the page.
#
# Arguments: DESTDIR (may be empty), pkgconfigdir, libdir, man3dir,
# srcdir.
set -u
destdir=$1 pcdir=$2 libdir=$3 man3dir=$4 srcdir=$5
tmp=$(mktemp -d "${TMPDIR:-/tmp}/installcheck.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "installcheck: FAIL: $*"; exit 1; }

# 1. pkg-config and the example; with DESTDIR the paths in pint.pc are
# the final ones, so pkg-config puts DESTDIR before them
export PKG_CONFIG_PATH="$destdir$pcdir"
export PKG_CONFIG_SYSROOT_DIR="$destdir"
flags=$(pkg-config --cflags --libs pint) ||
    fail "pkg-config --cflags --libs pint (PKG_CONFIG_PATH=$PKG_CONFIG_PATH)"
case " $flags " in
    *" -lpint "*) ;;
    *) fail "pkg-config --libs pint gave '$flags', without -lpint" ;;
esac
# shellcheck disable=SC2086
cc -std=c11 -o "$tmp/example" "$srcdir/examples/embed.c" $flags -lm ||
    fail "the pint(3) example does not build with cc and pkg-config's flags: $flags"
LD_LIBRARY_PATH="$destdir$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
    "$tmp/example" > "$tmp/out" 2>&1 ||
    { cat "$tmp/out"; fail "the example built against the installed library exits non-zero"; }
# it must have loaded the installed library, not a build tree's
LD_LIBRARY_PATH="$destdir$libdir" ldd "$tmp/example" | grep -q "$destdir$libdir/libpint" ||
    fail "the example did not load $destdir$libdir/libpint.so: $(ldd "$tmp/example" | grep pint)"
awk '{ v = $2; e = $4; x = $6
       d = v - x; if (d < 0) d = -d
       if ($1 != "value" || $8 != "converged" || !(d <= e) || !(e <= 1e-8 * x)) exit 1 }' \
    "$tmp/out" || { cat "$tmp/out"; fail "the example's estimate is not within its error of the closed form"; }
echo "pkg-config: $flags; the pint(3) example: $(cat "$tmp/out")"

# 2. a man page for every function of the NAME line
names=$(sed -n '/^\.SH NAME/,/^\.SH SYNOPSIS/p' "$srcdir/man/pint.3" |
        sed 's/\\-.*//' | grep -o 'pint_[a-z_]*')
[ -n "$names" ] || fail "no function names in the NAME line of pint(3)"
n=0
for f in $names; do
    [ -f "$destdir$man3dir/$f.3" ] || fail "no man page $man3dir/$f.3"
    n=$((n + 1))
done
mandir=${man3dir%/man3}
if command -v man > /dev/null 2>&1; then
    man -M "$destdir$mandir" -w pint_integrate > /dev/null 2>&1 ||
        fail "man -M $destdir$mandir -w pint_integrate finds nothing"
fi
echo "man pages: $n functions link to pint(3)"

#!/bin/sh
# test_layers.sh -- the library's layers, read from its objects (run by
# `make check`).
#
# From `nm` of the library's archives (.libs/libpintcore.a,
# .libs/libpintintegrands.a in the build tree), one module per object:
# module A uses module B when A refers to a symbol B defines.
#   1. The uses form no cycle: the modules can be stacked in layers,
#      each using only those below it.  A cycle is printed as a path.
#   2. MPI is called from lib/par/ only (symbols MPI_*, PMPI_*, ompi_*):
#      every other module runs without knowing about ranks.
#   3. No module ends the process: none calls exit, _exit, _Exit,
#      quick_exit, abort, MPI_Abort or assert (__assert_fail); the
#      library returns a status on every rank, whatever happens.
# The checker first proves on a made-up listing with a cycle, a stray
# MPI call and an abort that it finds all three, so a broken checker
# cannot pass.
#
# Environment (AM_TESTS_ENVIRONMENT): PINT_SRCDIR (source tree).
# Run from the build tree.  Exit 0 pass, 1 fail, 99 hard error.
set -u

top=${PINT_SRCDIR:-${srcdir:-.}}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_layers.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

# nm's listing of archives as "module<TAB>kind<TAB>symbol" lines; the
# module is the source file's path without .c (lib/par/worker), found
# from the object's name (libpintcore_la-worker.o) in the source tree.
listing() {
    for a in "$@"; do
        nm "$a" || return 1
    done | awk -v top="$top" '
        function source(obj,   base, d, n, dirs, f) {
            base = obj
            sub(/:$/, "", base); sub(/\.o$/, "", base)
            sub(/^[A-Za-z0-9]*_la-/, "", base)
            n = split("lib lib/par rules integrands", dirs, " ")
            for (d = 1; d <= n; d++) {
                f = top "/" dirs[d] "/" base ".c"
                if ((getline line < f) > 0) { close(f); return dirs[d] "/" base }
                close(f)
            }
            return "?/" base
        }
        /\.o:$/ { mod = source($1); next }
        NF == 2 && $1 == "U" { print mod "\tU\t" $2; next }
        NF == 3 && $2 ~ /^[TDBRCVW]$/ { print mod "\tD\t" $3 }'
}

# The check of a listing; prints what is wrong, exit status 1 when
# anything is.
check() {
    awk -F '\t' '
        $2 == "D" { def[$3] = $1; mods[$1] = 1 }
        $2 == "U" { use[NR] = $1 "\t" $3; mods[$1] = 1 }
        END {
            bad = 0
            for (i in use) {
                split(use[i], u, "\t")
                if (u[2] ~ /^(exit|_exit|_Exit|quick_exit|abort|MPI_Abort|__assert_fail)$/) {
                    printf "ends the process: %s calls %s\n", u[1], u[2]
                    bad = 1
                }
                if (u[2] ~ /^(MPI_|PMPI_|ompi_)/ && u[1] !~ /^lib\/par\//) {
                    if (!((u[1], "mpi") in said))
                        printf "MPI outside lib/par/: %s calls %s\n", u[1], u[2]
                    said[u[1], "mpi"] = 1
                    bad = 1
                }
                if (!(u[2] in def) || def[u[2]] == u[1])
                    continue
                b = def[u[2]]
                if (!((u[1], b) in edge)) {
                    edge[u[1], b] = u[2]
                    out[u[1]] = out[u[1]] " " b
                }
            }
            # peel off modules that use nothing left; what stays is on
            # a cycle or leads to one
            for (m in mods) left[m] = 1
            do {
                peeled = 0
                for (m in left) {
                    n = split(out[m], to, " ")
                    sink = 1
                    for (j = 1; j <= n; j++)
                        if (to[j] in left) { sink = 0; break }
                    if (sink) { delete left[m]; peeled = 1 }
                }
            } while (peeled)
            for (m in left) {
                # walk uses among what is left until a module repeats;
                # the cycle is the walk from its first visit
                delete seen
                at = m; k = 0
                while (!(at in seen)) {
                    seen[at] = ++k
                    step[k] = at
                    n = split(out[at], to, " ")
                    for (j = 1; j <= n; j++)
                        if (to[j] in left) { nx = to[j]; break }
                    via[k] = edge[at, nx]
                    at = nx
                }
                path = at
                for (j = seen[at]; j <= k; j++)
                    path = path " -> " (j < k ? step[j + 1] : at) " (" via[j] ")"
                printf "cycle: %s\n", path
                bad = 1
                break
            }
            exit bad
        }'
}

# 1. The checker sees a cycle and a stray MPI call in a made-up listing.
printf '%s\t%s\t%s\n' \
    lib/a D f_a  lib/a U f_b  lib/b D f_b  lib/b U f_c \
    lib/c D f_c  lib/c U f_a  lib/d D f_d  lib/d U MPI_Send \
    lib/par/e D f_e  lib/par/e U MPI_Recv  lib/par/e U f_a \
    lib/par/e U MPI_Abort > "$tmp/made_up"
check < "$tmp/made_up" > "$tmp/made_up.out"
if ! grep -q '^cycle: lib/[abc] -> ' "$tmp/made_up.out" ||
   ! grep -q '^MPI outside lib/par/: lib/d calls MPI_Send' "$tmp/made_up.out" ||
   ! grep -q '^ends the process: lib/par/e calls MPI_Abort' "$tmp/made_up.out" ||
   grep -q 'MPI outside lib/par/: lib/par/e' "$tmp/made_up.out"; then
    echo "test_layers: the checker missed what the made-up listing holds:"
    cat "$tmp/made_up.out"
    exit 1
fi

# 2. The library itself.
archives=""
for a in .libs/libpintcore.a .libs/libpintintegrands.a; do
    [ -f "$a" ] || { echo "test_layers: no $a (run from the build tree)"; exit 99; }
    archives="$archives $a"
done
# shellcheck disable=SC2086
listing $archives > "$tmp/lib" || { echo "test_layers: nm failed"; exit 99; }
mods=$(cut -f1 "$tmp/lib" | sort -u | wc -l)
unknown=$(cut -f1 "$tmp/lib" | grep '^?/' | sort -u)
if [ -n "$unknown" ]; then
    echo "test_layers: objects without a source in lib/, lib/par/, rules/, integrands/:"
    echo "$unknown"
    exit 1
fi
if ! check < "$tmp/lib"; then
    echo "test_layers: FAIL ($mods modules)"
    exit 1
fi
echo "test_layers: $mods modules, no cycle, MPI only in lib/par/, none ends the process"
exit 0

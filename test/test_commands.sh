#!/bin/sh
# test_commands.sh -- every command of the README's "Using pint" block and
# of the EXAMPLES of pint(1) and pint-bench(1) runs as written.
#
# The commands run one after the other, in the order of the text (a
# plug-in is built before it is loaded, a checkpoint written before it is
# resumed), in a scratch directory that has the source tree's examples/
# as a clone has it, with `pint` and `pint-bench` of this build first on
# PATH.  Two things differ from a user's shell, both as the README says
# for this machine: mpirun gets --oversubscribe (2 cores) and Open MPI's
# permission to run as root.  Each command must exit 0, or the status
# its comment names ("exit 1"), within PINT_COMMAND_TIMEOUT seconds
# (default 300).
#
# Environment (AM_TESTS_ENVIRONMENT): PINT, PINT_BENCH, PINT_SRCDIR,
# MPIRUN.
set -u
top=${PINT_SRCDIR:-.}
PINT=${PINT:-./drivers/pint}
PINT_BENCH=${PINT_BENCH:-./drivers/pint-bench}
MPIRUN=${MPIRUN:-mpirun}
limit=${PINT_COMMAND_TIMEOUT:-300}
# absolute paths: the wrappers below come first on PATH (an mpirun
# wrapper that ran "mpirun" would run itself)
MPIRUN=$(command -v "$MPIRUN") || { echo "FAIL: no mpirun"; exit 1; }
case $PINT in /*) ;; *) PINT=$PWD/$PINT ;; esac
case $PINT_BENCH in /*) ;; *) PINT_BENCH=$PWD/$PINT_BENCH ;; esac
case $top in /*) ;; *) top=$PWD/$top ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_commands.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin" "$tmp/work"
ln -s "$top/examples" "$tmp/work/examples"
printf '#!/bin/sh\nexec "%s" "$@"\n' "$PINT" > "$tmp/bin/pint"
printf '#!/bin/sh\nexec "%s" "$@"\n' "$PINT_BENCH" > "$tmp/bin/pint-bench"
printf '#!/bin/sh\nexec "%s" --oversubscribe "$@"\n' "$MPIRUN" > "$tmp/bin/mpirun"
chmod +x "$tmp/bin/pint" "$tmp/bin/pint-bench" "$tmp/bin/mpirun"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

# The code block after "## Using pint" of the README, and the first
# .nf/.fi block of a page's EXAMPLES with its groff escapes undone: one
# command a line (lines that are only a comment carry on the one above).
readme_commands() {
    awk '/^## Using pint/ { sec = 1; next }
         sec && /^```/ { if (code) exit; code = 1; next }
         code { print }' "$top/README.md"
}
page_commands() {
    awk '/^\.SH/ { ex = ($0 ~ /^\.SH +EXAMPLES/); next }
         ex && /^\.nf/ { code = 1; next }
         code && /^\.fi/ { exit }
         code { print }' "$1" |
        sed -e 's/\\-/-/g' -e "s/\\\\(aq/'/g" -e 's/\\(dq/"/g' -e 's/\\e/\\/g'
}

# Each command with the exit status its comment names (0 when none), a
# comment that carries on over lines of its own included: "WANT CMD".
with_status() {
    awk 'function flush() { if (cmd != "") print (want == "" ? 0 : want), cmd
                            cmd = ""; want = "" }
         function status(s) { if (match(s, /#.*exit [0-9]/))
                                  want = substr(s, RSTART + RLENGTH - 1, 1) }
         /^[ \t]*$/ { next }
         /^[ \t]*#/ { if (cmd != "") status($0); next }
         { flush(); cmd = $0; sub(/^[ \t]+/, "", cmd); status($0) }
         END { flush() }'
}

fail=0 n=0
run_all() {     # WHERE, the commands on stdin
    with_status > "$tmp/cmds"
    while read -r want cmd; do
        n=$((n + 1))
        start=$(date +%s)
        (cd "$tmp/work" && PATH="$tmp/bin:$PATH" timeout "$limit" sh -c "$cmd" \
            > "$tmp/out" 2> "$tmp/err" < /dev/null)
        rc=$?
        secs=$(( $(date +%s) - start ))
        if [ "$rc" -ne "$want" ]; then
            echo "FAIL ($1): exit $rc, wanted $want, ${secs} s: $cmd"
            [ "$rc" -eq 124 ] && echo "  (timed out after $limit s)"
            tail -5 "$tmp/err" | sed 's/^/  stderr: /'
            tail -3 "$tmp/out" | sed 's/^/  stdout: /'
            fail=1
        else
            echo "ok ($1, exit $rc, ${secs} s): $cmd"
        fi
    done < "$tmp/cmds"
}

readme_commands > "$tmp/readme"
[ -s "$tmp/readme" ] || { echo "FAIL: no commands found after '## Using pint' in README.md"; exit 1; }
run_all README < "$tmp/readme"
rm -f "$tmp/work/myf.so" "$tmp/work/run.ckpt"
for page in pint.1 pint-bench.1; do
    page_commands "$top/man/$page" > "$tmp/page"
    [ -s "$tmp/page" ] || { echo "FAIL: no EXAMPLES commands in man/$page"; fail=1; }
    run_all "$page" < "$tmp/page"
done
# the list pint(1) shows is examples/integrals.txt (its comments aside)
awk '/^\.SH/ { ex = ($0 ~ /^\.SH +EXAMPLES/); next }
     ex && /^\.nf/ { blk++; code = 1; next }
     ex && /^\.fi/ { code = 0; next }
     ex && code && blk == 2 { print }' "$top/man/pint.1" |
    sed -e 's/\\-/-/g' -e "s/\\\\(aq/'/g" -e 's/\\(dq/"/g' |
    grep -v '^#' > "$tmp/page_list"
grep -v '^#' "$top/examples/integrals.txt" > "$tmp/file_list"
if [ ! -s "$tmp/file_list" ] || ! cmp -s "$tmp/page_list" "$tmp/file_list"; then
    echo "FAIL: the list in pint(1)'s EXAMPLES is not examples/integrals.txt:"
    diff "$tmp/file_list" "$tmp/page_list"
    fail=1
fi
echo "$n commands run"
exit "$fail"

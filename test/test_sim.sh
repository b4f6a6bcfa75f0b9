#!/bin/sh
# test_sim.sh -- the simulation of the distributed balancing (bench/sim.c)
# is the engine's run where it must be, and loses nothing.
#
#  1. One worker: the evaluations, the value and the error of the
#     sequential engine (the simulation's own serial run), bit for bit,
#     and an efficiency of 1 (the simulated seconds are the points times
#     the cost, plus the start's messages).
#  2. Round-robin on 4 workers and the tree on 5 (groups of 2): every
#     run ends, is honest (|Q - I| <= E against the closed form) and
#     makes at least the serial run's evaluations less 1% (work in
#     flight is counted, none is dropped).
#  3. A bad option: one line, exit 2.
set -u
sim=${PINT_SIM:-./bench/pint-sim}
fail=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test_sim.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

num() {     # num FILE KEY: the JSON number
    sed -n "s/.*\"$2\": \\([^,}]*\\).*/\\1/p" "$1"
}
check() {   # check LABEL CONDITION (an awk expression over $1..)
    if ! awk "BEGIN { exit !($2) }"; then
        echo "FAIL: $1 ($2)"
        fail=1
    else
        echo "ok: $1"
    fi
}

case="-f genz2 -d 2 --er 1e-7 --rule gm --cost-us 1000"
# shellcheck disable=SC2086
"$sim" $case --ranks 1 > "$tmp/one" || { echo "FAIL: 1 rank ran"; exit 1; }
e1=$(num "$tmp/one" evals)
s1=$(num "$tmp/one" serial_evals)
check "one worker makes the serial run's evaluations" "$e1 == $s1"
check "one worker: efficiency 1" "$(num "$tmp/one" efficiency) >= 0.999"
check "one worker: honest" "$(num "$tmp/one" honest) == 1"

for mode in "--balance rr --ranks 4" "--balance tree --group 2 --ranks 5"; do
    # shellcheck disable=SC2086
    if ! "$sim" $case $mode > "$tmp/run"; then
        echo "FAIL: $mode ran"
        fail=1
        continue
    fi
    q=$(num "$tmp/run" value)
    x=$(num "$tmp/run" exact)
    e=$(num "$tmp/run" error)
    check "$mode: honest" "($q - $x) <= $e && ($x - $q) <= $e"
    check "$mode: every evaluation counted" \
          "$(num "$tmp/run" evals) >= 0.99 * $s1"
    check "$mode: efficiency in (0, 1]" \
          "$(num "$tmp/run" efficiency) > 0 && $(num "$tmp/run" efficiency) <= 1.0001"
done

"$sim" $case --ranks 0 > "$tmp/out" 2> "$tmp/err"
rc=$?
check "--ranks 0: exit 2" "$rc == 2"
"$sim" -f nosuch -d 2 --ranks 2 > "$tmp/out" 2> "$tmp/err"
rc=$?
check "an unknown family: exit 2, one line" \
      "$rc == 2 && $(wc -l < "$tmp/err") == 1"
exit $fail

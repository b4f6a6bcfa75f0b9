#!/bin/bash
# step_goal.sh -- evaluations of 16 regions a step against one, per cell:
# genz1-6, d = 2, 3, 5, 8, er 1e-4 and 1e-7, seeds 1-7, at most 1e6
# evaluations a run, one thread (a step's regions do not depend on the
# threads).  OLD and NEW name two builds' pint commands (NEW also runs
# one region a step); prints a line a cell: the sums of evaluations over
# the seeds and how many runs were honest (|Q - I| <= E).
#   OLD=/path/to/old/pint NEW=drivers/pint bench/step_goal.sh
# bench/RESULTS.md, section 10.14.
old=${OLD:?OLD: the pint command before}
new=${NEW:-drivers/pint}
run() {   # run PINT ARGS...: evaluations and 1 when honest
    "$@" | python3 -c 'import json, sys
d = json.load(sys.stdin)
print(d["evals"], int(abs(d["value"][0] - d["exact"][0]) <= d["error"][0]))'
}
for d in 2 3 5 8; do for er in 1e-4 1e-7; do for f in 1 2 3 4 5 6; do
    o=0; n=0; one=0; ho=0; hn=0
    for s in 1 2 3 4 5 6 7; do
        a="-f genz$f -d $d --seed $s --er $er --threads 1 --json"
        a="$a --max-evals 1e6"
        # shellcheck disable=SC2086
        set -- $(run $old $a --regions-per-step 16)
        o=$((o + $1)); ho=$((ho + $2))
        # shellcheck disable=SC2086
        set -- $(run $new $a --regions-per-step 16)
        n=$((n + $1)); hn=$((hn + $2))
        # shellcheck disable=SC2086
        set -- $(run $new $a --regions-per-step 1)
        one=$((one + $1))
    done
    echo "d=$d er=$er genz$f old16=$o new16=$n k1=$one" \
         "ratio=$(python3 -c "print(round($n / $o, 3))") honest_old=$ho honest_new=$hn"
done; done; done

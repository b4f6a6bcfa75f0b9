#!/usr/bin/env bash
# The simulated balancing at scale (bench/pint-sim): the one controller
# (rr) and the tree of controllers at each P, one long run, a markdown
# row each.  Usage: bench/sim_scale.sh [P ...]   (default 128 1024 10000)
#   SIM (bench/pint-sim), CASE (default: -f genz4 -d 5 --er 1e-12, a
#   long run: 1,010,709,313 evaluations on one worker, 281 hours at
#   1 ms a point), SERIAL (its one-worker evaluations, else measured by
#   the simulator), MODES (rr tree), EXTRA (more options for every run,
#   e.g. --resend).  10,000 workers take about 3.3 GB and 2 minutes.
set -euo pipefail
SIM=${SIM:-bench/pint-sim}
CASE=${CASE:--f genz4 -d 5 --er 1e-12}
SERIAL=${SERIAL:-}
MODES=${MODES:-rr tree}
EXTRA=${EXTRA:-}
ranks=("$@")
[ ${#ranks[@]} -gt 0 ] || ranks=(128 1024 10000)
serial=()
[ -n "$SERIAL" ] && serial=(--serial-evals "$SERIAL")
echo "case: $CASE $EXTRA"
echo
echo "| P | mode | group | eff | evals | resumes | transfers | empty | busiest controller | top |"
echo "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for np in "${ranks[@]}"; do
    for mode in $MODES; do
        # shellcheck disable=SC2086
        "$SIM" $CASE "${serial[@]}" --ranks "$np" --balance "$mode" $EXTRA |
        python3 -c '
import json, sys
d = json.load(sys.stdin)
top = "%.2f%%" % (100 * d["top_busy"]) if d["balance"] == "tree" else ""
print("| %d | %s | %d | %.3f | %d | %d | %d | %d | %.2f%% | %s |" % (
    d["ranks"], d["balance"], d["group"], d["efficiency"], d["evals"],
    d["resumes"], d["transfers"], d["empty"], 100 * d["controller_busy"],
    top))'
    done
done

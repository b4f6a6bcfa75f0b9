#!/usr/bin/env bash
# expr_speed.sh -- nanoseconds per evaluation of an expression integrand
# (pint -e) against the compiled Genz Gaussian (genz4) of the same shape,
# and against the constant expression "1" (the engine alone), in one run.
#
#   PINT=/tmp/build/drivers/pint bench/expr_speed.sh
#
# Each run makes the same 9,999,717 evaluations (d = 5, limit 1e7, a
# tolerance no run meets); the figure is pint's own "seconds" / "evals".
set -euo pipefail

PINT=${PINT:-/tmp/build/drivers/pint}
REPEAT=${REPEAT:-3}
if [[ ! -x $PINT ]]; then
    echo "expr_speed.sh: not an executable: $PINT (set PINT)" >&2
    exit 2
fi
export OMPI_ALLOW_RUN_AS_ROOT=${OMPI_ALLOW_RUN_AS_ROOT:-1}
export OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=${OMPI_ALLOW_RUN_AS_ROOT_CONFIRM:-1}
gauss='exp(-(0.9*(x1-0.3))^2 - (1.3*(x2-0.6))^2 - (0.7*(x3-0.45))^2 - (1.1*(x4-0.2))^2 - (0.8*(x5-0.7))^2)'

echo "| run | integrand | evaluations | seconds | ns per evaluation |"
echo "|---:|---|---:|---:|---:|"
for i in $(seq "$REPEAT"); do
    for mode in genz4 expression constant; do
        case $mode in
            genz4) args=(-f genz4) ;;
            expression) args=(-e "$gauss") ;;
            constant) args=(-e 1) ;;
        esac
        # exit 1: the evaluation limit, as intended
        json=$("$PINT" "${args[@]}" -d 5 --er 1e-300 --max-evals 1e7 --json) ||
            [[ $? -eq 1 ]]
        echo "$json" | sed -e 's/.*"evals": \([0-9]*\).*"seconds": \([0-9.e-]*\).*/\1 \2/' |
            awk -v i="$i" -v m="$mode" \
                '{ printf "| %d | %s | %d | %.3f | %.1f |\n", i, m, $1, $2, 1e9 * $2 / $1 }'
    done
done

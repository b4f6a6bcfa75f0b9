#!/usr/bin/env bash
# genz_sweep.sh -- pint alone over Genz families, dimensions and relative
# tolerances, with an evaluation limit; markdown tables on stdout.
#
#   PINT=... bench/genz_sweep.sh
#
# Environment (defaults in brackets):
#   PINT       the pint binary        [/tmp/build/drivers/pint]
#   FAMILIES   families               [genz1 genz2 genz3 genz4]
#   DIMS       dimensions             [2 3 4 5 6 7 8]
#   ERS        relative tolerances    [1e-3 1e-4 1e-5 1e-6 1e-7 1e-8]
#   SEED       Genz parameter seed    [1]
#   MAX_EVALS  evaluation limit       [1e7]
#
# For every (family, d, er): evals, status, seconds, the error estimate
# and the true error relative to I, and whether
#   honest  |Q - I| <= E        (the error estimate bounds the true error)
#   ok      |Q - I| <= er |I|   (the tolerance was really met)
# Status "max-evals" marks the cases that need more than MAX_EVALS
# evaluations; they are listed again at the end.
set -euo pipefail

PINT=${PINT:-/tmp/build/drivers/pint}
FAMILIES=${FAMILIES:-genz1 genz2 genz3 genz4}
DIMS=${DIMS:-2 3 4 5 6 7 8}
ERS=${ERS:-1e-3 1e-4 1e-5 1e-6 1e-7 1e-8}
SEED=${SEED:-1}
MAX_EVALS=${MAX_EVALS:-1e7}

if [[ ! -x $PINT ]]; then
    echo "genz_sweep.sh: not an executable: $PINT (set PINT)" >&2
    exit 2
fi

data=$(mktemp "${TMPDIR:-/tmp}/genz_sweep.XXXXXX")
trap 'rm -f "$data"' EXIT

for fam in $FAMILIES; do
    for d in $DIMS; do
        for er in $ERS; do
            rc=0
            out=$("$PINT" -f "$fam" -d "$d" --er "$er" --seed "$SEED" \
                  --max-evals "$MAX_EVALS" --json) || rc=$?
            # 0 converged and 1 limit reached are results; 2 is an error
            if [[ $rc -gt 1 || -z $out ]]; then
                echo "genz_sweep.sh: pint failed (exit $rc):" \
                     "-f $fam -d $d --er $er --seed $SEED" >&2
                exit 2
            fi
            printf '%s\t%s\n' "$er" "$out" >>"$data"
        done
    done
done

python3 - "$data" "$SEED" "$MAX_EVALS" <<'PY'
import json
import sys

path, seed, max_evals = sys.argv[1:4]
rows = []
with open(path) as f:
    for line in f:
        er_arg, obj = line.rstrip("\n").split("\t", 1)
        r = json.loads(obj)
        r["er_arg"] = er_arg
        rows.append(r)


def first(v):
    return v[0] if isinstance(v, list) else v


yn = {True: "yes", False: "**no**", None: "n/a"}
print(f"Settings: seed {seed}, difficulty 1, max-evals {max_evals}, "
      f"rule {rows[0]['rule'] if rows else '?'}.")
print()
print("| family | d | er | evals | status | seconds | E/\\|I\\| "
      "| \\|Q-I\\|/\\|I\\| | \\|Q-I\\| <= E | \\|Q-I\\| <= er\\|I\\| |")
print("|---|---:|---:|---:|---|---:|---:|---:|---|---|")
limited = []
dishonest = []
grid = {}
for r in rows:
    er = r["epsrel"]
    q, e = first(r["value"]), first(r["error"])
    exact = first(r["exact"]) if r.get("exact") is not None else None
    if exact is None or q is None or e is None:
        honest = ok = None
        rel = erel = "n/a"
    else:
        d = abs(q - exact)
        honest = d <= e
        ok = d <= er * abs(exact)
        rel = f"{d / abs(exact):.2e}" if exact else "inf"
        erel = f"{e / abs(exact):.2e}" if exact else "inf"
    status = r["status"]
    mark = status if status == "converged" else f"**{status}**"
    if status != "converged":
        limited.append(r)
    if honest is False:
        dishonest.append((r, rel, erel))
    print(f"| {r['function']} | {r['dim']} | {r['er_arg']} | {r['evals']} "
          f"| {mark} | {r['seconds']:.3g} "
          f"| {erel} | {rel} "
          f"| {yn[honest]} | {yn[ok]} |")
    cell = f"{r['evals']}"
    if status != "converged":
        cell = f"**> {max_evals}**"
    elif honest is False or ok is False:
        cell += " (" + ", ".join(
            n for n, v in (("E below true error", honest),
                           ("er not met", ok))
            if v is False) + ")"
    grid.setdefault(r["function"], {}).setdefault(r["dim"], {})[
        r["er_arg"]] = cell
print()

print("### Evaluations by family, d (rows) and er (columns)")
print()
print(f"**> {max_evals}**: stopped at the limit (max-evals); a note in "
      "parentheses marks a converged run whose error estimate or result "
      "misses.")
print()
for fam, bydim in grid.items():
    ers = list(next(iter(bydim.values())).keys())
    print(f"{fam}:")
    print()
    print("| d | " + " | ".join(ers) + " |")
    print("|---:|" + "---:|" * len(ers))
    for d, cells in bydim.items():
        print(f"| {d} | " + " | ".join(cells.get(x, "") for x in ers) + " |")
    print()

print(f"### Cases that need more than {max_evals} evaluations")
print()
if limited:
    for r in limited:
        q, e = first(r["value"]), first(r["error"])
        reached = f"{e / abs(q):.1e}" if q and e is not None else "n/a"
        print(f"- {r['function']} d = {r['dim']} er = {r['er_arg']}: "
              f"{r['status']} after {r['evals']} evaluations "
              f"(E/|Q| reached {reached})")
else:
    print("- none")
print()
print("### Cases whose error estimate is below the true error (|Q-I| > E)")
print()
if dishonest:
    for r, rel, erel in dishonest:
        print(f"- {r['function']} d = {r['dim']} er = {r['er_arg']}: "
              f"{r['status']}, E/|I| = {erel}, |Q-I|/|I| = {rel}")
else:
    print("- none")
PY

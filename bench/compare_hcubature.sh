#!/usr/bin/env bash
# compare_hcubature.sh -- pint against libcubature's hcubature on the same
# Genz instances, run alternately, summarized as markdown tables.
#
#   PINT=... PEER=... bench/compare_hcubature.sh
#
# Environment (defaults in brackets):
#   PINT       the pint binary               [/tmp/build/drivers/pint]
#   PEER       the peer_hcubature binary     [/tmp/build/bench/peer_hcubature]
#   FAMILIES   families                      [genz1 genz2 genz3 genz4 genz5 genz6]
#   DIM        dimension                     [5]
#   ER         relative tolerance            [1e-6]
#   MAX_EVALS  evaluation limit of both      [1e7]
#   SEEDS      Genz parameter seeds          [1 2 3 4 5]
#   REPEAT     timed runs per instance and program; the seconds of an
#              instance are the median over them                 [9]
#
# Both programs get the same instance (same family, dimension, seed and
# difficulty 1).  Each instance is run REPEAT times, pint and hcubature
# alternately, the order swapped on every repetition.  Per family the table
# gives the median evals and median seconds of each program, the ratios
# pint/hcubature of those medians and the median of the per-instance
# ratios, and the share of instances where
#   converged  the program reported status "converged"
#   honest     |value - exact| <= error (the error estimate bounds the error)
#   ok         |value - exact| <= ER * |exact| (the tolerance was really met)
# A per-instance table follows.
set -euo pipefail

PINT=${PINT:-/tmp/build/drivers/pint}
PEER=${PEER:-/tmp/build/bench/peer_hcubature}
FAMILIES=${FAMILIES:-genz1 genz2 genz3 genz4 genz5 genz6}
DIM=${DIM:-5}
ER=${ER:-1e-6}
MAX_EVALS=${MAX_EVALS:-1e7}
SEEDS=${SEEDS:-1 2 3 4 5}
REPEAT=${REPEAT:-9}

for bin in "$PINT" "$PEER"; do
    if [[ ! -x $bin ]]; then
        echo "compare_hcubature.sh: not an executable: $bin (set PINT/PEER)" >&2
        exit 2
    fi
done

data=$(mktemp "${TMPDIR:-/tmp}/compare_hcubature.XXXXXX")
trap 'rm -f "$data"' EXIT

# run TAG SEED REP BINARY ARGS...: one tagged JSON line into $data.
# Exit status 0 (converged) and 1 (limit reached) are results; 2 is not.
run() {
    local tag=$1 seed=$2 rep=$3 out rc=0
    shift 3
    out=$("$@") || rc=$?
    if [[ $rc -gt 1 || -z $out ]]; then
        echo "compare_hcubature.sh: failed (exit $rc): $*" >&2
        exit 2
    fi
    printf '%s\t%s\t%s\t%s\n' "$tag" "$seed" "$rep" "$out" >>"$data"
}

for fam in $FAMILIES; do
    for seed in $SEEDS; do
        for ((rep = 1; rep <= REPEAT; rep++)); do
            pint_cmd=("$PINT" -f "$fam" -d "$DIM" --er "$ER" --seed "$seed"
                      --max-evals "$MAX_EVALS" --json)
            peer_cmd=("$PEER" -f "$fam" -d "$DIM" --er "$ER" --seed "$seed"
                      --max-evals "$MAX_EVALS")
            if ((rep % 2)); then
                run pint "$seed" "$rep" "${pint_cmd[@]}"
                run hcubature "$seed" "$rep" "${peer_cmd[@]}"
            else
                run hcubature "$seed" "$rep" "${peer_cmd[@]}"
                run pint "$seed" "$rep" "${pint_cmd[@]}"
            fi
        done
    done
done

python3 - "$data" "$DIM" "$ER" "$MAX_EVALS" "$SEEDS" "$REPEAT" <<'PY'
import json
import statistics
import sys

path, dim, er, max_evals, seeds, repeat = sys.argv[1:7]
er = float(er)
SOLVERS = ("pint", "hcubature")

# runs[(family, seed)][solver] = list of JSON objects, one per repetition
runs = {}
families = []
with open(path) as f:
    for line in f:
        tag, seed, _rep, obj = line.rstrip("\n").split("\t", 3)
        r = json.loads(obj)
        fam = r["function"]
        if fam not in families:
            families.append(fam)
        runs.setdefault((fam, int(seed)), {}).setdefault(tag, []).append(r)


def first(v):
    """pint and peer_hcubature print value/error/exact as arrays."""
    return v[0] if isinstance(v, list) else v


def summary(rs):
    """One instance, one solver: the repetitions folded into one record."""
    evals = {r["evals"] for r in rs}
    if len(evals) != 1:
        print(f"warning: {rs[0]['function']} evals differ between "
              f"repetitions: {sorted(evals)}", file=sys.stderr)
    r = rs[0]
    value, error = first(r["value"]), first(r["error"])
    exact = first(r["exact"]) if r.get("exact") is not None else None
    out = {
        "evals": r["evals"],
        "seconds": statistics.median(x["seconds"] for x in rs),
        "status": r["status"],
        "value": value,
        "error": error,
        "exact": exact,
    }
    if exact is None or value is None or error is None:
        out["abserr"] = out["honest"] = out["ok"] = None
    else:
        d = abs(value - exact)
        out["abserr"] = d
        out["relerr"] = d / abs(exact) if exact else float("inf")
        out["honest"] = d <= error
        out["ok"] = d <= er * abs(exact)
    return out


def share(xs):
    known = [x for x in xs if x is not None]
    if not known:
        return "n/a"
    return f"{sum(known)}/{len(known)}"


def ratio(a, b):
    return f"{a / b:.3f}" if b else "n/a"


summ = {k: {s: summary(v[s]) for s in SOLVERS} for k, v in runs.items()}

print(f"Settings: d = {dim}, er = {er:g}, max-evals {max_evals}, "
      f"seeds {seeds}, difficulty 1, {repeat} timed run(s) per instance "
      f"and program (median).")
print()
overall = []
for fam in families:
    keys = sorted(k for k in runs if k[0] == fam)
    per = {s: [summ[k][s] for k in keys] for s in SOLVERS}
    med = {s: (statistics.median(x["evals"] for x in per[s]),
               statistics.median(x["seconds"] for x in per[s]))
           for s in SOLVERS}
    print(f"### {fam} (d = {dim}, er = {er:g}, {len(keys)} instances)")
    print()
    print("| program | median evals | median seconds | converged | honest "
          "| ok |")
    print("|---|---:|---:|---:|---:|---:|")
    for s in SOLVERS:
        conv = [x["status"] == "converged" for x in per[s]]
        print(f"| {s} | {med[s][0]:.0f} | {med[s][1]:.3g} | {share(conv)} "
              f"| {share([x['honest'] for x in per[s]])} "
              f"| {share([x['ok'] for x in per[s]])} |")
    re = ratio(med["pint"][0], med["hcubature"][0])
    rt = ratio(med["pint"][1], med["hcubature"][1])
    # per-instance ratios: robust when the instances differ widely in cost
    ie = statistics.median(p["evals"] / h["evals"]
                           for p, h in zip(per["pint"], per["hcubature"]))
    it = statistics.median(p["seconds"] / h["seconds"]
                           for p, h in zip(per["pint"], per["hcubature"]))
    print(f"| pint/hcubature, ratio of medians | {re} | {rt} | | | |")
    print(f"| pint/hcubature, median of per-instance ratios | {ie:.3f} "
          f"| {it:.3f} | | | |")
    print()
    overall.append((fam, med, re, rt, f"{ie:.3f}", f"{it:.3f}", per))

print("### Summary (pint/hcubature)")
print()
print("Ratios of the medians, and in parentheses the median of the "
      "per-instance ratios.")
print()
print("| family | evals ratio | seconds ratio | pint honest | hcubature "
      "honest | pint ok | hcubature ok |")
print("|---|---:|---:|---:|---:|---:|---:|")
for fam, med, re, rt, ie, it, per in overall:
    print(f"| {fam} | {re} ({ie}) | {rt} ({it}) "
          f"| {share([x['honest'] for x in per['pint']])} "
          f"| {share([x['honest'] for x in per['hcubature']])} "
          f"| {share([x['ok'] for x in per['pint']])} "
          f"| {share([x['ok'] for x in per['hcubature']])} |")
print()

print("### Per instance")
print()
print("| family | seed | program | evals | seconds | status | error est. "
      "| \\|Q-I\\| | \\|Q-I\\|/\\|I\\| | honest | ok |")
print("|---|---:|---|---:|---:|---|---:|---:|---:|---|---|")
yn = {True: "yes", False: "**no**", None: "n/a"}
for fam in families:
    for key in sorted(k for k in runs if k[0] == fam):
        for s in SOLVERS:
            x = summ[key][s]
            ae = "n/a" if x["abserr"] is None else f"{x['abserr']:.2e}"
            rel = "n/a" if x["abserr"] is None else f"{x['relerr']:.2e}"
            err = "n/a" if x["error"] is None else f"{x['error']:.2e}"
            print(f"| {fam} | {key[1]} | {s} | {x['evals']} "
                  f"| {x['seconds']:.3g} | {x['status']} | {err} | {ae} "
                  f"| {rel} | {yn[x['honest']]} | {yn[x['ok']]} |")
PY

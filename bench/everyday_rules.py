#!/usr/bin/env python3
"""everyday_rules.py -- the integrals users bring (test/data/everyday.tsv)
of one dimension under several rules, side by side: evaluations, status
and honesty (|Q - I| <= E against the row's exact value).

    bench/everyday_rules.py [--pint drivers/pint] [--dim 2] sym9 sym13

Each rule's run is one `pint --batch --json --rule RULE` of the rows of
that dimension (vector rows with norm=individual, as test_everyday runs
them), so the counts do not depend on the machine's load.  The last
column is the evaluations of each rule after the first over the first's.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def rows(tsv, dim):
    out = []
    for line in open(tsv):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        f = line.split("\t")
        if len(f) < 7 or int(f[1]) != dim:
            continue
        exprs = f[4].split(" ; ")
        exact = [float(x) for x in f[5].split(" ; ")]
        spec = "%s %s lo=%s hi=%s er=%s%s" % (
            f[0], f[1], f[2], f[3], f[6],
            " norm=individual" if len(exprs) > 1 else "")
        spec += "".join(" expr='%s'" % e for e in exprs)
        out.append((f[0], exact, spec))
    return out


def run(pint, rule, specs):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as t:
        t.write("".join(s + "\n" for s in specs))
        path = t.name
    try:
        p = subprocess.run([pint, "--batch", path, "--json", "--rule", rule,
                            "--max-evals", "5e7"], capture_output=True,
                           text=True, timeout=600)
    finally:
        os.unlink(path)
    res = [json.loads(l) for l in p.stdout.splitlines() if '"index"' in l]
    if len(res) != len(specs):
        sys.exit("everyday_rules: rule %s: %d results for %d rows (%s)"
                 % (rule, len(res), len(specs), p.stderr.strip()))
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pint", default=os.path.join(HERE, "..", "drivers",
                                                   "pint"))
    ap.add_argument("--dim", type=int, default=2)
    ap.add_argument("--tsv", default=os.path.join(HERE, "..", "test", "data",
                                                  "everyday.tsv"))
    ap.add_argument("rules", nargs="+")
    a = ap.parse_args()
    rs = rows(a.tsv, a.dim)
    if not rs:
        sys.exit("everyday_rules: no rows of dimension %d" % a.dim)
    results = [run(a.pint, r, [s for _, _, s in rs]) for r in a.rules]
    head = "| integral |" + "".join(" %s evals | status | honest |" % r
                                    for r in a.rules)
    head += "".join(" %s / %s |" % (r, a.rules[0]) for r in a.rules[1:])
    print(head)
    print("|---|" + "---:|---|---|" * len(a.rules)
          + "---:|" * (len(a.rules) - 1))
    for i, (name, exact, _) in enumerate(rs):
        line = "| %s |" % name
        for res in results:
            d = res[i]
            honest = all(abs(q - x) <= e for q, x, e in
                         zip(d["value"], exact, d["error"]))
            line += " %d | %s | %s |" % (d["evals"], d["status"],
                                         "yes" if honest else "NO")
        for res in results[1:]:
            line += " %.2f |" % (res[i]["evals"] / results[0][i]["evals"])
        print(line)


if __name__ == "__main__":
    main()

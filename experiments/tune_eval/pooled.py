#!/usr/bin/env python3
"""One candidate's gate rows played more than once, pooled: the game pairs of every play of a row
counted together, and the gate's rule applied to the pooled row (Elo above 0, the 95% interval's lower
end not below --floor).

A row is a `seega gate` row (random opening turns at one depth, from gate.json's rows) or a population
row (from the empty board at one depth, population_dD.json in a folder). Each --gate FILE and each
--populations FOLDER is one play; rows of the same name are pooled over the plays that have them. The
pairs of different seeds, and of different configurations, are independent, so the pooled row rests on
all of them.

    pooled.py --gate c/gate.json --gate c/seed7/gate.json --populations c --populations c/configs_1 [--json]
"""
import argparse
import os
import re
import sys

from population import row  # noqa: E402  (population puts experiments/ on the path)
from gate_rule import dumps, elo_text, load as load_summary  # noqa: E402  (experiments/gate_rule.py)


def plays_of(gates, folders):
    """{row name: [(source, pentanomial, Elo)]} over the gate files and population folders, in order."""
    rows = {}
    for path in gates:
        for r in load(path)["rows"]:
            rows.setdefault(f"{r['row']}, 2 random opening turns", []).append((path, r["pentanomial"], r["elo"]))
    for folder in folders:
        if not os.path.isdir(folder):
            sys.exit(f"pooled.py: error: --populations {folder}: not a folder")
        names = population_files(folder)
        if not names:
            sys.exit(f"pooled.py: error: --populations {folder}: no population_dD.json in it")
        for n in names:
            p = load(os.path.join(folder, n))
            depth = re.search(r"\d+", n).group(0)
            rows.setdefault(f"{p['rules']} depth {depth}, empty board (vary)", []).append(
                (os.path.join(folder, n), p["pentanomial"], p["elo"]))
    return rows


def population_files(folder):
    """The population rows' summaries in a folder (population_dD.json), sorted by name."""
    return sorted(n for n in os.listdir(folder) if re.fullmatch(r"population_d\d+\.json", n))


def load(path):
    try:
        return load_summary(path)
    except (OSError, ValueError) as e:
        sys.exit(f"pooled.py: error: {path}: {e}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--gate", action="append", default=[], help="a seega gate --json file (gate.json)")
    ap.add_argument("--populations", action="append", default=[], help="a folder of population_dD.json files")
    ap.add_argument("--floor", type=float, default=-10, help="the lowest lower end a passing row may have")
    ap.add_argument("--json", action="store_true", help="print the pooled rows as one JSON object")
    a = ap.parse_args()
    if not a.gate and not a.populations:
        ap.error("give --gate FILE or --populations FOLDER, at least one")
    pooled = pool(a.gate, a.populations, a.floor)
    adopt = all(r["pass"] for r in pooled)
    if a.json:
        print(dumps({"rows": pooled, "adopt": adopt, "floor": a.floor}))
        return
    print_table(pooled)
    print(f"\nevery pooled row passes: {'yes' if adopt else 'no'}")


def pool(gates, folders, floor=-10):
    """The pooled rows of the gate files and population folders: each row's pentanomial summed over its
    plays, with the gate's rule's verdict (pass) for the sum."""
    pooled = []
    for name, plays in plays_of(gates, folders).items():
        total = [sum(p[1][i] for p in plays) for i in range(5)]
        r = row(total, floor)
        r.update({"row": name, "plays": len(plays), "pentanomial": total, "elo_of_each": [p[2] for p in plays]})
        pooled.append(r)
    return pooled


def print_table(pooled):
    print("| row | plays: Elo of each | pairs | Elo pooled (pairs, 95%) | pentanomial 0-2 | passes |")
    print("| --- | --- | ---: | --- | --- | --- |")
    for r in pooled:
        # A play of too few game pairs has no Elo of its own (seega gate writes null), yet its pairs count.
        each = ", ".join("no Elo" if e is None else f"{e:+.1f}" for e in r["elo_of_each"])
        pooled_elo = elo_text(r["elo"], r["elo_ci95"], r["reason"])
        print(f"| {r['row']} | {r['plays']}: {each} | {r['pairs']} | {pooled_elo} | "
              f"{' '.join(map(str, r['pentanomial']))} | {'yes' if r['pass'] else 'no'} |")

if __name__ == "__main__":
    main()

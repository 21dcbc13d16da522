#!/usr/bin/env python3
"""The tables of search changes at equal time (run.sh): each row, the search with a key (A: lmr=K, late
move reductions, or hash=MB, the transposition table's size) against the search without it (B), its
score, its Elo from game pairs with the gate's verdict, and the nodes a move each side searched. A row
played on more than one seed (time100_9x9_standard_hash16 and time100_9x9_standard_hash16_seed11) is
pooled too: the game pairs of every seed counted together, the gate's rule applied to them.

    /usr/bin/python3 experiments/search_time/report.py [RESULTS]   (default: experiments/search_time/results)
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tune_eval"))
from gate_rule import DEPTH_HEADER, FLOOR, elo_text, table_row  # noqa: E402  (experiments/gate_rule.py)
from population import row as pooled_row  # noqa: E402  (the pair score and Elo of a pentanomial)


def by_row(folder):
    """{row name without its seed: [(seed name, summary)]}, the rows of the folder in order."""
    rows = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json") and name.startswith("time"):
            with open(os.path.join(folder, name)) as f:
                summary = json.load(f)
            base = re.sub(r"_seed\d+$", "", name[:-5])
            rows.setdefault(base, []).append((name[:-5], summary))
    return rows


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "results")
    rows = by_row(folder)
    print(DEPTH_HEADER)
    for plays in rows.values():
        for name, summary in plays:
            print(table_row(name, summary, depth=True))
    pooled = {base: plays for base, plays in rows.items() if len(plays) > 1}
    if pooled:
        print("\n| row, pooled over its seeds | seeds | pairs | Elo (pairs, 95%) | pentanomial 0-2 | passes |")
        print("| --- | ---: | ---: | --- | --- | --- |")
        for base, plays in pooled.items():
            pent = [sum(s["pentanomial"][k] for _, s in plays) for k in range(5)]
            r = pooled_row(pent, FLOOR)
            print(f"| {base} | {len(plays)} | {r['pairs']} | {elo_text(r['elo'], r['elo_ci95'], r['reason'])} | "
                  f"{' '.join(map(str, pent))} | {'yes' if r['pass'] else 'no'} |")


if __name__ == "__main__":
    main()

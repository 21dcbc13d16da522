#!/usr/bin/env python3
"""How large a search tree two sets of weights grow on the same positions: the movement positions of the
games in a results file, every K-th one, each searched to a fixed depth with `seega analyze` and each set of
weights, nodes counted. The answer to "does a bench position's tree say anything about the weights?": the
bench searches a handful of positions, and one position's tree can change many times over when one weight
moves a little, while the trees of positions from real games may not change at all.

Prints, for each weights file, the mean, median and largest tree and their sum, then the geometric mean of
the per-position ratio first / second, the share of positions where the first's tree is larger, and the
deciles of that ratio (with --json, one JSON object).

    tree_sizes.py --rules 'standard(size=9)' --games time100.jsonl --depth 5 --every 24 new.txt general.txt
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys


def movement_positions(seega, games, every, first):
    """Every `every`-th position of the movement phase (no stones in hand) of every game in `games`, but the
    last: a game's final position is over, and has no search. With `first`, only each game's first `first`
    movement positions (the crowded boards just after the placement)."""
    with open(games) as f:
        count = sum(1 for line in f if line.startswith("{")) - 1  # the first line is the file's header
    positions = []
    for index in range(count):
        out = subprocess.run([seega, "replay", "--games", games, "--index", str(index), "--fen-only"],
                             check=True, capture_output=True, text=True).stdout
        # A FEN's second field is the side to move and its third the stones in hand, "0/0" once all are placed.
        movement = [fen for fen in out.splitlines()[:-1] if fen.split()[2] == "0/0"]
        positions += movement[:first] if first else movement
    return positions[::every]


def nodes(seega, rules, fen, depth, weights):
    out = subprocess.run([seega, "analyze", "--rules", rules, "--fen", fen, "--player",
                          f"ab(depth={depth},weights={weights})", "--json"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)["nodes"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seega", default=os.environ.get("SEEGA", "seega"))
    ap.add_argument("--rules", required=True)
    ap.add_argument("--games", required=True, help="a results file (--out of match) whose games give the positions")
    ap.add_argument("--depth", type=int, required=True)
    ap.add_argument("--every", type=int, default=1, help="take every K-th movement position")
    ap.add_argument("--first", type=int, default=0, help="only each game's first N movement positions (0: all)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("weights", nargs=2, help="two weights files; ratios are the first's tree over the second's")
    a = ap.parse_args()
    if a.every < 1 or a.depth < 1 or a.first < 0:
        sys.exit("tree_sizes.py: error: --every and --depth must be 1 or more, --first 0 or more")
    fens = movement_positions(a.seega, a.games, a.every, a.first)
    if len(fens) < 2:
        sys.exit(f"tree_sizes.py: error: {a.games} gives {len(fens)} movement positions; 2 or more are needed")
    trees = [[nodes(a.seega, a.rules, fen, a.depth, w) for w in a.weights] for fen in fens]
    logs = [math.log(t[0] / t[1]) for t in trees]
    result = {
        "rules": a.rules, "depth": a.depth, "positions": len(trees), "weights": a.weights, "every": a.every,
        "first": a.first,
        "trees": [{"mean": statistics.mean(v), "median": statistics.median(v), "max": max(v), "sum": sum(v)}
                  for v in ([t[i] for t in trees] for i in range(2))],
        "geometric_mean_ratio": math.exp(statistics.mean(logs)),
        "share_first_larger": sum(x > 0 for x in logs) / len(logs),
        "ratio_deciles": [math.exp(q) for q in statistics.quantiles(logs, n=10)],
    }
    if a.json:
        print(json.dumps(result, sort_keys=True))
        return
    which = f"the first {a.first} " if a.first else ""
    print(f"{a.rules}, depth {a.depth}, {len(trees)} positions of {which}movement plies, every {a.every}, of {a.games}")
    for w, t in zip(a.weights, result["trees"]):
        print(f"  {w}: mean {t['mean']:.0f} nodes, median {t['median']:.0f}, largest {t['max']}, sum {t['sum']}")
    print(f"  first / second: geometric mean {result['geometric_mean_ratio']:.3f}, first larger in "
          f"{100 * result['share_first_larger']:.0f}% of positions, deciles "
          + " ".join(f"{r:.2f}" for r in result["ratio_deciles"]))


if __name__ == "__main__":
    main()

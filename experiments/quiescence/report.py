#!/usr/bin/env python3
"""The tables of the capture search's ply limit (run.sh): whether the limit changes the games on each
board, what it saves in nodes, and the equal-time and equal-depth rows where it does.

    /usr/bin/python3 experiments/quiescence/report.py [RESULTS]   (default: experiments/quiescence/results)
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gate_rule import table_row  # noqa: E402  (experiments/gate_rule.py: seega gate's rule)

BOARDS = ["5x5_standard", "5x5_diagonal", "5x5_chain", "7x7_standard", "7x7_diagonal", "7x7_chain",
          "9x9_standard", "9x9_diagonal", "9x9_chain"]


def load(path):
    with open(path) as f:
        return json.load(f)


def games(path):
    """Each game's moves, by index, from a results file."""
    out = {}
    with open(path) as f:
        for line in f:
            record = json.loads(line)
            if record.get("type") == "game":
                out[record["index"]] = record["moves"]
    return out


def same_table(folder):
    print("| board | depth | games | the same, move for move | nodes a move (most): no limit | with the limit | "
          "seconds: no limit | with the limit |")
    print("| --- | ---: | ---: | ---: | --- | --- | ---: | ---: |")
    for board in BOARDS:
        base, limit = (os.path.join(folder, f"same_{board}_{side}") for side in ("base", "limit"))
        if not (os.path.exists(base + ".json") and os.path.exists(limit + ".json")):
            continue
        b, l = load(base + ".json"), load(limit + ".json")
        # The comparison is kept in same_BOARD.json, since the games' files are not committed.
        kept = os.path.join(folder, f"same_{board}.json")
        if os.path.exists(base + ".jsonl") and os.path.exists(limit + ".jsonl"):
            gb, gl = games(base + ".jsonl"), games(limit + ".jsonl")
            with open(kept, "w") as f:
                json.dump({"games": len(gb), "same": sum(1 for i in gb if gl.get(i) == gb[i])}, f)
                f.write("\n")
        compared = load(kept)
        depth = b["a"].split("depth=")[1].split(")")[0].split(",")[0]
        sb, sl = b["search"]["a"], l["search"]["a"]
        print(f"| {board} | {depth} | {compared['games']} | {compared['same']} | "
              f"{sb['mean_nodes']:,.0f} ({sb['max_nodes']:,}) | "
              f"{sl['mean_nodes']:,.0f} ({sl['max_nodes']:,}) | {b['seconds']:.1f} | {l['seconds']:.1f} |")


def gate_table(folder):
    print("| row (A with the limit, B without) | games | A's score | A wins-draws-losses | Elo (pairs, 95%) | "
          "pentanomial 0-2 | nodes a move A / B | passes |")
    print("| --- | ---: | ---: | --- | --- | --- | --- | --- |")
    for name in sorted(os.listdir(folder)):
        if name.endswith(".json") and (name.startswith("time") or name.startswith("depth")):
            print(table_row(name[:-5], load(os.path.join(folder, name))))
    # Rows stopped before their games were all played: `seega summary ROW.jsonl --json` into partial/.
    # Shown, marked, and never a verdict: a row is judged on the games it was planned with.
    partial = os.path.join(folder, "partial")
    for name in sorted(os.listdir(partial)) if os.path.isdir(partial) else []:
        if name.endswith(".json") and not os.path.exists(os.path.join(folder, name)):
            r = table_row(name[:-5] + " (unfinished)", load(os.path.join(partial, name)))
            print(r.rsplit("|", 2)[0] + "| not judged |")


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "results")
    same_table(folder)
    print()
    gate_table(folder)


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""The last-placer study: equal-strength self-play, one `seega match` per (ruleset, player) row.

Seed 001 says the side that places last (and so moves first) won about four games in five in
computer self-play between equal opponents. Each row plays a player against itself and records how
often the last placer wins, with a 95% Wilson interval. All game logic is in the seega binary; this
script only runs it and collects the JSON summaries into a CSV. Rows already in the CSV with the same
configuration are skipped, so an interrupted run continues where it stopped.
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

PLAYERS = (["random", "greedy"] + [f"level({n},deterministic)" for n in range(1, 7)]
           + [f"ab(depth={d})" for d in range(1, 7)])
RULESETS = ["standard", "diagonal", "chain", "standard(size=7)"]
COLUMNS = ["rules", "player", "games", "last_placer_wins", "draws", "first_placer_wins",
           "last_placer_win_rate", "last_placer_ci95_lo", "last_placer_ci95_hi", "draw_rate",
           "mean_movement_plies", "passes_per_game", "captures_per_game", "end_reasons", "seed",
           "opening_turns", "seconds"]


DEEP = {"level(5,deterministic)", "level(6,deterministic)", "ab(depth=5)", "ab(depth=6)"}


def games_for(rules, player, args):
    if rules == "standard":
        return args.games_standard
    deep = player in DEEP
    if "size=7" in rules:
        return args.deep_games_7x7 if deep and args.deep_games_7x7 else args.games_7x7
    return args.deep_games_other if deep and args.deep_games_other else args.games_other


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seega", default=os.path.join(ROOT, "build/release/bin/seega"))
    p.add_argument("--out", default=os.path.join(HERE, "results/last_placer.csv"))
    p.add_argument("--games-standard", type=int, default=1100,
                   help="games per 5x5 standard row (1,100 keeps the 95%% interval within +-3 points)")
    p.add_argument("--games-other", type=int, default=400, help="games per 5x5 diagonal and chain row")
    p.add_argument("--games-7x7", type=int, default=200, help="games per 7x7 standard row")
    p.add_argument("--deep-games-other", type=int, default=0,
                   help="games per 5x5 diagonal/chain row of the depth-5 and depth-6 players (0: as the others)")
    p.add_argument("--deep-games-7x7", type=int, default=0,
                   help="games per 7x7 row of the depth-5 and depth-6 players (0: as the others)")
    p.add_argument("--players", nargs="*", default=PLAYERS)
    p.add_argument("--rules", nargs="*", default=RULESETS)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--opening-turns", type=int, default=2,
                   help="random placement turns shared by both games of a pair: deterministic engines "
                        "would otherwise play one game over and over")
    p.add_argument("--threads", type=int, default=0)
    args = p.parse_args()

    if not os.access(args.seega, os.X_OK):
        sys.exit(f"run.py: error: {args.seega} is not built; run 'make build' first")
    done = {}
    if os.path.exists(args.out):
        with open(args.out, newline="") as f:
            for row in csv.DictReader(f):
                done[(row["rules"], row["player"])] = row
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    fresh = not os.path.exists(args.out) or os.path.getsize(args.out) == 0
    with open(args.out, "a", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        if fresh:
            writer.writeheader()
        for rules in args.rules:
            for player in args.players:
                games = games_for(rules, player, args)
                old = done.get((rules, player))
                # A row already played with at least as many games (same seed and openings) stands.
                if old and int(old["games"]) >= games and int(old["seed"]) == args.seed \
                        and int(old["opening_turns"]) == args.opening_turns:
                    continue
                cmd = [args.seega, "match", "--a", player, "--b", player, "--rules", rules, "--games", str(games),
                       "--seed", str(args.seed), "--opening-turns", str(args.opening_turns),
                       "--threads", str(args.threads), "--json", "--quiet"]
                start = time.time()
                run = subprocess.run(cmd, capture_output=True, text=True)
                if run.returncode != 0:
                    sys.exit(f"run.py: error: {' '.join(cmd)} failed: {run.stderr.strip()}")
                j = json.loads(run.stdout)
                row = {k: j[k] for k in ("games", "last_placer_wins", "draws", "first_placer_wins",
                                         "last_placer_win_rate", "mean_movement_plies", "passes_per_game",
                                         "captures_per_game", "seed", "opening_turns")}
                row.update(rules=rules, player=player, draw_rate=j["draw_rate"],
                           last_placer_ci95_lo=j["last_placer_ci95"][0], last_placer_ci95_hi=j["last_placer_ci95"][1],
                           end_reasons=" ".join(f"{k}:{v}" for k, v in sorted(j["end_reasons"].items())),
                           seconds=round(time.time() - start, 1))
                writer.writerow(row)
                f.flush()
                print(f"{rules:18} {player:26} last placer {100 * row['last_placer_win_rate']:5.1f}% "
                      f"[{100 * row['last_placer_ci95_lo']:.1f}, {100 * row['last_placer_ci95_hi']:.1f}] "
                      f"draws {100 * row['draw_rate']:4.1f}%  ({games} games, {row['seconds']} s)", flush=True)
    compact(args.out)


def compact(path):
    """Keeps the last row of each (rules, player), e.g. after a row was replayed with more games."""
    if not os.path.exists(path):
        return
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    last = {}
    for row in rows:
        last[(row["rules"], row["player"])] = row
    if len(last) == len(rows):
        return
    order = {key: i for i, key in enumerate(dict.fromkeys((r["rules"], r["player"]) for r in rows))}
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        for key in sorted(last, key=order.get):
            writer.writerow(last[key])


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""The engine protocol's cost: the same match played by players in process and by the same players as
`seega engine` processes spoken to through the protocol (docs/protocol.md), for a cheap player (greedy)
and a searched one (ab(depth=4)).

The games are the same both ways (cli.engine tests it), so the difference in time is the protocol's: two
processes a worker, a position line with every move of the game so far and a go line out, an info and a
bestmove line back, each move checked. Each configuration runs --repeats times on one thread (the best
time is kept, as other work on the machine only adds); the overhead a move is the difference in seconds
over the moves the players were asked for (the searched moves of the summary, or for greedy the plies
less the forced ones, counted from the games file).

    /usr/bin/python3 experiments/throughput/protocol.py [--seega build/release/bin/seega] [--games 200]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def run(seega, a, b, games, out):
    """Plays the match, writing its games to out: the wall time in seconds."""
    cmd = [seega, "match", "--a", a, "--b", b, "--games", str(games), "--threads", "1", "--seed", "3", "--quiet",
           "--out", out]
    if os.path.exists(out):
        os.remove(out)
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"protocol.py: error: {' '.join(cmd)}: {done.stderr.strip()}")
    return seconds


def asked_moves(path):
    """The moves the players chose (not forced): plies less passes, less the forced steps we cannot see,
    so an upper bound of the moves asked; counted from the games file."""
    total = 0
    with open(path) as f:
        for line in f:
            g = json.loads(line)
            if g.get("type") == "game":
                total += g["plies"] - g["passes"]
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seega", default=os.path.join(ROOT, "build", "release", "bin", "seega"))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    seega = os.path.abspath(args.seega)
    print("| player | games | in process (games/s) | through the protocol (games/s) | moves asked | "
          "overhead a move (µs) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "games.jsonl")
        for player, games in (("greedy", args.games), ("ab(depth=4)", max(args.games // 4, 2))):
            engine = f"engine(cmd='{seega} engine --player \"{player}\"',name=e)"
            inproc = min(run(seega, player, player, games, out) for _ in range(args.repeats))
            through = min(run(seega, engine, engine, games, out) for _ in range(args.repeats))
            moves = asked_moves(out)
            overhead = (through - inproc) / moves * 1e6
            print(f"| {player} | {games} | {games / inproc:.1f} | {games / through:.1f} | {moves} | {overhead:.0f} |")


if __name__ == "__main__":
    main()

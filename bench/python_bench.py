#!/usr/bin/python3
"""The Python module's speed against the C++ it calls (docs/python.md, "Speed"):

- a call: legal moves and playing a move from Python on bench_movegen's midgame position, against the
  C++ move generation of the same position (seega_bench's BM_GenerateStandardMidgame): the difference is
  what crossing into Python costs;
- a random game played move by move from Python, through seega.Position and through the OpenSpiel-shaped
  state, against C++ random games (BM_RandomGamesStandard);
- a match run from Python (seega.match) against the same match run by the seega program, paired, in
  turns: games per second from each summary.

    make bench-python              # or: /usr/bin/python3 bench/python_bench.py [--quick] [--json FILE]

Each figure is the median of its repetitions. It needs the release build (make build python).
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, "build", "release")
sys.path.insert(0, os.path.join(BUILD, "python"))

import seega  # noqa: E402

MIDGAME = "b2ww/1bb2/w1b1b/1wwww/1ww1w b 0/0 3 31"


def per_call(fn, calls, repeats):
    """The median over repeats of the seconds a call of fn takes, timed over `calls` calls."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        times.append((time.perf_counter() - start) / calls)
    return statistics.median(times)


def cpp_benchmarks(names):
    """seega_bench's figures for the named benchmarks: {name: (ns a call, counters)}."""
    exe = os.path.join(BUILD, "bin", "seega_bench")
    out = subprocess.run([exe, "--benchmark_filter=^(" + "|".join(names) + ")$", "--benchmark_repetitions=5",
                          "--benchmark_report_aggregates_only=true", "--benchmark_format=json"],
                         check=True, capture_output=True, text=True).stdout
    figures = {}
    for b in json.loads(out)["benchmarks"]:
        if b.get("aggregate_name") == "median":
            figures[b["run_name"]] = b
    return figures


def random_games_position(games, seed):
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(games):
        pos = seega.Position("standard")
        while not pos.is_over():
            moves = pos.legal_move_strings()
            pos.play(moves[rng.randrange(len(moves))])
    return games / (time.perf_counter() - start)


def random_games_openspiel(games, seed):
    rng = random.Random(seed)
    game = seega.load_game("seega", {"rules": "standard"})
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
    return games / (time.perf_counter() - start)


def match_pair(spec, games, threads, rounds):
    """games/s of the same match from Python and from the seega program, run in turns."""
    py, cli = [], []
    settings = dict(games=games, seed=1, threads=threads, quiet=True)
    words = ["--games", str(games), "--seed", "1", "--threads", str(threads), "--quiet", "--json"]
    for _ in range(rounds):
        py.append(seega.match(spec, spec, **settings)["games_per_second"])
        out = subprocess.run([os.path.join(BUILD, "bin", "seega"), "match", "--a", spec, "--b", spec, *words],
                             check=True, capture_output=True, text=True).stdout
        cli.append(json.loads(out)["games_per_second"])
    return statistics.median(py), statistics.median(cli)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (CI's short pass)")
    parser.add_argument("--json", help="write the figures to this file as well")
    args = parser.parse_args()
    repeats = 3 if args.quick else 7
    scale = 1 if args.quick else 5

    cpp = cpp_benchmarks(["BM_GenerateStandardMidgame", "BM_RandomGamesStandard"])
    cpp_generate_s = cpp["BM_GenerateStandardMidgame"]["real_time"] * 1e-9  # reported in ns
    cpp_games = cpp["BM_RandomGamesStandard"]["games_per_second"]

    pos = seega.Position("standard", MIDGAME)
    state = seega.State(pos)
    move = pos.legal_move_strings()[0]
    action = state.legal_actions()[0]
    calls = 4000 if args.quick else 20000
    figures = {
        "legal_move_strings": per_call(pos.legal_move_strings, calls, repeats),
        "legal_moves": per_call(pos.legal_moves, calls, repeats),
        "legal_actions": per_call(state.legal_actions, calls, repeats),
        "after": per_call(lambda: pos.after(move), calls, repeats),
        "clone and apply_action": per_call(lambda: state.clone().apply_action(action), calls, repeats),
        "clone": per_call(state.clone, calls, repeats),
        "is_over": per_call(pos.is_over, calls, repeats),
    }
    games = 40 * scale
    py_position = statistics.median(random_games_position(games, s) for s in range(repeats))
    py_openspiel = statistics.median(random_games_openspiel(games, s) for s in range(repeats))
    match_py, match_cli = match_pair("ab(depth=2)", 100 * scale, 2, 3 if args.quick else 5)

    report = {
        "cpp_generate_ns": cpp_generate_s * 1e9,
        "python_call_us": {k: v * 1e6 for k, v in figures.items()},
        "python_legal_moves_overhead_us": (figures["legal_move_strings"] - cpp_generate_s) * 1e6,
        "random_games_per_second": {"cpp": cpp_games, "python_position": py_position,
                                    "python_openspiel": py_openspiel},
        "match_games_per_second": {"python": match_py, "cli": match_cli, "ratio": match_py / match_cli},
    }
    print(f"one call from Python on {MIDGAME} (5x5 standard), median of {repeats}:")
    print(f"  C++ move generation (BM_GenerateStandardMidgame)  {cpp_generate_s * 1e9:8.1f} ns")
    for name, seconds in figures.items():
        print(f"  {name:<48} {seconds * 1e6:8.2f} us")
    print(f"random 5x5 standard games a second: C++ {cpp_games:,.0f}; from Python, seega.Position "
          f"{py_position:,.0f}; OpenSpiel-shaped state {py_openspiel:,.0f}")
    print(f"match ab(depth=2) vs itself, {100 * scale} games, 2 threads: from Python {match_py:,.0f} games/s, "
          f"seega match {match_cli:,.0f} games/s (ratio {match_py / match_cli:.2f})")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()

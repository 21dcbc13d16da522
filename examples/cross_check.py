#!/usr/bin/python3
"""Cross-checks the Python rules of the example engines against the seega binary.

For each ruleset the examples play (the greedy engine's and the MAIC engine's), random games are
played with the Python move generator and positions sampled from them (placement and movement,
some at or near the end of a game). For each position the root moves and their perft counts
(examples/seega_rules.py) are compared with `seega perft --divide --json`: the same move names in
the same notation and the same counts. The first position of each ruleset is also asked of the
engine itself over the protocol (`perft <depth>`), so the engine's own reading of `newgame` and
`position` is checked too.

    /usr/bin/python3 examples/cross_check.py /work/main/build/release/bin/seega [--positions N]

Prints one summary line; exits 1 on any mismatch (with the position and the moves that differ), 2 on
a usage error.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import seega_rules as sr  # noqa: E402  (after the path is set)

# (rules string, engine script that plays it). Every key of docs/rules.md appears in some line.
RULESETS = [
    ("standard", "greedy_engine.py"),
    ("standard(size=7)", "greedy_engine.py"),
    ("standard(size=9)", "greedy_engine.py"),
    ("diagonal", "greedy_engine.py"),
    ("diagonal(size=7)", "greedy_engine.py"),
    ("chain", "greedy_engine.py"),
    ("chain(size=7)", "greedy_engine.py"),
    ("chain(forced_capture=off,steps=all)", "greedy_engine.py"),
    ("standard(forced_capture=on,captures=all)", "greedy_engine.py"),
    ("standard(chains=on,centre_immune=off,quiet_plies=12)", "greedy_engine.py"),
    ("standard(first_mover=first,walled_in=lose,max_plies=40,first_placer=b)", "greedy_engine.py"),
    ("diagonal(barrier=on,steps=orth,quiet_plies=off,max_plies=60)", "greedy_engine.py"),
    ("standard(quiet_plies=200,max_plies=off)", "maic_engine.py"),
    ("standard(quiet_plies=200,max_plies=off,first_placer=b)", "maic_engine.py"),
]

# Hand-made positions for endings random games seldom reach: (rules, position, depth).
FIXED = [
    ("chain", "bb3/1b3/wwwww/w4/5 b 0/0 0 10", 2),  # a rank barrier stands: over
    ("chain", "bb3/1b3/wwww1/w3w/5 w 0/0 0 10", 2),  # e2-e3 builds it
    ("chain", "b1w2/b1w2/2w1b/b1w2/1bw2 w 0/0 0 10", 2),  # a file barrier to build or not
    ("diagonal", "5/5/5/bbb2/bwb2 w 0/0 5 9", 1),  # hemmed in: w loses
    ("standard", "5/5/5/bbb2/bwb2 w 0/0 5 9", 2),  # walled in: w passes
    ("standard", "5/5/1wb2/5/5 b 0/0 29 40", 2),  # the quiet limit after any step
]


def sample_positions(rules, count, rng):
    """`count` positions from random games under `rules`: one in placement, the rest in movement,
    the last of them a game's final position when one was reached."""
    placement, movement, finals = [], [], []
    for _ in range(max(2, count)):
        pos = sr.start_position(rules)
        while True:
            (placement if pos.placing else movement).append(pos)
            moves = sr.legal_moves(pos)
            if not moves:
                finals.append(pos)
                break
            pos = sr.play(pos, rng.choice(moves))
    picked = [rng.choice(placement)]
    if count > 2 and finals:
        picked.append(rng.choice(finals))
    picked += rng.sample(movement, min(len(movement), count - len(picked)))
    return picked[:count]


def depth_for(pos):
    """A depth that keeps each count small: 2 in placement, 3 in movement on 5x5, else 2."""
    return 3 if not pos.placing and pos.rules.size == 5 else 2


def python_divide(pos, depth):
    """{move text: perft count} from the Python rules."""
    size = pos.rules.size
    return {m.text(size): sr.perft(sr.play(pos, m), depth - 1) for m in sr.legal_moves(pos)}


def binary_divide(seega, rules_text, fen, depth):
    """{move text: perft count} and the total from `seega perft --divide --json`."""
    out = subprocess.run([seega, "perft", "--rules", rules_text, "--fen", fen, "--depth", str(depth), "--divide",
                          "--json"], capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise RuntimeError(f"seega perft failed ({out.returncode}): {out.stderr.strip()}")
    lines = [json.loads(line) for line in out.stdout.splitlines() if line.strip()]
    return {d["move"]: d["nodes"] for d in lines[:-1]}, lines[-1]["nodes"]


def engine_perft(script, rules_text, fen, depth):
    """The leaf count the engine answers to `perft <depth>` over the protocol."""
    commands = f"seega\nnewgame {rules_text}\nposition fen {fen}\nperft {depth}\nquit\n"
    out = subprocess.run([sys.executable, os.path.join(HERE, script)], input=commands, capture_output=True,
                         text=True, timeout=60, check=False)
    for line in out.stdout.splitlines():
        if line.startswith("perft "):
            return int(line.split()[1])
    raise RuntimeError(f"{script}: no perft answer; it wrote: {out.stdout.strip()!r} {out.stderr.strip()!r}")


def describe(ours, theirs):
    """The moves on which two divides differ, briefly."""
    diffs = [f"{m}: python {ours.get(m)} seega {theirs.get(m)}" for m in sorted(set(ours) | set(theirs))
             if ours.get(m) != theirs.get(m)]
    return "; ".join(diffs[:8]) + (f" (and {len(diffs) - 8} more)" if len(diffs) > 8 else "")


def check(seega, rules_text, pos, depth, script=None):
    """Compares one position's divide with seega's (and with the engine's perft answer when a script
    is given); prints what differs. Returns (whether all agree, the leaf count)."""
    fen = sr.position_text(pos)
    ours = python_divide(pos, depth)
    theirs, total = binary_divide(seega, rules_text, fen, depth)
    problems = []
    if ours != theirs or sum(ours.values()) != total:
        problems.append(describe(ours, theirs) or f"total python {sum(ours.values())} seega {total}")
    if script:
        answered = engine_perft(script, rules_text, fen, depth)
        if answered != total:
            problems.append(f"{script} answered perft {answered}, seega {total}")
    if problems:
        print(f"MISMATCH {rules_text} '{fen}' depth {depth}: {' | '.join(problems)}")
    return not problems, total


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n", maxsplit=1)[0])
    parser.add_argument("seega", help="path of the seega binary")
    parser.add_argument("--positions", type=int, default=6, help="positions per ruleset (default 6)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random games (default 1)")
    args = parser.parse_args()
    if args.positions < 1:
        parser.error("--positions must be at least 1")
    if not os.access(args.seega, os.X_OK):
        parser.error(f"{args.seega} is not an executable file")

    rng = random.Random(args.seed)
    start = time.monotonic()
    results = []
    for rules_text, fen, depth in FIXED:
        results.append(check(args.seega, rules_text, sr.parse_position(sr.parse_rules(rules_text), fen), depth))
    for rules_text, script in RULESETS:
        for i, pos in enumerate(sample_positions(sr.parse_rules(rules_text), args.positions, rng)):
            results.append(check(args.seega, rules_text, pos, depth_for(pos), script if i == 0 else None))
    failures = sum(not ok for ok, _ in results)
    verdict = "ok" if not failures else f"{failures} MISMATCHES"
    print(f"cross-check {verdict}: {len(results)} positions ({len(FIXED)} fixed, {args.positions} from random games "
          f"in each of {len(RULESETS)} rulesets), {sum(n for _, n in results)} leaves, seed {args.seed}, "
          f"{time.monotonic() - start:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/python3
"""A greedy Seega engine speaking the Seega engine protocol (docs/protocol.md).

Of the legal moves it plays one that captures the most stones now, ties broken at random
(random.Random(--seed)). It plays every ruleset and key of docs/rules.md on 5x5, 7x7 and 9x9, with
the rules of examples/seega_rules.py.

    /usr/bin/python3 examples/greedy_engine.py [--seed N] [--info] [--name NAME] [--think] [failure switches]

--think makes it take the whole of a `go movetime MS` before its bestmove (stop cuts it short), as a
searching engine does, so that `seega engine-check` can see it read stop while it thinks.

Failure switches, for testing a controller (N counts the bestmoves already sent by this process):
  --crash-after N    exit with status 3 when asked for a move after N bestmoves
  --hang-after N     stop answering (sleep for ever) when asked for a move after N bestmoves
  --illegal-after N  after N bestmoves, answer a well-formed illegal move
  --garbage-after N  after N bestmoves, answer a line of garbage bytes, then 'bestmove zz99'
  --refuse-rules     answer 'error ...' to every newgame
  --slow MS          wait MS milliseconds before each bestmove (stop cuts the wait short)
  --slow-exit MS     wait MS milliseconds after quit before exiting (as a build whose exit is slow)
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import seega_rules as sr  # noqa: E402  (after the path is set)
from seega_protocol import Reply, serve  # noqa: E402


def material(pos, side):
    """Stones of `side` on the board and in hand."""
    return pos.count(side) + pos.in_hand(side)


def illegal_move(pos):
    """A move in good notation that is not legal here: a stone stepping onto an occupied square, a
    stone of the other side stepping, or a placement on the centre."""
    rules, size = pos.rules, pos.rules.size
    if pos.placing:
        other_square = next(s for s in range(size * size) if s != rules.centre)
        return sr.Move("place", tuple(sorted((rules.centre, other_square)))).text(size)
    table = sr.neighbours(size, 4)
    for mover in (pos.side, sr.other(pos.side)):
        for square, value in enumerate(pos.board):
            for _, to in table[square] if value == mover else ():
                text = sr.Move("step", (square, to)).text(size)
                try:
                    sr.parse_move(pos, text)
                except sr.RulesError:
                    return text
    return "a1-a2-a1"  # a chain that returns to its start is never legal


def main():
    parser = argparse.ArgumentParser(description="A greedy Seega engine (the Seega engine protocol).")
    parser.add_argument("--seed", type=int, default=1, help="seed of the tie-breaks (default 1)")
    parser.add_argument("--name", default="greedy-py", help="the name it gives in the handshake")
    parser.add_argument("--info", action="store_true", help="write an info line before each bestmove")
    parser.add_argument("--crash-after", type=int, metavar="N", help="exit 3 when asked for move N+1")
    parser.add_argument("--hang-after", type=int, metavar="N", help="sleep for ever when asked for move N+1")
    parser.add_argument("--illegal-after", type=int, metavar="N", help="illegal moves after N bestmoves")
    parser.add_argument("--garbage-after", type=int, metavar="N", help="garbage after N bestmoves")
    parser.add_argument("--refuse-rules", action="store_true", help="refuse every newgame")
    parser.add_argument("--slow", type=int, default=0, metavar="MS", help="wait MS ms before each bestmove")
    parser.add_argument("--slow-exit", type=int, default=0, metavar="MS", help="wait MS ms after quit before exiting")
    parser.add_argument("--think", action="store_true", help="take the whole of a go movetime (stop cuts it short)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    sent = 0  # bestmoves sent so far by this process

    def new_game(seed):
        # Each game's tie-breaks follow from the game's seed, so a game replays from it.
        if seed is not None:
            rng.seed(seed * 1_000_003 + args.seed)

    def after(limit):
        return limit is not None and sent >= limit

    def accept(rules):
        return "this engine was started with --refuse-rules" if args.refuse_rules else None

    def think(pos, limits):
        nonlocal sent
        if after(args.crash_after):
            sys.stdout.flush()
            os._exit(3)
        if after(args.hang_after):
            while True:
                time.sleep(3600)
        moves = sr.legal_moves(pos)
        most = max(len(m.captured) for m in moves)
        move = rng.choice([m for m in moves if len(m.captured) == most])
        infos = ()
        if args.info:
            child = sr.play(pos, move)
            score = 100 * (material(child, pos.side) - material(child, sr.other(pos.side)))
            infos = (f"info depth 1 score cp {score} nodes {len(moves)} pv {move.text(pos.rules.size)}",)
        text, raw = move.text(pos.rules.size), None
        if after(args.illegal_after):
            text = illegal_move(pos)
        if after(args.garbage_after):
            text, raw = "zz99", b"\xff\xfe\x00garbage\x9c\x80 }{ \x07\n"
        sent += 1
        delay = args.slow + (limits.get("movetime", 0) if args.think else 0)
        return Reply(text, infos, delay / 1000, raw)

    serve(args.name, "Seega Lab examples", ["standard", "diagonal", "chain"], [5, 7, 9], accept, think, new_game)
    time.sleep(args.slow_exit / 1000)


if __name__ == "__main__":
    main()

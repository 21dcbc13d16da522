#!/usr/bin/python3
"""A random Seega engine for the rules of the MAIC 2020 competition, over the Seega engine protocol.

MAIC 2020 (the third Mify Artificial Intelligence Contest, MIFY and AAAI Benin) had Seega as its game.
Its public Python framework (MAIC2020-Seega: seega/seega_rules.py, seega/seega_state.py,
gui/seega_gui.py and main.py, October 2020) plays:

- a 5x5 board (main.py), 12 stones a side, placed one at a time, two a turn, never on the centre;
  player -1 (the AI given as -ai0) places first and the last placer moves first;
- steps of one square up, down, left or right; custodian capture along ranks and files by the moving
  stone only, every enclosed stone at once; a stone on the centre is never captured; one step a turn
  (no chains, no forced capture, no barrier);
- a side with no step is skipped: the other side moves again, and no counter moves;
- the game ends when a side has captured all 12 enemy stones, or after 200 movement moves in a row
  without a capture (the "boring" limit, boring_limit=200 in the GUI); there is no total move limit;
  the side that captured more (so has more stones left) wins, equal is a tie.

In Seega Lab's keys that is

    standard(quiet_plies=200,max_plies=off)

with first_placer=w or b (the colour is a convention; MAIC's first placer is player -1). This engine
accepts exactly those rules and refuses every other rules string with `error`. What the keys cannot
say, and what differs in the contest's procedure rather than its rules:

- the 7x7 and 9x9 boards of the framework's state give each side 14 stones, not a full board (24 or
  40); our 7x7 and 9x9 always fill the board, so only 5x5 is matched;
- when the side that placed last cannot step at the start of movement, MAIC has no rule (its code
  finds no action); ours passes;
- a later revision of the framework's rules makes a side whose opponent is stuck move a stone next
  to an enemy stone (to open the board); our keys have no such rule;
- a move that is illegal, or asked for after the player's total time (120 s) ran out, is replaced by
  a random move in MAIC; our controller scores it as a loss.

It plays a uniformly random legal move (as the framework's random_agent.py does), seeded with --seed.
"""

import argparse
import dataclasses
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import seega_rules as sr  # noqa: E402  (after the path is set)
from seega_protocol import Reply, serve  # noqa: E402

MAIC_RULES = sr.parse_rules("standard(quiet_plies=200,max_plies=off)")


def accept(rules):
    """None for the MAIC 2020 rules (either colour placing first), else why they are refused."""
    if rules.size != 5:
        return f"MAIC 2020 is played on 5x5 only, not size={rules.size}"
    if dataclasses.replace(rules, first_placer=sr.WHITE, preset="standard") != MAIC_RULES:
        return "not the MAIC 2020 rules: this engine plays standard(quiet_plies=200,max_plies=off) only"
    return None


def main():
    parser = argparse.ArgumentParser(description="A random engine for the MAIC 2020 Seega rules.")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random moves (default 1)")
    parser.add_argument("--name", default="maic-random-py", help="the name it gives in the handshake")
    args = parser.parse_args()
    rng = random.Random(args.seed)

    def think(pos, limits):
        return Reply(rng.choice(sr.legal_moves(pos)).text(pos.rules.size))

    serve(args.name, "Seega Lab examples", ["standard"], [5], accept, think)


if __name__ == "__main__":
    main()

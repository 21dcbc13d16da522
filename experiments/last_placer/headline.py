#!/usr/bin/python3
"""The answer of a last-placer CSV in a few lines, beside the seed's "about four in five": the last
placer's score with random placement (every game its own placement, the deepest mover of the CSV) and
from the empty board (the deepest population of perturbed configurations, pooled and clustered by
configuration), each with its 95% interval and whether that interval holds 80%. make demo prints it
first; table.py has the detail.

Usage: headline.py CSV
"""
import csv
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import meta  # noqa: E402  (beside this file)

Z95 = 1.959963984540054


def depth(spec):
    m = re.search(r"(?:depth=|level\()(\d+)", spec)
    return int(m.group(1)) if m else 0


def verdict(lo, hi):
    if lo is None:
        return "too few clusters for an interval"
    if lo > meta.SEED_SCORE:
        return "above four in five"
    if hi < meta.SEED_SCORE:
        return "below four in five"
    return "four in five is inside the interval"


def lines(rows):
    out = []
    random = [r for r in rows if not r["b"] and not r["population"] and r["rules"] == "standard"
              and "placement=random" in r["player"] and int(r["opening_turns"]) == 0]
    if random:
        r = max(random, key=lambda r: depth(r["player"]))
        lo, hi = r["last_placer_score_ci95_lo"], r["last_placer_score_ci95_hi"]
        lo, hi = (float(lo), float(hi)) if lo != "" else (None, None)
        interval = f" [{100 * lo:.1f}, {100 * hi:.1f}]" if lo is not None else ""
        out.append(f"  random placement, {r['player']}: the last placer scores "
                   f"{100 * float(r['last_placer_score']):.1f}%{interval} in {r['games']} games ({verdict(lo, hi)})")
    pops = {}
    for r in rows:
        if r["population"] and not r["b"] and r["rules"] == "standard" and int(r["opening_turns"]) == 0:
            pops.setdefault(r["population"], []).append(r)
    if pops:
        spec, configs = max(pops.items(), key=lambda kv: depth(kv[0]))
        est = meta.population_estimate(configs)
        half = Z95 * math.sqrt(est["var"])
        lo, hi = (est["score"] - half, est["score"] + half) if len(configs) >= 20 else (None, None)
        interval = f" [{100 * lo:.1f}, {100 * hi:.1f}]" if lo is not None else ""
        out.append(f"  from the empty board, {len(configs)} perturbed configurations of {meta.mover_of(spec)}: "
                   f"{100 * est['score']:.1f}%{interval} in {est['games']} games ({verdict(lo, hi)})")
    return out


def main(argv):
    if len(argv) != 1:
        sys.exit("usage: headline.py CSV")
    if not os.path.exists(argv[0]):
        sys.exit(f"headline.py: {argv[0]} does not exist (run.py writes it)")
    with open(argv[0], newline="") as f:
        rows = list(csv.DictReader(f))
    found = lines(rows)
    if not found:
        sys.exit(f"headline.py: {argv[0]} has no row with random placement and no population from the empty board")
    print("The answer: seed 001 says the side that places last wins about four games in five (80%) in self-play.")
    print("\n".join(found))
    print("  (the last placer's score: wins + half the draws, 95% intervals clustered by opening, placement and "
          "configuration)")


if __name__ == "__main__":
    main(sys.argv[1:])

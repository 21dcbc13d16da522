#!/usr/bin/env python3
"""A gate row in the setting the last-placer study plays: from the empty board (no random opening turns),
over a population of perturbed configurations of one engine.

Configuration c (1 to N, or F to F + N - 1 with --first-config F) is the pair of games
ab(depth=D,vary=c) with the candidate's weights against the same engine with the baseline's, each side
placing first once, played by `seega match --games 2 --opening-turns 0`, one results file a
configuration in --out-dir (a configuration whose summary exists is not played again, so the row
resumes). The row is the pentanomial of the N pairs, the score with a 95% normal interval from the
pairs' variance, and its Elo; it passes as a `seega gate` row does: Elo
above 0 and the interval's lower end not below --floor (no interval, and so no pass, from fewer than 10
pairs or from pairs that all scored alike, unless every one of at least 10 was won 2-0). The distinct
games behind the row are counted (configurations whose games are the same game count once), and the
clusters are the pairs.

No seed changes these games, so a row cannot be played again on a fresh seed. A candidate chosen after
seeing configurations 1 to 100 is gated on fresh ones instead: --first-config 101 plays 101 to 200.

    population.py --rules diagonal --candidate c.txt --baseline before.txt --depth 3 --configs 100 \\
        --seed 7 --out-dir pop_d3 [--json]
"""
import argparse
import json
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gate_rule import MIN_PAIRS, dumps, elo_text, won_every_pair  # noqa: E402  (experiments/gate_rule.py)

Z = 1.959963984540054


def elo(score):
    if score <= 0:
        return -math.inf
    if score >= 1 - 1e-12:
        return math.inf
    return 400 * math.log10(score / (1 - score))  # 0.0 at a score of 0.5, not -0.0


def row(pentanomial, floor):
    """The pair score, its interval and Elo from a pentanomial [LL, LD, DD or WL, WD, WW], as `seega gate`
    gives them (gate_rule.py): no interval from fewer than 10 pairs or when every pair scored alike (no
    spread to estimate; the reason says which), and such a row passes only when the candidate won every
    one of at least 10 pairs 2-0.

    >>> r = row([0, 1, 5, 3, 1], -10)
    >>> r["pairs"], r["score"], [round(x, 3) for x in r["score_ci95"]], round(r["elo"], 1), r["pass"]
    (10, 0.6, [0.476, 0.724], 70.4, False)
    >>> r = row([0, 0, 1, 0, 1], -10)
    >>> r["score_ci95"], r["elo_ci95"], r["reason"], r["pass"]
    (None, None, '2 game pairs are too few (at least 10 are needed)', False)
    >>> r = row([0, 0, 30, 0, 0], -10)
    >>> r["elo"], r["elo_ci95"], r["reason"], r["pass"]
    (0.0, None, 'every game pair ended 1-1', False)
    >>> r = row([0, 0, 0, 0, 12], -10)
    >>> r["elo"], r["elo_ci95"], r["pass"]
    (inf, None, True)
    >>> r = row([0, 12, 0, 0, 0], -10)
    >>> r["elo_ci95"], r["reason"], r["pass"]
    (None, 'the candidate scored 0.5 of 2 points in every game pair', False)
    """
    n = sum(pentanomial)
    values = [0, 0.25, 0.5, 0.75, 1]
    mean = sum(k * v for k, v in zip(pentanomial, values)) / n
    var = sum(k * (v - mean) ** 2 for k, v in zip(pentanomial, values)) / n
    r = {"pairs": n, "score": mean, "score_ci95": None, "elo": elo(mean), "elo_ci95": None, "reason": None}
    if n < MIN_PAIRS:
        r["reason"] = f"{n} game pairs are too few (at least {MIN_PAIRS} are needed)"
    elif var == 0:
        # The reason seega match gives (lib/runs/kinds/match.cpp), the candidate as A.
        r["reason"] = ["the baseline won every game pair 2-0",
                       "the candidate scored 0.5 of 2 points in every game pair", "every game pair ended 1-1",
                       "the candidate scored 1.5 of 2 points in every game pair",
                       "the candidate won every game pair 2-0"][values.index(mean)]
    else:
        half = Z * math.sqrt(var / n)
        r["score_ci95"] = [mean - half, mean + half]
        r["elo_ci95"] = [elo(mean - half), elo(mean + half)]
    if r["elo_ci95"] is None:
        r["pass"] = n >= MIN_PAIRS and won_every_pair(pentanomial)
    else:
        r["pass"] = r["elo"] > 0 and r["elo_ci95"][0] >= floor
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seega", default=os.environ.get("SEEGA", "seega"))
    ap.add_argument("--rules", default="standard")
    ap.add_argument("--candidate", required=True)
    ap.add_argument("--baseline", required=True)
    ap.add_argument("--depth", type=int, required=True)
    ap.add_argument("--configs", type=int, default=100)
    ap.add_argument("--first-config", type=int, default=1, help="the first configuration (vary=) played")
    ap.add_argument("--seed", default="7")
    ap.add_argument("--floor", type=float, default=-10)
    ap.add_argument("--out-dir", required=True)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    if a.configs < 2:
        sys.exit("population.py: error: --configs must be 2 or more (a row's interval rests on its pairs)")
    if a.first_config < 1:
        sys.exit("population.py: error: --first-config must be 1 or more (a configuration is vary=1 or more)")
    os.makedirs(a.out_dir, exist_ok=True)
    pent = [0] * 5
    distinct = set()
    last = a.first_config + a.configs - 1
    for c in range(a.first_config, last + 1):
        stem = os.path.join(a.out_dir, f"vary{c}")
        if not os.path.exists(stem + ".json"):
            spec = f"ab(depth={a.depth},vary={c},weights={{}})"
            cmd = [a.seega, "match", "--rules", a.rules, "--a", spec.format(a.candidate), "--b",
                   spec.format(a.baseline), "--games", "2", "--opening-turns", "0", "--seed", a.seed, "--threads",
                   "1", "--quiet", "--json", "--out", stem + ".jsonl"]
            if os.path.exists(stem + ".jsonl"):
                os.remove(stem + ".jsonl")  # a pair cut short is played again whole
            try:
                done = subprocess.run(cmd, capture_output=True, text=True)
            except OSError as e:
                sys.exit(f"population.py: error: --seega {a.seega}: {e.strerror}")
            if done.returncode != 0:
                # seega's own one-line message says what to fix; the configurations played so far are kept.
                why = (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1]
                sys.exit(f"population.py: error: configuration {c}: seega match failed: {why}")
            with open(stem + ".json.part", "w") as f:
                f.write(done.stdout)
            os.replace(stem + ".json.part", stem + ".json")
        with open(stem + ".json") as f:
            s = json.load(f)
        for k in range(5):
            pent[k] += s["pentanomial"][k]
        with open(stem + ".jsonl") as f:
            for line in f.read().splitlines()[1:]:
                distinct.add(" ".join(json.loads(line)["moves"]))
    r = row(pent, a.floor)
    which = f"{a.configs} configurations" if a.first_config == 1 else f"configurations {a.first_config} to {last}"
    r.update({"row": f"{a.rules} depth {a.depth}, empty board, {which} (vary)",
              "rules": a.rules, "depth": a.depth, "configs": a.configs, "first_config": a.first_config,
              "pentanomial": pent,
              "distinct_games": len(distinct), "games": 2 * a.configs})
    if a.json:
        print(dumps(r, sort_keys=True))  # an Elo of +inf as "+inf", as seega writes it
    else:
        ci = r["score_ci95"]
        score = f"{100 * r['score']:.1f}%" + (f" [{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]" if ci else "")
        print(f"{r['row']}: pentanomial {pent}, score {score}, Elo {elo_text(r['elo'], r['elo_ci95'], r['reason'])}, "
              f"{r['distinct_games']} distinct games of {r['games']}: {'passes' if r['pass'] else 'fails'}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The tables of run.sh's results: each pattern fit (entries, losses by stage, time, memory) and its gate
rows against today's built-in weights of 5x5 standard.

    report.py [results]
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import gate_rule  # noqa: E402
from gate_rule import elo_text, passes  # noqa: E402  (experiments/gate_rule.py: seega gate's rule)


def load(path):
    return gate_rule.load(path)  # "+inf" and "-inf" read back as numbers


def done(path):
    """Whether a summary is there and written (a run still writing it leaves it empty)."""
    return os.path.exists(path) and os.path.getsize(path) > 0


def fit_name(f):
    """(round, label depth, penalty, the games' depth) of a fit's summary: fit_lL.json for run.sh's depth-4
    labels, fit_dD_lL.json for labels of depth D, fit_rR_dD_lL.json for round R's positions (round 1: games
    of the linear weights; round 2: games of fit_d8_l100, step 8), fit_rRgG_dD_lL.json for games played at
    depth G (step 12; 2 unless named); None for any other file.

    >>> fit_name("fit_l100.json"), fit_name("fit_d8_l100.json"), fit_name("fit_r2_d8_l100.json")
    ((1, 4, 100.0, 2), (1, 8, 100.0, 2), (2, 8, 100.0, 2))
    >>> fit_name("fit_r2g4_d8_l100.json")
    (2, 8, 100.0, 4)
    >>> fit_name("fit_l100.txt"), fit_name("gate_fit_l1.json")
    (None, None)
    """
    m = re.fullmatch(r"fit_(?:r(\d+)(?:g(\d+))?_)?(?:d(\d+)_)?l([0-9.]+)\.json", f)
    return (int(m.group(1) or 1), int(m.group(3) or 4), float(m.group(4)), int(m.group(2) or 2)) if m else None


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "results")
    fits = sorted((f for f in os.listdir(d) if fit_name(f)), key=fit_name)
    print("| fit | positions from games of | labels | l2 | entries fitted | held at 0 (rare) | of | held-out loss before -> after | Newton (CG) | fit s | read s | memory MB |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: | ---: |")
    for f in fits:
        j = load(os.path.join(d, f))
        players = "the linear weights" if fit_name(f)[0] == 1 else "fit_d8_l100"
        if fit_name(f)[3] != 2:
            players += f" at depth {fit_name(f)[3]}"
        print(f"| {f[:-5]} | {players} | depth {fit_name(f)[1]} | {j['l2']:g} | {j['entries_fitted']:,} | {j['entries_rare']:,} | {j['entries']:,} | "
              f"{j['holdout_loss_before']:.5f} -> {j['holdout_loss_after']:.5f} | {j['newton_steps']} ({j['cg_iterations']}) | "
              f"{j['seconds']:.1f} | {j['read_seconds']:.1f} | {j['peak_memory_mb']:.0f} |")
    if fits:
        j = load(os.path.join(d, fits[0]))
        print(f"\n{j['train_samples']:,} training positions from {j['train_pairs']:,} game pairs, "
              f"{j['holdout_samples']:,} held out from {j['holdout_pairs']:,}; {j['nonzeros']:,} non-zeros in X\n")
        print("| stage | " + " | ".join(f[:-5] for f in fits) + " |")
        print("| --- | " + " | ".join("---" for _ in fits) + " |")
        for s in range(len(j["stages"])):
            cells = []
            for f in fits:
                st = load(os.path.join(d, f))["stages"][s]
                cells.append(f"{st['holdout_loss_before']:.4f} -> {st['holdout_loss_after']:.4f} ({st['holdout']})"
                             if st["holdout"] else "-")
            print(f"| {s} | " + " | ".join(cells) + " |")
    for f in fits:
        c = f[:-5]
        rows = []
        # Step 7's depth-1 rows (gate1_, population1_) first, then step 3's.
        for g in (f"gate1_{c}.json", f"gate_{c}.json"):
            if done(os.path.join(d, g)):
                for r in load(os.path.join(d, g))["rows"]:
                    rows.append((f"{r['row']}, 2 random opening turns", r["games"], r["score"], r["elo"],
                                 r["elo_ci95"], r["pass"]))
        for g in (f"population1_{c}.json", f"population_{c}.json"):
            if done(os.path.join(d, g)):
                p = load(os.path.join(d, g))
                rows.append((p["row"], p["games"], p["score"], p["elo"], p["elo_ci95"], p["pass"]))
        if done(os.path.join(d, f"time100_{c}.json")):
            t = load(os.path.join(d, f"time100_{c}.json"))
            rows.append(("ab(time=100), equal time", t["games"], t["a_score"], t["pair_elo"],
                         t["pair_elo_ci95"], passes(t)))
        for name in sorted(os.listdir(d)):
            prefix = f"time100_{c}_seed"
            if name.startswith(prefix) and name.endswith(".json"):
                t = load(os.path.join(d, name))
                rows.append((f"ab(time=100), equal time, again on seed {name[len(prefix):-5]}", t["games"],
                             t["a_score"], t["pair_elo"], t["pair_elo_ci95"], passes(t)))
        if done(os.path.join(d, f"time1500_{c}.json")):
            t = load(os.path.join(d, f"time1500_{c}.json"))
            rows.append(("ab(time=1500), the game's time a move", t["games"], t["a_score"], t["pair_elo"],
                         t["pair_elo_ci95"], passes(t)))
        for name in sorted(os.listdir(d)):
            prefix = f"time1500_{c}_seed"
            if name.startswith(prefix) and name.endswith(".json"):
                t = load(os.path.join(d, name))
                rows.append((f"ab(time=1500), again on seed {name[len(prefix):-5]}", t["games"], t["a_score"],
                             t["pair_elo"], t["pair_elo_ci95"], passes(t)))
        if not rows:
            continue
        complete = done(os.path.join(d, f"time100_{c}.json")) and len(rows) >= 4
        verdict = ("refused" if not all(r[-1] for r in rows) else "every row passes" if complete
                   else "every row so far passes; rows still to play")
        print(f"\n**{c} against the linear weights (standard.txt)** — {verdict}\n")
        print("| row | games | score | Elo (pairs, 95%) | passes |")
        print("| --- | ---: | ---: | --- | --- |")
        for name, games, score, elo, ci, ok in rows:
            print(f"| {name} | {games} | {100 * score:.1f}% | {elo_text(elo, ci)} | "
                  f"{'yes' if ok else 'no'} |")


def pair_of(name):
    """The kind of row, the two fits and the seed (None: the steps' seed 7) of a head-to-head file's name.

    >>> pair_of("gate_fit_a_vs_fit_b.json")
    ('gate', 'fit_a', 'fit_b', None)
    >>> pair_of("population_d4_fit_a_vs_fit_b_seed11.json")
    ('population_d4', 'fit_a', 'fit_b', '11')
    >>> pair_of("gate_fit_a.json") is None
    True
    """
    m = re.fullmatch(r"(gate|population_d\d+|time100)_(.+)_vs_(.+?)(?:_seed(\d+))?\.json", name)
    return m.groups() if m else None


def head_to_head(d):
    """Fits against each other: step 9's gate rows (gate_A_vs_B.json, population_dD_A_vs_B.json) and step 8's
    match at equal time (time100_A_vs_B.json), one table a pair and seed (..._seedS.json)."""
    pairs = {}
    for name in sorted(os.listdir(d)):
        p = pair_of(name)
        if not p or not done(os.path.join(d, name)):
            continue
        kind, a, b, seed = p
        j = load(os.path.join(d, name))
        rows = pairs.setdefault((a, b, seed), [])
        if kind == "gate":
            rows += [(f"{r['row']}, 2 random opening turns", r["games"], r["score"], r["elo"], r["elo_ci95"], r["pass"])
                     for r in j["rows"]]
        elif kind == "time100":
            rows.append(("ab(time=100), equal time", j["games"], j["a_score"], j["pair_elo"],
                         j["pair_elo_ci95"], passes(j)))
        else:
            rows.append((j["row"], j["games"], j["score"], j["elo"], j["elo_ci95"], j["pass"]))
    for (a, b, seed), rows in pairs.items():
        verdict = "every row played passes" if all(r[-1] for r in rows) else "refused"
        print(f"\n**{a} against {b}**{f', seed {seed}' if seed else ''} — {verdict}\n")
        print("| row | games | score | Elo (pairs, 95%) | passes |")
        print("| --- | ---: | ---: | --- | --- |")
        for name, games, score, elo, ci, ok in rows:
            print(f"| {name} | {games} | {100 * score:.1f}% | {elo_text(elo, ci)} | "
                  f"{'yes' if ok else 'no'} |")


if __name__ == "__main__":
    main()
    head_to_head(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "results"))

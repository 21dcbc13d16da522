#!/usr/bin/env python3
"""The tables of boards.sh's run: for each board in results/boards/ (or the folder given), its fit (or
its SPSA run, SPSA=1, or its pattern fit, PATTERNS=1), its candidate weights against the general ones,
and every gate row (random openings at fixed depths, the empty board over a population of perturbed
configurations, equal time), with the verdict the rows give together: adopt only when every row passes
(Elo above 0, the interval's lower end not below -10). A board whose fixed-depth rows were played again
(boards.sh's REPLAY_SEEDS and REPLAY_CONFIGS, in seedS/ and configs_C/) also gets them pooled over every
play (pooled.py).

    boards_report.py [results/boards]
    boards_report.py --passes FOLDER   # exit 0 when every row but the 1.5 s one is played and passes

boards.sh asks --passes before the 1.5 s row, which is played only for a fit that passed every other row
(in a folder with replays, its fixed-depth rows pooled over every play, as the pooled table shows).
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import gate_rule  # noqa: E402
from gate_rule import elo_text, passes, won_every_pair  # noqa: E402  (experiments/gate_rule.py: seega gate's rule)
import pooled  # noqa: E402  (beside this script: a candidate's rows played more than once, pooled)

FEATURES = ["material", "mobility", "safe", "threats", "hanging", "centre_ring", "centre_entry", "blocked",
            "last_placer", "first_entry", "edge", "placement_safe", "quiet_count"]


def load(path):
    return gate_rule.load(path)  # "+inf" and "-inf" read back as numbers


def done(path):
    """Whether a summary is there and written (a run still writing it leaves it empty)."""
    return os.path.exists(path) and os.path.getsize(path) > 0


def weights(path):
    out = {}
    with open(path) as f:
        for line in f:
            line = line.split("#")[0].split()
            if len(line) == 2:
                out[line[0]] = float(line[1])
    return out


def first_comment(path):
    """The text of a weights file's first line when it is a comment (pattern_stages.py says there which
    tables the file holds), else 'the fit's linear weights'."""
    with open(path) as f:
        line = f.readline().strip()
    return line.lstrip("# ").removesuffix(" (pattern_stages.py)") if line.startswith("#") else "the fit's linear weights"


def gate_rows(d, time1500=True):
    """Every gate row in the folder d, as (row, games, score, elo, interval, pentanomial, passes); passes is
    None for a row not played yet. Without time1500, the game's own 1.5 s row is left out."""
    rows = []
    if os.path.exists(os.path.join(d, "gate.json")):
        g = load(os.path.join(d, "gate.json"))
        for r in g["rows"]:
            # A row of too few game pairs has no Elo and no interval (elo_reason says why).
            rows.append((f"{r['row']}, 2 random opening turns", r["games"], r["score"], r["elo"],
                         r.get("elo_ci95"), " ".join(map(str, r["pentanomial"])), r["pass"]))
    for name in sorted(os.listdir(d)):
        # A population whose summary is still being written (an empty file) is not a row yet.
        if name.startswith("population_d") and name.endswith(".json") and os.path.getsize(os.path.join(d, name)):
            p = load(os.path.join(d, name))
            rows.append((f"{p['row']}; {p['distinct_games']} distinct games", p["games"], p["score"], p["elo"],
                         p.get("elo_ci95"), " ".join(map(str, p["pentanomial"])), p["pass"]))
    if done(os.path.join(d, "time100.json")):
        t = load(os.path.join(d, "time100.json"))
        rows.append(("ab(time=100), equal time, 2 random opening turns", t["games"], t["a_score"], t["pair_elo"],
                     t["pair_elo_ci95"], " ".join(map(str, t["pentanomial"])), passes(t)))
    else:
        rows.append(("ab(time=100), equal time: not played yet", 0, float("nan"), float("nan"),
                     [float("nan")] * 2, "", None))
    # Equal-time rows played again on other seeds (time100_seedS.json), and the game's own 1.5 s a
    # move (time1500.json).
    extra = [(n, f"ab(time=100), equal time, again on seed {n[len('time100_seed'):-5]}") for n in sorted(os.listdir(d))
             if n.startswith("time100_seed") and n.endswith(".json")]
    if time1500:
        extra += [("time1500.json", "ab(time=1500), the game's time a move, 2 random opening turns")]
    for file, label in extra:
        if done(os.path.join(d, file)):
            t = load(os.path.join(d, file))
            rows.append((label, t["games"], t["a_score"], t["pair_elo"], t["pair_elo_ci95"],
                         " ".join(map(str, t["pentanomial"])), passes(t)))
        elif file == "time1500.json":  # adoption asks for the game's own time too (issue 34)
            # boards.sh plays it only for a candidate whose every other row passes.
            refused = any(r[6] is False for r in rows)
            label = "not played, another row fails" if refused else "not played yet"
            rows.append((f"ab(time=1500), the game's time a move: {label}", 0, float("nan"), float("nan"),
                         [float("nan")] * 2, "", None))
    return rows


def print_rows(title, rows):
    played = [r[-1] for r in rows if r[-1] is not None]
    # A folder of a fit alone (its parts gated elsewhere, as its stages/) has no row played: nothing passes.
    verdict = ("no row played" if not played else "refused" if not all(played)
               else "adopt" if len(played) == len(rows) else "every row played so far passes; rows still to play")
    print(f"\n**{title}** — {verdict}\n")
    print("| row | games | score | Elo (pairs, 95%) | pentanomial 0-2 | passes |")
    print("| --- | ---: | ---: | --- | --- | --- |")
    for name, games, score, elo, ci, pent, passed in rows:
        if passed is None:
            print(f"| {name} | | | | | |")
            continue
        # A match row can have no interval: too few game pairs or every pair 1-1 (it does not pass), or
        # every pair won 2-0 (an Elo of +inf; gate_rule passes it from 10 pairs on).
        # An interval's end can be infinite (every pair but one won 2-0, say): seega writes "+inf".
        measured = (elo_text(elo, ci) if elo is not None and ci is not None
                    else "+inf, every pair won 2-0" if won_every_pair([int(n) for n in pent.split()])
                    else "no interval")
        print(f"| {name} | {games} | {100 * score:.1f}% | {measured} | {pent} | {'yes' if passed else 'no'} |")


def passes_all_but_time1500(d):
    """Whether every row of the folder d but the game's 1.5 s one is played and passes. In a folder with
    replays (seedS/, configs_C/), the fixed-depth rows pooled over every play decide, as the report's
    pooled table does; the clock rows are played once and decide as they are."""
    rows = gate_rows(d, time1500=False)
    pooled_rows = replays_pooled(d)
    if pooled_rows:
        clock = [r for r in rows if r[0].startswith("ab(time=")]
        return all(r["pass"] for r in pooled_rows[0]) and bool(clock) and all(r[-1] for r in clock)
    return bool(rows) and all(r[-1] for r in rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("root", nargs="?", default=os.path.join(os.path.dirname(__file__), "results", "boards"),
                    help="the folder of boards.sh's boards (default: results/boards beside this script)")
    ap.add_argument("--passes", metavar="FOLDER",
                    help="exit 0 when every row of FOLDER but the 1.5 s one is played and passes, else 1")
    a = ap.parse_args()
    if a.passes:
        sys.exit(0 if passes_all_but_time1500(a.passes) else 1)
    root = a.root
    if not os.path.isdir(root):
        ap.error(f"{root} is not a folder (boards.sh writes results/boards/)")
    here = os.path.dirname(os.path.abspath(__file__))
    general = weights(os.path.join(here, "weights", "before.txt"))
    fits = sorted(b for b in os.listdir(root) if os.path.exists(os.path.join(root, b, "fit.json")))
    # boards.sh's PATTERNS=1 candidates: a pattern evaluation's fit, with the linear fit of the same positions.
    patterned = [b for b in fits if "patterns" in load(os.path.join(root, b, "fit.json"))]
    fits = [b for b in fits if b not in patterned]
    # boards.sh's SPSA=1 candidates: tuned on game results, no positions and no fit.
    tuned = sorted(b for b in os.listdir(root) if os.path.exists(os.path.join(root, b, "spsa.json")))
    boards = sorted(fits + tuned + patterned)
    print("| board | positions (game pairs) | K | held-out loss before -> after | undetermined (kept) |")
    print("| --- | ---: | ---: | --- | --- |")
    for b in fits:
        f = load(os.path.join(root, b, "fit.json"))
        n = f["train_samples"] + f["holdout_samples"]
        print(f"| {b} | {n:,} ({f['train_games'] + f['holdout_games']:,}) | {f['k']:.3f} | "
              f"{f['holdout_loss_before']:.5f} -> {f['holdout_loss_after']:.5f} | {', '.join(f['undetermined'])} |")
    if patterned:
        print()
        print("| board (pattern fit) | positions (game pairs) | K | held-out loss before -> after | the linear fit "
              "of the same positions | entries fitted / held at 0 (rare) / in all | seconds (reading) | memory |")
        print("| --- | ---: | ---: | --- | --- | --- | ---: | ---: |")
        for b in patterned:
            f = load(os.path.join(root, b, "fit.json"))
            lin = os.path.join(root, b, "fit_linear.json")
            linear = "not made"
            if os.path.exists(lin):
                g = load(lin)
                linear = f"{g['holdout_loss_before']:.5f} -> {g['holdout_loss_after']:.5f}"
            n = f["train_samples"] + f["holdout_samples"]
            print(f"| {b} | {n:,} ({f['train_pairs'] + f['holdout_pairs']:,}) | {f['k']:.3f} | "
                  f"{f['holdout_loss_before']:.5f} -> {f['holdout_loss_after']:.5f} | {linear} | "
                  f"{f['entries_fitted']:,} / {f['entries_rare']:,} / {f['entries']:,} | "
                  f"{f['seconds']:.0f} ({f['read_seconds']:.0f}) | {f['peak_memory_mb']:.0f} MB |")
    if tuned:
        print()
        print("| board (SPSA) | players, in turn | iterations | games |")
        print("| --- | --- | ---: | ---: |")
        for b in tuned:
            d = os.path.join(root, b)
            config = load(os.path.join(d, "spsa.csv.json"))
            with open(os.path.join(d, "spsa.csv")) as f:
                rows = [line.split(",") for line in f.read().splitlines()[1:]]
            print(f"| {b} | {config['player']} | {len(rows):,} of {config['iterations']:,} | "
                  f"{sum(int(r[1]) for r in rows):,} |")
    print()
    print("| feature | general | " + " | ".join(boards) + " |")
    print("| --- | ---: | " + " | ".join("---:" for _ in boards) + " |")
    # A folder that only fits (no gate of its own, as placement.sh's) shows its fit's weights.
    def candidate(b):
        path = os.path.join(root, b, "candidate.txt")
        return path if os.path.exists(path) else os.path.join(root, b, "fit.txt")
    cands = {b: weights(candidate(b)) for b in boards}
    for name in FEATURES:
        print(f"| {name} | {general[name]:g} | " + " | ".join(f"{cands[b].get(name, 0):g}" for b in boards) + " |")
    for b in boards:
        d = os.path.join(root, b)
        what = "the SPSA weights" if b in tuned else "the pattern fit" if b in patterned else "the fit"
        print_rows(f"{b}: {what} against the general weights", gate_rows(d))
        # boards.sh's VS_BUILTIN: the same candidate against the board's built-in weights (vs_builtin/builtin.txt).
        if os.path.isdir(os.path.join(d, "vs_builtin")):
            print_rows(f"{b}: {what} against the board's built-in weights (vs_builtin/builtin.txt)",
                       gate_rows(os.path.join(d, "vs_builtin")))
        # Variants of the fit (one_factor.sh's weights, gated by boards.sh's VARIANTS on another seed).
        variants = os.path.join(d, "variants")
        for v in sorted(os.listdir(variants)) if os.path.isdir(variants) else []:
            path = os.path.join(d, "one_factor", f"{v}.txt")
            gate = os.path.join(variants, v, "gate.json")
            seed = load(gate).get("seed") if done(gate) else None
            if not os.path.exists(path):  # a pattern variant's file is not committed (the README remakes it)
                what = f"one_factor/{v}.txt is not here"
            elif b in patterned:  # a pattern fit's variant: the fit (tables too) with some weights put back
                w = weights(path)
                back = ", ".join(f"{k} {w[k]:g}" for k in FEATURES if k in w and w[k] != cands[b].get(k))
                # or the same linear weights and other tables: what pattern_stages.py's first line says
                what = f"the fit with {back}" if back else first_comment(path)
            else:
                w = weights(path)
                moved = ", ".join(f"{k} {w[k]:g}" for k in FEATURES if k in w and w[k] != general[k])
                what = f"{moved}; the rest general"
            print_rows(f"{b}, variant {v} ({what}), against the general weights"
                       + (f", seed {seed}" if seed is not None else ""), gate_rows(os.path.join(variants, v)))
            print_replays(f"{b}, variant {v}", os.path.join(variants, v))
        print_replays(b, d)


def replays_pooled(d):
    """The folder d's fixed-depth rows pooled with their replays (boards.sh's REPLAY_SEEDS in seedS/,
    REPLAY_CONFIGS in configs_C/) as (pooled.py's rows, the plays named), or None without replays."""
    def numbered(prefix):
        return sorted((n for n in os.listdir(d) if re.fullmatch(prefix + r"\d+", n)
                       and os.path.isdir(os.path.join(d, n))), key=lambda n: int(n[len(prefix):]))
    gates = [os.path.join(d, n, "gate.json") for n in numbered("seed") if done(os.path.join(d, n, "gate.json"))]
    folders = [os.path.join(d, n) for n in numbered("configs_") if pooled.population_files(os.path.join(d, n))]
    if not gates and not folders:
        return None
    own_gate = [os.path.join(d, "gate.json")] if done(os.path.join(d, "gate.json")) else []
    own_populations = [d] if pooled.population_files(d) else []
    plays = ", ".join(["the gate's"] + [os.path.basename(os.path.dirname(g)) + "/" for g in gates]
                      + [os.path.basename(f) + "/" for f in folders])
    return pooled.pool(own_gate + gates, own_populations + folders), plays


def print_replays(b, d):
    """The folder d's rows pooled with their replays, when it has any: pooled.py's table."""
    replayed = replays_pooled(d)
    if replayed is None:
        return
    rows, plays = replayed
    verdict = "every pooled row passes" if all(r["pass"] for r in rows) else "refused"
    print(f"\n**{b}: the fixed-depth rows pooled over their plays ({plays})** — {verdict}\n")
    pooled.print_table(rows)

if __name__ == "__main__":
    main()

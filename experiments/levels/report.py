#!/usr/bin/python3
"""The levels study's tables, in Markdown, from what run.sh wrote: the ladder with each step's interval,
the node budget's and the clock's shares of moves at each level, and the proxies' runs. Also writes
levels.csv, clock.csv and runs.csv beside them for the notebooks."""
import csv
import glob
import json
import math
import os
import re
import sys

BUDGET = 6_000_000  # kLevelNodeBudget in lib/engine/player.hpp


def write_csv(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def level_of(name):
    m = re.match(r"level\((\d+)", name)
    return int(m.group(1)) if m else None


def ladder_table(results, stem="ladder", csv_name="levels.csv"):
    with open(os.path.join(results, stem + ".json")) as f:
        j = json.load(f)
    by_name = {p["name"]: p for p in j["players"]}
    pairs = {(p["a"], p["b"]): p for p in j["pairs"]}
    # Per player, from the games' search counts: searches, searches cut by a node limit, games with a search
    # past level(N,deterministic)'s budget, and the most nodes in one search.
    budget = {}
    path = os.path.join(results, stem + ".jsonl")
    if os.path.exists(path):
        with open(path) as f:
            header = json.loads(f.readline())
            names = header["players"]
            for line in f:
                try:
                    g = json.loads(line)
                except json.JSONDecodeError:
                    continue
                for colour in ("w", "b"):
                    s = g.get("search", {}).get(colour)
                    if not s:
                        continue
                    b = budget.setdefault(names[g["players"][colour]], [0, 0, 0, 0])
                    b[0] += s["searches"]
                    b[1] += s["ended_by_nodes"]
                    b[2] += s["max_nodes"] >= BUDGET
                    b[3] = max(b[3], s["max_nodes"])
    with open(path) as f:  # the players in the ladder's order, weakest first
        names = json.loads(f.readline())["players"]
    rows = []
    print(f"Ladder: {j['games']} games, {j['games_per_pair']} a pairing, each level against the next "
          f"(seed {j['seed']}, opening turns {j['opening_turns']}); ratings anchored at {j['anchor']} = 0.\n")
    print("| level | player | rating | 95% interval | step over the level below | step's 95% interval | score "
          "against it (W-D-L) | searches | cut by a node limit | games with a search of 6M nodes or more | most "
          "nodes in a search |")
    print("| ---: | --- | ---: | :---: | ---: | :---: | :---: | ---: | ---: | ---: | ---: |")
    monotone = True
    for k, name in enumerate(names):
        p = by_name[name]
        step = lo = hi = None
        wdl = ""
        if k > 0:
            below = names[k - 1]
            q = pairs.get((below, name))
            if q:
                wins, draws, losses = q["b_wins"], q["draws"], q["a_wins"]
                n = wins + draws + losses
                wdl = f"{(wins + draws / 2) / n:.3f} ({wins}-{draws}-{losses})"
            if p.get("below") == below:
                # An interval the summary leaves out (too few games) is null, its reason beside it.
                step, (lo, hi) = p["diff_below"], p["diff_below_ci95"] or (None, None)
            else:
                monotone = False
        b = budget.get(name, [0, 0, 0, 0])
        level = k + 1
        # The anchor's interval is null (it is 0 by definition), as is one from too few games.
        ci_lo, ci_hi = p["ci95"] or (None, None)
        rows.append({"level": level, "spec": name, "rating": p["rating"], "ci_lo": ci_lo,
                     "ci_hi": ci_hi, "step": step, "step_lo": lo, "step_hi": hi, "searches": b[0],
                     "ended_by_nodes": b[1], "games_past_budget": b[2], "max_nodes": b[3]})
        fmt = lambda x: f"{x:+.0f}" if x is not None else "-"
        interval = lambda a, b: f"[{a:+.0f}, {b:+.0f}]" if a is not None else "-"
        print(f"| {level} | `{name}` | {p['rating']:+.0f} | {interval(ci_lo, ci_hi)} | {fmt(step)} | "
              + interval(lo, hi)
              + f" | {wdl} | {b[0]} | {b[1]} ({100 * b[1] / max(1, b[0]):.2f}%) | {b[2]} | {b[3]:,} |")
    if not monotone:
        print("\nThe ladder is not monotone: some level is rated below the one under it.")
    if j.get("not_above_previous"):
        print("\nNot above the level below with 95% confidence: " + ", ".join(j["not_above_previous"]))
    print()
    write_csv(os.path.join(results, csv_name), rows)


def clock_table(results):
    files = sorted(glob.glob(os.path.join(results, "clock_*.json")), key=lambda p: int(re.findall(r"\d+", p)[-1]))
    if not files:
        return
    print("The clock: level(N) against itself, one thread, the share of searches that the 1.5 s clock ended "
          "before the level's depth.\n")
    print("| level | games | searches | mean nodes | most nodes | ended by the clock |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    rows = []
    for path in files:
        with open(path) as f:
            j = json.load(f)
        a, b = j["search"]["a"], j["search"]["b"]
        searches = a["searches"] + b["searches"]
        clock = a["ended_by_clock"] * a["searches"] + b["ended_by_clock"] * b["searches"]
        mean = (a["mean_nodes"] * a["searches"] + b["mean_nodes"] * b["searches"]) / max(1, searches)
        most = max(a["max_nodes"], b["max_nodes"])
        level = level_of(j["a"])
        rows.append({"level": level, "games": j["games"], "searches": searches, "mean_nodes": mean,
                     "max_nodes": most, "ended_by_clock": round(clock), "seconds": j["seconds"]})
        print(f"| {level} | {j['games']} | {searches} | {mean:,.0f} | {most:,} | "
              f"{round(clock)} ({100 * clock / max(1, searches):.2f}%) |")
    print()
    write_csv(os.path.join(results, "clock.csv"), rows)


def runs_table(results):
    files = glob.glob(os.path.join(results, "run_*.json"))
    if not files:
        return
    sims = []
    for path in files:
        with open(path) as f:
            sims.append(json.load(f))
    sims.sort(key=lambda j: (j["wins"]["mean"], j["score"]["mean"]))
    j0 = sims[0]
    print(f"Runs: {j0['runs']} runs a player against level(1..{j0['max_level']},deterministic), seed {j0['seed']}; "
          "wins are the levels beaten.\n")
    header = " | ".join(f"{w}" for w in range(j0["max_level"] + 1))
    print(f"| player | median wins [95%] | mean wins [95%] | p10-p90 | mean score [95%] | runs with 0 .. "
          f"{j0['max_level']} wins |")
    print("| --- | :---: | :---: | :---: | :---: | --- |")
    rows = []
    # An interval the summary leaves out (too few runs, or every run alike for a mean) is null.
    def interval(i, spec):
        return f"[{i[0]:{spec}}, {i[1]:{spec}}]" if i is not None else "(no interval)"

    for j in sims:
        w, s = j["wins"], j["score"]
        print(f"| `{j['player']}` | {w['median']:g} {interval(w['median_ci95'], 'g')} | "
              f"{w['mean']:.2f} {interval(w['mean_ci95'], '.2f')} | {w['p10']:g}-{w['p90']:g} | "
              f"{s['mean']:.0f} {interval(s['mean_ci95'], '.0f')} | "
              f"{' '.join(str(n) for n in j['wins_histogram'])} |")
        lo, hi = w["mean_ci95"] or (None, None)
        row = {"player": j["player"], "runs": j["runs"], "median_wins": w["median"], "mean_wins": w["mean"],
               "mean_wins_lo": lo, "mean_wins_hi": hi, "mean_score": s["mean"]}
        for k, n in enumerate(j["wins_histogram"]):
            row[f"wins_{k}"] = n
        rows.append(row)
    print()
    write_csv(os.path.join(results, "runs.csv"), rows)


def run_wins(path):
    """Each run's wins by run index, from a run-sim results file (None when the file is missing)."""
    if not os.path.exists(path):
        return None
    wins = {}
    with open(path) as f:
        for line in f:
            try:
                j = json.loads(line)
            except json.JSONDecodeError:
                continue  # a cut last line
            if j.get("type") == "run":
                wins[j["index"]] = j["wins"]
    return wins


def paired(built, other, value):
    """The mean of value(other run) - value(built run) over the runs both files hold (the same seeds), with a
    normal 95% interval from the paired differences: (mean, lo, hi, runs)."""
    idx = sorted(set(built) & set(other))
    d = [value(other[i]) - value(built[i]) for i in idx]
    n = len(d)
    if n == 0:
        return float("nan"), float("nan"), float("nan"), 0
    m = sum(d) / n
    se = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1) / n) if n > 1 else float("nan")
    return m, m - 1.96 * se, m + 1.96 * se, n


def candidate_tables(results):
    """Each candidate table's runs (tables/NAME/run_P.json) beside the built-in ones: mean wins, the share of
    runs that reach level 3 (Wilson), and, when both runs' files are there, the paired differences."""
    for table in sorted(glob.glob(os.path.join(results, "tables", "*"))):
        name = os.path.basename(table)
        rows = []
        for path in sorted(glob.glob(os.path.join(table, "run_*.json"))):
            base = os.path.join(results, os.path.basename(path))
            if not os.path.exists(base):
                continue
            with open(base) as f:
                a = json.load(f)
            with open(path) as f:
                b = json.load(f)
            cells = [f"`{a['player']}`"]
            for j in (a, b):
                w = j["wins"]
                cells.append(f"{w['mean']:.2f} [{w['mean_ci95'][0]:.2f}, {w['mean_ci95'][1]:.2f}]"
                             if w["mean_ci95"] else f"{w['mean']:.2f}")
            for j in (a, b):
                h = j["wins_histogram"]
                k, n = sum(h[2:]), sum(h)
                lo, hi = wilson(k, n)
                cells.append(f"{100 * k / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]")
            built, other = run_wins(base[:-5] + ".jsonl"), run_wins(path[:-5] + ".jsonl")
            if built and other and set(built) & set(other):
                # Runs that all agree give no interval (a zero-width one would claim a certainty).
                m, lo, hi, n = paired(built, other, lambda w: w)
                cells.append(f"{m:+.2f} [{lo:+.2f}, {hi:+.2f}]" if hi > lo else f"{m:+.2f} (all {n} runs alike)")
                m, lo, hi, n = paired(built, other, lambda w: float(w >= 2))
                cells.append(f"{100 * m:+.1f} [{100 * lo:+.1f}, {100 * hi:+.1f}]" if hi > lo
                             else f"{100 * m:+.1f} (all {n} runs alike)")
            else:
                cells += ["(runs' files not here)"] * 2
            rows.append("| " + " | ".join(cells) + " |")
        if not rows:
            continue
        print(f"Candidate table {name}: the same runs (same seeds) against it and against the built-in levels.\n")
        print(f"| proxy | mean wins, built-in | mean wins, {name} | reach level 3, built-in | reach level 3, {name} | "
              "mean wins, paired difference | reach level 3, paired difference (points) |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        print("\n".join(rows))
        print()


def wilson(k, n, z=1.96):
    """The Wilson score interval of k successes in n."""
    if n == 0:
        return float("nan"), float("nan")
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def main():
    results = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "results")
    if os.path.exists(os.path.join(results, "ladder.json")):
        ladder_table(results)
    calibration = os.path.join(results, "calibration")
    # The candidates' table needs their results file, which is not committed (the command remakes it).
    if all(os.path.exists(os.path.join(calibration, f)) for f in ("candidates.json", "candidates.jsonl")):
        print("Calibration: the candidates, written as ab specs (no node limit but the placement rule's).\n")
        ladder_table(calibration, "candidates", "candidates.csv")
    clock_table(results)
    runs_table(results)
    candidate_tables(results)


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""The last-placer study: equal players in self-play, one `seega match` per row of rows.csv.

Seed 001 says the side that places last (and so moves first) won about four games in five in computer
self-play between equal opponents. Each row plays a player against itself under one ruleset and one
opening setting and records the last placer's score (wins and half the draws), its share of the decisive
games, its win and draw rates, with the plain Wilson interval and intervals clustered by opening and
placement (games that share a random opening or end placement in the same position are not independent
evidence; an interval that rests on too few effective clusters is left out, its reason in
clustered_reason), the diversity of the games and the mechanism counters.

A row may name an opponent (column `b`; empty: self-play), for matches where the two sides differ, and a
population (column `configs`: N): the player (and opponent) spec holds `{vary}`, and the row stands for N
configurations, vary=1..N, each played as its own match of `games` games and seed (the study's seed plus
the configuration's number), so that no two configurations share their random openings or blunders;
table.py pools them, clustered by configuration.

All game logic is in the seega binary; this script only runs it and collects the JSON summaries into a
CSV, one line a match. A match already in the CSV with the same rules, players, opening turns, seed and
at least as many games is skipped, so an interrupted run continues where it stopped.
"""
import argparse
import csv
import json
import os
import re
import shlex
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# The summary keys copied as they are, then the intervals split into _lo and _hi columns.
KEYS = ["games", "last_placer_wins", "draws", "first_placer_wins", "last_placer_win_rate", "draw_rate",
        "last_placer_score", "last_placer_decisive_share", "a_score_placing_last", "a_score_placing_first",
        "distinct_placements", "distinct_games", "clusters", "effective_clusters", "largest_cluster_share",
        "placement_clusters", "effective_placement_clusters", "design_effect", "repeats_mislead",
        "first_move_capture_rate", "first_move_capture_games", "first_move_stones",
        "last_placer_win_rate_first_capture", "last_placer_win_rate_no_first_capture", "stone_diff_10",
        "mean_movement_plies", "passes_per_game", "captures_per_game", "first_move_capture_rate_a_placing_last",
        "first_move_capture_rate_a_placing_first", "stone_diff_10_a_placing_last", "stone_diff_10_a_placing_first",
        "seed", "opening_turns", "version"]
INTERVALS = {"last_placer_ci95": "last_placer_ci95", "last_placer_ci95_clustered": "last_placer_ci95_clustered",
             "last_placer_score_ci95": "last_placer_score_ci95",
             "last_placer_decisive_ci95": "last_placer_decisive_ci95", "draw_ci95_clustered": "draw_ci95_clustered",
             "a_score_placing_last_ci95": "a_score_placing_last_ci95",
             "a_score_placing_first_ci95": "a_score_placing_first_ci95",
             "first_move_capture_ci95": "first_move_capture_ci95",
             "last_placer_ci95_first_capture": "last_placer_ci95_first_capture",
             "last_placer_ci95_no_first_capture": "last_placer_ci95_no_first_capture",
             "stone_diff_10_ci95": "stone_diff_10_ci95",
             "first_move_capture_ci95_a_placing_last": "first_move_capture_ci95_a_placing_last",
             "first_move_capture_ci95_a_placing_first": "first_move_capture_ci95_a_placing_first",
             "stone_diff_10_ci95_a_placing_last": "stone_diff_10_ci95_a_placing_last",
             "stone_diff_10_ci95_a_placing_first": "stone_diff_10_ci95_a_placing_first"}
# The tiers: each its rows and its CSV. The deep tier (the strength axis upward) and the choice tier (each
# side's last free placement turn) are kept apart so that the default study's cost stays what its README states.
TIERS = {"default": ("rows.csv", "results/last_placer.csv"), "deep": ("rows_deep.csv", "results/deep.csv"),
         "choice": ("rows_choice.csv", "results/choice.csv")}
COLUMNS = (["group", "rules", "player", "b", "population", "config", "a_score", "a_wins", "b_wins"] + KEYS + [f"{c}_{e}" for c in INTERVALS.values() for e in ("lo", "hi")]
           + ["clustered_reason", "end_reasons", "evaluation_a", "evaluation_b", "seconds", "command"])
# The columns of the CSVs written before each row named its players' evaluations (run.py --evaluations
# fills those in).
OLD_COLUMNS = [c for c in COLUMNS if c not in ("evaluation_a", "evaluation_b")]


def evaluation_text(evaluations, side):
    """What the match's summary says of one side's evaluation (as its results file's header records it):
    "built-in 5x5 standard 508bdb005c9f3fbf", with " capture_plies=P" where the board gave the player a
    capture search limit, its placement= player's after "; placement: "; "none" for a side that evaluates
    no position (random, greedy)."""
    def one(e):
        return f"{e['name']} {e['hash']}" + (f" capture_plies={e['capture_plies']}" if "capture_plies" in e else "")
    parts = [one(evaluations[side])] if side in evaluations else ["none"]
    if f"{side}.placement" in evaluations:
        parts.append("placement: " + one(evaluations[f"{side}.placement"]))
    return "; ".join(parts)


def read_rows(path):
    """The rows of the study, each expanded into its matches: one, or one a configuration of a population."""
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    matches = []
    for i, r in enumerate(rows, start=2):
        for k in ("group", "rules", "player", "opening_turns", "games"):
            if not r.get(k):
                sys.exit(f"run.py: error: {path} line {i}: missing '{k}'")
        try:
            r["opening_turns"], r["games"] = int(r["opening_turns"]), int(r["games"])
            configs = int(r.get("configs") or 0)
        except ValueError:
            sys.exit(f"run.py: error: {path} line {i}: opening_turns, games and configs must be whole numbers")
        b = r.get("b") or ""
        if configs < 0 or (configs > 0) != ("{vary}" in r["player"] + b):
            sys.exit(f"run.py: error: {path} line {i}: a population (configs N >= 1) and a spec with {{vary}} "
                     f"go together")
        base = dict(group=r["group"], rules=r["rules"], opening_turns=r["opening_turns"], games=r["games"])
        if not configs:
            matches.append(dict(base, player=r["player"], b=b, population="", config="", seed_offset=0))
        for c in range(1, configs + 1):
            # Each configuration its own seed: configurations that shared the random openings (or a level's
            # blunders) would share a factor that clustering by configuration does not see.
            matches.append(dict(base, player=r["player"].replace("{vary}", str(c)), b=b.replace("{vary}", str(c)),
                                population=r["player"] + (f" vs {b}" if b else ""), config=str(c), seed_offset=c))
    return matches


def match_command(args, row, games, seed):
    """The seega match of one row's match (run from the repository's root: a weights file a row names is a
    path from there)."""
    return [args.seega, "match", "--a", row["player"], "--b", row["b"] or row["player"], "--rules", row["rules"],
            "--games", str(games), "--seed", str(seed), "--opening-turns", str(row["opening_turns"]),
            "--threads", str(args.threads), "--json", "--quiet"]


def play(args, cmd):
    """Runs one match (under the launcher, if any) from the repository's root; its --json summary."""
    full = shlex.split(args.launcher) + cmd
    run = subprocess.run(full, capture_output=True, text=True, cwd=ROOT)
    if run.returncode != 0:
        sys.exit(f"run.py: error: {shlex.join(full)} failed (exit {run.returncode}): {run.stderr.strip()}")
    return json.loads(run.stdout)


def read_csv(path, old_ok=True):
    """The rows of a study CSV, with its columns: this run.py's, or (old_ok) those written before rows named
    their evaluations, which a run that appends rows refuses until run.py --evaluations has named them."""
    with open(path, newline="") as f:
        reader = csv.DictReader(f)
        if reader.fieldnames == OLD_COLUMNS and not old_ok:
            sys.exit(f"run.py: error: {path} was written before its rows named their evaluations; run "
                     f"run.py --evaluations on it first")
        if reader.fieldnames not in (COLUMNS, OLD_COLUMNS):
            sys.exit(f"run.py: error: {path} has other columns (an older study?); move it aside")
        return list(reader)


def write_csv(path, rows):
    tmp = path + ".tmp"
    with open(tmp, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS, restval="")
        writer.writeheader()
        writer.writerows(rows)
    os.replace(tmp, path)


def verify(args, count):
    """Plays `count` of the CSV's matches again (chosen at random from --seed) with their games and seed and
    checks that every figure of the summary is the same: that the build and the evaluations of today play
    the games the CSV holds. Exit status 1 if any differs."""
    import random
    rows = read_csv(args.out)
    chosen = random.Random(args.seed).sample(range(len(rows)), min(count, len(rows)))
    differ = 0
    for i in sorted(chosen):
        r = rows[i]
        row = dict(r, opening_turns=int(r["opening_turns"]))
        j = play(args, match_command(args, row, int(r["games"]), int(r["seed"])))
        # A cell left empty was not recorded when the row was played (a column added since): not compared.
        bad = [k for k in KEYS + ["a_score", "a_wins", "b_wins"] if k != "version" and r[k] != "" and str(j[k]) != r[k]
               and not (isinstance(j[k], float) and abs(j[k] - float(r[k])) < 1e-12)]
        differ += bool(bad)
        print(f"{'same' if not bad else 'DIFFERS in ' + ', '.join(bad)}: {r['command']}", flush=True)
    print(f"run.py: {len(chosen) - differ} of {len(chosen)} matches played again gave the same summary")
    return 1 if differ else 0


def fill_evaluations(args):
    """Names the evaluations of the rows written before run.py recorded them: each row's players' as the
    header of a one-game match of the same players on the same rules records them (one match a population).
    Checked first with --verify that today's build plays the CSV's games."""
    rows = read_csv(args.out)
    known = {}
    for r in rows:
        if r.get("evaluation_a"):
            continue
        spec = (r["rules"], r["population"] or r["player"], r["b"] if not r["population"] else "")
        if spec not in known:
            row = dict(r, opening_turns=int(r["opening_turns"]))
            e = play(args, match_command(args, row, 1, int(r["seed"]))).get("evaluations", {})
            known[spec] = (evaluation_text(e, "a"), evaluation_text(e, "b"))
            print(f"{spec[0]:26} {spec[1] + (' vs ' + spec[2] if spec[2] else ''):60} a: {known[spec][0]}  "
                  f"b: {known[spec][1]}", flush=True)
        r["evaluation_a"], r["evaluation_b"] = known[spec]
    write_csv(args.out, rows)
    print(f"run.py: the evaluations of {len(known)} players' pairings named in {args.out}")


def builtin_evaluation(args, rules, cache):
    """The built-in evaluation of rules in this seega, as a row's evaluation columns name it: "built-in 5x5
    standard 09fc92a27db158e2" (the first line of seega eval --print-weights)."""
    if rules not in cache:
        run = subprocess.run([args.seega, "eval", "--print-weights", "--rules", rules], capture_output=True,
                             text=True, cwd=ROOT)
        m = re.match(r"# (built-in .+) \(weights ([0-9a-f]+)\)", run.stdout)
        if run.returncode != 0 or not m:
            sys.exit(f"run.py: error: seega eval --print-weights --rules {rules} failed: {run.stderr.strip()}")
        cache[rules] = f"{m.group(1)} {m.group(2)}"
    return cache[rules]


def stale_rows(args, done):
    """The rows of done (the CSV's, by key) whose players evaluated with built-in weights other than this
    seega's built-in weights of the row's rules: (row, what the row names, what this seega has). A row so
    named would be skipped as played, and mix two evaluations in one CSV."""
    cache, stale = {}, []
    for r in done.values():
        text = r.get("evaluation_a", "") + "; " + r.get("evaluation_b", "")
        named = [f"{m.group(1)} {m.group(2)}" for m in re.finditer(r"(built-in [^;]+?) ([0-9a-f]{16})", text)]
        now = builtin_evaluation(args, r["rules"], cache) if named else ""  # a row's players play its rules
        other = [e for e in named if e != now]
        if other:
            stale.append((r, other[0], now))
    return stale


def key(rules, player, b, opening_turns):
    return (rules, player, b, int(opening_turns))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seega", default=os.path.join(ROOT, "build/release/bin/seega"))
    p.add_argument("--tier", choices=sorted(TIERS), default="default", help="which rows, and the CSV they go to: "
                   "default (rows.csv: the study, about 90 minutes on 2 cores) or deep (rows_deep.csv: populations of "
                   "depths 7 and 8 and their strength checks from the empty board, into results/deep.csv) or choice "
                   "(rows_choice.csv: each side's last free placement turn searched or played at random, from the "
                   "empty board, into results/choice.csv)")
    p.add_argument("--rows", help="the study's rows (group, rules, player, opening_turns, games); default: the tier's")
    p.add_argument("--out", help="the CSV (default: the tier's)")
    p.add_argument("--groups", nargs="*", help="only the rows of these groups")
    p.add_argument("--max-games", type=int, default=0, help="cap every row's games (a quick look; 0: as the rows say)")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--threads", type=int, default=0)
    p.add_argument("--part", default="", metavar="I/K", help="play only part I of K (0 <= I < K): every K-th "
                   "match, from the I-th; each part writes its own CSV (--out), and --merge joins them")
    p.add_argument("--merge", nargs="+", metavar="CSV", help="join the CSVs of parts (or of any runs of the "
                   "same rows) into --out instead of playing")
    p.add_argument("--launcher", default="", help="a command that each match runs under, e.g. 'mpirun -np 16 "
                   "--hostfile hosts' to share every match among mpirun's ranks (the results are the same)")
    p.add_argument("--verify", type=int, default=0, metavar="N", help="play N of the CSV's matches again (chosen "
                   "from --seed) and check that each gives the summary the CSV holds, instead of playing the rows")
    p.add_argument("--evaluations", action="store_true", help="name the players' evaluations in the CSV's rows "
                   "written before run.py recorded them (each pairing's, from a one-game match), instead of playing")
    args = p.parse_args()
    args.seega = os.path.abspath(args.seega)
    args.rows = args.rows or os.path.join(HERE, TIERS[args.tier][0])
    args.out = args.out or os.path.join(HERE, TIERS[args.tier][1])

    if args.merge:
        merge(args.merge, args.out)
        return
    if not os.access(args.seega, os.X_OK):
        sys.exit(f"run.py: error: {args.seega} is not built; run 'make build' first")
    if args.verify:
        sys.exit(verify(args, args.verify))
    if args.evaluations:
        fill_evaluations(args)
        return
    rows = read_rows(args.rows)
    if args.groups:
        rows = [r for r in rows if r["group"] in args.groups]
    if args.part:
        try:
            i, k = (int(x) for x in args.part.split("/"))
            if not 0 <= i < k:
                raise ValueError
        except ValueError:
            sys.exit(f"run.py: error: --part {args.part}: give I/K with 0 <= I < K, e.g. --part 0/4")
        rows = rows[i::k]
    done = {}
    if os.path.exists(args.out) and os.path.getsize(args.out) > 0:
        for r in read_csv(args.out, old_ok=False):
            done[key(r["rules"], r["player"], r["b"], r["opening_turns"])] = r
    stale = stale_rows(args, done)
    if stale:
        r, was, now = stale[0]
        sys.exit(f"run.py: error: {args.out} holds {len(stale)} row(s) played with other built-in weights than this "
                 f"seega's (the first: {r['rules']} {r['player']}, {was}; this seega: {now}): they would be "
                 f"kept as played; write the rows to another --out, or move {args.out} aside")
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    fresh = not done
    start_all = time.time()
    played = 0
    with open(args.out, "a", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        if fresh:
            writer.writeheader()
        for row in rows:
            games = min(row["games"], args.max_games) if args.max_games else row["games"]
            old = done.get(key(row["rules"], row["player"], row["b"], row["opening_turns"]))
            seed = args.seed + row["seed_offset"]
            if old and int(old["games"]) >= games and int(old["seed"]) == seed:
                continue
            cmd = match_command(args, row, games, seed)
            start = time.time()
            j = play(args, cmd)
            out = {k: j[k] for k in KEYS + ["a_score", "a_wins", "b_wins"]}
            for name, col in INTERVALS.items():
                # An interval the summary leaves out (null, its reason beside it) is two empty cells.
                out[f"{col}_lo"], out[f"{col}_hi"] = j[name] if j[name] is not None else ("", "")
            # Why the clustered intervals are left out (too few effective clusters), or empty.
            out["clustered_reason"] = j.get("last_placer_ci95_clustered_reason", "")
            out.update(group=row["group"], rules=row["rules"], player=row["player"], b=row["b"],
                       population=row["population"], config=row["config"],
                       end_reasons=" ".join(f"{k}:{v}" for k, v in sorted(j["end_reasons"].items())),
                       evaluation_a=evaluation_text(j.get("evaluations", {}), "a"),
                       evaluation_b=evaluation_text(j.get("evaluations", {}), "b"),
                       seconds=round(time.time() - start, 1),
                       command=" ".join(c if c.isalnum() or c.startswith("-") else f"'{c}'" for c in
                                        ["seega"] + cmd[1:-2]))
            writer.writerow(out)
            f.flush()
            played += 1
            lo, hi = out["last_placer_score_ci95_lo"], out["last_placer_score_ci95_hi"]
            interval = f"[{100 * lo:.1f}, {100 * hi:.1f}]" if lo != "" else "(no interval)"
            versus = f" vs {row['b']}" if row["b"] else ""
            print(f"{row['group']:18} {row['rules']:26} {row['player'] + versus:40} K={row['opening_turns']:<2} "
                  f"last placer scores {100 * out['last_placer_score']:5.1f}% {interval} "
                  f"effective clusters {out['effective_clusters']:6.1f}  ({games} games, {out['seconds']} s)",
                  flush=True)
    compact(args.out)
    if played:
        print(f"run.py: {played} rows in {time.time() - start_all:.0f} s", flush=True)


def merge(paths, out):
    """Joins the CSVs of parts into OUT (appended to what it holds), then keeps one line a match."""
    lines = []
    for path in paths:
        try:
            with open(path, newline="") as f:
                reader = csv.DictReader(f)
                if reader.fieldnames != COLUMNS:
                    sys.exit(f"run.py: error: {path} has other columns than this run.py writes; not merged")
                lines += list(reader)
        except OSError as e:
            sys.exit(f"run.py: error: {path}: {e.strerror}")
    fresh = not (os.path.exists(out) and os.path.getsize(out) > 0)
    try:
        with open(out, "a", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=COLUMNS)
            if fresh:
                writer.writeheader()
            writer.writerows(lines)
    except OSError as e:
        sys.exit(f"run.py: error: {out}: {e.strerror}")
    compact(out)
    print(f"run.py: {len(lines)} lines from {len(paths)} files into {out}")


def compact(path):
    """Keeps the last row of each (rules, player, opening turns), e.g. after a row was replayed with more games."""
    if not os.path.exists(path):
        return
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    last = {}
    for row in rows:
        last[key(row["rules"], row["player"], row["b"], row["opening_turns"])] = row
    if len(last) == len(rows):
        return
    order = {k: i for i, k in enumerate(dict.fromkeys(key(r["rules"], r["player"], r["b"], r["opening_turns"])
                                                      for r in rows))}
    write_csv(path, [last[k] for k in sorted(last, key=order.get)])


if __name__ == "__main__":
    main()

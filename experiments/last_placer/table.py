#!/usr/bin/python3
"""Prints the last-placer study's CSV as the Markdown tables of its README.

Every rate is the last placer's share of all games, with its 95% interval clustered by placement
(games that end placement in the same position count as one cluster), and the number of distinct
placements behind it. Tables are printed for the groups present in the CSV.
"""
import csv
import json
import math
import os
import re
import sys

path = sys.argv[1] if len(sys.argv) > 1 else "experiments/last_placer/results/last_placer.csv"
with open(path, newline="") as f:
    every = list(csv.DictReader(f))
# Self-play matches of one configuration; matches against another player, and populations of
# configurations, have tables of their own.
rows = [r for r in every if not r.get("b") and not r.get("population")]
versus = [r for r in every if r.get("b") and not r.get("population")]
populations = {}
for r in every:
    if r.get("population"):
        populations.setdefault((r["group"], r["rules"], r["population"], int(r["opening_turns"])), []).append(r)
by_key = {(r["rules"], r["player"], int(r["opening_turns"])): r for r in rows}
# A population's self-play match of one configuration by its rules, player, K and seed: what a population
# with one factor changed is paired with.
matches = {(r["rules"], r["player"], int(r["opening_turns"]), r["seed"]): r for r in every
           if r.get("population") and not r.get("b")}
Z95 = 1.959963984540054
# The fewest configurations from which a population's interval is given (the summaries' threshold on
# effective clusters, docs/tournaments.md).
MIN_CLUSTERS = 20


def pct(x):
    return f"{100 * float(x):.1f}%"


def rate(r):
    """The last placer's score (wins + half the draws) with its clustered interval, then its win rate, the
    draw rate and its share of the decisive games, and the effective clusters the interval rests on; no
    interval where they are too few."""
    if r is None:
        return "-"
    clusters = f"{float(r['effective_clusters']):.0f} eff. clusters"
    if r["last_placer_score_ci95_lo"] == "":
        score = f"{pct(r['last_placer_score'])} (no interval: {float(r['effective_clusters']):.1f} effective clusters)"
    else:
        score = (f"{pct(r['last_placer_score'])} [{100 * float(r['last_placer_score_ci95_lo']):.1f}, "
                 f"{100 * float(r['last_placer_score_ci95_hi']):.1f}]")
    decisive = int(r["last_placer_wins"]) + int(r["first_placer_wins"])
    share = f", decisive {pct(r['last_placer_decisive_share'])}" if decisive else ", no decisive games"
    return f"{score}; wins {pct(r['last_placer_win_rate'])}, draws {pct(r['draw_rate'])}{share}" + (
        f" ({clusters})" if r["last_placer_score_ci95_lo"] != "" else "")


def share(r, value, name, digits=0):
    """A share with its clustered interval, or "(no interval)" where the summary left it out."""
    lo, hi = r[f"{name}_lo"], r[f"{name}_hi"]
    if lo == "":
        return f"{pct(r[value])} (no interval)"
    return f"{pct(r[value])} [{100 * float(lo):.{digits}f}, {100 * float(hi):.{digits}f}]"


def half_width(r, name):
    """Half the width of a row's interval `name` (e.g. last_placer_score_ci95), in points; "-" where the
    summary left it out."""
    if r[f"{name}_lo"] == "":
        return "-"
    return f'{100 * (float(r[f"{name}_hi"]) - float(r[f"{name}_lo"])) / 2:.1f}'


def table(head, lines):
    print("| " + " | ".join(head) + " |")
    print("| " + " | ".join("---" if i == 0 else "---:" for i in range(len(head))) + " |")
    for line in lines:
        print("| " + " | ".join(line) + " |")
    print()


def with_placement(player, placer):
    return player[:-1] + f",placement={placer})" if player.endswith(")") else f"{player}(placement={placer})"


groups = {r["group"] for r in rows}
levels = [f"level({n},deterministic)" for n in range(1, 7)]
engines = ["greedy"] + [f"ab(depth={d})" for d in range(1, 7)]

if "openings" in groups or "demo" in groups:
    print("Opening diversity: self-play on 5x5 `standard` by random opening turns K (the seed's setting is "
          "K = 0; the engines place the other turns themselves). The last placer's score (wins + half the "
          "draws) with its 95% interval clustered by opening and placement, then its win and draw rates, its share "
          "of the decisive games (wins / (wins + losses)) and the effective clusters behind the interval:\n")
    ks = sorted({int(r["opening_turns"]) for r in rows if r["group"] in ("openings", "demo")})
    players = [p for p in levels + engines if any(("standard", p, k) in by_key for k in ks)]
    table(["player"] + [f"K = {k}" for k in ks],
          [[p] + [rate(by_key.get(("standard", p, k))) for k in ks] for p in players])

if "random_placement" in groups or "searched_placement" in groups:
    print("Placement against movement on 5x5 `standard`: random placement (`placement=random`, every game "
          "its own placement) or the engine's own placement after 2 random turns, each with the same mover:\n")
    lines = []
    for p in engines + levels:
        rnd = by_key.get(("standard", with_placement(p, "random"), 0))
        own = by_key.get(("standard", p, 2))
        if rnd or own:
            lines.append([p, rate(rnd), rate(own)])
    table(["mover", "random placement", "its own placement (K = 2)"], lines)
    extra = [r for r in rows if r["group"] == "searched_placement" and int(r["opening_turns"]) != 2]
    if extra:
        table(["player", "K", "games", "last placer's score; wins, draws", "distinct placements", "distinct games"],
              [[r["player"], r["opening_turns"], r["games"], rate(r), r["distinct_placements"], r["distinct_games"]]
               for r in extra])

if "first_mover" in groups:
    print("Who moves first: the same placements (random, or the engine's own after K random turns), with the "
          "last placer moving first (the seeds) or the first placer moving first (`first_mover=first`). The "
          "score is still the last placer's:\n")
    lines = []
    for r in rows:
        if r["group"] != "first_mover":
            continue
        seeds = by_key.get(("standard", r["player"], int(r["opening_turns"])))
        lines.append([r["player"], r["opening_turns"], rate(seeds), rate(r)])
    table(["player", "K", "last placer moves first", "first placer moves first"], lines)

if "caps" in groups:
    print("The placement search's node cap (`placement_cap=N`: an iteration is abandoned past N nodes and none "
          "deepens after one of N/8; the default is 2,000,000) on the K = 2 rows from depth 5 up, each cap on "
          "the same openings (the same games where no search reaches a cap). The last placer's score with "
          "each cap, and the score with no cap minus the score with the default: the part of the row's result "
          "that the default cap explains (its 95% interval from the two rows' as if they were independent, which "
          "they are not: they share their openings and most games, so it is wider than it would be paired). "
          "The last column is the row of the searched-placement table, with "
          "more games:\n")
    lines = []
    caps = [r for r in rows if r["group"] == "caps"]
    bases = dict.fromkeys(re.sub(r",placement_cap=\d+", "", r["player"]) for r in caps)
    for base in bases:
        k = next(int(r["opening_turns"]) for r in caps if re.sub(r",placement_cap=\d+", "", r["player"]) == base)
        cap = {n: by_key.get(("standard", base[:-1] + f",placement_cap={n})", k)) for n in (2000000, 8000000, 0)}
        diff = "-"
        if cap[2000000] and cap[0]:
            d = 100 * (float(cap[0]["last_placer_score"]) - float(cap[2000000]["last_placer_score"]))
            diff = f"{d:+.1f} points"
            halves = [half_width(cap[n], "last_placer_score_ci95") for n in (0, 2000000)]
            if "-" not in halves:
                # The two rows' intervals combined as if independent: the rows share their openings and most
                # of their games, so this is wider than a paired interval would be.
                h = math.hypot(*(float(x) for x in halves))
                diff += f" [{d - h:+.1f}, {d + h:+.1f}]"
        lines.append([base, str(k), rate(cap[2000000]), rate(cap[8000000]), rate(cap[0]), diff,
                      rate(by_key.get(("standard", base, k)))])
    table(["player", "K", "cap 2,000,000 (default)", "cap 8,000,000", "no cap", "no cap minus default",
           "default, the searched-placement row"], lines)

print("The mechanism, per row: the last placer's score, how often the first movement turn captures (and how "
      "many stones when it does), the last placer's win rate (draws not counted as wins) when it does and when "
      "it does not, and the last placer's stones minus the first placer's after 10 movement plies:\n")
lines = []
for r in rows:
    if r["group"] not in ("openings", "random_placement", "searched_placement", "demo") or r["rules"] != "standard":
        continue
    if r["group"] == "openings" and int(r["opening_turns"]) != 2:
        continue
    lines.append([r["player"], r["opening_turns"], pct(r["last_placer_score"]),
                  f"{pct(r['first_move_capture_rate'])} ({float(r['first_move_stones']):.2f})",
                  share(r, "last_placer_win_rate_first_capture", "last_placer_ci95_first_capture"),
                  share(r, "last_placer_win_rate_no_first_capture", "last_placer_ci95_no_first_capture"),
                  f"{float(r['stone_diff_10']):+.2f} " + (
                      f"[{float(r['stone_diff_10_ci95_lo']):+.2f}, {float(r['stone_diff_10_ci95_hi']):+.2f}]"
                      if r["stone_diff_10_ci95_lo"] else "(no interval)")])
table(["player", "K", "last placer's score", "first move captures (stones)", "last placer wins if it does",
       "wins if it does not", "stone lead after 10 plies"], lines)

if "rulesets" in groups:
    print("Other rulesets (fewer games; K = 2 for the engines' own placement, random placement otherwise):\n")
    rulesets = list(dict.fromkeys(r["rules"] for r in rows if r["group"] == "rulesets"))
    players = list(dict.fromkeys(r["player"] for r in rows if r["group"] == "rulesets"))
    table(["player"] + rulesets,
          [[p] + [rate(by_key.get((rs, p, 0 if "placement=random" in p else 2))) for rs in rulesets] for p in players])



def clustered_variance(residuals, scale):
    """The sandwich variance of a sum over clusters divided by scale: residuals, one a cluster, each its sum
    minus what the estimate predicts for it (the small-sample factor c / (c - 1) included)."""
    c = len(residuals)
    return c / (c - 1) * sum(e ** 2 for e in residuals) / scale ** 2


def pooled(configs, points):
    """The mean of points over every game of the configurations, with a 95% interval clustered by
    configuration (the sandwich variance over the configurations' sums), or None when there are fewer
    than MIN_CLUSTERS configurations. points(r) is a configuration's points in its games."""
    n = sum(int(r["games"]) for r in configs)
    mean = sum(points(r) for r in configs) / n
    c = len(configs)
    if c < MIN_CLUSTERS:
        return mean, None
    v = clustered_variance([points(r) - int(r["games"]) * mean for r in configs], n)
    half = Z95 * math.sqrt(v)
    return mean, (max(0.0, mean - half), min(1.0, mean + half))


def paired(base, treated, games):
    """A change taken configuration by configuration: base[i] and treated[i] are configuration i's last-placer
    points in the same number games[i] of games (one population with and one without the factor, on the same
    seed). The two pooled scores and the change, each with its 95% interval clustered by configuration, and
    the change as a share of the base's edge (its score minus 50%), by the delta method."""
    n, c = sum(games), len(games)
    mb, mt = sum(base) / n, sum(treated) / n

    def interval(residuals, scale):  # the half-width, or None on too few configurations
        return Z95 * math.sqrt(clustered_variance(residuals, scale)) if c >= MIN_CLUSTERS else None

    out = {"games": n, "configurations": c}
    for name, points, mean in (("base", base, mb), ("treated", treated, mt)):
        half = interval([x - g * mean for x, g in zip(points, games)], n)
        out[name] = (mean, None if half is None else (max(0.0, mean - half), min(1.0, mean + half)))
    diff = mt - mb
    out["change"] = (diff, interval([t - b - g * diff for t, b, g in zip(treated, base, games)], n))
    edge = mb - 0.5
    out["share"] = None
    if abs(edge) > 1e-9:
        share = diff / edge
        out["share"] = (share, interval([t - b - share * (b - 0.5 * g) for t, b, g in zip(treated, base, games)],
                                        n * edge))
    return out


def change_text(p):
    diff, half = p["change"]
    return f"{100 * diff:+.1f} [{100 * (diff - half):+.1f}, {100 * (diff + half):+.1f}] points" if half is not None \
        else f"{100 * diff:+.1f} points (too few configurations)"


def share_text(p):
    if p["share"] is None:
        return "-"
    share, half = p["share"]
    return f"{100 * share:+.0f}% [{100 * (share - half):+.0f}, {100 * (share + half):+.0f}]" if half is not None \
        else f"{100 * share:+.0f}%"


def with_interval(value):
    mean, ci = value
    return f"{pct(mean)} [{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]" if ci else f"{pct(mean)} (too few configurations)"


def last_placer_points(r):
    return int(r["last_placer_wins"]) + 0.5 * int(r["draws"])


def a_points(r):
    return float(r["a_score"]) * int(r["games"])


selfplay = {k: v for k, v in populations.items() if " vs " not in k[2]}
if selfplay:
    print("Populations of perturbed configurations in self-play (each configuration its own seeded tie-break "
          "between equal root moves, its own evaluation jitter where the spec names one, and its own seed; every "
          "game from the empty board or K random turns): the last placer's score (wins + half the draws) and win "
          "rate pooled over the configurations, 95% intervals clustered by configuration. The last line pools "
          "every population of depth or level 2 and up (the one-ply engine and level 1 place without looking at "
          "the reply):\n")
    lines = []
    for (group, rules, population, k), configs in selfplay.items():
        games = sum(int(r["games"]) for r in configs)
        draws = sum(int(r["draws"]) for r in configs) / games
        decisive = sum(int(r["last_placer_wins"]) + int(r["first_placer_wins"]) for r in configs)
        lines.append([population, rules, str(k), str(len(configs)), str(games),
                      with_interval(pooled(configs, last_placer_points)),
                      with_interval(pooled(configs, lambda r: int(r["last_placer_wins"]))), pct(draws),
                      pct(sum(int(r["last_placer_wins"]) for r in configs) / decisive) if decisive else "-",
                      str(sum(int(r["distinct_placements"]) for r in configs))])
    deeper = [r for (group, rules, population, k), configs in selfplay.items() for r in configs
              if rules == "standard" and k == 0 and not re.match(r"(ab\(depth=1,|level\(1,)", population)
              and "random_turns=" not in population]  # equal engines only, none with a turn at random
    if deeper:
        games = sum(int(r["games"]) for r in deeper)
        label = "every population above of depth or level 2 and up"
        if any("random_turns=" in key[2] for key in selfplay):
            label += ", none with a turn at random"
        lines.append([label, "standard", "0", str(len(deeper)),
                      str(games), with_interval(pooled(deeper, last_placer_points)),
                      with_interval(pooled(deeper, lambda r: int(r["last_placer_wins"]))),
                      pct(sum(int(r["draws"]) for r in deeper) / games), "-",
                      str(sum(int(r["distinct_placements"]) for r in deeper))])
    table(["population", "rules", "K", "configurations", "games", "last placer's score", "last placer wins",
           "draws", "last placer's share of decisive games", "distinct placements (summed)"], lines)

# The last free choice: populations that play given placement turns at random (random_turns=T), each set
# beside the population of the same spec without it. Configuration c of both has the same seed, so their
# games agree up to turn T: the difference is taken configuration by configuration (paired), clustered by
# configuration.
choice = {k: v for k, v in selfplay.items() if re.search(r",random_turns=\d+(-\d+)?", k[2])}
if choice:
    print("The last free choice: from the empty board, each configuration's games played again with one "
          "placement turn played at random (`random_turns=T`; on 5x5 turn 12 is forced, turn 10 is the last "
          "placer's last free choice and turn 11 the first placer's). The last placer's score searching every "
          "turn and with turn T at random, over the configurations both played on the same seed, and the "
          "change, paired by configuration (95% intervals clustered by configuration); the change as a share "
          "of the last placer's edge (its score searching every turn minus 50%), by the delta method:\n")
    lines = []
    for (group, rules, population, k), configs in choice.items():
        turns = re.search(r",random_turns=(\d+(-\d+)?)", population)
        base = population.replace(turns.group(0), "")
        pairs = []
        for r in configs:
            b = matches.get((rules, base.replace("{vary}", r["config"]), k, r["seed"]))
            if b is not None and b["games"] == r["games"]:
                pairs.append((b, r))
        if len(pairs) < MIN_CLUSTERS:
            continue
        p = paired([last_placer_points(b) for b, _ in pairs], [last_placer_points(r) for _, r in pairs],
                   [int(r["games"]) for _, r in pairs])
        lines.append([base, turns.group(1), str(len(pairs)), str(p["games"]), with_interval(p["base"]),
                      with_interval(p["treated"]), change_text(p), share_text(p),
                      str(sum(int(r["distinct_games"]) for _, r in pairs))])
    table(["population", "turn at random", "configurations", "games", "searching every turn", "turn at random",
           "change", "share of the edge", "distinct games (summed)"], lines)

# One factor in one side's placement: a population of A (the factor) against B (the same configuration
# without it), each configuration beside B's own self-play population on the same seed. In a game pair A
# places first once and last once, so each configuration gives the factor in the first placer's placement
# (the game where A places first) and in the last placer's (where A places last), each paired with that
# configuration's self-play games.
factors = {k: v for k, v in populations.items() if k[0] == "entry_terms"}
if factors:
    print("One factor in one side's placement: the entry-capture terms (`first_entry`, `centre_entry`) at 0 in "
          "the placement search of one side (A: `placement=` with weights/no_entry.txt), the other side and "
          "every movement turn as in self-play. Each configuration's game where A places first and its game "
          "where A places last, each paired with the same configuration's self-play games on the same seed: "
          "the last placer's score in self-play and with the terms off, the change and its share of the edge "
          "(95% intervals clustered by configuration), and how often the last placer's first move captures:\n")
    lines = []
    for (group, rules, population, k), configs in factors.items():
        base = population.split(" vs ", 1)[1]
        for role, placing_last in (("the first placer's", False), ("the last placer's", True)):
            pairs = []
            for r in configs:
                b = matches.get((rules, r["b"], k, r["seed"]))
                if b is None or int(r["games"]) % 2 or int(b["games"]) == 0:
                    continue
                half = int(r["games"]) // 2
                # The last placer's points in the half of A's games where A has the role: A's own when it
                # places last, B's (one minus A's) when A places first.
                a = float(r["a_score_placing_last" if placing_last else "a_score_placing_first"])
                capture = float(r["first_move_capture_rate_a_placing_last" if placing_last
                                  else "first_move_capture_rate_a_placing_first"])
                pairs.append((last_placer_points(b) * half / int(b["games"]), (a if placing_last else 1 - a) * half,
                              half, float(b["first_move_capture_rate"]), capture))
            if len(pairs) < MIN_CLUSTERS:
                continue
            p = paired([x[0] for x in pairs], [x[1] for x in pairs], [x[2] for x in pairs])
            n = sum(x[2] for x in pairs)
            lines.append([base, role, str(p["configurations"]), str(p["games"]), with_interval(p["base"]),
                          with_interval(p["treated"]), change_text(p), share_text(p),
                          f"{pct(sum(x[3] * x[2] for x in pairs) / n)} -> {pct(sum(x[4] * x[2] for x in pairs) / n)}"])
    table(["population", "terms off in", "configurations", "games", "self-play", "terms off", "change",
           "share of the edge", "last placer's first move captures"], lines)

# Strength checks: the populations of the checks' groups (strength_check, deep_check), as meta.py reads them.
strength = {k: v for k, v in populations.items() if k[0].endswith("check")}
if strength:
    print("Does a perturbation keep the strength? Each configuration against the unperturbed engine on its own "
          "seed, from the empty board (K = 0, where the populations play) or after K random turns, A's score "
          "pooled over the configurations (95% interval clustered by configuration):\n")
    lines = []
    for (group, rules, population, k), configs in strength.items():
        mean, ci = pooled(configs, a_points)
        elo = lambda x: "-inf" if x <= 0 else "+inf" if x >= 1 else f"{-400 * math.log10(1 / x - 1):+.0f}"
        lines.append([population, rules, str(k), str(len(configs)), str(sum(int(r["games"]) for r in configs)),
                      with_interval((mean, ci)), f"{elo(mean)}" + (f" [{elo(ci[0])}, {elo(ci[1])}]" if ci else "")])
    table(["perturbed vs unperturbed", "rules", "K", "configurations", "games", "A's score", "Elo"], lines)

if versus:
    print("One side against another (pairs swap who places first): A's score, and A's score in the games where "
          "it places last and where it places first (95% intervals clustered by opening and placement); then "
          "why, in each role: how often the first movement turn captures (the last placer's, unless the first "
          "placer moves first), and the last placer's stone lead after 10 movement plies, in the games where A "
          "places last and in those where B does:\n")
    lines = []

    def lead(r, role):
        lo, hi = r[f"stone_diff_10_ci95_a_placing_{role}_lo"], r[f"stone_diff_10_ci95_a_placing_{role}_hi"]
        value = f"{float(r[f'stone_diff_10_a_placing_{role}']):+.2f}"
        return value + (f" [{float(lo):+.2f}, {float(hi):+.2f}]" if lo != "" else " (no interval)")

    for r in versus:
        lines.append([r["player"], r["b"], r["rules"], r["opening_turns"], r["games"], pct(r["a_score"]),
                      share(r, "a_score_placing_last", "a_score_placing_last_ci95", 1),
                      share(r, "a_score_placing_first", "a_score_placing_first_ci95", 1),
                      share(r, "first_move_capture_rate_a_placing_last", "first_move_capture_ci95_a_placing_last"),
                      share(r, "first_move_capture_rate_a_placing_first", "first_move_capture_ci95_a_placing_first"),
                      lead(r, "last"), lead(r, "first")])
    table(["A", "B", "rules", "K", "games", "A's score", "A placing last", "A placing first",
           "first move captures (A last)", "first move captures (B last)", "A's lead after 10 (A last)",
           "B's lead after 10 (B last)"], lines)

# The strength axis: strength.json (strength.sh) beside the CSV rates the movers on one ladder.
strength_path = os.path.join(os.path.dirname(os.path.abspath(path)), "strength.json")
if os.path.exists(strength_path):
    with open(strength_path) as f:
        ratings = {p["name"]: p for p in json.load(f)["players"]}
    print("The last placer's score against playing strength: each mover's rating on the strength ladder "
          "(strength.sh; greedy = 0, 95% interval), with random placement (K = 0, every game its own placement), "
          "with the engine's own placement (K = 2), and from the empty board (the seed's setting) pooled over "
          "the perturbed configurations of the mover, clustered by configuration:\n")
    # The populations of perturbed configurations of each mover (one a perturbation: vary alone, or with
    # jitter), from the empty board in self-play.
    empty_board = {}
    for key, configs in selfplay.items():
        if key[1] == "standard" and key[3] == 0:
            m = re.search(r",vary=\{vary\}(,jitter=(\d+))?", key[2])
            label = f"jitter={m.group(2)}" if m.group(2) else "ties only"
            empty_board.setdefault(key[2].replace(m.group(0), ""), []).append((label, configs))
    lines = []
    for p in sorted(ratings, key=lambda name: ratings[name]["rating"]):
        rnd, own = by_key.get(("standard", with_placement(p, "random"), 0)), by_key.get(("standard", p, 2))
        if not rnd and not own:
            continue
        lo, hi = ratings[p].get("ci95") or (None, None)
        elo = f"{ratings[p]['rating']:+.0f}" + (f" [{lo:+.0f}, {hi:+.0f}]" if lo is not None else "")
        pops = "; ".join(f"{with_interval(pooled(configs, last_placer_points))} ({len(configs)}, {label})"
                         for label, configs in empty_board.get(p, []))
        lines.append([p, elo, rate(rnd), rate(own), pops or "-"])
    table(["mover", "rating", "random placement", "its own placement (K = 2)",
           "from the empty board (configurations, perturbation)"], lines)

if rows:
    print("Rows, games and the half-widths of the last placer's 95% intervals clustered by opening and placement, "
          "in points: of its score (wins + half the draws) and of its win rate; seconds on the 2-core machine:\n")
    table(["group", "rules", "player", "K", "games", "± score (clustered)", "± win rate (clustered)", "design effect",
           "seconds"],
          [[r["group"], r["rules"], r["player"], r["opening_turns"], r["games"], half_width(r, "last_placer_score_ci95"),
            half_width(r, "last_placer_ci95_clustered"), f"{float(r['design_effect']):.2f}", r["seconds"]] for r in rows])

# Which evaluation the players of each match used, as its results file's header records it (rows written
# before run.py recorded it have none: run.py --evaluations names them).
if any("evaluation_a" in r for r in every):
    print("The evaluations the players used (each match's, from its results file's header; a player that "
          "evaluates no position, random or greedy, has none), and the matches that used each:\n")
    used = {}
    for r in every:
        for side in ("evaluation_a", "evaluation_b"):
            e = r.get(side) or "not recorded"
            if e != "none":
                used.setdefault((r["rules"], e), set()).add((r["player"], r["b"]))
    table(["rules", "evaluation (name and hash of the values)", "matches"],
          [[rules, e, str(len(pairs))] for (rules, e), pairs in sorted(used.items())])

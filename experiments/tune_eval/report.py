#!/usr/bin/python3
"""Prints the tuning study's tables (for its README) from the files run.sh leaves in results/."""
import csv
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import gate_rule  # noqa: E402
from gate_rule import ROW_HEADER, table_row  # noqa: E402  (experiments/gate_rule.py: seega gate's rule)

out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "results")

FITS = [("fit_result_old", "result", "the nine of before"), ("fit_result_all", "result", "all thirteen"),
        ("fit_blend_all", "blend=0.5", "all thirteen"), ("fit_search_old", "search", "the nine of before"),
        ("fit_search_all", "search", "all thirteen"), ("fit_taper", "search", "all thirteen, tapered"),
        ("fit_split_taper", "search", "all thirteen, split and tapered")]
GATES = [("adopted", "The adopted weights (the search fit, all features, rounded)"), ("spsa", "SPSA from the search fit"),
         ("fit_search_old", "search fit, the nine features of before"),
         ("fit_result_all", "result fit, all features")]


def load(name):
    path = os.path.join(out, name)
    return gate_rule.load(path) if os.path.exists(path) and os.path.getsize(path) else None


def signed(x):
    return "-" if x is None else f"{x:+.1f}"


fits = [(name, label, features, load(f"{name}.json")) for name, label, features in FITS]
fits = [f for f in fits if f[3]]
print("| fit | label | features | positions (game pairs) | K | held-out loss before | after | training loss before -> after |")
print("| --- | --- | --- | ---: | ---: | ---: | ---: | --- |")
for name, label, features, j in fits:
    loss = lambda x: f"{x:.5f}" if x is not None else "-"
    print(f"| {name} | {label} | {features} | {j['train_samples'] + j['holdout_samples']:,} "
          f"({j['train_games'] + j['holdout_games']:,}) | {j['k']:.3f} | {loss(j['holdout_loss_before'])} | "
          f"{loss(j['holdout_loss_after'])} | {j['train_loss_before']:.5f} -> {j['train_loss_after']:.5f} |")
print()
if fits:
    names = list(fits[0][3]["movement"])
    print("| feature | before | " + " | ".join(name for name, *_ in fits) + " | spsa |")
    print("| --- | ---: | " + " | ".join("---:" for _ in fits) + " | ---: |")
    spsa = {}
    if os.path.exists(os.path.join(out, "spsa.csv")):
        rows = list(csv.DictReader(open(os.path.join(out, "spsa.csv"))))
        spsa = rows[-1] if rows else {}
    for f in names:
        def cell(v, j):
            fitted = j["features"] is None or f == "material" or f in j["features"].split(",")
            if not fitted:
                return "left out (0)"
            if not v["determined"]:
                return f"{v['start']:g} (undetermined: kept)"
            return f"{v['fitted']:.1f}" if v["se"] is None else f"{v['fitted']:.1f} ± {v['se']:.1f}"
        s = f"{float(spsa[f]):.1f}" if f in spsa else ("100.0" if f == "material" else "-")
        print(f"| {f} | {fits[0][3]['movement'][f]['start']:g} | " + " | ".join(cell(j["movement"][f], j) for *_, j in fits)
              + f" | {s} |")
    print()
if os.path.exists(os.path.join(out, "spsa.json")) and os.path.getsize(os.path.join(out, "spsa.json")):
    j = load("spsa.json")
    rows = list(csv.DictReader(open(os.path.join(out, "spsa.csv"))))
    print(f"SPSA: {j.get('iterations')} iterations, {sum(int(r['games']) for r in rows):,} games; this run played "
          f"{j.get('games_this_run')} of them in {j.get('seconds', 0):.1f} s")
    print()


def gate_table(j, title):
    print(f"**{title}** ({j['games']} games a row, baseline {os.path.basename(j['baseline'])}, seed {j['seed']}, "
          f"{j['opening_turns']} opening turns; {j['seconds']:.0f} s): "
          f"{'adopt' if j['adopt'] else 'refused: ' + ', '.join(j['failed']) if j['complete'] else 'incomplete'}")
    print()
    print("| row | games | score | Elo (pairs, 95%) | pentanomial 0-2 | passes |")
    print("| --- | ---: | ---: | --- | --- | --- |")
    for r in j["rows"]:
        elo = (f"{signed(r['elo'])} [{signed(r['elo_ci95'][0])}, {signed(r['elo_ci95'][1])}]" if r.get("elo") is not None
               else f"({r.get('elo_reason', '')})")
        print(f"| {r['row']} | {r['games']} | {100 * r['score']:.1f}% | {elo} | {' '.join(map(str, r['pentanomial']))} | "
              f"{'yes' if r['pass'] else 'no: ' + r['why']} |")
    print()


for name, title in GATES:
    j = load(f"gate_{name}.json")
    if j:
        gate_table(j, title)
    if name == "adopted":
        times = [(label, load(f"{file}.json")) for file, label in
                 (("time100_adopted", "ab(time=100), equal time"),
                  ("time1500_adopted", "ab(time=1500), the game's time a move"))]
        times = [(label, t) for label, t in times if t]
        if times:
            print("**The adopted weights at equal time** (baseline before.txt, seed 7, 2 opening turns; a clock: "
                  "these rows do not replay from their seed)")
            print()
            print(ROW_HEADER)
            for label, t in times:
                print(table_row(label, t))
            print()
for name, title in [("gate_spsa_over_fit", "SPSA's weights against the fit it started from"),
                    ("gate_fit_taper", "The tapered search fit against the adopted weights"),
                    ("gate_fit_split_taper", "The split and tapered search fit against the adopted weights"),
                    ("gate_all_adopted", "The adopted weights on every other ruleset and size"),
                    ("gate_9x9_adopted", "The adopted weights on 9x9, at depths 1 and 2")]:
    j = load(f"{name}.json")
    if j:
        gate_table(j, title)

factors = [(name, load(f"factor_{name}.json")) for name in ("fit_result_old", "fit_result_old_hanging",
                                                               "fit_result_old_centre_entry")]
factors = [(name, j) for name, j in factors if j]
if factors:
    print("**One factor at a time** (the result fit of the nine features, and with one weight put back to its value "
          "before; depth 3)")
    print()
    print("| weights | games | score | Elo (pairs, 95%) |")
    print("| --- | ---: | ---: | --- |")
    for name, j in factors:
        r = j["rows"][0]
        elo = (f"{signed(r['elo'])} [{signed(r['elo_ci95'][0])}, {signed(r['elo_ci95'][1])}]"
               if r.get("elo") is not None else f"({r.get('elo_reason', '')})")
        print(f"| {name} | {r['games']} | {100 * r['score']:.1f}% | {elo} |")

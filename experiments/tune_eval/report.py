#!/usr/bin/python3
"""Prints the tuning study's tables (for its README) from the files run.sh leaves in results/."""
import json
import os
import sys

out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "results")


def load(name):
    path = os.path.join(out, name)
    return json.load(open(path)) if os.path.exists(path) and os.path.getsize(path) else None


fits = {name: load(f"{name}.json") for name in ("joint", "split")}
print("| fit | K before | K after | training loss before | after | held-out loss before | after | positions (game pairs) |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for name, j in fits.items():
    if j:
        # A held-out loss is null (its reason beside it) when nothing was held out.
        loss = lambda x: f"{x:.5f}" if x is not None else "-"
        print(f"| {name} | {j['k_start']:.3f} | {j['k']:.3f} | {j['train_loss_before']:.5f} | {j['train_loss_after']:.5f} "
              f"| {loss(j['holdout_loss_before'])} | {loss(j['holdout_loss_after'])} | "
              f"{j['train_samples'] + j['holdout_samples']:,} ({j['train_games'] + j['holdout_games']:,}) |")
print()
joint = fits["joint"]
if joint:
    split = fits["split"]
    head = "| feature | default | joint fit (± se) |"
    rule = "| --- | ---: | ---: |"
    if split:
        head += " split: placement (± se) | split: movement (± se) |"
        rule += " ---: | ---: |"
    print(head)
    print(rule)
    for f, v in joint["movement"].items():
        # A weight without a standard error has null "se": the fixed one (material), and one the data
        # cannot determine (its start is kept).
        cell = lambda x: (f"{x['fitted']:.1f} ± {x['se']:.1f}" if x["se"] is not None
                          else f"{x['fitted']:.1f} (fixed)" if x["determined"]
                          else f"{x['fitted']:.1f} (undetermined: kept)")
        line = f"| {f} | {v['start']:g} | {cell(v)} |"
        if split:
            line += f" {cell(split['placement'][f])} | {cell(split['movement'][f])} |"
        print(line)
    print()
print("| weights | strength | games | score | Elo (pairs, 95%) | SPRT (elo0=0, elo1=10) | LLR |")
print("| --- | --- | ---: | ---: | ---: | --- | ---: |")
for weights in ("joint", "split"):
    for strength in ("depth3", "level4"):
        j = load(f"sprt_{weights}_{strength}.json")
        if not j:
            continue
        lo, hi = j["pair_elo_ci95"] or (None, None)  # null when left out (too few pairs, or a sweep)
        fmt = lambda x: x if isinstance(x, str) else "-" if x is None else f"{x:+.1f}"
        s = j.get("sprt", {})
        print(f"| {weights} | {strength} | {j['games']} | {100 * j['a_score']:.1f}% | {fmt(j['pair_elo'])} [{fmt(lo)}, {fmt(hi)}] "
              f"| {s.get('decision', '-')} after {s.get('pairs', 0)} pairs | {s.get('llr', 0):.2f} |")

#!/usr/bin/python3
"""Prints the last-placer CSV as a Markdown table (for the study's README)."""
import csv
import sys

path = sys.argv[1] if len(sys.argv) > 1 else "experiments/last_placer/results/last_placer.csv"
with open(path, newline="") as f:
    rows = list(csv.DictReader(f))
print("| rules | player | games | last placer wins | 95% interval | draws | first placer wins "
      "| last placer's share of decisive games | movement plies |")
print("| --- | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |")
last = {}
for r in rows:  # a row replayed with more games replaces the earlier one
    last[(r["rules"], r["player"])] = r
for r in last.values():
    g = int(r["games"])
    decisive = int(r["last_placer_wins"]) + int(r["first_placer_wins"])
    share = f"{100 * int(r['last_placer_wins']) / decisive:.1f}%" if decisive else "-"
    print(f"| {r['rules']} | {r['player']} | {g} | {100 * float(r['last_placer_win_rate']):.1f}% | "
          f"[{100 * float(r['last_placer_ci95_lo']):.1f}, {100 * float(r['last_placer_ci95_hi']):.1f}] | "
          f"{100 * float(r['draw_rate']):.1f}% | {100 * int(r['first_placer_wins']) / g:.1f}% | {share} | "
          f"{float(r['mean_movement_plies']):.0f} |")

#!/usr/bin/env bash
# Which part of a refused board fit costs the games (issue 34): the fit of BOARD (results/boards/BOARD/
# candidate.txt) against the general weights at one depth, with one factor changed at a time: one weight
# put back to the general value (blocked, hanging, quiet_count), or one group of weights taken from the fit
# and the rest general (the entry and placement terms: centre_entry, first_entry, last_placer,
# placement_safe; or the others). Every match plays the same games as the gate's row: the same seed, 400
# games, 2 random opening turns. Outputs: results/boards/BOARD/one_factor/VARIANT.txt (the weights) and
# VARIANT.json (the match's summary); a variant whose JSON exists is not played again. With POPULATION=1,
# every variant also plays the gate's row from the empty board at the same depth (population.py, 100
# configurations, seed 7): population_dDEPTH_VARIANT.json. FACTORS (feature names separated by spaces) adds,
# for each feature F, two variants: general_F (the fit with F put back to the general weight) and only_F
# (the general weights with F's weight from the fit), for a fit whose gain is to be taken apart weight by
# weight. FOLDER (one_factor unless set) names the folder in results/boards/BOARD/, e.g. one_factor_d1 for a
# second depth, whose variants' files have the same names. A pattern evaluation's variants keep its tables
# and differ from it in linear weights only (one_factor_variants.py writes them).
#   BOARD=9x9_standard RULES='standard(size=9)' DEPTH=2 bash experiments/tune_eval/one_factor.sh
#   BOARD=7x7_diagonal_d5 RULES="diagonal(size=7)" DEPTH=2 FACTORS="edge quiet_count" \
#     bash experiments/tune_eval/one_factor.sh
set -euo pipefail
source "$(dirname "$0")/../common.sh"  # seega, here, and the results folder $out, entered
board=${BOARD:-9x9_standard}
rules=${RULES:-standard(size=9)}
depth=${DEPTH:-2}
folder=boards/$board/${FOLDER:-one_factor}
mkdir -p "$folder"
cd "$folder"
cp -f "$here/weights/before.txt" general.txt
# The variants' weights files (one_factor_variants.py); it prints their names, in the order they are played.
factors=()
for f in ${FACTORS:-}; do factors+=(--factor "$f"); done
variants=$(/usr/bin/python3 "$here/one_factor_variants.py" ../candidate.txt general.txt "${factors[@]}")
for variant in $variants; do
  match_row "$variant" --rules "$rules" --a "ab(depth=$depth,weights=$variant.txt)" \
    --b "ab(depth=$depth,weights=general.txt)" --games 400 --opening-turns 2 --seed 7
  if [ "${POPULATION:-0}" = 1 ] && [ ! -s "population_d${depth}_$variant.json" ]; then
    SEEGA="$seega" /usr/bin/python3 "$here/population.py" --rules "$rules" --candidate "$variant.txt" \
      --baseline general.txt --depth "$depth" --configs 100 --seed 7 --out-dir "population_d${depth}_$variant" \
      --json >"population_d${depth}_$variant.json"
  fi
done
/usr/bin/python3 - "$depth" "$variants" <<'PY'
import json, os, sys
variants = sys.argv[2].split()
def row(v, d, elo, ci):
    # No interval when every pair scored the same (every pair 1-1: the variant played as the general weights).
    interval = f"[{d[ci][0]:+.1f}, {d[ci][1]:+.1f}]" if d[ci] else "(no interval: every pair scored alike)"
    print(f"| {v} | {d['games']} | {100 * (d.get('a_score', d.get('score'))):.1f}% | {d[elo]:+.1f} "
          f"{interval} | " + " ".join(str(n) for n in d["pentanomial"]) + " |")
print("| variant (A; B the general weights) | games | A's score | Elo (pairs, 95%) | pentanomial 0-2 |")
print("| --- | ---: | ---: | --- | --- |")
for v in variants:
    row(v, json.load(open(v + ".json")), "pair_elo", "pair_elo_ci95")
population = [v for v in variants if os.path.exists(f"population_d{sys.argv[1]}_{v}.json")]
if population:
    print(f"\nFrom the empty board (100 configurations, seed 7, depth {sys.argv[1]}):\n")
    print("| variant (A; B the general weights) | games | A's score | Elo (pairs, 95%) | pentanomial 0-2 |")
    print("| --- | ---: | ---: | --- | --- |")
    for v in population:
        row(v, json.load(open(f"population_d{sys.argv[1]}_{v}.json")), "elo", "elo_ci95")
PY

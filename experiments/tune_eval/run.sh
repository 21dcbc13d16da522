#!/usr/bin/env bash
# Evaluation tuning, verified in games: self-play positions from ab(depth=2), a Texel fit of the
# evaluation (joint, and split by phase), then the SPRT of the fitted weights against the built-in ones
# at two strengths. Every step resumes: gen-data and match continue their files (--resume), and a
# step whose output exists is not repeated. Outputs go to results/ (or OUT); README.md says what the last
# run showed. GAMES and SPRT_GAMES make a small run, as scripts/notebook_data.sh does.
set -euo pipefail
source "$(dirname "$0")/../common.sh"  # seega, here, and the results folder $out, entered
data=positions.csv
games=${GAMES:-100000}

# 1. A million positions: 100,000 games of ab(depth=2) self-play, 10 quiet positions a game.
resume=(); [ -s "$data" ] && resume=(--resume)
"$seega" gen-data --players 'ab(depth=2)' --games "$games" --positions-per-game 10 --opening-turns 2 --seed 1 \
  --out "$data" "${resume[@]}" | tee -a gen_data.txt

# 2. The fits: one set of weights, and placement and movement apart.
[ -s joint.txt ] || "$seega" tune --data "$data" --out joint.txt --json >joint.json
[ -s split.txt ] || "$seega" tune --data "$data" --phases split --l2 1 --out split.txt --json >split.json

# 3. In games: the fitted weights against the defaults, SPRT elo0=0 elo1=10, at two strengths, with random
# opening turns so that games differ. A match stops when the SPRT decides (or at the game cap).
sprt() {  # sprt <name> <A spec> <B spec>
  local file=sprt_$1.jsonl
  local resume=(); [ -s "$file" ] && resume=(--resume)
  "$seega" match --a "$2" --b "$3" --games "${SPRT_GAMES:-40000}" --opening-turns 2 --seed 7 \
    --sprt elo0=0,elo1=10,alpha=0.05,beta=0.05 --out "$file" "${resume[@]}" --quiet --json >"sprt_$1.json"
}
for weights in joint split; do
  sprt "${weights}_depth3" "ab(depth=3,weights=$weights.txt)" 'ab(depth=3)'
  sprt "${weights}_level4" "level(4,deterministic,weights=$weights.txt)" 'level(4,deterministic)'
done
/usr/bin/python3 "$here/report.py" .

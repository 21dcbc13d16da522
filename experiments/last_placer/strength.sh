#!/usr/bin/env bash
# The strength axis of the last-placer study: the movers of its rows (greedy, level(1..6,deterministic)
# and ab(depth=1..6)) on one rated ladder, each against the next in an order of expected strength (the
# chain schedule; Bradley-Terry ratings from the adjacent pairings, anchored at greedy = 0), 600 games a
# pairing with two random opening turns. table.py reads strength.json beside the study's CSV and prints
# the last placer's score against each mover's rating. Resumes: the ladder continues its file.
# Usage: strength.sh [SEEGA] [OUT_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
seega=$(realpath "${1:-$here/build/release/bin/seega}")
out=${2:-$here/experiments/last_placer/results}
mkdir -p "$out"
cd "$out"
players=(greedy)
for n in 1 2 3 4 5 6; do players+=("level($n,deterministic)" "ab(depth=$n)"); done
resume=()
[ -s strength.jsonl ] && resume=(--resume)
"$seega" ladder --players "${players[@]}" --schedule chain --games-per-pair "${PER_PAIR:-600}" --opening-turns 2 \
  --seed 11 --out strength.jsonl "${resume[@]}" --quiet --json >strength.json.part
mv strength.json.part strength.json

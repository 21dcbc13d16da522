#!/usr/bin/env bash
# The strength axis of the last-placer study: the movers of its rows (greedy, level(1..6,deterministic)
# and ab(depth=1..6)) on one rated ladder, each against the next in an order of expected strength (the
# chain schedule; Bradley-Terry ratings from the adjacent pairings, anchored at greedy = 0), 600 games a
# pairing with two random opening turns. table.py reads strength.json beside the study's CSV and prints
# the last placer's score against each mover's rating. Resumes: the ladder continues its file.
# TIER=deep rates the deep tier's movers instead: ab(depth=6), ab(depth=7) and ab(depth=8) in a chain of
# their own anchored at ab(depth=6) (strength_deep.json), which meta.py places on the main ladder by adding
# ab(depth=6)'s rating there (a chain's ratings are sums of its adjacent pairings, so this is the main
# chain extended by two steps).
# Usage: [TIER=deep] strength.sh [SEEGA] [OUT_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
seega=$(realpath "${1:-$here/build/release/bin/seega}")
out=${2:-$here/experiments/last_placer/results}
mkdir -p "$out"
cd "$out"
case "${TIER:-default}" in
  default)
    name=strength seed=11 players=(greedy)
    for n in 1 2 3 4 5 6; do players+=("level($n,deterministic)" "ab(depth=$n)"); done ;;
  deep) name=strength_deep seed=12 players=("ab(depth=6)" "ab(depth=7)" "ab(depth=8)") ;;
  *) echo "strength.sh: TIER is default or deep, not '$TIER'" >&2; exit 2 ;;
esac
resume=()
[ -s "$name.jsonl" ] && resume=(--resume)
"$seega" ladder --players "${players[@]}" --schedule chain --games-per-pair "${PER_PAIR:-600}" --opening-turns 2 \
  --seed "$seed" --out "$name.jsonl" "${resume[@]}" --quiet --json >"$name.json.part"
mv "$name.json.part" "$name.json"

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
# TIER=levels rates the game's own levels above level 6 (level(7..9,deterministic), the deep tier's level
# populations) in a chain anchored at level(6,deterministic) (strength_levels.json), placed on the main
# ladder the same way.
# TIER=patterns rates ab(depth=6) with the pattern evaluation of experiments/pattern_eval (fit_l10.txt, the
# stronger evaluation at equal depth; no default: it failed its gate at equal time) against ab(depth=6)
# (strength_patterns.json), for the deep tier's population of it.
# Usage: [TIER=deep|levels|patterns] strength.sh [SEEGA] [OUT_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
seega=$(realpath "${1:-$here/build/release/bin/seega}")
out=$(mkdir -p "${2:-$here/experiments/last_placer/results}" && cd "${2:-$here/experiments/last_placer/results}" && pwd)
# From the repository's root, as run.py plays: a weights file a player names is a path from there.
cd "$here"
case "${TIER:-default}" in
  default)
    name=strength seed=11 players=(greedy)
    for n in 1 2 3 4 5 6; do players+=("level($n,deterministic)" "ab(depth=$n)"); done ;;
  deep) name=strength_deep seed=12 players=("ab(depth=6)" "ab(depth=7)" "ab(depth=8)") ;;
  levels) name=strength_levels seed=13
    players=("level(6,deterministic)" "level(7,deterministic)" "level(8,deterministic)" "level(9,deterministic)") ;;
  patterns) name=strength_patterns seed=14
    players=("ab(depth=6)" "ab(depth=6,weights=experiments/pattern_eval/results/fit_l10.txt)") ;;
  *) echo "strength.sh: TIER is default, deep, levels or patterns, not '$TIER'" >&2; exit 2 ;;
esac
resume=()
[ -s "$out/$name.jsonl" ] && resume=(--resume)
"$seega" ladder --players "${players[@]}" --schedule chain --games-per-pair "${PER_PAIR:-600}" --opening-turns 2 \
  --seed "$seed" --out "$out/$name.jsonl" "${resume[@]}" --quiet --json >"$out/$name.json.part"
mv "$out/$name.json.part" "$out/$name.json"

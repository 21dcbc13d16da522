#!/usr/bin/env bash
# make demo: the main job on built-in defaults. First the answer (headline.py): the last placer's score with
# its interval beside seed 001's four in five. Then how: a small last-placer study, equal players in
# self-play on 5x5 standard, 200 games a row, with the intervals clustered by opening and placement, and
# equal engines from the empty board replicated over 30 perturbed configurations; last, the rules engine
# on one middle-game position under each ruleset. The full study is experiments/last_placer/run.py; its
# README says what it shows.
set -euo pipefail
seega=${1:-build/release/bin/seega}
here=$(cd "$(dirname "$0")/.." && pwd)
mid='b2ww/1bb2/w1b1b/1wwww/1ww1w b 0/0 3 31'
out=$here/build/demo/last_placer.csv
mkdir -p "$(dirname "$out")"
rm -f "$out"
# The study's matches first, their progress kept in a log (shown only if they fail), so the answer leads.
if ! /usr/bin/python3 "$here/experiments/last_placer/run.py" --seega "$seega" --out "$out" \
  --rows "$here/experiments/last_placer/demo_rows.csv" >"$out.log" 2>&1; then
  cat "$out.log" >&2
  exit 1
fi
/usr/bin/python3 "$here/experiments/last_placer/headline.py" "$out"
echo
echo "== How: a small last-placer study, equal players in self-play on 5x5 standard, 200 games a row"
echo "   K = random opening turns; placement=random: every game placed at random, then the engine moves"
echo "   (each match's line is in $out.log)"
echo
/usr/bin/python3 "$here/experiments/last_placer/table.py" "$out"
echo "== The rules engine: the position $mid under each ruleset"
for rules in standard diagonal chain; do
  printf '%-9s b to move has %3s moves; perft 5: ' "$rules" "$("$seega" perft --rules "$rules" --fen "$mid" --depth 1 --json |
    /usr/bin/python3 -c 'import json,sys; print(json.loads(sys.stdin.read().splitlines()[-1])["nodes"])')"
  "$seega" perft --rules "$rules" --fen "$mid" --depth 5
done

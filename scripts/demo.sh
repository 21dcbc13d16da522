#!/usr/bin/env bash
# make demo: the main job on built-in defaults: perft of each ruleset's start position, then the
# last-placer self-play study at a small size (standard 5x5, 200 games a row; the full study is
# experiments/last_placer/run.py).
set -euo pipefail
seega=${1:-build/release/bin/seega}
here=$(cd "$(dirname "$0")/.." && pwd)
for rules in standard diagonal chain; do
  printf '%-9s start position: ' "$rules"
  "$seega" perft --rules "$rules" --depth 3
done
out=$here/build/demo/last_placer.csv
rm -f "$out"
echo
echo "== Last-placer study (small): equal players in self-play, 200 games a row, 2 random opening turns"
/usr/bin/python3 "$here/experiments/last_placer/run.py" --seega "$seega" --out "$out" --rules standard \
  --games-standard 200 --players random greedy 'level(1,deterministic)' 'level(2,deterministic)' \
  'level(3,deterministic)' 'ab(depth=1)' 'ab(depth=2)' 'ab(depth=3)'
echo
/usr/bin/python3 "$here/experiments/last_placer/table.py" "$out"

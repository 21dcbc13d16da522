#!/usr/bin/env bash
# make demo: perft of each ruleset's start position, then a short batch of random games per ruleset.
set -euo pipefail
seega=${1:-build/release/bin/seega}
for rules in standard diagonal chain; do
  echo "== $rules: perft of the start position"
  "$seega" perft --rules "$rules" --depth 3
  "$seega" perft --rules "$rules" --fen 'b2ww/1bb2/w1b1b/1wwww/1ww1w b 0/0 3 31' --depth 5
done
for rules in standard diagonal chain 'standard(size=7)'; do
  echo "== $rules: random games"
  "$seega" random --rules "$rules" --games 2000 --seed 1
done

#!/usr/bin/env bash
# The golden outputs: seega summary of a file of each kind that writes one (match, ladder, run-sim, gen-data,
# spsa's trajectory), made from fixed seeds, in text, --json and --csv (run-sim and spsa have no CSV); and seega compare of two matches
# and of two run-sims, in text and --json. tests/golden_test.sh makes them
# again and compares them with the ones kept here; when a change to a summary is meant, regenerate them
# with
#
#   bash tests/golden/make.sh build/release/bin/seega tests/golden
#
# and commit the difference with the change. The files are made with the origin's date fixed
# (SOURCE_DATE_EPOCH=0) and the JSON outputs lose their "build" and "version" keys, so that only what
# the runs played and how the summaries report it can differ.
# usage: make.sh SEEGA OUT_DIR
set -euo pipefail
seega=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out=$(mkdir -p "$2" && cd "$2" && pwd)
py=/usr/bin/python3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export SOURCE_DATE_EPOCH=0

"$seega" match --a 'ab(depth=1)' --b greedy --games 24 --opening-turns 2 --seed 11 --threads 2 --quiet \
  --out match.jsonl >/dev/null
"$seega" ladder --players random greedy 'ab(depth=1)' --games-per-pair 8 --opening-turns 1 --seed 12 --threads 2 \
  --quiet --out ladder.jsonl >/dev/null
"$seega" run-sim --player greedy --runs 24 --max-level 3 --seed 13 --threads 2 --quiet --out run_sim.jsonl >/dev/null
"$seega" gen-data --players 'ab(depth=1)' --games 6 --opening-turns 2 --seed 14 --threads 2 --quiet \
  --out gen_data.csv >/dev/null
"$seega" spsa --player 'ab(depth=1)' --iterations 3 --pairs 2 --seed 15 --threads 2 --quiet --trajectory spsa.csv \
  >/dev/null
# The second run of each compared pair differs from the first in one setting (B's player, the player).
"$seega" match --a 'ab(depth=1)' --b random --games 24 --opening-turns 2 --seed 11 --threads 2 --quiet \
  --out match_b.jsonl >/dev/null
"$seega" run-sim --player random --runs 24 --max-level 3 --seed 13 --threads 2 --quiet --out run_sim_b.jsonl \
  >/dev/null

# without_build FILE: a JSON object with its "build" and "version" keys taken out, at any depth.
without_build() {
  "$py" - "$1" <<'PY'
import json, sys
def strip(v):
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items() if k not in ("build", "version")}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v
path = sys.argv[1]
j = strip(json.load(open(path)))
open(path, "w").write(json.dumps(j, indent=1, sort_keys=True) + "\n")
PY
}

for kind in match ladder run_sim gen_data spsa; do
  file=$kind.jsonl
  [ "$kind" = gen_data ] && file=gen_data.csv
  [ "$kind" = spsa ] && file=spsa.csv
  "$seega" summary "$file" >"$out/$kind.txt"
  "$seega" summary "$file" --json >"$out/$kind.json"
  without_build "$out/$kind.json"
  [ "$kind" = run_sim ] || [ "$kind" = spsa ] || "$seega" summary "$file" --csv >"$out/$kind.csv"
done

for kind in match run_sim; do
  "$seega" compare $kind.jsonl ${kind}_b.jsonl >"$out/compare_$kind.txt"
  "$seega" compare $kind.jsonl ${kind}_b.jsonl --json >"$out/compare_$kind.json"
  without_build "$out/compare_$kind.json"
done

#!/usr/bin/env bash
# Checks that two builds of seega write the same files from the same seeds: every kind of run
# (match, ladder, run-sim, gen-data by play and --from, shards and their merge, a --resume of match,
# run-sim and gen-data, replay, tuning) run with each binary into its own folder, then compared byte
# for byte, the "build" field (the commit each binary was built from) blanked in both. Used to show
# that a change of design changed no behaviour:
#
#   git stash; make build; cp build/release/bin/seega /tmp/seega-before; git stash pop; make build
#   bash scripts/same_files.sh /tmp/seega-before build/release/bin/seega
#
# Exit 0 when every file matches; otherwise the differing files are named and the exit is 1.
set -euo pipefail
if [[ $# -ne 2 ]]; then
  echo "usage: $0 OLD_SEEGA NEW_SEEGA" >&2
  exit 2
fi
old=$(realpath "$1")
new=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A file's header records its origin's date: fixed for both builds, so that only what they write differs.
export SOURCE_DATE_EPOCH=0

# The build field names the commit each binary was built from, and a summary's clock readings (seconds,
# games a second, nodes a second) differ from run to run: both are blanked; everything else must match.
blank_build_and_clock() {
  sed -i -E 's/"(build|seconds|read_seconds|elapsed_seconds|games_per_second|runs_per_second|positions_per_second|nps|nodes_per_second|ms|time_ms)": *("[^"]*"|[-+.0-9eE]+)/"\1":0/g' "$@"
}

run_all() {
  local seega=$1 dir=$2
  mkdir -p "$dir"
  cd "$dir"
  # Each command's stdout (its --json summary, or its report) is a file compared too.
  "$seega" match --a 'ab(depth=2)' --b greedy --games 20 --seed 7 --opening-turns 2 --threads 1 \
    --out match.jsonl --json --quiet >match.json
  "$seega" match --a 'ab(depth=1)' --b 'mcts(playouts=50)' --games 8 --seed 11 --threads 1 --rules 'standard(size=7)' \
    --out match7.jsonl --json --quiet >match7.json
  "$seega" ladder --players random greedy 'ab(depth=1)' --games-per-pair 6 --seed 3 --threads 1 \
    --out ladder.jsonl --json --quiet >ladder.json
  "$seega" run-sim --player 'ab(depth=1)' --runs 20 --seed 5 --max-level 4 --threads 1 \
    --out runs.jsonl --json --quiet >runs.json
  "$seega" gen-data --players 'ab(depth=1)' greedy --games 12 --seed 9 --threads 1 \
    --out positions.csv --quiet
  "$seega" gen-data --players 'ab(depth=1)' --games 6 --threads 1 --seed 4 --label search --search-depth 2 \
    --out search.csv --quiet
  "$seega" gen-data --from match.jsonl --positions-per-game 5 --out from.csv --quiet
  for i in 0 1; do
    "$seega" match --a 'ab(depth=1)' --b greedy --games 12 --seed 13 --threads 1 --shard "$i/2" \
      --out "shard$i.jsonl" --quiet >/dev/null
    "$seega" run-sim --player greedy --runs 12 --seed 2 --max-level 3 --threads 1 --shard "$i/2" \
      --out "runshard$i.jsonl" --quiet >/dev/null
    "$seega" gen-data --players greedy --games 8 --seed 6 --threads 1 --shard "$i/2" \
      --out "posshard$i.csv" --quiet
  done
  # A run continued by --resume, of each kind: half the run, then the whole of it from the file.
  "$seega" match --a greedy --b random --games 6 --seed 15 --threads 1 --out resumed.jsonl --quiet >/dev/null
  "$seega" match --a greedy --b random --games 12 --seed 15 --threads 1 --out resumed.jsonl --resume --json \
    --quiet >resumed.json
  "$seega" run-sim --player greedy --runs 6 --seed 16 --max-level 3 --threads 1 --out runresumed.jsonl \
    --quiet >/dev/null
  "$seega" run-sim --player greedy --runs 12 --seed 16 --max-level 3 --threads 1 --out runresumed.jsonl --resume \
    --json --quiet >runresumed.json
  "$seega" gen-data --players greedy --games 6 --seed 17 --threads 1 --out posresumed.csv --quiet
  "$seega" gen-data --players greedy --games 12 --seed 17 --threads 1 --out posresumed.csv --resume --quiet
  "$seega" merge shard0.jsonl shard1.jsonl --out merged.jsonl --json >merged.json
  "$seega" merge runshard0.jsonl runshard1.jsonl --out runmerged.jsonl --json >runmerged.json
  "$seega" merge posshard0.csv posshard1.csv --out posmerged.csv --json >posmerged.json
  "$seega" replay --games match.jsonl --index 3 --json >replay.json
  "$seega" replay --games match7.jsonl --index 2 >replay.txt
  "$seega" tune --data positions.csv --seed 3 --out weights.txt --json >tune.json
  # The build field names the commit; everything else must match.
  blank_build_and_clock ./*
  cd - >/dev/null
}

(run_all "$old" "$work/old")
(run_all "$new" "$work/new")
status=0
count=0
for f in "$work"/old/*; do
  name=$(basename "$f")
  count=$((count + 1))
  if ! cmp -s "$f" "$work/new/$name"; then
    echo "differs: $name"
    status=1
  fi
done
for f in "$work"/new/*; do
  [[ -e "$work/old/$(basename "$f")" ]] || { echo "only in the new run: $(basename "$f")"; status=1; }
done
if [[ $status -eq 0 ]]; then
  echo "same files: all $count files written by $old and $new match (build field aside)"
fi
exit $status

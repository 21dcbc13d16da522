#!/usr/bin/env bash
# The AI levels, calibrated and put to use: (1) the rated ladder of level(1..10,deterministic), each
# against the next; (2) at each level,
# the share of moves where the 1.5 s clock of level(N) ends the search on this machine; (3) Seega>Play's
# run simulated for proxy players of several strengths; (4) the same runs against each candidate level
# table in tables/. Every step resumes: the ladder, the matches
# and the simulations continue their files (--resume), and a step whose summary exists is not
# repeated. Outputs go to results/; report.py prints the README's tables from them. PER_PAIR, CLOCK_GAMES,
# RUNS, LEVELS, PROXIES and OUT (another results folder) make a small run, as scripts/notebook_data.sh does.
set -euo pipefail
source "$(dirname "$0")/../common.sh"  # seega, here, and the results folder $out, entered
levels=${LEVELS:-10}
per_pair=${PER_PAIR:-300}
clock_games=${CLOCK_GAMES:-20}
runs=${RUNS:-300}

# 1. The ladder: level(1..10,deterministic), each against the next, 300 games a pairing, two random
# placement turns shared by the two games of a pair (so that games differ). (The table was chosen from
# a first ladder of candidates written as ab specs: calibration/README.md.)
players=()
for n in $(seq 1 "$levels"); do players+=("level($n,deterministic)"); done
if [ ! -s ladder.json ]; then
  "$seega" ladder --players "${players[@]}" --schedule chain --games-per-pair "$per_pair" --opening-turns 2 \
    --seed 11 --out ladder.jsonl $(resume_of ladder.jsonl) --quiet --json >ladder.json.part
  mv ladder.json.part ladder.json
fi

# 2. The clock: level(N) against itself on one thread (one search at a time, as in the game).
for n in $(seq 1 "$levels"); do
  [ -s "clock_$n.json" ] && continue
  "$seega" match --a "level($n)" --b "level($n)" --games "$clock_games" --opening-turns 2 --seed 3 --threads 1 \
    --quiet --json >"clock_$n.json.part" 2>/dev/null
  mv "clock_$n.json.part" "clock_$n.json"
done

# 3. Runs: proxies of several strengths against level(1..10,deterministic).
# PROXIES (specs separated by spaces) replaces the list.
all_proxies="random greedy mcts(playouts=300) mcts(playouts=3000) ab(depth=1) ab(depth=2) ab(depth=3) ab(depth=4)"
read -r -a proxies <<<"${PROXIES:-$all_proxies}"
for proxy in "${proxies[@]}"; do
  name=$(echo "$proxy" | tr -c 'a-z0-9\n' '_')
  [ -s "run_$name.json" ] && continue
  "$seega" run-sim --player "$proxy" --runs "$runs" --max-level "$levels" --seed 5 --out "run_$name.jsonl" \
    $(resume_of "run_$name.jsonl") --quiet --json >"run_$name.json.part"
  mv "run_$name.json.part" "run_$name.json"
done
# 4. Candidate level tables (tables/NAME.txt, one player spec a level; docs/play.md): the same runs with
# --levels, for the cheaper proxies (CANDIDATE_PROXIES replaces the list), into results/tables/NAME/. The
# seed is the built-in runs': each proxy meets the same openings, so a table's effect is not the seeds'.
candidate_proxies="random greedy ab(depth=1) ab(depth=2) ab(depth=3)"
read -r -a candidates <<<"${CANDIDATE_PROXIES:-$candidate_proxies}"
for table in "$here"/tables/*.txt; do
  [ -e "$table" ] || continue
  tname=$(basename "$table" .txt)
  mkdir -p "tables/$tname"
  for proxy in "${candidates[@]}"; do
    name=$(echo "$proxy" | tr -c 'a-z0-9\n' '_')
    f="tables/$tname/run_$name"
    [ -s "$f.json" ] && continue
    "$seega" run-sim --player "$proxy" --levels "$table" --runs "$runs" --max-level "$levels" --seed 5 \
      --out "$f.jsonl" $(resume_of "$f.jsonl") --quiet --json >"$f.json.part"
    mv "$f.json.part" "$f.json"
  done
done
/usr/bin/python3 "$here/report.py" .

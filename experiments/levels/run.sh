#!/usr/bin/env bash
# The AI levels, calibrated and put to use: (1) the rated ladder of level(1..10,deterministic), each
# against the next (the calibration the table in lib/player.cpp was chosen from); (2) at each level,
# the share of moves where the 1.5 s clock of level(N) ends the search on this machine; (3) Seega>Play's
# run simulated for proxy players of several strengths. Every step resumes: the ladder, the matches
# and the simulations continue their files (--resume), and a step whose summary exists is not
# repeated. Outputs go to results/; report.py prints the README's tables from them.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
seega=${SEEGA:-$here/../../build/release/bin/seega}
out=$here/results
mkdir -p "$out"
cd "$out"  # every file below is named relatively, so the files record no machine's paths
levels=10
per_pair=${PER_PAIR:-300}
clock_games=${CLOCK_GAMES:-20}
runs=${RUNS:-300}

resume_of() { [ -s "$1" ] && echo --resume || true; }

# 1. The calibration ladder: the candidate table written as ab specs (depth d, the level's blunder
# chance; level 1 is level(1,deterministic) itself, whose depth-1 search has no capture search), each
# against the next, 300 games a pairing, two random placement turns shared by the two games of a pair
# (so that games differ). level(N,deterministic) with the adopted table is the same player as its
# candidate wherever no search reaches the 6M node budget (the ab specs have none), so step 1b plays the
# first games of each pairing with the level specs and checks that they are the same games.
candidates=("level(1,deterministic)" "ab(depth=2,blunder=0.2)" "ab(depth=3,blunder=0.1)" "ab(depth=4,blunder=0.05)"
  "ab(depth=5,blunder=0.03)" "ab(depth=6,blunder=0.018)" "ab(depth=7,blunder=0.0108)" "ab(depth=8,blunder=0.00648)"
  "ab(depth=10,blunder=0.003888)" "ab(depth=12,blunder=0.0023328)")
levels_det=()
for n in $(seq 1 10); do levels_det+=("level($n,deterministic)"); done
if [ ! -s ladder.json ]; then
  "$seega" ladder --players "${candidates[@]}" --schedule chain --games-per-pair "$per_pair" --opening-turns 2 \
    --seed 11 --out ladder.jsonl $(resume_of ladder.jsonl) --quiet --json >ladder.json.part
  mv ladder.json.part ladder.json
fi
# 1b. The same schedule with the level specs, 2 games a pairing: the same games, game for game.
if [ ! -s same_games.txt ]; then
  rm -f levels_check.jsonl
  "$seega" ladder --players "${levels_det[@]}" --schedule chain --games-per-pair 2 --opening-turns 2 --seed 11 \
    --out levels_check.jsonl --quiet --json >/dev/null
  /usr/bin/python3 - ladder.jsonl levels_check.jsonl >same_games.txt.part <<'PY'
import json, sys
def games(path, limit):
    with open(path) as f:
        f.readline()
        out = {}
        for line in f:
            g = json.loads(line)
            if g["index"] < limit:
                out[g["index"]] = (g["game_key"], g["result"], g["players"]["w"], g["players"]["b"])
        return out
check = games(sys.argv[2], 10**9)
ladder = games(sys.argv[1], len(check))
same = sum(ladder.get(i) == v for i, v in check.items())
print(f"{same} of {len(check)} games of the level specs are the candidates' games (same game key, result and players)")
sys.exit(0 if same == len(check) else 1)
PY
  mv same_games.txt.part same_games.txt
fi

# 2. The clock: level(N) against itself on one thread (one search at a time, as in the game).
for n in $(seq 1 "$levels"); do
  [ -s "clock_$n.json" ] && continue
  "$seega" match --a "level($n)" --b "level($n)" --games "$clock_games" --opening-turns 2 --seed 3 --threads 1 \
    --quiet --json >"clock_$n.json.part" 2>/dev/null
  mv "clock_$n.json.part" "clock_$n.json"
done

# 3. Runs: proxies of several strengths against level(1..10,deterministic).
for proxy in random greedy 'mcts(playouts=300)' 'mcts(playouts=3000)' 'ab(depth=1)' 'ab(depth=2)' 'ab(depth=3)' \
  'ab(depth=4)'; do
  name=$(echo "$proxy" | tr -c 'a-z0-9\n' '_')
  [ -s "run_$name.json" ] && continue
  "$seega" run-sim --player "$proxy" --runs "$runs" --max-level "$levels" --seed 5 --out "run_$name.jsonl" \
    $(resume_of "run_$name.jsonl") --quiet --json >"run_$name.json.part"
  mv "run_$name.json.part" "run_$name.json"
done
/usr/bin/python3 "$here/report.py" .

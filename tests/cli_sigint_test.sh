#!/usr/bin/env bash
# Ctrl-C in the commands that are not runs of games (issue 12): random, analyze and perft each stop on
# SIGINT with exit status 130; random and analyze print what they have (marked interrupted), perft
# prints no part of a count but keeps the --divide lines already done. gen-data, a run of games, does
# the same: its summary counts the rows written and is marked interrupted. Signals are sent once the
# command has shown it is working, so the test does not depend on the machine's speed.
set -u
seega=$1
source "$(dirname "$0")/cli_lib.sh"

# started <file> <pattern>: waits (up to 60 s) until the file holds a line matching the pattern.
started() {
  for _ in $(seq 600); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
  return 1
}

# --- random: the summary of the games played ----------------------------------------------------------
"$seega" random --games 100000000 --json >"$tmp/random.json" 2>"$tmp/random.err" &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"
code=$?
if [ "$code" -eq 130 ] && "$py" -c '
import json, sys
j = json.load(open(sys.argv[1]))
ok = j["interrupted"] and 0 < j["games"] < 100000000 and j["w_wins"] + j["b_wins"] + j["draws"] == j["games"]
sys.exit(0 if ok else 1)' "$tmp/random.json"; then pass; else
  fail "random after Ctrl-C: exit $code, $(head -c 300 "$tmp/random.json") $(cat "$tmp/random.err")"; fi

# --- analyze: the search stops and its best move so far is printed ------------------------------------
fen='b2ww/1bb2/w1b1b/1wwww/1ww1w b 0/0 3 31'
"$seega" analyze --fen "$fen" --player 'ab(depth=60)' --json >"$tmp/analyze.json" 2>"$tmp/analyze.err" &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"
code=$?
legal=$("$seega" perft --fen "$fen" --depth 1 --divide | cut -d: -f1 | tr '\n' ' ')
if [ "$code" -eq 130 ] && "$py" -c '
import json, sys
j = json.load(open(sys.argv[1]))
sys.exit(0 if j["interrupted"] and j["best"] in sys.argv[2].split() and j["depth"] < 60 else 1)' \
  "$tmp/analyze.json" "$legal"; then pass; else
  fail "analyze after Ctrl-C: exit $code, $(cat "$tmp/analyze.json") $(cat "$tmp/analyze.err")"; fi
# Without a signal the same command is not marked interrupted.
"$seega" analyze --fen "$fen" --player 'ab(depth=2)' --json >"$tmp/quick.json"
grep -q '"interrupted":false' "$tmp/quick.json" && pass || fail "analyze without Ctrl-C: $(cat "$tmp/quick.json")"

# --- perft --divide: the root moves done are kept, whole ----------------------------------------------
"$seega" perft --fen "$fen" --depth 9 --divide >"$tmp/perft.txt" 2>"$tmp/perft.err" &
pid=$!
started "$tmp/perft.txt" ': [0-9]' || fail "perft printed no root move in 60 s"
kill -INT "$pid"
wait "$pid"
code=$?
lines=$(grep -c '' "$tmp/perft.txt")
whole=$(grep -cE '^[a-e][1-5]-[a-e][1-5]: [0-9]+$' "$tmp/perft.txt")
if [ "$code" -eq 130 ] && [ "$lines" -ge 1 ] && [ "$lines" -lt 12 ] && [ "$whole" -eq "$lines" ] &&
  grep -q '^seega: interrupted: perft stopped' "$tmp/perft.err"; then pass; else
  fail "perft after Ctrl-C: exit $code, $lines lines ($whole whole), stderr: $(cat "$tmp/perft.err")"; fi

# --- gen-data: the rows written, marked interrupted -------------------------------------------------
"$seega" gen-data --players random --games 10000000 --positions-per-game 2 --threads 2 --quiet \
  --out "$tmp/data.csv" >"$tmp/data.out" 2>"$tmp/data.err" &
pid=$!
started "$tmp/data.csv" ',standard,' || fail "gen-data wrote no row in 60 s"
kill -INT "$pid"
wait "$pid"
code=$?
rows=$(($(grep -c '' "$tmp/data.csv") - 1))
summary=$(cat "$tmp/data.out")
if [ "$code" -eq 130 ] && [[ "$summary" == *" ($rows in all; interrupted: --resume continues it), "* ]] &&
  [[ "$summary" == "$tmp/data.csv: $rows positions from games 0 to "* ]]; then pass; else
  fail "gen-data after Ctrl-C: exit $code, $rows rows, summary: $summary $(cat "$tmp/data.err")"; fi
# Without a signal the same command is not marked interrupted.
"$seega" gen-data --players random --games 4 --positions-per-game 2 --quiet --out "$tmp/quick.csv" >"$tmp/quick.out"
if [ $? -eq 0 ] && grep -q '(8 in all), ' "$tmp/quick.out"; then pass; else
  fail "gen-data without Ctrl-C: $(cat "$tmp/quick.out")"; fi
finish "cli sigint"

#!/usr/bin/env bash
# Memory does not grow with games not yet played (issue 12, defect 14): `seega match --games 100000000`
# used to reserve about 1.7 GB for its records before the first game and failed at once under a 1.5 GB
# address-space limit. Here it, and a ladder of the most games a pairing allows, run under that limit,
# are stopped by Ctrl-C after 1.5 s, and must have played games and printed their summary. Registered for the builds without sanitizers only: a
# sanitizer reserves terabytes of address space for its shadow memory, so no such limit can hold there.
set -u
seega=$1
source "$(dirname "$0")/cli_lib.sh"

for cmd in match ladder; do  # the most games each allows
  case $cmd in
    match) args=(match --quiet --a random --b random --games 100000000 --threads 2 --json) ;;
    ladder) args=(ladder --quiet --players random greedy --games-per-pair 10000000 --threads 2 --json) ;;
  esac
  (
    ulimit -v 1500000
    exec "$seega" "${args[@]}"
  ) >"$tmp/$cmd.json" 2>"$tmp/$cmd.err" &
  pid=$!
  sleep 1.5
  kill -INT "$pid" 2>/dev/null
  wait "$pid"
  code=$?
  if [ "$code" -eq 130 ] && "$py" -c '
import json, sys
j = json.load(open(sys.argv[1]))
sys.exit(0 if j["interrupted"] and j["games"] > 0 else 1)' "$tmp/$cmd.json"; then pass; else
    fail "$cmd of 10^8 games under a 1.5 GB limit: exit $code, $(head -c 300 "$tmp/$cmd.json") $(cat "$tmp/$cmd.err")"
  fi
done

# A player's transposition table (hash=MB) too large for the address space: allocated at the player's
# first search, it stops the run with one error that names the table and what to give instead (exit 2,
# not an internal error), and the games played before it are kept. This ladder of three, on one thread,
# plays a pair of games of each pairing in turn: random-greedy's first pair, then the 2 GiB table's
# player's first search.
(
  ulimit -v 1500000
  exec "$seega" ladder --quiet --players random greedy 'ab(depth=1,hash=2048)' --games-per-pair 4 --threads 1 \
    --seed 3 --out "$tmp/table.jsonl"
) >"$tmp/table.out" 2>"$tmp/table.err"
code=$?
err=$(cat "$tmp/table.err")
games=$(grep -c '"moves"' "$tmp/table.jsonl" 2>/dev/null)
if [ "$code" -eq 2 ] && [ "$(grep -c '' <"$tmp/table.err")" -eq 1 ] &&
  [[ "$err" == "seega: error: out of memory: the search's transposition table of 2048 MiB could not be allocated"*"smaller hash=MB"* ]] &&
  [ "${games:-0}" -eq 2 ] && [ "$(grep -c '"players":{"b":[01],"w":[01]}' "$tmp/table.jsonl")" -eq 2 ]; then pass; else
  fail "a 2 GiB table under a 1.5 GB limit: exit $code, $games games kept, stderr: $err"
fi

finish "cli memory"

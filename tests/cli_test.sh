#!/usr/bin/env bash
# The CLI's bad inputs: each gets exit code 2 and exactly one line on stderr, nothing on stdout.
set -u
seega=$1
source "$(dirname "$0")/cli_lib.sh"
good() {  # good <description> <expected stdout fragment> <args...>
  local what=$1 want=$2; shift 2
  local out code
  out=$("$seega" "$@" 2>&1); code=$?
  if [ "$code" -eq 0 ] && [[ "$out" == *"$want"* ]]; then pass; else fail "$what: exit $code, output: $out"; fi
}
bad "no such command" frobnicate
bad "unknown option" perft --depth 2 --colour red
bad "missing depth" perft
bad "depth not a number" perft --depth two
bad "negative depth" perft --depth -1
bad "unknown ruleset" perft --rules seega --depth 1
bad "unknown rule key" perft --rules 'standard(sise=7)' --depth 1
bad "bad rule value" perft --rules 'standard(size=6)' --depth 1
bad "endless rules" perft --rules 'standard(quiet_plies=off,max_plies=off)' --depth 1
bad "malformed position" perft --fen '5/5/5/5 w 12/12 0 0' --depth 1
bad "position row length" perft --fen '5/5/5/5/6 w 12/12 0 0' --depth 1
bad "position side" perft --fen '5/5/5/5/5 x 12/12 0 0' --depth 1
bad "position counters" perft --fen '5/5/5/5/5 w 12/12 -1 0' --depth 1
bad "size clash" perft --rules 'standard(size=7)' --fen '5/5/5/5/5 w 12/12 0 0' --depth 1
bad "zero games" random --games 0
bad "bad seed" random --seed banana
bad "rules command bad" rules 'chain(barrier=sometimes)'
good "perft json last line" '{"depth":2,"nodes":63756,' perft --depth 2 --json
good "perft from a 7x7 position" 'nodes 1128' perft --fen '7/7/7/7/7/7/7 w 24/24 0 0' --depth 1
good "divide" 'a1+b1: 231' perft --depth 2 --divide
good "help" 'usage: seega perft' perft --help
good "rules canonical" 'standard(size=7,quiet_plies=40)' rules 'standard(quiet_plies=40,size=7)'
# analyze, eval and players
weights=$(mktemp)
echo "material abc" >"$weights"
bad "analyze without a position" analyze
bad "analyze with an unknown player key" analyze --fen '5/5/5/w4/1bw2 w 0/0 0 0' --player 'ab(dpth=2)'
bad "analyze a malformed position" analyze --fen 'x'
bad "analyze a finished game" analyze --fen 'w4/5/5/5/5 b 0/0 0 0'
bad "analyze with a corrupt weights file" analyze --fen '5/5/5/w4/1bw2 w 0/0 0 0' --player "ab(depth=2,weights=$weights)"
bad "eval with a corrupt weights file" eval --fen '5/5/5/w4/1bw2 w 0/0 0 0' --weights "$weights"
bad "eval with a missing weights file" eval --fen '5/5/5/w4/1bw2 w 0/0 0 0' --weights "$weights.missing"
good "analyze finds the win in one" 'score win in 1' analyze --fen '5/5/5/w4/1bw2 w 0/0 0 0' --player 'ab(depth=3)'
good "analyze json" '"best":"a2-a1"' analyze --fen '5/5/5/w4/1bw2 w 0/0 0 0' --player 'ab(depth=3)' --json
good "eval explain" 'material             1       100          100' eval --fen '5/5/5/w4/1bw2 w 0/0 0 0' --explain
good "players lists the levels" 'level(6): depth 6' players
rm -f "$weights"
finish "cli"

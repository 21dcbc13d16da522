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
bad "endless rules, walled_in=lose" match --rules 'standard(walled_in=lose,quiet_plies=off,max_plies=off)' --games 2
bad "malformed position" perft --fen '5/5/5/5 w 12/12 0 0' --depth 1
bad "position row length" perft --fen '5/5/5/5/6 w 12/12 0 0' --depth 1
bad "position side" perft --fen '5/5/5/5/5 x 12/12 0 0' --depth 1
bad "position counters" perft --fen '5/5/5/5/5 w 12/12 -1 0' --depth 1
bad "size clash" perft --rules 'standard(size=7)' --fen '5/5/5/5/5 w 12/12 0 0' --depth 1
bad "zero games" random --games 0
bad "bad seed" random --seed banana
bad "rules command bad" rules 'chain(barrier=sometimes)'
good "perft json last line" '"depth":2,"nodes":63756,' perft --depth 2 --json
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
# Special files and a file too big to be weights (issue 12, defect 8): refused, not read for ever.
for special in /dev/zero /dev/urandom /tmp; do
  bad_says "eval --weights $special" "not a regular file" eval --fen '5/5/5/w4/1bw2 w 0/0 0 0' --weights "$special"
  bad_says "weights=$special" "not a regular file" analyze --fen '5/5/5/w4/1bw2 w 0/0 0 0' --player "ab(depth=1,weights=$special)"
done
truncate -s $((64 * 1024 * 1024 + 1)) "$weights.big"  # one byte past any pattern evaluation's tables
bad_says "a weights file of 64 MiB and a byte" "larger than the 67108864 bytes" eval --fen '5/5/5/w4/1bw2 w 0/0 0 0' --weights "$weights.big"
rm -f "$weights.big"
good "analyze finds the win in one" 'score win in 1' analyze --fen '5/5/5/w4/1bw2 w 0/0 0 0' --player 'ab(depth=3)'
good "analyze json" '"best":"a2-a1"' analyze --fen '5/5/5/w4/1bw2 w 0/0 0 0' --player 'ab(depth=3)' --json
good "eval explain" 'material             1       100          100' eval --fen '5/5/5/w4/1bw2 w 0/0 0 0' --explain
good "players lists the levels" 'level(6): depth 6' players
# An empty value is a mistake naming the option, not "not given" (issue 12, 10).
g=(--a random --b random --games 2 --quiet)
bad_says "perft with an empty --fen" "--fen ''" perft --fen '' --depth 1
bad_says "eval with an empty --fen" "--fen ''" eval --fen ''
bad_says "analyze with an empty --fen" "--fen ''" analyze --fen ''
bad_says "eval with an empty --weights" "--weights ''" eval --fen '5/5/5/w4/1bw2 w 0/0 0 0' --weights ''
bad_says "match with an empty --out" "--out ''" match "${g[@]}" --out ''
bad_says "match with an empty --sprt" "--sprt ''" match "${g[@]}" --sprt ''
bad_says "ladder with an empty player" "--players ''" ladder --players random '' --games-per-pair 2
# A word no option takes is named, not dropped (11).
bad_says "random with a bare number" "unexpected word '5'" random 5
bad_says "perft with an extra word" "unexpected word 'extra'" perft --depth 1 extra
bad_says "players with two specs" "unexpected word 'greedy'" players random greedy
bad_says "rules with two rulesets" "unexpected word 'chain'" rules standard chain
# players and rules take --help (12).
for h in --help -h; do
  good "players $h" 'usage: seega players' players $h
  good "rules $h" 'usage: seega rules' rules $h
done
# Player keys: a repeat and a value given to a flag are refused (13); near misses are named.
bad_says "a player key given twice" "'depth' is given twice" players 'ab(depth=2,depth=3)'
bad_says "a flag given a value" "'deterministic' takes no value" players 'level(3,deterministic=yes)'
# A perturbed configuration (vary=S, jitter=J) is a player of its own and replays from the seed.
good "a perturbed player is reproducible" 'ab(depth=2,vary=3,jitter=2): reproducible from the seed: yes' players 'ab(depth=2,vary=3,jitter=2)'
bad_says "jitter without vary" "jitter=J needs vary=S" players 'level(3,jitter=2)'
bad_says "vary 0" "key 'vary'; allowed: 1 or more" players 'ab(depth=2,vary=0)'
bad_says "a near-miss command" "did you mean 'match'?" mach
bad_says "a near-miss option" "did you mean '--depth'?" perft --dpeth 2
bad_says "a near-miss player key" "did you mean 'depth'?" analyze --fen '5/5/5/w4/1bw2 w 0/0 0 0' --player 'ab(dpth=2)'
bad_says "a near-miss rule key" "did you mean 'size'?" rules 'standard(sise=7)'
bad_says "a near-miss sprt key" "did you mean 'elo0'?" match "${g[@]}" --sprt elo=5
# User text in a message is escaped: raw bytes as \xNN, and a newline does not break the one line.
bad_says "raw bytes in a ruleset" "'\xff'" rules $'\xff'
bad_says "a newline in a player" "'ran\x0adom'" players $'ran\ndom'
bad_says "raw bytes in an option" "'--\xfe'" perft --depth 1 $'--\xfe'
# A results file's index that does not fit is out of range, not negative.
"$seega" match "${g[@]}" --out "$tmp/g.jsonl" >/dev/null
sed 's/"index":1,/"index":18446744073709551615,/' "$tmp/g.jsonl" >"$tmp/huge.jsonl"
bad_says "a results file index past 2^63" "index 18446744073709551615 is out of range" replay --games "$tmp/huge.jsonl" --index 0
# Every kind of bad number in a results file is refused naming the file, the line and the field, never
# converted: the header's seed of 72 digits (a double; the fuzz finding), a game's seed past 2^64, a
# count written as a string, a negative key.
corpus=$(dirname "$0")/fuzz/results
bad_says "a header seed of 72 digits (replay)" "line 1 (the header): seed 4.4444" \
  replay --games "$corpus/regression_header_seed_of_72_digits_read_as_a_double.jsonl" --index 0
bad_says "a header seed of 72 digits (gen-data --from)" "regression_header_seed_of_72_digits_read_as_a_double.jsonl: line 1 (the header): seed" \
  gen-data --from "$corpus/regression_header_seed_of_72_digits_read_as_a_double.jsonl" --out "$tmp/from.csv"
sed '2s/"seed":"[0-9]*"/"seed":18446744073709551616/' "$tmp/g.jsonl" >"$tmp/seed.jsonl"
bad_says "a game seed past 2^64" "results file line 2: seed 1.8446744073709552e+19 is not a whole number" \
  replay --games "$tmp/seed.jsonl" --index 0
sed '2s/"captures":\([0-9]*\)/"captures":"\1"/' "$tmp/g.jsonl" >"$tmp/captures.jsonl"
bad_says "a count written as a string" "results file line 2: captures \"" replay --games "$tmp/captures.jsonl" --index 0
sed '2s/"game_key":"\([0-9]*\)"/"game_key":-\1/' "$tmp/g.jsonl" >"$tmp/key.jsonl"
bad_says "a negative key" "results file line 2: game_key -" replay --games "$tmp/key.jsonl" --index 0
# --version names the commit of the build (taken at every build, not only when CMake configures).
head=$(git -C "$(dirname "$0")" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
good "--version names the build's commit" "(build $head" --version
# Every --json summary and every file header names the build, the same as --version.
build=$("$seega" --version | sed -n 's/.*(build \(.*\))$/\1/p')
fen='5/5/5/w4/1bw2 w 0/0 0 0'
"$seega" run-sim --player greedy --max-level 2 --runs 2 --quiet --out "$tmp/b_run.jsonl" --json >"$tmp/b_run.json"
"$seega" gen-data --players greedy --games 2 --quiet --out "$tmp/b_data.csv" >/dev/null
"$seega" ladder --players random greedy --games-per-pair 2 --quiet --out "$tmp/b_ladder.jsonl" --json >"$tmp/b_ladder.json"
"$seega" tune --data "$tmp/b_data.csv" --holdout 0 --json >"$tmp/b_tune.json" 2>/dev/null
json_build() {  # json_build <args...>: the last line seega prints is a JSON object naming this build
  "$seega" "$@" 2>/dev/null | tail -n 1 >"$tmp/b.json"
  if "$py" -c 'import json, sys; j = json.load(open(sys.argv[1])); sys.exit(0 if j["build"] == sys.argv[2] and j["version"] else 1)' \
    "$tmp/b.json" "$build"; then pass; else fail "seega $*: no build $build in $(cut -c1-200 "$tmp/b.json")"; fi
}
json_build random --games 2 --json
json_build perft --depth 1 --json
json_build bench --depth 1 --json
json_build analyze --fen "$fen" --json
json_build eval --fen "$fen" --json
json_build match "${g[@]}" --json
json_build replay --games "$tmp/g.jsonl" --index 0 --json
json_build merge "$tmp/b_ladder.jsonl" --out "$tmp/b_merged.jsonl" --json
for f in "$tmp/b_run.json" "$tmp/b_ladder.json" "$tmp/b_tune.json" "$tmp/b_data.csv.json"; do
  if "$py" -c 'import json, sys; j = json.load(open(sys.argv[1])); sys.exit(0 if j["build"] == sys.argv[2] else 1)' "$f" "$build"
  then pass; else fail "$f: no build $build"; fi
done
for f in "$tmp/b_run.jsonl" "$tmp/b_ladder.jsonl" "$tmp/g.jsonl"; do
  if head -n 1 "$f" | grep -q "\"build\":\"$build\""; then pass; else fail "$f's header: no build $build"; fi
done
# --- Texts that say what the code does (issue 20) -----------------------------------------------------
# Every command's --help prints its defaults as they are typed: a double default printed by Boost would
# read 0.10000000000000001.
for cmd in $("$seega" | sed -n 's/^  \([a-z-]*\) .*/\1/p'); do
  if help=$("$seega" "$cmd" --help 2>&1) && ! grep -qE '[0-9]\.[0-9]{6,}' <<<"$help"; then pass; else
    fail "$cmd --help: a number with six or more decimals: $(grep -E '[0-9]\.[0-9]{6,}' <<<"$help")"; fi
done
good "tune --help shows the holdout default as typed" '--holdout arg (=0.1) ' tune --help
# analyze gives the score's unit and whose it is.
start='5/5/5/5/5 w 12/12 0 0'
if "$seega" analyze --fen "$start" | grep -qE '^score [+-][0-9]+\.[0-9]{2} stones for w  depth [0-9]+  '; then pass; else
  fail "analyze: no score in stones for the side to move: $("$seega" analyze --fen "$start" | sed -n 2p)"; fi
# On the empty board ab(depth=8) stops under the placement node cap: analyze says so, with the cap and
# the depth reached, in text and in --json.
"$seega" analyze --fen "$start" >"$tmp/cap.txt"
"$seega" analyze --fen "$start" --json >"$tmp/cap.json"
depth=$(sed -n 's/.*  depth \([0-9]*\)  .*/\1/p' "$tmp/cap.txt")
if grep -qx "placement cap: the search stopped at depth $depth; in placement a search takes at most 2000000 nodes and .*" \
  "$tmp/cap.txt" && [ "$depth" -lt 8 ] && "$py" -c '
import json, sys
j = json.load(open(sys.argv[1]))
sys.exit(0 if j["ended"] == "placement_cap" and j["placement_cap_nodes"] == 2000000 and j["depth"] == int(sys.argv[2]) else 1)' \
  "$tmp/cap.json" "$depth"; then pass; else
  fail "analyze on the empty board does not name the placement cap: $(cat "$tmp/cap.txt") $(cat "$tmp/cap.json")"; fi
# A search that reaches its depth names no cap.
"$seega" analyze --fen '5/5/5/w4/1bw2 w 0/0 0 0' --player 'ab(depth=3)' --json >"$tmp/nocap.json"
if "$py" -c '
import json, sys
j = json.load(open(sys.argv[1]))
sys.exit(0 if j["ended"] == "depth" and "placement_cap_nodes" not in j else 1)' "$tmp/nocap.json"; then pass; else
  fail "analyze to its depth: $(cat "$tmp/nocap.json")"; fi
# Every --shard help states the rule lib/runs/io/shard.hpp implements: blocks of K pairs, dealt in a rotated order.
for cmd in match ladder gen-data run-sim; do
  if "$seega" "$cmd" --help | tr -s ' \n' ' ' | grep -q 'each block of K [a-z ]*pairs deal[a-z]* one pair to each shard,\? in an order rotated per block'
  then pass; else fail "$cmd --help: --shard does not state the rotated deal: $("$seega" "$cmd" --help | grep -A2 -- --shard)"; fi
done
# The source files the comments and docs name exist.
root=$(dirname "$0")/..
missing=$(cd "$root" && grep -rohP '(?<![/\w])(cli|lib|bench|tests|scripts)/[\w/]+\.(cpp|hpp|sh)\b' lib cli bench tests/*.cpp tests/*.hpp docs/*.md README.md experiments --include='*.?pp' --include='*.md' --include='*.txt' --include='*.sh' |
  sort -u | while read -r f; do [ -e "$f" ] || echo "$f"; done)
if [ -z "$missing" ]; then pass; else fail "files named in comments or docs that do not exist: $missing"; fi
rm -f "$weights"
finish "cli"

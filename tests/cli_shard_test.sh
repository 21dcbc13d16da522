#!/usr/bin/env bash
# --shard I/K and seega merge end to end: for match, ladder, run-sim and gen-data, three shards merged
# are the one run's file (its header too) with the lines sorted by index, and --resume on the merged
# file prints the one run's summary; each shard's summary says which shard it covers; every refusal
# of merge and of --shard exits 2 with one line that names what is wrong.
set -u
seega=$1
source "$(dirname "$0")/cli_lib.sh"

# sorted <file>: the file with its lines after the header sorted by "index" (one job writes them in
# the order games finish).
sorted() {
  "$py" - "$1" <<'EOF'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
body = sorted(lines[1:], key=lambda l: json.loads(l)["index"])
sys.stdout.write("\n".join([lines[0]] + body) + "\n")
EOF
}

# same_file <what> <a> <b>: byte for byte, but for the header's origin (the command line and date).
same_file() {
  if cmp -s <(without_origin "$2") <(without_origin "$3"); then pass; else
    fail "$1: $2 and $3 differ: $(diff <(without_origin "$2") <(without_origin "$3") | head -c 300)"; fi
}

# json_is <what> <file> <python expression over j>: a --json output's property.
json_is() {
  if "$py" -c 'import json,sys; j=json.load(open(sys.argv[1])); sys.exit(0 if eval(sys.argv[2]) else 1)' "$2" "$3"; then
    pass; else fail "$1: $(cat "$2" | head -c 300)"; fi
}

# shards <name> <command...>: the one run (--out NAME.jsonl, --json summary NAME.json), its three
# shards (NAME0..2.jsonl, NAME0..2.json), and their merge (NAME.merged.jsonl), which must be the one
# run's file sorted by index.
shards() {
  local name=$1; shift
  "$@" --out "$tmp/$name.jsonl" --json >"$tmp/$name.json" 2>"$tmp/err" || fail "$name: the one run failed: $(cat "$tmp/err")"
  for i in 0 1 2; do
    "$@" --out "$tmp/$name$i.jsonl" --shard $i/3 --json >"$tmp/$name$i.json" 2>"$tmp/err" ||
      fail "$name: shard $i/3 failed: $(cat "$tmp/err")"
    if head -n 1 "$tmp/$name$i.jsonl" | grep -q "\"shard\":\"$i/3\""; then pass; else fail "$name: shard $i's header has no shard"; fi
  done
  if head -n 1 "$tmp/$name.jsonl" | grep -q '"shard"'; then fail "$name: the one run's header names a shard"; else pass; fi
  "$seega" merge "$tmp/$name"[012].jsonl --out "$tmp/$name.merged.jsonl" >"$tmp/merge.out" 2>"$tmp/err" ||
    fail "$name: merge failed: $(cat "$tmp/err")"
  sorted "$tmp/$name.jsonl" >"$tmp/$name.sorted"
  same_file "$name: the merged shards against the one run's file, sorted" "$tmp/$name.merged.jsonl" "$tmp/$name.sorted"
  # The merged header keeps the lowest shard's origin: the command line that wrote shard 0.
  if head -n 1 "$tmp/$name.merged.jsonl" | grep -q '"--shard","0/3"'; then pass; else
    fail "$name: the merged header's origin is not shard 0's command line: $(head -c 400 "$tmp/$name.merged.jsonl")"; fi
}

# --- match ------------------------------------------------------------------------------------------
match=("$seega" match --a random --b 'ab(depth=1)' --games 22 --seed 3 --opening-turns 1 --quiet --threads 2)
shards match "${match[@]}"
[[ "$(cat "$tmp/merge.out")" == *"22 games (0 to 21) merged from 3 results files of 3 shards"* ]] && pass ||
  fail "match: merge's line: $(cat "$tmp/merge.out")"
# Each shard's summary covers its games only and says which shard; the shards' games add up. (Of the
# 11 game pairs, shard 0 holds pairs 0, 4, 7, 10; shard 1 pairs 1, 5, 8; shard 2 pairs 2, 3, 6, 9:
# lib/runs/io/shard.hpp's rule, pinned in Shard.TheAssignmentOfPairsIsFixed.)
for i in 0 1 2; do json_is "match: shard $i's summary" "$tmp/match$i.json" "j['shard'] == '$i/3' and j['games'] == [8, 6, 8][$i]"; done
json_is "match: the one run's summary names no shard" "$tmp/match.json" "'shard' not in j and j['games'] == 22"
"${match[@]}" --out "$tmp/match.merged.jsonl" --resume --json >"$tmp/match.resumed.json"
same_summary "match: --resume on the merged file against the one run" "$tmp/match.json" "$tmp/match.resumed.json"
out=$("${match[@]}" --shard 1/3)
[[ "$out" == *"seed 3, shard 1/3 (its games only)"* ]] && pass || fail "match: the human summary does not name the shard"
out=$("${match[@]}" --shard 1/3 --csv)
[[ "$(head -n 1 <<<"$out")" == *",shard" && "$(tail -n 1 <<<"$out")" == *",1/3" ]] && pass ||
  fail "match: the CSV summary has no shard column: $out"

# --- ladder -----------------------------------------------------------------------------------------
# Three players (pairing p mod 3 plays pair p) in three shards: each shard meets two of the three
# pairings, which connect the players, so each rates its own ladder; the merge rates the whole run.
ladder=("$seega" ladder --players random greedy 'ab(depth=1)' --games-per-pair 4 --seed 2 --quiet --threads 2)
shards ladder "${ladder[@]}"
"${ladder[@]}" --out "$tmp/ladder.merged.jsonl" --resume --json >"$tmp/ladder.resumed.json"
same_summary "ladder: --resume on the merged file against the one run" "$tmp/ladder.json" "$tmp/ladder.resumed.json"
for i in 0 1 2; do json_is "ladder: shard $i/3 rates its ladder" "$tmp/ladder$i.json" "j['shard'] == '$i/3' and len(j['players']) == 3"; done
# In six shards each holds one pair of games, one pairing: it cannot rate the three players, says so
# and exits 0.
"${ladder[@]}" --shard 0/6 >/dev/null 2>"$tmp/err"; code=$?
[ "$code" -eq 0 ] && grep -q "shard 0/6's 2 games rate no ladder on their own" "$tmp/err" && pass ||
  fail "ladder: a shard that cannot be rated: exit $code: $(cat "$tmp/err")"
"${ladder[@]}" --shard 1/2 --json >"$tmp/ladder.half.json"
json_is "ladder: a shard's summary" "$tmp/ladder.half.json" "j['shard'] == '1/2' and j['games'] == 6"

# --- run-sim ----------------------------------------------------------------------------------------
run_sim=("$seega" run-sim --player random --runs 11 --max-level 3 --seed 5 --quiet --threads 2)
shards run-sim "${run_sim[@]}"
for i in 0 1 2; do json_is "run-sim: shard $i's summary" "$tmp/run-sim$i.json" "j['shard'] == '$i/3' and j['runs'] == [4, 3, 4][$i]"; done
"${run_sim[@]}" --out "$tmp/run-sim.merged.jsonl" --resume --json >"$tmp/run-sim.resumed.json"
same_summary "run-sim: --resume on the merged file against the one run" "$tmp/run-sim.json" "$tmp/run-sim.resumed.json"

# --- gen-data ---------------------------------------------------------------------------------------
# Written in game order already: the merged CSV and its .json are the one run's, byte for byte.
gen=("$seega" gen-data --players random greedy --games 14 --positions-per-game 3 --seed 4 --quiet --threads 2)
"${gen[@]}" --out "$tmp/data.csv" >/dev/null
for i in 0 1 2; do "${gen[@]}" --out "$tmp/data$i.csv" --shard $i/3 >/dev/null || fail "gen-data: shard $i failed"; done
"$seega" merge "$tmp"/data[012].csv --out "$tmp/data.merged.csv" >"$tmp/merge.out" || fail "gen-data: merge failed"
same_file "gen-data: the merged CSV" "$tmp/data.merged.csv" "$tmp/data.csv"
same_file "gen-data: the merged CSV's .json" "$tmp/data.merged.csv.json" "$tmp/data.csv.json"
# Of the 7 pairs, shard 1 holds pairs 1 and 5: games 2, 3, 10 and 11.
"$py" -c 'import sys; sys.exit(0 if {int(l.split(",")[3]) for l in open(sys.argv[1]).read().splitlines()[1:]} == {2, 3, 10, 11} else 1)' \
  "$tmp/data1.csv" && pass || fail "gen-data: shard 1's file does not hold shard 1's games"
# A resume of the merged file plays its last game again and ends where the one run did.
"${gen[@]}" --out "$tmp/data.merged.csv" --resume >/dev/null
same_file "gen-data: --resume on the merged CSV" "$tmp/data.merged.csv" "$tmp/data.csv"

# --- refusals ---------------------------------------------------------------------------------------
"$seega" match --a random --b 'ab(depth=1)' --games 22 --seed 4 --opening-turns 1 --quiet --shard 1/3 \
  --out "$tmp/match1.seed.jsonl" >/dev/null
bad_says "merge: a shard of another seed" "match1.seed.jsonl was made with seed=\"4\", $tmp/match0.jsonl with seed=\"3\"" \
  merge "$tmp/match0.jsonl" "$tmp/match1.seed.jsonl" "$tmp/match2.jsonl" --out "$tmp/x.jsonl"
cp "$tmp/match0.jsonl" "$tmp/match0.copy.jsonl"
bad_says "merge: a game in two files" "game 0 is in both $tmp/match0.jsonl and $tmp/match0.copy.jsonl" \
  merge "$tmp/match0.jsonl" "$tmp/match1.jsonl" "$tmp/match2.jsonl" "$tmp/match0.copy.jsonl" --out "$tmp/x.jsonl"
bad_says "merge: a shard missing" "games 2, 3, 10 and 3 more are in no file" \
  merge "$tmp/match0.jsonl" "$tmp/match2.jsonl" --out "$tmp/x.jsonl" --games 22
bad_says "merge: a shard missing, named" "no file is shard 1/3" \
  merge "$tmp/match0.jsonl" "$tmp/match2.jsonl" --out "$tmp/x.jsonl"
bad_says "merge: a shard cut short" "games 22 and 23 are in no file; the file of shard 1/3 lacks some: finish it with --resume" \
  merge "$tmp/match0.jsonl" "$tmp/match1.jsonl" "$tmp/match2.jsonl" --out "$tmp/x.jsonl" --games 24
bad_says "merge: an existing --out" "--out $tmp/match.merged.jsonl exists; pass --force" \
  merge "$tmp/match0.jsonl" "$tmp/match1.jsonl" "$tmp/match2.jsonl" --out "$tmp/match.merged.jsonl"
bad_says "merge: --out one of its files" "--out $tmp/match1.jsonl is the file being read (a file merged)" \
  merge "$tmp/match0.jsonl" "$tmp/match1.jsonl" "$tmp/match2.jsonl" --out "$tmp/match1.jsonl" --force
bad_says "merge: an existing positions .json" "--out $tmp/data.csv.json exists" \
  merge "$tmp"/data[012].csv --out "$tmp/data.csv"
bad_says "merge: --out in no directory" "cannot create a file beside it" \
  merge "$tmp/match0.jsonl" "$tmp/match1.jsonl" "$tmp/match2.jsonl" --out "$tmp/no/such/dir/x.jsonl"
bad_says "merge: files of two kinds" "is a results file, $tmp/run-sim1.jsonl a run-sim file" \
  merge "$tmp/match0.jsonl" "$tmp/run-sim1.jsonl" --out "$tmp/x.jsonl"
bad_says "merge: shards of two counts" "the shards of one run are of one count K" \
  merge "$tmp/match0.jsonl" "$tmp/match.jsonl" --out "$tmp/x.jsonl"
bad_says "merge: --runs for games" "--runs: a results file counts games; give --games N" \
  merge "$tmp/match0.jsonl" --out "$tmp/x.jsonl" --runs 4
bad_says "merge: no such file" "$tmp/none.jsonl: no such file" merge "$tmp/none.jsonl" --out "$tmp/x.jsonl"
bad_says "merge: no files" "give the shards' files" merge --out "$tmp/x.jsonl"
[ ! -e "$tmp/x.jsonl" ] && [ -z "$(ls -A "$tmp" | grep -- "\.tmp-")" ] && pass || fail "a refused merge left a file behind"
"$seega" merge "$tmp/match0.jsonl" "$tmp/match1.jsonl" "$tmp/match2.jsonl" --out "$tmp/match.merged.jsonl" --force \
  >/dev/null && same_file "merge --force" "$tmp/match.merged.jsonl" "$tmp/match.sorted"
bad_says "--shard past K" "--shard 4/4: I must be 0 to 3 (shards are numbered from 0)" "${match[@]:1}" --shard 4/4
bad_says "--shard malformed" "give I/K" "${match[@]:1}" --shard 3
bad_says "--shard with --sprt" "an SPRT must see every game pair in order; run it in one job, or under mpirun" \
  "${match[@]:1}" --shard 0/2 --sprt elo0=0,elo1=10
bad_says "--shard with --from" "--shard with --from" gen-data --from "$tmp/match.jsonl" --out "$tmp/y.csv" --shard 0/2
bad_says "resume a shard as another" "results file was made with shard=\"1/3\", this run has shard=\"2/3\"" \
  "${match[@]:1}" --out "$tmp/match1.jsonl" --resume --shard 2/3
bad_says "resume a shard without --shard" "results file was made with shard=\"1/3\", this run has no --shard" \
  "${match[@]:1}" --out "$tmp/match1.jsonl" --resume
bad_says "resume a run-sim shard as another" "the file was made with shard=\"0/3\", this run has shard=\"1/3\"" \
  "${run_sim[@]:1}" --out "$tmp/run-sim0.jsonl" --resume --shard 1/3
bad_says "resume gen-data's shard without --shard" "was made with shard=\"2/3\", this run has no --shard" \
  "${gen[@]:1}" --out "$tmp/data2.csv" --resume

finish cli_shard_test

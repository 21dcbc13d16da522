#!/usr/bin/env bash
# Opening suites end to end: seega openings makes a suite reproducibly; a match with --openings starts
# every game with its pair's opening, in file order or in the seed's order (each opening once a round);
# resume, summary (from another folder), shards merged, ladder and gen-data take it; a position line
# replays (also through export); the refusals exit 2 with one line naming the file and the line.
set -u
seega=$1
source "$(dirname "$0")/cli_lib.sh"

# --- seega openings ------------------------------------------------------------------------------------
"$seega" openings --count 5 --seed 3 --out "$tmp/s.txt" && pass || fail "openings --out"
"$seega" openings --count 5 --seed 3 >"$tmp/s2.txt" && pass || fail "openings to stdout"
cmp -s "$tmp/s.txt" "$tmp/s2.txt" && pass || fail "the same seed makes another suite"
"$seega" openings --count 5 --seed 4 >"$tmp/s3.txt"
cmp -s "$tmp/s.txt" "$tmp/s3.txt" && fail "another seed makes the same suite" || pass
lines=$(grep -vc '^#' "$tmp/s.txt")
[ "$lines" -eq 5 ] && pass || fail "5 openings asked, $lines lines"
[ "$(grep -v '^#' "$tmp/s.txt" | awk '{print NF}' | sort -u)" = 2 ] && pass || fail "not 2 turns an opening"
[ "$(grep -v '^#' "$tmp/s.txt" | sort -u | wc -l)" -eq 5 ] && pass || fail "openings repeat"
"$seega" openings --count 3 --turns 4 --rules 'standard(size=7)' | grep -v '^#' | awk '{print NF}' | sort -u |
  grep -qx 4 && pass || fail "--turns 4 on 7x7"
"$seega" openings --count 2 --balanced 1,60 --seed 2 >"$tmp/b.txt" && pass || fail "openings --balanced"
[ "$(grep -v '^#' "$tmp/b.txt" | awk '{print NF}' | sort -u)" = 12 ] && pass || fail "a balanced opening is not a whole placement"

# --- A match plays each pair's opening, in order or by the seed ---------------------------------------
# check_openings <file> <suite> <order>: every game starts with its pair's opening (pair k: line k mod n
# in file order; random: each opening once in every round of n pairs, and not the file order).
check_openings() {
  "$py" - "$@" <<'EOF2'
import json, sys
path, suite, order = sys.argv[1:]
openings = [l.split() for l in open(suite) if l.strip() and not l.startswith("#")]
n = len(openings)
games = sorted((json.loads(l) for l in open(path).read().splitlines()[1:]), key=lambda g: g["index"])
used = []
for g in games:
    pair = g["index"] // 2
    match = [k for k, o in enumerate(openings) if g["moves"][:len(o)] == o]
    if not match: sys.exit(f"game {g['index']} starts {g['moves'][:3]}, no opening of the suite")
    if order == "sequential" and pair % n not in match: sys.exit(f"game {g['index']}: not opening {pair % n}")
    if g["index"] % 2 == 0: used.append(match[0])
    else:
        if match[0] != used[-1]: sys.exit(f"game {g['index']}: not its pair's opening")
for r in range(len(used) // n):
    if sorted(used[r * n:(r + 1) * n]) != list(range(n)): sys.exit(f"round {r}: {used[r * n:(r + 1) * n]}")
if order == "random" and used == [k % n for k in range(len(used))]: sys.exit("random order is the file order")
print(" ".join(map(str, used)))
EOF2
}
# games_by_index <file>: a results file's game lines sorted by index (a run writes them as they finish).
games_by_index() {
  "$py" -c 'import json,sys; [print(l) for l in sorted(open(sys.argv[1]).read().splitlines()[1:], key=lambda l: json.loads(l)["index"])]' "$1"
}
"$seega" match --quiet --a greedy --b random --games 20 --openings "$tmp/s.txt" --out "$tmp/m.jsonl" \
  --json >"$tmp/m.json" && pass || fail "match --openings"
check_openings "$tmp/m.jsonl" "$tmp/s.txt" sequential >/dev/null && pass || fail "sequential order"
grep -q '"openings":{"count":5' "$tmp/m.jsonl" && pass || fail "the header does not record the suite"
for seed in 7 8; do
  "$seega" match --quiet --a greedy --b random --games 20 --openings "$tmp/s.txt" --openings-order random \
    --seed $seed --threads 2 --out "$tmp/r$seed.jsonl" >/dev/null
  check_openings "$tmp/r$seed.jsonl" "$tmp/s.txt" random >"$tmp/order$seed" && pass || fail "random order, seed $seed"
done
"$seega" match --quiet --a greedy --b random --games 20 --openings "$tmp/s.txt" --openings-order random --seed 7 \
  --threads 1 --out "$tmp/r7b.jsonl" >/dev/null
check_openings "$tmp/r7b.jsonl" "$tmp/s.txt" random >"$tmp/order7b"
cmp -s "$tmp/order7" "$tmp/order7b" && pass || fail "the same seed gives another order"
cmp -s <(games_by_index "$tmp/r7.jsonl") <(games_by_index "$tmp/r7b.jsonl") && pass || fail "1 and 2 threads differ"
cmp -s "$tmp/order7" "$tmp/order8" && fail "seeds 7 and 8 give the same order" || pass
# The games of one opening are one cluster: 5 openings, at most 5 clusters.
clusters=$("$py" -c 'import json,sys; print(json.load(open(sys.argv[1]))["clusters"])' "$tmp/m.json")
[ "$clusters" -le 5 ] && pass || fail "$clusters clusters from 5 openings"

# --- Resume, summary, shards merged --------------------------------------------------------------------
head -n 9 "$tmp/m.jsonl" >"$tmp/cut.jsonl"
"$seega" match --quiet --a greedy --b random --games 20 --openings "$tmp/s.txt" --out "$tmp/cut.jsonl" --resume \
  --verify --json >"$tmp/cut.json" && pass || fail "resume"
same_summary "resumed" "$tmp/m.json" "$tmp/cut.json"
cp "$tmp/s.txt" "$tmp/s_edit.txt"
echo "a1+a2" >>"$tmp/s_edit.txt"
bad_says "resume with another suite" "openings=" match --a greedy --b random --games 20 --openings "$tmp/s_edit.txt" \
  --out "$tmp/cut.jsonl" --resume
bad_says "resume without the suite" "this run has none" match --a greedy --b random --games 20 --out "$tmp/cut.jsonl" --resume
mkdir "$tmp/elsewhere"
(cd "$tmp/elsewhere" && "$seega" summary "$tmp/m.jsonl" --json >"$tmp/sum.json") && pass || fail "summary"
same_summary "summary" "$tmp/m.json" "$tmp/sum.json"
for k in 0 1 2; do
  "$seega" match --quiet --a greedy --b random --games 20 --openings "$tmp/s.txt" --openings-order random --seed 7 \
    --shard $k/3 --out "$tmp/sh$k.jsonl" >/dev/null
done
"$seega" merge "$tmp/sh0.jsonl" "$tmp/sh1.jsonl" "$tmp/sh2.jsonl" --out "$tmp/merged.jsonl" --games 20 >/dev/null &&
  pass || fail "merge"
cmp -s <(games_by_index "$tmp/merged.jsonl") <(games_by_index "$tmp/r7.jsonl") && pass ||
  fail "the shards merged are not the one run's games"

# --- Ladder and gen-data take a suite -------------------------------------------------------------------
"$seega" ladder --quiet --players random greedy 'greedy(blunder=0.5)' --games-per-pair 4 --openings "$tmp/s.txt" \
  --out "$tmp/l.jsonl" >/dev/null && pass || fail "ladder --openings"
check_openings "$tmp/l.jsonl" "$tmp/s.txt" sequential >/dev/null && pass || fail "ladder: sequential order"
"$seega" gen-data --quiet --players greedy --games 4 --openings "$tmp/s.txt" --label result --out "$tmp/d.csv" \
  >/dev/null && pass || fail "gen-data --openings"
grep -q '"openings"' "$tmp/d.csv.json" && pass || fail "gen-data's configuration does not record the suite"
bad_says "gen-data resumed without the suite its file was made with" "made with openings=" \
  gen-data --quiet --players greedy --games 4 --opening-turns 0 --label result --out "$tmp/d.csv" --resume

# --- Position lines replay -------------------------------------------------------------------------------
cat >"$tmp/p.txt" <<'EOF2'
# a movement position, and a placement position with a move after it
wbwbw/bwbwb/wb1wb/bwbwb/wbwbw w 0/0 0 0
1ww2/5/5/5/5 b 10/12 0 0 moves a1+b1
EOF2
"$seega" match --quiet --a greedy --b 'ab(depth=1)' --games 4 --openings "$tmp/p.txt" --out "$tmp/p.jsonl" >/dev/null &&
  pass || fail "match with position lines"
"$seega" match --quiet --a greedy --b 'ab(depth=1)' --games 4 --openings "$tmp/p.txt" --out "$tmp/p.jsonl" --resume \
  --verify >/dev/null && pass || fail "position games do not replay (--verify)"
grep -c '"start":"wbwbw/bwbwb/wb1wb/bwbwb/wbwbw w 0/0 0 0"' "$tmp/p.jsonl" | grep -qx 2 && pass ||
  fail "the start position is not in the game lines"
"$seega" replay --games "$tmp/p.jsonl" --index 2 --json >"$tmp/rp.json" && pass || fail "replay of a position game"
grep -q '1ww2/5/5/5/5 b 10/12 0 0' "$tmp/rp.json" && pass || fail "the replay does not start from the position"
"$seega" export "$tmp/p.jsonl" --format text --out "$tmp/p.games" && pass || fail "export of position games"
grep -q '^\[Start "1ww2/5/5/5/5 b 10/12 0 0"\]' "$tmp/p.games" && pass || fail "no [Start] tag"
"$seega" replay --games "$tmp/p.games" --index 0 --json >"$tmp/rt.json" && cmp -s "$tmp/rt.json" <(
  "$seega" replay --games "$tmp/p.jsonl" --index 0 --json
) && pass || fail "the text's replay differs from the file's"

# --- Refusals ------------------------------------------------------------------------------------------
printf 'a1+b2\n\n# x\na1+a1 e3+d4\n' >"$tmp/bad1.txt"
bad_says "an illegal move" "--openings $tmp/bad1.txt: line 4: move 1 'a1+a1': " match --a greedy --b random \
  --openings "$tmp/bad1.txt"
printf '5/5/5/5/5 b 12/12 0 0\n' >"$tmp/bad2.txt"
bad_says "the wrong first placer" "line 1: the position" match --a greedy --b random --openings "$tmp/bad2.txt"
printf '7/7/7/7/7/7/7 w 24/24 0 0\n' >"$tmp/bad3.txt"
bad_says "another board size" "7 rows" ladder --players greedy random --openings "$tmp/bad3.txt"
printf 'wb1w1/5/5/5/5 w 0/0 0 0 moves d5-c5\n' >"$tmp/bad4.txt"
bad_says "an opening that ends the game" "ends the game" match --a greedy --b random --openings "$tmp/bad4.txt"
printf '# nothing\n\n' >"$tmp/bad5.txt"
bad_says "an empty suite" "no opening" match --a greedy --b random --openings "$tmp/bad5.txt"
bad_says "a missing file" "no such file" match --a greedy --b random --openings "$tmp/none.txt"
bad_says "with --opening-turns" "choose one" match --a greedy --b random --openings "$tmp/s.txt" --opening-turns 2
bad_says "gen-data with --opening-turns" "choose one" gen-data --players greedy --games 2 --openings "$tmp/s.txt" \
  --opening-turns 2 --out "$tmp/x.csv"
bad_says "an unknown order" "allowed: sequential, random" match --a greedy --b random --openings "$tmp/s.txt" \
  --openings-order shuffled
bad_says "an order without a suite" "without --openings" match --a greedy --b random --openings-order random
bad_says "openings without --count" "count" openings
bad_says "openings --count 0" "--count 0" openings --count 0
bad_says "openings --turns 13" "--turns 13: allowed 1 to 12" openings --count 2 --turns 13
bad_says "openings: too many" "found only" openings --count 300 --turns 1
bad_says "openings --balanced x" "--balanced 'x'" openings --count 2 --balanced x
bad_says "openings --balanced with --turns" "choose one" openings --count 2 --balanced 2 --turns 3

finish cli_openings_test

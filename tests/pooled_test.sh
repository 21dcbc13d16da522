#!/usr/bin/env bash
# experiments/tune_eval/pooled.py on made-up plays: a row played twice is the sum of its pairs, the gate's
# rule applies to the pooled row (one play level, the other a gain: the pool passes, each alone would not
# need to), a row played once stays as it was, and bad inputs get one error line.
set -u
script=$1/experiments/tune_eval/pooled.py
source "$(dirname "$0")/cli_lib.sh"

gate() { # file, then the depth-1 row's pentanomial and Elo
  printf '{"rows": [{"row": "chain depth 1", "pentanomial": %s, "elo": %s}]}\n' "$2" "$3" >"$1"; }
gate "$tmp/a.json" "[10, 10, 60, 10, 10]" 0.0
gate "$tmp/b.json" "[5, 10, 40, 25, 20]" 70.4
mkdir -p "$tmp/p1" "$tmp/p2"
echo '{"rules": "chain", "pentanomial": [4, 8, 20, 8, 10], "elo": 20.0}' >"$tmp/p1/population_d2.json"
echo '{"rules": "chain", "pentanomial": [0, 0, 50, 0, 0], "elo": 0.0}' >"$tmp/p2/population_d2.json"
echo '{"rules": "chain", "pentanomial": [0, 0, 10, 0, 0], "elo": 0.0}' >"$tmp/p1/population_d3.json"

out=$("$py" "$script" --gate "$tmp/a.json" --gate "$tmp/b.json" --populations "$tmp/p1" --populations "$tmp/p2" \
  --json) || fail "pooled.py exited $?"
check() { "$py" -c "import json, sys; rows = {r['row']: r for r in json.load(sys.stdin)['rows']}; $1" <<<"$out"; }
random1="r = rows['chain depth 1, 2 random opening turns']"
if check "$random1; assert r['pentanomial'] == [15, 20, 100, 35, 30] and r['plays'] == 2 and r['pairs'] == 200, r" &&
  check "$random1; assert r['elo_of_each'] == [0.0, 70.4], r"
then pass; else fail "the random-opening row pooled: $out"; fi
# Its score: (20 * 0.25 + 100 * 0.5 + 35 * 0.75 + 30) / 200 = 0.55625, above the level 0.5 of its first play.
if check "$random1; assert abs(r['score'] - 0.55625) < 1e-12 and r['pass'], r"
then pass; else fail "the pooled row's score or verdict: $out"; fi
if check "r = rows['chain depth 2, empty board (vary)']; assert r['pentanomial'] == [4, 8, 70, 8, 10] and r['plays'] == 2, r"
then pass; else fail "the population row pooled: $out"; fi
# Played once, every pair 1-1: no gain, so the row, and the verdict, fail.
if check "r = rows['chain depth 3, empty board (vary)']; assert r['plays'] == 1 and not r['pass'], r" &&
  [ "$(json_field "['adopt']" <<<"$out")" = False ]; then pass; else fail "a level row: $out"; fi

# A play of too few pairs has no Elo (null in seega gate's file): its pairs are pooled, and the table says so.
gate "$tmp/few.json" "[0, 0, 1, 0, 1]" null
table=$("$py" "$script" --gate "$tmp/few.json" --gate "$tmp/b.json" 2>&1) || fail "a play without an Elo: $table"
grep -q "| 2: no Elo, +70.4 | 102 |" <<<"$table" && pass || fail "a play without an Elo: $table"
# Pooled, still too few pairs: no interval, as seega gate gives none, and no pass.
table=$("$py" "$script" --gate "$tmp/few.json" --gate "$tmp/few.json" 2>&1) || fail "too few pairs: $table"
grep -q "| 2: no Elo, no Elo | 4 | no interval: 4 game pairs are too few (at least 10 are needed) | 0 0 2 0 2 | no |" \
  <<<"$table" && pass || fail "too few pairs pooled: $table"

# Won 2-0 in every pair, twice: an Elo of +inf, written "+inf" as seega writes it (JSON has no infinity; a
# strict reader refuses Infinity), and a play whose own file says "+inf" reads back as a number.
mkdir -p "$tmp/sweep"
echo '{"rules": "chain", "pentanomial": [0, 0, 0, 0, 12], "elo": "+inf"}' >"$tmp/sweep/population_d1.json"
out=$("$py" "$script" --populations "$tmp/sweep" --populations "$tmp/sweep" --json) || fail "a sweep: $out"
if "$py" -c "import json, sys
d = json.loads(sys.stdin.read(), parse_constant=lambda c: sys.exit('not JSON: ' + c))
r = d['rows'][0]
assert r['elo'] == '+inf' and r['elo_of_each'] == ['+inf', '+inf'] and r['pass'] and d['adopt'], d" <<<"$out"
then pass; else fail "a sweep's Elo in --json: $out"; fi
table=$("$py" "$script" --populations "$tmp/sweep" --populations "$tmp/sweep" 2>&1) || fail "a sweep: $table"
grep -q "| 2: +inf, +inf | 24 | no interval: the candidate won every game pair 2-0 | 0 0 0 0 24 | yes |" <<<"$table" && pass ||
  fail "a sweep's table: $table"

bad() { # what the error says, then the options
  local want=$1; shift
  if ! "$py" "$script" "$@" >/dev/null 2>"$tmp/err" && [ "$(grep -c "error:" "$tmp/err")" -eq 1 ] &&
    grep -q "$want" "$tmp/err"; then pass; else fail "pooled.py $*: $(cat "$tmp/err")"; fi
}
bad "at least one"
bad "not a folder" --populations "$tmp/none"
bad "no population_dD.json" --populations "$tmp"
echo '{"rows": [' >"$tmp/cut.json"
bad "cut.json" --gate "$tmp/cut.json"
finish "pooled"

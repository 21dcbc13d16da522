#!/usr/bin/env bash
# experiments/tune_eval/population.py end to end on 5x5 at depth 1: one engine against itself scores 50%
# in every pair, --first-config plays other configurations (other files, the row says which), a row
# resumes from its files, and bad options are refused.
set -u
seega=$1
script=$2/experiments/tune_eval/population.py
source "$(dirname "$0")/cli_lib.sh"

"$seega" eval --print-weights --rules standard >"$tmp/w.txt"
pop() { "$py" "$script" --seega "$seega" --candidate "$tmp/w.txt" --baseline "$tmp/w.txt" --depth 1 --configs 2 \
  --seed 7 --json "$@"; }

first=$(pop --out-dir "$tmp/pop") || fail "population.py exited $?"
if [ "$(json_field "['score']" <<<"$first")" = 0.5 ] && [ "$(json_field "['pairs']" <<<"$first")" = 2 ] &&
  [ "$(json_field "['row']" <<<"$first")" = "standard depth 1, empty board, 2 configurations (vary)" ]; then pass; else
  fail "one engine against itself: $first"; fi
if [ -s "$tmp/pop/vary1.json" ] && [ -s "$tmp/pop/vary2.json" ]; then pass; else fail "files: $(ls "$tmp/pop")"; fi
fresh=$(pop --out-dir "$tmp/pop" --first-config 3) || fail "population.py --first-config 3 exited $?"
if [ "$(json_field "['row']" <<<"$fresh")" = "standard depth 1, empty board, configurations 3 to 4 (vary)" ] &&
  [ "$(json_field "['first_config']" <<<"$fresh")" = 3 ] && [ -s "$tmp/pop/vary4.json" ] &&
  [ ! -e "$tmp/pop/vary5.json" ]
then pass; else fail "--first-config 3: $fresh; files $(ls "$tmp/pop")"; fi
# A configuration whose summary exists is read, not played: a summary changed by hand shows in the row.
sed -i 's/"pentanomial":\[[0-9,]*\]/"pentanomial":[0,0,0,0,1]/' "$tmp/pop/vary1.json"
again=$(pop --out-dir "$tmp/pop") || fail "population.py exited $? on resume"
if [ "$(json_field "['pentanomial']" <<<"$again")" = "[0, 0, 1, 0, 1]" ]; then pass; else fail "resume: $again"; fi
for bad in "--first-config 0" "--configs 1"; do
  # shellcheck disable=SC2086  # the option and its value, split
  if ! pop --out-dir "$tmp/bad" $bad >/dev/null 2>"$tmp/err" && grep -q "population.py: error:" "$tmp/err"; then pass
  else fail "$bad: $(cat "$tmp/err")"; fi
done

# seega refuses a configuration (a weights file that is not there): one error line that passes seega's
# message on, and the configurations played before it are kept.
if ! pop --out-dir "$tmp/pop" --baseline "$tmp/none.txt" --first-config 5 >/dev/null 2>"$tmp/err" &&
  [ "$(grep -c . "$tmp/err")" = 1 ] && grep -q "population.py: error: configuration 5: seega match failed: .*none.txt" "$tmp/err" &&
  [ -s "$tmp/pop/vary4.json" ] && [ ! -e "$tmp/pop/vary5.json" ]; then pass
else fail "a baseline that is not there: $(cat "$tmp/err")"; fi
if ! "$py" "$script" --seega "$tmp/no-seega" --candidate "$tmp/w.txt" --baseline "$tmp/w.txt" --depth 1 --configs 2 \
  --out-dir "$tmp/pop2" >/dev/null 2>"$tmp/err" && [ "$(grep -c . "$tmp/err")" = 1 ] &&
  grep -q "population.py: error: --seega .*no-seega" "$tmp/err"; then pass
else fail "a seega that is not there: $(cat "$tmp/err")"; fi

finish population

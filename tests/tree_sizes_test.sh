#!/usr/bin/env bash
# experiments/tune_eval/tree_sizes.py end to end on two small games: a weights file against itself grows
# the same tree on every position (ratio 1, never larger), two different files are compared on the same
# positions, --first keeps each game's first movement positions, and bad options are refused.
set -u
seega=$1
script=$2/experiments/tune_eval/tree_sizes.py
source "$(dirname "$0")/cli_lib.sh"

"$seega" match --a 'ab(depth=1)' --b random --games 2 --seed 3 --out "$tmp/games.jsonl" --quiet >/dev/null ||
  fail "match exited $?"
"$seega" eval --print-weights --rules standard >"$tmp/builtin.txt"
printf 'material 100\nmobility 30\n' >"$tmp/mobile.txt"
sizes() {
  SEEGA=$seega "$py" "$script" --rules standard --games "$tmp/games.jsonl" --depth 2 --every 5 --json "$@"
}

same=$(sizes "$tmp/builtin.txt" "$tmp/builtin.txt") || fail "tree_sizes.py exited $? on one file twice"
if [ "$(json_field "['geometric_mean_ratio']" <<<"$same")" = 1.0 ] &&
  [ "$(json_field "['share_first_larger']" <<<"$same")" = 0.0 ]; then pass
else fail "one file against itself: $same"; fi
all=$(json_field "['positions']" <<<"$same")
if [ "${all:-0}" -ge 2 ]; then pass; else fail "positions: $all"; fi
two=$(sizes "$tmp/mobile.txt" "$tmp/builtin.txt") || fail "tree_sizes.py exited $? on two files"
if [ "$(json_field "['positions']" <<<"$two")" = "$all" ] && [ "$(json_field "['trees'][1]['sum']" <<<"$two")" = \
  "$(json_field "['trees'][0]['sum']" <<<"$same")" ]; then pass; else fail "two files: $two against $same"; fi
first=$(sizes --first 1 --every 1 "$tmp/builtin.txt" "$tmp/builtin.txt" | json_field "['positions']")
if [ "$first" = 2 ]; then pass; else fail "--first 1 on 2 games: $first positions"; fi
for bad in "--every 0" "--depth 0" "--first -1"; do
  # shellcheck disable=SC2086  # the option and its value, split
  if ! SEEGA=$seega "$py" "$script" --rules standard --games "$tmp/games.jsonl" --depth 2 $bad a b \
    >/dev/null 2>"$tmp/err" && grep -q "tree_sizes.py: error:" "$tmp/err"; then pass
  else fail "$bad: $(cat "$tmp/err")"; fi
done

finish tree_sizes

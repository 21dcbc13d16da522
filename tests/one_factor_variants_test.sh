#!/usr/bin/env bash
# experiments/tune_eval/one_factor_variants.py (one_factor.sh's variants): on a pattern evaluation (5x5
# standard's built-in weights) every variant keeps the tables and differs from the fit in the named linear
# weights only, seega reads every file it writes, and on a linear fit the variants are the same weights
# files as before pattern evaluations were allowed; bad inputs get one error line.
set -u
root=$1
seega=$2
script=$root/experiments/tune_eval/one_factor_variants.py
fit=$root/lib/engine/weights/5x5_standard.txt
general=$root/experiments/tune_eval/weights/before.txt
source "$(dirname "$0")/cli_lib.sh"

cd "$tmp" || exit 1
names=$("$py" "$script" "$fit" "$general" --factor centre_entry --factor edge) || fail "exited $?"
want="full general_blocked general_hanging general_quiet_count entry_terms_only others_only general_centre_entry"
want="$want only_centre_entry general_edge only_edge"
[ "$names" = "$want" ] && pass || fail "the variants are '$names', not '$want'"

# weight FILE F: F's linear weight in a weights file (the first FEATURE VALUE line that names it).
weight() { awk -v f="$2" '$1 == f && NF == 2 { print $2; exit }' "$1"; }
# Every line of a variant that is not a linear weight is the fit's, in the same order (tables, end line).
for v in $names; do
  if diff <(awk 'NF != 2' "$fit") <(awk 'NF != 2' "$v.txt") >/dev/null; then pass
  else fail "$v: its tables, comments or end line differ from the fit's"; fi
done
[ "$(weight general_centre_entry.txt centre_entry)" = "$(weight "$general" centre_entry)" ] &&
  [ "$(weight general_centre_entry.txt blocked)" = "$(weight "$fit" blocked)" ] &&
  [ "$(weight only_edge.txt edge)" = "$(weight "$fit" edge)" ] &&
  [ "$(weight only_edge.txt blocked)" = "$(weight "$general" blocked)" ] &&
  [ "$(weight entry_terms_only.txt first_entry)" = "$(weight "$fit" first_entry)" ] &&
  [ "$(weight entry_terms_only.txt mobility)" = "$(weight "$general" mobility)" ] && pass ||
  fail "a variant's linear weights are not the fit's and the general ones it names"
diff <(awk 'NF == 2' "$fit") <(awk 'NF == 2' full.txt) >/dev/null && pass || fail "full is not the fit"

# seega reads every variant (the end line still counts and hashes the entries), and a variant's tables add
# what the fit's do.
placement='ww3/bb3/5/5/5 w 10/10 0 0'
part() { "$seega" eval --fen "$placement" --weights "$1" --json | "$py" -c \
  "import json, sys; d = json.load(sys.stdin); print(d['patterns'], d['features']['centre_entry']['weight'])"; }
read -r tables entry < <(part "$fit")
for v in general_centre_entry only_edge; do
  read -r t e < <(part "$v.txt") || { fail "seega does not read $v.txt"; continue; }
  [ "$t" = "$tables" ] && pass || fail "$v: the tables give $t, the fit's $tables"
done
read -r t e < <(part general_centre_entry.txt)
"$py" -c "import sys; sys.exit(float(sys.argv[1]) != $(weight "$general" centre_entry) or float(sys.argv[1]) == $entry)" "$e" &&
  pass || fail "general_centre_entry: seega reads centre_entry $e (the fit has $entry)"

# On a linear fit: only FEATURE VALUE lines change, so the files are the fit's lines with values swapped.
printf '# a linear fit\nmaterial 100\nblocked 33\nhanging -22\ncentre_entry 1\n' >linear.txt
mkdir lin && (cd lin && "$py" "$script" ../linear.txt "$general" >/dev/null) || fail "a linear fit: exited $?"
[ "$(cat lin/general_blocked.txt)" = "$(printf '# a linear fit\nmaterial 100\nblocked %s\nhanging -22\ncentre_entry 1' \
  "$(weight "$general" blocked)")" ] && pass || fail "a linear fit's general_blocked: $(cat lin/general_blocked.txt)"

bad() { # what the error says, then the options
  local want=$1; shift
  if ! "$py" "$script" "$@" >/dev/null 2>"$tmp/err" && [ "$(grep -c . "$tmp/err")" -le 2 ] &&
    grep -q "$want" "$tmp/err"; then pass; else fail "one_factor_variants.py $*: $(cat "$tmp/err")"; fi
}
bad "not a feature of" "$fit" "$general" --factor centre
bad "No such file" "$tmp/none.txt" "$general"
printf 'patterns 1 board=5x5\n' >nolinear.txt
bad "no linear weight lines" nolinear.txt "$general"
finish "one_factor_variants"

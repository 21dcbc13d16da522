#!/usr/bin/env bash
# experiments/tune_eval/table_parts.sh on a small run (5x5 standard's built-in weights as the fit, the
# linear weights as the baseline, depth 1, 20 games, 2 configurations): each part's weights hold only its
# tables, every part gets its rows and a column of the table, a second run plays nothing again, and an
# unknown part or a missing fit is one error line and exit 2.
set -u
seega=$1
root=$2
script=$root/experiments/tune_eval/table_parts.sh
source "$(dirname "$0")/cli_lib.sh"
mkdir -p "$tmp/boards/fit"
cp "$root/lib/engine/weights/5x5_standard.txt" "$tmp/boards/fit/fit.txt"
cp "$root/experiments/tune_eval/weights/standard.txt" "$tmp/boards/fit/base.txt"
run() { env SEEGA="$seega" OUT="$tmp" FIT=fit BASELINE=base.txt RULES=standard DEPTHS=1 GATE_GAMES=20 CONFIGS=2 "$@" bash "$script"; }

run PARTS="placement movement cross" >"$tmp/out" 2>"$tmp/err" || fail "table_parts.sh exited $?: $(cat "$tmp/err")"
parts=$tmp/boards/fit/parts
# entries PART FIELD: the distinct stages (field 3) or classes (field 2) of a part's table entries.
entries() { grep '^pattern ' "$parts/$1/weights.txt" | awk -v f="$2" '{print $f}' | sort -u | paste -sd, -; }
[ "$(entries placement 3)" = 0,1 ] && [ "$(entries movement 3)" = 2,3,4 ] && [ "$(entries cross 2)" = cross ] &&
  [ "$(entries cross 3)" = 0,1,2,3,4 ] && pass || fail "a part's weights hold other tables than its own"
for p in placement movement cross; do
  [ -s "$parts/$p/gate.json" ] && [ -s "$parts/$p/population_d1.json" ] && pass || fail "$p: a row is missing"
done
if head -1 "$tmp/out" | grep -q '| placement | movement | cross |$' && [ "$(grep -c '^| standard depth 1' "$tmp/out")" = 2 ] &&
  ! grep -q "| |" "$tmp/out"; then pass; else fail "the table: $(cat "$tmp/out")"; fi
# A second run plays nothing: the summaries keep their times, and the table is the same.
touch -d '2000-01-01' "$parts/movement/gate.json" "$parts/movement/population_d1.json"
run PARTS="placement movement cross" >"$tmp/out2" 2>/dev/null || fail "table_parts.sh again exited $?"
if [ "$(find "$parts/movement" -maxdepth 1 -name '*.json' ! -newermt '2001-01-01' | wc -l)" = 2 ] &&
  cmp -s "$tmp/out" "$tmp/out2"; then pass; else fail "a second run played a row again, or printed another table"; fi

says() { # what the one error line says, then the settings
  local want=$1; shift
  if ! run "$@" >/dev/null 2>"$tmp/err"; then code=0; else code=1; fi
  if [ "$code" = 0 ] && [ "$(grep -vc '^==' "$tmp/err")" = 1 ] && grep -q "$want" "$tmp/err"; then pass
  else fail "$*: $(cat "$tmp/err")"; fi
}
says "no part 'rows'" PARTS="placement rows"
says "no .*boards/none/fit.txt" FIT=none
finish "table_parts"

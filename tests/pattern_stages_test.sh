#!/usr/bin/env bash
# experiments/tune_eval/pattern_stages.py on 5x5 standard's built-in weights (a pattern evaluation): the
# files it writes are read by seega (their end line's count and hash agree), every stage kept gives the
# same entries, two files' stages joined by --rest give the whole file's entries, the placement stages alone evaluate a placement position as the whole file does and a
# movement position as the linear weights alone (and the movement stages the other way round), and bad
# inputs get one error line.
set -u
root=$1
seega=$2
script=$root/experiments/tune_eval/pattern_stages.py
weights=$root/lib/engine/weights/5x5_standard.txt
source "$(dirname "$0")/cli_lib.sh"

for s in 0,1,2,3,4 0,1 2,3,4 none; do
  "$py" "$script" --stages "$s" "$weights" >"$tmp/w_${s//,/}.txt" || fail "pattern_stages.py --stages $s exited $?"
done
if diff <(grep -v '^#' "$weights") <(grep -v '^#' "$tmp/w_01234.txt") >/dev/null; then pass
else fail "every stage kept: the entries differ from the file's"; fi

# patterns FEN FILE: the tables' part of seega eval's score.
patterns() { "$seega" eval --fen "$1" --weights "$2" --json | "$py" -c "import json, sys; print(json.load(sys.stdin)['patterns'])"; }
placement='ww3/bb3/5/5/5 w 10/10 0 0'
movement='wwbb1/bw1w1/ww1bb/bw1wb/wbwbw b 0/0 0 4'
for fen in "$placement" "$movement"; do
  all=$(patterns "$fen" "$weights") && place=$(patterns "$fen" "$tmp/w_01.txt") &&
    move=$(patterns "$fen" "$tmp/w_234.txt") && none=$(patterns "$fen" "$tmp/w_none.txt") ||
    { fail "seega eval does not read a file pattern_stages.py wrote ($fen)"; continue; }
  if [ "$fen" = "$placement" ]; then kept=$place dropped=$move; else kept=$move dropped=$place; fi
  if "$py" -c "import sys; a, k, d, n = map(float, sys.argv[1:]); sys.exit(not (a == k != 0 and d == n == 0))" \
    "$all" "$kept" "$dropped" "$none"; then pass
  else fail "$fen: tables $all, placement stages $place, movement stages $move, none $none"; fi
done

# --rest: the placement stages of one file and the movement stages of another are the whole file's entries,
# and evaluate as it does.
"$py" "$script" --stages 0,1 --rest "$tmp/w_234.txt" "$tmp/w_01.txt" >"$tmp/joined.txt" ||
  fail "pattern_stages.py --rest exited $?"
if diff <(grep '^pattern ' "$weights" | sort) <(grep '^pattern ' "$tmp/joined.txt" | sort) >/dev/null &&
  [ "$(grep -c '^pattern ' "$tmp/joined.txt")" -gt 0 ]; then pass
else fail "--rest: the joined entries differ from the file's"; fi
for fen in "$placement" "$movement"; do
  if [ "$(patterns "$fen" "$tmp/joined.txt")" = "$(patterns "$fen" "$weights")" ]; then pass
  else fail "--rest: the joined file evaluates $fen otherwise than the file"; fi
done

# --classes: the cross's entries alone and every other class's are, together, the whole file's entries, and
# each has only its classes'.
"$py" "$script" --stages 0,1,2,3,4 --classes cross "$weights" >"$tmp/cross.txt" &&
  "$py" "$script" --stages 0,1,2,3,4 --classes line0,line1,line2,corner "$weights" >"$tmp/others.txt" ||
  fail "pattern_stages.py --classes exited $?"
if diff <(grep '^pattern ' "$weights" | sort) <(grep -h '^pattern ' "$tmp/cross.txt" "$tmp/others.txt" | sort) >/dev/null &&
  [ "$(grep '^pattern ' "$tmp/cross.txt" | awk '{print $2}' | sort -u)" = cross ] &&
  ! grep -q '^pattern cross ' "$tmp/others.txt"; then pass
else fail "--classes: the entries of the two parts are not the file's, or a part holds another class"; fi
if [ "$(patterns "$movement" "$tmp/cross.txt")" != "$(patterns "$movement" "$weights")" ] &&
  "$seega" eval --fen "$movement" --weights "$tmp/others.txt" >/dev/null; then pass
else fail "--classes: a part does not read, or the cross alone evaluates as every class"; fi

bad() { # what the error says, then the options
  local want=$1; shift
  if ! "$py" "$script" "$@" >/dev/null 2>"$tmp/err" && [ "$(grep -c . "$tmp/err")" -le 2 ] &&
    grep -q "$want" "$tmp/err"; then pass; else fail "pattern_stages.py $*: $(cat "$tmp/err")"; fi
}
bad "stages run from 0 to 4" --stages 5 "$weights"
bad "want stages" --stages all "$weights"
printf 'material 100\n' >"$tmp/linear.txt"
bad "not a pattern evaluation" --stages 2 "$tmp/linear.txt"
bad "No such file" --stages 2 "$tmp/none.txt"
sed 's/^patterns .*/patterns 1 board=7x7 diagonals=off stages=5/' "$weights" >"$tmp/other.txt"
bad "other patterns" --stages 0,1 --rest "$tmp/other.txt" "$weights"
bad "No such file" --stages 0,1 --rest "$tmp/none.txt" "$weights"
bad "no entry of class diagonal" --stages 0,1 --classes cross,diagonal "$weights"
finish "pattern_stages"

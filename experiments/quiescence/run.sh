#!/usr/bin/env bash
# The capture search's ply limit (issue 34, "search at equal time"): qplies=8 against the search as it
# is (no limit but the node cap of 100,000 a capture search). Three kinds of row, in results/ (or OUT);
# every row resumes, and a row whose JSON exists is not played again. report.py prints the README's tables.
#  1. Does the limit change the games at all? Each board's self-play with and without it, the same seed:
#     the games compared move by move (same_NAME_{base,limit}.jsonl).
#  2. Equal time: ab(time=100,qplies=8) against ab(time=100,qplies=0), 2 random opening turns, on the
#     boards where the limit changes the games (a clock: these rows do not replay from their seed); then
#     the game's own 1.5 s a move, the smaller match the issue allows (20 games on 7x7, 74 minutes on 2
#     cores; none on 9x9 unless GAMES1500_9 is set).
#  3. Equal depth: ab(depth=D,qplies=8) against ab(depth=D,qplies=0) on the same boards.
# The search without the limit is named qplies=0, so that a row means the same if a board's default ever
# changes (the rows of 1. and the first two 7x7 rows were begun before it was: without qplies, which means
# the same today).
# GAMES (7x7 at equal time: 100 games), GAMES1500 (7x7 at 1.5 s: 20), DEPTH_GAMES (7x7 at equal depth:
# 400), GAMES9 (9x9: 60 a row), GAMES1500_9 (9x9 at 1.5 s: 0) and SAME_GAMES (20) set a row's size, and
# DEPTHS9 the 9x9 depths (1 2 3: at depth 1 the roles decide every game, so depth 3 is the second row
# that can tell the searches apart).
set -euo pipefail
source "$(dirname "$0")/../common.sh"  # seega, here, and the results folder $out, entered
limit=qplies=${QPLIES:-8}
# match NAME RULES A B GAMES [options]: one row, NAME.json its summary, NAME.jsonl its games.
match() {
  local name=$1 rules=$2 a=$3 b=$4 games=$5
  shift 5
  match_row "$name" --rules "$rules" --a "$a" --b "$b" --games "$games" "$@"
}

# 1. The same games? Every preset at 5x5 (depth 4), and 7x7 and 9x9 (depth 2).
while read -r name rules depth; do
  for side in base limit; do
    extra=",qplies=0"; [ "$side" = limit ] && extra=",$limit"
    match "same_${name}_$side" "$rules" "ab(depth=$depth$extra)" "ab(depth=$depth$extra)" "${SAME_GAMES:-20}" \
      --opening-turns 2 --seed 5
  done
done <<'ROWS'
5x5_standard standard 4
5x5_diagonal diagonal 4
5x5_chain chain 4
7x7_standard standard(size=7) 2
7x7_diagonal diagonal(size=7) 2
7x7_chain chain(size=7) 2
9x9_standard standard(size=9) 2
9x9_diagonal diagonal(size=9) 1
9x9_chain chain(size=9) 2
ROWS

# 2 and 3: the boards where it does, at equal time and at one or two depths.
while read -r name rules time_games games1500 depth_games depths; do
  match "time100_$name" "$rules" "ab(time=100,$limit)" 'ab(time=100,qplies=0)' "$time_games" --opening-turns 2 \
    --seed 7
  if [ "$games1500" -gt 0 ]; then
    match "time1500_$name" "$rules" "ab(time=1500,$limit)" 'ab(time=1500,qplies=0)' "$games1500" \
      --opening-turns 2 --seed 7
  fi
  for depth in $depths; do
    match "depth${depth}_$name" "$rules" "ab(depth=$depth,$limit)" "ab(depth=$depth,qplies=0)" "$depth_games" \
      --opening-turns 2 --seed 7
  done
done <<ROWS
7x7_diagonal diagonal(size=7) ${GAMES:-100} ${GAMES1500:-20} ${DEPTH_GAMES:-400} 2 3
9x9_diagonal diagonal(size=9) ${GAMES9:-60} ${GAMES1500_9:-0} ${GAMES9:-60} ${DEPTHS9:-1 2 3}
ROWS
/usr/bin/python3 "$here/report.py" .

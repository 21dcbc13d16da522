#!/usr/bin/env bash
# Late move reductions (issue 34, "search at equal time"): ab(lmr=K) against the search without them.
# A reduction makes the search cheaper at a given depth and may miss a late quiet move's point, so it is
# judged where it would be used: at equal time, ab(time=100,lmr=K) against ab(time=100), 2 random
# opening turns, on every board (a clock: these rows do not replay from their seed). Then, where every
# board's row passes, the game's own 1.5 s a move (the smaller match the issue allows). Rows go to
# results/ (or OUT); every row resumes, and a row whose JSON exists is not played again. report.py
# prints the README's tables.
# K (3: the first 3 moves of a node searched in full), BOARDS (names below), GAMES5 (5x5: 200 a row),
# GAMES7 (7x7: 100), GAMES9 (9x9: 60), GAMES1500 (5x5 standard at 1.5 s: 0, not played unless set),
# SWEEP (the values of K played on 5x5 standard at equal time beside K: none unless set) and THREADS
# (the games played at once; 0, the default: one a core).
set -euo pipefail
source "$(dirname "$0")/../common.sh"  # seega, here, and the results folder $out, entered
k=${K:-3}
# match NAME RULES A B GAMES [options]: one row, NAME.json its summary, NAME.jsonl its games.
match() {
  local name=$1 rules=$2 a=$3 b=$4 games=$5
  shift 5
  match_row "$name" --rules "$rules" --a "$a" --b "$b" --games "$games" --threads "${THREADS:-0}" "$@"
}

for sweep_k in ${SWEEP:-}; do
  match "time100_5x5_standard_lmr$sweep_k" standard "ab(time=100,lmr=$sweep_k)" 'ab(time=100)' "${GAMES5:-200}" \
    --opening-turns 2 --seed 7
done
while read -r name rules games; do
  case " ${BOARDS:-$name} " in *" $name "*) ;; *) continue ;; esac
  match "time100_${name}_lmr$k" "$rules" "ab(time=100,lmr=$k)" 'ab(time=100)' "$games" --opening-turns 2 --seed 7
done <<ROWS
5x5_standard standard ${GAMES5:-200}
5x5_diagonal diagonal ${GAMES5:-200}
5x5_chain chain ${GAMES5:-200}
7x7_standard standard(size=7) ${GAMES7:-100}
7x7_diagonal diagonal(size=7) ${GAMES7:-100}
7x7_chain chain(size=7) ${GAMES7:-100}
9x9_standard standard(size=9) ${GAMES9:-60}
9x9_diagonal diagonal(size=9) ${GAMES9:-60}
9x9_chain chain(size=9) ${GAMES9:-60}
ROWS
if [ "${GAMES1500:-0}" -gt 0 ]; then
  match "time1500_5x5_standard_lmr$k" standard "ab(time=1500,lmr=$k)" 'ab(time=1500)' "$GAMES1500" \
    --opening-turns 2 --seed 7
fi
/usr/bin/python3 "$here/report.py" .

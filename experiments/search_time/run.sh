#!/usr/bin/env bash
# A search change at equal time (issue 34, "search at equal time"): ab(time=100,KEY) against ab(time=100),
# KEY a player key that changes the search: late move reductions (lmr=K) or the transposition table's
# size (hash=MB). A change that makes the search cheaper or dearer per depth is judged where it would be
# used: at equal time, 2 random opening turns, on every board (a clock: these rows do not replay from
# their seed). Then the game's own 1.5 s a move on the boards asked for (the smaller match the issue
# allows). Rows go to results/ (or OUT), named by the key without its '=' (time100_9x9_standard_hash16);
# every row resumes, and a row whose JSON exists is not played again. report.py prints the README's tables.
# KEY (lmr=3 unless set; K=3 is the same as KEY=lmr=3), BOARDS (names below), GAMES5 (5x5: 200 a row),
# GAMES7 (7x7: 100), GAMES9 (9x9: 60), GAMES1500 (the 1.5 s rows: 0, none unless set) on BOARDS1500
# (5x5_standard unless set), SWEEP (more values of lmr's K played on 5x5 standard at equal time: none
# unless set), SEED (7) and THREADS (the games played at once; 0, the default: one a core).
set -euo pipefail
source "$(dirname "$0")/../common.sh"  # seega, here, and the results folder $out, entered
key=${KEY:-lmr=${K:-3}}
case "$key" in
  lmr=[0-9]* | hash=[0-9]*) ;;
  *) echo "run.sh: KEY=$key: give lmr=K or hash=MB" >&2 && exit 2 ;;
esac
tag=${key//=/}
seed=${SEED:-7}
# match NAME RULES A B GAMES [options]: one row, NAME.json its summary, NAME.jsonl its games.
match() {
  local name=$1 rules=$2 a=$3 b=$4 games=$5
  shift 5
  match_row "$name" --rules "$rules" --a "$a" --b "$b" --games "$games" --threads "${THREADS:-0}" "$@"
}
# A row's name carries its seed when it is not 7, the seed of the first rows.
suffix=$([ "$seed" = 7 ] && echo "" || echo "_seed$seed")

for sweep_k in ${SWEEP:-}; do
  match "time100_5x5_standard_lmr$sweep_k$suffix" standard "ab(time=100,lmr=$sweep_k)" 'ab(time=100)' \
    "${GAMES5:-200}" --opening-turns 2 --seed "$seed"
done
boards() {
  cat <<ROWS
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
}
while read -r name rules games; do
  case " ${BOARDS:-$name} " in *" $name "*) ;; *) continue ;; esac
  match "time100_${name}_$tag$suffix" "$rules" "ab(time=100,$key)" 'ab(time=100)' "$games" \
    --opening-turns 2 --seed "$seed"
done < <(boards)
if [ "${GAMES1500:-0}" -gt 0 ]; then
  while read -r name rules _; do
    case " ${BOARDS1500:-5x5_standard} " in *" $name "*) ;; *) continue ;; esac
    match "time1500_${name}_$tag$suffix" "$rules" "ab(time=1500,$key)" 'ab(time=1500)' "$GAMES1500" \
      --opening-turns 2 --seed "$seed"
  done < <(boards)
fi
/usr/bin/python3 "$here/report.py" .

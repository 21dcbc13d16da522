#!/usr/bin/env bash
# Evaluation tuning that is judged in games (issue 22): positions labelled by search, fits by label and
# feature set, SPSA on game results from the best fit, and the adoption gate of each candidate against
# the weights the study started from (weights/before.txt), on 5x5 standard at depths 2-5 and levels 4
# and 6, then on every other ruleset and size at two depths. Every step resumes: gen-data, spsa and the
# gates' rows continue their files, and a step whose output exists is not repeated. Outputs go to
# results/ (or OUT); report.py prints the README's tables. GAMES, SPSA_ITERATIONS, GATE_GAMES,
# SMALL_GATE_GAMES, ALL_GAMES, ALL_RULES, TIME_GAMES and TIME1500_GAMES make a small run, as
# scripts/notebook_data.sh does.
set -euo pipefail
source "$(dirname "$0")/../common.sh"  # seega, here, and the results folder $out, entered
# The weights files, copied in so that every file names them relatively.
cp -f "$here/weights/before.txt" "$here/weights/standard.txt" .
before=before.txt
games=${GAMES:-10000}

# 1. Positions: ab(depth=2) self-play, 10 quiet positions a game, each labelled by a depth-4 search with
# the game's result beside it. The players and the labelling search use the weights before, named, so
# that the same command makes the same file whatever the built-in weights are. Not committed (12 MB): played
# only while a fit that needs it is missing.
need_positions=
for f in fit_result_old fit_result_all fit_blend_all fit_search_old fit_search_all fit_taper fit_split_taper; do
  [ -s "$f.json" ] || need_positions=1
done
[ -z "$need_positions" ] || "$seega" gen-data --players "ab(depth=2,weights=$before)" --games "$games" --label search \
  --search-depth 4 --search-weights "$before" --opening-turns 2 --seed 101 --out positions.csv \
  $(resume_of positions.csv) --quiet

# 2. Fits, from the weights the study started from: by label (the game's result, a blend, the search)
# and by feature set (the nine of before, or all thirteen).
old=mobility,safe,threats,hanging,centre_ring,centre_entry,blocked,last_placer
fit() {  # fit <name> <data> <tune options...>
  local name=$1 data=$2
  shift 2
  [ -s "$name.json" ] || "$seega" tune --data "$data" --weights "$before" --out "$name.txt" "$@" --json >"$name.json"
}
fit fit_result_old positions.csv --label result --features "$old"
fit fit_result_all positions.csv --label result
fit fit_blend_all positions.csv --label blend=0.5
fit fit_search_old positions.csv --label search --features "$old"
fit fit_search_all positions.csv --label search

# 3. SPSA on game results from the search fit: 400 iterations of 8 game pairs at ab(depth=3).
[ -s spsa.json ] || "$seega" spsa --player 'ab(depth=3)' --weights fit_search_all.txt --c-end 5 --r-end 0.02 \
  --iterations "${SPSA_ITERATIONS:-400}" --pairs 8 --seed 22 --trajectory spsa.csv $(resume_of spsa.csv) \
  --out spsa.txt --quiet --json >spsa.json

# 4. The gate of every candidate against the weights before, on 5x5 standard.
gate() {  # gate <name> <candidate> <baseline> <gate options...>
  local name=$1 candidate=$2 baseline=$3
  shift 3
  [ -s "$name.json" ] && return 0
  local resume=(); [ -d "rows_$name" ] && resume=(--resume)
  "$seega" gate --candidate "$candidate" --baseline "$baseline" --seed 7 --out-dir "rows_$name" "${resume[@]}" \
    "$@" --quiet --json >"$name.json.part"
  mv "$name.json.part" "$name.json"
}
# The adopted weights (weights/standard.txt: fit_search_all rounded to whole numbers) over the full
# gate, and the other candidates over the same rows with fewer games.
adopted=standard.txt
gate gate_adopted "$adopted" "$before" --games "${GATE_GAMES:-1000}"
for w in spsa fit_search_old fit_result_all; do
  gate "gate_$w" "$w.txt" "$before" --games "${SMALL_GATE_GAMES:-400}"
done
# SPSA's weights against the fit it started from, the same rows.
gate gate_spsa_over_fit spsa.txt fit_search_all.txt --games "${SMALL_GATE_GAMES:-400}"

# 5. The earlier diagnosis, one factor at a time: the result fit of the nine features (what the earlier
# round adopted nothing from), and the same with one weight put back to its value before, at depth 3,
# where that round lost.
for f in hanging centre_entry; do
  [ -s "fit_result_old_$f.txt" ] || sed "s/^$f .*/$f $(grep "^$f " "$before" | cut -d' ' -f2)/" fit_result_old.txt \
    >"fit_result_old_$f.txt"
done
for w in fit_result_old fit_result_old_hanging fit_result_old_centre_entry; do
  gate "factor_$w" "$w.txt" "$before" --depths 3 --levels none --games "${GATE_GAMES:-1000}"
done
# 6. The adopted weights on every other ruleset and size, at two depths: they become the built-in
# weights only where they pass.
# ALL_RULES (rulesets separated by spaces) replaces the list.
# 9x9 follows on its own, at lower depths.
all_rules="diagonal chain standard(size=7) diagonal(size=7) chain(size=7)"
rules=()
for r in ${ALL_RULES:-$all_rules}; do rules+=(--rules "$r"); done
gate gate_all_adopted "$adopted" "$before" "${rules[@]}" --depths 2,3 --levels none --games "${ALL_GAMES:-100}"
# 9x9, whose games are the slowest, at depths 1 and 2. NINE_RULES replaces the list ("" skips it).
nine_rules=()
for r in ${NINE_RULES-standard(size=9) diagonal(size=9) chain(size=9)}; do nine_rules+=(--rules "$r"); done
if [ ${#nine_rules[@]} -gt 0 ]; then
  gate gate_9x9_adopted "$adopted" "$before" "${nine_rules[@]}" --depths 1,2 --levels none --games "${ALL_GAMES:-100}"
fi
# 7. Weights tapered by how full the board is (one set for a full board, one for an empty one), fitted to
# the same search labels, with and without split placement weights, against the adopted weights.
fit fit_taper positions.csv --label search --taper
fit fit_split_taper positions.csv --label search --taper --phases split
for w in fit_taper fit_split_taper; do
  gate "gate_$w" "$w.txt" "$adopted" --games "${SMALL_GATE_GAMES:-400}"
done
# 8. The adopted weights at equal time, as issue 34 asks of every default: ab(time=100) over TIME_GAMES
# (200) games and the game's own 1.5 s a move over TIME1500_GAMES (20), against the weights before, 2
# random opening turns. A clock decides these rows, so they do not replay from their seed, and nothing else
# should share their cores; 0 games skips a row.
time_row() {  # time_row <name> <ms> <games>
  local name=$1 ms=$2 games=$3
  [ "$games" -gt 0 ] || return 0
  match_row "$name" --a "ab(time=$ms,weights=$adopted)" --b "ab(time=$ms,weights=$before)" --games "$games" \
    --opening-turns 2 --seed 7
}
time_row time100_adopted 100 "${TIME_GAMES:-200}"
time_row time1500_adopted 1500 "${TIME1500_GAMES:-20}"
/usr/bin/python3 "$here/report.py" .

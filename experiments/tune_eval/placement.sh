#!/usr/bin/env bash
# 5x5 chain's placement tables fitted on the games the empty-board rows play (issue 34). Every pattern fit
# of 5x5 chain lost the gate's row from the empty board at depth 2, and its placement tables alone carry
# that loss (README, "Labels from a depth-10 search, and which tables cost the empty board at depth 2").
# Those tables were fitted on positions from self-play after 2 random opening turns; the row plays every
# placement turn, from the empty board, in configurations drawn by vary. One factor changed, the games the
# positions come from: self-play from the empty board (--opening-turns 0), a round robin of
# SELFPLAY_CONFIGS configurations ab(depth=2,vary=c) (174 unless set, c from 1001 on: configurations no
# gate row plays), GAMES games (30,000 unless set: 2 a pairing, as many as the fit on random openings had),
# labelled by a depth-LABELS search with the general weights (8 unless set, as boards/5x5_chain_patterns_d8),
# fitted as boards/5x5_chain_patterns_d8_tables was (the tables alone, penalty 100, entries seen fewer than
# 20 times held at 0). CONFIGS (100 unless set) makes the population rows smaller. PLAYER_DEPTHS (such as
# "1 2 3 4") changes one factor, the self-play's depths: configuration c searches to the depths in turn
# (c = 1001 the first, 1002 the second, ...), so the round robin plays every pairing of them; its files go
# to results/boards/5x5_chain_patterns_dL_empty_depths1234/ (the depths joined) and its candidate is
# empty_placement_dL_depths1234.
#
# 1. The positions and the fit, in results/boards/5x5_chain_patterns_dL_empty/ (or OUT/...).
# 2. The fit's placement tables alone (stages 0 and 1, the general linear weights) against the general
#    weights from the empty board at depths 1 to 4, configurations 1 to 100, seed 7, in stages/: the rows
#    on which the placement tables of the fit on random openings lost (population_d2_0_1.json of
#    5x5_chain_patterns_d8_tables/stages/, whose other depths are played here too, in ../stages/).
# 3. With CANDIDATE=1: these placement tables joined to the movement tables of the depth-10 fit
#    (5x5_chain_patterns_d10_tables/one_factor/movement_tables.txt, the candidate of the last stop), gated
#    by boards.sh as a variant of that fit (variants/empty_placement_dL/) on seed GATE_SEED and
#    configurations CONFIGS_FROM on (13 and 201, neither seen before), with depths 6 and 8 in its deeper/
#    (NO_TIME=1: no 100 ms row).
# 4. With REPLAY=1 (and CANDIDATE=1): the candidate's fixed-depth rows again on another seed and other
#    configurations, and every row pooled over both plays.
# Every step resumes; boards_report.py prints the gate tables.
set -euo pipefail
source "$(dirname "$0")/../common.sh"  # seega, here, and the results folder $out, entered
source "$here/rows.sh"  # fixed_rows and population_rows
cp -f "$here/weights/before.txt" .
labels=${LABELS:-8}
depths=(${PLAYER_DEPTHS:-2})
suffix=
[ "${PLAYER_DEPTHS:-2}" = 2 ] || suffix=_depths$(printf '%s' "${depths[@]}")
dir=boards/5x5_chain_patterns_d${labels}_empty$suffix
mkdir -p "$dir"
cd "$dir"

before=../../before.txt
echo "== 5x5 chain: positions from the empty board" >&2
players=()
for ((c = 1001; c < 1001 + ${SELFPLAY_CONFIGS:-174}; ++c)); do
  players+=("ab(depth=${depths[$(((c - 1001) % ${#depths[@]}))]},vary=$c,weights=$before)")
done
[ -s fit.json ] || "$seega" gen-data --rules chain --players "${players[@]}" --games "${GAMES:-30000}" \
  --opening-turns 0 --label search --search-depth "$labels" --search-weights "$before" --seed 101 \
  --out positions.csv $(resume_of positions.csv) --quiet
echo "== 5x5 chain: fit" >&2
[ -s fit.json ] || { "$seega" tune --data positions.csv --weights "$before" --label search --patterns \
  --pattern-l2 100 --min-count 20 --hold all --out fit.txt --json >fit.json.part && mv fit.json.part fit.json; }

# placement_rows FIT: FIT's placement tables alone against the general weights from the empty board at
# depths 1 to 4 (population.py, configurations 1 to 100, seed 7), in the current folder (a fit's stages/).
placement_rows() {
  /usr/bin/python3 "$here/pattern_stages.py" --stages 0,1 "$1" >tables_0_1.txt
  for d in 1 2 3 4; do
    [ -s "population_d${d}_0_1.json" ] || SEEGA="$seega" /usr/bin/python3 "$here/population.py" --rules chain \
      --candidate tables_0_1.txt --baseline ../../../before.txt --depth "$d" --configs "${CONFIGS:-100}" \
      --first-config 1 --seed 7 --out-dir "population_d${d}_0_1" --json >"population_d${d}_0_1.json"
  done
}
echo "== 5x5 chain: the placement tables alone" >&2
mkdir -p stages ../5x5_chain_patterns_d8_tables/stages
(cd stages && placement_rows ../fit.txt)
(cd ../5x5_chain_patterns_d8_tables/stages && placement_rows ../fit.txt)

[ "${CANDIDATE:-0}" = 1 ] || exit 0
echo "== 5x5 chain: candidate, these placement tables and the depth-10 movement tables" >&2
tables=../5x5_chain_patterns_d10_tables
if [ ! -s "$tables/one_factor/movement_tables.txt" ]; then
  echo "placement.sh: no $tables/one_factor/movement_tables.txt (pattern_stages.py --stages 2,3,4 makes it from that folder's fit.txt)" >&2
  exit 2
fi
name=empty_placement_d$labels$suffix
/usr/bin/python3 "$here/pattern_stages.py" --stages 0,1 --rest "$tables/one_factor/movement_tables.txt" \
  "../${dir#boards/}/fit.txt" >"$tables/one_factor/$name.txt"
# boards.sh gates it as a variant of that fit, in its variants/$name/.
cd "$here"
SEEGA="$seega" PATTERNS=1 LABELS=10 PATTERN_HOLD=all NO_TIME=${NO_TIME:-} BOARDS=5x5_chain VARIANTS=$name \
  VARIANT_SEED="${GATE_SEED:-13}" CONFIGS_FROM="${CONFIGS_FROM:-201}" bash boards.sh
cd "$out/boards/5x5_chain_patterns_d10_tables/variants/$name"
# gate_in DIR DEPTHS SEED: the candidate against the general weights at DEPTHS (2 random opening turns, seed
# SEED) in DIR/gate.json, its games in DIR/rows/ (resumed); played only while DIR/gate.json is missing.
gate_in() {
  mkdir -p "$1"
  (cd "$1" && fixed_rows "../../../one_factor/$name.txt" ../../../../../before.txt chain "$2" "$3")
}
gate_in deeper 6,8 "${GATE_SEED:-13}"
# 4. With REPLAY=1: the candidate's fixed-depth rows again, decided before they were played, on seed
# REPLAY_SEED (17 unless set; in seed17/) and the empty board's on configurations REPLAY_CONFIGS on (301
# unless set; in configs_301/), as boards.sh's REPLAY_SEEDS and REPLAY_CONFIGS play a board's candidate;
# pooled.py pools each row over both plays (README).
[ "${REPLAY:-0}" = 1 ] || exit 0
seed=${REPLAY_SEED:-17} first=${REPLAY_CONFIGS:-301}
gate_in "seed$seed" 1,2,3,4 "$seed"
mkdir -p "configs_$first"
(cd "configs_$first" && population_rows "../../../one_factor/$name.txt" ../../../../../before.txt chain 1,2,3,4 "$seed" \
  "$first")
/usr/bin/python3 "$here/pooled.py" --gate gate.json --gate "seed$seed/gate.json" --populations . \
  --populations "configs_$first"

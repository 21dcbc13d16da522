#!/usr/bin/env bash
# A fit for every board (issue 34): the pipeline that made 5x5 standard's weights (run.sh), run on each
# other board's own games. For each board: positions from ab self-play on that board with the general
# weights, labelled by a search; the search fit of all thirteen features from the general weights,
# rounded to whole numbers; and that board's own gate against the general weights (the board's built-in
# weights today). A board's fit becomes its built-in weights only where its gate says adopt.
#
# Every step resumes (gen-data and the gate's rows continue their files, a fit whose JSON exists is not
# made again), so the script can be stopped and started. Outputs go to results/boards/BOARD/ (or
# OUT/boards/BOARD/). BOARDS (names below, separated by spaces) picks the boards; GATE_GAMES sets the
# games of every gate row; VARIANTS names variants of the fit made by one_factor.sh (its VARIANT.txt), each
# gated in variants/VARIANT/ on the seed VARIANT_SEED (11: not the seed 7 whose rows chose it; the rows from
# the empty board are the same on any seed, since no seed changes their games: configurations 1 to 100 from
# the empty board at a fixed depth); VARIANT_REPLAY_SEEDS and VARIANT_REPLAY_CONFIGS play a variant's rows
# again as REPLAY_SEEDS and REPLAY_CONFIGS play the candidate's (below); boards_report.py prints the tables.
#
# DEEP=1 changes one factor, the labels: the same games (the same seed), labelled by the deeper search of
# the table's last columns, in boards/BOARD_dL/, gated at those columns' depths (depth 1 added: level 1
# searches one ply). LABELS=L does the same with labels of depth L (LABELS=3 on a 7x7 board: the first
# run's labels, gated again by today's build). NO_TIME=1 leaves out the equal-time rows, so that the
# fixed-depth rows can run on a busy machine and the clock rows later on an idle one; TIME1500=1 adds the
# game's own 1.5 s a move (time1500.json, TIME1500_GAMES games, 20 unless set) for a fit (or variant) whose
# every other row passes.
#
# SPSA=1 makes the candidate another way, on game results and not on positions: seega spsa from the
# general weights, its players ab(depth=D) for every D the gate plays (the DEEP gate's depths, 1 to 4 on
# 5x5), in turn, so that the weights are tuned for all of those depths and not for one;
# SPSA_ITERATIONS iterations (2000 unless set) of 8 game pairs, r_end SPSA_R_END (0.02), seed 22; in
# boards/BOARD_spsa/, gated as DEEP's fits are. A second run from the first's weights: SPSA_NAME (the
# folder boards/BOARD_NAME/), SPSA_START (its start weights, a path from that folder), SPSA_DEPTHS (the
# players' depths in turn, e.g. "1 2 3 4 3 4" to give depths 3 and 4 a third of the games each), and
# GATE_SEED (7 unless set: a candidate chosen after seeing seed 7's rows is gated on another). No seed
# changes the rows from the empty board, so such a candidate plays other configurations there: CONFIGS_FROM
# (1 unless set; 101 plays configurations 101 to 200). SPSA_VARY=1 plays the SPSA games as the empty-board
# rows are played: from the empty board, each game pair a configuration of its own (--vary
# --opening-turns 0), not from 2 random opening turns.
#
# PATTERNS=1 fits a pattern evaluation (seega tune --patterns: tables and the linear weights together, as
# 5x5 standard's built-in weights were made, experiments/pattern_eval) to DEEP's labels, on PATTERN_GAMES
# games (three times the linear fit's unless set: the tables have far more entries to fill), penalty
# PATTERN_L2 (100, 5x5 standard's), in boards/BOARD_patterns_dL/. The linear fit of the same positions
# (fit_linear.txt) is made beside it, so the two fits' held-out losses compare on the same labels. The
# candidate is the fit as written (its tables cannot be rounded), gated as DEEP's fits are. Another
# PATTERN_L2 changes one factor, the penalty, and PATTERN_HOLD another, the linear weights held at the
# general ones (seega tune --hold: all, or names such as centre_entry,edge): the same positions (read from
# boards/BOARD_patterns_dL/, which must hold them) fitted in boards/BOARD_patterns_dL_lPENALTY/,
# boards/BOARD_patterns_dL_tables/ (all held: the tables alone) or boards/BOARD_patterns_dL_hold_NAMES/.
#
# VS_BUILTIN=1 plays the candidate's rows against the board's built-in weights too, in vs_builtin/.
#
# REPLAY_SEEDS (seeds separated by spaces) plays the gate's rows with random openings again on each seed, in
# boards/BOARD.../seedS/, and REPLAY_CONFIGS (first configurations, such as "101 201") the rows from the
# empty board on 100 other configurations each, in configs_C/; boards_report.py pools every play of a row
# (pooled.py), as a row decided by one seed's games can be a coin's throw.
set -euo pipefail
source "$(dirname "$0")/../common.sh"  # seega, here, and the results folder $out, entered
source "$here/rows.sh"  # fixed_rows, population_rows and gate_rows
cp -f "$here/weights/before.txt" .

# board NAME RULES GAMES PLAYER_DEPTH LABEL_DEPTH GATE_DEPTHS TIME_GAMES DEEP_LABEL_DEPTH DEEP_GATE_DEPTHS
# Larger boards are slower: 7x7 and 9x9 play fewer games, at lower depths, and label with a shallower search.
board() {
  local name=$1 rules=$2 games=$3 player_depth=$4 label_depth=$5 depths=$6 time_games=$7
  case " ${BOARDS:-$name} " in *" $name "*) ;; *) return 0 ;; esac
  local dir=boards/$name data=positions.csv
  if [ -n "${SPSA:-}" ]; then
    depths=$9 dir=boards/${name}_${SPSA_NAME:-spsa}
  elif [ -n "${PATTERNS:-}" ]; then
    games=${PATTERN_GAMES:-$((3 * games))} label_depth=${LABELS:-$8} depths=$9
    local positions_dir=${name}_patterns_d$label_depth  # the folder that holds the positions
    dir=boards/$positions_dir
    if [ "${PATTERN_L2:-100}" != 100 ] || [ -n "${PATTERN_HOLD:-}" ]; then
      data=../$positions_dir/positions.csv
      [ "${PATTERN_L2:-100}" = 100 ] || dir=${dir}_l$PATTERN_L2
      case ${PATTERN_HOLD:-} in "") ;; all) dir=${dir}_tables ;; *) dir=${dir}_hold_${PATTERN_HOLD//,/_} ;; esac
      if [ ! -s "$dir/fit.json" ] && [ ! -s "boards/$positions_dir/positions.csv" ]; then
        echo "boards.sh: ${dir#boards/} fits the positions of boards/$positions_dir/, which has none yet (PATTERNS=1 alone makes them)" >&2
        exit 2
      fi
    fi
  elif [ -n "${DEEP:-}${LABELS:-}" ]; then
    label_depth=${LABELS:-$8} depths=$9 dir=boards/${name}_d${LABELS:-$8}
  fi
  mkdir -p "$dir"
  (
    cd "$dir"
    if [ -n "${SPSA:-}" ]; then
      echo "== $name ($rules): spsa at depths ${SPSA_DEPTHS:-$depths}" >&2
      local players=()
      for d in ${SPSA_DEPTHS:-${depths//,/ }}; do players+=(--player "ab(depth=$d)"); done
      local setting=(--opening-turns 2)
      [ -z "${SPSA_VARY:-}" ] || setting=(--opening-turns 0 --vary)
      [ -s spsa.json ] || "$seega" spsa --rules "$rules" "${players[@]}" --weights "${SPSA_START:-../../before.txt}" \
        "${setting[@]}" --c-end 5 --r-end "${SPSA_R_END:-0.02}" --iterations "${SPSA_ITERATIONS:-2000}" --pairs 8 \
        --seed 22 --trajectory spsa.csv \
        $(resume_of spsa.csv) --out fit.txt --quiet --json >spsa.json.part
      [ -s spsa.json ] || mv spsa.json.part spsa.json
    else
      echo "== $name ($rules): positions" >&2
      # Not committed; played only while the fit is missing.
      [ -s fit.json ] || [ "$data" != positions.csv ] || "$seega" gen-data --rules "$rules" --players "ab(depth=$player_depth,weights=../../before.txt)" \
        --games "$games" --label search --search-depth "$label_depth" --search-weights ../../before.txt \
        --opening-turns 2 --seed 101 --out positions.csv $(resume_of positions.csv) --quiet
      echo "== $name: fit" >&2
      # fit_to NAME [OPTION...]: seega tune on the positions from the general weights, to NAME.txt and
      # NAME.json; made only while NAME.json is missing.
      fit_to() {
        local to=$1; shift
        [ -s "$to.json" ] || { "$seega" tune --data "$data" --weights ../../before.txt --label search "$@" \
          --out "$to.txt" --json >"$to.json.part" && mv "$to.json.part" "$to.json"; }
      }
      if [ -n "${PATTERNS:-}" ]; then
        # The linear fit once, beside the positions.
        [ "$data" != positions.csv ] || fit_to fit_linear
        fit_to fit --patterns --pattern-l2 "${PATTERN_L2:-100}" --min-count 20 ${PATTERN_HOLD:+--hold "$PATTERN_HOLD"}
      else
        fit_to fit
      fi
    fi
    if [ -n "${PATTERNS:-}" ]; then
      # Tables cannot be rounded: the candidate is the fit as written (a link, not a second copy).
      ln -sf fit.txt candidate.txt
    else
      # The candidate: the fit, every weight rounded to a whole number (as 5x5 standard's was).
      awk '/^#/ || NF < 2 { print; next } { v = $2 + 0; printf "%s %d\n", $1, (v < 0 ? -int(-v + 0.5) : int(v + 0.5)) }' \
        fit.txt >candidate.txt
    fi
    echo "== $name: gate" >&2
    gate_rows candidate.txt ../../before.txt "$rules" "$depths" "$time_games" "${GATE_SEED:-7}"
    # The variants named in VARIANTS: every row again, on a seed other than the one that chose them.
    for v in ${VARIANTS:-}; do
      if [ ! -s "one_factor/$v.txt" ]; then
        echo "boards.sh: $name has no variant one_factor/$v.txt (one_factor.sh makes it)" >&2
        exit 2
      fi
      echo "== $name: variant $v" >&2
      mkdir -p "variants/$v"
      # VARIANT_REPLAY_SEEDS and VARIANT_REPLAY_CONFIGS: the variant's fixed-depth rows again, as REPLAY_SEEDS
      # and REPLAY_CONFIGS play the candidate's (below), in variants/VARIANT/seedS/ and configs_C/; before its
      # clock rows, since the 1.5 s row asks whether the rows pooled with these pass (boards_report.py --passes).
      for s in ${VARIANT_REPLAY_SEEDS:-}; do
        mkdir -p "variants/$v/seed$s"
        (cd "variants/$v/seed$s" && fixed_rows "../../../one_factor/$v.txt" ../../../../../before.txt "$rules" "$depths" "$s")
      done
      for c in ${VARIANT_REPLAY_CONFIGS:-}; do
        mkdir -p "variants/$v/configs_$c"
        (cd "variants/$v/configs_$c" && population_rows "../../../one_factor/$v.txt" ../../../../../before.txt "$rules" \
          "$depths" "${VARIANT_SEED:-11}" "$c")
      done
      (cd "variants/$v" && gate_rows "../../one_factor/$v.txt" ../../../../before.txt "$rules" "$depths" "$time_games" \
        "${VARIANT_SEED:-11}")
    done
    # VS_BUILTIN=1: the candidate against the board's built-in weights of the build that plays (seega eval
    # --print-weights, kept in vs_builtin/builtin.txt), every row, in vs_builtin/. On a board whose built-in
    # weights are no longer the general ones, this is the gate that would adopt the candidate.
    if [ -n "${VS_BUILTIN:-}" ]; then
      echo "== $name: against the built-in weights" >&2
      mkdir -p vs_builtin
      [ -s vs_builtin/builtin.txt ] || "$seega" eval --print-weights --rules "$rules" >vs_builtin/builtin.txt
      (cd vs_builtin && gate_rows ../candidate.txt builtin.txt "$rules" "$depths" "$time_games" "${GATE_SEED:-7}")
    fi
    # Replays of the fixed-depth rows, which boards_report.py pools with the gate's (pooled.py): the rows
    # with random openings again on each seed of REPLAY_SEEDS (in seedS/), and the rows from the empty
    # board on the 100 configurations from each first configuration of REPLAY_CONFIGS (in configs_C/).
    for s in ${REPLAY_SEEDS:-}; do
      mkdir -p "seed$s"
      (cd "seed$s" && fixed_rows ../candidate.txt ../../../before.txt "$rules" "$depths" "$s")
    done
    for c in ${REPLAY_CONFIGS:-}; do
      mkdir -p "configs_$c"
      (cd "configs_$c" && population_rows ../candidate.txt ../../../before.txt "$rules" "$depths" "${GATE_SEED:-7}" "$c")
    done
  )
}

board 5x5_diagonal diagonal 10000 2 4 2,3,4 200 8 1,2,3,4
board 5x5_chain chain 10000 2 4 2,3,4 200 8 1,2,3,4
board 7x7_standard 'standard(size=7)' 1000 2 3 2,3 100 5 1,2,3
board 7x7_diagonal 'diagonal(size=7)' 1000 2 3 2,3 100 5 1,2,3
board 7x7_chain 'chain(size=7)' 1000 2 3 2,3 100 5 1,2,3
board 9x9_standard 'standard(size=9)' 1000 1 2 1,2 60 4 1,2
board 9x9_diagonal 'diagonal(size=9)' 1000 1 2 1,2 60 4 1,2
board 9x9_chain 'chain(size=9)' 1000 1 2 1,2 60 4 1,2

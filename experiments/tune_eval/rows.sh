# Sourced by tune_eval's scripts after ../common.sh: the rows of a gate, each played in the current folder
# and only while its summary is missing (a row cut short resumes from its games).

# fixed_rows CANDIDATE BASELINE RULES GATE_DEPTHS SEED: the gate's rows with random opening turns at fixed
# depths (gate.json), in the current folder.
fixed_rows() {
  local candidate=$1 baseline=$2 rules=$3 depths=$4 seed=$5
  [ ! -s gate.json ] || return 0
  local resume=(); [ -d rows ] && resume=(--resume)
  "$seega" gate --candidate "$candidate" --baseline "$baseline" --rules "$rules" --depths "$depths" \
    --levels none --games "${GATE_GAMES:-400}" --seed "$seed" --out-dir rows "${resume[@]}" --quiet --json \
    >gate.json.part
  mv gate.json.part gate.json
}

# population_rows CANDIDATE BASELINE RULES GATE_DEPTHS SEED FIRST_CONFIG: the setting the last-placer
# study plays: from the empty board, a population of 100 perturbed configurations from FIRST_CONFIG on
# (population.py), at every depth of the gate (population_dD.json), in the current folder.
population_rows() {
  local candidate=$1 baseline=$2 rules=$3 depths=$4 seed=$5 first=$6
  for d in ${depths//,/ }; do
    [ -s "population_d$d.json" ] || SEEGA="$seega" /usr/bin/python3 "$here/population.py" --rules "$rules" \
      --candidate "$candidate" --baseline "$baseline" --depth "$d" --configs "${CONFIGS:-100}" \
      --first-config "$first" --seed "$seed" --out-dir "population_d$d" --json >"population_d$d.json"
  done
}

# gate_rows CANDIDATE BASELINE RULES GATE_DEPTHS TIME_GAMES SEED: every gate row of CANDIDATE against
# BASELINE, in the current folder.
gate_rows() {
  local candidate=$1 baseline=$2 rules=$3 depths=$4 time_games=$5 seed=$6
  fixed_rows "$candidate" "$baseline" "$rules" "$depths" "$seed"
  population_rows "$candidate" "$baseline" "$rules" "$depths" "$seed" "${CONFIGS_FROM:-1}"
  # Equal time: ab(time=100) on both sides, 2 random opening turns. A clock makes the games depend on the
  # machine's speed and load, so this row is not reproducible from its seed (run.sh's gates are).
  [ -n "${NO_TIME:-}" ] && return 0
  match_row time100 --rules "$rules" --a "ab(time=100,weights=$candidate)" --b "ab(time=100,weights=$baseline)" \
    --games "$time_games" --opening-turns 2 --seed "$seed"
  [ -n "${TIME1500:-}" ] || return 0
  # The game's own 1.5 s a move costs the most, so only a fit that passed every other row plays it.
  if [ ! -s time1500.json ] && ! /usr/bin/python3 "$here/boards_report.py" --passes .; then
    echo "boards.sh: no 1.5 s row in $PWD: a row before it does not pass" >&2
    return 0
  fi
  match_row time1500 --rules "$rules" --a "ab(time=1500,weights=$candidate)" --b "ab(time=1500,weights=$baseline)" \
    --games "${TIME1500_GAMES:-20}" --opening-turns 2 --seed "$seed"
}

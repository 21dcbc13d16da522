#!/usr/bin/env bash
# Small results for the notebooks, made in seconds by the built binaries and the experiments' own
# drivers and report scripts with small parameters, in DIR laid out like the repository
# (DIR/experiments/<study>/results/, DIR/bench/results/), which SEEGA_DATA=DIR points the notebooks at.
# CI runs every notebook on it (make notebooks-ci); the committed notebooks show the real runs.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -eq 1 ] || { echo "usage: notebook_data.sh DIR" >&2; exit 2; }
bin=$root/build/release/bin
for b in seega seega_bench; do
  [ -x "$bin/$b" ] || { echo "notebook_data.sh: $bin/$b is not built; run 'make build' first" >&2; exit 2; }
done
mkdir -p "$1"
out=$(cd "$1" && pwd)
# Made anew every time: the drivers resume from what they find, and old data would not be this run's.
rm -rf "$out/experiments" "$out/bench"
mkdir -p "$out/experiments" "$out/bench/results"
export SEEGA=$bin/seega
py=/usr/bin/python3

step() {  # step <name> <command...>: runs it with its output in DIR/<name>.log, and says how long it took
  local name=$1 start=$SECONDS
  shift
  "$@" >"$out/$name.log" 2>&1 || { echo "notebook_data.sh: $name failed:" >&2; tail -20 "$out/$name.log" >&2; exit 1; }
  echo "notebook data: $name in $((SECONDS - start)) s"
}

# The last-placer study: a row or two of every group and ruleset, 40 games each.
cat >"$out/last_placer_rows.csv" <<'EOF'
group,rules,player,opening_turns,games
openings,standard,"level(1,deterministic)",0,40
openings,standard,"level(1,deterministic)",2,40
openings,standard,"level(2,deterministic)",0,40
openings,standard,"level(2,deterministic)",2,40
random_placement,standard,"ab(depth=1,placement=random)",0,40
random_placement,standard,"ab(depth=2,placement=random)",0,40
random_placement,standard,"level(2,deterministic,placement=random)",0,40
searched_placement,standard,ab(depth=1),2,40
searched_placement,standard,ab(depth=2),2,40
first_mover,standard(first_mover=first),"ab(depth=2,placement=random)",0,40
rulesets,diagonal,ab(depth=1),2,40
rulesets,diagonal,"ab(depth=1,placement=random)",0,40
rulesets,chain,"level(1,deterministic)",2,40
EOF
step last_placer $py "$root/experiments/last_placer/run.py" --seega "$SEEGA" --rows "$out/last_placer_rows.csv" \
  --out "$out/experiments/last_placer/results/last_placer.csv"
# Populations of perturbed configurations from the empty board (three of two movers: the fewest from which
# meta.py fits the score against the rating), and the strength ladder (2 games a pairing).
printf 'group,rules,player,b,opening_turns,games,configs\npopulation,standard,"ab(depth=2,vary={vary},jitter=3)",,0,2,20
population,standard,"ab(depth=2,vary={vary})",,0,2,20\npopulation,standard,"ab(depth=3,vary={vary})",,0,2,20\n' \
  >"$out/last_placer_population.csv"
step last_placer_population $py "$root/experiments/last_placer/run.py" --seega "$SEEGA" \
  --rows "$out/last_placer_population.csv" --out "$out/experiments/last_placer/results/last_placer.csv"
step last_placer_strength env PER_PAIR=2 bash "$root/experiments/last_placer/strength.sh" "$SEEGA" \
  "$out/experiments/last_placer/results"

# The levels: a ladder of three levels, their clocks, five runs of each of four proxies.
step levels env OUT="$out/experiments/levels/results" LEVELS=3 PER_PAIR=4 CLOCK_GAMES=2 RUNS=5 \
  PROXIES="random greedy ab(depth=2) mcts(playouts=300)" bash "$root/experiments/levels/run.sh"

# Tuning: 2,000 positions, every fit, 3 SPSA iterations, and gates of 20 games a row (10 for the others).
# No equal-time rows: a clock would make the data depend on the machine.
step tune_eval env OUT="$out/experiments/tune_eval/results" GAMES=200 SPSA_ITERATIONS=3 GATE_GAMES=20 \
  SMALL_GATE_GAMES=10 ALL_GAMES=10 ALL_RULES="diagonal chain" NINE_RULES="standard(size=9)" TIME_GAMES=0 \
  TIME1500_GAMES=0 bash "$root/experiments/tune_eval/run.sh"

# The pattern evaluation: a table fit on 600 positions (its learned tables are drawn; no gate).
pattern_eval() {
  local d="$out/experiments/pattern_eval/results"
  mkdir -p "$d"
  "$SEEGA" gen-data --players 'ab(depth=1)' --games 60 --label search --search-depth 2 --opening-turns 2 --seed 5 \
    --out "$d/positions.csv" --quiet &&
    "$SEEGA" tune --data "$d/positions.csv" --patterns --label search --pattern-l2 10 --min-count 3 \
      --out "$d/fit_l10.txt" --json >"$d/fit_l10.json"
}
step pattern_eval pattern_eval

# Throughput: one short run at each thread count.
step throughput $py "$root/experiments/throughput/run.py" --seega "$SEEGA" --player 'ab(depth=2)' \
  --threads 1 2 --games 40 --repeats 1 --out "$out/experiments/throughput/results/throughput.csv"

# Benchmarks: every benchmark once, briefly; the committed baseline if there is one, else this run stands
# in for it (every ratio 1), so the comparison cells still run.
step bench "$bin/seega_bench" --benchmark_min_time=0.01 --benchmark_out="$out/bench/results/latest.json" \
  --benchmark_out_format=json
if [ -s "$root/bench/results/baseline.json" ]; then
  cp "$root/bench/results/baseline.json" "$out/bench/results/baseline.json"
else
  cp "$out/bench/results/latest.json" "$out/bench/results/baseline.json"
fi
echo "notebook data: in $out"

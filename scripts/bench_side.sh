#!/usr/bin/env bash
# The hot path's benchmarks of two commits side by side, on one machine at one time: builds seega_bench
# of commit BASE (git archive into build/bench-side/src, its release preset, through the same compiler
# cache), then runs it and this checkout's build/release/bin/seega_bench in turns, ROUNDS times
# (5 by default) each, so that load that comes and goes falls on both. Each benchmark's time is its median
# over the rounds; bench/compare.py prints both figures and the ratio, and flags "SLOWER" a benchmark more
# than 10% slower than at BASE. The figures are a prompt to look, not a verdict: the exit code is 0
# whatever they say (2 when a build or a run fails).
#
#   scripts/bench_side.sh BASE [ROUNDS]        e.g. scripts/bench_side.sh "$(cat .ci/landed)"
#
# The hot path: move generation, perft, evaluation, search and random self-play (the match benchmarks
# run threads, whose timing is the machine's more than the code's).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
base=${1:?usage: scripts/bench_side.sh BASE [ROUNDS]}
rounds=${2:-5}
filter='BM_(Generate|Perft|Evaluate|Search|RandomGames)'
side=$root/build/bench-side
head_bench=$root/build/release/bin/seega_bench
[ -x "$head_bench" ] || { echo "bench_side: no $head_bench: build the release preset first" >&2; exit 2; }
commit=$(git -C "$root" rev-parse --verify "$base^{commit}" 2>/dev/null) ||
  { echo "bench_side: $base is not a commit of this clone" >&2; exit 2; }

rm -rf "$side/src" && mkdir -p "$side/src" "$side/runs"
git -C "$root" archive "$commit" | tar -x -C "$side/src"
started=$(date +%s)
# BASE's own release preset, built in its tree's build/release: the compiler's flags and the paths relative
# to the tree are this checkout's, so the compiler cache serves every file BASE shares with a build of
# the release preset it has seen (CI's of BASE, or this checkout's).
if ! { (cd "$side/src" && cmake --preset release) &&
  cmake --build "$side/src/build/release" --target seega_bench -j "${JOBS:-2}"; } >"$side/build.log" 2>&1; then
  tail -20 "$side/build.log" >&2
  echo "bench_side: building seega_bench at ${commit:0:12} failed (log $side/build.log)" >&2
  exit 2
fi
echo "bench_side: seega_bench at ${commit:0:12} built in $(($(date +%s) - started)) s"

rm -f "$side"/runs/*.json
for r in $(seq "$rounds"); do
  for who in base head; do
    bin=$head_bench
    [ $who = base ] && bin=$side/src/build/release/bin/seega_bench
    "$bin" --benchmark_filter="$filter" --benchmark_min_time=0.1 --benchmark_out="$side/runs/$who.$r.json" \
      --benchmark_out_format=json >/dev/null 2>"$side/runs/$who.$r.err" ||
      { cat "$side/runs/$who.$r.err" >&2; echo "bench_side: the $who benchmarks failed" >&2; exit 2; }
  done
done
# Every round's rows in one file a side: compare.py takes a benchmark's median over them.
for who in base head; do
  /usr/bin/python3 - "$side/runs/$who.json" "$side"/runs/$who.[0-9]*.json <<'PY'
import json, sys
out, rows = sys.argv[1], []
for path in sys.argv[2:]:
    rows += [b for b in json.load(open(path))["benchmarks"] if b.get("run_type", "iteration") == "iteration"]
json.dump({"benchmarks": rows}, open(out, "w"))
PY
done
echo "bench_side: ${commit:0:12} (baseline) against this checkout, $rounds rounds in turns, medians:"
/usr/bin/python3 "$root/bench/compare.py" --baseline "$side/runs/base.json" --latest "$side/runs/head.json"

#!/usr/bin/env bash
# Runs each libFuzzer target of build/fuzz (preset fuzz) for SECONDS seconds, one after the other,
# starting from its seed corpus tests/fuzz/<target>/. New inputs go to build/fuzz/corpus/<target>/ and
# crashing inputs to build/fuzz/findings/<target>/, never into the committed corpus: a finding becomes a
# regression test when it is fixed and its input copied into tests/fuzz/<target>/ by hand.
# Exits 1 when any target found something. Usage: scripts/fuzz.sh [SECONDS] (default 30).
set -uo pipefail
seconds=${1:-30}
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build/fuzz
failed=()
for dir in "$root"/tests/fuzz/*/; do
  name=$(basename "$dir")
  bin=$build/bin/fuzz_$name
  [ -x "$bin" ] || { echo "fuzz: no binary for tests/fuzz/$name (expected $bin)" >&2; failed+=("$name"); continue; }
  mkdir -p "$build/corpus/$name" "$build/findings/$name" "$build/logs"
  log=$build/logs/$name.log
  # Inputs up to 4 KiB hold a results file of a few games; a single input over 10 s is a finding (a hang).
  "$bin" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$build/findings/$name/" "$build/corpus/$name" "$dir" >"$log" 2>&1
  rc=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
  if [ $rc -eq 0 ]; then
    echo "fuzz: $name: ${runs:-?} inputs in ${seconds}s, nothing found"
  else
    echo "fuzz: $name: FOUND something (exit $rc); inputs in build/fuzz/findings/$name/, log $log:" >&2
    grep -A12 -m1 -E 'fuzz target|ERROR: |runtime error|deadly signal|ALARM' "$log" >&2 || tail -20 "$log" >&2
    failed+=("$name")
  fi
done
if [ ${#failed[@]} -ne 0 ]; then
  echo "fuzz: findings or errors in: ${failed[*]}" >&2
  exit 1
fi

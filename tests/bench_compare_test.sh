#!/usr/bin/env bash
# bench/compare.py on two hand-made Google Benchmark files (tests/data/bench_compare_*.json): the speed
# ratios, the flag beyond a 10% drop and none within it, time units, repetitions read by their median,
# real time where the benchmark reports it, benchmarks in one file only, an error row, --fail-below and
# --json; and one error line with exit 2 for a missing, corrupt or foreign file or a bad ratio.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
source "$(dirname "$0")/cli_lib.sh"
compare=$here/bench/compare.py
data=$here/tests/data

out=$("$py" "$compare" --baseline "$data/bench_compare_baseline.json" --latest "$data/bench_compare_latest.json" 2>&1)
code=$?
if [ "$code" -eq 0 ]; then pass; else fail "a slower benchmark made compare.py exit $code: $out"; fi

# has <description> <regex>: a line of the comparison matches.
has() { if grep -Eq "$2" <<<"$out"; then pass; else fail "$1: no line matches '$2' in:"$'\n'"$out"; fi; }
has "5% slower is not flagged" '^BM_Same +100 ns +105 ns +0\.95$'
has "20% slower is flagged" '^BM_Slower +10 ms +12\.5 ms +0\.80  SLOWER by 20%$'
has "10% slower to the microsecond is not flagged" '^BM_JustInside +100 us +111 us +0\.90$'
has "just past 10% is flagged" '^BM_JustOutside +100 us +112 us +0\.89  SLOWER by 11%$'
has "microseconds against milliseconds" '^BM_Faster +500 us +400 us +1\.25$'
has "a real-time benchmark on its real time" '^BM_Match/1/real_time +2 ms +2\.5 ms +0\.80  SLOWER by 20%$'
has "repetitions by their median (aggregate rows, or the repetitions)" '^BM_Reps +20 ns +20 ns +1\.00$'
has "an error row says so" '^BM_Broken +1 ms +- +error: copy-make and do/undo walked different trees$'
has "a new benchmark" '^BM_New +- +1 ms +new \(not in the baseline\)$'
has "a benchmark no longer run, counted on one line" '^1 benchmark of the baseline not run \(a filtered run\?\): BM_Gone$'
has "the closing line counts" '^7 benchmarks compared with the baseline, 3 more than 10% slower'
if [ "$(grep -c '' <<<"$out")" -eq 12 ]; then pass; else fail "expected a header, 10 rows and a closing line: $out"; fi

out=$("$py" "$compare" --threshold 25 --baseline "$data/bench_compare_baseline.json" \
  --latest "$data/bench_compare_latest.json" 2>&1)
if ! grep -q SLOWER <<<"$out" && grep -q ', 0 more than 25% slower' <<<"$out"; then pass; else
  fail "--threshold 25 still flags a 20% drop: $out"; fi

# --fail-below R: a ratio below R fails (exit 1) and is named; one above it does not.
out=$("$py" "$compare" --fail-below 0.85 --baseline "$data/bench_compare_baseline.json" \
  --latest "$data/bench_compare_latest.json" 2>&1)
code=$?
if [ "$code" -eq 1 ] && grep -q '^BM_Slower .*SLOWER by 20%  FAILED (below 0.85)$' <<<"$out" &&
  grep -q '^BM_JustOutside .*SLOWER by 11%$' <<<"$out" && grep -q '(2 below 0.85: FAILED)$' <<<"$out"; then pass; else
  fail "--fail-below 0.85: exit $code: $out"; fi
if "$py" "$compare" --fail-below 0.75 --baseline "$data/bench_compare_baseline.json" \
  --latest "$data/bench_compare_latest.json" >"$tmp/ok.txt" 2>&1 && grep -q '(none below 0.75)$' "$tmp/ok.txt"; then pass; else
  fail "--fail-below 0.75 failed a run whose slowest ratio is 0.80: $(cat "$tmp/ok.txt")"; fi
# --json: the same comparison, machine-readable.
if "$py" "$compare" --json --fail-below 0.85 --baseline "$data/bench_compare_baseline.json" \
  --latest "$data/bench_compare_latest.json" >"$tmp/c.json" 2>&1; then
  fail "--json --fail-below 0.85 exited 0"; else
  if "$py" -c '
import json, sys
d = json.load(open(sys.argv[1]))
rows = {r["name"]: r for r in d["benchmarks"]}
assert d["compared"] == 7 and d["flagged"] == 3 and sorted(d["failed"]) == ["BM_Match/1/real_time", "BM_Slower"], d
assert d["left_out"] == 1 and d["not_run"] == ["BM_Gone"] and "BM_Gone" not in rows, d
assert abs(rows["BM_Slower"]["ratio"] - 0.8) < 1e-9 and rows["BM_Slower"]["status"] == "failed", rows["BM_Slower"]
assert rows["BM_JustOutside"]["status"] == "slower" and rows["BM_Same"]["status"] == "ok", rows
assert rows["BM_New"]["status"] == "new" and rows["BM_Broken"]["status"] == "error", rows
' "$tmp/c.json"; then pass; else fail "--json: $(cat "$tmp/c.json")"; fi; fi

# refused <description> <fragment> <compare.py args...>: exit 2, one stderr line holding the fragment.
refused() {
  local what=$1 want=$2 out err code lines; shift 2
  out=$("$py" "$compare" "$@" 2>"$tmp/err"); code=$?
  err=$(cat "$tmp/err")
  lines=$(printf '%s' "$err" | grep -c '')
  if [ "$code" -eq 2 ] && [ "$lines" -eq 1 ] && [ -z "$out" ] && [[ "$err" == "compare.py: error: "*"$want"* ]]; then
    pass; else fail "$what: exit $code, stderr ($lines lines): $err; stdout: $out"; fi
}
printf '{"benchmarks": [{"name": "BM_Cut", "cpu_ti' >"$tmp/cut.json"
printf '[1, 2]' >"$tmp/list.json"
printf '{"benchmarks": [{"name": "BM_X", "cpu_time": 1, "time_unit": "min"}]}' >"$tmp/unit.json"
printf '{"benchmarks": [{"name": "BM_X", "time_unit": "ns"}]}' >"$tmp/notime.json"
base=$data/bench_compare_baseline.json
refused "a missing latest file" "cannot read $tmp/none.json" --baseline "$base" --latest "$tmp/none.json"
refused "a missing baseline" "cannot read $tmp/none.json" --baseline "$tmp/none.json" --latest "$base"
refused "a cut file" "$tmp/cut.json is not JSON" --baseline "$base" --latest "$tmp/cut.json"
refused "JSON that is not a benchmark run" 'no "benchmarks" list' --baseline "$tmp/list.json" --latest "$base"
refused "an unknown time unit" 'time unit "min"' --baseline "$base" --latest "$tmp/unit.json"
refused "a row without its time" "has no cpu_time" --baseline "$base" --latest "$tmp/notime.json"
refused "a ratio of 0 to fail below" "--fail-below 0: give a ratio above 0" --fail-below 0 --baseline "$base" --latest "$base"

finish "bench compare"

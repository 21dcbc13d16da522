#!/usr/bin/env bash
# seega run-sim end to end: the summary does not depend on --threads, a resumed simulation equals a
# fresh one, the file holds one replayable line a run, --target-median names a proxy, and bad inputs
# get one line and exit 2.
set -u
seega=$1
source "$(dirname "$0")/cli_lib.sh"

R() { "$seega" run-sim --quiet "$@"; }
base=(--player greedy --max-level 3 --seed 9)

# --- Bad inputs -------------------------------------------------------------------------------------
bad "no player" run-sim --runs 4
bad "a player and --target-median" run-sim --player greedy --target-median 2
bad "unknown player" run-sim --player grredy
bad "max level 0" run-sim --player greedy --max-level 0
bad "max level 31" run-sim --player greedy --max-level 31
bad "no runs" run-sim --player greedy --runs 0
bad "resume without --out" run-sim --player greedy --resume
bad "a target past the last level" run-sim --target-median 4 --max-level 3
bad "--out with --target-median" run-sim --target-median 1 --out "$tmp/t.jsonl"
R "${base[@]}" --runs 6 --out "$tmp/r.jsonl" >/dev/null
bad "an existing --out without --resume" run-sim "${base[@]}" --runs 6 --out "$tmp/r.jsonl"
bad "a file from another simulation" run-sim --player random --max-level 3 --seed 9 --runs 6 --out "$tmp/r.jsonl" --resume
bad "a file from another seed" run-sim --player greedy --max-level 3 --seed 8 --runs 6 --out "$tmp/r.jsonl" --resume
bad_says "a resume with fewer runs than the file holds" "the file holds 6 runs up to run 5, past this run's 3: a resume never cuts a file; ask for 6 runs or more" \
  run-sim "${base[@]}" --runs 3 --out "$tmp/r.jsonl" --resume

# --- Threads, resume, the file -----------------------------------------------------------------------
R "${base[@]}" --runs 40 --threads 1 --json >"$tmp/s1.json"
R "${base[@]}" --runs 40 --threads 2 --json >"$tmp/s2.json"
same_summary "run-sim --threads 1 vs 2" "$tmp/s1.json" "$tmp/s2.json"
R "${base[@]}" --runs 40 --out "$tmp/r.jsonl" --resume --json >"$tmp/s3.json"
same_summary "run-sim resumed from 6 runs vs fresh" "$tmp/s1.json" "$tmp/s3.json"
if "$py" - "$tmp/s1.json" "$tmp/r.jsonl" <<'EOF2'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["runs"] == 40 and sum(j["wins_histogram"]) == 40, j
assert len(j["wins_histogram"]) == 4, j["wins_histogram"]
w = j["wins"]
assert w["mean_ci95"][0] <= w["mean"] <= w["mean_ci95"][1], w
assert w["median_ci95"][0] <= w["median"] <= w["median_ci95"][1], w
assert w["p10"] <= w["p25"] <= w["median"] <= w["p75"] <= w["p90"] <= w["max"], w
lines = open(sys.argv[2]).read().splitlines()
head = json.loads(lines[0])
assert head["kind"] == "run-sim" and head["player"] == "greedy" and head["max_level"] == 3, head
runs = [json.loads(l) for l in lines[1:]]
assert sorted(r["index"] for r in runs) == list(range(40)), "indices"
mean = sum(r["wins"] for r in runs) / 40
assert abs(mean - w["mean"]) < 1e-9, (mean, w["mean"])
for r in runs:
    assert 1 <= len(r["games"]) <= 3 and all(g["moves"] for g in r["games"]), r["index"]
EOF2
then pass; else fail "run-sim JSON or file contents"; fi

# A cut last line (an interrupted write) is dropped with a warning and that run played again.
head -c -9 "$tmp/r.jsonl" >"$tmp/cut.jsonl"
R "${base[@]}" --runs 40 --out "$tmp/cut.jsonl" --resume --json >"$tmp/s4.json" 2>"$tmp/err"
same_summary "run-sim resumed from a cut file vs fresh" "$tmp/s1.json" "$tmp/s4.json"
grep -q "corrupt last line" "$tmp/err" && pass || fail "no warning about the cut line: $(cat "$tmp/err")"

# --- Text form and --target-median -------------------------------------------------------------------
R "${base[@]}" --runs 20 >"$tmp/text"
grep -q '^wins (levels beaten): mean' "$tmp/text" && grep -q 'beat the last level' "$tmp/text" && pass ||
  fail "text summary: $(head -5 "$tmp/text")"
R --target-median 0 --max-level 1 --runs 4 --json >"$tmp/target.json"
if "$py" - "$tmp/target.json" <<'EOF2'
import json, sys
j = json.load(open(sys.argv[1]))
names = [p["player"] for p in j["proxies"]]
assert names[0] == "random" and "ab(depth=1)" in names, names
# A median of 0 wins is reached by the first proxy of the list.
assert j["reached_by"] == names[0], j["reached_by"]
EOF2
then pass; else fail "--target-median JSON"; fi

# --- One run: its values, but no interval (it was "mean 0.00 [0.00, 0.00]") ----------------------------
R --player random --max-level 3 --runs 1 >"$tmp/one.txt"
if grep -q '^wins (levels beaten): mean 0.00 (no interval), median 0.00 (no interval); ' "$tmp/one.txt" &&
  grep -q '^  no interval for the mean or the median: 1 run is too few (at least 10 are needed)$' "$tmp/one.txt" &&
  ! grep -q '\[0\.00, 0\.00\]\|\[0\.0, 0\.0\]' "$tmp/one.txt"; then pass; else
  fail "run-sim --runs 1: $(head -4 "$tmp/one.txt")"; fi
# With intervals, their label follows the median's, not the maximum (which has none).
R --player greedy --max-level 4 --runs 30 >"$tmp/thirty.txt"
if grep -Eq '^wins \(levels beaten\): mean [0-9.]+ \[[0-9., ]+\], median [0-9.]+ \[[0-9., ]+\] \(95% intervals\); p10 [0-9.]+, p25 [0-9.]+, p75 [0-9.]+, p90 [0-9.]+, max [0-9.]+$' "$tmp/thirty.txt"; then
  pass; else fail "the 95% label is not on the intervals: $(head -3 "$tmp/thirty.txt")"; fi
R --player random --max-level 3 --runs 1 --json >"$tmp/one.json"
if "$py" - "$tmp/one.json" <<'EOF2'
import json, sys
j = json.load(open(sys.argv[1]))
for d in (j["wins"], j["score"]):
    for key in ("mean_ci95", "median_ci95"):
        assert d[key] is None and d[key + "_reason"] == "1 run is too few (at least 10 are needed)", d
EOF2
then pass; else fail "run-sim --runs 1 --json: $(head -c 400 "$tmp/one.json")"; fi

finish "cli.run_sim"

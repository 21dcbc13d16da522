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

# A run-sim file's games replay and give positions (numbered in order: run 0's games first).
"$seega" replay --games "$tmp/r.jsonl" --index 0 --json >"$tmp/rep.json"
if "$py" - "$tmp/rep.json" "$tmp/r.jsonl" <<'EOF2'
import json, sys
j = json.load(open(sys.argv[1]))
runs = sorted((json.loads(l) for l in open(sys.argv[2]).read().splitlines()[1:]), key=lambda r: r["index"])
first = runs[0]["games"][0]
assert j["index"] == 0 and [m["move"] for m in j["moves"]] == first["moves"], (j["index"], len(j["moves"]))
# Game 0 of a run: the computer (level 1) places first, as w under the standard rules.
assert j["players"] == {"w": "level(1,deterministic)", "b": "greedy"}, j["players"]
EOF2
then pass; else fail "replay of a run-sim file's game: $(head -c 300 "$tmp/rep.json")"; fi
games=$("$py" -c 'import json,sys; print(sum(len(json.loads(l)["games"]) for l in open(sys.argv[1]).read().splitlines()[1:]))' "$tmp/r.jsonl")
"$seega" replay --games "$tmp/r.jsonl" --index $((games - 1)) >"$tmp/rep.txt" && grep -q '^result: ' "$tmp/rep.txt" && pass ||
  fail "replay of a run-sim file's last game ($((games - 1)))"
bad_says "replay past a run-sim file's games" "no game $games in the file (it holds $games games: 0 to $((games - 1)))" \
  replay --games "$tmp/r.jsonl" --index "$games"
"$seega" gen-data --quiet --from "$tmp/r.jsonl" --positions-per-game 2 --out "$tmp/rs.csv" >/dev/null
rows=$(($(wc -l <"$tmp/rs.csv") - 1))
if [ "$rows" -ge "$games" ] && [ "$rows" -le $((2 * games)) ]; then pass; else
  fail "gen-data --from a run-sim file of $games games: $rows rows"; fi

# A cut last line (an interrupted write) is dropped with a warning and that run played again.
head -c -9 "$tmp/r.jsonl" >"$tmp/cut.jsonl"
R "${base[@]}" --runs 40 --out "$tmp/cut.jsonl" --resume --json >"$tmp/s4.json" 2>"$tmp/err"
same_summary "run-sim resumed from a cut file vs fresh" "$tmp/s1.json" "$tmp/s4.json"
grep -q "corrupt last line" "$tmp/err" && pass || fail "no warning about the cut line: $(cat "$tmp/err")"

# --- --levels: a level table ----------------------------------------------------------------------------
# The built-in levels written as a table give the built-in results; one level changed gives others.
{ echo "# the built-in levels, as a table"; for n in 1 2 3; do echo "$n level($n,deterministic)   # level $n"; done; } >"$tmp/same.levels"
printf '3 level(3,deterministic)\n1 level(1,deterministic)\n\n2 level(2,deterministic,blunder=0.9)\n' >"$tmp/soft.levels"
R "${base[@]}" --runs 40 --levels "$tmp/same.levels" --json >"$tmp/t1.json"
R "${base[@]}" --runs 40 --levels "$tmp/soft.levels" --json >"$tmp/t2.json"
if "$py" - "$tmp/s1.json" "$tmp/t1.json" "$tmp/t2.json" <<'EOF2'
import json, sys
built, same, soft = (json.load(open(p)) for p in sys.argv[1:])
keys = ("runs", "wins_histogram", "wins", "score", "distinct_runs", "games_per_run", "max_level")
for k in keys:
    assert built[k] == same[k], (k, built[k], same[k])
assert same["levels"] == "table" and same["level_table"] == [f"level({n},deterministic)" for n in (1, 2, 3)], same
assert soft["level_table"][1] == "level(2,deterministic,blunder=0.9)", soft["level_table"]
assert soft["wins_histogram"] != built["wins_histogram"], (soft["wins_histogram"], built["wins_histogram"])
EOF2
then pass; else fail "run-sim --levels against the built-in levels"; fi
R "${base[@]}" --runs 20 --levels "$tmp/same.levels" >"$tmp/ttext"
grep -q '^run-sim: greedy against levels 1..3 of the --levels table on ' "$tmp/ttext" && pass ||
  fail "run-sim --levels text: $(head -1 "$tmp/ttext")"
# The file's header names the table's specs, so a resume with another table is refused.
R "${base[@]}" --runs 6 --levels "$tmp/same.levels" --out "$tmp/tab.jsonl" >/dev/null
"$py" -c 'import json,sys; h=json.loads(open(sys.argv[1]).readline()); sys.exit(h["level_table"][2] != "level(3,deterministic)")' "$tmp/tab.jsonl" &&
  pass || fail "run-sim --levels header: $(head -c 300 "$tmp/tab.jsonl")"
bad_says "a resume with another table" "the file was made with level_table" \
  run-sim "${base[@]}" --runs 6 --levels "$tmp/soft.levels" --out "$tmp/tab.jsonl" --resume
bad_says "a resume of a table's file with the built-in levels" "the file was made with" \
  run-sim "${base[@]}" --runs 6 --out "$tmp/tab.jsonl" --resume
R "${base[@]}" --runs 8 --levels "$tmp/same.levels" --out "$tmp/tab.jsonl" --resume --json >/dev/null && pass ||
  fail "run-sim --levels --resume with the same table"
# Only two levels: --max-level defaults to the table's last level, and may not pass it.
printf '1 random\n2 greedy\n' >"$tmp/two.levels"
R --player greedy --runs 4 --levels "$tmp/two.levels" --json >"$tmp/two.json"
"$py" -c 'import json,sys; j=json.load(open(sys.argv[1])); sys.exit(j["max_level"] != 2 or len(j["wins_histogram"]) != 3)' "$tmp/two.json" &&
  pass || fail "--levels of two levels: $(head -c 300 "$tmp/two.json")"
bad_says "--max-level past the table" "--max-level 3 is past the table's last level, 2" \
  run-sim --player greedy --levels "$tmp/two.levels" --max-level 3
bad_says "--clock with a table" "--clock is for the built-in levels" run-sim --player greedy --levels "$tmp/two.levels" --clock
# Bad tables: one clear line naming the file and the line. Each case: what it is, the table, what the error
# says after the file's name.
while IFS='|' read -r what table says; do
  printf "$table" >"$tmp/bad.levels"
  bad_says "$what" "--levels $tmp/bad.levels: $says" run-sim --player greedy --levels "$tmp/bad.levels"
done <<'CASES'
a bad spec|1 random\n2 grredy\n|line 2: level 2: unknown player 'grredy'
a gap|1 random\n# no level 2\n3 greedy\n|line 3: level 3 is given but level 2 is not
a duplicate level|1 random\n2 greedy\n1 greedy\n|line 3: level 1 again (first on line 1)
a line without its number|random\n|line 1: a line is a level's number
a level past 30|31 random\n|line 1: a line is a level's number (1 to 30)
a level without a spec|2\n|line 1: level 2 has no player spec
an empty table|# nothing\n\n|no levels
CASES
bad_says "a missing table" "--levels $tmp/none.levels" run-sim --player greedy --levels "$tmp/none.levels"
bad_says "a folder as a table" "--levels $tmp" run-sim --player greedy --levels "$tmp"

# --- Text form and --target-median -------------------------------------------------------------------
R "${base[@]}" --runs 20 >"$tmp/text"
grep -q '^wins (levels beaten): mean' "$tmp/text" && grep -q 'beat the last level' "$tmp/text" && pass ||
  fail "text summary: $(head -5 "$tmp/text")"
R --target-median 0 --max-level 1 --runs 4 --json >"$tmp/target.json"
if "$py" - "$tmp/target.json" <<'EOF2'
import json, sys
j = json.load(open(sys.argv[1]))
names = [p["player"] for p in j["proxies"]]
# A median of 0 wins is reached by the first proxy of the list, and the search stops there.
assert names == ["random"] and j["reached_by"] == "random" and j["proxies_tried"] == 1, j
assert j["proxies_not_run"][0] == "greedy" and len(j["proxies_not_run"]) == 7, j["proxies_not_run"]
EOF2
then pass; else fail "--target-median JSON"; fi

# The search stops at the first proxy whose median reaches the target, on any thread count, with one
# progress line a proxy on stderr even when piped (and none with --quiet).
"$seega" run-sim --target-median 2 --max-level 3 --runs 12 --seed 3 --threads 1 --json >"$tmp/tm1.json" 2>"$tmp/tm1.err"
"$seega" run-sim --target-median 2 --max-level 3 --runs 12 --seed 3 --threads 2 --json --quiet >"$tmp/tm2.json" 2>"$tmp/tm2.err"
same_summary "--target-median --threads 1 vs 2" "$tmp/tm1.json" "$tmp/tm2.json"
if "$py" - "$tmp/tm1.json" "$tmp/tm1.err" <<'EOF2'
import json, re, sys
j = json.load(open(sys.argv[1]))
err = [l for l in open(sys.argv[2]).read().splitlines() if l.startswith("seega: proxy ")]
order = ["random", "greedy", "mcts(playouts=300)", "ab(depth=1)", "ab(depth=2)", "mcts(playouts=3000)", "ab(depth=3)",
         "ab(depth=4)"]
tried = [p["player"] for p in j["proxies"]]
medians = [p["wins"]["median"] for p in j["proxies"]]
assert tried == order[:len(tried)] and j["proxies_tried"] == len(tried), tried
# Every proxy before the answer falls short; the answer reaches the target; nothing after it is run.
assert j["reached_by"] == tried[-1] and medians[-1] >= 2 and all(m < 2 for m in medians[:-1]), (tried, medians)
assert len(tried) < len(order) and j["proxies_not_run"] == order[len(tried):], j["proxies_not_run"]
assert len(err) == len(tried), err
for k, (line, name) in enumerate(zip(err, tried)):
    assert line.startswith(f"seega: proxy {k + 1} of 8, {name}: median wins "), line
assert err[-1].endswith(": reaches 2, the search stops"), err[-1]
EOF2
then pass; else fail "--target-median stops at its answer: $(head -c 300 "$tmp/tm1.json"); $(cat "$tmp/tm1.err")"; fi
grep -q '^seega: proxy' "$tmp/tm2.err" && fail "--quiet printed proxy lines" || pass
"$seega" run-sim --target-median 2 --max-level 3 --runs 12 --seed 3 --quiet >"$tmp/tm.txt"
grep -q '^not run (stronger, after the answer): ' "$tmp/tm.txt" && grep -q '^a median of 2 wins (reaching level 3): ' "$tmp/tm.txt" &&
  pass || fail "--target-median text: $(cat "$tmp/tm.txt")"

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

#!/usr/bin/env bash
# seega gate end to end: a candidate that loses is refused and one that gains is adopted, the rows are
# the same on any thread count and after --resume, the JSON says the same as the table, and bad options
# get one line and exit 2 before any game is played.
set -u
seega=$1
source "$(dirname "$0")/cli_lib.sh"
printf 'material -100\n' >"$tmp/worse.txt"  # plays to lose its stones
"$seega" eval --print-weights >"$tmp/today.txt"
G=(gate --quiet --depths 1,2 --seed 3)
N=(--games 20)
L=(--levels 1)

# --- a candidate that loses is refused, naming every row it loses -------------------------------------
"$seega" "${G[@]}" --games 10 --candidate "$tmp/worse.txt" >"$tmp/refused.txt"  # levels 4 and 6, the default
if grep -q '^verdict: refused: 4 of 4 rows fail (standard depth 1, standard depth 2, standard level 4, standard level 6)$' \
  "$tmp/refused.txt"; then pass; else fail "a losing candidate: $(cat "$tmp/refused.txt")"; fi
# --- the same weights the other way round gain in every row and are adopted ---------------------------
"$seega" "${G[@]}" "${N[@]}" --levels none --candidate "$tmp/today.txt" --baseline "$tmp/worse.txt" --json >"$tmp/adopt.json"
if "$py" - "$tmp/adopt.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["adopt"] is True and j["complete"] is True and j["failed"] == [], j
assert [r["row"] for r in j["rows"]] == ["standard depth 1", "standard depth 2"], j["rows"]
for r in j["rows"]:
    assert r["pass"] and sum(r["pentanomial"]) == 10, r
    # A row with an interval has its lower end above the floor; one without is a sweep of every pair.
    assert (r["elo"] is not None and r["elo"] > 0 and r["elo_ci95"][0] >= -10) or r["pentanomial"] == [0, 0, 0, 0, 10], r
    # An infinite end (depth 1 here: 8 of 10 pairs won 2-0, none lost) is "+inf", as in every summary, not null.
    if r.get("elo_ci95") is not None:
        assert all(isinstance(x, float) or x in ("+inf", "-inf") for x in r["elo_ci95"]), r
assert "+inf" in j["rows"][0]["elo_ci95"], j["rows"][0]
PY
then pass; else fail "a gaining candidate: $(head -c 800 "$tmp/adopt.json")"; fi
# --- the same weights on both sides gain nothing: refused ---------------------------------------------
"$seega" "${G[@]}" "${N[@]}" --candidate "$tmp/today.txt" --levels none >"$tmp/same.txt"
if grep -q '^verdict: refused: 2 of 2 rows fail' "$tmp/same.txt"; then pass; else
  fail "a candidate equal to today's: $(cat "$tmp/same.txt")"; fi

# --- rows are the same on any thread count, and --resume continues a row's file ------------------------
rows() { "$py" -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1]))["rows"], sort_keys=True))' "$1"; }
"$seega" "${G[@]}" "${N[@]}" --candidate "$tmp/worse.txt" "${L[@]}" --threads 1 --out-dir "$tmp/rows" --json >"$tmp/t1.json"
"$seega" "${G[@]}" "${N[@]}" --candidate "$tmp/worse.txt" "${L[@]}" --threads 2 --json >"$tmp/t2.json"
if [ "$(rows "$tmp/t1.json")" = "$(rows "$tmp/t2.json")" ]; then pass; else fail "gate rows differ by thread count"; fi
if [ -s "$tmp/rows/standard_depth_2.jsonl" ] && [ -s "$tmp/rows/standard_level_1.jsonl" ]; then pass; else
  fail "gate --out-dir: $(ls "$tmp/rows")"; fi
head -n 8 "$tmp/rows/standard_depth_2.jsonl" >"$tmp/cut" && mv "$tmp/cut" "$tmp/rows/standard_depth_2.jsonl"
"$seega" "${G[@]}" "${N[@]}" --candidate "$tmp/worse.txt" "${L[@]}" --threads 2 --out-dir "$tmp/rows" --resume --json >"$tmp/t3.json"
if [ "$(rows "$tmp/t1.json")" = "$(rows "$tmp/t3.json")" ]; then pass; else fail "gate --resume changed the rows"; fi
bad_says "gate over an existing row file without --resume" "already holds results; pass --resume" \
  "${G[@]}" "${L[@]}" --candidate "$tmp/worse.txt" --out-dir "$tmp/rows"
bad_says "gate --resume with another candidate" "" \
  "${G[@]}" "${L[@]}" --candidate "$tmp/today.txt" --out-dir "$tmp/rows" --resume

# --- bad options: one line, exit 2 ---------------------------------------------------------------------
bad_says "gate without --candidate" "candidate" gate --depths 1
bad_says "gate with a missing candidate file" "none.txt: no such file" "${G[@]}" --candidate "$tmp/none.txt"
bad_says "gate with a bad depth" "is not a whole number" gate --candidate "$tmp/today.txt" --depths 2,x
bad_says "gate with no rows" "no rows" gate --candidate "$tmp/today.txt" --depths none --levels none
bad_says "gate with a clock player" "clock" "${G[@]}" --candidate "$tmp/today.txt" --player 'ab(time=10)'
bad_says "gate with an unknown ruleset" "" "${G[@]}" --candidate "$tmp/today.txt" --rules standrd
bad_says "gate --resume without --out-dir" "--out-dir" "${G[@]}" --candidate "$tmp/today.txt" --resume
bad_says "gate with a positive floor" "--floor" "${G[@]}" --candidate "$tmp/today.txt" --floor 5

finish "cli gate"

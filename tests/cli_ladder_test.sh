#!/usr/bin/env bash
# seega ladder and seega replay end to end: ratings that do not depend on --threads, a resumed ladder
# equal to a fresh one, the JSON and CSV forms, the non-monotone warning, replaying recorded games, and
# bad inputs with one line and exit 2. Also the sign of an infinite Elo in seega match --json.
set -u
seega=$1
source "$(dirname "$0")/cli_lib.sh"

L() { "$seega" ladder --quiet "$@"; }
three=(--players random greedy 'ab(depth=1)' --opening-turns 1 --seed 4)

# --- Bad inputs -------------------------------------------------------------------------------------
bad "one player" ladder --players random --games-per-pair 4
bad "the same player twice" ladder --players random greedy random --games-per-pair 4
bad "unknown schedule" ladder --players random greedy --schedule swiss
bad "no rating connects separate pairs" ladder --players random greedy --schedule pairs
bad "odd games per pair" ladder --players random greedy --games-per-pair 5
bad "unknown player" ladder --players random grredy
bad "anchor not a player" ladder --players random greedy --anchor 'ab(depth=3)'
L "${three[@]}" --games-per-pair 4 --out "$tmp/lad.jsonl" >/dev/null
bad "a results file from another ladder" ladder --players random greedy 'ab(depth=2)' --opening-turns 1 --seed 4 \
  --games-per-pair 4 --out "$tmp/lad.jsonl" --resume
bad "a results file from another schedule" ladder "${three[@]}" --schedule gauntlet --games-per-pair 4 \
  --out "$tmp/lad.jsonl" --resume
bad "an existing --out without --resume" ladder "${three[@]}" --games-per-pair 4 --out "$tmp/lad.jsonl"

# --levels adds a level table's players after --players, in level order (a maker rates a candidate table).
printf '# two levels\n2 greedy\n1 random\n' >"$tmp/two.levels"
L --players 'ab(depth=1)' --levels "$tmp/two.levels" --opening-turns 1 --seed 4 --games-per-pair 4 --json >"$tmp/lev.json"
if "$py" -c 'import json,sys; j=json.load(open(sys.argv[1])); n=sorted(p["name"] for p in j["players"]); sys.exit(n != ["ab(depth=1)", "greedy", "random"] or j["games"] != 12)' "$tmp/lev.json"; then
  pass; else fail "ladder --levels: $(head -c 300 "$tmp/lev.json")"; fi
L --levels "$tmp/two.levels" --opening-turns 1 --seed 4 --games-per-pair 2 --csv | grep -q '^[12],random,' && pass ||
  fail "ladder --levels alone"
bad_says "a table's player also in --players" "--players with --levels' table: player 'greedy' is given twice" \
  ladder --players greedy --levels "$tmp/two.levels" --games-per-pair 4
printf '1 random\n1 greedy\n' >"$tmp/dup.levels"
bad_says "a bad table" "--levels $tmp/dup.levels: line 2: level 1 again" ladder --players greedy --levels "$tmp/dup.levels"
bad_says "no players and no table" "say the players" ladder --games-per-pair 4

# --- JSON form, thread independence, CSV ----------------------------------------------------------
L "${three[@]}" --games-per-pair 20 --threads 1 --json >"$tmp/l1.json"
L "${three[@]}" --games-per-pair 20 --threads 2 --json >"$tmp/l2.json"
same_summary "ladder --threads 1 vs 2" "$tmp/l1.json" "$tmp/l2.json"
if "$py" - "$tmp/l1.json" <<'EOF2'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["games"] == 60, j["games"]
names = [p["name"] for p in j["players"]]
assert sorted(names) == sorted(["random", "greedy", "ab(depth=1)"]), names
ratings = [p["rating"] for p in j["players"]]
assert ratings == sorted(ratings, reverse=True), "not sorted by rating"
for p in j["players"]:
    assert set(p) >= {"name", "rating", "ci95", "games", "score"}, p
    assert p["games"] == 40, p
    assert p["name"] == "random" or p["ci95"][0] <= p["rating"] <= p["ci95"][1], p
anchor = [p for p in j["players"] if p["name"] == "random"][0]
assert anchor["rating"] == 0 and anchor["ci95"] is None, anchor
assert anchor["ci95_reason"] == "the anchor: rated 0 by definition", anchor
assert len(j["pairs"]) == 3
for q in j["pairs"]:
    assert set(q) >= {"a", "b", "a_wins", "draws", "b_wins", "pentanomial"}, q
    assert q["a_wins"] + q["draws"] + q["b_wins"] == 20 and sum(q["pentanomial"]) == 10, q
assert j["players"][0]["name"] != "random", "random is rated top"
EOF2
then pass; else fail "ladder --json keys or counts"; fi
L "${three[@]}" --games-per-pair 20 --csv >"$tmp/l.csv"
if [ "$(wc -l <"$tmp/l.csv")" -eq 4 ] && head -1 "$tmp/l.csv" | grep -q '^rank,player,games,score,rating,ci95_lo,ci95_hi'; then
  pass; else fail "ladder --csv: $(cat "$tmp/l.csv")"; fi
L "${three[@]}" --games-per-pair 20 --anchor greedy --json >"$tmp/anchor.json"
if "$py" -c '
import json,sys
j = json.load(open(sys.argv[1])); k = json.load(open(sys.argv[2]))
r = {p["name"]: p["rating"] for p in j["players"]}; s = {p["name"]: p["rating"] for p in k["players"]}
assert s["greedy"] == 0 and abs((r["greedy"] - r["random"]) - (s["greedy"] - s["random"])) < 1e-6, (r, s)
' "$tmp/l1.json" "$tmp/anchor.json"; then pass; else fail "--anchor greedy does not rate greedy 0 with the same differences"; fi

# --- A ladder grown by --resume equals a fresh one ---------------------------------------------------
L "${three[@]}" --games-per-pair 20 --out "$tmp/lad.jsonl" --resume --json >"$tmp/grown.json"
same_summary "ladder --resume from 4 to 20 games a pair" "$tmp/l1.json" "$tmp/grown.json"
if [ "$(($(wc -l <"$tmp/lad.jsonl") - 1))" -eq 60 ]; then pass; else fail "the grown ladder file does not hold 60 games"; fi

# --- Not monotone in the given order: named in a warning ------------------------------------------
L --players greedy random --games-per-pair 20 --seed 2 >"$tmp/mono.txt"
if grep -q '^warning: random is not rated above greedy' "$tmp/mono.txt"; then pass; else
  fail "no warning for a ladder given in the wrong order: $(cat "$tmp/mono.txt")"; fi
L --players random greedy --games-per-pair 20 --seed 2 >"$tmp/mono2.txt"
if ! grep -q '^warning' "$tmp/mono2.txt"; then pass; else fail "a warning for a monotone ladder"; fi
# With --levels, --players' candidates and the table are two groups: the table's first level is not
# warned about for ranking below a stronger candidate, while the table's own order is still checked.
L --players 'ab(depth=2)' --levels "$tmp/two.levels" --games-per-pair 20 --seed 2 >"$tmp/mono3.txt"
if ! grep -q 'is not rated above ab(depth=2)' "$tmp/mono3.txt"; then pass; else
  fail "ladder --levels warns that level 1 is not rated above a candidate: $(grep warning "$tmp/mono3.txt")"; fi
printf '1 greedy\n2 random\n' >"$tmp/backwards.levels"
L --players 'ab(depth=2)' --levels "$tmp/backwards.levels" --games-per-pair 20 --seed 2 >"$tmp/mono4.txt"
if grep -q '^warning: random is not rated above greedy' "$tmp/mono4.txt"; then pass; else
  fail "a level table in the wrong order is not warned about beside a candidate: $(cat "$tmp/mono4.txt")"; fi
# A player who won every game: stated, finite.
L --players random 'ab(depth=2)' --games-per-pair 40 --seed 2 --json >"$tmp/sweep.json"
if "$py" -c '
import json,sys; j = json.load(open(sys.argv[1]))
assert j["prior_used"] and "every" in j["prior_note"], j["prior_note"]
assert all(isinstance(p["rating"], float) for p in j["players"])
' "$tmp/sweep.json"; then pass; else fail "a clean sweep is not fitted with the stated prior"; fi

# --- seega replay -----------------------------------------------------------------------------------
"$seega" match --quiet --a greedy --b random --games 6 --rules 'standard(first_placer=b)' --opening-turns 1 \
  --out "$tmp/m.jsonl" >/dev/null
"$seega" replay --games "$tmp/m.jsonl" --index 3 >"$tmp/replay.txt"; code=$?
if [ "$code" -eq 0 ] && grep -q '^result: ' "$tmp/replay.txt" && grep -q '^ply 1: b ' "$tmp/replay.txt"; then pass; else
  fail "replay: exit $code: $(head -5 "$tmp/replay.txt")"; fi
# The result in words: the winner by colour and player, why the game ended, no enum names.
if grep -Eq '^result: ([wb] \((greedy|random)\) wins|a draw) \([a-z0-9 ,]+\): w [0-9]+ stones, b [0-9]+; ' "$tmp/replay.txt" &&
  ! grep -q '^result: .*_' "$tmp/replay.txt"; then pass; else fail "replay's result line: $(grep '^result' "$tmp/replay.txt")"; fi
plies=$("$py" -c 'import json,sys; print([g for g in map(json.loads, open(sys.argv[1])) if g.get("index") == 3][0]["plies"])' "$tmp/m.jsonl")
if [ "$("$seega" replay --games "$tmp/m.jsonl" --index 3 --fen-only | wc -l)" -eq $((plies + 1)) ]; then pass; else
  fail "replay --fen-only does not print one position a ply plus the start"; fi
if "$seega" replay --games "$tmp/m.jsonl" --index 3 --json | "$py" -c '
import json,sys; j = json.load(sys.stdin)
assert j["index"] == 3 and j["first_placer"] == "b" and len(j["moves"]) > 12
assert j["moves"][-1]["position"].split()[1] in "wb"'; then pass; else fail "replay --json"; fi
bad "replay of a missing index" replay --games "$tmp/m.jsonl" --index 99
bad "replay of a missing file" replay --games "$tmp/none.jsonl" --index 0
bad "replay of a directory" replay --games "$tmp" --index 0
"$py" - "$tmp/m.jsonl" "$tmp/illegal.jsonl" <<'EOF2'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
k = next(i for i, line in enumerate(lines) if i and json.loads(line)["index"] == 2)
g = json.loads(lines[k])
g["moves"][15] = "a1-a2" if g["moves"][15] != "a1-a2" else "e5-e4"
lines[k] = json.dumps(g)
open(sys.argv[2], "w").write("\n".join(lines) + "\n")
EOF2
bad "replay of a record with an illegal move" replay --games "$tmp/illegal.jsonl" --index 2
if "$seega" replay --games "$tmp/illegal.jsonl" --index 2 2>&1 | grep -q 'game 2, move 16'; then pass; else
  fail "the illegal move is not named: $("$seega" replay --games "$tmp/illegal.jsonl" --index 2 2>&1)"; fi

# --- An infinite Elo keeps its sign in JSON -------------------------------------------------------
"$seega" match --quiet --a 'ab(depth=2)' --b greedy --games 40 --seed 4 --json >"$tmp/up.json"
"$seega" match --quiet --a greedy --b 'ab(depth=2)' --games 40 --seed 4 --json >"$tmp/down.json"
if "$py" -c '
import json,sys; u = json.load(open(sys.argv[1])); d = json.load(open(sys.argv[2]))
assert (u["a_wins"], d["b_wins"]) == (40, 40), (u["a_wins"], d["b_wins"])
assert u["elo"] == "+inf" and d["elo"] == "-inf", (u["elo"], d["elo"])
assert u["elo_ci95"] is None and d["elo_ci95"] is None, (u["elo_ci95"], d["elo_ci95"])
assert u["elo_ci95_reason"] == "every game won by A: the Elo is +inf, with no interval", u["elo_ci95_reason"]
assert d["elo_ci95_reason"] == "every game won by B: the Elo is -inf, with no interval", d["elo_ci95_reason"]
' "$tmp/up.json" "$tmp/down.json"; then pass; else fail "the sign of an infinite Elo is lost: $(head -c 200 "$tmp/up.json")"; fi
"$seega" match --quiet --a random --b random --games 4 --seed 1 >"$tmp/even.txt"
if ! grep -q -- '-0\.0' "$tmp/even.txt"; then pass; else fail "a summary prints -0.0: $(cat "$tmp/even.txt")"; fi

# --- No zero-width intervals: the anchor's, and those of players with too few games ------------------------
# The anchor printed "+0.0  [+0.0, +0.0]"; with 8 games a player every interval is left out, saying why.
L "${three[@]}" --games-per-pair 4 >"$tmp/few.txt"
if grep -Eq '^ +[0-9]+  random +8 +[0-9.]+% +\+0\.0  \(anchor\)' "$tmp/few.txt" &&
  grep -Eq '^ +[0-9]+  greedy +8 +[0-9.]+% +[-+][0-9.]+  \(too few games\)' "$tmp/few.txt" &&
  grep -q '^note: no rating interval for a player with fewer than 10 games: ab(depth=1) (8), greedy (8)$' "$tmp/few.txt" &&
  ! grep -q '\[+0\.0, +0\.0\]\|nan' "$tmp/few.txt"; then pass; else
  fail "ladder with 8 games a player: $(head -6 "$tmp/few.txt")"; fi
L "${three[@]}" --games-per-pair 4 --csv >"$tmp/few.csv"
if "$py" - "$tmp/few.csv" <<'EOF2'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
by = {r["player"]: r for r in rows}
a = by["random"]
assert (a["ci95_lo"], a["ci95_hi"], a["ci95_reason"]) == ("", "", "the anchor: rated 0 by definition"), a
g = by["greedy"]
assert (g["ci95_lo"], g["ci95_hi"]) == ("", ""), g
assert g["ci95_reason"] == "8 games are too few (at least 10 are needed)", g
for r in rows:
    assert not any("nan" in v.lower() for v in r.values()), r
    if r["below"]:
        assert (r["diff_ci95_lo"], r["diff_ci95_hi"]) == ("", "") and "too few" in r["diff_ci95_reason"], r
EOF2
then pass; else fail "ladder --csv with 8 games a player: $(cat "$tmp/few.csv")"; fi
L "${three[@]}" --games-per-pair 20 --csv >"$tmp/l20.csv"
if "$py" - "$tmp/l20.csv" <<'EOF2'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    anchor = r["player"] == "random"
    assert (r["ci95_lo"] == "") == anchor and (r["ci95_reason"] != "") == anchor, r
    assert r["diff_ci95_reason"] == "", r
EOF2
then pass; else fail "ladder --csv with 40 games a player: $(cat "$tmp/l20.csv")"; fi

# Deterministic players with no random opening play the same few games again and again: the summary
# says so first and gives no interval and no monotonicity verdict; two random placement turns give
# games that differ, and the intervals come back.
det=(--players 'ab(depth=1)' 'ab(depth=2)' 'ab(depth=3)' --games-per-pair 20 --seed 1)
L "${det[@]}" >"$tmp/det.txt"
L "${det[@]}" --json >"$tmp/det.json"
if head -n 1 "$tmp/det.txt" | grep -q '^repeated games: the 60 games are [0-9]* distinct games' &&
  grep -q '(games repeat)' "$tmp/det.txt" && ! grep -q 'with 95% confidence' "$tmp/det.txt" && "$py" - "$tmp/det.json" <<'EOF2'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["distinct_games"] < 60 and j["not_above_previous"] is None, j
assert "the same games repeat" in j["not_above_previous_reason"], j
for p in j["players"]:
    assert p["ci95"] is None and p["ci95_reason"], p
EOF2
then pass; else fail "a deterministic ladder with repeated games: $(head -n 4 "$tmp/det.txt")"; fi
L "${det[@]}" --opening-turns 2 --json >"$tmp/det2.json"
if "$py" -c '
import json, sys
j = json.load(open(sys.argv[1]))
assert isinstance(j["not_above_previous"], list) and "not_above_previous_reason" not in j, j
assert any(p["ci95"] is not None for p in j["players"]), j' "$tmp/det2.json"; then pass; else
  fail "a ladder with random opening turns: $(head -c 400 "$tmp/det2.json")"; fi

finish "cli ladder"

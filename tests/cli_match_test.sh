#!/usr/bin/env bash
# seega match end to end: the summary does not depend on --threads; --out/--resume, a Ctrl-C and a
# cut last line all end with the summary of an uninterrupted run; bad inputs exit 2 with one line.
set -u
seega=$1
source "$(dirname "$0")/cli_lib.sh"

# json_get <file> <key>: one value of a --json summary.
json_get() { "$py" -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1])).get(sys.argv[2])))' "$1" "$2"; }

# good_lines <file>: exit 0 when the file is a results header followed only by whole game lines.
good_lines() {
  "$py" - "$1" <<'EOF'
import json, sys
text = open(sys.argv[1]).read()
assert text.endswith("\n"), "the last line is not complete"
lines = text.splitlines()
assert json.loads(lines[0])["type"] == "header", "no header"
for line in lines[1:]:
    assert json.loads(line)["type"] == "game"
EOF
}

bad_match() { local what=$1; shift; bad "$what" match "$@"; }

m() { "$seega" match --quiet "$@"; }  # --quiet: no progress line even on a terminal

# --- Bad inputs -------------------------------------------------------------------------------------
m --a random --b random --games 4 --out "$tmp/existing.jsonl" >/dev/null 2>&1
cp "$tmp/existing.jsonl" "$tmp/existing.before"
bad_match "unknown player" --a rnadom --b random --games 4
bad_match "bad player key" --a 'ab(dept=2)' --b random --games 4
bad_match "zero games" --a random --b random --games 0
bad_match "negative games" --a random --b random --games -2
bad_match "unwritable --out" --a random --b random --games 4 --out "$tmp/no/such/dir/games.jsonl"
bad_match "--resume without --out" --a random --b random --games 4 --resume
bad_match "existing --out without --resume" --a random --b random --games 4 --out "$tmp/existing.jsonl"
bad_match "resume with another seed" --a random --b random --games 4 --seed 2 --out "$tmp/existing.jsonl" --resume
bad_match "resume with another player" --a greedy --b random --games 4 --out "$tmp/existing.jsonl" --resume
bad_match "resume with other rules" --a random --b random --games 4 --rules diagonal --out "$tmp/existing.jsonl" --resume
bad_match "resume with other opening turns" --a random --b random --games 4 --opening-turns 2 --out "$tmp/existing.jsonl" --resume
# Fewer games than the file holds: refused naming the count that takes the file whole, not summarised in part.
bad_says "resume with fewer games than the file holds" "the file holds 4 games up to game 3, past this run's 2" \
  match --a random --b random --games 2 --out "$tmp/existing.jsonl" --resume
if cmp -s "$tmp/existing.jsonl" "$tmp/existing.before"; then pass; else fail "a refused --resume changed the results file"; fi
if "$seega" match --a random --b random --games 4 --seed 2 --out "$tmp/existing.jsonl" --resume 2>&1 >/dev/null |
  grep -q 'seed="1"'; then pass; else fail "the configuration error does not name the differing key (seed)"; fi
{ head -n 2 "$tmp/existing.jsonl"; echo '{"type":"game","ind'; tail -n +3 "$tmp/existing.jsonl"; } >"$tmp/middle.jsonl"
bad_match "corrupt middle line" --a random --b random --games 4 --out "$tmp/middle.jsonl" --resume
if "$seega" match --a random --b random --games 4 --out "$tmp/middle.jsonl" --resume 2>&1 >/dev/null |
  grep -q 'line 3'; then pass; else fail "the corrupt middle line is not named (line 3)"; fi
# The weights behind a spec's weights= file are part of the configuration: a changed file is refused.
printf 'material 100\nmobility 3\n' >"$tmp/w.txt"
wspec="ab(depth=1,weights=$tmp/w.txt)"
m --a "$wspec" --b greedy --games 4 --out "$tmp/weights.jsonl" >/dev/null 2>&1
if m --a "$wspec" --b greedy --games 6 --out "$tmp/weights.jsonl" --resume >/dev/null 2>&1; then pass; else
  fail "resume with the same weights file was refused"; fi
printf 'material 100\nmobility 4\n' >"$tmp/w.txt"
bad_match "resume after the weights file changed" --a "$wspec" --b greedy --games 8 --out "$tmp/weights.jsonl" --resume
if m --a "$wspec" --b greedy --games 8 --out "$tmp/weights.jsonl" --resume 2>&1 >/dev/null | grep -q "other weights for player '$wspec'"; then
  pass; else fail "the changed weights are not named"; fi
# A perturbed configuration (vary=S) is a player of its own: another S is refused on resume; the same one
# resumes, and its games replay (--verify).
vspec='ab(depth=2,vary=3,jitter=2)'
m --a "$vspec" --b "$vspec" --games 4 --out "$tmp/vary.jsonl" >/dev/null 2>&1
bad_match "resume with another vary" --a 'ab(depth=2,vary=4,jitter=2)' --b "$vspec" --games 6 --out "$tmp/vary.jsonl" --resume
if m --a "$vspec" --b "$vspec" --games 6 --out "$tmp/vary.jsonl" --resume --verify >/dev/null 2>&1; then pass; else
  fail "resume of perturbed players was refused or did not replay"; fi
# Special files as --out: reading /dev/full for a resume never ends, and opening a FIFO blocks (issue 12,
# defect 8); both are refused at once. The timeout turns a hang into a failure.
mkfifo "$tmp/fifo"
bad_match "a device as --out" --a random --b random --games 4 --out /dev/full --resume
out=$(timeout 20 "$seega" match --a random --b random --games 4 --out "$tmp/fifo" 2>&1); code=$?
[ "$code" -eq 2 ] && [[ "$out" == *"not a regular file"* ]] && pass || fail "a FIFO as --out: exit $code: $out"
# Two runs on one --out (defect 5): the second is refused while the first holds the file, and the
# first's file stays whole.
"$seega" match --a 'ab(depth=3)' --b 'ab(depth=3)' --games 400 --quiet --out "$tmp/locked.jsonl" >/dev/null 2>&1 &
first=$!
for _ in $(seq 50); do [ -s "$tmp/locked.jsonl" ] && break; sleep 0.1; done
out=$("$seega" match --a 'ab(depth=3)' --b 'ab(depth=3)' --games 400 --quiet --out "$tmp/locked.jsonl" --resume 2>&1)
code=$?
[ "$code" -eq 2 ] && [[ "$out" == *"being written by another seega run"* ]] && pass ||
  fail "a second writer on one --out: exit $code: $out"
kill -INT "$first"; wait "$first"
"$py" - "$tmp/locked.jsonl" <<'EOF2' && pass || fail "the first writer's file after the second was refused"
import json, sys
lines = open(sys.argv[1]).read().splitlines()
indices = [json.loads(l)["index"] for l in lines[1:]]
assert len(indices) == len(set(indices)), "repeated indices"
EOF2

bad_match "bad sprt" --a random --b random --games 4 --sprt elo0=10,elo1=0
bad_match "too many opening turns" --a random --b random --games 4 --opening-turns 12
bad_match "json and csv" --a random --b random --games 4 --json --csv

# --- The summary does not depend on --threads -------------------------------------------------------
for players in "ab(depth=1) greedy 0" "random random 2"; do
  set -- $players
  m --a "$1" --b "$2" --opening-turns "$3" --games 60 --seed 11 --threads 1 --json >"$tmp/t1.json"
  m --a "$1" --b "$2" --opening-turns "$3" --games 60 --seed 11 --threads 2 --json >"$tmp/t2.json"
  # More threads than cores may make oneTBB warn on stderr; only stdout is compared.
  m --a "$1" --b "$2" --opening-turns "$3" --games 60 --seed 11 --threads 3 --json >"$tmp/t3.json" 2>/dev/null
  same_summary "$1 vs $2: --threads 1 vs 2" "$tmp/t1.json" "$tmp/t2.json"
  same_summary "$1 vs $2: --threads 1 vs 3" "$tmp/t1.json" "$tmp/t3.json"
done
if "$py" - "$tmp/t1.json" <<'EOF'
import json, sys
j = json.load(open(sys.argv[1]))
want = ["games", "a_wins", "b_wins", "draws", "last_placer_wins", "first_placer_wins", "last_placer_win_rate",
        "last_placer_ci95", "elo", "elo_ci95", "pentanomial", "end_reasons", "mean_movement_plies",
        "games_per_second", "seed", "rules", "a", "b"]
missing = [k for k in want if k not in j]
assert not missing, missing
assert j["games"] == 60 and j["a_wins"] + j["b_wins"] + j["draws"] == 60
assert j["last_placer_wins"] + j["first_placer_wins"] + j["draws"] == 60
assert sum(j["pentanomial"]) == 30 and sum(j["end_reasons"].values()) == 60
assert j["seed"] == "11" and j["a"] == "random" and j["b"] == "random" and j["rules"] == "standard"
EOF
then pass; else fail "--json keys or counts"; fi

# --- An SPRT stops at the same pair for any thread count, and exit 0 (a decision is no interruption) ---
sprt=(--a greedy --b random --games 400 --opening-turns 1 --sprt elo0=-20,elo1=0,alpha=0.1,beta=0.1)
m "${sprt[@]}" --threads 1 --json >"$tmp/s1.json"; code1=$?
m "${sprt[@]}" --threads 2 --json >"$tmp/s2.json"; code2=$?
if [ "$code1" -eq 0 ] && [ "$code2" -eq 0 ] && [ "$(json_get "$tmp/s1.json" sprt | "$py" -c \
  'import json,sys; s=json.load(sys.stdin); print(s["decision"], s["pairs"] > 0)')" = "H1 True" ]; then pass; else
  fail "sprt: exit $code1/$code2, sprt $(json_get "$tmp/s1.json" sprt)"; fi
same_summary "sprt: --threads 1 vs 2" "$tmp/s1.json" "$tmp/s2.json"

# --- --out then --resume with more games equals a fresh run of the full count -----------------------
common=(--a 'ab(depth=1)' --b greedy --opening-turns 1 --seed 5)
m "${common[@]}" --games 120 --threads 2 --json >"$tmp/fresh120.json"
m "${common[@]}" --games 50 --threads 2 --out "$tmp/grow.jsonl" --json >/dev/null
if [ "$(($(wc -l <"$tmp/grow.jsonl") - 1))" -eq 50 ] && good_lines "$tmp/grow.jsonl"; then pass; else
  fail "--out did not hold a header and 50 game lines"; fi
m "${common[@]}" --games 120 --threads 3 --out "$tmp/grow.jsonl" --resume --json >"$tmp/grow.json" 2>/dev/null
same_summary "--out 50 then --resume to 120" "$tmp/fresh120.json" "$tmp/grow.json"
if [ "$(($(wc -l <"$tmp/grow.jsonl") - 1))" -eq 120 ]; then pass; else
  fail "after --resume the file holds $(($(wc -l <"$tmp/grow.jsonl") - 1)) games, not 120 (a game repeated or lost)"; fi
# Resuming a finished match plays nothing and reports the same summary.
m "${common[@]}" --games 120 --out "$tmp/grow.jsonl" --resume --json >"$tmp/again.json"
same_summary "--resume of a finished match" "$tmp/fresh120.json" "$tmp/again.json"
# Resuming with fewer --games than the file holds: the summary covers the games asked for, or the run is refused.
m "${common[@]}" --games 50 --threads 2 --json >"$tmp/fresh50.json"
"$seega" match --quiet "${common[@]}" --games 50 --out "$tmp/grow.jsonl" --resume --json >"$tmp/shrink.json" 2>/dev/null
code=$?
if [ "$code" -eq 2 ]; then pass; else same_summary "--resume with fewer --games than the file holds" "$tmp/fresh50.json" "$tmp/shrink.json"; fi

# --- A cut last line resumes with a warning and the same result -------------------------------------
m "${common[@]}" --games 40 --out "$tmp/cut.jsonl" --json >/dev/null
line=$(tail -n 1 "$tmp/cut.jsonl")
head -n -1 "$tmp/cut.jsonl" >"$tmp/cut2.jsonl"
printf '%s' "${line:0:$((${#line} / 2))}" >>"$tmp/cut2.jsonl"
m "${common[@]}" --games 120 --out "$tmp/cut2.jsonl" --resume --json >"$tmp/cut.json" 2>"$tmp/cut.err"
code=$?
if [ "$code" -eq 0 ] && grep -q '^seega: warning:' "$tmp/cut.err"; then pass; else
  fail "cut last line: exit $code, stderr: $(cat "$tmp/cut.err")"; fi
same_summary "resume after a cut last line" "$tmp/fresh120.json" "$tmp/cut.json"
if good_lines "$tmp/cut2.jsonl" && [ "$(($(wc -l <"$tmp/cut2.jsonl") - 1))" -eq 120 ]; then pass; else
  fail "after resuming a cut file it is not a header and 120 whole game lines"; fi

# --- A header cut before its newline is refused, and the file left as it was (issue 12, defect 6) ----
head -n 1 "$tmp/cut.jsonl" | tr -d '\n' >"$tmp/header_only.jsonl"
cp "$tmp/header_only.jsonl" "$tmp/header_only.before"
bad_says "a header without its newline" "the header line has no newline" \
  match --quiet "${common[@]}" --games 120 --out "$tmp/header_only.jsonl" --resume
if cmp -s "$tmp/header_only.jsonl" "$tmp/header_only.before"; then pass; else
  fail "a refused header without its newline was changed"; fi

# --- Tampered lines (issue 12, defect 7) --------------------------------------------------------------
# The sixth game line's result swapped: refused at once, naming the line and the field.
"$py" -c '
import json, sys
lines = open(sys.argv[1]).read().splitlines()
g = json.loads(lines[6])
g["result"] = {"w": "b", "b": "w", "draw": "w"}[g["result"]]
lines[6] = json.dumps(g, separators=(",", ":"))
open(sys.argv[2], "w").write("\n".join(lines) + "\n")' "$tmp/cut.jsonl" "$tmp/tampered.jsonl"
bad_says "a swapped result" "results file line 7: game " \
  match --quiet "${common[@]}" --games 120 --out "$tmp/tampered.jsonl" --resume
# Its first two placements swapped instead: every field still adds up, so only --verify, which replays
# the moves, finds it; without it the game is taken as it stands.
"$py" -c '
import json, sys
lines = open(sys.argv[1]).read().splitlines()
g = json.loads(lines[6])
g["moves"][0], g["moves"][1] = g["moves"][1], g["moves"][0]
lines[6] = json.dumps(g, separators=(",", ":"))
open(sys.argv[2], "w").write("\n".join(lines) + "\n")' "$tmp/cut.jsonl" "$tmp/moved.jsonl"
cp "$tmp/moved.jsonl" "$tmp/moved2.jsonl"
bad_says "--verify on edited moves" "results file line 7: game " \
  match --quiet "${common[@]}" --games 40 --out "$tmp/moved.jsonl" --resume --verify
if m "${common[@]}" --games 40 --out "$tmp/moved2.jsonl" --resume >/dev/null 2>&1; then pass; else
  fail "without --verify, a line whose fields add up is read"; fi
m "${common[@]}" --games 40 --out "$tmp/cut.jsonl" --resume --verify >/dev/null 2>"$tmp/verify.err" && pass ||
  fail "--verify on the untouched file: $(cat "$tmp/verify.err")"
bad_says "--verify without --resume" "--verify checks the games of --resume" match "${common[@]}" --verify

# --- Ctrl-C keeps the finished games; --resume completes the match ----------------------------------
slow=(--a 'ab(depth=2)' --b greedy --opening-turns 1 --seed 9 --games 300)
m "${slow[@]}" --threads 2 --json >"$tmp/fresh_slow.json"
# Not through m(): a backgrounded function is a subshell, and $! would be its pid, not seega's.
"$seega" match --quiet "${slow[@]}" --threads 2 --out "$tmp/int.jsonl" --json >"$tmp/int.json" 2>"$tmp/int.err" &
pid=$!
# Signal once a few games are on disk (so the handler is in place), whatever the machine's speed.
for _ in $(seq 200); do
  [ "$(cat "$tmp/int.jsonl" 2>/dev/null | wc -l)" -gt 10 ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.01
done
kill -INT "$pid" 2>/dev/null
wait "$pid"
code=$?
interrupted=$(json_get "$tmp/int.json" interrupted 2>/dev/null)
if [ "$code" -eq 130 ] && [ "$interrupted" = "true" ]; then pass
elif [ "$code" -eq 0 ] && [ "$interrupted" = "false" ]; then echo "note: the match ended before SIGINT arrived"; pass
else fail "SIGINT: exit $code, interrupted=$interrupted, stderr: $(cat "$tmp/int.err")"; fi
if good_lines "$tmp/int.jsonl"; then pass; else fail "after SIGINT the results file is not a header and whole game lines"; fi
kept=$(($(wc -l <"$tmp/int.jsonl") - 1))
if [ "$(json_get "$tmp/int.json" games)" = "$kept" ]; then pass; else
  fail "the interrupted summary counts $(json_get "$tmp/int.json" games) games, the file holds $kept"; fi
m "${slow[@]}" --threads 1 --out "$tmp/int.jsonl" --resume --json >"$tmp/int_done.json"
same_summary "SIGINT then --resume" "$tmp/fresh_slow.json" "$tmp/int_done.json"

# --- --csv: a header and one row --------------------------------------------------------------------
m --a random --b greedy --games 10 --rules 'standard(quiet_plies=40,max_plies=100)' --csv >"$tmp/out.csv"
if "$py" - "$tmp/out.csv" <<'EOF'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
assert len(rows) == 2, rows
head, row = rows
assert len(head) == len(row), (head, row)
d = dict(zip(head, row))
assert d["games"] == "10" and d["rules"] == "standard(quiet_plies=40,max_plies=100)", d
assert int(d["a_wins"]) + int(d["b_wins"]) + int(d["draws"]) == 10, d
EOF
then pass; else fail "--csv: $(cat "$tmp/out.csv")"; fi

# --- No meaningless figures: too few games, a sweep, and their CSV ----------------------------------------
# Two games are one pair: no Elo at all (it was "+0.0 ± 0.0 [+0.0, +0.0]"), and the text says why.
m --a random --b random --games 2 >"$tmp/two.txt"
if grep -q '^Elo A-B, nElo, LOS (pairs): not computed: 1 game pair is too few (at least 10 are needed)$' "$tmp/two.txt" &&
  grep -q '^by games: Elo not computed: 2 games are too few (at least 10 are needed)' "$tmp/two.txt" &&
  ! grep -q '± 0\.0\|nan\|± inf' "$tmp/two.txt"; then pass; else fail "match --games 2: $(head -4 "$tmp/two.txt")"; fi
m --a random --b random --games 2 --json >"$tmp/two.json"
if "$py" - "$tmp/two.json" <<'EOF2'
import json, sys
j = json.load(open(sys.argv[1]))
for key in ("elo", "elo_ci95", "pair_elo", "pair_elo_ci95", "normalized_elo", "normalized_elo_ci95"):
    assert j[key] is None and "too few" in j[key + "_reason"], (key, j[key], j.get(key + "_reason"))
EOF2
then pass; else fail "match --games 2 --json: $(head -c 400 "$tmp/two.json")"; fi
m --a random --b random --games 2 --csv >"$tmp/two.csv"
if "$py" - "$tmp/two.csv" <<'EOF2'
import csv, sys
head, row = list(csv.reader(open(sys.argv[1])))
d = dict(zip(head, row))
assert d["elo"] == "" and d["elo_reason"] == "2 games are too few (at least 10 are needed)", d
EOF2
then pass; else fail "match --games 2 --csv: $(cat "$tmp/two.csv")"; fi
# Every pair won by A but one drawn game: a finite Elo with an interval open above, printed without a
# half-width (it was "+668.8 ± inf [+478.2, +inf]").
m --a 'ab(depth=1)' --b greedy --games 24 --opening-turns 2 --seed 6 >"$tmp/open.txt"
if grep -q '^Elo A-B +668.8 \[+478.2, +inf\] (pairs, 95%)' "$tmp/open.txt" && ! grep -q '± inf' "$tmp/open.txt"; then
  pass; else fail "an interval open above: $(grep '^Elo' "$tmp/open.txt")"; fi
# Every game won by A: the Elo is +inf, with no interval (it was "+inf ± -nan [+inf, +inf]").
sweep=(--a 'ab(depth=2)' --b greedy --games 20 --seed 1)
m "${sweep[@]}" >"$tmp/sweep.txt"
if grep -q '^games 20: A wins 20, draws 0, B wins 0' "$tmp/sweep.txt" &&
  grep -q '^Elo A-B +inf (pairs; A won every game pair 2-0: the Elo is +inf, with no interval)' "$tmp/sweep.txt" &&
  ! grep -qi 'nan' "$tmp/sweep.txt" && ! grep -q '\[+inf, +inf\]' "$tmp/sweep.txt"; then pass; else
  fail "a sweep's text summary: $(head -4 "$tmp/sweep.txt")"; fi
m "${sweep[@]}" --json >"$tmp/sweep.json"
if "$py" - "$tmp/sweep.json" <<'EOF2'
import json, sys
text = open(sys.argv[1]).read()
assert "nan" not in text.lower()
j = json.loads(text)
assert j["pair_elo"] == "+inf" and j["elo"] == "+inf", (j["pair_elo"], j["elo"])
assert j["pair_elo_ci95"] is None and j["elo_ci95"] is None, (j["pair_elo_ci95"], j["elo_ci95"])
assert j["elo_ci95_reason"] == "every game won by A: the Elo is +inf, with no interval", j["elo_ci95_reason"]
EOF2
then pass; else fail "a sweep's --json: $(head -c 400 "$tmp/sweep.json")"; fi
m "${sweep[@]}" --csv >"$tmp/sweep.csv"
if "$py" - "$tmp/sweep.csv" <<'EOF2'
import csv, sys
head, row = list(csv.reader(open(sys.argv[1])))
d = dict(zip(head, row))
assert d["elo"] == "+inf" and d["elo_reason"] == "", d
assert not any("nan" in cell.lower() for cell in row), row
EOF2
then pass; else fail "a sweep's --csv: $(cat "$tmp/sweep.csv")"; fi

finish "cli match"

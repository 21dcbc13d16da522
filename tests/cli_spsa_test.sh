#!/usr/bin/env bash
# seega spsa end to end: the trajectory is the same on any thread count and after a resume (from a cut
# file too), seega summary reads a trajectory back as the run reported it, Ctrl-C keeps whole rows, a resume with other options or a damaged file is refused naming the
# key or the line, the final weights read back, several players take the iterations in turn, and bad
# options get one line and exit 2.
set -u
seega=$1
source "$(dirname "$0")/cli_lib.sh"
P='ab(depth=2)'
A=(spsa --quiet --player "$P" --iterations 3 --pairs 4 --seed 5)
S() { "$seega" "${A[@]}" "$@"; }

# --- the same trajectory on any thread count ------------------------------------------------------------
if S --threads 1 --trajectory "$tmp/t1.csv" --out "$tmp/w1.txt" >"$tmp/s1.txt"; then pass; else
  fail "spsa --threads 1: exit $?: $(cat "$tmp/s1.txt")"; fi
S --threads 2 --trajectory "$tmp/t2.csv" >/dev/null
if cmp -s "$tmp/t1.csv" "$tmp/t2.csv"; then pass; else fail "spsa --threads 1 and 2 wrote different trajectories"; fi
if "$py" - "$tmp/t1.csv" "$tmp/t1.csv.json" <<'EOF2'
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert [r["iteration"] for r in rows] == ["1", "2", "3"], rows
assert all(r["games"] == "8" for r in rows), rows
assert any(float(r["result"]) != 0 for r in rows), rows  # theta moved: the comparisons below mean something
assert "material" not in rows[0] and "mobility" in rows[0] and "last_placer" in rows[0], list(rows[0])
c = [float(r["c_k"]) for r in rows]
assert c[0] > c[1] > c[2] and abs(c[2] - 4) < 1e-12, c  # c_k falls to --c-end
meta = json.load(open(sys.argv[2]))
assert meta["kind"] == "spsa" and meta["iterations"] == 3 and meta["pairs"] == 4 and meta["seed"] == "5", meta
EOF2
then pass; else fail "the trajectory's rows or configuration: $(cat "$tmp/t1.csv")"; fi

# --- resume: a trajectory cut after two rows (and in the third) continues to the straight run's --------
head -n 3 "$tmp/t1.csv" >"$tmp/r.csv"
head -n 4 "$tmp/t1.csv" | tail -n 1 | head -c 9 >>"$tmp/r.csv"  # a cut last line, as a crash leaves it
cp "$tmp/t1.csv.json" "$tmp/r.csv.json"
if S --threads 2 --trajectory "$tmp/r.csv" --resume --out "$tmp/wr.txt" >"$tmp/sr.txt" &&
  cmp -s "$tmp/t1.csv" "$tmp/r.csv"; then pass; else fail "a resumed trajectory differs from a straight run"; fi
if grep -q '3 of 3 iterations (1 this run, 8 games)' "$tmp/sr.txt" && cmp -s "$tmp/w1.txt" "$tmp/wr.txt"; then pass; else
  fail "the resumed run's summary or weights: $(cat "$tmp/sr.txt")"; fi
# A finished trajectory resumes to nothing more, unchanged.
if S --trajectory "$tmp/r.csv" --resume >/dev/null && cmp -s "$tmp/t1.csv" "$tmp/r.csv"; then pass; else
  fail "resuming a finished trajectory changed it"; fi

# --- seega summary of a trajectory: the run's own summary, read back from the file and FILE.json ---------
S --threads 2 --trajectory "$tmp/j.csv" --json >"$tmp/j.json"
if "$seega" summary "$tmp/j.csv" --json >"$tmp/js.json"; then pass; else fail "summary of a trajectory: exit $?"; fi
same_summary "summary of a trajectory against its run's --json" "$tmp/j.json" "$tmp/js.json"
if grep -q '"read_back"' "$tmp/js.json" && "$seega" summary "$tmp/j.csv" | grep -q '3 of 3 iterations (3 this run, 24 games), read back from'
then pass; else fail "summary of a trajectory does not say it was read back: $(cat "$tmp/js.json")"; fi
# A trajectory cut after one row is summarised as incomplete at that row's state (exit 0), not as the whole run.
head -n 2 "$tmp/j.csv" >"$tmp/jc.csv"
cp "$tmp/j.csv.json" "$tmp/jc.csv.json"
if out=$("$seega" summary "$tmp/jc.csv") && grep -q '1 of 3 iterations (incomplete: the file holds 1 of the 3 iterations' <<<"$out"
then pass; else fail "summary of a cut trajectory: $out"; fi
cp "$tmp/j.csv" "$tmp/jn.csv"
bad_says "summary of a trajectory without its configuration" "jn.csv.json: no such file" summary "$tmp/jn.csv"
bad_says "summary --csv of a trajectory" "prints no CSV summary" summary "$tmp/j.csv" --csv
# A row that is not this run's schedule is refused, as a resume refuses it.
awk -F, 'BEGIN { OFS = "," } NR == 2 { $4 = "9.5" } { print }' "$tmp/j.csv" >"$tmp/jb.csv"
cp "$tmp/j.csv.json" "$tmp/jb.csv.json"
bad_says "summary of a trajectory whose c_k was edited" "line 2: c_k or a_k is not iteration 1's" summary "$tmp/jb.csv"

# --- refusals: other options, a damaged file, an existing file without --resume ---------------------------
bad_says "spsa --resume with another --c-end" "c_end=4.0, this run has c_end=3.0" \
  spsa --quiet --player "$P" --iterations 3 --pairs 4 --seed 5 --c-end 3 --trajectory "$tmp/r.csv" --resume
bad_says "spsa --resume with another --tune" "the trajectory was made with tune=" \
  spsa --quiet --player "$P" --iterations 3 --pairs 4 --seed 5 --tune mobility --trajectory "$tmp/r.csv" --resume
bad_says "spsa --resume with more iterations" "iterations=3, this run has iterations=4" \
  spsa --quiet --player "$P" --iterations 4 --pairs 4 --seed 5 --trajectory "$tmp/r.csv" --resume
bad_says "spsa over an existing trajectory" "pass --resume" "${A[@]}" --trajectory "$tmp/r.csv"
sed '3s/^2,8,/2,8,x/' "$tmp/t1.csv" >"$tmp/bad.csv" && cp "$tmp/t1.csv.json" "$tmp/bad.csv.json"
bad_says "spsa --resume of a damaged row" "bad.csv: line 3: result 'x" "${A[@]}" --trajectory "$tmp/bad.csv" --resume
sed '4s/^3,/7,/' "$tmp/t1.csv" >"$tmp/seq.csv" && cp "$tmp/t1.csv.json" "$tmp/seq.csv.json"
bad_says "spsa --resume of rows out of sequence" "line 4: iteration '7' where iteration 3 belongs" \
  "${A[@]}" --trajectory "$tmp/seq.csv" --resume
sed '3s/^2,8,/2,9,/' "$tmp/t1.csv" >"$tmp/games.csv" && cp "$tmp/t1.csv.json" "$tmp/games.csv.json"
bad_says "spsa --resume of a row of another schedule" "games.csv: line 3: 9 games where this run plays 8" \
  "${A[@]}" --trajectory "$tmp/games.csv" --resume
cp "$tmp/t1.csv" "$tmp/nometa.csv"
bad_says "spsa --resume without the configuration" "nometa.csv.json: missing or unreadable" \
  "${A[@]}" --trajectory "$tmp/nometa.csv" --resume
bad_says "spsa --resume without --trajectory" "--resume needs --trajectory" "${A[@]}" --resume

# --- Ctrl-C: exit 130, whole rows only, and a resume goes on from them ---------------------------------
"$seega" spsa --quiet --player "$P" --iterations 100000 --pairs 4 --seed 5 --trajectory "$tmp/int.csv" >"$tmp/int.txt" &
run=$!
for _ in $(seq 100); do [ "$(wc -l 2>/dev/null <"$tmp/int.csv" || echo 0)" -ge 3 ] && break; sleep 0.05; done
kill -INT "$run"; wait "$run"
code=$?
if [ "$code" -eq 130 ] && grep -q 'interrupted: --resume continues' "$tmp/int.txt" &&
  [ "$(tail -c 1 "$tmp/int.csv" | od -An -c | tr -d ' ')" = '\n' ]; then pass; else
  fail "spsa after Ctrl-C: exit $code: $(cat "$tmp/int.txt")"; fi

# A run stopped by Ctrl-C part way and resumed ends with the trajectory of a straight run.
B=(spsa --quiet --player "$P" --iterations 30 --pairs 4 --seed 7)
"$seega" "${B[@]}" --threads 1 --trajectory "$tmp/straight.csv" >/dev/null
"$seega" "${B[@]}" --trajectory "$tmp/stopped.csv" >/dev/null &
run=$!
for _ in $(seq 100); do [ "$(wc -l 2>/dev/null <"$tmp/stopped.csv" || echo 0)" -ge 3 ] && break; sleep 0.02; done
kill -INT "$run" 2>/dev/null; wait "$run"
rows=$(($(wc -l <"$tmp/stopped.csv") - 1))
if "$seega" "${B[@]}" --trajectory "$tmp/stopped.csv" --resume >/dev/null && cmp -s "$tmp/straight.csv" "$tmp/stopped.csv"
then pass; else fail "a trajectory stopped after $rows rows and resumed differs from a straight run"; fi

# --- the weights: read back, tuned names, players --------------------------------------------------------
if "$seega" eval --weights "$tmp/w1.txt" --print-weights | grep -q '^material 100$'; then pass; else
  fail "the final weights do not read back: $(cat "$tmp/w1.txt")"; fi
S --tune mobility,threats --json >"$tmp/j.json"
if "$py" - "$tmp/j.json" <<'EOF2'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["iterations"] == 3 and j["games_this_run"] == 24 and not j["interrupted"], j
assert sorted(j["tuned"]) == ["mobility", "threats"] and j["tuned"]["threats"]["start"] == 30, j["tuned"]
EOF2
then pass; else fail "spsa --json: $(cat "$tmp/j.json")"; fi
printf 'material 100\nplacement.mobility 5\n' >"$tmp/split.txt"
if S --weights "$tmp/split.txt" --tune placement.mobility,mobility --out "$tmp/ws.txt" >/dev/null &&
  "$seega" eval --weights "$tmp/ws.txt" --print-weights | grep -q '^placement.mobility '; then pass; else
  fail "spsa on split weights"; fi

# Several players take the iterations in turn: the configuration names them in order, a resume with
# one of them (or in another order) is refused, the final weights' comment gives the command's options,
# and summary reads the trajectory back as the run reported it.
M=(spsa --quiet --player 'ab(depth=1)' --player "$P" --iterations 4 --pairs 2 --seed 5)
"$seega" "${M[@]}" --trajectory "$tmp/m.csv" --out "$tmp/wm.txt" --json >"$tmp/m.json"
if "$py" - "$tmp/m.csv.json" "$tmp/m.json" <<'EOF2'
import json, sys
meta, run = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert meta["player"] == "ab(depth=1) then ab(depth=2)", meta
assert run["player"] == "ab(depth=1) then ab(depth=2)" and run["iterations"] == 4, run
EOF2
then pass; else fail "spsa with two players: $(cat "$tmp/m.csv.json" "$tmp/m.json")"; fi
if head -n 1 "$tmp/wm.txt" | grep -q -- "--player ab(depth=1) --player ab(depth=2) --iterations 4"; then pass; else
  fail "spsa with two players: the weights' comment: $(head -n 1 "$tmp/wm.txt")"; fi
"$seega" summary "$tmp/m.csv" --json >"$tmp/ms.json"
same_summary "summary of a two-player trajectory" "$tmp/m.json" "$tmp/ms.json"
bad_says "spsa --resume of a two-player trajectory with one" 'made with player="ab(depth=1) then ab(depth=2)", this run has player="ab(depth=1)"' \
  spsa --quiet --player 'ab(depth=1)' --iterations 4 --pairs 2 --seed 5 --trajectory "$tmp/m.csv" --resume
bad_says "spsa --resume of a two-player trajectory in the other order" 'this run has player="ab(depth=2) then ab(depth=1)"' \
  spsa --quiet --player "$P" --player 'ab(depth=1)' --iterations 4 --pairs 2 --seed 5 --trajectory "$tmp/m.csv" --resume
bad_says "spsa with a clock player second" "thinks by the clock" spsa --player "$P" --player 'ab(time=100)'
bad_says "spsa with several players, one with weights=" "give the starting weights once, with --weights" \
  spsa --player "$P" --player "ab(depth=1,weights=$tmp/w1.txt)"

# --vary from the empty board: each game pair its own configuration. The configuration records it, so a
# resume without it is refused; the summary reads it back; the weights' comment names it; and the trajectory
# is another than without it, the same on any thread count.
V=(spsa --quiet --player 'ab(depth=1)' --iterations 3 --pairs 4 --seed 5 --opening-turns 0)
"$seega" "${V[@]}" --vary --threads 1 --trajectory "$tmp/v1.csv" --out "$tmp/wv.txt" --json >"$tmp/v.json"
"$seega" "${V[@]}" --vary --threads 2 --trajectory "$tmp/v2.csv" >/dev/null
"$seega" "${V[@]}" --threads 2 --trajectory "$tmp/nv.csv" >/dev/null
if cmp -s "$tmp/v1.csv" "$tmp/v2.csv" && ! cmp -s "$tmp/v1.csv" "$tmp/nv.csv"; then pass; else
  fail "spsa --vary: threads 1 and 2 differ, or --vary changed nothing"; fi
if [ "$(json_field '["vary"]' <"$tmp/v1.csv.json")" = True ] && [ "$(json_field '["vary"]' <"$tmp/v.json")" = True ] &&
  [ "$(json_field '.get("vary")' <"$tmp/nv.csv.json")" = None ] && head -n 1 "$tmp/wv.txt" | grep -q -- "--opening-turns 0 --vary"
then pass; else fail "spsa --vary is not recorded: $(cat "$tmp/v1.csv.json") $(head -n 1 "$tmp/wv.txt")"; fi
"$seega" summary "$tmp/v1.csv" --json >"$tmp/vs.json"
same_summary "summary of a --vary trajectory" "$tmp/v.json" "$tmp/vs.json"
bad_says "spsa --resume of a --vary trajectory without --vary" "the trajectory was made with vary=true" \
  "${V[@]}" --trajectory "$tmp/v1.csv" --resume
bad_says "spsa --vary with a player that sets vary" "leave vary= out of the player" \
  spsa --player 'ab(depth=1,vary=2)' --vary
# Any key only the file's configuration has is a difference, not only vary (the build keys aside: a
# resume by another build continues, and the origin is the command that wrote the file).
"$py" -c 'import json, sys; j = json.load(open(sys.argv[1])); j["future_key"] = 3; j["build"] = "0000"
json.dump(j, open(sys.argv[1], "w"))' "$tmp/nv.csv.json"
bad_says "spsa --resume of a trajectory whose configuration has a key this run has not" \
  "the trajectory was made with future_key=3, this run has future_key=nothing" "${V[@]}" --trajectory "$tmp/nv.csv" --resume
"$py" -c 'import json, sys; j = json.load(open(sys.argv[1])); del j["future_key"]
json.dump(j, open(sys.argv[1], "w"))' "$tmp/nv.csv.json"
if "$seega" "${V[@]}" --trajectory "$tmp/nv.csv" --resume >/dev/null 2>"$tmp/err"; then pass; else
  fail "spsa --resume of a trajectory another build wrote is refused: $(cat "$tmp/err")"; fi

bad_says "spsa with an unknown --tune name" "unknown weight 'mobilty' (did you mean 'mobility'?)" "${A[@]}" --tune mobilty
bad_says "spsa with placement. on unsplit weights" "not split by phase" "${A[@]}" --tune placement.safe
bad_says "spsa with a --tune name twice" "given twice" "${A[@]}" --tune safe,safe
bad_says "spsa with an empty --tune name" "an empty name" "${A[@]}" --tune safe,,threats
bad_says "spsa with a clock player" "thinks by the clock" spsa --player 'ab(time=100)'
bad_says "spsa with a level player without deterministic" "thinks by the clock" spsa --player 'level(2)'
bad_says "spsa with a player without weights" "no evaluation weights" spsa --player greedy
bad_says "spsa with --c-end 0" "--c-end 0" "${A[@]}" --c-end 0
bad "spsa with --c-end abc" "${A[@]}" --c-end abc
bad_says "spsa with --r-end -1" "--r-end -1" "${A[@]}" --r-end -1
bad_says "spsa with --pairs 0" "--pairs 0" spsa --player "$P" --pairs 0
bad_says "spsa with --iterations 0" "--iterations 0" spsa --player "$P" --iterations 0
bad_says "spsa --out in a missing directory" "is not a directory" "${A[@]}" --out "$tmp/nodir/w.txt"
bad_says "spsa --trajectory a directory" "is a directory" "${A[@]}" --trajectory "$tmp"
bad "spsa without --player" spsa --iterations 3

finish "cli spsa"

#!/usr/bin/env bash
# seega summary FILE: the summary of a match's or a ladder's results file, complete and interrupted, is
# the one the run printed (text, --json and --csv), with no other option; a run extended by --resume, a
# merged file, and a file whose header predates the recorded command line are summarised too; bad input
# is one line and exit 2. seega compare A B: the difference of two runs with intervals, and what else
# differs between them.
# Usage: cli_summary_test.sh path/to/seega
set -u
seega=$1
source "$(dirname "$0")/cli_lib.sh"
cd "$tmp" || exit 1

# same_text <what> <a> <b>: two text summaries equal but for their last line (the time, which a file
# does not keep).
same_text() {
  if cmp -s <(sed '$d' "$2") <(sed '$d' "$3"); then pass; else fail "$1: $(diff <(sed '$d' "$2") <(sed '$d' "$3") | head -c 400)"; fi
}
# same_csv <what> <a> <b>: two CSV summaries equal but for the games_per_second column.
same_csv() {
  if "$py" - "$2" "$3" <<'EOF'
import csv, sys
def load(p):
    head, row = list(csv.reader(open(p)))
    return {k: v for k, v in zip(head, row) if k != "games_per_second"}
sys.exit(0 if load(sys.argv[1]) == load(sys.argv[2]) else 1)
EOF
  then pass; else fail "$1: $(cat "$2" "$3" | head -c 600)"; fi
}

# --- a complete match: text, JSON and CSV -------------------------------------------------------------
match=(match --a 'ab(depth=2)' --b 'ab(depth=1)' --games 40 --opening-turns 2 --seed 5 --quiet)
"$seega" "${match[@]}" --out m.jsonl >m.txt || fail "the match"
"$seega" summary m.jsonl >ms.txt || fail "summary of the match"
same_text "match: summary text against the run's" m.txt ms.txt
grep -q '^read back from m.jsonl' ms.txt && pass || fail "match: the summary does not say it was read back: $(tail -n 1 ms.txt)"
rm m.jsonl
"$seega" "${match[@]}" --out m.jsonl --json >m.json || fail "the match, --json"
"$seega" summary m.jsonl --json >ms.json || fail "summary --json"
same_summary "match: summary --json against the run's" m.json ms.json
# Read back, the run's time is not known: null, not 0, and the summary says where it was read from.
"$py" -c '
import json, sys
j = json.load(open(sys.argv[1]))
assert j["seconds"] is None and j["games_per_second"] is None and j["read_back"] == "m.jsonl", j
assert "read_back" not in json.load(open(sys.argv[2]))' ms.json m.json && pass ||
  fail "summary --json's timing: $(grep -o '"seconds":[^,]*\|"games_per_second":[^,]*\|"read_back":[^,]*' ms.json)"
"$seega" "${match[@]}" --csv >m.csv
"$seega" summary m.jsonl --csv >ms.csv || fail "summary --csv"
same_csv "match: summary --csv against the run's" m.csv ms.csv
# The header carries the command line, the date and the build.
"$py" - m.jsonl <<'EOF' && pass || fail "match: the header lacks its origin: $(head -c 400 m.jsonl)"
import json, re, sys
h = json.loads(open(sys.argv[1]).readline())
o = h["origin"]
assert o["command"][:4] == ["seega", "match", "--a", "ab(depth=2)"], o
assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", o["date"]), o
assert h["build"] and h["version"]
EOF

# --- interrupted runs: the file holds what the run printed -----------------------------------------------
# interrupted <name> <lines> <command...>: starts the command with --out NAME.jsonl --json, sends Ctrl-C
# once the file holds more than <lines> lines, and checks that seega summary of the file prints the summary
# the interrupted run printed and exits 0. Read back, a file cannot tell an interrupted run from one still
# being written or one a resume ended at fewer games: it is marked incomplete, and "interrupted" is null.
interrupted() {
  local name=$1 lines=$2 n code; shift 2
  "$seega" "$@" --out "$name.jsonl" --json >"$name.json" 2>"$name.err" &
  local pid=$!
  for _ in $(seq 600); do
    n=$(grep -c '' "$name.jsonl" 2>/dev/null)
    [ "${n:-0}" -gt "$lines" ] && break
    sleep 0.1
  done
  kill -INT "$pid"
  wait "$pid"
  code=$?
  [ "$code" -eq 130 ] && pass || fail "$name: the interrupted run exited $code: $(cat "$name.err")"
  "$seega" summary "$name.jsonl" --json >"$name.s.json"
  code=$?
  [ "$code" -eq 0 ] && pass || fail "$name: summary of the interrupted run's file exited $code"
  same_summary "$name: summary --json against the interrupted run's" "$name.json" "$name.s.json" interrupted \
    interrupted_reason
  "$py" -c '
import json, sys
j = json.load(open(sys.argv[1]))
assert j["complete"] is False and j["interrupted"] is None and "still being written" in j["interrupted_reason"], j
' "$name.s.json" && pass || fail "$name: the summary is not marked incomplete: $(head -c 300 "$name.s.json")"
}
interrupted cut 12 match --a 'ab(depth=3)' --b 'ab(depth=2)' --games 100000 --opening-turns 2 --seed 9 --quiet --threads 1
"$seega" summary cut.jsonl | grep -q '(incomplete: the file holds [0-9]* of the 100000 games its command asked for' &&
  pass || fail "the interrupted match's text summary does not say it is incomplete"
# A match cut at 20 of its 40 games, then resumed to 20: complete, as the resume said; the file's command
# asked for 40, so its summary says incomplete (with the count), and not that the run was interrupted.
"$seega" match --a greedy --b random --games 40 --seed 3 --threads 1 --quiet --out few.jsonl >/dev/null
head -n 21 few.jsonl >few20.jsonl
"$seega" match --a greedy --b random --games 20 --seed 3 --threads 1 --quiet --out few20.jsonl --resume >few.txt
"$seega" summary few20.jsonl >fews.txt
if ! grep -q '(interrupted' few.txt fews.txt && grep -q '(incomplete: the file holds 20 of the 40 games' fews.txt; then
  pass; else fail "a match resumed to fewer games: $(head -n 1 few.txt fews.txt)"; fi
interrupted lcut 12 ladder --players greedy 'ab(depth=2)' 'ab(depth=3)' --games-per-pair 100000 --opening-turns 2 \
  --seed 9 --quiet --threads 1
interrupted rcut 6 run-sim --player 'ab(depth=3)' --runs 100000 --max-level 4 --seed 9 --quiet --threads 1

# --- a run extended by --resume with more games: the file's games, all of them --------------------------
short=(match --a 'ab(depth=2)' --b 'ab(depth=1)' --opening-turns 2 --seed 5 --quiet)
"$seega" "${short[@]}" --games 20 --out ext.jsonl >/dev/null
"$seega" "${short[@]}" --games 40 --out ext.jsonl --resume --json >ext.json
"$seega" summary ext.jsonl --json >exts.json
same_summary "a match extended by --resume" ext.json exts.json

# --- a header of an older seega (no command line): rebuilt from the header as a match ----------------------
"$py" - m.jsonl old.jsonl <<'EOF'
import json, sys
lines = open(sys.argv[1]).read().split("\n")
h = json.loads(lines[0]); del h["origin"]
lines[0] = json.dumps(h, separators=(",", ":"), sort_keys=True)
open(sys.argv[2], "w").write("\n".join(lines))
EOF
"$seega" summary old.jsonl --json >olds.json || fail "summary of a header without its command line"
same_summary "a header without its command line" m.json olds.json

# --- a ladder, complete and merged from shards ----------------------------------------------------------
ladder=(ladder --players random greedy 'ab(depth=1)' --games-per-pair 12 --opening-turns 1 --seed 4 --quiet)
"$seega" "${ladder[@]}" --out l.jsonl >l.txt || fail "the ladder"
"$seega" summary l.jsonl >ls.txt || fail "summary of the ladder"
same_text "ladder: summary text against the run's" l.txt ls.txt
"$seega" "${ladder[@]}" --json >l.json
"$seega" summary l.jsonl --json >ls.json
same_summary "ladder: summary --json against the run's" l.json ls.json
for i in 0 1 2; do "$seega" "${match[@]}" --shard $i/3 --out "s$i.jsonl" >/dev/null 2>&1; done
"$seega" merge s0.jsonl s1.jsonl s2.jsonl --out merged.jsonl >/dev/null || fail "merge"
"$seega" summary merged.jsonl --json >merged.json || fail "summary of a merged file"
same_summary "a merged file against the one run" m.json merged.json
"$seega" summary s1.jsonl --json >s1.json || fail "summary of a shard's file"
grep -q '"shard":"1/3"' s1.json && pass || fail "a shard's summary does not name its shard"

# --- run-sim: complete and cut short --------------------------------------------------------------------
sim=(run-sim --player greedy --runs 30 --max-level 3 --seed 3 --quiet)
"$seega" "${sim[@]}" --out r.jsonl --json >r.json || fail "run-sim"
"$seega" summary r.jsonl --json >rs.json || fail "summary of a run-sim file"
# compare of two run-sims: the builtin levels against a candidate table, each level that differs named, and
# B minus A of the mean levels beaten and score with their intervals.
printf '1 level(1,deterministic)\n2 ab(depth=2,blunder=0.25)\n3 level(3,deterministic)\n' >cand.levels
"$seega" "${sim[@]}" --levels cand.levels --out rc.jsonl --json >rc.json || fail "run-sim with a level table"
"$seega" compare r.jsonl rc.jsonl --json >rcmp.json || fail "compare of two run-sims"
"$py" - rcmp.json r.json rc.json <<'EOF2' && pass || fail "compare of two run-sims: $(head -c 800 rcmp.json)"
import json, math, sys
c, a, b = (json.load(open(p)) for p in sys.argv[1:])
assert c["kind"] == "run-sim", c
assert c["differences"] == ["the levels: the makers' built-in levels (deterministic) vs a table of 3 levels"], c
assert c["sampling"] == [] and "warning" not in c, c
for key, fig in [("wins_mean", "wins"), ("score_mean", "score")]:
    f = c["figures"][key]
    assert math.isclose(f["difference"], b[fig]["mean"] - a[fig]["mean"]), (key, f)
    assert f["a_ci95"] == a[fig]["mean_ci95"] and f["b_ci95"] == b[fig]["mean_ci95"], (key, f)
EOF2
printf '1 level(1,deterministic)\n2 level(2,deterministic)\n3 level(3,deterministic)\n' >cand2.levels
"$seega" "${sim[@]}" --levels cand2.levels --out rc2.jsonl >/dev/null || fail "run-sim with another level table"
"$seega" compare rc2.jsonl rc.jsonl >rcmp.txt
grep -q '^the runs differ in: level 2: level(2,deterministic) vs ab(depth=2,blunder=0.25)$' rcmp.txt && pass ||
  fail "compare of two level tables names the level: $(cat rcmp.txt)"
same_summary "run-sim: summary --json against the run's" r.json rs.json
"$seega" "${sim[@]}" >r.txt
"$seega" summary r.jsonl >rs.txt
same_text "run-sim: summary text against the run's" r.txt rs.txt
head -n 11 r.jsonl >rcut.jsonl
"$seega" summary rcut.jsonl --json >rcut.json
"$py" -c '
import json, sys
j = json.load(open(sys.argv[1]))
assert j["runs"] == 10 and j["complete"] is False and j["interrupted"] is None, j' rcut.json && pass || fail "summary of a cut run-sim file: $(head -c 300 rcut.json)"
bad_says "run-sim summary --csv" "no CSV" summary r.jsonl --csv
# A simulation extended by a resume: the summary is the extended run's, not its first command's.
cp r.jsonl rx.jsonl
"$seega" "${sim[@]/30/40}" --out rx.jsonl --resume --json >rx.json || fail "run-sim --resume to 40 runs"
"$seega" summary rx.jsonl --json >rxs.json || fail "summary of an extended run-sim file"
same_summary "run-sim extended by a resume: summary --json against the run's" rx.json rxs.json

# --- files the run read, moved since: the header holds what they held --------------------------------------
# A player's weights file, a ladder's --levels table and its weights: summary reads none of them.
printf 'material 100\nmobility 3\nthreats 20\n' >w.txt
printf '1 random\n2 ab(depth=1,weights=w.txt)\n' >t.levels
wm=(match --a 'ab(depth=1,weights=w.txt)' --b 'ab(depth=1)' --games 8 --opening-turns 2 --seed 5 --quiet --json)
wl=(ladder --players greedy --levels t.levels --games-per-pair 4 --opening-turns 1 --seed 4 --quiet --json)
ws=(run-sim --player 'ab(depth=1,weights=w.txt)' --runs 6 --max-level 2 --seed 3 --quiet --json)
"$seega" "${wm[@]}" --out wm.jsonl >wm.json && "$seega" "${wl[@]}" --out wl.jsonl >wl.json &&
  "$seega" "${ws[@]}" --out ws.jsonl >ws.json || fail "the runs with a weights file"
mkdir -p moved && mv w.txt t.levels moved/
for k in wm wl ws; do
  if "$seega" summary $k.jsonl --json >${k}s.json 2>${k}s.err; then
    same_summary "summary of a $k file whose weights file moved" $k.json ${k}s.json
  else
    fail "summary refuses a $k file whose weights file moved: $(cat ${k}s.err)"
  fi
done
mv moved/w.txt moved/t.levels .

# --- a positions file: its rows, and the command that made them --------------------------------------------
"$seega" gen-data --players greedy random --games 6 --positions-per-game 3 --label result --seed 2 --out d.csv --quiet \
  >/dev/null || fail "gen-data"
"$seega" summary d.csv --json >ds.json || fail "summary of a positions file"
"$py" - ds.json d.csv <<'EOF' && pass || fail "summary of a positions file: $(head -c 400 ds.json)"
import csv, json, sys
j = json.load(open(sys.argv[1]))
rows = list(csv.DictReader(open(sys.argv[2])))
assert j["positions"] == len(rows) and j["games"] == len({r["game"] for r in rows}), j
assert j["placement_positions"] == sum(r["phase"] == "placement" for r in rows), j
assert j["configuration"]["origin"]["command"][:2] == ["seega", "gen-data"], j
EOF

# --- compare: B minus A, and what else differs ----------------------------------------------------------
# 80 games each: enough effective clusters (at least 20) for every clustered interval.
a_run=(match --a 'ab(depth=2)' --games 80 --opening-turns 2 --quiet)
"$seega" "${a_run[@]}" --b 'ab(depth=1)' --seed 5 --out p.jsonl --json >p.json
"$seega" "${a_run[@]}" --b 'ab(depth=1)' --seed 6 --rules 'standard(quiet_plies=12)' --out q.jsonl --json >q.json
"$seega" compare p.jsonl q.jsonl --json >cmp.json || fail "compare"
"$py" - cmp.json p.json q.json <<'EOF2' && pass || fail "compare: $(head -c 600 cmp.json)"
import json, math, sys
c, a, b = (json.load(open(p)) for p in sys.argv[1:])
assert c["differences"] == ["rules quiet_plies: the preset's vs 12"], c["differences"]
assert c["sampling"] == ["seed: 5 vs 6"] and "warning" not in c, c
for key, rate in [("last_placer_score", "last_placer_score"), ("draw_rate", "draw_rate")]:
    f = c["figures"][key]
    assert math.isclose(f["difference"], b[rate] - a[rate]), (key, f, a[rate], b[rate])
# The difference's interval adds the runs' clustered ones in quadrature.
f = c["figures"]["last_placer_score"]
se = lambda ci: (ci[1] - ci[0]) / (2 * 1.959963984540054)
half = 1.959963984540054 * math.hypot(se(a["last_placer_score_ci95"]), se(b["last_placer_score_ci95"]))
assert math.isclose(f["difference_ci95"][1] - f["difference"], half), (f, half)
assert f["a_ci95"] == a["last_placer_score_ci95"] and f["b_ci95"] == b["last_placer_score_ci95"]
EOF2
"$seega" compare m.jsonl m.jsonl --json >self.json
"$py" -c '
import json, sys
c = json.load(open(sys.argv[1]))
assert c["differences"] == [] and "no setting" in c["warning"], c
assert all(f["difference"] == 0 for f in c["figures"].values()), c' self.json && pass || fail "compare of a file with itself: $(cat self.json)"
"$seega" "${a_run[@]}" --b greedy --seed 6 --rules 'standard(quiet_plies=12)' --out two.jsonl >/dev/null
"$seega" compare p.jsonl two.jsonl >two.txt
grep -q '^warning: the runs differ in 2 settings' two.txt && grep -q 'B: ab(depth=1) vs greedy' two.txt && pass ||
  fail "compare of runs differing in two settings: $(cat two.txt)"
# --- each player's evaluation: in the header, checked by a resume, named by compare ----------------------
# pe.jsonl is p.jsonl as if A's built-in weights had been others when it was played.
"$py" - p.jsonl pe.jsonl <<'EOF2'
import json, sys
lines = open(sys.argv[1]).read().split("\n")
h = json.loads(lines[0])
assert h["evaluations"]["0"]["name"] == h["evaluations"]["1"]["name"] == "built-in 5x5 standard", h
h["evaluations"]["0"]["hash"] = "0123456789abcdef"
lines[0] = json.dumps(h, separators=(",", ":"))
open(sys.argv[2], "w").write("\n".join(lines))
EOF2
real=$("$py" -c 'import json,sys; print(json.loads(open(sys.argv[1]).readline())["evaluations"]["0"]["hash"])' p.jsonl)
bad_says "a resume across a change of built-in weights" \
  "player 'ab(depth=2)' evaluated with built-in 5x5 standard (weights 0123456789abcdef), this run's with built-in 5x5 standard (weights $real)" \
  "${a_run[@]}" --b 'ab(depth=1)' --seed 5 --out pe.jsonl --resume
# A match's summary names each side's evaluation and its placement= player's, as the header records them;
# read back, the same (the weights file a placement= spec names is not read again: it has moved here).
"$seega" eval --print-weights --rules standard | sed 's/^first_entry .*/first_entry 0/' >w0.txt
"$seega" match --a 'ab(depth=1)' --b 'random(placement=ab(depth=1,weights=w0.txt))' --games 4 --seed 3 --quiet \
  --out pl.jsonl --json >pl.json && mv w0.txt w0_moved.txt && "$seega" summary pl.jsonl --json >pls.json &&
  same_summary "summary of a match whose placement= player names a weights file" pl.json pls.json
"$py" -c '
import json, sys
e = json.load(open(sys.argv[1]))["evaluations"]
assert set(e) == {"a", "b.placement"}, e
assert e["a"]["name"] == "built-in 5x5 standard" and e["b.placement"]["name"] == "file w0.txt", e
assert e["a"]["hash"] != e["b.placement"]["hash"], e' pls.json && pass ||
  fail "the evaluations a match summary names: $(cat pls.json)"
# Read back, a file's summary names the evaluations its header records, not those of today's build.
"$py" -c '
import json, sys
j = json.load(open(sys.argv[1]))
j["evaluations"]["a"]["hash"] = "0123456789abcdef"
json.dump(j, open(sys.argv[2], "w"))' p.json pe_expected.json
"$seega" summary pe.jsonl --json >pes.json &&
  same_summary "summary of a file whose evaluation has changed since" pe_expected.json pes.json
"$seega" compare p.jsonl pe.jsonl --json >cmpe.json
"$py" - cmpe.json "$real" <<'EOF2' && pass || fail "compare names a difference of evaluation: $(cat cmpe.json)"
import json, sys
c = json.load(open(sys.argv[1]))
want = f"A's evaluation: built-in 5x5 standard (weights {sys.argv[2]}) vs built-in 5x5 standard (weights 0123456789abcdef)"
assert c["differences"] == [want], c["differences"]
EOF2
# The capture search limit a player takes from its board is recorded beside its weights: a file begun when
# 7x7 diagonal had no limit (here, its header without it) is not continued by a build that gives it one.
"$seega" match --rules 'diagonal(size=7)' --a 'ab(depth=1)' --b 'ab(depth=1,qplies=0)' --games 2 --seed 5 --quiet \
  --out d7.jsonl
"$py" - d7.jsonl d7old.jsonl <<'EOF2' || fail "the header records the board's capture limit: $(head -c 400 d7.jsonl)"
import json, sys
lines = open(sys.argv[1]).read().split("\n")
h = json.loads(lines[0])
assert h["evaluations"]["0"]["capture_plies"] == 8, h["evaluations"]
assert "capture_plies" not in h["evaluations"]["1"], h["evaluations"]  # qplies=0 is in its spec
del h["evaluations"]["0"]["capture_plies"]
lines[0] = json.dumps(h, separators=(",", ":"))
open(sys.argv[2], "w").write("\n".join(lines))
EOF2
bad_says "a resume across a change of the board's capture search limit" \
  "the board's capture search limit of 8 plies) (the board's capture search limit has changed since)" \
  match --rules 'diagonal(size=7)' --a 'ab(depth=1)' --b 'ab(depth=1,qplies=0)' --games 4 --seed 5 --quiet \
  --out d7old.jsonl --resume
"$seega" compare d7.jsonl d7old.jsonl >cmpd.txt 2>&1
d7=$("$seega" eval --print-weights --rules 'diagonal(size=7)' | sed -n '1s/^# \(built-in [^(]*\) (weights.*/\1/p')
grep -q "A's evaluation: $d7 (weights [0-9a-f]*, the board's capture search limit of 8 plies) vs $d7 (weights [0-9a-f]*)" \
  cmpd.txt && pass || fail "compare names a difference of capture limit: $(cat cmpd.txt)"
bad_says "compare of one file" "two results files" compare m.jsonl
bad_says "compare of a ladder" "compare reads matches" compare m.jsonl l.jsonl

# --- a file with no games yet, and a cut last line -------------------------------------------------------
head -n 1 m.jsonl >h.jsonl
"$seega" summary h.jsonl >h.txt 2>h.err && grep -q 'no games yet' h.txt && ! grep -q '50.0%\|distinct games' h.txt &&
  [ ! -s h.err ] && pass || fail "summary of a match file with no games: $(cat h.txt h.err)"
"$seega" summary h.jsonl --json >h.json && "$py" -c '
import json, sys
j = json.load(open(sys.argv[1]))
assert j["games"] == 0 and j["a_score"] is None and j["a_score_reason"] == "no games yet", j.get("a_score")
assert j["last_placer_score"] is None and j["last_placer_ci95"] is None and j["last_placer_ci95_reason"] == "no games yet"
' h.json && pass || fail "summary --json of a match file with no games: $(head -c 300 h.json)"
head -n 1 l.jsonl >lh.jsonl
"$seega" summary lh.jsonl >lh.txt 2>lh.err && grep -q 'no games yet' lh.txt && [ ! -s lh.err ] && pass ||
  fail "summary of a ladder file with no games: $(cat lh.txt lh.err)"
"$seega" summary lh.jsonl --json >lh.json && "$py" -c '
import json, sys
j = json.load(open(sys.argv[1]))
assert j["games"] == 0 and j["players"] is None and j["players_reason"] == "no games yet", j
' lh.json && pass || fail "summary --json of a ladder file with no games: $(cat lh.json)"
# A ladder whose games leave a player unrated: an error, and a non-zero exit.
"$py" - l.jsonl lpart.jsonl <<'EOF2'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
keep = [l for l in lines[1:] if json.loads(l)["index"] < 2]
open(sys.argv[2], "w").write("\n".join([lines[0]] + keep) + "\n")
EOF2
"$seega" summary lpart.jsonl >/dev/null 2>lpart.err
code=$?
[ "$code" -ne 0 ] && grep -q '^seega: error: no ratings' lpart.err && pass ||
  fail "a ladder file that rates no ladder: exit $code, $(cat lpart.err)"
# A cut last line is left out with a warning, as --resume warns.
head -c -25 m.jsonl >cutline.jsonl
"$seega" summary cutline.jsonl --json >cutline.json 2>cutline.err
grep -q '^seega: warning: cutline.jsonl: skipped a corrupt last line (an interrupted write)' cutline.err &&
  grep -q '"games":39' cutline.json && pass || fail "summary of a file with a cut last line: $(cat cutline.err)"
"$seega" compare cutline.jsonl m.jsonl >/dev/null 2>cutline.err
grep -q '^seega: warning: cutline.jsonl: skipped a corrupt last line' cutline.err && pass ||
  fail "compare of a file with a cut last line: $(cat cutline.err)"
head -c -25 r.jsonl >rcutline.jsonl
"$seega" summary rcutline.jsonl >/dev/null 2>cutline.err
grep -q '^seega: warning: rcutline.jsonl: skipped a corrupt last line' cutline.err && pass ||
  fail "summary of a run-sim file with a cut last line: $(cat cutline.err)"
"$seega" replay --games cutline.jsonl --index 0 >/dev/null 2>cutline.err
grep -q '^seega: warning: cutline.jsonl: skipped a corrupt last line' cutline.err && pass ||
  fail "replay of a file with a cut last line: $(cat cutline.err)"

# --- no zero-width interval: a role's score of 100%, and a run-sim file of no runs ------------------------
"$seega" match --quiet --a 'ab(depth=3)' --b random --games 60 --opening-turns 2 --seed 6 --json >sweep.json
"$py" - sweep.json <<'EOF2' && pass || fail "a score of 100% has a zero-width interval: $(head -c 400 sweep.json)"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["a_score_placing_last"] == 1 and j["last_placer_score"] not in (0, 1), j["a_score_placing_last"]
for k in ("a_score_placing_last_ci95", "a_score_placing_first_ci95"):
    lo, hi = j[k]
    assert hi == 1 and lo < 0.95, (k, lo, hi)
EOF2
"$seega" match --quiet --a 'ab(depth=3)' --b random --games 60 --opening-turns 2 --seed 6 | grep -q '100.0% \[100.0, 100.0\]' &&
  fail "a score of 100% prints [100.0, 100.0]" || pass
head -n 1 r.jsonl >rh.jsonl
"$seega" summary rh.jsonl --json >rh.json && "$py" -c '
import json, sys
j = json.load(open(sys.argv[1]))
assert j["runs"] == 0
for d in (j["wins"], j["score"]):
    assert d["mean_ci95"] is None and d["median_ci95"] is None and d["mean"] is None, d
    assert d["mean_ci95_reason"] == "no runs yet", d
' rh.json && pass || fail "summary --json of a run-sim file of no runs: $(cat rh.json)"
"$seega" summary rh.jsonl >rh.txt && grep -q 'no runs yet' rh.txt && ! grep -q '\[0.00, 0.00\]\|\[0, 0\]' rh.txt && pass ||
  fail "summary of a run-sim file of no runs: $(cat rh.txt)"

# --- the wrong kind of file: each says what it found and what the command reads -------------------------
echo quit | "$seega" play --out play.jsonl >/dev/null 2>&1
bad_says "compare of a play file" \
  "compare: A play.jsonl is a play file (seega play --out); compare reads two matches' results files" compare play.jsonl m.jsonl
bad_says "compare of a match with a run-sim" \
  "compare: A m.jsonl is a match's results file, B r.jsonl a run-sim file: compare reads two runs of one kind" \
  compare m.jsonl r.jsonl
"$seega" export m.jsonl --format csv --out games.csv
bad_says "compare of an export" "compare: A games.csv is games as CSV (seega export --format csv); compare reads" \
  compare games.csv m.jsonl
bad_says "summary of an export" "summary games.csv is games as CSV (seega export --format csv); summary reads" \
  summary games.csv
sed '1s/"rules":"standard"/"rules":"standerd"/' m.jsonl >badrules.jsonl
"$seega" compare badrules.jsonl m.jsonl 2>err.txt
[ "$(grep -o 'line 1 (the header)' err.txt | wc -l)" -eq 1 ] && grep -q 'rules: ' err.txt && pass ||
  fail "compare of a bad header says where once: $(cat err.txt)"
sed '1s/"origin":{[^}]*},//; 1s/"rules":"standard"/"rules":"standerd"/' m.jsonl >badold.jsonl
"$seega" summary badold.jsonl 2>err.txt
[ "$(grep -o 'line 1 (the header)' err.txt | wc -l)" -eq 1 ] && grep -q 'rules: ' err.txt && pass ||
  fail "summary of a bad header says where once: $(cat err.txt)"

# --- bad input -------------------------------------------------------------------------------------------
bad_says "summary of a missing file" "nothing.jsonl" summary nothing.jsonl
bad_says "summary of a directory" "not a regular file" summary .
printf 'position,phase\n' >data.csv
bad_says "summary of a CSV" "not a results file's header" summary data.csv
bad_says "--json and --csv" "choose one" summary m.jsonl --json --csv
head -n 5 m.jsonl >broken.jsonl
echo '{"type":"game","index":4}' >>broken.jsonl
head -n 8 m.jsonl | tail -n 2 >>broken.jsonl
bad_says "a corrupt game line" "line 6" summary broken.jsonl
bad_says "summary without a file" "file" summary

finish cli.summary

#!/usr/bin/env bash
# experiments/tune_eval/boards_report.py on a copy of a board's committed results: a candidate whose rows
# were played again (boards.sh's REPLAY_SEEDS in seedS/, REPLAY_CONFIGS in configs_C/) gets the table of
# pooled.py over every play, the same rows pooled.py prints when given the files by hand; a board without
# replays gets none; and the folders found are named in the table's title. A pattern fit without a
# candidate of its own shows its fit; its variant is named by pattern_stages.py's line, or, when the
# variant's weights file is not there (it is not committed), said to be missing rather than a traceback;
# and a folder with no row played of its own says so. A variant's replays are pooled, and the rows
# against the board's built-in weights (boards.sh's VS_BUILTIN) have a table. --passes lets a folder's
# replays decide its fixed-depth rows, pooled.
set -u
root=$1
here=$root/experiments/tune_eval
from=$here/results/boards/5x5_chain_spsa_vary
source "$(dirname "$0")/cli_lib.sh"

b=$tmp/boards/5x5_chain_spsa_vary
mkdir -p "$b/seed19" "$b/configs_401"
cp "$from"/{candidate.txt,gate.json,spsa.json,spsa.csv,spsa.csv.json,population_d1.json,population_d2.json} "$b/"
cp "$from/seed19/gate.json" "$b/seed19/"
cp "$from"/configs_401/population_d{1,2}.json "$b/configs_401/"
# The same board with no replays.
mkdir -p "$tmp/boards/alone"
cp "$b"/{candidate.txt,gate.json,spsa.json,spsa.csv,spsa.csv.json,population_d1.json} "$tmp/boards/alone/"

"$py" "$here/boards_report.py" "$tmp/boards" >"$tmp/report.md" 2>"$tmp/err" || fail "boards_report.py exited $?: $(cat "$tmp/err")"
# The pooled table of the report: the lines after its title, up to the blank line after the table.
awk '/the fixed-depth rows pooled over their plays/ { on = 1; next } on && /^\|/ { print; seen = 1; next } seen { exit }' \
  "$tmp/report.md" >"$tmp/in_report.md"
"$py" "$here/pooled.py" --gate "$b/gate.json" --gate "$b/seed19/gate.json" --populations "$b" \
  --populations "$b/configs_401" | grep '^|' >"$tmp/by_hand.md"
if [ -s "$tmp/by_hand.md" ] && cmp -s "$tmp/in_report.md" "$tmp/by_hand.md"; then pass
else fail "the report's pooled table is not pooled.py's: $(diff "$tmp/in_report.md" "$tmp/by_hand.md" | head -5)"; fi
# Two plays of every row: the gate's and seed 19's; the gate's populations and configurations 401 on.
if grep -q "depth 2, 2 random opening turns | 2: " "$tmp/in_report.md" &&
  grep -q "depth 2, empty board (vary) | 2: " "$tmp/in_report.md"; then pass
else fail "a row is not pooled over two plays: $(cat "$tmp/in_report.md")"; fi
grep -q "5x5_chain_spsa_vary: the fixed-depth rows pooled over their plays (the gate's, seed19/, configs_401/)" \
  "$tmp/report.md" && pass || fail "the pooled table's title does not name the replays: $(grep pooled "$tmp/report.md")"
[ "$(grep -c "pooled over their plays" "$tmp/report.md")" = 1 ] && pass || fail "a board without replays has a pooled table"

p=$tmp/boards/5x5_chain_patterns_d10_tables
from=$here/results/boards/5x5_chain_patterns_d10_tables
mkdir -p "$p/variants/movement_tables"
cp "$from"/{fit.txt,fit.json} "$p/"
cp "$from"/variants/movement_tables/{gate.json,population_d1.json} "$p/variants/movement_tables/"
if "$py" "$here/boards_report.py" "$tmp/boards" >"$tmp/report.md" 2>"$tmp/err" &&
  grep -q "variant movement_tables (one_factor/movement_tables.txt is not here)" "$tmp/report.md"; then pass
else fail "a variant whose weights file is missing: $(tail -2 "$tmp/err")"; fi
mkdir -p "$p/one_factor"
(cd "$p" && "$py" "$here/pattern_stages.py" --stages 2,3,4 fit.txt >one_factor/movement_tables.txt)
if "$py" "$here/boards_report.py" "$tmp/boards" >"$tmp/report.md" 2>"$tmp/err" &&
  grep -q "variant movement_tables (fit.txt with the tables of stages 2,3,4 only)" "$tmp/report.md"; then pass
else fail "a pattern variant with the fit's linear weights: $(grep "variant movement" "$tmp/report.md") $(tail -2 "$tmp/err")"; fi
# The folder holds a fit and no gate row of its own (its variant's rows are the variant's): no verdict of
# rows that pass.
if grep -q "5x5_chain_patterns_d10_tables: the pattern fit against the general weights\*\* — no row played" \
  "$tmp/report.md"; then pass
else fail "a fit with no row played: $(grep "5x5_chain_patterns_d10_tables: the pattern" "$tmp/report.md")"; fi
# A variant's replays (placement.sh's REPLAY=1 in seedS/) are pooled with its rows, as a board's are; and
# boards.sh's VS_BUILTIN rows (vs_builtin/) are a table of their own.
mkdir -p "$p/variants/movement_tables/seed13" "$p/vs_builtin"
cp "$from/variants/movement_tables/seed13/gate.json" "$p/variants/movement_tables/seed13/"
cp "$from/variants/movement_tables/gate.json" "$p/vs_builtin/"
"$py" "$here/boards_report.py" "$tmp/boards" >"$tmp/report.md" 2>"$tmp/err" || fail "boards_report.py exited $?: $(cat "$tmp/err")"
grep -q "5x5_chain_patterns_d10_tables, variant movement_tables: the fixed-depth rows pooled over their plays (the gate's, seed13/)" \
  "$tmp/report.md" && pass || fail "a variant's replays are not pooled: $(grep pooled "$tmp/report.md")"
grep -q "5x5_chain_patterns_d10_tables: the pattern fit against the board's built-in weights (vs_builtin/builtin.txt)\*\* — every row played so far passes" \
  "$tmp/report.md" && pass || fail "no table of the rows against the built-in weights: $(grep built-in "$tmp/report.md")"

# --passes (boards.sh asks it before the 1.5 s row): in a folder with replays the pooled fixed-depth rows
# decide. 7x7 chain's variant general_edge fails its own empty-board row at depth 3 and passes it pooled
# with its replays (seed17/, configs_301/); the clock row is the first SPSA weights' 100 ms row, which passes.
v=$tmp/passes
from=$here/results/boards/7x7_chain_spsa/variants/general_edge
mkdir -p "$v/seed17" "$v/configs_301"
cp "$from"/{gate.json,population_d1.json,population_d2.json,population_d3.json} "$v/"
cp "$from/seed17/gate.json" "$v/seed17/"
cp "$from"/configs_301/population_d{1,2,3}.json "$v/configs_301/"
passes() { "$py" "$here/boards_report.py" --passes "$v"; }
passes && fail "--passes: a folder without its 100 ms row passes" || pass
cp "$here/results/boards/7x7_chain_spsa/time100.json" "$v/"
passes && pass || fail "--passes: the pooled rows and the 100 ms row pass, and --passes says no"
rm -r "$v/seed17" "$v/configs_301"
passes && fail "--passes: without its replays, a folder whose own row fails passes" || pass
finish "boards_report"

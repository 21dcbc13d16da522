#!/usr/bin/env bash
# seega gen-data and seega tune end to end: the data file is the same on any thread count and after a
# resume, --from labels recorded games, tune writes weights (split by phase too) that read back, and
# bad inputs get one line and exit 2.
set -u
seega=$1
source "$(dirname "$0")/cli_lib.sh"
G() { "$seega" gen-data --quiet "$@" >/dev/null; }

# --- gen-data: the same rows on any thread count and after a resume ---------------------------------
G --players 'ab(depth=1)' greedy --games 40 --seed 3 --threads 1 --out "$tmp/t1.csv"
G --players 'ab(depth=1)' greedy --games 40 --seed 3 --threads 2 --out "$tmp/t2.csv"
if cmp -s "$tmp/t1.csv" "$tmp/t2.csv"; then pass; else fail "gen-data --threads 1 and 2 wrote different files"; fi
G --players 'ab(depth=1)' greedy --games 20 --seed 3 --out "$tmp/grow.csv"
# A cut last line, as an interrupted write leaves it.
head -c -7 "$tmp/grow.csv" >"$tmp/cut.csv" && mv "$tmp/cut.csv" "$tmp/grow.csv"
G --players 'ab(depth=1)' greedy --games 40 --seed 3 --out "$tmp/grow.csv" --resume
if cmp -s "$tmp/t1.csv" "$tmp/grow.csv"; then pass; else fail "gen-data grown by --resume differs from a fresh run"; fi
# A resume asking for fewer games than the file holds is refused, naming the count, and cuts nothing.
bad_says "gen-data --resume with fewer games than the file holds" "past this run's 20: a resume never cuts a file; ask for 40 games or more" \
  gen-data --quiet --players 'ab(depth=1)' greedy --games 20 --seed 3 --out "$tmp/grow.csv" --resume
if cmp -s "$tmp/t1.csv" "$tmp/grow.csv"; then pass; else fail "a refused gen-data --resume changed the file"; fi
# Two writers on one positions file: the second is refused while the first holds it (it took the lock
# a results file takes), and the first's rows stay in game order.
"$seega" gen-data --players 'ab(depth=3)' --games 100000 --quiet --out "$tmp/locked.csv" >/dev/null 2>&1 &
first=$!
for _ in $(seq 100); do [ -s "$tmp/locked.csv" ] && break; sleep 0.1; done
bad_says "a second gen-data writer on one --out" "is being written by another seega run" \
  gen-data --players 'ab(depth=3)' --games 100000 --quiet --out "$tmp/locked.csv" --resume
kill -INT "$first"; wait "$first"
"$py" - "$tmp/locked.csv" <<'EOF2' && pass || fail "the first gen-data writer's file after the second was refused"
import csv, sys
games = [int(r["game"]) for r in csv.DictReader(open(sys.argv[1]))]
assert games == sorted(games), "rows out of game order"
EOF2
# On a terminal the progress line counts the rows the workers write; under ThreadSanitizer this read
# was a data race (the count was read without the writer's lock). script(1) gives the run a terminal.
script -qec "$(printf '%q ' "$seega" gen-data --players 'ab(depth=1)' greedy --games 40 --seed 3 --threads 2 \
  --out "$tmp/tty.csv")" /dev/null >"$tmp/tty.log" 2>&1
code=$?
if [ "$code" -eq 0 ] && grep -q '40/40 games' "$tmp/tty.log" && cmp -s "$tmp/t1.csv" "$tmp/tty.csv"; then pass; else
  fail "gen-data on a terminal: exit $code: $(tr '\r' '\n' <"$tmp/tty.log" | tail -n 3)"; fi
if "$py" - "$tmp/t1.csv" <<'EOF2'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
games = {r["game"] for r in rows}
assert len(games) == 40, len(games)
assert all(r["phase"] in ("placement", "movement") for r in rows)
assert any(r["phase"] == "movement" for r in rows) and any(r["phase"] == "placement" for r in rows)
per = {}
for r in rows:
    per[r["game"]] = per.get(r["game"], 0) + 1
assert max(per.values()) <= 10, max(per.values())
EOF2
then pass; else fail "gen-data rows: columns, games or positions per game"; fi
# --from: the positions of recorded games.
"$seega" match --quiet --a greedy --b random --games 6 --out "$tmp/m.jsonl" >/dev/null
G --from "$tmp/m.jsonl" --positions-per-game 4 --out "$tmp/from.csv"
if [ "$(($(wc -l <"$tmp/from.csv") - 1))" -eq 24 ]; then pass; else fail "gen-data --from: $(wc -l <"$tmp/from.csv") lines"; fi

bad "gen-data without players or --from" gen-data --games 4 --out "$tmp/x.csv"
bad "gen-data with both" gen-data --players random --from "$tmp/m.jsonl" --out "$tmp/x.csv"
bad "gen-data with a bad label" gen-data --players random --label blend=2 --out "$tmp/x.csv"
bad "gen-data with no positions a game" gen-data --players random --positions-per-game 0 --out "$tmp/x.csv"
bad "gen-data over existing data" gen-data --players 'ab(depth=1)' greedy --games 40 --seed 3 --out "$tmp/t1.csv"
bad "gen-data resumed with other players" gen-data --players random --games 40 --seed 3 --out "$tmp/t1.csv" --resume
bad "gen-data from a missing file" gen-data --from "$tmp/none.jsonl" --out "$tmp/x.csv"

# --- tune -------------------------------------------------------------------------------------------
G --players 'ab(depth=1)' --games 300 --seed 5 --out "$tmp/data.csv"
if "$seega" tune --data "$tmp/data.csv" --out "$tmp/w.txt" --json >"$tmp/tune.json"; then pass; else fail "tune failed"; fi
if "$py" -c '
import json,sys; j = json.load(open(sys.argv[1]))
assert j["k"] > 0 and j["train_samples"] > 0 and j["holdout_samples"] > 0
assert j["movement"]["material"]["fitted"] == 100 and "threats" in j["undetermined"], j["undetermined"]
' "$tmp/tune.json"; then pass; else fail "tune --json: $(head -c 300 "$tmp/tune.json")"; fi
if grep -q '^# fitted for the rules standard: ' "$tmp/w.txt"; then pass; else
  fail "the weights file does not say which rules it was fitted for: $(head -3 "$tmp/w.txt")"; fi
if "$seega" eval --weights "$tmp/w.txt" --print-weights | grep -q '^material 100$'; then pass; else
  fail "the tuned weights do not read back"; fi
"$seega" tune --data "$tmp/data.csv" --phases split --l2 1 --out "$tmp/split.txt" >/dev/null
if grep -q '^placement.last_placer ' "$tmp/split.txt" && "$seega" eval --weights "$tmp/split.txt" --print-weights |
  grep -q '^placement.material '; then pass; else fail "split weights do not round-trip: $(cat "$tmp/split.txt")"; fi
if "$seega" players "ab(depth=2,weights=$tmp/split.txt)" >/dev/null; then pass; else fail "a player refuses split weights"; fi
# Tapered weights: endgame. lines in the file, the endgame table in --json, and a player that reads them.
"$seega" tune --data "$tmp/data.csv" --phases split --taper --l2 1 --out "$tmp/taper.txt" --json >"$tmp/taper.json"
if grep -q '^endgame.material ' "$tmp/taper.txt" && grep -q '^# seega tune .* --taper ' "$tmp/taper.txt" &&
  "$seega" eval --weights "$tmp/taper.txt" --print-weights | grep -q '^endgame.mobility '; then pass; else
  fail "tapered weights do not round-trip: $(cat "$tmp/taper.txt")"; fi
if "$py" -c '
import json,sys; j = json.load(open(sys.argv[1]))
assert j["taper"] is True and j["endgame"]["material"]["determined"], j.get("endgame")
assert "endgame material" not in j["undetermined"], j["undetermined"]
' "$tmp/taper.json"; then pass; else fail "tune --taper --json: $(head -c 400 "$tmp/taper.json")"; fi
if "$seega" players "ab(depth=2,weights=$tmp/taper.txt)" >/dev/null; then pass; else fail "a player refuses tapered weights"; fi

head -1 "$tmp/data.csv" >"$tmp/empty.csv"
bad "tune on an empty file" tune --data "$tmp/empty.csv"
sed '1s/,label$//' "$tmp/data.csv" >"$tmp/nocol.csv"
bad "tune on a file with a missing column" tune --data "$tmp/nocol.csv"
sed '3s/,[^,]*$/,nan/' "$tmp/data.csv" >"$tmp/nan.csv"
bad "tune on a NaN label" tune --data "$tmp/nan.csv"
sed '4s/^[^,]*,/5x5\/5 w 0\/0 0 0,/' "$tmp/data.csv" >"$tmp/badpos.csv"
bad "tune on a malformed position" tune --data "$tmp/badpos.csv"
if "$seega" tune --data "$tmp/badpos.csv" 2>&1 | grep -q 'line 4: '; then pass; else fail "the malformed row is not named"; fi
printf 'material 100\nthreatz 3\n' >"$tmp/unknown.txt"
bad "tune from weights with an unknown feature" tune --data "$tmp/data.csv" --weights "$tmp/unknown.txt"
printf 'material 100\nopening.material 90\n' >"$tmp/phase.txt"
bad "tune from weights with an unknown phase" tune --data "$tmp/data.csv" --weights "$tmp/phase.txt"
bad "tune with an unknown phases value" tune --data "$tmp/data.csv" --phases three
bad "tune on a missing file" tune --data "$tmp/none.csv"
bad_says "tune --out in a missing directory, refused before the fit" "is not a directory" \
  tune --data "$tmp/data.csv" --out "$tmp/nodir/w.txt"
bad_says "tune --out a directory" "is a directory" tune --data "$tmp/data.csv" --out "$tmp"
# The weights replace an older file whole, through a file beside it that is renamed into place.
printf 'material 1\n' >"$tmp/old.txt"
"$seega" tune --data "$tmp/data.csv" --out "$tmp/old.txt" >/dev/null
if cmp -s "$tmp/old.txt" "$tmp/w.txt" && [ -z "$(ls -A "$tmp" | grep -- '\.tmp-')" ]; then pass; else
  fail "tune --out over an old file: not the fitted weights, or a temporary file left: $(ls -A "$tmp" | tr '\n' ' ')"; fi
# gen-data --resume rewrites its metadata whole too.
if [ -s "$tmp/grow.csv.json" ] && "$py" -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/grow.csv.json"; then pass; else
  fail "gen-data --resume left unreadable metadata: $(cat "$tmp/grow.csv.json")"; fi
bad "tune on a directory" tune --data "$tmp"

# --- No meaningless figures: nothing held out, a fixed weight, an undetermined one ----------------------
# --holdout 0 printed "held out 0.00000 -> 0.00000"; material (fixed at 100) and threats (always 0 in
# quiet positions) printed standard errors.
"$seega" tune --data "$tmp/data.csv" --holdout 0 >"$tmp/h0.txt"
if grep -q 'no held-out loss: nothing is held out (holdout 0)$' "$tmp/h0.txt" &&
  ! grep -q 'held out 0\.00000' "$tmp/h0.txt" &&
  grep -Eq '^  material +100\.00 +100\.00 +fixed$' "$tmp/h0.txt" &&
  grep -Eq '^  threats +30\.00 +[-0-9.]+ +undetermined: always 0 in the training positions$' "$tmp/h0.txt"; then pass; else
  fail "tune --holdout 0 text: $(cat "$tmp/h0.txt")"; fi
"$seega" tune --data "$tmp/data.csv" --holdout 0 --json >"$tmp/h0.json"
if "$py" - "$tmp/h0.json" <<'EOF2'
import json, sys
j = json.load(open(sys.argv[1]))
for key in ("holdout_loss_before", "holdout_loss_after"):
    assert j[key] is None and j[key + "_reason"] == "nothing is held out (holdout 0)", (key, j[key])
m, t = j["movement"]["material"], j["movement"]["threats"]
assert m["se"] is None and m["se_reason"].startswith("fixed: "), m
assert t["se"] is None and t["se_reason"] == "undetermined: always 0 in the training positions", t
assert j["k_se"] > 0, j["k_se"]
assert all(f["se"] > 0 for name, f in j["movement"].items() if name not in ("material", "threats")), j["movement"]
EOF2
then pass; else fail "tune --holdout 0 --json: $(head -c 600 "$tmp/h0.json")"; fi
# Split: placement's material is fitted (only movement's is fixed), and is undetermined as always 0.
"$seega" tune --data "$tmp/data.csv" --phases split --l2 1 >"$tmp/split_text.txt"
if grep -Eq '^  material +100\.00 +100\.00 +fixed$' "$tmp/split_text.txt" &&
  grep -Eq "^  material +100\.00 +[-0-9.]+ +undetermined: always 0 in the placement training positions$" \
    "$tmp/split_text.txt"; then pass; else fail "tune --phases split text: $(cat "$tmp/split_text.txt")"; fi

# --features fits only the features named (material always): the others weigh 0 in the weights written.
"$seega" tune --data "$tmp/data.csv" --features mobility,first_entry --out "$tmp/only.txt" >"$tmp/only_text.txt"
if /usr/bin/python3 - "$tmp/only.txt" <<'PY'
import sys
w = dict(l.split() for l in open(sys.argv[1]) if l.strip() and not l.startswith("#"))
assert float(w["material"]) == 100, w
assert all(float(w[k]) == 0 for k in ("safe", "hanging", "centre_entry", "edge", "quiet_count")), w
assert float(w["mobility"]) != 0 and float(w["first_entry"]) != 0, w
PY
then pass; else fail "tune --features: $(cat "$tmp/only.txt")"; fi
if grep -q 'hanging .*left out (--features): weighs 0' "$tmp/only_text.txt"; then pass; else
  fail "tune --features does not say what it left out: $(cat "$tmp/only_text.txt")"; fi
bad_says "tune --features with an unknown name" "did you mean 'first_entry'" \
  tune --data "$tmp/data.csv" --features mobility,first_entri
bad_says "tune --features with a name twice" "is given twice" tune --data "$tmp/data.csv" --features edge,edge

# --patterns --hold all fits the tables alone: every linear weight stays the start's (the general
# weights here), the JSON and the weights file's comment say so, and the file reads back.
if "$seega" tune --data "$tmp/data.csv" --patterns --hold all --min-count 2 --out "$tmp/tables.txt" \
  --json >"$tmp/tables.json" && "$py" -c '
import json, sys; j = json.load(open(sys.argv[1]))
assert len(j["held"]) == 12 and "mobility" in j["held"] and j["entries_fitted"] > 0, j
assert all(v["fitted"] == v["start"] for v in j["linear"].values()), j["linear"]
' "$tmp/tables.json" && grep -q '^# seega tune .* --hold all' "$tmp/tables.txt" &&
  "$seega" eval --weights "$tmp/tables.txt" --print-weights | grep -q '^hanging -40$'; then pass; else
  fail "tune --patterns --hold all: $(head -c 400 "$tmp/tables.json")"; fi
# --hold F,F keeps those alone: the others are fitted.
if "$seega" tune --data "$tmp/data.csv" --patterns --hold centre_entry,edge --min-count 2 --json >"$tmp/hold2.json" &&
  "$py" -c '
import json, sys; j = json.load(open(sys.argv[1]))
assert j["held"] == ["centre_entry", "edge"], j["held"]
assert j["linear"]["centre_entry"]["fitted"] == 25 and j["linear"]["mobility"]["fitted"] != 2, j["linear"]
' "$tmp/hold2.json"; then pass; else fail "tune --patterns --hold centre_entry,edge: $(head -c 400 "$tmp/hold2.json")"; fi
bad_says "tune --hold without --patterns" "only with --patterns" tune --data "$tmp/data.csv" --hold all
bad_says "tune --hold with an unknown name" "did you mean 'centre_entry'" \
  tune --data "$tmp/data.csv" --patterns --hold centre_entri

# A positions file written before seega recorded evaluations is continued; one whose labelling search's
# evaluation has changed since is refused, naming it.
G --players 'ab(depth=1)' --games 4 --seed 2 --search-depth 2 --out "$tmp/ev.csv"
"$py" -c '
import json, sys
j = json.load(open(sys.argv[1]))
assert j["evaluations"]["0"]["name"] == "built-in 5x5 standard", j
del j["evaluations"], j["search_evaluation"]
json.dump(j, open(sys.argv[1], "w"))' "$tmp/ev.csv.json" || fail "gen-data does not record the players' evaluation"
if "$seega" gen-data --quiet --players 'ab(depth=1)' --games 6 --seed 2 --search-depth 2 --out "$tmp/ev.csv" --resume \
  >/dev/null; then pass; else fail "gen-data does not continue a positions file of an older seega"; fi
"$py" -c '
import json, sys
j = json.load(open(sys.argv[1]))
j["search_evaluation"]["hash"] = "0123456789abcdef"
json.dump(j, open(sys.argv[1], "w"))' "$tmp/ev.csv.json"
bad_says "gen-data across a change of the labelling search's weights" '0123456789abcdef' \
  gen-data --quiet --players 'ab(depth=1)' --games 8 --seed 2 --search-depth 2 --out "$tmp/ev.csv" --resume
# A variant that changes only who starts or when a game ends plays with its board's weights, and the
# printed weights say which they are.
"$seega" eval --print-weights --rules 'standard(first_mover=first,quiet_plies=40)' >"$tmp/variant.txt"
"$seega" eval --print-weights --rules standard >"$tmp/board.txt"
if cmp -s <(grep -v '^#' "$tmp/variant.txt") <(grep -v '^#' "$tmp/board.txt") &&
  head -n 1 "$tmp/variant.txt" | grep -q '^# built-in 5x5 standard (weights [0-9a-f]\{16\}): the built-in weights of'; then
  pass; else fail "a variant of 5x5 standard does not print its board's weights: $(head -n 2 "$tmp/variant.txt")"; fi
# A board with a capture search limit says so beside its weights (7x7 diagonal's, a variant's too); one
# without says nothing of it.
"$seega" eval --print-weights --rules 'diagonal(size=7,first_mover=first)' >"$tmp/d7.txt"
if grep -q '^# a player on these rules that names no qplies also stops its capture search 8 plies past' "$tmp/d7.txt" &&
  ! grep -q 'capture search' "$tmp/variant.txt" && [ "$(grep -c '^#' "$tmp/d7.txt")" = 2 ]; then pass; else
  fail "the printed weights of 7x7 diagonal do not name its capture limit: $(head -n 3 "$tmp/d7.txt")"; fi
# The labelling search's weights are in the data's configuration: given, or the rules' built-in ones.
"$seega" eval --print-weights --rules diagonal >"$tmp/general.txt"
G --players greedy --games 2 --seed 2 --search-weights "$tmp/general.txt" --search-depth 2 --out "$tmp/sw.csv"
G --players greedy --games 2 --seed 2 --search-depth 2 --out "$tmp/bw.csv"
if "$py" - "$tmp/sw.csv.json" "$tmp/bw.csv.json" "$tmp/general.txt" <<'PY'
import json, sys
given, builtin = (json.load(open(p)) for p in sys.argv[1:3])
general = "".join(l for l in open(sys.argv[3]) if not l.startswith("#"))
assert given["search_weights"] == general, given
# 5x5 standard's are a pattern evaluation, recorded by its hash rather than a megabyte of tables.
assert builtin["search_weights"] == "a pattern evaluation, weights " + builtin["search_evaluation"]["hash"], builtin
# Each names the evaluation: the file's, or the board's built-in weights.
assert given["search_evaluation"]["name"] == "file " + sys.argv[3], given
assert builtin["search_evaluation"]["name"] == "built-in 5x5 standard", builtin
assert "evaluations" not in given, given  # greedy evaluates nothing
PY
then pass; else fail "gen-data's search weights are not in its configuration"; fi
bad_says "gen-data --search-weights with --label result" "no search" \
  gen-data --players greedy --games 2 --label result --search-weights "$tmp/general.txt" --out "$tmp/x.csv"

# --label makes the label again from the result and search columns: a file labelled by result has no
# search scores, so a search label is refused naming the line.
G --players greedy --games 4 --seed 2 --label result --out "$tmp/by_result.csv"
bad_says "tune --label search on a file labelled by result" "line 2: no search score to label by search" \
  tune --data "$tmp/by_result.csv" --label search
# gen-data labels by search unless told otherwise, and keeps the result beside it.
if "$py" -c '
import csv,sys; rows = list(csv.DictReader(open(sys.argv[1])))
assert rows and all(r["search"] != "" for r in rows), rows[:2]
' "$tmp/data.csv" && grep -q '"label":"search(depth=4)"' "$tmp/data.csv.json"; then pass; else
  fail "gen-data does not label by search by default: $(head -c 300 "$tmp/data.csv.json")"; fi
bad_says "tune --label with an unknown kind" "allowed: result, search, blend=L" tune --data "$tmp/data.csv" --label best
if "$seega" tune --data "$tmp/data.csv" --label result --json | "$py" -c '
import json,sys; j = json.load(sys.stdin); assert j["label"] == "result" and j["k"] > 0, j' ; then pass; else
  fail "tune --label result"; fi

finish "cli tune"

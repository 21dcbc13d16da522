#!/usr/bin/env bash
# seega export end to end: games exported as text replay to what the results file's games replay to,
# with their result and ending; the CSV has one row per game that agrees with the game lines; the SVG
# pictures of replay --svg and eval --svg are well-formed XML with one circle per stone on 5x5, 7x7 and
# 9x9; bad inputs exit 2 with one line.
set -u
seega=$1
source "$(dirname "$0")/cli_lib.sh"

"$seega" match --quiet --a greedy --b random --games 6 --out "$tmp/m5.jsonl" >/dev/null
"$seega" match --quiet --a random --b greedy --games 2 --rules 'chain(size=7)' --out "$tmp/m7.jsonl" >/dev/null
"$seega" match --quiet --a random --b random --games 2 --rules 'diagonal(size=9)' --out "$tmp/m9.jsonl" >/dev/null
"$seega" ladder --quiet --players random greedy 'greedy(blunder=0.5)' --games-per-pair 2 \
  --out "$tmp/l.jsonl" >/dev/null

# Games 0 to GAMES-1 of $tmp/F.jsonl and of its text export $tmp/F.txt replay alike: the same --json,
# and the same printed game but for the file's name on its first line.
replays_alike() {
  local f=$1 games=$2 i
  for i in $(seq 0 $((games - 1))); do
    "$seega" replay --games "$tmp/$f.jsonl" --index "$i" --json >"$tmp/a.json" 2>&1
    "$seega" replay --games "$tmp/$f.txt" --index "$i" --json >"$tmp/b.json" 2>&1
    if cmp -s "$tmp/a.json" "$tmp/b.json"; then pass; else fail "$f game $i: --json differs: $(head -c 300 "$tmp/b.json")"; fi
    "$seega" replay --games "$tmp/$f.jsonl" --index "$i" | tail -n +2 >"$tmp/a.txt"
    "$seega" replay --games "$tmp/$f.txt" --index "$i" | tail -n +2 >"$tmp/b.txt"
    if [ -s "$tmp/a.txt" ] && cmp -s "$tmp/a.txt" "$tmp/b.txt"; then pass; else fail "$f game $i: the printed replay differs"; fi
  done
}

# tags_agree <F.jsonl> <F.txt>: runs the python checks given on stdin after reading both files: header
# (the results file's header line), games (its game lines by index) and tags (the tags of each game in
# the text, by index); the text must hold the same games as the file. Exits 1 when a check fails.
tags_agree() {
  {
    cat <<'EOF2'
import json, re, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
header, games = lines[0], {g["index"]: g for g in lines[1:]}
tags = {}
for block in open(sys.argv[2]).read().split("\n\n"):
    t = dict(re.findall(r'^\[(\w+) "(.*)"\]$', block, re.M))
    if t:
        tags[int(t["Index"])] = t
assert tags.keys() == games.keys(), (sorted(tags), sorted(games))
EOF2
    cat
  } | "$py" - "$1" "$2"
}

# --- Text: every game replays from the text as from the results file --------------------------------
for f in m5 m7 m9 l; do
  if "$seega" export "$tmp/$f.jsonl" --format text --out "$tmp/$f.txt"; then pass; else fail "$f: export --format text"; fi
  games=$(($(wc -l <"$tmp/$f.jsonl") - 1))
  tagged=$(grep -c '^\[Index ' "$tmp/$f.txt")
  [ "$tagged" -eq "$games" ] && pass || fail "$f: $tagged games in the text, $games in the file"
  replays_alike "$f" "$games"
  # The tags say what the game lines say.
  if err=$(tags_agree "$tmp/$f.jsonl" "$tmp/$f.txt" <<'EOF2'
for i, g in games.items():
    t = tags[i]
    assert t["Result"] == g["result"], (i, t["Result"], g["result"])
    assert t["Ending"] == g["end_reason"], (i, t["Ending"], g["end_reason"])
    assert t["Seed"] == str(g["seed"]), (i, t["Seed"], g["seed"])
    assert t["FirstPlacer"] == g["first_placer"]
    assert t["White"] == header["players"][g["players"]["w"]], (i, t["White"])
    assert t["Black"] == header["players"][g["players"]["b"]], (i, t["Black"])
EOF2
  ); then pass; else fail "$f: the text's tags disagree with the game lines: $err"; fi
done

# --- Games ended outside the rules: a forfeit or an adjudication reads back from the text --------------
greedy_py="$py $(cd "$(dirname "$0")/../examples" && pwd)/greedy_engine.py"
"$seega" match --quiet --a "engine(cmd='$greedy_py --crash-after 3',name=c)" --b greedy --games 2 \
  --out "$tmp/x1.jsonl" >/dev/null
"$seega" match --quiet --a "engine(cmd='$greedy_py --crash-after 0',name=c)" --b greedy --games 2 \
  --out "$tmp/x2.jsonl" >/dev/null
"$seega" match --quiet --a "engine(cmd='$greedy_py --illegal-after 3',name=i)" --b greedy --games 2 \
  --out "$tmp/x3.jsonl" >/dev/null
"$seega" match --quiet --a "engine(cmd='$greedy_py --hang-after 3',name=h,timeout=300)" --b greedy --games 2 \
  --out "$tmp/x4.jsonl" >/dev/null
"$seega" match --quiet --a 'ab(depth=2)' --b 'ab(depth=1)' --games 4 --adjudicate win=200:1,draw=100:2 \
  --out "$tmp/x5.jsonl" >/dev/null
for f in x1 x2 x3 x4 x5; do
  "$seega" export "$tmp/$f.jsonl" --format text --out "$tmp/$f.txt" && pass || fail "$f: export --format text"
  games=$(($(wc -l <"$tmp/$f.jsonl") - 1))
  replays_alike "$f" "$games"
  if err=$(tags_agree "$tmp/$f.jsonl" "$tmp/$f.txt" <<'EOF2'
for i, g in games.items():
    assert tags[i]["Ending"] == g["end_reason"], (i, tags[i], g["end_reason"])
    assert tags[i].get("EndDetail") == g.get("end_detail"), (i, tags[i], g.get("end_detail"))
assert any("end_detail" in g for g in games.values()), "no game ended outside the rules"
EOF2
  ); then pass; else fail "$f: the text's tags disagree with the game lines: $err"; fi
done
# One such game among others leaves the rest readable; the CSV of the text is the file's.
"$seega" export "$tmp/m5.jsonl" --format text --game 4 5 >"$tmp/mixed.txt"
printf '\n' >>"$tmp/mixed.txt"
cat "$tmp/x2.txt" >>"$tmp/mixed.txt"
"$seega" replay --games "$tmp/mixed.txt" --index 4 >/dev/null && pass || fail "a normal game beside forfeits"
"$seega" export "$tmp/x1.txt" --format csv >"$tmp/x1.text.csv"
"$seega" export "$tmp/x1.jsonl" --format csv >"$tmp/x1.csv"
"$py" - "$tmp/x1.csv" "$tmp/x1.text.csv" <<'EOF2' && pass || fail "the CSV of forfeits read from text differs from the file's"
import csv, sys
# Text does not say which colour was the pairing's first player: "a" and "winner" are empty there.
rows = [[{k: v for k, v in r.items() if k not in ("a", "winner")} for r in csv.DictReader(open(p))] for p in sys.argv[1:]]
sys.exit(0 if rows[0] == rows[1] and len(rows[0]) == 2 else 1)
EOF2
# A forfeit is lost by the side to move, and says what happened.
winner=$(sed -n 's/^\[Result "\(.*\)"\]$/\1/p' "$tmp/x1.txt" | head -n 1)
other=$([ "$winner" = w ] && echo b || echo w)
sed "0,/^\[Result /s/^\[Result .*/[Result \"$other\"]/" "$tmp/x1.txt" >"$tmp/forfeit.txt"
bad_says "a forfeit won by the side to move" "[Result \"$other\"], but the moves end in $winner (engine_crashed)" \
  replay --games "$tmp/forfeit.txt" --index 0
grep -v '^\[EndDetail ' "$tmp/x1.txt" >"$tmp/nodetail.txt"
bad_says "a forfeit without its detail" "line 1: the game starting here ends in engine_crashed without an [EndDetail] tag" \
  replay --games "$tmp/nodetail.txt" --index 0
"$seega" export "$tmp/m5.jsonl" --format text --game 0 | sed '8a [EndDetail "it fell over"]' >"$tmp/detail.txt"
bad_says "a detail for a game the rules ended" "line 9: [EndDetail] for a game the rules ended" \
  replay --games "$tmp/detail.txt" --index 0

# --- CSV: one row per game, agreeing with the game lines --------------------------------------------
for f in m5:12 m7:24 l:12; do
  stones=${f#*:} f=${f%:*}
  "$seega" export "$tmp/$f.jsonl" --format csv >"$tmp/$f.csv" || fail "$f: export --format csv"
  if err=$("$py" - "$tmp/$f.jsonl" "$tmp/$f.csv" "$stones" 2>&1 <<'EOF2'
import csv, json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
games = lines[1:]
rows = list(csv.DictReader(open(sys.argv[2], newline="")))
assert len(rows) == len(games), (len(rows), len(games))
placed = int(sys.argv[3])  # the stones each side places
for row, g in zip(rows, games):
    assert int(row["index"]) == g["index"], (row["index"], g["index"])
    assert row["result"] == g["result"], (row["index"], row["result"], g["result"])
    assert row["ending"] == g["end_reason"], (row["index"], row["ending"], g["end_reason"])
    assert row["a"] == g["a"] and row["winner"] == g["winner"], (row["index"], row["a"], row["winner"])
    assert int(row["stones_w"]) == g["stones"]["w"] and int(row["stones_b"]) == g["stones"]["b"], row["index"]
    assert int(row["captured_by_w"]) == placed - g["stones"]["b"], (row["index"], row["captured_by_w"])
    assert int(row["captured_by_w"]) + int(row["captured_by_b"]) == g["captures"], row["index"]
    assert int(row["plies"]) == g["plies"] and int(row["passes"]) == g["passes"], row["index"]
    assert int(row["placement_plies"]) + g["movement_moves"]["w"] + g["movement_moves"]["b"] + g["passes"] == g["plies"]
    assert row["seed"] == str(g["seed"]) and row["game_key"] == str(g["game_key"]), row["index"]
    assert row["first_placer"] == g["first_placer"] and row["last_placer"] == g["last_placer"], row["index"]
    want = "" if g["result"] == "draw" else row["white" if g["result"] == "w" else "black"]
    assert row["winner_player"] == want, (row["index"], row["winner_player"], want)
EOF2
  ); then pass; else fail "$f: the CSV disagrees with the game lines: $err"; fi
done
# --game picks games in the order given; a text file exports as a results file does.
"$seega" export "$tmp/m5.jsonl" --format csv --game 4 1 | cut -d, -f1 | tr '\n' ' ' >"$tmp/picked"
[ "$(cat "$tmp/picked")" = "index 4 1 " ] && pass || fail "--game 4 1 gives rows $(cat "$tmp/picked")"
"$seega" export "$tmp/m5.txt" --format csv | cut -d, -f1-3,5-7,9- >"$tmp/from_text.csv"
cut -d, -f1-3,5-7,9- "$tmp/m5.csv" | cmp -s - "$tmp/from_text.csv" && pass || fail "the CSV of the text differs from the file's"

# --- SVG: well-formed, one circle per stone ----------------------------------------------------------
# svg_stones <svg> <fen>: the SVG parses and holds one circle per stone of the position, of its colour,
# and no other circle; with marks, at least one moved square.
svg_stones() {
  "$py" - "$@" <<'EOF2'
import sys, xml.etree.ElementTree as ET
svg, fen, marked = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(svg).getroot()
circles = root.iter(ns + "circle")
colours = [c.get("class") for c in circles]
board = fen.split()[0]
want = {"stone w": board.count("w"), "stone b": board.count("b")}
got = {k: colours.count(k) for k in want}
assert len(colours) == sum(want.values()) and got == want, (got, want, len(colours))
n = board.count("/") + 1
squares = [r for r in root.iter(ns + "rect") if (r.get("class") or "").startswith("square")]
assert len(squares) == n * n, len(squares)
assert sum("centre" in r.get("class") for r in squares) == 1
moved = [r for r in root.iter(ns + "rect") if r.get("class") == "moved"]
assert not marked or moved, "no moved square marked"
EOF2
}
for f in m5 m7 m9; do
  last=$("$seega" replay --games "$tmp/$f.jsonl" --index 1 --fen-only | tail -n 1)
  "$seega" replay --games "$tmp/$f.jsonl" --index 1 --svg "$tmp/$f.svg" >/dev/null || fail "$f: replay --svg"
  if err=$(svg_stones "$tmp/$f.svg" "$last" 1 2>&1); then pass; else fail "$f: the final SVG: $err"; fi
  # The same picture from the text; and midway, after 30 plies.
  "$seega" replay --games "$tmp/$f.txt" --index 1 --svg "$tmp/$f.text.svg" >/dev/null
  cmp -s "$tmp/$f.svg" "$tmp/$f.text.svg" && pass || fail "$f: the SVG from the text differs"
  mid=$("$seega" replay --games "$tmp/$f.jsonl" --index 1 --fen-only | sed -n 31p)
  "$seega" replay --games "$tmp/$f.jsonl" --index 1 --svg "$tmp/$f.30.svg" --ply 30 >/dev/null
  if err=$(svg_stones "$tmp/$f.30.svg" "$mid" 1 2>&1); then pass; else fail "$f: the SVG after 30 plies: $err"; fi
done
"$seega" replay --games "$tmp/m5.jsonl" --index 0 --svg "$tmp/empty.svg" --ply 0 >/dev/null
if err=$(svg_stones "$tmp/empty.svg" "5/5/5/5/5 w 12/12 0 0" 0 2>&1); then pass; else fail "the empty board's SVG: $err"; fi
grep -q 'class="centre-mark"' "$tmp/empty.svg" && pass || fail "the empty centre is not marked"
# A capture's squares are crossed with lines, not circles: find a ply that captured.
cap=$("$seega" replay --games "$tmp/m5.jsonl" --index 0 --json | "$py" -c '
import json, sys
print(next((m["ply"] for m in json.load(sys.stdin)["moves"] if m["captured"]), 0))')
if [ "$cap" -gt 0 ]; then
  "$seega" replay --games "$tmp/m5.jsonl" --index 0 --svg "$tmp/cap.svg" --ply "$cap" >/dev/null
  [ "$(grep -c 'class="captured"' "$tmp/cap.svg")" -ge 2 ] && pass || fail "ply $cap's capture is not marked"
else fail "game 0 of m5 has no capture to draw"; fi
fen='2w2/1bwb1/w3b/5/b3w b 0/0 3 3'
"$seega" eval --fen "$fen" --svg "$tmp/eval.svg" >/dev/null || fail "eval --svg"
if err=$(svg_stones "$tmp/eval.svg" "$fen" 0 2>&1); then pass; else fail "eval's SVG: $err"; fi
fen9='9/9/9/4w4/3b1b3/4w4/9/9/9 w 38/38 0 0'
"$seega" eval --fen "$fen9" --svg "$tmp/eval9.svg" >/dev/null || fail "eval --svg on 9x9"
if err=$(svg_stones "$tmp/eval9.svg" "$fen9" 0 2>&1); then pass; else fail "eval's 9x9 SVG: $err"; fi

# --- Bad inputs -------------------------------------------------------------------------------------
bad_says "no such file" "no such file" export "$tmp/none.jsonl" --format csv
bad_says "unknown format" "allowed csv, text" export "$tmp/m5.jsonl" --format pgn
bad_says "no format" "format" export "$tmp/m5.jsonl"
bad_says "no file" "give the results file" export --format csv
bad_says "unwritable --out" "--out" export "$tmp/m5.jsonl" --format csv --out "$tmp/no/such/dir/x.csv"
bad_says "--out a directory" "is a directory" export "$tmp/m5.jsonl" --format csv --out "$tmp"
bad_says "a game not in the file" "holds no game 99 (it holds 6 games: 0 to 5)" export "$tmp/m5.jsonl" --format text --game 99
"$seega" export "$tmp/m5.jsonl" --format text --game 4 1 --out "$tmp/subset.txt"
bad_says "a game not in a subset" "no game 0 in the file (it holds 2 games: 1 and 4)" replay --games "$tmp/subset.txt" --index 0
# Counts of one read as one: a stone, a pass, a cluster, a turn.
"$seega" match --quiet --a random --b random --games 10 --seed 3 --out "$tmp/rr.jsonl" >/dev/null
"$seega" replay --games "$tmp/rr.jsonl" --index 8 | tail -n 1 | grep -q ': w 1 stone, b 8; ' && pass ||
  fail "replay of a game that left w 1 stone: $("$seega" replay --games "$tmp/rr.jsonl" --index 8 | tail -n 1)"
"$seega" replay --games "$tmp/rr.jsonl" --index 3 | tail -n 1 | grep -q ' 1 pass$' && pass ||
  fail "replay of a game of 1 pass: $("$seega" replay --games "$tmp/rr.jsonl" --index 3 | tail -n 1)"
"$seega" match --quiet --a 'ab(depth=1)' --b 'ab(depth=1)' --games 2 >"$tmp/one.cluster.txt"
grep -q '(clustered: 1 cluster, 1.0 effective)' "$tmp/one.cluster.txt" &&
  grep -q '1 distinct placement and 1 distinct game in 2; 1 cluster of games' "$tmp/one.cluster.txt" &&
  ! grep -q ' 1 clusters\| 1 distinct games\| 1 distinct placements' "$tmp/one.cluster.txt" && pass ||
  fail "a match of one cluster: $(grep cluster "$tmp/one.cluster.txt")"
bad_says "too few openings of one turn" "found only 276 distinct openings of 1 turn in" openings --count 500 --turns 1
bad_says "a game given twice" "--game 2 is given twice" export "$tmp/m5.jsonl" --format text --game 2 2
bad_says "not a results file" "" export "$tmp/m5.csv" --format csv
bad_says "replay of an export's CSV" "$tmp/m5.csv is games as CSV (seega export --format csv); replay reads a results, run-sim or play file" \
  replay --games "$tmp/m5.csv" --index 0
bad_says "export of an export's CSV" "$tmp/m5.csv is games as CSV (seega export --format csv); export reads a results, run-sim or play file" \
  export "$tmp/m5.csv" --format text
"$seega" openings --count 2 --out "$tmp/suite.txt"
bad_says "replay of a suite" "$tmp/suite.txt is an opening suite (seega openings); replay reads" replay --games "$tmp/suite.txt" --index 0
bad_says "--ply without --svg" "give --svg" replay --games "$tmp/m5.jsonl" --index 0 --ply 3
bad_says "--ply past the end" "plies (0 to" replay --games "$tmp/m5.jsonl" --index 0 --svg "$tmp/x.svg" --ply 100000
bad_says "--svg a directory" "is a directory" replay --games "$tmp/m5.jsonl" --index 0 --svg "$tmp"
bad_says "eval --svg unwritable" "--svg" eval --fen "$fen" --svg "$tmp/no/such/dir/x.svg"
bad_says "a game not in the text" "no game 99" replay --games "$tmp/m5.txt" --index 99
# --- Outputs: never over an input, nor over a file of another kind without --force ---------------------
cp "$tmp/m5.jsonl" "$tmp/keep.jsonl"
bad_says "export --out its own input" "--out $tmp/keep.jsonl is the file being read (FILE)" \
  export "$tmp/keep.jsonl" --format csv --out "$tmp/keep.jsonl"
bad_says "export --out its own input, forced" "is the file being read" \
  export "$tmp/keep.jsonl" --format csv --out "$tmp/keep.jsonl" --force
ln -sf "$tmp/keep.jsonl" "$tmp/link.jsonl"
bad_says "export --out its own input by another name" "is the file being read" \
  export "$tmp/keep.jsonl" --format text --out "$tmp/link.jsonl" --force
bad_says "export --out a results file" "--out $tmp/m7.jsonl exists and is a results file" \
  export "$tmp/keep.jsonl" --format csv --out "$tmp/m7.jsonl"
bad_says "replay --svg its own input" "--svg $tmp/keep.jsonl is the file being read (--games)" \
  replay --games "$tmp/keep.jsonl" --index 0 --svg "$tmp/keep.jsonl" --force
bad_says "replay --svg a results file" "pass --force to replace it" replay --games "$tmp/m5.jsonl" --index 0 --svg "$tmp/keep.jsonl"
bad_says "eval --svg a results file" "pass --force to replace it" eval --fen "$fen" --svg "$tmp/keep.jsonl"
bad_says "openings --out a results file" "--out $tmp/keep.jsonl exists and is a results file" \
  openings --count 2 --out "$tmp/keep.jsonl"
cmp -s "$tmp/keep.jsonl" "$tmp/m5.jsonl" && pass || fail "a refused output changed the file"
[ "$(head -c 9 "$tmp/m7.jsonl")" = '{"build":' ] && pass ||
  fail "export wrote over m7.jsonl: $(head -c 40 "$tmp/m7.jsonl")"
# A command replaces a file of its own kind, and any file with --force.
"$seega" export "$tmp/m5.jsonl" --format csv --out "$tmp/m5.txt.csv" && "$seega" export "$tmp/m5.jsonl" \
  --format text --out "$tmp/m5.txt.csv" && cmp -s "$tmp/m5.txt" "$tmp/m5.txt.csv" && pass || fail "export over an export"
"$seega" replay --games "$tmp/m5.jsonl" --index 1 --svg "$tmp/m5.svg" >/dev/null && pass || fail "replay --svg over a picture"
"$seega" openings --count 2 --out "$tmp/two.txt" && "$seega" openings --count 3 --out "$tmp/two.txt" &&
  [ "$(grep -vc '^#' "$tmp/two.txt")" -eq 3 ] && pass || fail "openings --out over a suite"
"$seega" openings --count 2 --out "$tmp/keep.jsonl" --force && grep -q '^# seega openings' "$tmp/keep.jsonl" && pass ||
  fail "openings --out --force"
cp "$tmp/m5.jsonl" "$tmp/keep.jsonl"
"$seega" export "$tmp/m5.jsonl" --format csv --out "$tmp/keep.jsonl" --force && head -n 1 "$tmp/keep.jsonl" |
  grep -q '^index,white' && pass || fail "export --out --force"
"$seega" replay --games "$tmp/m5.jsonl" --index 0 --svg "$tmp/keep.jsonl" --force >/dev/null &&
  grep -q '^<svg' "$tmp/keep.jsonl" && pass || fail "replay --svg --force"

# Text that is wrong: each error names its line.
"$seega" export "$tmp/m5.jsonl" --format text --game 0 --out "$tmp/one.txt"
sed '2s/.*/[Whtie "greedy"]/' "$tmp/one.txt" >"$tmp/tag.txt"
bad_says "an unknown tag" "line 2: unknown tag 'Whtie' (did you mean 'White'?)" replay --games "$tmp/tag.txt" --index 0
sed '4d' "$tmp/one.txt" >"$tmp/missing.txt"
bad_says "a missing tag" "line 1: the game starting here has no [Seed] tag" replay --games "$tmp/missing.txt" --index 0
sed '10s/^[^ ]*/z9+a1/' "$tmp/one.txt" >"$tmp/move.txt"
bad_says "a bad move" "line 10: game 0, move 1 'z9+a1'" replay --games "$tmp/move.txt" --index 0
result=$(sed -n 's/^\[Result "\(.*\)"\]$/\1/p' "$tmp/one.txt")
other=$([ "$result" = draw ] && echo w || echo draw)
sed "7s/.*/[Result \"$other\"]/" "$tmp/one.txt" >"$tmp/result.txt"
bad_says "a wrong result" "line 7: [Result \"$other\"], but the moves end in $result" replay --games "$tmp/result.txt" --index 0
head -n 10 "$tmp/one.txt" >"$tmp/cut.txt"
bad_says "moves cut short" "line 10: game 0: the moves stop" replay --games "$tmp/cut.txt" --index 0
printf '[Rules "standard"\n' >"$tmp/bracket.txt"
bad_says "an unclosed tag" "line 1:" replay --games "$tmp/bracket.txt" --index 0
printf '[Rules "standard"]\n[White "a"]\n' >"$tmp/notags.txt"
bad_says "tags alone" "line 1: the game starting here has no [Black] tag" export "$tmp/notags.txt" --format csv

finish cli.export

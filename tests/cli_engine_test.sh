#!/usr/bin/env bash
# Other people's engines end to end, through real processes: a match between seega engine processes is
# the same match as between the players in process; each failure of the broken example engine becomes
# its recorded result while the run completes, resumes, reads back and replays; a refusal is an error
# before any game; engine-check passes a compliant engine and fails a broken one; engines play in a
# ladder, a run simulation, gen-data, shards and play --watch; our players honour move times and clocks.
set -u
seega=$1
source "$(dirname "$0")/cli_lib.sh"
examples=$(cd "$(dirname "$0")/../examples" && pwd)
greedy_py="$py $examples/greedy_engine.py"

# game_lines <file>: the game lines, keys sorted, in index order (the header differs by its players).
game_lines() {
  "$py" - "$1" <<'EOF2'
import json, sys
games = [json.loads(l) for l in open(sys.argv[1]) if '"game"' in l]
for g in sorted(games, key=lambda g: g["index"]):
    print(json.dumps(g, sort_keys=True))
EOF2
}
# field <file> <python expression of h (header) and games>: prints its value.
field() {
  "$py" - "$1" "$2" <<'EOF2'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
h, games = lines[0], [g for g in lines[1:] if g.get("type") == "game"]
print(eval(sys.argv[2]))
EOF2
}

# --- The protocol from both ends: the same games as in process --------------------------------------
for pair in "greedy|ab(depth=2)" "level(2,deterministic)|mcts(playouts=50)"; do
  a=${pair%%|*} b=${pair##*|}
  "$seega" match --quiet --a "$a" --b "$b" --games 12 --threads 2 --seed 9 --out "$tmp/in.jsonl" >/dev/null
  "$seega" match --quiet --a "engine(cmd='$seega engine --player \"$a\"',name=A)" \
    --b "engine(cmd='$seega engine --player \"$b\"',name=B)" --games 12 --threads 2 --seed 9 \
    --out "$tmp/out.jsonl" >/dev/null
  game_lines "$tmp/in.jsonl" >"$tmp/in.txt"
  game_lines "$tmp/out.jsonl" >"$tmp/out.txt"
  if [ "$(wc -l <"$tmp/in.txt")" -eq 12 ] && cmp -s "$tmp/in.txt" "$tmp/out.txt"; then pass; else
    fail "$a vs $b: the games through seega engine differ from the games in process"; fi
  rm -f "$tmp/in.jsonl" "$tmp/out.jsonl"
done
# The header records each engine's command and handshake.
"$seega" match --quiet --a "engine(cmd='$greedy_py',name=gpy)" --b greedy --games 2 --out "$tmp/h.jsonl" >/dev/null
got=$(field "$tmp/h.jsonl" 'h["engines"]["0"]["name"], h["engines"]["0"]["command"], h["engines"]["0"]["protocol"]')
[ "$got" = "('greedy-py', '$greedy_py', 1)" ] && pass || fail "the header's engines: $got"

# The MAIC 2020 example plays our rules set to MAIC's, every game to an end the rules know.
"$seega" match --quiet --a "engine(cmd='$py $examples/maic_engine.py',name=maic)" --b greedy --games 4 \
  --rules 'standard(quiet_plies=200,max_plies=off)' --out "$tmp/maic.jsonl" >/dev/null
got=$(field "$tmp/maic.jsonl" 'len(games), sum(g["end_reason"] in ("all_captured", "quiet_limit", "hemmed_in") for g in games)')
[ "$got" = "(4, 4)" ] && pass || fail "the MAIC example under standard(quiet_plies=200,max_plies=off): $got"

# --- Failures are results ----------------------------------------------------------------------------
check_failure() {
  local what=$1 switch=$2 reason=$3 extra=${4:-}
  local spec="engine(cmd='$greedy_py $switch',name=bad$extra)" f="$tmp/fail.jsonl"
  rm -f "$f"
  if "$seega" match --quiet --a "$spec" --b greedy --games 4 --threads 2 --out "$f" >/dev/null; then pass; else
    fail "$what: the match did not complete"; fi
  got=$(field "$f" '[g["end_reason"] for g in games].count("'"$reason"'"), all(g["engine_log"] and g["end_detail"] for g in games)')
  [ "$got" = "(4, True)" ] && pass || fail "$what: $got (4 games lost as $reason, each with its detail and log)"
  # A resume with more games goes on, the summary reads it back, and a lost game replays.
  "$seega" match --quiet --a "$spec" --b greedy --games 6 --threads 2 --out "$f" --resume --json >"$tmp/r.json" &&
    pass || fail "$what: --resume"
  got=$(field "$f" 'len(games), [g["end_reason"] for g in games].count("'"$reason"'")')
  [ "$got" = "(6, 6)" ] && pass || fail "$what: after --resume $got"
  "$seega" summary "$f" --json >"$tmp/s.json" && same_summary "$what: summary" "$tmp/r.json" "$tmp/s.json" ||
    fail "$what: summary"
  "$seega" replay --games "$f" --index 0 >"$tmp/replay.txt" && grep -q "($reason)" "$tmp/replay.txt" && pass ||
    fail "$what: replay: $(tail -2 "$tmp/replay.txt")"
}
check_failure "a crash" "--crash-after 3" engine_crashed
check_failure "a hang" "--hang-after 3" time_forfeit ",timeout=300"
check_failure "an illegal move" "--illegal-after 3" illegal_move
check_failure "garbage" "--garbage-after 3" illegal_move
# A slow engine under a move time loses on time; with a wide margin it does not.
"$seega" match --quiet --a "engine(cmd='$greedy_py --slow 300',name=slow,movetime=20,margin=50)" --b greedy \
  --games 2 --out "$tmp/slow.jsonl" >/dev/null
got=$(field "$tmp/slow.jsonl" '[g["end_reason"] for g in games]')
[ "$got" = "['time_forfeit', 'time_forfeit']" ] && pass || fail "a slow engine under movetime=20: $got"

# --- Refusals before any game ------------------------------------------------------------------------
bad_says "a refusal at newgame" "refused 'newgame standard': this engine was started with --refuse-rules" \
  match --a "engine(cmd='$greedy_py --refuse-rules')" --b greedy --out "$tmp/never.jsonl"
[ ! -e "$tmp/never.jsonl" ] && pass || fail "a refused run wrote its file"
bad_says "a size the engine does not play" "it plays the sizes 5, not 7" \
  match --a "engine(cmd='$py $examples/maic_engine.py',name=maic)" --b greedy --rules 'standard(size=7)'
bad_says "rules the engine does not play" "it plays the rules standard, not chain" \
  ladder --players greedy "engine(cmd='$py $examples/maic_engine.py',name=maic)" --rules chain
bad_says "a command that does not start" "it ended before seegaok: it exited with status 127; its standard error said '/bin/sh: 1: /no/such/engine: not found'" \
  match --a "engine(cmd='/no/such/engine')" --b greedy
bad_says "an engine without a command" "engine needs the command" match --a "engine(name=x)" --b greedy
# seega engine serves a player of this project; another engine behind it (a proxy) is refused before any
# line is read, and so is one as its placement player.
bad_says "seega engine serving an engine" "seega engine serves one of this project's players, not another engine" \
  engine --player "engine(cmd='/no/such/engine')"
bad_says "seega engine serving an engine's placement" "not another engine" \
  engine --player "greedy(placement=engine(cmd='/no/such/engine'))"
bad_says "no handshake" "handshake:" match --a "engine(cmd='echo hello')" --b greedy

# --- engine-check ------------------------------------------------------------------------------------
if "$seega" engine-check "$greedy_py --think" >"$tmp/check.txt"; then pass; else fail "engine-check of the greedy example"; fi
grep -q '^18 of 18 checks passed$' "$tmp/check.txt" && pass || fail "engine-check: $(tail -1 "$tmp/check.txt")"
grep -q '^ok   go in a finished game: bestmove none$' "$tmp/check.txt" && pass ||
  fail "engine-check of a go in a finished game: $(grep 'finished game' "$tmp/check.txt")"
"$seega" engine-check "$seega engine --player 'ab(depth=20)'" --rules 'chain(size=7)' --json >"$tmp/check.json" &&
  pass || fail "engine-check of seega engine"
got=$("$py" -c 'import json,sys; j=json.load(open(sys.argv[1])); print(j["passed"], j["total"])' "$tmp/check.json")
[ "$got" = "18 18" ] && pass || fail "engine-check --json of seega engine: $got"
# An engine whose exit takes a second after quit (as a sanitizer build's, whose leak check runs at exit)
# passes the quit check: engine-check gives it 3 s, not the 200 ms a run gives an engine after a failure.
"$seega" engine-check "$greedy_py --slow-exit 1000" >"$tmp/check.txt" && grep -q '^ok   quit' "$tmp/check.txt" &&
  pass || fail "engine-check of an engine slow to exit: $(grep quit "$tmp/check.txt")"
"$seega" engine-check "$greedy_py --illegal-after 2" >"$tmp/check.txt"
code=$?
[ "$code" -eq 1 ] && grep -q '^FAIL go movetime 300: bestmove' "$tmp/check.txt" && pass ||
  fail "engine-check of an engine that plays illegal moves: exit $code, $(grep -m1 FAIL "$tmp/check.txt")"
"$seega" engine-check "$greedy_py --crash-after 1" >"$tmp/check.txt"
code=$?
[ "$code" -eq 1 ] && grep -q '^FAIL go after .* moves: it exited with status 3 while thinking' "$tmp/check.txt" && pass ||
  fail "engine-check of an engine that crashes: exit $code, $(grep -m1 FAIL "$tmp/check.txt")"
bad_says "engine-check without a command" "needs the command" engine-check
# stop: its bestmove must come after stop was sent; an engine that answered at once did not show it reads stop,
# but did nothing wrong (it may finish early): the check could not be made, and that is no failure.
"$seega" engine-check "$greedy_py" >"$tmp/check.txt"
code=$?
[ "$code" -eq 0 ] && grep -q '^n/a  stop: it answered go movetime 60000 .* before stop was sent' "$tmp/check.txt" &&
  grep -q '^17 of 18 checks passed, 1 could not be tested$' "$tmp/check.txt" && pass ||
  fail "engine-check of an engine that answers before stop: exit $code, $(grep '^[A-Za-z ]*stop:' "$tmp/check.txt")"
grep -q '^ok   stop: bestmove [0-9]* ms after stop$' <(
  "$seega" engine-check "$greedy_py --think") && pass || fail "engine-check's stop of an engine that thinks until stop"
# After a go that failed the checks start again in step (stop, isready, readyok): a late answer to one go is
# never read as the answer to the next.
"$seega" engine-check "$greedy_py --slow 600" --timeout 300 >"$tmp/check.txt"
fails_go=$(grep -c '^FAIL go .*: no bestmove within 300 ms$' "$tmp/check.txt")
others=$(grep '^FAIL' "$tmp/check.txt" | grep -v ': no bestmove within 300 ms$' | grep -v '^FAIL a whole game.*: no bestmove within 300 ms$')
[ "$fails_go" -eq 3 ] && [ -z "$others" ] && grep -q '^ok   go movetime 300' "$tmp/check.txt" && pass ||
  fail "engine-check in step after a failed go: $fails_go go timeouts; $(echo "$others" | tr '\n' ';')"
# A command that does not start fails start with the shell's words.
"$seega" engine-check /no/such/engine >"$tmp/check.txt"
code=$?
[ "$code" -eq 1 ] && grep -q "^FAIL start: '/no/such/engine' ended before its first line: it exited with status 127; its standard error said '.*/no/such/engine: not found'$" "$tmp/check.txt" &&
  pass || fail "engine-check of a missing engine: exit $code, $(head -2 "$tmp/check.txt" | tr '\n' ';')"
# A hung engine fails in seconds: the checks after it stopped answering are not run.
start=$SECONDS
"$seega" engine-check "$greedy_py --hang-after 0" >"$tmp/check.txt"
code=$? took=$((SECONDS - start))
[ "$code" -eq 1 ] && [ "$took" -le 10 ] && grep -q '^FAIL go from startpos: no bestmove within 3000 ms$' "$tmp/check.txt" &&
  grep -q '^FAIL go movetime 300: not run: the engine stopped answering' "$tmp/check.txt" && pass ||
  fail "engine-check of a hung engine: exit $code in $took s, $(grep -m2 FAIL "$tmp/check.txt" | tr '\n' ';')"

# --- Wherever a player spec goes ---------------------------------------------------------------------
eng="engine(cmd='$greedy_py',name=gpy)"
"$seega" ladder --quiet --players random "$eng" greedy --games-per-pair 2 --threads 2 --json >"$tmp/l.json" &&
  pass || fail "a ladder with an engine"
"$seega" run-sim --quiet --player "$eng" --runs 4 --max-level 2 --threads 2 --out "$tmp/rs.jsonl" --json \
  >"$tmp/rs.json" && pass || fail "run-sim of an engine"
got=$(head -1 "$tmp/rs.jsonl" | "$py" -c 'import json,sys; print(json.load(sys.stdin)["engines"]["0"]["name"])')
[ "$got" = greedy-py ] && pass || fail "run-sim's header names the engine: $got"
printf '1 greedy\n2 %s\n' "$eng" >"$tmp/levels.txt"
"$seega" run-sim --quiet --player 'ab(depth=2)' --levels "$tmp/levels.txt" --runs 4 --threads 2 --json >"$tmp/rl.json" &&
  pass || fail "run-sim against a level table with an engine"
"$seega" gen-data --quiet --players "$eng" greedy --games 4 --positions-per-game 2 --label result \
  --out "$tmp/pos.csv" >/dev/null && [ "$(wc -l <"$tmp/pos.csv")" -gt 1 ] && pass || fail "gen-data with an engine"
for i in 1 2; do
  "$seega" match --quiet --a "$eng" --b greedy --games 6 --seed 3 --shard "$((i - 1))/2" --out "$tmp/s$i.jsonl" >/dev/null
done
"$seega" merge "$tmp/s1.jsonl" "$tmp/s2.jsonl" --out "$tmp/merged.jsonl" >/dev/null &&
  "$seega" match --quiet --a "$eng" --b greedy --games 6 --seed 3 --out "$tmp/whole.jsonl" >/dev/null &&
  cmp -s <(game_lines "$tmp/merged.jsonl") <(game_lines "$tmp/whole.jsonl") && pass ||
  fail "an engine's match in two shards, merged, is the match in one"
"$seega" play --watch "$eng" greedy --delay 0 >"$tmp/watch.txt" && grep -q '^result: ' "$tmp/watch.txt" && pass ||
  fail "play --watch with an engine"
"$seega" play --watch "engine(cmd='$greedy_py --crash-after 2',name=c)" greedy --delay 0 >"$tmp/watch.txt" &&
  grep -q 'loses: engine_crashed' "$tmp/watch.txt" && pass || fail "play --watch with an engine that crashes"

# --- An engine's name= is its name wherever a player is named (defect 6) --------------------------------
"$seega" match --a "$eng" --b greedy --games 2 --out "$tmp/n.jsonl" >"$tmp/n.txt" &&
  "$seega" summary "$tmp/n.jsonl" >"$tmp/n_summary.txt" && "$seega" summary "$tmp/n.jsonl" --json >"$tmp/n.json" &&
  "$seega" match --a "$eng" --b greedy --games 2 --out "$tmp/n2.jsonl" >/dev/null &&
  "$seega" compare "$tmp/n.jsonl" "$tmp/n2.jsonl" >"$tmp/n_compare.txt" || fail "a match, summary and compare of gpy"
head -1 "$tmp/n.txt" | grep -q '^gpy vs greedy on standard, seed 1$' && pass || fail "match names gpy: $(head -1 "$tmp/n.txt")"
head -1 "$tmp/n_summary.txt" | grep -q '^gpy vs greedy on standard, seed 1$' && pass ||
  fail "summary names gpy: $(head -1 "$tmp/n_summary.txt")"
grep -q '^A: .*n.jsonl (gpy vs greedy on standard' "$tmp/n_compare.txt" && pass ||
  fail "compare names gpy: $(head -1 "$tmp/n_compare.txt")"
got=$(field "$tmp/n.jsonl" 'json.load(open("'"$tmp/n.json"'"))["a"], h["players"][0] == "'"$eng"'"')
[ "$got" = "('gpy', True)" ] && pass || fail "summary --json names gpy, the header keeps the spec: $got"
"$seega" ladder --quiet --players random "$eng" greedy --games-per-pair 2 --anchor gpy >"$tmp/nl.txt" &&
  "$seega" ladder --quiet --players random "$eng" greedy --games-per-pair 2 --csv >"$tmp/nl.csv" || fail "a ladder of gpy"
grep -q '^   [123]  gpy  ' "$tmp/nl.txt" && grep -q 'gpy = 0$' "$tmp/nl.txt" && grep -q '^[123],gpy,' "$tmp/nl.csv" && pass ||
  fail "the ladder's table names gpy: $(grep -m1 '^   1' "$tmp/nl.txt"), $(sed -n 2p "$tmp/nl.csv")"
got=$("$py" -c 'import json,sys; j=json.load(open(sys.argv[1])); print(sorted(p["name"] for p in j["players"]), sorted({p["a"] for p in j["pairs"]} | {p["b"] for p in j["pairs"]}))' "$tmp/l.json")
[ "$got" = "['gpy', 'greedy', 'random'] ['gpy', 'greedy', 'random']" ] && pass || fail "ladder --json names gpy: $got"
"$seega" run-sim --quiet --player "$eng" --runs 2 --max-level 1 >"$tmp/nrs.txt" && grep -q '^run-sim: gpy against' "$tmp/nrs.txt" &&
  pass || fail "run-sim names gpy: $(head -1 "$tmp/nrs.txt")"
"$seega" play --watch "$eng" greedy --delay 0 >"$tmp/nw.txt" && grep -q '^watch: w plays gpy and places first' "$tmp/nw.txt" &&
  grep -q '(gpy)' "$tmp/nw.txt" && pass || fail "play --watch names gpy: $(head -1 "$tmp/nw.txt")"
cmd_shown=$(cat "$tmp"/n.txt "$tmp"/n_summary.txt "$tmp"/n_compare.txt "$tmp"/nl.txt "$tmp"/nl.csv "$tmp"/nrs.txt "$tmp"/nw.txt | grep -c "cmd=")
[ "$cmd_shown" -eq 0 ] && pass || fail "$cmd_shown lines show the engine's spec rather than its name"
bad_says "two players of a ladder named alike" "players 1 and 2 are both named 'gpy'" \
  ladder --players "$eng" "engine(cmd='$greedy_py --seed 2',name=gpy)" greedy

# --- Adjudication: the rule in the header and the summary; a resume under another rule is refused --------
"$seega" match --quiet --a "ab(depth=3)" --b "engine(cmd='$greedy_py --info',name=gi)" --games 6 \
  --adjudicate win=300:2 --out "$tmp/adj.jsonl" --json >"$tmp/adj.json"
got=$(field "$tmp/adj.jsonl" 'h["adjudication"], sum(g["end_reason"] == "adjudicated" for g in games) == json.load(open("'"$tmp/adj.json"'"))["adjudication"]["games"] > 0')
[ "$got" = "('win=300:2', True)" ] && pass || fail "adjudication against an engine's info scores: $got"
bad_says "a resume under another adjudication rule" "adjudication" match --a "ab(depth=3)" \
  --b "engine(cmd='$greedy_py --info',name=gi)" --games 8 --adjudicate win=400:2 --out "$tmp/adj.jsonl" --resume
bad_says "a bad adjudication rule" "--adjudicate: bad value '3'" match --a greedy --b greedy --adjudicate win=3

# --- Our players under time controls ----------------------------------------------------------------
"$seega" match --quiet --a "ab(depth=30,movetime=20,margin=3000)" --b "level(3,tc=2+0.05,margin=3000)" --games 2 \
  --out "$tmp/tc.jsonl" >/dev/null
got=$(field "$tmp/tc.jsonl" 'sum(g["end_reason"] == "time_forfeit" for g in games), all(g["search"][g["a"]]["ended_by_clock"] > 0 for g in games)')
[ "$got" = "(0, True)" ] && pass || fail "ab under movetime=20: $got (no time losses, searches ended by the clock)"

finish cli.engine

#!/usr/bin/env bash
# Real runs killed by SIGKILL and resumed (issue 12): seega match, ladder, run-sim and gen-data, each
# killed at several random moments and resumed with --resume until it completes, end with the summary
# (for gen-data, the file) of an uninterrupted run, and their files hold every index exactly once.
# A kill moment is a random fraction of the uninterrupted run's time, so the moments land mid-run on a
# fast or a sanitized build alike. The moments come from SEEGA_KILL_SEED (1 unless given), so that a
# commit's test run draws the same ones every time (as near as a loaded machine's timing allows);
# SEEGA_KILL_SEED=$RANDOM tries new ones. SEEGA_KILL_SCALE=P plays P% of the games (slow builds pass less).
set -u
seega=$1
source "$(dirname "$0")/cli_lib.sh"

seed=${SEEGA_KILL_SEED:-1}
scale=${SEEGA_KILL_SCALE:-100}
kills=4
RANDOM=$seed
echo "kill seed $seed, scale $scale% (SEEGA_KILL_SEED=$seed SEEGA_KILL_SCALE=$scale repeats it)"

now_ms() { echo $(($(date +%s%N) / 1000000)); }
kept() { local n=0; [ -f "$1" ] && n=$(($(wc -l <"$1") - 1)); echo $((n < 0 ? 0 : n)); }  # lines after the header
scaled() { local n=$(($1 * scale / 100)); echo $((n < $2 ? $2 : n)); }

# indices_once <name> <file> <n>: the results file is a header and then whole lines whose indices are
# 0..n-1, each once.
indices_once() {
  local out
  if out=$("$py" - "$2" "$3" 2>&1 <<'EOF'
import collections, json, sys
text = open(sys.argv[1]).read()
assert text.endswith("\n"), "the last line is not complete"
lines = text.splitlines()
assert json.loads(lines[0])["type"] == "header", "no header"
seen = collections.Counter(json.loads(l)["index"] for l in lines[1:])
n = int(sys.argv[2])
missing = sorted(set(range(n)) - seen.keys())
repeated = sorted(i for i, c in seen.items() if c > 1)
extra = sorted(i for i in seen if not 0 <= i < n)
assert not (missing or repeated or extra), f"missing {missing[:8]}, repeated {repeated[:8]}, out of range {extra[:8]}"
EOF
  ); then pass; else fail "$1: the results file: $(echo "$out" | tail -n 1)"; fi
}

# games_once <name> <csv> <n>: a gen-data file's rows come game by game, games 0..n-1, each in one block.
games_once() {
  local out
  if out=$("$py" - "$2" "$3" 2>&1 <<'EOF'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
assert rows[0][3] == "game", "no header"
blocks = [int(r[3]) for i, r in enumerate(rows[1:]) if i == 0 or r[3] != rows[i][3]]
assert blocks == list(range(int(sys.argv[2]))), f"games in the file, block by block: {blocks[:12]}..."
EOF
  ); then pass; else fail "$1: the data file: $(echo "$out" | tail -n 1)"; fi
}

# killed_runs <name> <file> <reference ms> <lines> <seega args...>: runs `seega <args> --out <file>
# --resume` again and again, killing each run with SIGKILL after a random 5% to 70% of the time the
# reference run would take over the lines (after the header) still missing, until $kills runs were
# killed or one finished. The last run, not killed, is the caller's.
killed_runs() {
  local name=$1 file=$2 ref_ms=$3 lines=$4 k killed=0 have delay pid code
  shift 4
  for ((k = 1; killed < kills && k <= 2 * kills; k++)); do
    have=$(kept "$file")
    delay=$((ref_ms * (lines - have) / lines * (5 + RANDOM % 66) / 100))
    "$seega" "$@" --quiet --out "$file" --resume >/dev/null 2>>"$tmp/$name.err" &
    pid=$!
    sleep "$((delay / 1000)).$(printf '%03d' $((delay % 1000)))"
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null  # no "Killed" line from the shell
    code=$?
    echo "$name: run $k: SIGKILL after $delay ms, exit $code, $(kept "$file") of $lines lines"
    # 137: killed; 0: it finished before the signal; anything else is a refused resume or a crash.
    if [ "$code" -eq 137 ]; then killed=$((killed + 1))
    elif [ "$code" -eq 0 ]; then break
    else fail "$name: run $k exited $code: $(tail -n 2 "$tmp/$name.err")"; break; fi
  done
}

# killed_summary <name> <n> <seega args...>: the reference run, the killed runs and the last run's --json
# summary compared with the reference; the file's indices 0..n-1 once each.
killed_summary() {
  local name=$1 n=$2 start ref_ms
  shift 2
  start=$(now_ms)
  "$seega" "$@" --quiet --json >"$tmp/$name.ref.json"
  ref_ms=$(($(now_ms) - start))
  killed_runs "$name" "$tmp/$name.jsonl" "$ref_ms" "$n" "$@"
  if "$seega" "$@" --quiet --out "$tmp/$name.jsonl" --resume --json >"$tmp/$name.json" 2>>"$tmp/$name.err"; then
    pass; else fail "$name: the last resume failed: $(tail -n 2 "$tmp/$name.err")"; fi
  same_summary "$name: killed $kills times and resumed vs uninterrupted" "$tmp/$name.ref.json" "$tmp/$name.json"
  indices_once "$name" "$tmp/$name.jsonl" "$n"
}

games=$(scaled 300 20)
killed_summary match "$games" match --a 'ab(depth=2)' --b greedy --opening-turns 1 --seed 3 --games "$games" --threads 2

per_pair=$(scaled 40 4)
killed_summary ladder $((6 * per_pair)) ladder --players random greedy 'ab(depth=1)' 'ab(depth=2)' \
  --games-per-pair "$per_pair" --seed 4 --threads 2

runs=$(scaled 60 6)
killed_summary run-sim "$runs" run-sim --player 'ab(depth=1)' --max-level 4 --runs "$runs" --seed 5 --threads 2

# gen-data has no --json summary: its CSV (written in game order) must equal the uninterrupted one.
games=$(scaled 400 20)
data=(gen-data --players greedy 'ab(depth=1)' --games "$games" --seed 6 --threads 2)
start=$(now_ms)
"$seega" "${data[@]}" --quiet --out "$tmp/ref.csv" >/dev/null
ref_ms=$(($(now_ms) - start))
killed_runs gen-data "$tmp/data.csv" "$ref_ms" "$(kept "$tmp/ref.csv")" "${data[@]}"
if "$seega" "${data[@]}" --quiet --out "$tmp/data.csv" --resume >/dev/null 2>>"$tmp/gen-data.err"; then pass; else
  fail "gen-data: the last resume failed: $(tail -n 2 "$tmp/gen-data.err")"; fi
cmp -s "$tmp/ref.csv" "$tmp/data.csv" && pass || fail "gen-data: killed and resumed, the file differs from an uninterrupted run's"
games_once gen-data "$tmp/data.csv" "$games"

finish "cli kill"

#!/usr/bin/env bash
# seega under mpirun (Open MPI) on 2 and 3 ranks: match, ladder, gen-data and run-sim write the file and
# print the summary one process does, and spsa the trajectory and weights; the SPRT decides at the same
# game; a Ctrl-C and a killed rank leave a summary and a file that --resume finishes with nothing lost or
# repeated; ranks given another command line, or failing before the run, end the job with one message;
# other commands are refused.
# Usage: cli_mpi_test.sh path/to/seega path/to/mpirun
seega=$1
mpirun=$2
source "$(dirname "$0")/cli_lib.sh"
cd "$tmp" || exit 1
# CI runs as root, which Open MPI refuses unless told; 3 ranks on 2 cores need --oversubscribe.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# In a container the shared-memory transport's single-copy path (CMA, which needs ptrace rights between
# the ranks) may be forbidden; copying through the shared buffer works everywhere.
export OMPI_MCA_btl_vader_single_copy_mechanism=none
mpi() { local np=$1; shift; timeout 300 "$mpirun" --oversubscribe -np "$np" "$@"; }

# sorted <file>: the header, then the lines sorted by "index" (a run's file is in completion order).
sorted() {
  "$py" - "$1" <<'EOF'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
header = json.loads(lines[0])
header.pop("origin", None)  # the command line and date that wrote it differ between the runs compared
print(json.dumps(header, sort_keys=True))
for l in sorted(lines[1:], key=lambda l: json.loads(l)["index"]):
    print(l)
EOF
}
# same_file <what> <a> <b>: the same header and the same lines by index.
same_file() {
  if cmp -s <(sorted "$2") <(sorted "$3"); then pass; else fail "$1: the files differ by index"; fi
}
# each_once <file> <n>: indices 0..n-1, each exactly once.
each_once() {
  local why
  why=$("$py" - "$2" "$3" <<'EOF'
import collections, json, sys
seen = collections.Counter(json.loads(l)["index"] for l in open(sys.argv[1]).read().splitlines()[1:])
n = int(sys.argv[2])
bad = [i for i in range(n) if seen[i] != 1] + [i for i in seen if not 0 <= i < n]
print(f"indices not once: {bad[:5]}" if bad else "")
EOF
  )
  if [ -z "$why" ]; then pass; else fail "$1: $why"; fi
}
# key <file.json> <key>: one key of a --json summary.
key() { "$py" -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$1" "$2"; }

# An external engine under mpirun: each rank starts its own process (seega engine, so the games are
# the in-process player's), and the file is the one-process run's.
engine_args=(--a "engine(cmd='$seega engine --player \"ab(depth=2)\"',name=e)" --b greedy --games 12 --seed 5 --quiet)
"$seega" match "${engine_args[@]}" --threads 1 --out e1.jsonl >/dev/null || fail "match with an engine, one process"
mpi 2 "$seega" match "${engine_args[@]}" --threads 1 --out e2.jsonl >/dev/null || fail "match with an engine on 2 ranks"
same_file "match with an engine on 2 ranks" e1.jsonl e2.jsonl

match_args=(--a 'ab(depth=2)' --b 'ab(depth=1)' --games 60 --opening-turns 2 --seed 7 --json --quiet)
"$seega" match "${match_args[@]}" --threads 1 --out m1.jsonl >m1.json || fail "match, one process"
for np in 2 3; do
  # Three ranks of two threads each: more workers than cores, as a cluster's ranks may have.
  mpi "$np" "$seega" match "${match_args[@]}" --threads $((np - 1)) --out "m$np.jsonl" >"m$np.json" ||
    fail "match on $np ranks exited $?"
  same_summary "match on $np ranks" m1.json "m$np.json"
  same_file "match on $np ranks" m1.jsonl "m$np.jsonl"
  each_once "match on $np ranks" "m$np.jsonl" 60
done

# A resume under mpirun of a file one process began, and --verify replays it on rank 0.
"$seega" match "${match_args[@]/60/24}" --out r.jsonl >/dev/null || fail "match, the first 24 games"
mpi 2 "$seega" match "${match_args[@]}" --out r.jsonl --resume --verify >r.json || fail "resume on 2 ranks"
same_summary "resume on 2 ranks" m1.json r.json
same_file "resume on 2 ranks" m1.jsonl r.jsonl

# A shard under mpirun plays the shard's games, as the shard does alone.
"$seega" match "${match_args[@]}" --shard 1/3 --out sh1.jsonl >sh1.json || fail "a shard, one process"
mpi 2 "$seega" match "${match_args[@]}" --threads 1 --shard 1/3 --out sh2.jsonl >sh2.json || fail "a shard on 2 ranks"
same_summary "a shard on 2 ranks" sh1.json sh2.json
same_file "a shard on 2 ranks" sh1.jsonl sh2.jsonl

# The SPRT stops at the same pair on any number of ranks (the summary is that of the deciding prefix).
sprt_args=(--a 'ab(depth=1)' --b greedy --games 100000 --sprt elo0=0,elo1=50 --json --quiet)
"$seega" match "${sprt_args[@]}" --threads 1 >s1.json || fail "sprt, one process"
[ "$(key s1.json games)" -lt 1000 ] && pass || fail "the SPRT did not decide early: $(key s1.json games) games"
for np in 2 3; do
  mpi "$np" "$seega" match "${sprt_args[@]}" --threads 1 >"s$np.json" || fail "sprt on $np ranks exited $?"
  same_summary "sprt on $np ranks" s1.json "s$np.json"
done

ladder_args=(--players random greedy 'ab(depth=1)' --games-per-pair 8 --seed 3 --json --quiet)
"$seega" ladder "${ladder_args[@]}" --out l1.jsonl >l1.json || fail "ladder, one process"
for np in 2 3; do
  mpi "$np" "$seega" ladder "${ladder_args[@]}" --threads 1 --out "l$np.jsonl" >"l$np.json" ||
    fail "ladder on $np ranks exited $?"
  same_summary "ladder on $np ranks" l1.json "l$np.json"
  same_file "ladder on $np ranks" l1.jsonl "l$np.jsonl"
done

# gen-data: the rows are labelled (here by search) on the rank that played the game, and rank 0 writes
# them in game order: the same bytes.
data_args=(--players 'ab(depth=1)' --games 24 --label search --search-depth 2 --quiet)
"$seega" gen-data "${data_args[@]}" --out d1.csv >/dev/null || fail "gen-data, one process"
for np in 2 3; do
  mpi "$np" "$seega" gen-data "${data_args[@]}" --threads 1 --out "d$np.csv" >/dev/null || fail "gen-data on $np ranks"
  cmp -s d1.csv "d$np.csv" && pass || fail "gen-data on $np ranks: the data differs"
  cmp -s <(without_origin d1.csv.json) <(without_origin "d$np.csv.json") && pass || fail "gen-data on $np ranks: the configuration differs"
done

sim_args=(--player 'ab(depth=1)' --runs 12 --max-level 3 --seed 5 --json --quiet)
"$seega" run-sim "${sim_args[@]}" --out q1.jsonl >q1.json || fail "run-sim, one process"
for np in 2 3; do
  mpi "$np" "$seega" run-sim "${sim_args[@]}" --threads 1 --out "q$np.jsonl" >"q$np.json" || fail "run-sim on $np ranks"
  same_summary "run-sim on $np ranks" q1.json "q$np.json"
  same_file "run-sim on $np ranks" q1.jsonl "q$np.jsonl"
done
# --target-median runs one simulation a proxy until one reaches the target (rank 0 tells the others when to
# stop): the same sessions and answer on 2 ranks.
target_args=(--target-median 1 --runs 4 --max-level 2 --json --quiet)
"$seega" run-sim "${target_args[@]}" >t1.json || fail "target-median, one process"
mpi 2 "$seega" run-sim "${target_args[@]}" --threads 1 >t2.json || fail "target-median on 2 ranks"
same_summary "target-median on 2 ranks" t1.json t2.json

# spsa: each iteration's match is shared among the ranks, and rank 0 sends the others theta before each
# one: the trajectory and the final weights of one process, byte for byte.
spsa_args=(spsa --player 'ab(depth=1)' --iterations 4 --pairs 3 --opening-turns 2 --seed 5 --json --quiet)
"$seega" "${spsa_args[@]}" --threads 1 --trajectory a1.csv --out a1.txt >a1.json || fail "spsa, one process"
awk -F, 'NR > 1 && $3 != 0' a1.csv | grep -q . && pass || fail "spsa: theta never moved: $(cat a1.csv)"
for np in 2 3; do
  mpi "$np" "$seega" "${spsa_args[@]}" --threads $((np - 1)) --trajectory "a$np.csv" --out "a$np.txt" >"a$np.json" ||
    fail "spsa on $np ranks exited $?"
  same_summary "spsa on $np ranks" a1.json "a$np.json"
  cmp -s a1.csv "a$np.csv" && pass || fail "spsa on $np ranks: the trajectory differs"
  cmp -s a1.txt "a$np.txt" && pass || fail "spsa on $np ranks: the weights differ"
done
# With --vary each game pair is its own configuration (the pairs schedule, a player per configuration):
# shared among the ranks, the same trajectory.
vary_args=(spsa --player 'ab(depth=1)' --iterations 3 --pairs 3 --opening-turns 0 --vary --seed 5 --quiet)
"$seega" "${vary_args[@]}" --threads 1 --trajectory v1.csv >/dev/null || fail "spsa --vary, one process"
mpi 2 "$seega" "${vary_args[@]}" --threads 1 --trajectory v2.csv >/dev/null || fail "spsa --vary on 2 ranks exited $?"
cmp -s v1.csv v2.csv && pass || fail "spsa --vary on 2 ranks: the trajectory differs"
# A resume under mpirun of a trajectory cut after two rows (and in the third): only rank 0 reads it, and
# its state reaches the others.
head -n 3 a1.csv >ar.csv && head -n 4 a1.csv | tail -n 1 | head -c 9 >>ar.csv && cp a1.csv.json ar.csv.json
mpi 3 "$seega" "${spsa_args[@]}" --threads 1 --trajectory ar.csv --resume --out ar.txt >ar.json ||
  fail "spsa resume on 3 ranks exited $?"
cmp -s a1.csv ar.csv && cmp -s a1.txt ar.txt && pass || fail "spsa resume on 3 ranks: another trajectory or weights"
[ "$(key ar.json iterations_this_run)" -eq 2 ] && pass || fail "spsa resume on 3 ranks: $(head -c 300 ar.json)"
# A finished trajectory resumes to nothing more: rank 0 tells the others the run is over at once.
mpi 2 "$seega" "${spsa_args[@]}" --trajectory ar.csv --resume >/dev/null && cmp -s a1.csv ar.csv && pass ||
  fail "spsa: resuming a finished trajectory on 2 ranks"
# Ctrl-C to mpirun part way (as stopped() below does it): no rank waits for ever, rank 0 prints the
# interrupted summary, the rows are whole, and a resume under mpirun ends with a straight run's trajectory.
ctrl_args=(spsa --player 'ab(depth=2)' --iterations 120 --pairs 4 --seed 7 --quiet)
"$seega" "${ctrl_args[@]}" --trajectory straight.csv >/dev/null || fail "spsa, the straight run"
"$mpirun" --oversubscribe -np 2 "$seega" "${ctrl_args[@]}" --threads 1 --trajectory cut.csv >cut.txt 2>&1 &
job=$!
for _ in $(seq 300); do [ "$(wc -l 2>/dev/null <cut.csv || echo 0)" -ge 3 ] && break; sleep 0.02; done
kill -INT "$job"
wait "$job"
code=$?
rows=$(($(wc -l <cut.csv) - 1))
[ "$code" -ne 0 ] && [ "$rows" -lt 120 ] && grep -q "^ab(depth=2) on .*: $rows of 120 iterations (interrupted" cut.txt &&
  [ "$(tail -c 1 cut.csv | od -An -c | tr -d ' ')" = '\n' ] && pass ||
  fail "spsa after Ctrl-C on 2 ranks: exit $code, $rows rows: $(head -c 300 cut.txt)"
mpi 2 "$seega" "${ctrl_args[@]}" --threads 1 --trajectory cut.csv --resume >/dev/null && cmp -s straight.csv cut.csv &&
  pass || fail "spsa stopped after $rows rows on 2 ranks and resumed: another trajectory"

# Progress under mpirun: whole lines from rank 0 for a batch job's log (ranks write to pipes), not
# with --quiet.
mpi 2 "$seega" match --a random --b random --games 50 >/dev/null 2>p.txt
[ "$(grep -c '^seega: 50/50 games' p.txt)" -eq 1 ] && pass || fail "progress under mpirun: $(head -c 300 p.txt)"
mpi 2 "$seega" match --a random --b random --games 50 --quiet >/dev/null 2>p.txt
[ ! -s p.txt ] && pass || fail "--quiet under mpirun wrote: $(head -c 300 p.txt)"

# long_match <np> <out> <stdout>: a match of many short searched games, started in the background.
long_args=(--a 'ab(depth=2)' --b 'ab(depth=2)' --opening-turns 2 --games 4000 --seed 11 --threads 1 --json --quiet)
"$seega" match "${long_args[@]}" --out full.jsonl >full.json || fail "the long match, one process"
# started <file> <n>: waits until the file holds n games.
started() {
  for _ in $(seq 300); do
    [ -f "$1" ] && [ "$(($(wc -l <"$1") - 1))" -ge "$2" ] && return 0
    sleep 0.1
  done
  return 1
}
# rank_pid <n>: the pid of rank n of the running seega match (Open MPI's environment names it).
rank_pid() {
  local p
  for p in $(pgrep -f "seega match"); do
    tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$1" && echo "$p" && return
  done
}

# stopped <name> <signal> <target>: the long match on 2 ranks into <name>.jsonl (summary <name>.json,
# stderr <name>.err), sent <signal> once it holds 200 games: to mpirun (target "mpirun") or to rank 1
# alone ("rank"). Sets code to mpirun's exit status. What is tested is a signal during the match: when
# the file holds every game, the signal landed after the match had ended (a loaded machine can delay
# it that long; seen once under the sanitizers), and the case is played again, three times at most.
stopped() {
  local name=$1 signal=$2 target=$3 job victim attempt
  for attempt in 1 2 3; do
    rm -f "$name.jsonl"
    "$mpirun" -np 2 "$seega" match "${long_args[@]}" --out "$name.jsonl" >"$name.json" 2>"$name.err" &
    job=$!
    started "$name.jsonl" 200 || fail "$name: the match did not start"
    if [ "$target" = mpirun ]; then victim=$job; else victim=$(rank_pid 1); fi
    [ -n "$victim" ] && kill "-$signal" "$victim"
    wait "$job"
    code=$?
    [ "$(($(wc -l <"$name.jsonl") - 1))" -lt 4000 ] && break
    echo "$name: the signal landed after all 4000 games (attempt $attempt), played again" >&2
  done
  [ "$code" -ne 0 ] && pass || fail "$name: mpirun exited 0"
}
# resumed <name>: --resume on 2 ranks finishes the match: the one process's summary, every game once.
resumed() {
  mpi 2 "$seega" match "${long_args[@]}" --out "$1.jsonl" --resume >"$1.resumed.json" || fail "$1: the resume failed"
  same_summary "$1: the resume" full.json "$1.resumed.json"
  each_once "$1: the resume" "$1.jsonl" 4000
}

# Ctrl-C: mpirun passes it to the ranks (as SIGTERM); rank 0 prints the summary of the games finished,
# marked interrupted, and --resume finishes the match.
stopped ctrl-c INT mpirun
[ "$(key ctrl-c.json interrupted)" = True ] && pass ||
  fail "Ctrl-C: no interrupted summary: $(head -c 300 ctrl-c.json) $(head -c 300 ctrl-c.err)"
played=$(($(wc -l <ctrl-c.jsonl) - 1))
[ "$(key ctrl-c.json games)" -eq "$played" ] && [ "$played" -lt 4000 ] && pass ||
  fail "Ctrl-C: the summary counts $(key ctrl-c.json games) games, the file holds $played"
resumed ctrl-c

# A rank killed (a machine lost): mpirun ends the job and says which rank; rank 0 still prints its
# summary, and --resume finishes the match with every game once.
stopped killed KILL rank
grep -q "rank 1" killed.err && pass || fail "a killed rank: mpirun did not name it: $(head -c 400 killed.err)"
[ "$(key killed.json interrupted)" = True ] && pass || fail "a killed rank: no summary from rank 0: $(head -c 300 killed.json)"
resumed killed

# A rank stopped alone (SIGTERM to its machine only): rank 0 finds its games missing and ends the job
# saying so, rather than print a summary that looks complete; --resume finishes the match.
stopped alone TERM rank
grep -q "^seega: error: rank 1 ended its part of the run with [0-9]* of its games unplayed" alone.err && pass ||
  fail "a rank stopped alone: $(head -c 400 alone.err)"
resumed alone

# mpi_bad <what> <fragment> <mpirun args...>: exit non-zero, and exactly one "seega: error:" line, from
# rank 0, holding the fragment.
mpi_bad() {
  local what=$1 want=$2 code errors; shift 2
  "$mpirun" --oversubscribe "$@" >/dev/null 2>"$tmp/err"; code=$?
  errors=$(grep -c '^seega: error: ' "$tmp/err")
  if [ "$code" -ne 0 ] && [ "$errors" -eq 1 ] && grep -q "^seega: error: .*$want" "$tmp/err"; then pass; else
    fail "$what: exit $code, $errors error lines: $(head -c 500 "$tmp/err")"; fi
}
rm -f x.jsonl
mpi_bad "a rank given another player" "rank 1 plays another run than rank 0: its players is" \
  -np 1 "$seega" match --a 'ab(depth=1)' --b random --games 20 --out x.jsonl --quiet : \
  -np 1 "$seega" match --a 'ab(depth=2)' --b random --games 20 --out x.jsonl --quiet
rm -f x.jsonl
mpi_bad "a rank whose weights file is missing" "rank 1 on .*weights file /nonexistent/w.txt: no such file" \
  -np 1 "$seega" match --a 'ab(depth=1)' --b random --games 20 --out x.jsonl --quiet : \
  -np 1 "$seega" match --a 'ab(depth=1,weights=/nonexistent/w.txt)' --b random --games 20 --out x.jsonl --quiet
mpi_bad "a rank tuning another run" "rank 1 on .*: this rank tunes another run than rank 0: rank 0's seed=" \
  -np 1 "$seega" spsa --player 'ab(depth=1)' --iterations 2 --pairs 2 --seed 5 --quiet : \
  -np 1 "$seega" spsa --player 'ab(depth=1)' --iterations 2 --pairs 2 --seed 6 --quiet
mpi_bad "a rank tuning with --vary where rank 0 does not" \
  "rank 1 on .*: this rank tunes another run than rank 0: rank 0's vary=nothing, this rank's vary=true" \
  -np 1 "$seega" spsa --player 'ab(depth=1)' --iterations 2 --pairs 2 --seed 5 --opening-turns 0 --quiet : \
  -np 1 "$seega" spsa --player 'ab(depth=1)' --iterations 2 --pairs 2 --seed 5 --opening-turns 0 --vary --quiet
mpi_bad "an unwritable --out" "--out /nonexistent/x.jsonl" -np 2 "$seega" match --a random --b random --out /nonexistent/x.jsonl
mpi_bad "a bad option" "--games 0" -np 3 "$seega" match --a random --b random --games 0
"$seega" match --a random --b random --games 10 --out g.jsonl --quiet >/dev/null || fail "a file for --from"
mpi_bad "gen-data --from under mpirun" "--from labels a file's games in one process" \
  -np 2 "$seega" gen-data --from g.jsonl --out from.csv --quiet
mpi_bad "perft under mpirun" "seega perft runs in one process" -np 2 "$seega" perft --depth 2

# The last-placer study's driver shares each match among mpirun's ranks (--launcher): the same rows.
study=$(cd "$(dirname "$0")/.." && pwd)/experiments/last_placer/run.py
printf 'group,rules,player,b,opening_turns,games,configs\nr,standard,ab(depth=2),,2,40,\n' >rows.csv
if /usr/bin/python3 "$study" --seega "$seega" --rows rows.csv --out one.csv >/dev/null 2>study.log &&
  /usr/bin/python3 "$study" --seega "$seega" --rows rows.csv --out two.csv \
    --launcher "$mpirun --oversubscribe -np 2" >/dev/null 2>>study.log &&
  /usr/bin/python3 -c '
import csv, sys
one, two = (list(csv.DictReader(open(f))) for f in sys.argv[1:])
assert len(one) == len(two) == 1, (one, two)
keep = lambda r: {k: v for k, v in r.items() if k != "seconds"}
assert keep(one[0]) == keep(two[0]), [(k, one[0][k], two[0][k]) for k in one[0] if one[0][k] != two[0][k]]
' one.csv two.csv 2>>study.log; then pass; else fail "run.py --launcher mpirun: $(cat study.log)"; fi

finish cli_mpi_test

#!/usr/bin/env bash
# Runs each libFuzzer target of build/fuzz (preset fuzz), one after the other, from its seed corpus
# tests/fuzz/<target>/. Crashing inputs go to build/fuzz/findings/<target>/, never into the committed
# corpus: a finding becomes a regression test when it is fixed and its input copied into
# tests/fuzz/<target>/ by hand. Exits 1 when any target found something.
#
#   scripts/fuzz.sh [SECONDS]          open-ended (make fuzz): SECONDS a target (default 30), a random
#                                      libFuzzer seed, new inputs kept in build/fuzz/corpus/<target>/ so
#                                      the next run goes on from them
#   scripts/fuzz.sh --ci RUNS [SEED]   deterministic (make fuzz-ci, CI): the committed corpus alone,
#                                      replayed, then RUNS inputs made from libFuzzer seed SEED (default
#                                      1): the same commit always gets the same inputs and the same answer
#   FUZZ_TWICE=1 scripts/fuzz.sh --ci  each target run a second time, beside the first (from a twin of the
#                                      checkout), its line (inputs, coverage, corpus) compared with the first: a difference fails the step, since the
#                                      inputs then depend on more than the seed (CI does this when the
#                                      fuzz code changed since the last landed commit, .ci/landed)
set -uo pipefail
ci=0
if [ "${1:-}" = "--ci" ]; then
  ci=1
  runs=${2:?usage: scripts/fuzz.sh --ci RUNS [SEED]}
  seed=${3:-1}
else
  seconds=${1:-30}
fi
root=$(cd "$(dirname "$0")/.." && pwd)
fixed_addresses=()
if [ $ci -eq 1 ]; then
  if env -i setarch -R true 2>/dev/null; then
    fixed_addresses=(setarch -R)
  else
    echo "fuzz: setarch -R is not allowed here: addresses vary, and so may the inputs made from the seed" >&2
  fi
fi
build=$root/build/fuzz
failed=()
# One deterministic run of target $name into log $1, from the tree at $2 (the checkout by default); its exit
# status.
ci_run() {
  local scratch=build/fuzz/ci-corpus/$name rc dir=${2:-$root}
  rm -rf "${dir:?}/$scratch" && mkdir -p "$dir/$scratch"
  (cd "$dir" && env -i "${fixed_addresses[@]}" "build/fuzz/bin/fuzz_$name" -runs="$runs" -seed="$seed" -reload=0 \
    -timeout=60 "${common[@]}" -artifact_prefix="build/fuzz/findings/$name/" "$scratch" "tests/fuzz/$name/") >"$1" 2>&1
  rc=$?
  rm -rf "${dir:?}/$scratch"
  return $rc
}
# The second run of FUZZ_TWICE goes beside the first, on the other core, from a twin of the checkout at
# build/fuzz/twin: the same relative paths (the binaries, the corpus and the findings linked, a scratch
# corpus of its own), so that its argv, its environment and its addresses are the first run's.
twin=$build/twin
if [ $ci -eq 1 ] && [ "${FUZZ_TWICE:-0}" = 1 ]; then
  rm -rf "$twin" && mkdir -p "$twin/build/fuzz" "$build/findings"
  ln -s "$build/bin" "$twin/build/fuzz/bin"
  ln -s "$build/findings" "$twin/build/fuzz/findings"
  ln -s "$root/tests" "$twin/tests"
fi
# The line of a finished deterministic run: inputs, coverage and corpus.
ci_line() {
  grep -E '^#[0-9]+[[:space:]]+DONE' "$1" | grep -oE '^#[0-9]+|cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' | tr '\n' ' ' |
    sed 's/ $//'
}
for dir in "$root"/tests/fuzz/*/; do
  name=$(basename "$dir")
  bin=$build/bin/fuzz_$name
  [ -x "$bin" ] || { echo "fuzz: no binary for tests/fuzz/$name (expected $bin)" >&2; failed+=("$name"); continue; }
  mkdir -p "$build/findings/$name" "$build/logs"
  log=$build/logs/$name.log
  # Inputs up to 4 KiB hold a results file of a few games; a single input over 10 s is a finding (a hang),
  # 60 s in CI, where a loaded machine must not turn a slow input into a different answer.
  common=(-max_len=4096 -rss_limit_mb=2048 -print_final_stats=1)
  if [ $ci -eq 1 ]; then
    # Only the committed inputs and the seed may decide what is run, so: a new, empty corpus each time;
    # no reloading of the corpus (a step taken by the clock); and the same addresses every time. The
    # comparisons libFuzzer traces include pointers, so addresses that differ make other inputs: with
    # address randomisation on, two runs of one seed reached different coverage; with it off, a run
    # from make and one from a shell still did, since the environment and the paths in argv sit on the
    # stack. So: no randomisation (setarch -R), an empty environment (env -i), and paths relative to
    # the checkout (the same in any clone).
    if [ "${FUZZ_TWICE:-0}" = 1 ]; then
      ci_run "$log.second" "$twin" &
      second_pid=$!
    fi
    ci_run "$log"
    rc=$?
    [ "${FUZZ_TWICE:-0}" = 1 ] && { wait "$second_pid" || true; }
  else
    mkdir -p "$build/corpus/$name"
    "$bin" -max_total_time="$seconds" -timeout=10 "${common[@]}" -artifact_prefix="$build/findings/$name/" \
      "$build/corpus/$name" "$dir" >"$log" 2>&1
    rc=$?
  fi
  done_runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
  if [ $rc -eq 0 ]; then
    if [ $ci -eq 1 ]; then
      # The coverage reached and the inputs kept: equal from run to run when the step is deterministic.
      cov=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' | tail -1)
      echo "fuzz: $name: ${done_runs:-?} inputs from seed $seed, ${cov:-no coverage line}, nothing found"
      if [ "${FUZZ_TWICE:-0}" = 1 ]; then
        first=$(ci_line "$log") second=$(ci_line "$log.second")
        if [ -n "$first" ] && [ "$first" = "$second" ]; then
          echo "fuzz: $name: a second run of seed $seed reached the same line"
        else
          echo "fuzz: $name: NOT one answer per commit: a second run of seed $seed reached '$second'," \
            "the first '$first' (the inputs depend on more than the seed; logs $log and $log.second)" >&2
          failed+=("$name")
        fi
      fi
    else
      echo "fuzz: $name: ${done_runs:-?} inputs in ${seconds}s, nothing found"
    fi
  else
    echo "fuzz: $name: FOUND something (exit $rc); inputs in build/fuzz/findings/$name/, log $log:" >&2
    grep -A12 -m1 -E 'fuzz target|ERROR: |runtime error|deadly signal|ALARM' "$log" >&2 || tail -20 "$log" >&2
    failed+=("$name")
  fi
done
if [ ${#failed[@]} -ne 0 ]; then
  echo "fuzz: findings or errors in: ${failed[*]}" >&2
  exit 1
fi

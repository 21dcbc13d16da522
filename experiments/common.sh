# Sourced by an experiment's run.sh: `seega` (SEEGA, or the release build) and the results folder
# (OUT, or the experiment's results/), made and entered, so that every file is named relatively and
# the files record no machine's paths. `here` is the experiment's folder.
here=$(cd "$(dirname "${BASH_SOURCE[1]}")" && pwd)
seega=${SEEGA:-$here/../../build/release/bin/seega}
out=${OUT:-$here/results}
mkdir -p "$out"
cd "$out"

# --resume when the results file $1 exists and is not empty: a run cut short continues where it stopped.
resume_of() { [ -s "$1" ] && echo --resume || true; }

# match_row NAME OPTION...: one row of a study, `seega match OPTION...` with its games in NAME.jsonl and
# its summary in NAME.json. Played only while NAME.json is missing, and resumed from NAME.jsonl; the
# summary is written to NAME.json.part and moved into place when the match is complete, so a row cut
# short is never taken for a finished one.
match_row() {
  local name=$1
  shift
  [ -s "$name.json" ] && return 0
  "$seega" match "$@" --out "$name.jsonl" $(resume_of "$name.jsonl") --quiet --json >"$name.json.part" 2>/dev/null
  mv "$name.json.part" "$name.json"
}

# Shared by the CLI test scripts (sourced): a scratch folder, pass/fail counts, and the checks every
# script makes. The caller sets seega (the binary) first.
py=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0 passes=0
pass() { passes=$((passes + 1)); }
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# bad <description> <args...>: exit 2, one stderr line starting "seega: error:", nothing on stdout.
bad() { local what=$1; shift; bad_says "$what" "" "$@"; }

# bad_says <description> <fragment> <args...>: as bad, and the error line holds the fragment.
bad_says() {
  local what=$1 want=$2; shift 2
  local out err code lines
  out=$("$seega" "$@" 2>"$tmp/err"); code=$?
  err=$(cat "$tmp/err")
  lines=$(printf '%s' "$err" | grep -c '')
  if [ "$code" -eq 2 ] && [ "$lines" -eq 1 ] && [ -z "$out" ] && [[ "$err" == "seega: error: "* ]] &&
    [[ "$err" == *"$want"* ]]; then pass; else
    fail "$what: exit $code, stderr ($lines lines): $err; stdout: $out${want:+; wanted: $want}"; fi
}

# same_summary <what> <a.json> <b.json> [KEY...]: two --json summaries equal but for the timing keys (and the
# file a summary was read back from), and the KEYs given.
same_summary() {
  local what=$1 diff
  if diff=$("$py" - "$2" "$3" "${@:4}" <<'EOF2'
import json, sys
# A run's time; where a summary was read from, and whether the file is complete (read-back keys).
timing = {"seconds", "games_per_second", "runs_per_second", "read_back", "complete"}
timing |= set(sys.argv[3:])  # keys the caller leaves out too
def load(path):
    with open(path) as f:
        return {k: v for k, v in json.load(f).items() if k not in timing}
a, b = load(sys.argv[1]), load(sys.argv[2])
bad = sorted((k for k in a.keys() | b.keys() if a.get(k) != b.get(k)), key=lambda k: (k != "games", k))
for k in bad[:4]:
    print(f"{k}: {a.get(k)!r} != {b.get(k)!r}")
if len(bad) > 4:
    print(f"and {len(bad) - 4} more keys")
sys.exit(1 if bad else 0)
EOF2
  ); then pass; else fail "$what: summaries differ: $(echo "$diff" | tr '\n' ';')"; fi
}

# without_origin <file>: the file with its header's "origin" taken out (the command line and the date
# that wrote it, in which files of one configuration differ): a JSON Lines file's first line, or a whole
# one-line .json file.
without_origin() {
  "$py" - "$1" <<'EOF2'
import json, sys
lines = open(sys.argv[1]).read().split("\n")
try:
    h = json.loads(lines[0])
    if isinstance(h, dict) and "origin" in h:
        del h["origin"]
        lines[0] = json.dumps(h, separators=(",", ":"), sort_keys=True)
except ValueError:
    pass
sys.stdout.write("\n".join(lines))
EOF2
}

# json_field <expression>: the value of a JSON object on stdin at a Python subscript, e.g. "['trees'][0]".
json_field() { "$py" -c "import json, sys; print(json.load(sys.stdin)$1)"; }

# finish <name>: the closing line, and the exit code.
finish() {
  echo "$1: $passes passed, $fails failed"
  [ "$fails" -eq 0 ]
}

#!/usr/bin/env bash
# Which of a pattern fit's tables cost a row (issue 34): the fit's tables taken apart, each part alone on
# the fit's linear weights (pattern_stages.py), against BASELINE in the rows of the gate at DEPTHS (random
# openings, GATE_GAMES games, seed SEED; and from the empty board, configurations 1 to 100). One factor
# changes from the baseline to a part: which tables are read. The parts:
#   placement  stages 0 and 1, every class        movement  stages 2 to 4, every class
#   lines      every stage, the line classes      corner    every stage, the corner's tables
#   cross      every stage, the centre's cross's
# FIT (a folder of results/boards/ with a fit.txt), BASELINE (a weights file, from that folder), RULES,
# DEPTHS (such as 2,3) and PARTS (some of the names above) choose the run; the parts go to FIT/parts/PART/
# (its weights.txt, gate.json, population_dD.json). Every row resumes, and a part whose summaries exist is
# not played again. The table of every part is printed at the end.
#   FIT=7x7_standard_patterns_d5/builtin_tables BASELINE=../vs_builtin/builtin.txt RULES='standard(size=7)' \
#     DEPTHS=2,3 bash experiments/tune_eval/table_parts.sh
set -euo pipefail
source "$(dirname "$0")/../common.sh"  # seega, here, and the results folder $out, entered
source "$here/rows.sh"                 # fixed_rows and population_rows
fit=boards/${FIT:?FIT names a folder of results/boards/ with a fit.txt}
baseline=${BASELINE:?BASELINE names the weights the parts play against, from the FIT folder}
rules=${RULES:?RULES names the board\'s rules}
depths=${DEPTHS:-2,3}
parts=${PARTS:-placement movement lines corner cross}
for f in "$fit/fit.txt" "$fit/$baseline"; do
  [ -s "$f" ] || { echo "table_parts.sh: no $out/$f" >&2; exit 2; }
done
cd "$fit"
lines=$(grep '^pattern line' fit.txt | awk '{print $2}' | sort -u | paste -sd, -)
# keep_of PART: pattern_stages.py's options that keep PART's tables, in keep; an unknown part is an error.
keep_of() {
  case $1 in
    placement) keep=(--stages 0,1) ;;
    movement) keep=(--stages 2,3,4) ;;
    lines) keep=(--stages 0,1,2,3,4 --classes "$lines") ;;
    corner | cross) keep=(--stages 0,1,2,3,4 --classes "$1") ;;
    *) echo "table_parts.sh: no part '$1' (placement, movement, lines, corner, cross)" >&2; exit 2 ;;
  esac
}
# Every part named is checked before any row is played.
for part in $parts; do keep_of "$part"; done
for part in $parts; do
  keep_of "$part"
  echo "== $fit: the $part tables alone" >&2
  mkdir -p "parts/$part"
  (
    cd "parts/$part"
    /usr/bin/python3 "$here/pattern_stages.py" "${keep[@]}" ../../fit.txt >weights.txt
    fixed_rows weights.txt "../../$baseline" "$rules" "$depths" "${SEED:-7}"
    population_rows weights.txt "../../$baseline" "$rules" "$depths" "${SEED:-7}" 1
  )
done
/usr/bin/python3 - "$parts" "$here/.." <<'PY'
import json, os, sys
sys.path.insert(0, sys.argv[2])
from gate_rule import elo_text as row  # an end can be infinite: seega writes "+inf" or "-inf"
parts = sys.argv[1].split()
cells = {}
for p in parts:
    g = json.load(open(f"parts/{p}/gate.json"))
    for r in g["rows"]:
        cells.setdefault(r["row"], {})[p] = row(r["elo"], r.get("elo_ci95"))
    for n in sorted(os.listdir(f"parts/{p}")):
        if n.startswith("population_d") and n.endswith(".json"):
            q = json.load(open(f"parts/{p}/{n}"))
            cells.setdefault(q["row"], {})[p] = row(q["elo"], q.get("elo_ci95"))
print("| row (A the part alone, B the baseline) | " + " | ".join(parts) + " |")
print("| --- | " + " | ".join("---" for _ in parts) + " |")
for name, c in cells.items():
    print(f"| {name} | " + " | ".join(c.get(p, "") for p in parts) + " |")
PY

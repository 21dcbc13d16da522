#!/usr/bin/env bash
# Each board's built-in weights are the candidate its gate adopted, as its experiment wrote them (the
# library types them into lib/engine/eval.cpp): seega eval --print-weights on the board prints the
# file's weights, value for value, under a comment naming the board. And a board without its own prints
# the general weights, so a table entry added without its gated file, or a file changed after the gate,
# fails here.
set -u
seega=$1
here=$2/experiments/tune_eval
source "$(dirname "$0")/cli_lib.sh"

# adopted RULES NAME FILE: the board of RULES prints FILE's weights, named "built-in NAME".
adopted() {
  local rules=$1 name=$2 file=$here/$3 printed
  printed=$("$seega" eval --print-weights --rules "$rules") || { fail "$rules: eval --print-weights exited $?"; return; }
  if diff <(grep -v '^#' <<<"$printed") <(grep -v '^#' "$file") >"$tmp/diff"; then pass; else
    fail "$rules: the built-in weights are not $3's: $(cat "$tmp/diff")"; fi
  if head -n 1 <<<"$printed" | grep -q "built-in $name (weights "; then pass; else
    fail "$rules: the comment does not name built-in $name: $(head -n 1 <<<"$printed")"; fi
}

adopted diagonal "5x5 diagonal" results/boards/5x5_diagonal/candidate.txt
adopted 'standard(size=7)' "7x7 standard" results/boards/7x7_standard_d5/candidate.txt
adopted 'diagonal(size=7,quiet_plies=40)' "7x7 diagonal" results/boards/7x7_diagonal_d5/candidate.txt
adopted 'diagonal(size=9)' "9x9 diagonal" results/boards/nudges/general_edge_1.txt
adopted 'standard(size=9,first_mover=first)' "9x9 standard" results/boards/9x9_standard_spsa/candidate.txt
adopted 'chain(size=9,quiet_plies=40)' "9x9 chain" results/boards/9x9_chain_spsa/candidate.txt
adopted 'chain(size=7,first_mover=first)' "7x7 chain" results/boards/7x7_chain_spsa/one_factor/general_edge.txt
adopted chain general weights/before.txt

finish "built-in weights"

#!/usr/bin/env bash
# scripts/check_layers.sh passes on the tree, builds lib/rules alone, and refuses each kind of
# back-arrow when one is put into a copy of lib/.
# usage: layers_test.sh BUILD_DIR
source "$(dirname "$0")/cli_lib.sh"
root=$(cd "$(dirname "$0")/.." && pwd)
build=$1

if out=$(bash "$root/scripts/check_layers.sh" "$build/rules-alone" 2>&1) && [[ $out == *"lib/rules builds alone"* ]]
then pass; else fail "check_layers.sh on the tree: $out"; fi
[[ -f $build/rules-alone/libseega_rules.a ]] && pass || fail "lib/rules built alone left no libseega_rules.a"

# A copy of the tree's scripts and lib, with one bad line put in at a time.
copy=$tmp/copy
mkdir -p "$copy/scripts"
cp "$root/scripts/check_layers.sh" "$copy/scripts/"
refuses() {  # FILE LINE EXPECTED: the line appended to lib/FILE is refused with EXPECTED in the message
  refuses_in lib "$@"
}
refuses_in() {  # DIR FILE LINE EXPECTED: the same for DIR/FILE (DIR lib or cli)
  rm -rf "$copy/lib" "$copy/cli" && cp -r "$root/lib" "$copy/lib" && cp -r "$root/cli" "$copy/cli"
  echo "$3" >>"$copy/$1/$2"
  local out
  if out=$(bash "$copy/scripts/check_layers.sh" --no-build 2>&1); then
    fail "check_layers.sh let $1/$2 have: $3"
  elif [[ $out == *"$1/$2:"*"$4"* ]]; then pass
  else fail "check_layers.sh on $1/$2 with '$3' said: $out"; fi
}
refuses rules/position.hpp '#include "engine/eval.hpp"' "rules may not include engine, a layer above it"
refuses engine/search.cpp '#include "runs/io/json.hpp"' "engine may not include runs, a layer above it"
refuses analysis/stats.hpp '#include "runs/kinds/match.hpp"' "analysis may not include runs, a layer above it"
refuses runs/io/json.cpp '#include "json.hpp"' "names no layer"
refuses runs/io/json.cpp '#include "cli/common.hpp"' "cli is not a layer of lib/"
refuses rules/rules.cpp '#include <nlohmann/json.hpp>' "rules uses the standard library alone"
refuses engine/eval.cpp '#include <tbb/parallel_for.h>' "engine uses the standard library alone"
refuses rules/CMakeLists.txt 'find_package(TBB REQUIRED)' "rules uses the standard library alone (no find_package)"
# runs' folders in their order (io, format, play, kinds): a format reaching the machinery or a kind, the
# machinery reaching a kind, a header of runs without its folder, and a folder with no place.
refuses runs/format/results_file.cpp '#include "runs/play/runner.hpp"' "runs' format may not include play, a folder after it"
refuses runs/play/runner.hpp '#include "runs/kinds/match.hpp"' "runs' play may not include kinds, a folder after it"
refuses runs/io/json.hpp '#include "runs/format/tournament.hpp"' "runs' io may not include format, a folder after it"
refuses runs/kinds/match.cpp '#include "runs/json.hpp"' "names no folder of runs"
refuses runs/kinds/match.cpp '#include "runs/misc/x.hpp"' "misc is not a folder of lib/runs"
# cli's modules in their order: the old back-arrows (common reaching the harness and the cluster for their
# globals, the share reaching the helpers' header), and one command including another, are refused.
refuses_in cli common.cpp '#include "run_games.hpp"' "cli's common may not include run_games, a module after it"
refuses_in cli common.cpp '#include "cluster.hpp"' "cli's common may not include cluster, a module after it"
refuses_in cli job.hpp '#include "kinds.hpp"' "cli's job may not include kinds, a module after it"
refuses_in cli cmd_match.cpp '#include "cmd_ladder.hpp"' "cli's cmd_match may not include cmd_ladder"
touch "$copy/cli/cmd_new.cpp" "$copy/cli/helpers.cpp"
out=$(bash "$copy/scripts/check_layers.sh" --no-build 2>&1) && fail "a cli module with no place passed" ||
  { [[ $out == *"cli/helpers.cpp: cli module helpers has no place"* && $out != *cmd_new* ]] && pass ||
    fail "a cli module with no place: $out"; }
# A layer above may include those below.
rm -rf "$copy/lib" "$copy/cli" && cp -r "$root/lib" "$copy/lib" && cp -r "$root/cli" "$copy/cli"
echo '#include "rules/position.hpp"' >>"$copy/lib/runs/io/json.cpp"
bash "$copy/scripts/check_layers.sh" --no-build >/dev/null 2>&1 && pass || fail "runs including rules was refused"
echo '#include "runs/io/json.hpp"' >>"$copy/lib/runs/kinds/match.cpp"
bash "$copy/scripts/check_layers.sh" --no-build >/dev/null 2>&1 && pass || fail "a kind including io was refused"
finish "layers"

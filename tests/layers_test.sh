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
  rm -rf "$copy/lib" && cp -r "$root/lib" "$copy/lib"
  echo "$2" >>"$copy/lib/$1"
  local out
  if out=$(bash "$copy/scripts/check_layers.sh" --no-build 2>&1); then
    fail "check_layers.sh let $1 have: $2"
  elif [[ $out == *"lib/$1:"*"$3"* ]]; then pass
  else fail "check_layers.sh on $1 with '$2' said: $out"; fi
}
refuses rules/position.hpp '#include "engine/eval.hpp"' "rules may not include engine, a layer above it"
refuses engine/search.cpp '#include "runs/json.hpp"' "engine may not include runs, a layer above it"
refuses analysis/stats.hpp '#include "runs/match.hpp"' "analysis may not include runs, a layer above it"
refuses runs/json.cpp '#include "json.hpp"' "names no layer"
refuses runs/json.cpp '#include "cli/common.hpp"' "cli is not a layer of lib/"
refuses rules/rules.cpp '#include <nlohmann/json.hpp>' "rules uses the standard library alone"
refuses engine/eval.cpp '#include <tbb/parallel_for.h>' "engine uses the standard library alone"
refuses rules/CMakeLists.txt 'find_package(TBB REQUIRED)' "rules uses the standard library alone (no find_package)"
# A layer above may include those below.
rm -rf "$copy/lib" && cp -r "$root/lib" "$copy/lib"
echo '#include "rules/position.hpp"' >>"$copy/lib/runs/json.cpp"
bash "$copy/scripts/check_layers.sh" --no-build >/dev/null 2>&1 && pass || fail "runs including rules was refused"
finish "layers"

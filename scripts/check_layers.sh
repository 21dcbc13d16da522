#!/usr/bin/env bash
# The library's layers (lib/CMakeLists.txt) point one way: rules <- engine <- analysis <- runs <- cli, and
# so do cli's modules (below). Refuses, naming the file and line:
#   - an include of a header from a layer above the file's own (lib/rules/x.cpp including "engine/...");
#   - a header of the library included without its layer ("position.hpp" instead of "rules/position.hpp");
#   - in rules and engine, which use the standard library alone, an include of anything else
#     (a header with a '/' or a '.' in its name, such as <nlohmann/json.hpp> or <tbb/...>);
#   - a find_package in lib/rules or lib/engine.
# Then, given a build folder (the default: build/rules-alone; --no-build for none), builds lib/rules on
# its own (cmake -S lib/rules) with the compiler alone. Exit 0 when all is well, 1 otherwise.
#   bash scripts/check_layers.sh [--no-build | BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build/rules-alone}
layers=(rules engine analysis runs)
rank() {
  local i
  for i in "${!layers[@]}"; do [[ ${layers[$i]} == "$1" ]] && { echo "$i"; return; }; done
  echo -1
}
status=0
fail() { echo "check_layers: $*"; status=1; }

for layer in "${layers[@]}"; do
  own=$(rank "$layer")
  while IFS= read -r -d '' file; do
    line_no=0
    while IFS= read -r line; do
      line_no=$((line_no + 1))
      [[ $line =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*([\"\<])([^\"\>]+)[\"\>] ]] || continue
      quote=${BASH_REMATCH[1]} name=${BASH_REMATCH[2]}
      if [[ $quote == '"' ]]; then
        target=${name%%/*}
        if [[ $name != */* ]]; then
          fail "$file:$line_no: #include \"$name\" names no layer (write \"<layer>/$name\")"
        elif [[ $(rank "$target") -lt 0 ]]; then
          fail "$file:$line_no: #include \"$name\": $target is not a layer of lib/ (${layers[*]})"
        elif [[ $(rank "$target") -gt $own ]]; then
          fail "$file:$line_no: #include \"$name\": $layer may not include $target, a layer above it"
        fi
      elif [[ $own -le 1 && $name == */* || $own -le 1 && $name == *.hpp ]]; then
        fail "$file:$line_no: #include <$name>: $layer uses the standard library alone"
      fi
    done <"$file"
  done < <(find "lib/$layer" -name '*.hpp' -o -name '*.cpp' -o -name '*.in' | sort | tr '\n' '\0')
done
# cli, above every layer of lib/, has its own order, each module (a source with its header) including only
# those before it: the shared helpers, the boards, the share of a job among mpirun's ranks, the job's
# cluster, the job a long command runs (Ctrl-C, progress), the harness of a run, the kinds' read-back
# summaries, the commands (cmd_*, none including another), and main.
cli_layers=(common board board_svg mpi_share cluster job run_games kinds cmd main)
cli_rank() {
  local i name=$1
  [[ $name == cmd_* ]] && name=cmd
  for i in "${!cli_layers[@]}"; do [[ ${cli_layers[$i]} == "$name" ]] && { echo "$i"; return; }; done
  echo -1
}
while IFS= read -r -d '' file; do
  module=$(basename "${file%.*}")
  own=$(cli_rank "$module")
  if [[ $own -lt 0 ]]; then
    fail "$file: cli module $module has no place in cli's order (${cli_layers[*]}): add it to scripts/check_layers.sh"
    continue
  fi
  line_no=0
  while IFS= read -r line; do
    line_no=$((line_no + 1))
    [[ $line =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*\"([^\"/]+)\.hpp\" ]] || continue
    name=${BASH_REMATCH[1]}
    [[ $name == "$module" ]] && continue
    target=$(cli_rank "$name")
    if [[ $target -lt 0 ]]; then
      fail "$file:$line_no: #include \"$name.hpp\": no cli module of that name"
    elif [[ $target -gt $own ]]; then
      fail "$file:$line_no: #include \"$name.hpp\": cli's $module may not include $name, a module after it"
    elif [[ $own == $(cli_rank cmd) && $target == "$own" ]]; then
      fail "$file:$line_no: #include \"$name.hpp\": cli's $module may not include $name: no command includes another"
    fi
  done <"$file"
done < <(find cli -name '*.hpp' -o -name '*.cpp' | sort | tr '\n' '\0')

for layer in rules engine; do
  if grep -nE '^[[:space:]]*find_package' "lib/$layer/CMakeLists.txt"; then
    fail "lib/$layer/CMakeLists.txt: $layer uses the standard library alone (no find_package)"
  fi
done

if [[ $status -eq 0 && $dir != --no-build ]]; then
  mkdir -p "$dir"
  cmake -S lib/rules -B "$dir" -DCMAKE_BUILD_TYPE=Release >"$dir.log" 2>&1 &&
    cmake --build "$dir" -j "$(nproc)" >>"$dir.log" 2>&1 ||
    { cat "$dir.log"; fail "lib/rules does not build on its own"; }
fi
[[ $status -eq 0 ]] && echo "check_layers: every include points down (rules <- engine <- analysis <- runs <- cli, and within cli)$([[ $dir != --no-build ]] && echo '; lib/rules builds alone')"
exit $status

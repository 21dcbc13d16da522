#!/usr/bin/env bash
# The library's layers (lib/CMakeLists.txt) point one way: rules <- engine <- analysis <- runs <- cli, and
# so do the folders of runs and cli's modules (below). Refuses, naming the file and line:
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
# Each rank is a lookup (-1: none), with no subshell: the script reads every include line of the tree.
declare -A layer_rank runs_folder_rank cli_layer_rank
for i in "${!layers[@]}"; do layer_rank[${layers[$i]}]=$i; done
status=0
fail() { echo "check_layers: $*"; status=1; }

# lib/runs is in folders (lib/runs/CMakeLists.txt), each including only itself and those before it: files
# as such, the formats that record a run, the machinery that plays one, the kinds of run. Every header of
# runs names its folder ("runs/io/json.hpp").
runs_folders=(io format play kinds)
for i in "${!runs_folders[@]}"; do runs_folder_rank[${runs_folders[$i]}]=$i; done
check_runs_folder() {
  local file=$1 line_no=$2 name=$3 folder target
  folder=${file#lib/runs/}
  folder=${folder%%/*}
  target=${name#runs/}
  if [[ $target != */* ]]; then
    fail "$file:$line_no: #include \"$name\" names no folder of runs (${runs_folders[*]}): write \"runs/<folder>/${target}\""
    return
  fi
  target=${target%%/*}
  if [[ ${runs_folder_rank[$target]:--1} -lt 0 ]]; then
    fail "$file:$line_no: #include \"$name\": $target is not a folder of lib/runs (${runs_folders[*]})"
  elif [[ ${runs_folder_rank[$folder]:--1} -lt 0 ]]; then
    fail "$file: lib/runs/$folder is no folder of lib/runs (${runs_folders[*]}): add it to scripts/check_layers.sh"
  elif [[ ${runs_folder_rank[$target]:--1} -gt ${runs_folder_rank[$folder]:--1} ]]; then
    fail "$file:$line_no: #include \"$name\": runs' $folder may not include $target, a folder after it"
  fi
}

# Only the include lines are read (grep), each as FILE:LINE:TEXT.
includes() { grep -HnE '^[[:space:]]*#[[:space:]]*include' "$@" || true; }
for layer in "${layers[@]}"; do
  own=${layer_rank[$layer]}
  mapfile -t files < <(find "lib/$layer" -name '*.hpp' -o -name '*.cpp' -o -name '*.in' | sort)
  while IFS= read -r hit; do
    file=${hit%%:*} rest=${hit#*:}
    line_no=${rest%%:*} line=${rest#*:}
    [[ $line =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*([\"\<])([^\"\>]+)[\"\>] ]] || continue
    quote=${BASH_REMATCH[1]} name=${BASH_REMATCH[2]}
    if [[ $quote == '"' ]]; then
      target=${name%%/*}
      if [[ $name != */* ]]; then
        fail "$file:$line_no: #include \"$name\" names no layer (write \"<layer>/$name\")"
      elif [[ ${layer_rank[$target]:--1} -lt 0 ]]; then
        fail "$file:$line_no: #include \"$name\": $target is not a layer of lib/ (${layers[*]})"
      elif [[ ${layer_rank[$target]:--1} -gt $own ]]; then
        fail "$file:$line_no: #include \"$name\": $layer may not include $target, a layer above it"
      elif [[ $layer == runs && $target == runs ]]; then
        check_runs_folder "$file" "$line_no" "$name"
      fi
    elif [[ $own -le 1 && $name == */* || $own -le 1 && $name == *.hpp ]]; then
      fail "$file:$line_no: #include <$name>: $layer uses the standard library alone"
    fi
  done < <(includes "${files[@]}")
done
# cli, above every layer of lib/, has its own order, each module (a source with its header) including only
# those before it: the shared helpers, the boards, the share of a job among mpirun's ranks, the job's
# cluster, the job a long command runs (Ctrl-C, progress), the harness of a run, the kinds' read-back
# summaries, the commands (cmd_*, none including another), their table by name (commands: what main and
# the Python module run), and main.
cli_layers=(common board board_svg mpi_share cluster job run_games kinds cmd commands main)
for i in "${!cli_layers[@]}"; do cli_layer_rank[${cli_layers[$i]}]=$i; done
cli_rank() {  # of module $1 (every cmd_* is cmd) into REPLY, -1 for none
  local name=$1
  [[ $name == cmd_* ]] && name=cmd
  REPLY=${cli_layer_rank[$name]:--1}
}
mapfile -t files < <(find cli -name '*.hpp' -o -name '*.cpp' | sort)
for file in "${files[@]}"; do
  module=${file##*/} module=${module%.*}
  cli_rank "$module"
  [[ $REPLY -lt 0 ]] &&
    fail "$file: cli module $module has no place in cli's order (${cli_layers[*]}): add it to scripts/check_layers.sh"
done
while IFS= read -r hit; do
  file=${hit%%:*} rest=${hit#*:}
  line_no=${rest%%:*} line=${rest#*:}
  module=${file##*/} module=${module%.*}
  cli_rank "$module"
  own=$REPLY
  [[ $own -lt 0 ]] && continue
  [[ $line =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*\"([^\"/]+)\.hpp\" ]] || continue
  name=${BASH_REMATCH[1]}
  [[ $name == "$module" ]] && continue
  cli_rank "$name"
  target=$REPLY
  if [[ $target -lt 0 ]]; then
    fail "$file:$line_no: #include \"$name.hpp\": no cli module of that name"
  elif [[ $target -gt $own ]]; then
    fail "$file:$line_no: #include \"$name.hpp\": cli's $module may not include $name, a module after it"
  elif [[ $own == "${cli_layer_rank[cmd]}" && $target == "$own" ]]; then
    fail "$file:$line_no: #include \"$name.hpp\": cli's $module may not include $name: no command includes another"
  fi
done < <(includes "${files[@]}")

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
[[ $status -eq 0 ]] && echo "check_layers: every include points down (rules <- engine <- analysis <- runs <- cli, within runs and within cli)$([[ $dir != --no-build ]] && echo '; lib/rules builds alone')"
exit $status

#!/usr/bin/env bash
# Checks the C++ files against the house style in .clang-format (clang-format 14, from Debian):
#   bash scripts/check_format.sh           the files changed since the style was last applied (the last
#                                          commit that changed .clang-format), committed or not
#   bash scripts/check_format.sh REV       the files changed since REV
#   bash scripts/check_format.sh --all     every C++ file
#   bash scripts/check_format.sh --fix     rewrites the changed files in the style instead
# Outside a git checkout every file is checked. Lists each file out of style with its first difference,
# and exits 1 when there is one.
set -euo pipefail
cd "$(dirname "$0")/.."
format=$(command -v clang-format-14 || command -v clang-format || true)
if [[ -z $format ]]; then
  echo "check_format: clang-format 14 is missing (make deps-core installs it)" >&2
  exit 2
fi
fix=false
[[ ${1:-} == --fix ]] && { fix=true; shift; }
cxx='\.(cpp|hpp|h|cc)$|\.cpp\.in$'
if [[ ${1:-} == --all ]] || ! git rev-parse --git-dir >/dev/null 2>&1; then
  files=$(git ls-files 2>/dev/null || find lib cli tests bench -type f)
else
  base=${1:-$(git log -1 --format=%H -- .clang-format)}
  if [[ -z $base ]]; then
    files=$( (git ls-files; git ls-files --others --exclude-standard) | sort -u)  # the style is not committed yet
  else
    files=$( (git diff --name-only "$base" --; git ls-files --others --exclude-standard) | sort -u)
  fi
fi
files=$(grep -E "$cxx" <<<"$files" | grep -v '^tests/data/' || true)
bad=0 count=0
for f in $files; do
  [[ -f $f ]] || continue
  count=$((count + 1))
  if $fix; then
    "$format" --style=file -i "$f"
  elif ! out=$("$format" --style=file "$f" | diff -u "$f" - ); then
    echo "check_format: $f is not in the house style (bash scripts/check_format.sh --fix); first difference:"
    grep -m 6 '^[-+][^-+]' <<<"$out" | sed 's/^/  /'
    bad=$((bad + 1))
  fi
done
if $fix; then echo "check_format: $count files written in the house style"; exit 0; fi
[[ $bad -eq 0 ]] && echo "check_format: $count changed C++ files, all in the house style ($("$format" --version | grep -o 'version [0-9.]*'))"
[[ $bad -eq 0 ]]

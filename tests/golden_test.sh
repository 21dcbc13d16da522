#!/usr/bin/env bash
# The golden outputs: each kind's summary (text, --json, --csv) of files made from fixed seeds
# (golden/make.sh) equals the one kept in tests/golden/. A difference is printed with the command that
# regenerates the kept outputs, for a change that means it.
# usage: golden_test.sh path/to/seega
set -u
seega=$1
source "$(dirname "$0")/cli_lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
if ! bash "$here/golden/make.sh" "$seega" "$tmp/made" 2>"$tmp/err"; then
  fail "golden/make.sh: $(cat "$tmp/err")"
else
  for kept in "$here"/golden/*.txt "$here"/golden/*.json "$here"/golden/*.csv; do
    name=$(basename "$kept")
    if cmp -s "$kept" "$tmp/made/$name"; then pass; else
      fail "the summary $name differs from tests/golden/$name (if the change is meant: bash tests/golden/make.sh" \
        "build/release/bin/seega tests/golden): $(diff "$kept" "$tmp/made/$name" | head -n 8)"
    fi
  done
  # Nothing made that is not kept: a new output is added to tests/golden/ on purpose.
  for made in "$tmp"/made/*; do
    [ -e "$here/golden/$(basename "$made")" ] && pass || fail "golden/make.sh made $(basename "$made"), not kept"
  done
fi
finish "golden"

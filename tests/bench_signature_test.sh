#!/usr/bin/env bash
# The bench signature: seega bench's node count equals the committed one (tests/data/bench_signature.txt),
# checked by seega bench --expect, which also fails (exit 1, naming both counts) on another number.
set -u
seega=$1
want=$(grep -v '^#' "$(dirname "$0")/data/bench_signature.txt" | tr -d '[:space:]')
got=$("$seega" bench --json --expect "$want" | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["nodes"])')
code=${PIPESTATUS[0]}
echo "Bench: $got (expected $want)"
if [ "$code" -ne 0 ] || [ "$got" != "$want" ]; then
  echo "FAIL: the search now visits $got nodes over the bench positions, not $want: search behaviour changed."
  echo "If that is on purpose, put $got in tests/data/bench_signature.txt and say why in the commit."
  echo "bench signature: 0 passed, 1 failed"
  exit 1
fi
other=$((want + 1))
err=$("$seega" bench --expect "$other" 2>&1 >/dev/null)
code=$?
if [ "$code" -ne 1 ] || [[ "$err" != *"the signature is $want, not the expected $other"* ]]; then
  echo "FAIL: seega bench --expect $other: exit $code, stderr: $err"
  echo "bench signature: 1 passed, 1 failed"
  exit 1
fi
echo "bench signature: 2 passed, 0 failed"

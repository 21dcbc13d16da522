#!/usr/bin/env bash
# The bench signature: seega bench's node count equals the committed one (tests/data/bench_signature.txt).
set -u
seega=$1
want=$(grep -v '^#' "$(dirname "$0")/data/bench_signature.txt" | tr -d '[:space:]')
got=$("$seega" bench --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["nodes"])')
echo "Bench: $got (expected $want)"
if [ "$got" = "$want" ]; then echo "bench signature: 1 passed, 0 failed"; exit 0; fi
echo "FAIL: the search now visits $got nodes over the bench positions, not $want: search behaviour changed."
echo "If that is on purpose, put $got in tests/data/bench_signature.txt and say why in the commit."
echo "bench signature: 0 passed, 1 failed"
exit 1

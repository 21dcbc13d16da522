#!/usr/bin/env bash
# The README's install of the Python module: into a fresh virtual environment (which sees Debian's numpy
# and pandas), from the checkout, offline, with Debian's build tools (no build isolation); then imported
# from outside the checkout, from the environment, and used. $1: the package the build put together
# (build/release/python/seega), which setup.py installs instead of building the tree under test again.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 -m venv --system-site-packages "$work/venv"
SEEGA_PACKAGE_DIR="$1" "$work/venv/bin/pip" install --quiet --no-build-isolation --no-index --no-deps "$root" >"$work/pip.log" 2>&1 ||
  { cat "$work/pip.log"; exit 1; }
cd "$work"
"$work/venv/bin/python" - "$work/venv" <<'PY'
import sys
import seega
assert seega.__file__.startswith(sys.argv[1]), seega.__file__
pos = seega.Position("standard")
assert pos.perft(2) == 63756, pos.perft(2)
assert seega.match("greedy", "random", games=2, seed=1)["games"] == 2
print("installed:", seega.__file__, seega.__version__)
PY

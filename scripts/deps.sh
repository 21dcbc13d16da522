#!/usr/bin/env bash
# Installs, from Debian's packages, whatever the build, tests and benchmarks need and this machine lacks.
# `deps.sh notebooks` adds Debian's Jupyter stack for the notebooks: about a hundred packages (numpy,
# scipy, fonts, ...), so only the notebook targets ask for it and a build or test run does not wait for it.
set -euo pipefail
packages=(g++ cmake ninja-build make libboost-program-options-dev libtbb-dev libeigen3-dev
          libbenchmark-dev libgtest-dev libgmock-dev nlohmann-json3-dev libfmt-dev python3)
if [ "${1:-}" = notebooks ]; then
  packages+=(python3-nbconvert python3-ipykernel python3-pandas python3-matplotlib)
elif [ -n "${1:-}" ]; then
  echo "deps.sh: unknown argument '$1' (allowed: notebooks)" >&2
  exit 2
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "deps: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"

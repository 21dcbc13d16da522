#!/usr/bin/env bash
# Installs, from Debian's packages, whatever the build, tests and benchmarks need and this machine lacks.
# Arguments add groups:
#   notebooks  Debian's Jupyter stack for the notebooks: about a hundred packages (numpy, scipy, fonts,
#              ...), so only `make deps` and the notebook targets ask for it, not a build or test run.
#   fuzz       clang 14 and its libFuzzer runtime for the fuzz targets (make fuzz).
set -euo pipefail
# Open MPI (libopenmpi-dev, openmpi-bin: 36 packages, about 10 s) shares a run among mpirun's ranks; the
# build works without it, but CI runs the tests under mpirun (cli.mpi). clang-format 14 checks the house
# style (scripts/check_format.sh, test style.format). ccache keeps compiled objects outside the checkout,
# so that a second build of the same sources (CI after a developer's build) compiles little (CMakeLists.txt).
packages=(g++ cmake ninja-build make libboost-program-options-dev libtbb-dev libeigen3-dev
          libbenchmark-dev libgtest-dev libgmock-dev nlohmann-json3-dev libfmt-dev python3
          libopenmpi-dev openmpi-bin clang-format-14 ccache
          python3-dev pybind11-dev python3-numpy python3-pytest python3-pandas
          python3-venv python3-pip python3-setuptools python3-wheel)
for what in "$@"; do
  case "$what" in
    notebooks) packages+=(python3-nbconvert python3-ipykernel python3-pandas python3-matplotlib) ;;
    fuzz) packages+=(clang-14 libclang-rt-14-dev) ;;
    *) echo "deps.sh: unknown argument '$what' (allowed: notebooks, fuzz)" >&2; exit 2 ;;
  esac
done
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

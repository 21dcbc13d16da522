# Sourced by an experiment's run.sh: `seega` (SEEGA, or the release build) and the results folder
# (OUT, or the experiment's results/), made and entered, so that every file is named relatively and
# the files record no machine's paths. `here` is the experiment's folder.
here=$(cd "$(dirname "${BASH_SOURCE[1]}")" && pwd)
seega=${SEEGA:-$here/../../build/release/bin/seega}
out=${OUT:-$here/results}
mkdir -p "$out"
cd "$out"

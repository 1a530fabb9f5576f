#!/usr/bin/env bash
# The compiled code behind the pages' claims, no GPU needed: builds the target machine_code, then
# machine_code.py writes the excerpts and counts. cuobjdump from PATH or CUOBJDUMP (README.md).
#   experiments/machine_code/run.sh [OUT, default results/sm_90]
set -- "${1:-$(dirname "$0")/results/sm_90}"
source "$(dirname "$0")/../driver.sh"
cmake --build "$build" --target machine_code
cd "$root" && python3 "$here/machine_code.py" "$build/experiments/machine_code" "$out"

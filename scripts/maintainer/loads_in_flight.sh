#!/usr/bin/env bash
# For maintainers: the depth sweep of docs/step10_independent_loads.md. Builds step 10 (scalar
# loads) and step 11 (128-bit loads) with 1, 2, 4, 8 and 16 loads in flight per thread (the
# targets step10_depthK and step11_depthK of programs/CMakeLists.txt, -DLOADS_IN_FLIGHT=K),
# and times each at n = 2^28, block 256, for float and double. One CSV row per run, the
# harness's columns after two of this script's: the step and the depth.
#   scripts/maintainer/loads_in_flight.sh OUT.csv
set -euo pipefail
# A relative path is relative to where the command was run, not to the repository.
[ $# -ge 1 ] && set -- "$(realpath -m "$1")" "${@:2}"
cd "$(dirname "$0")/../.."
build=${BUILD_DIR:-build}
out=${1:?usage: scripts/maintainer/loads_in_flight.sh OUT.csv}
depths="1 2 4 8 16"
targets=()
for depth in $depths; do targets+=("step10_depth$depth" "step11_depth$depth"); done
scripts/build.sh "${targets[@]}" >&2
{
    echo "step,loads_in_flight,$("$build/step01_cpu_serial" --csv-header)"
    for type in float double; do
        for step in step10 step11; do
            for depth in $depths; do
                echo "loads_in_flight: $step depth $depth $type" >&2
                row=$("$build/programs/${step}_depth$depth" --csv --n 2^28 --type "$type") ||
                    { echo "loads_in_flight: ${step}_depth$depth --type $type failed" >&2; exit 1; }
                echo "$step,$depth,$row"
            done
        done
    done
} >"$out"

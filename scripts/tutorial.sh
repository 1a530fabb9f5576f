#!/usr/bin/env bash
# The tutorial in one command: builds the steps (for the GPU of this machine), runs each in
# turn at the headline size (2^28 floats unless other options are given; they go to every
# step) and prints the bandwidth table: time, GB/s, % of the GPU's peak, step and cumulative
# speedup. Needs only the CUDA Toolkit, CMake and a C++ compiler.
#   scripts/tutorial.sh                  # 2^28 floats, block 256
#   scripts/tutorial.sh --type int --n 2^24
# The CSV goes to build/results/table.csv (RESULTS_DIR=... to choose the folder).
set -euo pipefail
# A relative RESULTS_DIR is relative to where the command was run, not to the repository.
[ -z "${RESULTS_DIR:-}" ] || RESULTS_DIR=$(realpath -m "$RESULTS_DIR")
cd "$(dirname "$0")/.."
source scripts/mpi_one_host.sh  # step 13 without ssh or rsh
build=${BUILD_DIR:-build}
results=${RESULTS_DIR:-$build/results}
scripts/setup.sh tutorial
echo "tutorial: building the programs (the first time takes a few minutes)" >&2
scripts/build.sh tutorial
mkdir -p "$results"
csv=$results/table.csv
"$build/step01_cpu_serial" --csv-header >"$csv"

echo >&2
mapfile -t programs <"$build/programs.txt"  # the steps in order, CUB last (CMake writes it)
for program in "${programs[@]}"; do
    echo "tutorial: running $program" >&2
    set +e
    row=$("$build/$program" --csv "$@")
    status=$?
    set -e
    if [ "$status" -ne 0 ]; then
        echo "tutorial: $program stopped with exit code $status (see its message above);" \
             "the table below ends before it" >&2
        break
    fi
    echo "$row" >>"$csv"
done
echo
[ "$(wc -l <"$csv")" -gt 1 ] && "$build/results_table" --text "$csv"
echo
echo "The CSV is $csv."
echo "Charts and the Markdown table: scripts/plot.sh $results (charts need gnuplot)."
exit "${status:-0}"

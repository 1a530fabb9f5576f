#!/usr/bin/env bash
# The tutorial in one command: builds the steps (for the GPU of this machine), runs each in
# turn and prints the bandwidth table: time, GB/s, % of the GPU's peak, step and cumulative
# speedup. Options go to every step (default: 2^28 floats, block 256). Needs only the CUDA
# Toolkit, CMake and a C++ compiler. The CSV goes to build/results/table.csv (or RESULTS_DIR).
#   scripts/tutorial.sh [--type int --n 2^24 ...]
set -euo pipefail
# A relative RESULTS_DIR is relative to where the command was run, not to the repository.
[ -z "${RESULTS_DIR:-}" ] || RESULTS_DIR=$(realpath -m "$RESULTS_DIR")
cd "$(dirname "$0")/.."
source scripts/mpi_one_host.sh  # step 13 without ssh or rsh
build=${BUILD_DIR:-build}
results=${RESULTS_DIR:-$build/results}
csv=$results/table.csv
scripts/setup.sh tutorial
echo "tutorial: building the programs (the first time takes a few minutes)" >&2
scripts/build.sh tutorial
mkdir -p "$results"
"$build/step01_cpu_serial" --csv-header >"$csv"
mapfile -t programs <"$build/programs.txt"  # the steps in order, CUB last (CMake writes it)
for program in "${programs[@]}"; do
    echo "tutorial: running $program" >&2
    row=$("$build/$program" --csv "$@") || {
        status=$?
        echo "tutorial: $program stopped with exit code $status (see its message above);" \
             "the table below ends before it" >&2
        break
    }
    echo "$row" >>"$csv"
done
echo
[ "$(wc -l <"$csv")" -gt 1 ] && "$build/results_table" --text "$csv"
echo
echo "The CSV is $csv."
echo "Charts and the Markdown table: scripts/plot.sh $results (charts need gnuplot)."
exit "${status:-0}"

#!/usr/bin/env bash
# For maintainers: regenerates the data and the chart of docs/accuracy.md. A maintainer runs
# it after changing the input data or the tolerance; nothing in the build or the tests calls
# it. It builds programs/accuracy.cu (host code, no GPU), sums the tutorial's float input in
# four orders for n = 2^10 ... 2^30 (about 5 GiB of memory at the largest n), and plots the
# errors beside the GPU steps' measured errors.
#   scripts/maintainer/accuracy.sh [GPU_SWEEP_CSV, default docs/results/NVIDIA_H200/sweep_n.csv]
set -euo pipefail
# A relative path is relative to where the command was run, not to the repository.
[ $# -ge 1 ] && set -- "$(realpath -m "$1")" "${@:2}"
cd "$(dirname "$0")/../.."
gpu=${1:-docs/results/NVIDIA_H200/sweep_n.csv}
build=${BUILD_DIR:-build}
mkdir -p "$build"
nvcc -std=c++17 -O2 -I common -o "$build/accuracy" programs/accuracy.cu
"$build/accuracy" >docs/results/accuracy_cpu.csv
[ -x "$build/results_table" ] || scripts/build.sh results_table >/dev/null  # the charts read by column name
gnuplot -e "tool='$build/results_table'; cpu='docs/results/accuracy_cpu.csv'; gpu='$gpu'; out='docs/results/accuracy'" docs/plots/accuracy.gp
echo "accuracy: docs/results/accuracy_cpu.csv, docs/results/accuracy.png"

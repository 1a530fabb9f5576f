#!/usr/bin/env bash
# The accuracy page's data and chart: builds docs/accuracy/accuracy.cu (host code, no GPU),
# sums the tutorial's float input in four orders for n = 2^10 ... 2^30 (about 5 GiB of
# memory at the largest n), and plots the errors beside the GPU steps' measured errors.
#   scripts/accuracy.sh [GPU_SWEEP_CSV, default docs/results/NVIDIA_H200/sweep_n.csv]
set -euo pipefail
cd "$(dirname "$0")/.."
gpu=${1:-docs/results/NVIDIA_H200/sweep_n.csv}
build=${BUILD_DIR:-build}
mkdir -p "$build"
nvcc -std=c++17 -O2 -I common -o "$build/accuracy" docs/accuracy/accuracy.cu
"$build/accuracy" >docs/results/accuracy_cpu.csv
gnuplot -e "cpu='docs/results/accuracy_cpu.csv'; gpu='$gpu'; out='docs/results/accuracy'" docs/plots/accuracy.gp
echo "accuracy: docs/results/accuracy_cpu.csv, docs/results/accuracy.png"

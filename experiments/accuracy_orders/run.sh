#!/usr/bin/env bash
# The error of a float sum in four orders (serial, pairwise, Kahan, double) on the CPU for
# n = 2^10 ... 2^30 (accuracy_cpu.csv; about 5 GiB of memory at 2^30), drawn beside the GPU
# steps' measured errors of a sweep_n.csv (accuracy.png, accuracy.svg); the same sums of the
# input made all positive (accuracy_all_positive.csv, the page's exercise 1). CPU only; about
# 2 minutes.
#   experiments/accuracy_orders/run.sh [OUT, default results/] [SWEEP_N_CSV, default
#                                      docs/results/NVIDIA_H200/sweep_n.csv]
set -- "${1:-$(dirname "$0")/results}" "${2:-$(dirname "$0")/../../docs/results/NVIDIA_H200/sweep_n.csv}"
source "$(dirname "$0")/../driver.sh"
"$(bin accuracy)" >"$out/accuracy_cpu.csv"
"$(bin accuracy)" --all-positive >"$out/accuracy_all_positive.csv"
gnuplot -e "tool='$(bin results_table)'; cpu='$out/accuracy_cpu.csv'; gpu='$(realpath "$2")'; out='$out/accuracy'" "$here/accuracy.gp"

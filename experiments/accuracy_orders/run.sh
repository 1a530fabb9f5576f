#!/usr/bin/env bash
# A float sum's error in four orders on the CPU, n = 2^10 ... 2^30, all positive too (CSVs; 5 GiB
# at 2^30), drawn beside the GPU steps' errors of a sweep_n.csv (accuracy.png, .svg). 2 minutes.
#   experiments/accuracy_orders/run.sh [OUT, default results/] [SWEEP_N_CSV, default
#                                      docs/results/NVIDIA_H200/sweep_n.csv]
set -- "${1:-$(dirname "$0")/results}" \
    "${2:-$(dirname "$0")/../../docs/results/NVIDIA_H200/sweep_n.csv}"
source "$(dirname "$0")/../driver.sh"
need accuracy results_table
accuracy >"$out/accuracy_cpu.csv"
accuracy --all-positive >"$out/accuracy_all_positive.csv"
gnuplot -e "tool='$(bin results_table)'; cpu='$out/accuracy_cpu.csv'; gpu='$(realpath "$2")'" \
    -e "out='$out/accuracy'" "$here/accuracy.gp"

#!/usr/bin/env bash
# CUB's DeviceReduce::Sum of half and bfloat16 values into a 16-bit and into a float output
# (cub_16bit.csv, its table .md). Seconds. TABLES_ONLY=1: the table of OUT's CSV.
source "$(dirname "$0")/../driver.sh"
need results_table
csv=$out/cub_16bit.csv
if [ -z "${TABLES_ONLY:-}" ]; then
    need experiment_cub_16bit
    experiment_cub_16bit >"$csv"
fi
{ echo "$(device "$csv"): relative error of cub::DeviceReduce::Sum on n values uniform in" \
      "[0, 1), by output type; in brackets, the exact sum rounded once to the 16-bit type"
  echo
  results_table --pivot input,output n '%.2g (%.2g)' relative_error,relative_error_of_exact_rounded \
      "$csv"
} >"$out/cub_16bit.md"

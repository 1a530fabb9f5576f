#!/usr/bin/env bash
# Step 12, its variants, three bounds and CUB at 2^10 ... 2^30 (step12_vs_cub.csv, its tables
# .md), other reads, 512 threads x 4 loads (CSVs). Minutes. TABLES_ONLY=1: OUT's tables.
source "$(dirname "$0")/../driver.sh"
need results_table
csv=$out/step12_vs_cub.csv
if [ -z "${TABLES_ONLY:-}" ]; then
    need experiment_step12_vs_cub experiment_step12_read_variants
    need experiment_step12_vs_cub_block512_depth4
    experiment_step12_vs_cub >"$csv"
    experiment_step12_read_variants >"$out/step12_read_variants.csv"
    experiment_step12_vs_cub_block512_depth4 --max 2^24 >"$out/step12_vs_cub_block512_depth4.csv"
fi
table() { echo; results_table --pivot "$@" "$csv"; }
{ echo "Measured on one $(device "$csv"), in one run: CUB time / variant time (above 1: faster" \
      "than CUB)."
  table type,n variant %.3f cub_time_over_time --where 'variant!=cub|empty kernel'
  printf '\nCUB, %% of the theoretical DRAM bandwidth:\n'
  table n type %.1f percent_of_peak --where variant=cub
  printf '\nMid sizes, where the fixed cost of a launch weighs most, in microseconds (%s):\n' \
      "median of the runs"
  table type,n variant %.2f time_median_us --where 'n>=16384' --where 'n<=4194304' \
      --where 'variant=step12|ticket only|no final pass|empty kernel|cub'
} >"$out/step12_vs_cub.md"

#!/usr/bin/env bash
# Step 12, its variants, three bounds and CUB at n = 2^10 ... 2^30, int, float and double
# (step12_vs_cub.csv) and its tables (step12_vs_cub.md); step 12's read against other reads
# (step12_read_variants.csv); the page's exercise 2, one more variant, 512 threads with 4 loads
# each, up to 2^24 (step12_vs_cub_block512_depth4.csv). A few minutes.
#   experiments/step12_vs_cub/run.sh [OUT]    (TABLES_ONLY=1: the tables of OUT's CSV)
source "$(dirname "$0")/../driver.sh"
csv=$out/step12_vs_cub.csv
if [ -z "${TABLES_ONLY:-}" ]; then
    "$(bin experiment_step12_vs_cub)" >"$csv"
    "$(bin experiment_step12_read_variants)" >"$out/step12_read_variants.csv"
    "$(bin experiment_step12_vs_cub_block512_depth4)" --max 2^24 >"$out/step12_vs_cub_block512_depth4.csv"
fi
table() { echo; "$(bin results_table)" --pivot "$@" "$csv"; }
{ echo "Measured on one $("$(bin results_table)" --select device "$csv" | sed -n 2p), in one run: CUB time / variant time (above 1: faster than CUB)."
  table type,n variant %.3f cub_time_over_time --where 'variant!=cub|empty kernel'
  printf '\nCUB, %% of the theoretical DRAM bandwidth:\n'
  table n type %.1f percent_of_peak --where variant=cub
  printf '\nMid sizes, where the fixed cost of a launch weighs most, in microseconds (median of the runs):\n'
  table type,n variant %.2f time_median_us --where 'variant=step12|ticket only|no final pass|empty kernel|cub' \
      --where 'n>=16384' --where 'n<=4194304'
} >"$out/step12_vs_cub.md"

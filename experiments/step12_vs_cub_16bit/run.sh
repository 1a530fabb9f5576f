#!/usr/bin/env bash
# Step 12 and CUB (float accumulator) for half, bf16 and float at every 2^k from 2^10 to 2^30
# (step12_vs_cub_16bit.csv, its table .md). A minute. TABLES_ONLY=1: the table of OUT's CSV.
source "$(dirname "$0")/../driver.sh"
need results_table
csv=$out/step12_vs_cub_16bit.csv
if [ -z "${TABLES_ONLY:-}" ]; then
    need experiment_step12_vs_cub_16bit
    experiment_step12_vs_cub_16bit >"$csv"
fi
{ echo "$(device "$csv"), one run: CUB's time / step 12's (above 1: step 12 faster)"
  echo
  results_table --pivot n type %.3f cub_time_over_time --where variant=step12 "$csv"
  echo
  for variant in step12 cub; do
      printf '\n%s, GB/s (bytes read / median time):\n\n' "$variant"
      results_table --pivot n type %.0f gbs --where variant="$variant" "$csv"
  done
} >"$out/step12_vs_cub_16bit.md"

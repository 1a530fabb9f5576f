#!/usr/bin/env bash
# Steps 07-09, kernel 6 and contiguous chunks in random order, float, block 256, n = 2^10 ... 2^30
# (steps07_to_09.csv, its table .md). A few minutes. TABLES_ONLY=1: the table of OUT's CSV.
source "$(dirname "$0")/../driver.sh"
need results_table
csv=$out/steps07_to_09.csv
if [ -z "${TABLES_ONLY:-}" ]; then
    need experiment_steps07_to_09
    experiment_steps07_to_09 >"$csv"
fi
{ echo "$(device "$csv"), float, block 256, one run with the variants in random order: GB/s," \
      "and in brackets step 08's time over the variant's"
  echo
  results_table --pivot n variant '%.0f (%.2f)' gbs,step08_time_over_time "$csv"
} >"$out/steps07_to_09.md"

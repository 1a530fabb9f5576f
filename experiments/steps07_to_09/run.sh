#!/usr/bin/env bash
# Steps 07, 08 and 09, Harris's kernel 6 and a step 08 whose threads read contiguous chunks, in
# one process, the variants in a new random order every round; float, block 256, n = 2^10 ...
# 2^30: steps07_to_09.csv and its table steps07_to_09.md (GB/s, and step 08's time over each
# variant's). A few minutes.
#   experiments/steps07_to_09/run.sh [OUT]    (TABLES_ONLY=1: the table of OUT's CSV)
source "$(dirname "$0")/../driver.sh"
csv=$out/steps07_to_09.csv
[ -n "${TABLES_ONLY:-}" ] || "$(bin experiment_steps07_to_09)" >"$csv"
{ echo "$("$(bin results_table)" --select device "$csv" | sed -n 2p), float, block 256, one run with the variants in random order: GB/s, and in brackets step 08's time over the variant's"
  echo
  "$(bin results_table)" --pivot n variant '%.0f (%.2f)' gbs,step08_time_over_time "$csv"
} >"$out/steps07_to_09.md"

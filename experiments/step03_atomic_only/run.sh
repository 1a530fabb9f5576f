#!/usr/bin/env bash
# Step 03's exercise 2: step 03 and its atomicAdd-only baseline at 2^28, float and int, in
# one run (step03_atomic_only.csv).
#   experiments/step03_atomic_only/run.sh [OUT]
source "$(dirname "$0")/../driver.sh"
{ "$(bin step03_multi_block)" --csv-header
  for type in float int; do
      "$(bin step03_multi_block)" --csv --n 2^28 --type $type
      "$(bin atomic_only)" --csv --n 2^28 --type $type --iters 5 --warmup 1
  done
} >"$out/step03_atomic_only.csv"

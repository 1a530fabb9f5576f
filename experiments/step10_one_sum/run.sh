#!/usr/bin/env bash
# Step 10's exercise 3: step 10 (8 loads in flight into 8 sums) and the same loads into one
# sum, at 2^28, float and double, in one run (step10_one_sum.csv).
#   experiments/step10_one_sum/run.sh [OUT]
source "$(dirname "$0")/../driver.sh"
{ "$(bin step10_independent_loads)" --csv-header
  for type in float double; do
      for program in step10_independent_loads one_sum; do
          "$(bin $program)" --csv --n 2^28 --type $type
      done
  done
} >"$out/step10_one_sum.csv"

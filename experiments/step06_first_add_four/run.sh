#!/usr/bin/env bash
# Step 06's exercise 2: step 06 (a first add of two) and the first add of four, at 2^28,
# float and double, in one run (step06_first_add_four.csv).
#   experiments/step06_first_add_four/run.sh [OUT]
source "$(dirname "$0")/../driver.sh"
{ "$(bin step06_first_add)" --csv-header
  for type in float double; do
      for program in step06_first_add first_add_four; do
          "$(bin $program)" --csv --n 2^28 --type $type
      done
  done
} >"$out/step06_first_add_four.csv"

#!/usr/bin/env bash
# Step 01's exercise 3: the serial loop, the four accumulators and the four with the tail
# as a loop over sums[i % 4], at 2^28 for float, int and double in one run, on this
# machine's CPU (step01_four_accumulators.csv).
#   experiments/step01_four_accumulators/run.sh [OUT]
source "$(dirname "$0")/../driver.sh"
{ "$(bin step01_cpu_serial)" --csv-header
  for type in float int double; do
      for program in step01_cpu_serial four_accumulators four_accumulators_tail_loop; do
          "$(bin "$program")" --csv --n 2^28 --type $type --iters 5 --warmup 1
      done
  done
} >"$out/step01_four_accumulators.csv"

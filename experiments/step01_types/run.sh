#!/usr/bin/env bash
# Step 01's exercise 1: the serial loop at 2^28 for int, float and double in one run, on this
# machine's CPU (step01_types.csv).
#   experiments/step01_types/run.sh [OUT]
source "$(dirname "$0")/../driver.sh"
step=$(bin step01_cpu_serial)
{ "$step" --csv-header
  for type in int float double; do "$step" --csv --n 2^28 --type $type --iters 5 --warmup 1; done
} >"$out/step01_types.csv"

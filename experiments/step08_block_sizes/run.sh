#!/usr/bin/env bash
# Step 08's exercise 1: steps 08 and 05 at block sizes 64 ... 1024, at 2^28 and 2^20 floats,
# in one run (step08_block_sizes.csv).
#   experiments/step08_block_sizes/run.sh [OUT]
source "$(dirname "$0")/../driver.sh"
{ "$(bin step08_templates_cascading)" --csv-header
  for n in 2^28 2^20; do
      for step in step08_templates_cascading step05_bank_conflicts; do
          for block in 64 128 256 512 1024; do "$(bin $step)" --csv --n $n --block $block; done
      done
  done
} >"$out/step08_block_sizes.csv"

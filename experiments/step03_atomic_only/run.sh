#!/usr/bin/env bash
# Step 03 and its atomicAdd-only baseline (5 runs: it is slow) at 2^28 (step03_atomic_only.csv).
source "$(dirname "$0")/../driver.sh"
need step03_multi_block atomic_only
{ step03_multi_block --csv-header
  for type in float int; do
      step03_multi_block --csv --n 2^28 --type $type
      atomic_only --csv --n 2^28 --type $type --iters 5 --warmup 1
  done
} >"$out/step03_atomic_only.csv"

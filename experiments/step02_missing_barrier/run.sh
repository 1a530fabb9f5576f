#!/usr/bin/env bash
# Step 02's exercise 4: racecheck on step 02 without one barrier at 2^12+5 (17 tiles), then
# step 02 and five plain runs of the copy at 2^20+5, each judged by the harness (the exact
# input, bit for bit; the random input, whose sum must be step 02's own, bit for bit).
#   experiments/step02_missing_barrier/run.sh [OUT]
# Writes step02_racecheck_no_tile_barrier.txt and step02_racecheck_no_load_barrier.txt.
source "$(dirname "$0")/../driver.sh"
for barrier in tile load; do
    copy=$(bin step02_no_${barrier}_barrier)
    { show compute-sanitizer --tool racecheck "$copy" --n 2^12+5 --verify-only
      show "$(bin step02_naive_single_block)" --n 2^20+5 --verify-only
      for _ in 1 2 3 4 5; do show "$copy" --n 2^20+5 --verify-only; done
    } >"$out/step02_racecheck_no_${barrier}_barrier.txt"
done

#!/usr/bin/env bash
# Step 02 without one barrier: racecheck at 2^12+5, then step 02 and five runs of the copy at
# 2^20+5 (step02_racecheck_no_tile_barrier.txt, step02_racecheck_no_load_barrier.txt).
source "$(dirname "$0")/../driver.sh"
need step02_no_tile_barrier step02_no_load_barrier step02_naive_single_block
for copy in step02_no_tile_barrier step02_no_load_barrier; do
    { show compute-sanitizer --tool racecheck $copy --n 2^12+5 --verify-only
      show step02_naive_single_block --n 2^20+5 --verify-only
      for _ in 1 2 3 4 5; do show $copy --n 2^20+5 --verify-only; done
    } >"$out/step02_racecheck_${copy#step02_}.txt"
done

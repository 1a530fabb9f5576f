#!/usr/bin/env bash
# Step 02 with its barrier inside the if: compute-sanitizer's synccheck and racecheck at
# 2^12+5 (each stopped after 30 s), then three plain runs at 2^20+5 (each stopped after 20 s),
# since a barrier that some threads never reach can hang (step02_barrier_in_if.txt; "exit code
# 124": stopped).
source "$(dirname "$0")/../driver.sh"
need step02_barrier_in_if
{ for tool in synccheck racecheck; do
      show timeout 30 compute-sanitizer --tool $tool --error-exitcode 99 \
          step02_barrier_in_if --n 2^12+5 --verify-only
  done
  for _ in 1 2 3; do show timeout 20 step02_barrier_in_if --n 2^20+5 --verify-only; done
} >"$out/step02_barrier_in_if.txt"

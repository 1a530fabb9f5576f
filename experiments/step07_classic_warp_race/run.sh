#!/usr/bin/env bash
# Harris's "unroll the last warp" as the 2007 slides teach it (classic), without volatile
# (no-volatile) and with step 07's __syncwarp() (synced): 1000 runs of each judged on exact
# inputs, bit for bit, racecheck's summary of one run of each and synccheck on the classic one
# (step07_classic_warp_reduce.txt); racecheck's whole logs (step07_classic_racecheck_full.txt).
# About 20 s.
#   experiments/step07_classic_warp_race/run.sh [OUT]
source "$(dirname "$0")/../driver.sh"
program=$(bin classic_warp_reduce)
variants="classic no-volatile synced"
for variant in $variants; do
    show compute-sanitizer --tool racecheck "$program" --variant "$variant" --iters 1
done >"$out/step07_classic_racecheck_full.txt"
{ for variant in $variants; do show "$program" --variant "$variant" --iters 1000; done
  grep -E '^\$|runs (exact|wrong)|RACECHECK SUMMARY|^exit code' "$out/step07_classic_racecheck_full.txt"
  show compute-sanitizer --tool synccheck "$program" --variant classic --iters 1
} >"$out/step07_classic_warp_reduce.txt"

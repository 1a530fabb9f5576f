#!/usr/bin/env bash
# Harris's last warp (classic), without volatile and with __syncwarp(): 1000 runs each, racecheck
# and synccheck (step07_classic_warp_reduce.txt; racecheck's logs: ..._racecheck_full.txt). 20 s.
source "$(dirname "$0")/../driver.sh"
need classic_warp_reduce
variants="classic no-volatile synced"
full=$out/step07_classic_racecheck_full.txt
for variant in $variants; do
    show compute-sanitizer --tool racecheck classic_warp_reduce --variant "$variant" --iters 1
done >"$full"
{ for variant in $variants; do show classic_warp_reduce --variant "$variant" --iters 1000; done
  grep -E '^\$|runs (exact|wrong)|RACECHECK SUMMARY|^exit code' "$full"
  show compute-sanitizer --tool synccheck classic_warp_reduce --variant classic --iters 1
} >"$out/step07_classic_warp_reduce.txt"

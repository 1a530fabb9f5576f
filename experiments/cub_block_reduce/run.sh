#!/usr/bin/env bash
# The CUB page's exercise 2: cub::BlockReduce in a grid-stride loop, step 11 and CUB, at 2^28
# floats in one run (cub_block_reduce.csv).
#   experiments/cub_block_reduce/run.sh [OUT]
source "$(dirname "$0")/../driver.sh"
{ "$(bin cub_reference)" --csv-header
  for program in block_reduce step11_vector_loads cub_reference; do
      "$(bin $program)" --csv --n 2^28
  done
} >"$out/cub_block_reduce.csv"

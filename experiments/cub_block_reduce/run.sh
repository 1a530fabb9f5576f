#!/usr/bin/env bash
# cub::BlockReduce in a grid-stride loop, step 11 and CUB at 2^28 floats (cub_block_reduce.csv).
source "$(dirname "$0")/../driver.sh"
csv cub_block_reduce.csv "block_reduce step11_vector_loads cub_reference" float --n 2^28

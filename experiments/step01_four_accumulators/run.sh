#!/usr/bin/env bash
# The serial loop, four accumulators, four with the tail as a loop, at 2^28 on this machine's CPU
# (step01_four_accumulators.csv).
source "$(dirname "$0")/../driver.sh"
csv step01_four_accumulators.csv "step01_cpu_serial four_accumulators four_accumulators_tail_loop" \
    "float int double" --n 2^28 --iters 5 --warmup 1

#!/usr/bin/env bash
# Step 12's exercise 2: ten runs each of the single pass with one atomicAdd per block and of
# step 12, at 2^24, float and int, each judged by the harness (the exact input, bit for bit;
# the random input's sum, whose last bits show the order of the additions)
# (step12_atomic_bits.txt).
#   experiments/step12_atomic_pass/run.sh [OUT]
source "$(dirname "$0")/../driver.sh"
for type in float int; do
    for program in atomic_pass step12_single_pass; do
        for _ in {1..10}; do show "$(bin $program)" --type $type --n 2^24 --verify-only; done
    done
done >"$out/step12_atomic_bits.txt"

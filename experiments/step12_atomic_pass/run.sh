#!/usr/bin/env bash
# Ten runs each of the single pass with one atomicAdd per block and of step 12, at 2^24, each
# judged by the harness (step12_atomic_bits.txt).
source "$(dirname "$0")/../driver.sh"
need atomic_pass step12_single_pass
for type in float int; do
    for program in atomic_pass step12_single_pass; do
        for _ in {1..10}; do show $program --type $type --n 2^24 --verify-only; done
    done
done >"$out/step12_atomic_bits.txt"

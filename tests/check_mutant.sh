#!/usr/bin/env bash
# Usage: check_mutant.sh reject PROGRAM [N...]
# The harness rejects the mutant PROGRAM (step 12 with one fault, tests/mutants/): it runs
# with --verify-only for every element type at each N (default 2^20+16383, 2^22: several
# blocks, so every fault can act; at 2^20+16383 step 12's last block holds a whole tile less
# one element in every type, its tile being 2048 to 16384 elements, where at 2^20+7 a 16-bit
# input's last block is empty and losing its partial sum of 0 changes nothing); each run
# must exit with code 1 and report its correctness check
# as wrong. Exit 0 when every run was rejected, 1 otherwise, 77 (skipped) when there is no
# CUDA device (the program's exit code 3). MUTANT_TYPES="float ..." runs only those types.
set -u
[ "${1:-}" = reject ] && [ $# -ge 2 ] || { echo "usage: $0 reject PROGRAM [N...]" >&2; exit 2; }
program=$2
shift 2
[ $# -gt 0 ] || set -- "2^20+16383" "2^22"
failures=0
for n in "$@"; do
    for type in ${MUTANT_TYPES:-int int64 float double cfloat cdouble half bf16}; do
        out=$("$program" --type "$type" --n "$n" --verify-only 2>&1)
        status=$?
        if [ $status -eq 3 ] && echo "$out" | grep -q 'no CUDA device'; then
            echo "SKIPPED: no CUDA device: the mutant did not run"
            exit 77
        fi
        verdict=$(echo "$out" | grep -o 'correctness: .*' | head -1)
        # What the accuracy rule alone said of the random input's sum ("<=": it would pass).
        accuracy=$(echo "$out" | grep -o '|error| .*' | head -1)
        if [ $status -eq 1 ] && echo "$out" | grep -q '^  FAIL  correctness: .* != exact sum'; then
            echo "ok: rejected: $type, n = $n: $verdict; accuracy alone: $accuracy"
        else
            echo "FAIL: not rejected (exit code $status): $type, n = $n: ${verdict:-$out}"
            failures=$((failures + 1))
        fi
    done
done
[ $failures -eq 0 ]

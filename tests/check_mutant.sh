#!/usr/bin/env bash
# Usage: check_mutant.sh patches REPOSITORY     every tests/mutants/*.diff applies to its step
#        check_mutant.sh reject PROGRAM [N...]  the harness rejects the mutant PROGRAM
# reject: PROGRAM (step 12 with one fault) runs with --verify-only for every element type at
# each N (default 2^20+7, 2^22: several blocks, so every fault can act); each run must exit
# with code 1 and report its correctness check as wrong. Exit 0 when every run was rejected,
# 1 otherwise, 77 (skipped) when there is no CUDA device (the program's exit code 3).
# MUTANT_TYPES="float ..." runs only those types (default: all six).
set -u
mode=$1
if [ "$mode" = patches ]; then
    repository=$2
    command -v patch >/dev/null || { echo "SKIPPED: patch not found"; exit 77; }
    failures=0 count=0
    for diff in "$repository"/tests/mutants/*.diff; do
        count=$((count + 1))
        # The file it patches is the one its header names (+++ b/stepNN_name/reduce.cuh).
        if patch -p1 --dry-run --silent --force -d "$repository" -i "$diff" >/dev/null; then
            echo "ok: $(basename "$diff") applies"
        else
            echo "FAIL: $(basename "$diff") no longer applies to $(sed -n 's|^+++ b/||p' "$diff")"
            failures=$((failures + 1))
        fi
    done
    [ $count -ge 9 ] || { echo "FAIL: fewer than nine mutants"; exit 1; }
    [ $failures -eq 0 ]
    exit
fi

program=$2
shift 2
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=("2^20+7" "2^22")
failures=0
for n in "${sizes[@]}"; do
    for type in ${MUTANT_TYPES:-int int64 float double cfloat cdouble}; do
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

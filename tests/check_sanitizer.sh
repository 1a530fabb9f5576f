#!/usr/bin/env bash
# Usage: check_sanitizer.sh clean|reported TOOL PROGRAM
# Runs PROGRAM --verify-only under compute-sanitizer's TOOL (memcheck, racecheck, synccheck,
# initcheck) at blocks 64 and 256, in float, double and half, at sizes that fill no block evenly:
# 1, 1025, 2^16+3, and 2^16+256 (at block 256 the one size where a first add of two elements
# per thread reads input[n] if its guard is off by one); Part II's programs at five shapes
# (softmax at nine).
#   clean     every run verifies and the tool reports nothing (every GPU program)
#   reported  the tool reports the fault in some run (the mutants of tests/mutants/ that only
#             a tool is sure to see): proves that `clean` can fail
# Exit code 77 (skipped) when there is no CUDA device or no compute-sanitizer.
set -u
mode=$1 tool=$2 program=$3
name=$(basename "$program")
[[ $mode =~ ^(clean|reported)$ ]] || { echo "usage: $0 clean|reported TOOL PROGRAM" >&2; exit 2; }
command -v compute-sanitizer >/dev/null ||
    { echo "SKIPPED: compute-sanitizer not found (it is in the CUDA Toolkit's bin/)"; exit 77; }
# Padding after every allocation: without it a read just past the end of one buffer lands in
# the next allocation, and memcheck cannot see it.
padding=()
[ "$tool" = memcheck ] && padding=(--padding 64)
# Part II's programs (--rows, --cols): shapes whose rows start misaligned and fill no group
# evenly (8 lanes, a warp, the block), a row longer than a block's share; softmax takes the
# floating-point types only.
sizes=("--n 1" "--n 1025" "--n 2^16+3" "--n 2^16+256") types="float double half"
if "$program" --help | grep -q -- "--rows"; then
    sizes=("--rows 1 --cols 1" "--rows 33 --cols 1025" "--rows 1025 --cols 33"
           "--rows 9 --cols 300" "--rows 2 --cols 2^16+3")
    # Softmax: also rows that need a cluster: 12289 in step 18 (floats at both blocks, halves at
    # 64; step 19 takes one block of 512 there), 20000 at block 256 (a cluster of 4 in step 19),
    # 100003 (16-bit in step 20: a wide cluster of 16 blocks, 4 vectors a thread; 2^16+3 holds
    # 3); and aligned rows of 32 (16-bit: 4 vectors, a group of 4 lanes from step 19 on).
    [[ $name == *softmax* ]] && types="float half bf16" &&
        sizes+=("--rows 3 --cols 12289" "--rows 2 --cols 20000" "--rows 2 --cols 100003"
                "--rows 1025 --cols 32")
fi
# shellcheck disable=SC2086  # ${sizes[0]}: its words
if "$program" ${sizes[0]} --verify-only 2>&1 | grep -q 'no CUDA device'; then
    echo "SKIPPED: no CUDA device: nothing ran under compute-sanitizer"
    exit 77
fi
runs=0 failures=0
for block in 64 256; do
    for size in "${sizes[@]}"; do
        for type in $types; do
            # shellcheck disable=SC2086  # $size: its words
            out=$(compute-sanitizer --tool "$tool" "${padding[@]}" --error-exitcode 99 \
                  "$program" --block "$block" $size --type "$type" --verify-only 2>&1)
            status=$?  # 99: the tool reported something; else the program's own exit code
            runs=$((runs + 1))
            first=$(echo "$out" |
                grep -m1 -E '^========= +(Invalid|Error|Warning|Race|Barrier|Uninitialized)')
            run="$tool $name --block $block $size --type $type"
            if [ "$mode" = reported ] && [ $status -eq 99 ]; then
                echo "ok: reported: $run: $first"
                exit 0
            elif [ "$mode" = clean ] && [ $status -ne 0 ]; then
                echo "FAIL: $run: exit code $status: ${first:-$(echo "$out" | tail -3)}"
                failures=$((failures + 1))
            fi
        done
    done
done
[ "$mode" = clean ] || { echo "FAIL: $tool reported nothing in $runs runs of $name"; exit 1; }
[ $failures -eq 0 ] && echo "ok: $tool reported nothing in $runs runs of $name, each verified"

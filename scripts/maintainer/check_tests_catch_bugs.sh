#!/usr/bin/env bash
# For maintainers: Breaks kernels on purpose, in a temporary copy, and shows what catches each bug: the
# correctness tests (step_correctness.cu), compute-sanitizer, or both. Nothing broken is
# ever written into the repository. Needs a GPU, nvcc, GoogleTest and compute-sanitizer.
#   scripts/maintainer/check_tests_catch_bugs.sh [ARCH: native (default) or e.g. sm_90]
# Exit code: how many broken kernels failed to build or were caught by neither.
set -uo pipefail
cd "$(dirname "$0")/../.."
arch=${1:-native}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# name | step | file text to replace | replacement | sanitizer tool that should see it | n for it
# (read_one_past_end reads input[n] only when some thread's second element is exactly n:
# with block 256 that needs n = 512 k + 256, hence 2^16+256.)
mutations=(
"skip_tail_element|step03_multi_block|(i < n) ? input[i]|(i + 1 < n) ? input[i]|memcheck|2^16+3"
"drop_syncthreads|step05_bank_conflicts|sharedPartials[tid + s];\n        __syncthreads();|sharedPartials[tid + s];|racecheck|2^16+3"
"read_one_past_end|step06_first_add|if (i + blockDim.x < n)|if (i + blockDim.x <= n)|memcheck|2^16+256"
"drop_syncwarp|step07_warp_unroll|__syncwarp();||racecheck|2^16+3"
)

build_one() {
    local name=$1 step=$2
    mkdir -p "$work/$name"
    cp -r common tests "$work/$name/"  # the mutated step is there already
    (cd "$work/$name" &&
     nvcc -std=c++17 -O3 -arch="$arch" -lineinfo -I common -o program "$step/main.cu" &&
     nvcc -std=c++17 -O3 -arch="$arch" -lineinfo -I "$step" -I common -o tests_program tests/step_correctness.cu \
          -lgtest -lgtest_main -lpthread) >"$work/$name.build.log" 2>&1 || { echo "build of $name failed"; cat "$work/$name.build.log"; }
}

for mutation in "${mutations[@]}"; do
    IFS='|' read -r name step from to tool size <<<"$mutation"
    mkdir -p "$work/$name/$step"
    # Apply the mutation to a copy of the step; the change must really happen.
    cp -r "$step" "$work/$name/"
    python3 - "$step/reduce.cuh" "$work/$name/$step/reduce.cuh" "$from" "$to" <<'PY' || exit 1
import sys
source, target, old, new = sys.argv[1], sys.argv[2], sys.argv[3].replace("\\n", "\n"), sys.argv[4].replace("\\n", "\n")
text = open(source).read()
if old not in text:
    sys.exit(f"pattern not found in {source}: {old!r}")
open(target, "w").write(text.replace(old, new))
PY
    echo "== $name: $step/reduce.cuh"
    diff -u "$step/reduce.cuh" "$work/$name/$step/reduce.cuh" | tail -n +3 | grep '^[-+]'
done

for mutation in "${mutations[@]}"; do
    IFS='|' read -r name step from to tool size <<<"$mutation"
    build_one "$name" "$step" &
done
wait

echo
failures=0
printf '%-20s %-24s %-34s %s\n' mutation step "correctness tests" "compute-sanitizer"
for mutation in "${mutations[@]}"; do
    IFS='|' read -r name step from to tool size <<<"$mutation"
    dir=$work/$name
    if [ ! -x "$dir/tests_program" ] || [ ! -x "$dir/program" ]; then
        printf '%-20s %-24s build failed: nothing shown\n' "$name" "$step"
        failures=$((failures + 1))
        continue
    fi
    REDUCTION_TEST_SEED=1 "$dir/tests_program" --gtest_filter='*int_block256*:*float_block256*:*double_block64*' \
        >"$dir/tests.log" 2>&1
    tests_status=$?
    caught=0
    if grep -q '^\[  FAILED  \]' "$dir/tests.log"; then
        tests="caught ($(grep -E '^\[  FAILED  \] AllTypes' "$dir/tests.log" | awk '{sub(/,$/, "", $4); print $4}' | sort -u | wc -l) of 3 tests fail)"
        caught=1
    elif [ "$tests_status" -ne 0 ]; then
        tests="caught (the tests ended with exit code $tests_status)"
        caught=1
    elif grep -q '^\[  SKIPPED \]' "$dir/tests.log"; then
        tests="not judged (tests skipped)"
    else
        tests="not caught"
    fi
    padding=""
    [ "$tool" = memcheck ] && padding="--padding 64"  # else a read past the end may land in the next allocation
    compute-sanitizer --tool "$tool" $padding --error-exitcode 99 "$dir/program" --n "$size" --block 256 --verify-only >"$dir/sanitizer.log" 2>&1
    status=$?
    summary=$(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$dir/sanitizer.log" | tail -1 | sed 's/^========= //')
    if [ "$status" -eq 99 ]; then
        sanitizer="$tool --n $size caught: $summary"
        caught=1
    else
        sanitizer="$tool --n $size: not caught (exit $status): $summary"
    fi
    [ "$caught" -eq 1 ] || failures=$((failures + 1))  # neither the tests nor the tool saw it
    printf '%-20s %-24s %-34s %s\n' "$name" "$step" "$tests" "$sanitizer"
    grep -m1 -E "Invalid|hazard|Race" "$dir/sanitizer.log" | sed 's/^/    first report: /'
done
exit "$failures"

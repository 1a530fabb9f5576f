#!/usr/bin/env bash
# For maintainers: n past 2^31: every GPU program must sum 2^31 + 5 floats (over 8 GiB) correctly, which
# needs 64-bit indices everywhere; and a size the GPU cannot hold must end with exit code 3
# and a message saying how much memory is needed and how much is free.
#   scripts/maintainer/check_large_n.sh [PARALLEL_RUNS, default 3]
set -uo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD_DIR:-build}
parallel=${1:-3}
programs=$(cat "$build/gpu_programs.txt")  # written by CMake
failures=0
results=$(for program in $programs; do echo "$program"; done |
    xargs -P "$parallel" -I{} sh -c 'out=$("'"$build"'/{}" --n 2^31+5 --verify-only 2>&1); echo "{} exit $?: $(echo "$out" | tail -1)"' | sort)
echo "$results"
[ "$(echo "$results" | grep -c 'exit 0: .*PASS')" -eq "$(echo "$programs" | wc -w)" ] || failures=$((failures + 1))

out=$("$build/step05_bank_conflicts" --n 2^40 --verify-only 2>&1)
status=$?
echo "step05_bank_conflicts --n 2^40: exit $status: $out"
[ "$status" -eq 3 ] && echo "$out" | grep -q "needs .* is free" || failures=$((failures + 1))
[ "$failures" -eq 0 ] && echo "large n: all correct" || echo "large n: FAILED"
exit "$failures"

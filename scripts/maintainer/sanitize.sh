#!/usr/bin/env bash
# For maintainers: Runs compute-sanitizer's four tools (memcheck, racecheck, synccheck, initcheck) over every
# GPU program, at sizes that are not multiples of the block or of 2 x block, and prints one
# line per run and a summary. Needs a GPU and a build (BUILD_DIR, default build).
#   scripts/maintainer/sanitize.sh [PARALLEL_RUNS] [TOOLS, default "memcheck racecheck synccheck initcheck"]
set -uo pipefail
cd "$(dirname "$0")/../.."
build=${BUILD_DIR:-build}
parallel=${1:-8}
tools=${2:-memcheck racecheck synccheck initcheck}
programs=${PROGRAMS:-$(cat "$build/gpu_programs.txt")}  # written by CMake; PROGRAMS="a b" for some

jobs=()
for program in $programs; do
    for tool in $tools; do
        for block in 64 256; do
            for n in 1 1025 2^16+3; do
                for type in float double; do
                    jobs+=("$program $tool $block $n $type")
                done
            done
        done
    done
done

run_one() {
    set -- $1
    local output status
    local padding=""
    # Padding after every allocation: without it a read just past the end of one buffer
    # lands in the next allocation and memcheck cannot see it.
    [ "$2" = memcheck ] && padding="--padding 64"
    output=$(compute-sanitizer --tool "$2" $padding --error-exitcode 99 "$BUILD/$1" --n "$4" --block "$3" --type "$5" \
             --verify-only 2>&1)
    status=$?
    local summary
    summary=$(echo "$output" | grep -E "ERROR SUMMARY|RACECHECK SUMMARY" | tail -1 | sed 's/^========= //')
    if [ "$status" -eq 0 ] && echo "$output" | grep -q PASS; then
        echo "clean  $1 $2 --block $3 --n $4 --type $5: $summary"
    else
        echo "FAILED $1 $2 --block $3 --n $4 --type $5 (exit $status): $summary"
        echo "$output" | grep -v '^$' | head -20 | sed 's/^/       /'
    fi
}
export -f run_one
export BUILD=$build
compute-sanitizer --version | tail -1
printf '%s\n' "${jobs[@]}" | xargs -P "$parallel" -I{} bash -c 'run_one "{}"' | sort -k2,3 >"$build/sanitize.txt"
cat "$build/sanitize.txt"
clean=$(grep -c '^clean' "$build/sanitize.txt")
failed=$(grep -c '^FAILED' "$build/sanitize.txt")
echo "sanitize: $clean clean, $failed failed, of ${#jobs[@]} runs"
[ "$failed" -eq 0 ] && [ "$clean" -eq "${#jobs[@]}" ]

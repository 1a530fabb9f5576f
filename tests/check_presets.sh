#!/usr/bin/env bash
# Usage: check_presets.sh REPOSITORY
# CMakePresets.json: CMake reads it and lists every configure preset the docs name; the
# presets with options (ci, exercises, fixtures, checks) configure in a scratch folder (sm_90
# only, so that no GPU is needed and it stays quick) and set the options they promise.
set -u
repository=$1
cd "$repository" || exit 1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

listed=$(cmake --list-presets=all 2>&1) || { echo "$listed"; fail "cmake --list-presets"; exit 1; }
for preset in default this-gpu all-gpus ci exercises solutions fixtures checks; do
    echo "$listed" | grep -q "\"$preset\"" || fail "no configure preset \"$preset\""
done

expect() {  # PRESET VARIABLE=VALUE...: the preset configures and sets each variable
    local preset=$1 before=$failures; shift
    if ! cmake --preset "$preset" -B "$work/$preset" -DCMAKE_CUDA_ARCHITECTURES=90 >"$work/$preset.log" 2>&1; then
        tail -20 "$work/$preset.log"; fail "cmake --preset $preset does not configure"; return
    fi
    for setting in "$@"; do
        grep -q "^${setting%%=*}:[A-Z]*=${setting#*=}\$" "$work/$preset/CMakeCache.txt" ||
            fail "preset $preset does not set $setting"
    done
    [ $failures -eq "$before" ] && echo "ok: preset $preset configures and sets $*"
}
expect ci REDUCTION_WARNINGS_AS_ERRORS=ON
expect exercises REDUCTION_EXERCISES=ON
expect fixtures REDUCTION_EXERCISE_SOLUTIONS=ON REDUCTION_EXERCISE_FIXTURES=ON REDUCTION_MUTANTS=ON
expect checks REDUCTION_EXERCISE_FIXTURES=ON REDUCTION_MUTANTS=ON REDUCTION_SANITIZER_TESTS=ON \
    REDUCTION_LARGE_N_TESTS=ON
[ $failures -eq 0 ]

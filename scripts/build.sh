#!/usr/bin/env bash
# Configures build/ (or $BUILD_DIR) and builds the given CMake targets (default: all):
#   scripts/build.sh [TARGET ...]
# For the GPU of this machine when one is visible (fast), else for every generation the
# toolkit supports, as `cmake -S . -B build` does; CUDA_ARCHITECTURES=90, native or all chooses.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
architectures=${CUDA_ARCHITECTURES:-}
gpu=$(nvidia-smi -L 2>/dev/null | sed -n '/^GPU/{s/ (.*//p;q}') || true
if [ -z "$architectures" ] && [ ! -f "$build/CMakeCache.txt" ] && [ -n "$gpu" ]; then
    architectures=native
    echo "build: compiling for the GPU of this machine only ($gpu);" \
         "CUDA_ARCHITECTURES=all scripts/build.sh builds for every generation" >&2
fi
case $architectures in
"") configure=() ;;
all) configure=(-UCMAKE_CUDA_ARCHITECTURES) ;;  # the project's default: every generation
*) configure=(-DCMAKE_CUDA_ARCHITECTURES="$architectures") ;;
esac
mkdir -p "$build"
cmake -S . -B "$build" "${configure[@]}" >"$build/configure.log" 2>&1 ||
    { cat "$build/configure.log" >&2; echo "build: configuring $build failed" >&2; exit 1; }
grep -A4 'CMake Warning' "$build/configure.log" >&2 || true
cmake --build "$build" --parallel "$(nproc)" ${1:+--target "$@"}

#!/usr/bin/env bash
# Configures and builds everything into build/ (or $BUILD_DIR). Extra arguments go to the
# configure step, e.g. -DCMAKE_CUDA_ARCHITECTURES=native for a faster build.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
cmake -S . -B "$build" "$@" >/dev/null
cmake --build "$build" --parallel "$(nproc)"

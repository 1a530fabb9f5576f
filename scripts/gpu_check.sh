#!/usr/bin/env bash
# Everything that needs a GPU, in one go: build for this GPU, the whole test suite, and the
# tutorial table. Logs go to OUTDIR (default build-gpu/logs).
#   scripts/gpu_check.sh [OUTDIR] [CUDA architectures, default native]
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-build-gpu/logs}")
arch=${2:-native}
mkdir -p "$out"
export BUILD_DIR=build-gpu
{ nvidia-smi -L; nvcc --version | tail -1; cmake --version | head -1; } 2>&1 | tee "$out/platform.txt"
scripts/build.sh -DCMAKE_CUDA_ARCHITECTURES="$arch" -DREDUCTION_WARNINGS_AS_ERRORS=ON >"$out/build.log" 2>&1 ||
    { tail -30 "$out/build.log"; exit 1; }
(cd build-gpu && ctest --output-on-failure --parallel 8 >"$out/ctest.log" 2>&1)
tail -3 "$out/ctest.log"
grep -E "Failed|\*\*\*" "$out/ctest.log" | head -20
scripts/tutorial.sh 2>&1 | tee "$out/tutorial.txt"
cp build-gpu/results/tutorial.csv "$out/" 2>/dev/null

#!/usr/bin/env bash
# Makes sure the tools the tutorial needs are present, installing missing Debian packages
# (cmake, g++, libgtest-dev, gnuplot) where it can, and naming them where it cannot.
# The CUDA Toolkit (nvcc) is not a Debian package here: install it from NVIDIA.
# Usage: scripts/setup.sh [--no-gnuplot]
set -euo pipefail

need_gnuplot=yes
[ "${1:-}" = "--no-gnuplot" ] && need_gnuplot=no

missing=()
command -v cmake >/dev/null || missing+=(cmake)
command -v g++ >/dev/null || missing+=(g++)
if [ ! -e /usr/include/gtest/gtest.h ] && [ ! -e /usr/local/include/gtest/gtest.h ] &&
   ! ls /usr/lib/*/cmake/GTest/GTestConfig.cmake /usr/local/lib*/cmake/GTest/GTestConfig.cmake >/dev/null 2>&1; then
    missing+=(libgtest-dev)
fi
[ "$need_gnuplot" = yes ] && ! command -v gnuplot >/dev/null && missing+=(gnuplot-nox)

if [ ${#missing[@]} -gt 0 ]; then
    if command -v apt-get >/dev/null && { [ "$(id -u)" -eq 0 ] || command -v sudo >/dev/null; }; then
        sudo=""
        [ "$(id -u)" -eq 0 ] || sudo=sudo
        echo "setup: installing ${missing[*]}" >&2
        $sudo apt-get update -qq >&2
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
    else
        echo "setup: missing packages: ${missing[*]} (on Debian/Ubuntu: sudo apt-get install ${missing[*]})" >&2
        exit 1
    fi
fi

if ! command -v nvcc >/dev/null; then
    if [ -x /usr/local/cuda/bin/nvcc ]; then
        echo "setup: nvcc is not on PATH; run: export PATH=/usr/local/cuda/bin:\$PATH" >&2
    else
        echo "setup: the CUDA Toolkit (nvcc, 12.x or 13.x) is missing: https://developer.nvidia.com/cuda-downloads" >&2
    fi
    exit 1
fi

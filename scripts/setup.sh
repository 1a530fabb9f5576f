#!/usr/bin/env bash
# Checks that the tools a command needs are here, before it starts; run by tutorial.sh and
# test.sh, not by hand.
#   scripts/setup.sh tutorial   cmake, a C++ compiler and the CUDA Toolkit (nvcc): nothing else
#   scripts/setup.sh test       the same, GoogleTest (libgtest-dev), and where they can be had
#                               gnuplot, MPI (for step 13, which also needs NCCL) and numpy
# A missing Debian package is installed only where that needs no password (as root, or with
# password-less sudo); otherwise setup names it, says what works without it, and goes on.
# It never waits for a password. Exit code 1: something the command cannot do without.
set -uo pipefail
purpose=${1:?usage: scripts/setup.sh tutorial|test}

have_gtest() {
    [ -e /usr/include/gtest/gtest.h ] || [ -e /usr/local/include/gtest/gtest.h ] ||
        ls /usr/lib/*/cmake/GTest/GTestConfig.cmake /usr/local/lib*/cmake/GTest/GTestConfig.cmake \
            >/dev/null 2>&1
}

required=()  # without these the command cannot run
optional=()  # without these it runs, doing less
command -v cmake >/dev/null || required+=(cmake)
command -v c++ >/dev/null || command -v g++ >/dev/null || required+=(g++)
if [ "$purpose" = test ]; then
    have_gtest || required+=(libgtest-dev)
    command -v gnuplot >/dev/null || optional+=(gnuplot-nox)
    command -v mpicxx >/dev/null || optional+=(libopenmpi-dev openmpi-bin)  # step 13 (MPI)
    { python3 -c "import numpy" || /usr/bin/python3 -c "import numpy"; } 2>/dev/null ||
        optional+=(python3-numpy)  # frameworks_script
fi

missing=("${required[@]}" "${optional[@]}")
if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
        sudo="sudo -n"
    fi
    if command -v apt-get >/dev/null && { [ "$(id -u)" -eq 0 ] || [ -n "$sudo" ]; }; then
        echo "setup: installing ${missing[*]}" >&2
        $sudo apt-get update -qq >&2 &&
            DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2 ||
            echo "setup: could not install ${missing[*]}" >&2
        mapfile -t required < <(for p in "${required[@]}"; do
            case $p in
            cmake) command -v cmake >/dev/null || echo "$p" ;;
            g++) command -v g++ >/dev/null || echo "$p" ;;
            libgtest-dev) have_gtest || echo "$p" ;;
            esac
        done)
        mapfile -t optional < <(for p in "${optional[@]}"; do
            case $p in
            gnuplot-nox) command -v gnuplot >/dev/null || echo "$p" ;;
            python3-numpy) { python3 -c "import numpy" || /usr/bin/python3 -c "import numpy"; } 2>/dev/null ||
                echo "$p" ;;
            *) command -v mpicxx >/dev/null || echo "$p" ;;
            esac
        done)
    fi
    case " ${optional[*]} " in
    *" libopenmpi-dev "*)
        echo "setup: MPI is missing (Debian/Ubuntu: apt-get install libopenmpi-dev openmpi-bin," \
             "needs root); step 13 (several GPUs) is not built, every other step is" >&2
        ;;
    esac
    case " ${optional[*]} " in
    *" python3-numpy "*)
        echo "setup: numpy is missing (Debian/Ubuntu: apt-get install python3-numpy, needs root);" \
             "the frameworks test skips its comparison of the input" >&2
        ;;
    esac
    if [[ " ${optional[*]} " == *" gnuplot-nox "* ]]; then
        echo "setup: gnuplot is missing (Debian/Ubuntu: apt-get install gnuplot-nox, needs root);" \
             "the tests run without it (the chart test is skipped) and the charts are not drawn" >&2
    fi
    if [ ${#required[@]} -gt 0 ]; then
        echo "setup: missing: ${required[*]} (Debian/Ubuntu: apt-get install ${required[*]}, needs root)" >&2
        case " ${required[*]} " in
        *" libgtest-dev "*) [ ${#required[@]} -eq 1 ] &&
            echo "setup: without GoogleTest no test can be built; scripts/tutorial.sh works without it" >&2 ;;
        esac
        exit 1
    fi
fi

if ! command -v nvcc >/dev/null; then
    if [ -x /usr/local/cuda/bin/nvcc ]; then
        echo "setup: nvcc is not on PATH; run: export PATH=/usr/local/cuda/bin:\$PATH" >&2
    else
        echo "setup: the CUDA Toolkit (nvcc, 12.2 or later) is missing: https://developer.nvidia.com/cuda-downloads" >&2
    fi
    exit 1
fi
exit 0

#!/usr/bin/env bash
# Checks that the tools a command needs are here, before it starts (run by tutorial.sh,
# bench.sh, test.sh and CI):  scripts/setup.sh tutorial|test|ci
# A missing Debian package is installed only where that needs no password (as root, or with
# password-less sudo); otherwise setup names it, says what works without it, and goes on.
# It never waits for a password. Exit code 1: something the command cannot do without.
set -uo pipefail

required=(cmake g++)  # and the CUDA Toolkit, checked last; without these nothing runs
optional=()  # without these the command runs, doing less
case ${1:-} in
tutorial) ;;
test)
    required+=(libgtest-dev)
    optional+=(gnuplot-nox libopenmpi-dev openmpi-bin python3-numpy)
    ;;
ci)  # CI runs every test, none skipped, and checks the format
    required+=(libgtest-dev gnuplot-nox libopenmpi-dev openmpi-bin python3-numpy)
    required+=(clang-format shellcheck ninja-build)
    ;;
*) echo "usage: scripts/setup.sh tutorial|test|ci" >&2; exit 2 ;;
esac
declare -A without=(  # what is lost without a package the command can do without
    [libgtest-dev]="no test can be built (scripts/tutorial.sh works without it)"
    [gnuplot-nox]="the chart test is skipped and no chart is drawn"
    [libopenmpi-dev]="step 13 (several GPUs) is not built, every other step is"
    [openmpi-bin]="step 13 (several GPUs) cannot be started, every other step can"
    [python3-numpy]="the frameworks test skips its comparison of the input"
)

have() {  # PACKAGE: whether what it brings is here
    case $1 in
    g++) command -v c++ || command -v g++ ;;
    libgtest-dev) ls /usr/include/gtest/gtest.h || ls /usr/local/include/gtest/gtest.h ;;
    gnuplot-nox) command -v gnuplot ;;
    ninja-build) command -v ninja ;;
    libopenmpi-dev) command -v mpicxx ;;
    openmpi-bin) command -v mpirun ;;
    python3-numpy) python3 -c "import numpy" || /usr/bin/python3 -c "import numpy" ;;
    *) command -v "$1" ;;
    esac >/dev/null 2>&1
}
absent() { for package; do have "$package" || echo "$package"; done; }

mapfile -t missing < <(absent "${required[@]}" "${optional[@]}")
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo -n"  # -n: fails at once where sudo wants a password
if [ ${#missing[@]} -gt 0 ] && command -v apt-get >/dev/null && $sudo true 2>/dev/null; then
    echo "setup: installing ${missing[*]}" >&2
    { $sudo apt-get update -qq &&
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; } >&2 ||
        echo "setup: could not install ${missing[*]}" >&2
    mapfile -t missing < <(absent "${missing[@]}")
fi
status=0
for package in "${missing[@]}"; do
    echo "setup: $package is missing (Debian/Ubuntu: apt-get install $package, needs root):" \
        "${without[$package]:-scripts/setup.sh $1 needs it}" >&2
    [[ " ${required[*]} " != *" $package "* ]] || status=1
done
if ! command -v nvcc >/dev/null; then
    status=1
    fix="get it from https://developer.nvidia.com/cuda-downloads"
    [ ! -x /usr/local/cuda/bin/nvcc ] || fix="run: export PATH=/usr/local/cuda/bin:\$PATH"
    echo "setup: nvcc (the CUDA Toolkit, 12.2 or later) is not on PATH; $fix" >&2
fi
exit "$status"

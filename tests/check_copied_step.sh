#!/usr/bin/env bash
# Usage: check_copied_step.sh REPOSITORY_ROOT
# The exercises say "copy a step folder to step99_* and change it". This checks that such a
# copy works with no edit to CMake or to the docs checks: in a scratch copy of the
# repository, step06 is copied to step99_copy (a step of main.cu + reduce.cuh) and step13 to
# step99_copy_mpi (a step with its own CMakeLists.txt, built where MPI and NCCL are found).
# Then the scratch tree must configure, build the copies and their tests, pass the copies'
# command-line tests (their GPU tests run where there is a GPU), and pass the docs check.
set -u
source "$(dirname "$0")/../scripts/mpi_one_host.sh"  # step 13 where there is no ssh or rsh
root=$(cd "$1" && pwd) || exit 1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# The repository's files as a student's checkout has them (no build folders): the files git
# tracks, or, outside a git checkout, everything but build*/ folders.
if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
    (cd "$root" && git ls-files --cached --others --exclude-standard -z) |
        (cd "$root" && xargs -0 cp --parents --target-directory="$work")
else
    tar -C "$root" --exclude='./build*' --exclude='./.git' -cf - . | tar -C "$work" -xf -
fi || fail "could not copy the repository's files"
cd "$work" || exit 1
cp -r step06_first_add step99_copy
cp -r step13_multi_gpu step99_copy_mpi

# One architecture keeps the build short; the copies must configure like any step.
cmake -S . -B build -DCMAKE_CUDA_ARCHITECTURES=90 -DREDUCTION_WARNINGS_AS_ERRORS=ON \
    >cmake.log 2>&1 || { cat cmake.log; fail "configure with the copies failed"; }
copies=(step99_copy)
targets=(step99_copy step99_copy_tests)
if grep -qx step13_multi_gpu build/programs.txt; then  # step 13 is built, so must its copy be
    grep -qx step99_copy_mpi build/programs.txt || fail "step99_copy_mpi is not in programs.txt"
    copies+=(step99_copy_mpi)
    targets+=(step99_copy_mpi)
fi
cmake --build build --target "${targets[@]}" --parallel "$(nproc)" >build.log 2>&1 ||
    { tail -40 build.log; fail "building the copies failed"; }

# The copies' tests: command line (no GPU: exit 3) and, with a GPU, the correctness matrix.
pattern=$(printf '|^%s\\.' "${copies[@]}")
cd build || exit 1
ctest -R "${pattern#|}" --output-on-failure --output-junit copies.xml >ctest.log 2>&1 ||
    { cat ctest.log; fail "the copies' tests failed"; }
found=$(grep -c '<testcase ' copies.xml)  # ctest's JUnit file: a test per <testcase>
[ "$found" -gt 0 ] || fail "ctest found no test of the copies"
passed=$(grep -c '<testcase .* status="run"' copies.xml)
echo "ctest: $found tests of the copies, $passed passed, the rest skipped"
bash ../tests/check_docs.sh .. >docs.log 2>&1 ||
    { cat docs.log; fail "the docs check fails with the copies present"; }
echo "check_copied_step: ${copies[*]} configured, built and tested; the docs check passes"

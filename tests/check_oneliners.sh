#!/usr/bin/env bash
# Usage: check_oneliners.sh REPOSITORY_ROOT
# Runs the one-line nvcc command printed in every step's README.md (for a class without
# CMake), exactly as written but with the output in a temporary folder, then runs the
# program on a small input. Every command must be the one form (below) with its own folder's
# name, or step 13's with MPI and NCCL. With no GPU, -arch=native has nothing to detect, so it
# is replaced by -arch=sm_90, and only step 01 (the CPU program), step 02 (the first GPU
# program) and step 13 (MPI) are built: the other commands differ from step 02's by their name
# alone, and CMake builds their main.cu from the same common/ with the same options (-O3
# -lineinfo, C++17), so 20 more builds of that code (five minutes of CI's two cores) would
# prove nothing more. A GPU program built there must report the missing device (exit code 3);
# the test then reports itself skipped (exit code 77): the sums on a GPU did not run. So it
# does when a command needs MPI and this machine has no mpicxx.
set -u
source "$(dirname "$0")/../scripts/mpi_one_host.sh"  # step 13 where there is no ssh or rsh
cd "$1" || exit 1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
skipped=()
gpu=yes
nvidia-smi -L >/dev/null 2>&1 || gpu=no
one_form='nvcc -std=c++17 -O3 -arch=native -lineinfo -I common -o PROGRAM PROGRAM/main.cu'
# shellcheck disable=SC2016  # the $(mpicxx ...) as the README prints it, not expanded here
mpi_form='nvcc -std=c++17 -O3 -arch=native -lineinfo -I common $(mpicxx --showme:compile) $(mpicxx --showme:link) -lnccl -o PROGRAM PROGRAM/main.cu'
programs=() commands=() same_form=()
for readme in step[0-9][0-9]_*/README.md step[0-9][0-9][a-z]_*/README.md cub_reference/README.md \
    cub_rows_reference/README.md; do
    program=$(dirname "$readme")
    [[ $program == step99_* ]] && continue  # a student's copy: its README names the original
    command=$(grep -E "^nvcc .* -o $program $program/main.cu$" "$readme") ||
        { fail "$readme has no line 'nvcc ... -o $program $program/main.cu'"; continue; }
    if [ "$command" != "${one_form//PROGRAM/$program}" ] &&
        [ "$command" != "${mpi_form//PROGRAM/$program}" ]; then
        fail "$readme: '$command' is neither '${one_form//PROGRAM/$program}' nor step 13's form"
        continue
    fi
    if [ "$gpu" = no ] && [ "$command" = "${one_form//PROGRAM/$program}" ] &&
        [ "$program" != step01_cpu_serial ] && [ "$program" != step02_naive_single_block ]; then
        same_form+=("$program")
        continue
    fi
    if [[ $command == *mpicxx* ]] && ! command -v mpicxx >/dev/null; then
        skipped+=("$program's command needs MPI (mpicxx), not found")
        continue
    fi
    command=${command/-o $program /-o $work/$program }
    [ "$gpu" = yes ] || command=${command/-arch=native/-arch=sm_90}
    programs+=("$program") commands+=("$command")
done
# Each nvcc runs on one core and the programs are independent: built side by side, as many at a
# time as this machine has cores (one after another they did not finish in 320 s on an H100
# machine; side by side, 59 s on an H200 machine with 16 cores).
pids=()
for i in "${!programs[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do sleep 1; done
    { eval "${commands[$i]}" 2>"$work/${programs[$i]}.errors"; echo $? >"$work/${programs[$i]}.built"; } &
    pids+=($!)
done
[ ${#pids[@]} -eq 0 ] || wait "${pids[@]}"
for i in "${!programs[@]}"; do
    program=${programs[$i]} command=${commands[$i]}
    if [ "$(cat "$work/$program.built" 2>/dev/null)" != 0 ]; then
        fail "$program/README.md: $command: $(cat "$work/$program.errors")"
        continue
    fi
    size=(--n 1025)  # Part II: rows_harness.cuh, softmax_harness.cuh
    grep -qE '(rows|softmax)_harness\.cuh' "$program/main.cu" && size=(--rows 33 --cols 1025)
    "$work/$program" "${size[@]}" --verify-only >"$work/output" 2>&1
    status=$?
    expected=0
    [ "$gpu" = yes ] || [ "$program" = step01_cpu_serial ] || expected=3
    if [ "$status" -eq "$expected" ]; then
        echo "ok: $program ($command)"
    else
        fail "$program, built by its README's command, exited $status, not $expected:" \
            "$(cat "$work/output")"
    fi
done
[ "$gpu" = yes ] || skipped=("no CUDA device: ${#programs[@]} commands built, the GPU programs only checked \
for exit code 3; ${#same_form[@]} more checked to be step 02's but for the name, not built" "${skipped[@]}")
[ "$failures" -eq 0 ] || exit "$failures"
[ ${#skipped[@]} -eq 0 ] || { printf 'SKIPPED: %s\n' "${skipped[@]}"; exit 77; }

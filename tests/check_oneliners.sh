#!/usr/bin/env bash
# Usage: check_oneliners.sh REPOSITORY_ROOT
# Runs the one-line nvcc command printed in every step's README.md (for a class without
# CMake), exactly as written but with the output in a temporary folder, then runs the
# program on a small input. With no GPU, -arch=native has nothing to detect, so it is
# replaced by -arch=sm_90 and the program must report the missing device (exit code 3); the
# test then reports itself skipped (exit code 77): the programs built, but their sums on a
# GPU did not run. So it does when a command needs MPI and this machine has no mpicxx.
# A student's step99_* copy is skipped: its README still names the step it was copied from.
set -u
source "$(dirname "$0")/../scripts/mpi_one_host.sh"  # step 13 where there is no ssh or rsh
root=$1
cd "$root" || exit 1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
has_gpu=yes
nvidia-smi -L >/dev/null 2>&1 || has_gpu=no
failures=0
not_checked=0
for readme in step[0-9][0-9]_*/README.md cub_reference/README.md; do
    program=$(dirname "$readme")
    case $program in step99_*) continue ;; esac  # a student's copy: its README is the original's
    command=$(grep -E "^nvcc .* -o $program $program/main.cu$" "$readme")
    if [ -z "$command" ]; then
        echo "FAIL: $readme has no line 'nvcc ... -o $program $program/main.cu'"
        failures=$((failures + 1))
        continue
    fi
    if [[ $command == *mpicxx* ]] && ! command -v mpicxx >/dev/null; then
        echo "not checked: $program's command needs MPI (mpicxx), which this machine lacks"
        not_checked=$((not_checked + 1))
        continue
    fi
    command=${command/-o $program /-o $work/$program }
    [ "$has_gpu" = yes ] || command=${command/-arch=native/-arch=sm_90}
    if ! eval "$command" 2>"$work/errors"; then
        echo "FAIL: $readme: $command"; cat "$work/errors"
        failures=$((failures + 1))
        continue
    fi
    "$work/$program" --n 1025 --verify-only >"$work/output" 2>&1
    status=$?
    expected=0
    [ "$has_gpu" = yes ] || [ "$program" = step01_cpu_serial ] || expected=3
    if [ "$status" -ne "$expected" ]; then
        echo "FAIL: $program built by its README's command exited $status, expected $expected:"; cat "$work/output"
        failures=$((failures + 1))
    else
        echo "ok: $program ($command)"
    fi
done
[ "$failures" -eq 0 ] || exit "$failures"
reasons=()
[ "$has_gpu" = yes ] ||
    reasons+=("no CUDA device: the commands built, the GPU programs were only checked for exit code 3")
[ "$not_checked" -eq 0 ] || reasons+=("$not_checked command(s) need MPI (mpicxx), not found")
if [ ${#reasons[@]} -gt 0 ]; then
    echo "SKIPPED: $(printf '%s; ' "${reasons[@]}" | sed 's/; $//')"
    exit 77
fi

#!/usr/bin/env bash
# Usage: check_command_line.sh PROGRAM
# Every program of the tutorial must answer bad input with exactly one line on stderr and
# exit code 2, without running anything; --help must work; and it must verify a small sum
# (step 01 always; a GPU program where there is a GPU). With no CUDA device a GPU program
# must exit 3 with one line saying so; the test then reports itself skipped (exit code 77),
# since the sum on the GPU did not run.
set -u
source "$(dirname "$0")/../scripts/mpi_one_host.sh"  # step 13 where there is no ssh or rsh
program=$1
name=$(basename "$program")
gpu_program=1
case $name in step01_*) gpu_program=0 ;; esac
gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true)
failures=0
fail() { echo "FAIL: $name $*"; failures=$((failures + 1)); }

expect_usage_error() {
    local out err rc
    out=$("$program" "$@" 2>/tmp/check_cli_err.$$); rc=$?
    err=$(cat /tmp/check_cli_err.$$)
    [ "$rc" -eq 2 ] || fail "$*: exit code $rc, expected 2"
    [ -z "$out" ] || fail "$*: printed to stdout: $out"
    [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && [ -n "$err" ] || fail "$*: stderr is not one line: $err"
}

expect_usage_error --n -1
expect_usage_error --n abc
expect_usage_error --n 2^64
expect_usage_error --n ""
expect_usage_error --block 0
expect_usage_error --block 48
expect_usage_error --block 2048
expect_usage_error --type half
expect_usage_error --iters 0
expect_usage_error --warmup
expect_usage_error --frobnicate
expect_usage_error --n

"$program" --help | grep -q -- "--verify-only" || fail "--help does not document the options"
"$program" --csv-header | grep -q "^step,technique,device" || fail "--csv-header"

out=$("$program" --n 1000 --verify-only 2>/tmp/check_cli_err.$$); rc=$?
err=$(cat /tmp/check_cli_err.$$)
if [ "$gpu_program" -eq 1 ] && [ "$gpus" -eq 0 ]; then
    [ "$rc" -eq 3 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && echo "$err" | grep -q "no CUDA device found" ||
        fail "no GPU: exit code $rc without the one-line 'no CUDA device found': $err"
else
    [ "$rc" -eq 0 ] && echo "$out" | grep -q PASS || fail "--n 1000 --verify-only: exit code $rc, no PASS: $out $err"
fi
# More input than the host has memory for: refused before anything is made (exit code 3,
# one line naming what is needed and what is available). A GPU program checks the device
# first (or finds none), and also exits 3, naming the device memory needed and free.
out=$("$program" --n 2^46 --type double --verify-only 2>/tmp/check_cli_err.$$); rc=$?
err=$(cat /tmp/check_cli_err.$$)
[ "$rc" -eq 3 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || fail "--n 2^46: exit code $rc, stderr: $err"
case $name in
step01_*) echo "$err" | grep -q "not enough host memory: .* needs .* is available" ||
              fail "--n 2^46 does not name the host memory needed and available: $err" ;;
*) [ "$gpus" -eq 0 ] || echo "$err" | grep -q "not enough device memory: .* needs .* is free" ||
       fail "--n 2^46 does not name the device memory needed and free: $err" ;;
esac
rm -f /tmp/check_cli_err.$$
[ "$failures" -eq 0 ] || exit "$failures"
if [ "$gpu_program" -eq 1 ] && [ "$gpus" -eq 0 ]; then
    echo "SKIPPED: no CUDA device: the command line and the exit code 3 were checked, the sum on a GPU was not run"
    exit 77
fi
echo "ok: $name command line"

#!/usr/bin/env bash
# Usage: check_command_line.sh PROGRAM
# Every program of the tutorial must answer bad input with exactly one line on stderr and
# exit code 2, without running anything; --help must work; and with no CUDA device a GPU
# program must exit 3 with one line saying so (with one, it must verify a small sum).
set -u
program=$1
name=$(basename "$program")
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
case $rc in
    0) echo "$out" | grep -q PASS || fail "exit 0 without PASS: $out" ;;
    3) [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && echo "$err" | grep -q "no CUDA device found" ||
           fail "exit 3 without the one-line 'no CUDA device found': $err" ;;
    *) fail "--n 1000 --verify-only: exit code $rc: $out $err" ;;
esac
# More input than the host has memory for: refused before anything is made (exit code 3,
# one line naming what is needed and what is available). A GPU program checks the device
# first (or finds none), and also exits 3.
out=$("$program" --n 2^46 --type double --verify-only 2>/tmp/check_cli_err.$$); rc=$?
err=$(cat /tmp/check_cli_err.$$)
[ "$rc" -eq 3 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || fail "--n 2^46: exit code $rc, stderr: $err"
case $name in
step01_*) echo "$err" | grep -q "not enough host memory: .* needs .* is available" ||
              fail "--n 2^46 does not name the host memory needed and available: $err" ;;
esac
rm -f /tmp/check_cli_err.$$
[ "$failures" -eq 0 ] && echo "ok: $name command line"
exit "$failures"

#!/usr/bin/env bash
# Usage: check_experiment.sh PROGRAM VARIANTS
# Runs an experiment of experiments/step12_vs_cub/, which times VARIANTS variants, on small
# sizes. With a GPU every variant's every timed run is checked against the exact sum: it must
# exit 0 and print a CSV row for each variant, type and size. With no GPU it must exit 3 with
# one line on stderr (then the test reports itself skipped, 77). A bad argument must exit 2.
set -u
program=$1 variants=$2
output=$(mktemp)
errors=$(mktemp)
trap 'rm -f "$output" "$errors"' EXIT
fail() { echo "FAIL: $*"; cat "$errors"; exit 1; }
# shellcheck source=require_experiments.sh
source "$(dirname "$0")/require_experiments.sh"
require_experiments "$program"

"$program" --max 2^31 >/dev/null 2>"$errors"
[ $? -eq 2 ] || fail "--max 2^31 must be refused with exit code 2"
"$program" --max 2^12 >"$output" 2>"$errors"
status=$?
lines=$(wc -l <"$output")
if nvidia-smi -L >/dev/null 2>&1; then
    [ "$status" -eq 0 ] || fail "exit code $status on a GPU machine"
    # every variant x 3 types x 2 sizes (2^10, 2^12), plus the header
    [ "$lines" -eq $((variants * 6 + 1)) ] || fail "$lines lines of CSV, not $((variants * 6 + 1))"
    echo "ok: every variant verified at 2^10 and 2^12"
else
    [ "$status" -eq 3 ] && [ "$(wc -l <"$errors")" -eq 1 ] ||
        fail "exit code $status without a GPU, expected 3 and one line on stderr"
    echo "SKIPPED: no CUDA device: the exit codes 2 and 3 were checked, the variants were not run"
    exit 77
fi

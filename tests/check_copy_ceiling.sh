#!/usr/bin/env bash
# Usage: check_copy_ceiling.sh COPY_BANDWIDTH COPY_BANDWIDTH_WRONG
# The copy ceiling of experiments/copy_ceiling/ checks every timed copy against its input. With a
# GPU: the right program must exit 0 with a CSV row for each of its 27 copies; the wrong one
# (every copy kernel leaves its last vector unwritten) must be rejected with exit code 1. With
# no GPU both must exit 3 with one line on stderr (the test then reports itself skipped, 77).
# A bad argument must exit 2.
set -u
right=$1 wrong=$2
output=$(mktemp)
errors=$(mktemp)
trap 'rm -f "$output" "$errors"' EXIT
fail() { echo "FAIL: $*"; cat "$errors"; exit 1; }
# shellcheck source=require_experiments.sh
source "$(dirname "$0")/require_experiments.sh"
require_experiments "$right" "$wrong"

"$right" --max 2^31 >/dev/null 2>"$errors"
[ $? -eq 2 ] || fail "--max 2^31 must be refused with exit code 2"
"$right" --max 2^20 >"$output" 2>"$errors"
status=$?
if nvidia-smi -L >/dev/null 2>&1; then
    [ "$status" -eq 0 ] || fail "exit code $status on a GPU machine"
    lines=$(wc -l <"$output")
    [ "$lines" -eq 28 ] || fail "$lines lines of CSV, not 28 (27 copies and the header)"
    "$wrong" --max 2^20 >/dev/null 2>"$errors"
    status=$?
    [ "$status" -eq 1 ] || fail "the wrong copy gave exit code $status, not 1"
    grep -q "differ from the input" "$errors" || fail "the wrong copy's message does not say why"
    echo "ok: every copy verified at 2^20; the copy that skips its last vector rejected"
else
    [ "$status" -eq 3 ] && [ "$(wc -l <"$errors")" -eq 1 ] ||
        fail "exit code $status without a GPU, expected 3 and one line on stderr"
    "$wrong" --max 2^20 >/dev/null 2>"$errors"
    [ $? -eq 3 ] || fail "the wrong copy without a GPU: expected exit code 3"
    echo "SKIPPED: no CUDA device: the exit codes 2 and 3 were checked, the copies were not run"
    exit 77
fi

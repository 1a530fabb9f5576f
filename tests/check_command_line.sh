#!/usr/bin/env bash
# Usage: check_command_line.sh PROGRAM
# Every program of the tutorial must answer bad input with exactly one line on stderr and
# exit code 2, without running anything; --help must work; and it must verify a small sum
# (step 01 always; a GPU program where there is a GPU). With no CUDA device a GPU program
# must exit 3 with one line saying so; the test then reports itself skipped (exit code 77),
# since the sum on the GPU did not run. Part II's programs (--rows and --cols instead of --n)
# are tried on a shape; they must refuse --n, and run R = 0 rows.
set -u
source "$(dirname "$0")/../scripts/mpi_one_host.sh"  # step 13 where there is no ssh or rsh
program=$1
name=$(basename "$program")
no_gpu=no  # a GPU program on a machine without a GPU
[[ $name == step01_* ]] || nvidia-smi -L 2>/dev/null | grep -q '^GPU' || no_gpu=yes
err=$(mktemp)
trap 'rm -f "$err"' EXIT
failures=0
fail() { echo "FAIL: $name $*"; failures=$((failures + 1)); }
run() {  # sets out (stdout) and rc; stderr is in $err
    out=$("$program" "$@" 2>"$err")
    rc=$?
}
one_line() { [ "$(sed -n '$=' "$err")" = 1 ]; }  # stderr is one line

usage_error() {
    run "$@"
    [ "$rc" -eq 2 ] && [ -z "$out" ] && one_line ||
        fail "$*: exit code $rc (2 wanted), stdout: '$out', stderr: $(cat "$err")"
}
size=(--n 1000) huge=(--n 2^46) bad_sizes=("--n -1" "--n abc" "--n 2^64" "--n")
if "$program" --help | grep -q -- "--rows"; then
    size=(--rows 33 --cols 1000) huge=(--rows 2^30 --cols 2^16)
    bad_sizes=("--rows -1" "--cols abc" "--rows 2^40 --cols 2^20" "--rows" "--n 1000")
fi
for arguments in "${bad_sizes[@]}" "--block 0" "--block 48" "--block 2048" \
                 "--type fp8" "--iters 0" "--warmup" "--frobnicate"; do
    # shellcheck disable=SC2086  # the arguments are its words
    usage_error $arguments
done
usage_error "${size[0]}" ""

"$program" --help | grep -q -- "--verify-only" || fail "--help does not document the options"
"$program" --csv-header | grep -q "^step,technique,device" || fail "--csv-header"

run "${size[@]}" --verify-only
if [ "$no_gpu" = yes ]; then
    [ "$rc" -eq 3 ] && one_line && grep -q "no CUDA device found" "$err" ||
        fail "no GPU: exit code $rc without the one-line 'no CUDA device found': $(cat "$err")"
else
    [ "$rc" -eq 0 ] && echo "$out" | grep -q PASS ||
        fail "${size[*]} --verify-only: exit code $rc, no PASS: $out $(cat "$err")"
    if [ "${size[0]}" = --rows ]; then
        run --rows 0 --cols 5 --verify-only
        [ "$rc" -eq 0 ] || fail "--rows 0: exit code $rc: $out $(cat "$err")"
    fi
fi
# More input than the host has memory for: refused before anything is made (exit code 3,
# one line naming what is needed and what is available). A GPU program checks the device
# first (or finds none), and also exits 3, naming the device memory needed and free.
huge_type=double  # softmax takes floating-point types of at most 4 bytes
[[ $name == *softmax* ]] && huge_type=float
run "${huge[@]}" --type "$huge_type" --verify-only
[ "$rc" -eq 3 ] && one_line || fail "${huge[*]}: exit code $rc, stderr: $(cat "$err")"
memory="not enough device memory: .* needs .* is free"
[[ $name == step01_* ]] && memory="not enough host memory: .* needs .* is available"
[ "$no_gpu" = yes ] || grep -q "$memory" "$err" ||
    fail "${huge[*]} does not say '$memory': $(cat "$err")"

[ "$failures" -eq 0 ] || exit "$failures"
if [ "$no_gpu" = yes ]; then
    echo "SKIPPED: no CUDA device: the command line and exit code 3 checked, no sum on a GPU"
    exit 77
fi
echo "ok: $name command line"

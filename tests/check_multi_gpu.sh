#!/usr/bin/env bash
# Usage: [MATRIX_RANKS="1 2 4"] check_multi_gpu.sh PROGRAM [MUTANT]
# Step 13 under mpirun. With GPUs: the correctness matrix (types; n = 0, n below the number
# of ranks, uneven splits, large n) with 1, 2 and 4 ranks, as many as there are GPUs; every
# run must pass both checks (exit 0). The exact input's total must be the same bits with
# every rank count: no order of the combine rounds it. The random input's total may differ
# between rank counts from three ranks on (another association of the per-GPU sums rounds
# otherwise: tests/combine_order_tests.cu); with one rank count it must repeat, so three of
# the cases run three times and must print the same bits for both inputs. A slice too large
# for the GPU and more ranks than GPUs must end every rank with exit code 3. MUTANT, step 13
# on a reduce() that launches nothing (tests/mutants/launch_skipped.diff), timed with one and
# two ranks, must end every rank with exit code 4: a bandwidth above the GPUs' peak.
# With no GPU: every rank must exit 3, with one line each. Either way, a command line that
# one rank alone refuses must end every rank; with no GPU the test then reports itself skipped
# (exit code 77), since the matrix did not run. MATRIX_RANKS chooses the matrix's rank
# counts (a run with 4 GPUs can be split: MATRIX_RANKS="1 2", then MATRIX_RANKS=4), and
# MATRIX_SIZES its sizes (default: all six; the quick selection takes fewer).
set -u
source "$(dirname "$0")/../scripts/mpi_one_host.sh"  # step 13 where there is no ssh or rsh
program=$1 mutant=${2:-}
command -v mpirun >/dev/null || { echo "FAIL: mpirun not found (Debian/Ubuntu: openmpi-bin)"; exit 1; }
[ "$(id -u)" -ne 0 ] || export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
run() {  # run RANKS ARGS...: mpirun's exit code; the program's output in $work/out
    local ranks=$1; shift
    timeout 300 mpirun -np "$ranks" --oversubscribe "$program" "$@" >"$work/out" 2>&1
}
# The two sums of a run's report: the exact input's, then the random input's.
sums() { grep -o -e 'correctness: exact input, sum [^ ,]*' -e 'accuracy: random input, sum [^ ,]*' "$work/out"; }
exactSum() { grep -o 'correctness: exact input, sum [^ ,]*' "$work/out"; }
declare -A exactOf ranksOf  # per "type n": the exact input's sum, and the rank count that printed it

# A command line that one rank alone refuses (mpirun starts rank 1 with another one) ends
# every rank with exit code 2 and the refusing rank's line, GPU or not: never a hang.
timeout 60 mpirun --oversubscribe -np 1 "$program" --n 1000 --verify-only : \
    -np 1 "$program" --n bogus --verify-only >"$work/out" 2>&1
status=$?
[ $status -eq 2 ] || { fail "a bad --n on rank 1 only: exit code $status, expected 2 (124: it hung)"; cat "$work/out"; }
grep -q "error: rank 1: --n 'bogus'" "$work/out" || { fail "a bad --n on rank 1 only: no message naming rank 1"; cat "$work/out"; }
[ $failures -eq 0 ] && echo "ok: a command line refused by rank 1 alone ends every rank with exit code 2"

gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true)
if [ "$gpus" -eq 0 ]; then
    run 2 --n 1000 --verify-only; status=$?
    [ $status -eq 3 ] || fail "no GPU, 2 ranks: exit code $status, expected 3"
    grep -q 'no CUDA device' "$work/out" || { fail "no GPU: no message"; cat "$work/out"; }
    run 1 --n 1000 --combine bogus; status=$?
    [ $status -eq 2 ] || fail "--combine bogus: exit code $status, expected 2"
    [ $failures -eq 0 ] || exit 1
    echo "SKIPPED: no CUDA device: every rank's exit code 3 and the bad command lines were checked, the correctness matrix was not run"
    exit 77
fi

for ranks in ${MATRIX_RANKS:-1 2 4}; do
    [ "$ranks" -le "$gpus" ] || { echo "not run: $ranks ranks (there are $gpus GPUs)"; continue; }
    before=$failures
    : "${firstRanks:=$ranks}"  # the rank count whose exact input's sums the others must print
    for type in int int64 float double cdouble half; do
        for n in ${MATRIX_SIZES:-0 1 3 1025 2^20+7 2^24-1}; do
            run "$ranks" --type "$type" --n "$n" --verify-only || { fail "$ranks ranks, $type, n = $n"; cat "$work/out"; continue; }
            exact=$(exactSum)
            [ -n "$exact" ] || { fail "$ranks ranks, $type, n = $n: no exact input's sum in the report"; cat "$work/out"; continue; }
            key="$type $n"
            if [ -z "${exactOf[$key]:-}" ]; then
                exactOf[$key]=$exact ranksOf[$key]=$ranks
            elif [ "$exact" != "${exactOf[$key]}" ]; then
                fail "$type, n = $n, exact input: $ranks ranks printed '$exact', ${ranksOf[$key]} rank(s) '${exactOf[$key]}'"
            fi
            case "$type,$n" in float,2^24-1 | double,2^20+7 | cdouble,1025) ;; *) continue ;; esac
            first=$(sums)
            for again in 2 3; do
                run "$ranks" --type "$type" --n "$n" --verify-only
                [ "$(sums)" = "$first" ] || { fail "$ranks ranks, $type, n = $n: run $again printed other sums"; printf '%s\n---\n' "$first"; sums; }
            done
        done
    done
    for combine in nccl-reduce mpi-allreduce; do
        run "$ranks" --type double --n "2^22+3" --verify-only --combine $combine || { fail "$ranks ranks, --combine $combine"; cat "$work/out"; }
    done
    compared=""
    [ "$ranks" -eq "$firstRanks" ] || compared=", the exact input's sums the same bits as with $firstRanks rank(s)"
    sizes=${MATRIX_SIZES:-0 1 3 1025 2^20+7 2^24-1}
    [ $failures -eq "$before" ] && echo "ok: $ranks rank(s): 6 types x n in {${sizes// /, }} passed both checks$compared; the cases among float 2^24-1, double 2^20+7 and cdouble 1025 the same sums in 3 runs; both other combines passed"
    # 2^40 floats (4 TiB) fit on no GPU: every rank refuses its slice together, exit code 3.
    before=$failures
    run "$ranks" --n 2^40 --verify-only; status=$?
    [ $status -eq 3 ] || { fail "$ranks ranks, n = 2^40: exit code $status, expected 3"; cat "$work/out"; }
    grep -q 'not enough device memory' "$work/out" || { fail "$ranks ranks, n = 2^40: no clear message"; cat "$work/out"; }
    [ $failures -eq "$before" ] && echo "ok: $ranks rank(s), n = 2^40: not enough device memory, exit code 3"
done
run $((gpus + 1)) --n 1000 --verify-only; status=$?
[ $status -eq 3 ] || { fail "$((gpus + 1)) ranks on $gpus GPUs: exit code $status, expected 3"; cat "$work/out"; }
grep -q 'start at most one rank per GPU' "$work/out" || fail "too many ranks: no clear message"
[ $failures -eq 0 ] && echo "ok: $((gpus + 1)) ranks on $gpus GPUs end with exit code 3"
[ -n "$mutant" ] || echo "not run: exit code 4 (no MUTANT: configure with -DREDUCTION_MUTANTS=ON)"
for ranks in 1 2; do
    [ -n "$mutant" ] && [ "$ranks" -le "$gpus" ] || continue
    program=$mutant run "$ranks" --n 2^28; status=$?
    if [ $status -eq 4 ] && grep -q 'GB/s exceeds the' "$work/out"; then echo "ok: $ranks rank(s), a reduce() that launches nothing: exit code 4"
    else fail "$ranks rank(s), a reduce() that launches nothing: exit code $status, expected 4 and why"; cat "$work/out"; fi
done
exit $((failures > 0))

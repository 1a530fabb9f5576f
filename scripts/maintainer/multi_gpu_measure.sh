#!/usr/bin/env bash
# For maintainers: everything the step 13 page measures, on the GPUs of this machine, into
# OUTDIR: the correctness matrix with 1, 2 and 4 ranks (as many as there are GPUs),
# compute-sanitizer's four tools on every rank, weak and strong scaling, the three combines, and
# NCCL's network transport forced on one host. Needs mpirun, NCCL, nvcc, CMake and a GPU
# (two or four for everything but the one-rank rows). Each mpirun starts MPI and NCCL anew,
# so it is slow: on one H200 the build, the matrix, memcheck and 12 one-rank scaling rows took
# over 5 minutes. Where a session's commands are limited in time, run the parts one by one
# (each part's seconds go to OUTDIR/times.txt; the rows add up in scaling.csv):
#   scripts/maintainer/multi_gpu_measure.sh OUTDIR [matrix|sanitize|weak|strong|combine|net ...]
# Environment: CMAKE_CUDA_ARCHITECTURES (default native), BUILD_DIR (default build-multi-gpu),
# MATRIX_RANKS (the matrix's rank counts, default "1 2 4").
# OUTDIR gets:
#   platform.txt      the GPUs, their links (nvidia-smi topo -m), NCCL's variables
#   matrix.txt        tests/check_multi_gpu.sh, each run's command line above its output
#   sanitize.txt      every rank under memcheck (API errors reported, then not), racecheck,
#                     synccheck and initcheck, each command line above its output and exit code
#   scaling.csv       the harness's CSV plus ranks and kind (weak, strong, combine ..., net transport)
#   scaling.md        GB/s and efficiency = GB/s / (ranks x one rank's GB/s at the same n per GPU
#                     for weak scaling, at the same n in all for strong), by scripts/plot.sh
#   scaling.png/.svg  the chart (docs/plots/scaling.gp), where gnuplot is
#   combine_lines.txt the line each run prints on stderr (the combine's median time)
#   net_transport_debug.txt  NCCL_DEBUG=INFO with P2P and shared memory off: the transport used
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: $0 OUTDIR [matrix|sanitize|weak|strong|combine|net ...]" >&2; exit 2; }
out=$(realpath -m "$1")
shift
parts=${*:-matrix sanitize weak strong combine net}
for part in $parts; do
    case $part in matrix | sanitize | weak | strong | combine | net) ;;
    *) echo "multi_gpu_measure: unknown part '$part'" >&2; exit 2 ;; esac
done
want() { [[ " $parts " == *" $1 "* ]]; }
cd "$(dirname "$0")/../.." || exit 1
build=${BUILD_DIR:-build-multi-gpu}
arch=${CMAKE_CUDA_ARCHITECTURES:-native}
mkdir -p "$out"
[ "$(id -u)" -ne 0 ] || export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
log() { echo "multi_gpu_measure: $*" >&2; }
started=$SECONDS
timed() { echo "$1: $((SECONDS - started)) s" >>"$out/times.txt"; started=$SECONDS; }

gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true)
[ "$gpus" -ge 1 ] || { log "no GPU found (nvidia-smi -L)"; exit 1; }
{
    nvidia-smi --query-gpu=index,name,serial,driver_version,clocks.max.sm --format=csv
    echo; nvidia-smi topo -m
    echo; echo "NCCL variables:"; env | grep '^NCCL_' || echo "(none set)"
    echo; date -u
} >"$out/platform.txt" 2>&1

log "building step13_multi_gpu ($build, CUDA architectures $arch)"
cmake -S . -B "$build" -DCMAKE_CUDA_ARCHITECTURES="$arch" -DREDUCTION_BUILD_TESTS=OFF \
      >"$out/build.log" 2>&1 &&
    cmake --build "$build" --parallel "$(nproc)" --target step13_multi_gpu >>"$out/build.log" 2>&1 ||
    { tail -20 "$out/build.log" >&2; log "build failed (is MPI or NCCL missing? see $out/build.log)"; exit 1; }
program=$build/step13_multi_gpu
timed build

if want matrix; then
    # About 40 runs per rank count, each starting MPI and NCCL: with 4 GPUs the matrix may
    # outlast a time-limited command. MATRIX_RANKS="1 2", then MATRIX_RANKS=4, splits it
    # (the log adds up).
    log "correctness matrix (ranks: ${MATRIX_RANKS:-1 2 4})"
    {
        echo "\$ MATRIX_RANKS=\"${MATRIX_RANKS:-1 2 4}\" tests/check_multi_gpu.sh $program"
        timeout 560 tests/check_multi_gpu.sh "$program" 2>&1
        echo "exit code $?"
        echo
    } >>"$out/matrix.txt"
    timed matrix
fi

if want sanitize; then
    log "compute-sanitizer on every rank"
    : >"$out/sanitize.txt"
    # memcheck twice: with failed CUDA API calls reported (the default, "explicit"), and
    # without, since NCCL's own set-up makes such calls (the step checks each of its own
    # calls and would stop at a failed one); then the other three tools.
    # --error-exitcode 9: a report makes a rank exit 9 (the step itself exits 0-4).
    for tool in "memcheck explicit" "memcheck no" "racecheck no" "synccheck no" "initcheck no"; do
        read -r toolName reportApi <<<"$tool"
        command=(mpirun -np "$gpus" compute-sanitizer --tool "$toolName" --report-api-errors "$reportApi"
                 --error-exitcode 9 "$program" --n 2^20+7 --verify-only)
        {
            echo "\$ ${command[*]}"
            timeout 200 "${command[@]}" 2>&1
            echo "exit code $?"
            echo
        } >>"$out/sanitize.txt"
    done
    timed sanitize
fi

csv=$out/scaling.csv
[ -s "$csv" ] || "$program" --csv-header | sed 's/$/,ranks,kind/' >"$csv"
forget() {  # KIND: a part run again replaces its rows of an earlier run (kind: the last column)
    awk -F, -v kind="$1" 'NR == 1 || index($NF, kind) != 1' "$csv" >"$csv.new" && mv "$csv.new" "$csv"
}
row() {  # KIND RANKS ARGS...: one row of scaling.csv (skipped when there are too few GPUs)
    local kind=$1 ranks=$2 line
    shift 2
    [ "$ranks" -le "$gpus" ] || return 0
    if line=$(timeout 200 mpirun -np "$ranks" "$program" --csv "$@" 2>"$out/last.err"); then
        echo "$(echo "$line" | tail -1),$ranks,$kind" >>"$csv"
    else
        log "failed: mpirun -np $ranks step13_multi_gpu $* (see combine_lines.txt)"
    fi
    { echo "[$kind, $ranks ranks: $*]"; cat "$out/last.err"; } >>"$out/combine_lines.txt"
}
if want weak; then
    log "weak scaling: 2^24 ... 2^31 elements per GPU"
    forget "weak"
    for e in 24 26 28 30 31; do
        row weak 1 --n "2^$e"; row weak 2 --n "2^$((e + 1))"; row weak 4 --n "2^$((e + 2))"
    done
    timed weak
fi
if want strong; then
    log "strong scaling: 2^20 ... 2^33 elements in all"
    forget "strong"
    for e in 20 22 24 26 28 30 32 33; do
        for ranks in 1 2 4; do row strong "$ranks" --n "2^$e"; done
    done
    timed strong
fi
if want combine; then
    log "combines"
    forget "combine"
    for e in 17 24 31; do
        for combine in nccl-allreduce nccl-reduce mpi-allreduce; do
            for ranks in 1 2 4; do row "combine $combine" "$ranks" --n "2^$e" --combine "$combine"; done
        done
    done
    timed combine
fi
if want net; then
    log "NCCL's network transport, forced"
    forget "net transport"
    for e in 24 31; do
        for ranks in 2 4; do NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 row "net transport" "$ranks" --n "2^$e"; done
    done
    NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 NCCL_DEBUG=INFO timeout 200 \
        mpirun -np "$gpus" "$program" --n 2^21 --verify-only >"$out/net_transport_debug.txt" 2>&1
    timed net
fi
rm -f "$out/last.err"

# scaling.md (efficiency, and the n from which more GPUs are faster) and, where gnuplot is,
# the chart scaling.png/.svg: scripts/plot.sh draws them from scaling.csv.
scripts/plot.sh "$out" >&2 || log "no chart drawn (scripts/plot.sh said why, above): run scripts/plot.sh $out"
log "done: $out"

#!/usr/bin/env bash
# For maintainers: the measurements behind the answers in solutions/answers/ that no committed
# result gives. Each answer that needs one names its file as MEASURED(<file>); this script
# writes that file into OUTDIR, one per answer, and one line per file into OUTDIR/summary.txt
# (the number the answer waits for). The step99_* copies and changed programs the exercises
# ask for are made in a temporary copy of the sources, never in the repository.
#   scripts/maintainer/answers_measure.sh OUTDIR
# Environment:
#   CMAKE_CUDA_ARCHITECTURES  GPU architectures to build for (default: native)
#   ANSWERS_ONLY="a b"        run only these measurements (file names as in OUTDIR, e.g.
#                             "step06_first_add_four.csv"); accuracy_all_positive.csv (CPU
#                             only, committed as solutions/answers/results/) runs only if named
#   ANSWERS_KEEP=1            keep the temporary copy and its build (its path is printed)
#   ANSWERS_FENCE_RUNS="S L"  step12_no_first_fence.txt: runs of the copy at 2^24 (S) and
#                             at 2^28 (L) per type, each a process of its own (default "40 10")
# Needs CMake, nvcc, python3, a GPU, ncu, compute-sanitizer and cuobjdump: about 8 minutes
# on one H200 or H100, one or two of them for the build.
# Every run of a step is judged as the harness judges it, by its two lines: correctness (the
# exact input, bit for bit, before and after the random input) and accuracy (the random
# input's sum against the tolerance); a copy said to be as right as its step is also compared
# bit for bit with the step's own sum of the random input (verdict, random_sum below).
# The step 13 measurements need two GPUs, mpirun and NCCL; on a machine with fewer GPUs their
# files say "skipped" and why.
set -euo pipefail
# A relative path is relative to where the command was run, not to the repository.
[ $# -ge 1 ] && set -- "$(realpath -m "$1")" "${@:2}"
cd "$(dirname "$0")/../.."
root=$PWD
out=${1:?usage: scripts/maintainer/answers_measure.sh OUTDIR}
mkdir -p "$out"
out=$(cd "$out" && pwd)
arch=${CMAKE_CUDA_ARCHITECTURES:-native}
jobs=$(nproc 2>/dev/null || echo 4)
work=$(mktemp -d)
if [ "${ANSWERS_KEEP:-0}" = 1 ]; then echo "answers_measure: keeping $work" >&2; else trap 'rm -rf "$work"' EXIT; fi
src=$work/src
build=$work/build
: >"$out/summary.txt"

log() { echo "answers_measure: $*" >&2; }
need() { command -v "$1" >/dev/null || { echo "$1 not found" >&2; return 1; }; }
# A measurement runs when ANSWERS_ONLY names it, or when ANSWERS_ONLY is empty and it is not one
# of the optional ones (CPU results already committed beside the answers).
optional=" accuracy_all_positive.csv "
selected() {
    if [ -n "${ANSWERS_ONLY:-}" ]; then [[ " $ANSWERS_ONLY " == *" $1 "* ]]; else [[ $optional != *" $1 "* ]]; fi
}
command -v python3 >/dev/null || { log "python3 is needed (it edits the temporary copies)"; exit 1; }

# replace FILE PATTERN REPLACEMENT [COUNT]: a Python regular expression that must match exactly
# COUNT times (default 1), so a change to the source the pattern no longer fits stops here.
replace() {
    python3 - "$@" <<'PY'
import re, sys
path, pattern, replacement = sys.argv[1:4]
count = int(sys.argv[4]) if len(sys.argv) > 4 else 1
text = open(path).read()
found = len(re.findall(pattern, text))
if found != count:
    sys.exit(f"answers_measure: {path}: {pattern!r} matches {found} times, expected {count}")
open(path, "w").write(re.sub(pattern, replacement, text))
PY
}

# ---------------------------------------------------------------------------------------
# The temporary copy: the sources, the step99_* copies of the exercises, two changed programs.
mkdir -p "$src"
cp -r CMakeLists.txt cmake common tools programs solutions cub_reference step[0-9][0-9]_* "$src/"
rm -rf "$src"/step99_*  # a student's own copies stay out

gpu_main() {  # FOLDER TECHNIQUE: the main.cu of a GPU step named after its folder
    printf '#include "reduce.cuh"\n#include "gpu_harness.cuh"\n\nint main(int argc, char** argv)\n{\n    return runGpuStep(argc, argv, "%s", "%s");\n}\n' \
        "$1" "$2" >"$src/$1/main.cu"
}

# Step 01, exercise 3: the four-accumulator loop of the solution as step 01's reduce().
mkdir -p "$src/step99_four_accumulators"
cat >"$src/step99_four_accumulators/reduce.cuh" <<'EOF'
#pragma once
#include <cstddef>
#include "../solutions/step01_cpu_serial/exercise.cuh"
template <typename T>
T reduce(const T* input, std::size_t n)
{
    return reduceFourAccumulators(input, n);
}
EOF
cpu_main() {  # FOLDER TECHNIQUE: the main.cu of a CPU step named after its folder
    printf '#include "reduce.cuh"\n#include "cpu_harness.cuh"\n\nint main(int argc, char** argv)\n{\n    return runCpuStep(argc, argv, "%s", "%s");\n}\n' \
        "$1" "$2" >"$src/$1/main.cu"
}
cpu_main step99_four_accumulators "four accumulators on one CPU core"
# The same loop with its tail as a loop over sums[i % 4]: an index the compiler cannot know,
# and GCC 12 then keeps the four sums in memory, in the main loop too (the solution's tail
# writes sums[0], sums[1], sums[2], indices it knows, and the sums stay in registers).
mkdir -p "$src/step99_four_accumulators_tail_loop"
cp solutions/step01_cpu_serial/exercise.cuh "$src/step99_four_accumulators_tail_loop/exercise.cuh"
replace "$src/step99_four_accumulators_tail_loop/exercise.cuh" \
    '[ \t]*if \(i < n\) sums\[0\] \+= input\[i\];\n[^\n]*sums\[1\][^\n]*\n[^\n]*sums\[2\][^\n]*\n' \
    '    for (; i < n; ++i) sums[i % 4] += input[i];\n'
sed 's|../solutions/step01_cpu_serial/exercise.cuh|exercise.cuh|' "$src/step99_four_accumulators/reduce.cuh" \
    >"$src/step99_four_accumulators_tail_loop/reduce.cuh"
cpu_main step99_four_accumulators_tail_loop "four accumulators with the tail in sums[i % 4]"

# Step 02, exercise 4: step 02 without the barrier at the end of a tile.
mkdir -p "$src/step99_no_tile_barrier"
cp step02_naive_single_block/reduce.cuh "$src/step99_no_tile_barrier/"
replace "$src/step99_no_tile_barrier/reduce.cuh" \
    '(blockSum \+= sharedPartials\[0\];\n)[ \t]*__syncthreads\(\);[^\n]*\n' '\1'
gpu_main step99_no_tile_barrier "step 02 without the end-of-tile barrier"
# ... and, in a second copy, without the barrier after the load instead.
mkdir -p "$src/step99_no_load_barrier"
cp step02_naive_single_block/reduce.cuh "$src/step99_no_load_barrier/"
replace "$src/step99_no_load_barrier/reduce.cuh" \
    '(sharedPartials\[tid\] = \(i < n\) \? input\[i\] : T\(0\);\n)[ \t]*__syncthreads\(\);[^\n]*\n' '\1'
gpu_main step99_no_load_barrier "step 02 without the barrier after the load"

# atomicAdd has overloads for int, float and double only (and unsigned types): the copies that
# call it refuse the other types of the command line, or they would not compile.
only_types() {  # CONDITION CALL WORKSPACE: reduce() and workspaceBytes() for a few types
    cat <<EOF
#include <cstdio>
#include <cstdlib>
#include <type_traits>
constexpr int minBlockSize = 32;
template <typename T>
std::size_t workspaceBytes([[maybe_unused]] std::size_t n, [[maybe_unused]] int blockSize)
{
    if constexpr ($1) return $3; else return 0;
}
template <typename T>
void reduce([[maybe_unused]] const T* input, [[maybe_unused]] std::size_t n,
            [[maybe_unused]] int blockSize, [[maybe_unused]] void* workspace,
            [[maybe_unused]] std::size_t workspaceSize, [[maybe_unused]] T* result)
{
    if constexpr ($1) {
        $2;
    } else {
        std::fprintf(stderr, "error: this copy is built for int, float and double only\n");
        std::exit(2);
    }
}
EOF
}
atomic_types='std::is_same_v<T, int> || std::is_same_v<T, float> || std::is_same_v<T, double>'

# Step 03, exercise 2: the atomicAdd-only baseline as a step.
mkdir -p "$src/step99_atomic_only"
{ echo '#pragma once'; echo '#include "../solutions/step03_multi_block/exercise.cuh"'
  only_types "$atomic_types" 'reduceAtomicOnly(input, n, blockSize, result)' '0'; } \
    >"$src/step99_atomic_only/reduce.cuh"
gpu_main step99_atomic_only "atomicAdd of every element"

# solution_as_step FOLDER STEP WORKSPACE_FUNCTION REDUCE_FUNCTION: a step99_* copy whose
# reduce.cuh hands the step's interface (minBlockSize, workspaceBytes, reduce) to the
# exercise's solution for every type.
solution_as_step() {
    mkdir -p "$src/$1"
    cat >"$src/$1/reduce.cuh" <<EOF
#pragma once
#include "../solutions/$2/exercise.cuh"
constexpr int minBlockSize = 32;
template <typename T>
std::size_t workspaceBytes(std::size_t n, int blockSize)
{
    return $3<T>(n, blockSize);
}
template <typename T>
void reduce(const T* input, std::size_t n, int blockSize, void* workspace, std::size_t, T* result)
{
    $4(input, n, blockSize, workspace, result);
}
EOF
}

# Step 06, exercise 2: first add of four.
solution_as_step step99_first_add_four step06_first_add firstAddFourWorkspaceBytes reduceFirstAddFour
gpu_main step99_first_add_four "first add of four"

# Step 06, exercise 3: the second load without its guard.
mkdir -p "$src/step99_unguarded_second_load"
cp step06_first_add/reduce.cuh "$src/step99_unguarded_second_load/"
replace "$src/step99_unguarded_second_load/reduce.cuh" \
    'if \(i \+ blockDim\.x < n\) (sum \+= input\[i \+ blockDim\.x\];)' '\1'
gpu_main step99_unguarded_second_load "step 06 with an unguarded second load"

# Step 10, exercise 3: the loads in flight into one sum.
solution_as_step step99_one_sum step10_independent_loads oneSumWorkspaceBytes reduceOneSum
gpu_main step99_one_sum "8 loads in flight into one sum"

# Step 12, exercise 2: the single pass with one atomicAdd per block.
mkdir -p "$src/step99_atomic_pass"
{ echo '#pragma once'; echo '#include "../solutions/step12_single_pass/exercise.cuh"'
  only_types "$atomic_types" 'reduceSinglePassAtomic(input, n, blockSize, result)' '0'; } \
    >"$src/step99_atomic_pass/reduce.cuh"
gpu_main step99_atomic_pass "single pass with one atomicAdd per block"

# Step 12, exercise 3 (step 12 without the first __threadfence()) is built by CMake:
# programs/step12_no_first_fence.diff, the targets step12_no_first_fence and fence_stress_*.

# Step 12 against CUB, exercise 3: CUB's order (step 12's tiles, five waves of blocks) finished by
# a second launch, as CUB does: step 11 with five times its blocks.
mkdir -p "$src/step99_cub_order_two_launches"
cp step11_vector_loads/reduce.cuh "$src/step99_cub_order_two_launches/"
replace "$src/step99_cub_order_two_launches/reduce.cuh" \
    '(=\s*)(residentBlocks\(reduceKernel<blockSize, T>, blockSize, sharedBytes\);)' '\g<1>5 * \2  // five waves'
gpu_main step99_cub_order_two_launches "CUB order: five waves and a second launch"

# The CUB page, exercise 2: cub::BlockReduce in a grid-stride kernel.
mkdir -p "$src/step99_block_reduce"
cat >"$src/step99_block_reduce/reduce.cuh" <<'EOF'
#pragma once
#include "../solutions/cub_reference/exercise.cuh"
constexpr int minBlockSize = 32;
template <typename T>
std::size_t workspaceBytes(std::size_t n, int /*blockSize*/)
{
    return blockReduceWorkspaceBytes<T>(n);
}
template <typename T>
void reduce(const T* input, std::size_t n, int /*blockSize*/, void* workspace, std::size_t, T* result)
{
    reduceWithBlockReduce(input, n, workspace, result);
}
EOF
gpu_main step99_block_reduce "cub::BlockReduce in a grid-stride loop"

# The transfers appendix, exercise 3: every reduction done 100 times (sequential and overlapped).
cp programs/transfers.cu "$src/programs/transfers_heavy.cu"
replace "$src/programs/transfers_heavy.cu" 'CUDA_CHECK\(cub::DeviceReduce::Sum\(' \
    'for (int repeat = 0; repeat < 100; ++repeat) CUDA_CHECK(cub::DeviceReduce::Sum(' 3
# The accuracy page, exercise 1: all-positive input.
cp programs/accuracy.cu "$src/programs/accuracy_positive.cu"
replace "$src/programs/accuracy_positive.cu" '(std::vector<float> x = makeInput<float>\(n, 42\);\n)' \
    '\1        for (float& v : x) v = std::fabs(v);  // all positive\n'
# Step 12 against CUB, exercise 2: the experiment with one more variant, 512 threads with 4
# vector loads each: step 12's tile (256 x 8 vectors) with twice the threads per block.
cp programs/step12_vs_cub.cu "$src/programs/step12_vs_cub_block512_depth4.cu"
replace "$src/programs/step12_vs_cub_block512_depth4.cu" \
    '(\n([ \t]*)list\.push_back\(\n[ \t]*makeVariant<512, depth, Split::tileStride, Finish::threadFence, T>\("block 512", 1\)\);\n)' \
    '\1\2list.push_back(\n\2    makeVariant<512, 4, Split::tileStride, Finish::threadFence, T>("block 512 depth 4", 1));\n'
cat >>"$src/programs/CMakeLists.txt" <<'EOF'

# answers_measure.sh: the programs of three exercises, changed as they ask.
add_executable(transfers_heavy transfers_heavy.cu)
target_link_libraries(transfers_heavy PRIVATE reduction_common)
add_executable(accuracy_positive accuracy_positive.cu)
target_link_libraries(accuracy_positive PRIVATE reduction_common)
add_executable(experiment_block512_depth4 step12_vs_cub_block512_depth4.cu)
target_include_directories(experiment_block512_depth4 PRIVATE ${PROJECT_SOURCE_DIR}/step12_single_pass)
target_link_libraries(experiment_block512_depth4 PRIVATE reduction_common)
EOF

# Step 13, exercise 3: ncclAllReduce of m floats over every GPU of this machine, one process
# driving them all (nccl-tests' -g mode). Built with step 13, where CMake found NCCL.
cat >"$src/step13_multi_gpu/allreduce_vector.cu" <<'EOF'
// answers_measure.sh: ncclAllReduce of m floats (a gradient) over all visible GPUs, one
// process, one stream per GPU; the median over runs of the slowest GPU's event time.
#include <algorithm>
#include <cstdio>
#include <vector>

#include <cuda_runtime.h>
#include <nccl.h>

#define CHECK(call, ok, text)                                                       \
    do {                                                                            \
        auto status = (call);                                                       \
        if (status != (ok)) {                                                       \
            std::fprintf(stderr, "allreduce_vector: %s failed: %s\n", #call, text(status)); \
            return 1;                                                               \
        }                                                                           \
    } while (0)
#define CUDA(call) CHECK(call, cudaSuccess, cudaGetErrorString)
#define NCCL(call) CHECK(call, ncclSuccess, ncclGetErrorString)

int main()
{
    int gpus = 0;
    CUDA(cudaGetDeviceCount(&gpus));
    if (gpus < 2) {
        std::fprintf(stderr, "allreduce_vector: needs two GPUs, found %d\n", gpus);
        return 3;
    }
    const std::size_t maxFloats = std::size_t(1) << 28;
    std::vector<int> devices(gpus);
    for (int g = 0; g < gpus; ++g) devices[g] = g;
    std::vector<ncclComm_t> comms(gpus);
    NCCL(ncclCommInitAll(comms.data(), gpus, devices.data()));
    std::vector<float*> send(gpus), receive(gpus);
    std::vector<cudaStream_t> streams(gpus);
    std::vector<cudaEvent_t> start(gpus), stop(gpus);
    for (int g = 0; g < gpus; ++g) {
        CUDA(cudaSetDevice(g));
        CUDA(cudaMalloc(&send[g], maxFloats * sizeof(float)));
        CUDA(cudaMalloc(&receive[g], maxFloats * sizeof(float)));
        CUDA(cudaMemset(send[g], 0, maxFloats * sizeof(float)));
        CUDA(cudaStreamCreate(&streams[g]));
        CUDA(cudaEventCreate(&start[g]));
        CUDA(cudaEventCreate(&stop[g]));
    }
    std::printf("gpus,floats,bytes,time_us,algbw_GBs,busbw_GBs\n");
    for (std::size_t m = std::size_t(1) << 10; m <= maxFloats; m *= 4) {
        const int warmup = 5, runs = m >= (std::size_t(1) << 24) ? 20 : 100;
        std::vector<float> times;
        for (int run = 0; run < warmup + runs; ++run) {
            for (int g = 0; g < gpus; ++g) {
                CUDA(cudaSetDevice(g));
                CUDA(cudaEventRecord(start[g], streams[g]));
            }
            NCCL(ncclGroupStart());
            for (int g = 0; g < gpus; ++g)
                NCCL(ncclAllReduce(send[g], receive[g], m, ncclFloat, ncclSum, comms[g], streams[g]));
            NCCL(ncclGroupEnd());
            float slowest = 0;
            for (int g = 0; g < gpus; ++g) {
                CUDA(cudaSetDevice(g));
                CUDA(cudaEventRecord(stop[g], streams[g]));
                CUDA(cudaEventSynchronize(stop[g]));
                float ms = 0;
                CUDA(cudaEventElapsedTime(&ms, start[g], stop[g]));
                slowest = std::max(slowest, ms);
            }
            if (run >= warmup) times.push_back(slowest);
        }
        std::sort(times.begin(), times.end());
        const double seconds = times[times.size() / 2] * 1e-3, bytes = double(m) * sizeof(float);
        const double algbw = bytes / seconds / 1e9, busbw = algbw * 2.0 * (gpus - 1) / gpus;
        std::printf("%d,%zu,%.0f,%.2f,%.2f,%.2f\n", gpus, m, bytes, seconds * 1e6, algbw, busbw);
    }
    for (int g = 0; g < gpus; ++g) ncclCommDestroy(comms[g]);
    return 0;
}
EOF
cat >>"$src/step13_multi_gpu/CMakeLists.txt" <<'EOF'

# answers_measure.sh: the gradient case of the page's exercise 3.
add_executable(allreduce_vector allreduce_vector.cu)
target_link_libraries(allreduce_vector PRIVATE NCCL::NCCL)
set_target_properties(allreduce_vector PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
EOF

# ---------------------------------------------------------------------------------------
# The measurements: name (the file in OUTDIR), the targets it needs, the function that writes
# the file and prints the line for summary.txt.
gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true)
measurements=(
"step01_types.csv|step01_cpu_serial|m_step01_types"
"step01_four_accumulators.csv|step01_cpu_serial step99_four_accumulators step99_four_accumulators_tail_loop|m_step01_four"
"step02_racecheck_no_tile_barrier.txt|step02_naive_single_block step99_no_tile_barrier|m_step02_racecheck_tile"
"step02_racecheck_no_load_barrier.txt|step02_naive_single_block step99_no_load_barrier|m_step02_racecheck_load"
"step03_atomic_only.csv|step03_multi_block step99_atomic_only|m_step03_atomic"
"step05_ncu_float_double.md|step05_bank_conflicts|m_step05_ncu"
"step06_first_add_four.csv|step06_first_add step99_first_add_four|m_step06_four"
"step06_memcheck_unguarded.txt|step06_first_add step99_unguarded_second_load|m_step06_memcheck"
"step07_classic_warp_reduce.txt|classic_warp_reduce|m_step07_classic"
"step08_block_sizes.csv|step05_bank_conflicts step08_templates_cascading|m_step08_blocks"
"step10_one_sum.csv|step10_independent_loads step99_one_sum|m_step10_one_sum"
"step11_types.csv|step11_vector_loads|m_step11_types"
"step12_atomic_bits.txt|step12_single_pass step99_atomic_pass|m_step12_bits"
"step12_no_first_fence.txt|step12_single_pass step12_no_first_fence fence_stress_step12 fence_stress_no_first_fence|m_step12_fence"
"step12_vs_cub_block512_depth4.csv|experiment_block512_depth4|m_vs_cub_block512_depth4"
"step12_vs_cub_second_launch.csv|step11_vector_loads step12_single_pass cub_reference step99_cub_order_two_launches|m_vs_cub_second_launch"
"cub_block_reduce.csv|step11_vector_loads cub_reference step99_block_reduce|m_cub_block_reduce"
"transfers_link.txt|transfers|m_transfers_link"
"transfers_chunks.txt|transfers|m_transfers_chunks"
"transfers_heavy.txt|transfers_heavy|m_transfers_heavy"
"accuracy_all_positive.csv|accuracy_positive|m_accuracy_positive"
"step13_combine_2gpu.txt|step13_multi_gpu|m_step13_combine"
"step13_allreduce_vector.csv|allreduce_vector|m_step13_vector"
)

bin() {  # the path of a built program
    if [ -x "$build/$1" ]; then echo "$build/$1"; else echo "$build/programs/$1"; fi
}
csv() {  # PROGRAM ARGS...: one CSV row of the harness
    local program=$1; shift
    "$(bin "$program")" --csv "$@"
}
header() { "$(bin step01_cpu_serial)" --csv-header 2>/dev/null || "$(bin "$1")" --csv-header; }
# gbs FILE PROGRAM [TYPE [N]]: the GB/s of the first row of FILE for that program (type, n)
gbs() { awk -F, -v p="$2" -v t="${3:-}" -v n="${4:-}" '$1 == p && (t == "" || $10 == t) && (n == "" || $11 == n) { print $21; exit }' "$1"; }
# verdict PROGRAM ARGS...: one run of a step; prints its two verdict lines as one, "PASS|FAIL
# correctness: ...; accuracy: random input, sum ..., ...", or "NO VERDICT" with the exit code
# and the last line it printed.
verdict() {
    local status=0 text correctness accuracy
    text=$("$(bin "$1")" "${@:2}" 2>&1) || status=$?
    correctness=$(grep -m 1 -E '^ *(PASS|FAIL)  correctness:' <<<"$text" | sed 's/^ *//' || true)
    accuracy=$(grep -m 1 -E '^ *accuracy:' <<<"$text" | sed 's/^ *//' || true)
    if [ -n "$correctness" ]; then echo "$correctness; $accuracy"; else echo "NO VERDICT (exit code $status): $(tail -1 <<<"$text")"; fi
}
# In the lines of FILE that start with PREFIX (verdict lines): how many are exact (the
# exact input's sum = its exact sum in every run), and the random input's sums, one a line.
exact_count() { grep -F -- "$2" "$1" | grep -c 'correctness: exact input, sum [^ ]* = exact sum' || true; }
random_sums() { grep -F -- "$2" "$1" | sed -n 's/.*accuracy: random input, sum \([^,]*\),.*/\1/p' || true; }
exact_sums() { grep -F -- "$2" "$1" | sed -n 's/.*correctness: exact input, sum \([^ ]*\) .*/\1/p' || true; }
random_sum() { sed -n 's/.*accuracy: random input, sum \([^,]*\),.*/\1/p' <<<"$1"; }  # of one verdict line

m_step01_types() {  # step 01 at 2^28: int, float, double
    { header step01_cpu_serial
      for type in int float double; do csv step01_cpu_serial --n 2^28 --type $type --iters 5 --warmup 1; done; } >"$1"
    echo "GB/s at 2^28: int $(gbs "$1" step01_cpu_serial int), float $(gbs "$1" step01_cpu_serial float), double $(gbs "$1" step01_cpu_serial double)"
}
m_step01_four() {  # the serial loop against four accumulators (the solution, and its tail as a loop over sums[i % 4])
    local type program
    { header step01_cpu_serial
      for type in float int double; do
          for program in step01_cpu_serial step99_four_accumulators step99_four_accumulators_tail_loop; do
              csv $program --n 2^28 --type $type --iters 5 --warmup 1
          done
      done; } >"$1"
    local one four loop
    one=$(gbs "$1" step01_cpu_serial float); four=$(gbs "$1" step99_four_accumulators float)
    loop=$(gbs "$1" step99_four_accumulators_tail_loop float)
    echo "float GB/s: one sum $one, four accumulators $four, with the tail in sums[i % 4] $loop; int $(gbs "$1" step01_cpu_serial int) -> $(gbs "$1" step99_four_accumulators int) / $(gbs "$1" step99_four_accumulators_tail_loop int); double $(gbs "$1" step01_cpu_serial double) -> $(gbs "$1" step99_four_accumulators double) / $(gbs "$1" step99_four_accumulators_tail_loop double)"
}
m_step02_racecheck() {  # PROGRAM FILE: racecheck on a copy of step 02, then five plain runs
    # Step 02 is one block adding in a fixed order, so a copy without a race gives step 02's
    # own sum of the random input, bit for bit: that is compared too.
    need compute-sanitizer
    local status=0 line reference run same=0
    compute-sanitizer --tool racecheck "$(bin "$1")" --n 2^12+5 --verify-only >"$2" 2>&1 || status=$?
    echo "exit code $status" >>"$2"
    echo >>"$2"
    line=$(verdict step02_naive_single_block --n 2^20+5 --verify-only)
    reference=$(random_sum "$line")
    echo "step02_naive_single_block --n 2^20+5 --verify-only: $line" >>"$2"
    for run in 1 2 3 4 5; do
        line=$(verdict "$1" --n 2^20+5 --verify-only)
        [ -n "$reference" ] && [ "$(random_sum "$line")" = "$reference" ] && same=$((same + 1))
        echo "$1 --n 2^20+5 --verify-only, run $run: $line" >>"$2"
    done
    # The run under racecheck prints its two lines among the sanitizer's; count it with the five.
    local exact
    exact=$(grep -E "^( *(PASS|FAIL)  correctness:|$1 --n)" "$2" | grep -c 'correctness: exact input, sum [^ ]* = exact sum' || true)
    echo "$(grep -E 'RACECHECK SUMMARY' "$2" | sed 's/^=* *//'); exact input: $exact of 6 runs exact (2 checks each); random input: $same of 5 sums at 2^20+5 = step 02's ($reference), bit for bit"
}
m_step02_racecheck_tile() { m_step02_racecheck step99_no_tile_barrier "$1"; }  # without the end-of-tile barrier
m_step02_racecheck_load() { m_step02_racecheck step99_no_load_barrier "$1"; }  # without the barrier after the load
m_step03_atomic() {  # the atomicAdd-only baseline against step 03, 2^28 floats and ints
    { header step03_multi_block
      for type in float int; do
          csv step03_multi_block --n 2^28 --type $type
          csv step99_atomic_only --n 2^28 --type $type --iters 5 --warmup 1
      done; } >"$1"
    echo "GB/s float: step03 $(gbs "$1" step03_multi_block float), atomics only $(gbs "$1" step99_atomic_only float); int: step03 $(gbs "$1" step03_multi_block int), atomics only $(gbs "$1" step99_atomic_only int)"
}
m_step05_ncu() {  # shared-memory counters of step 05, float and double, every launch
    need ncu
    local wanted metrics missing trial
    wanted="l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
l1tex__data_pipe_lsu_wavefronts_mem_shared.sum smsp__sass_inst_executed_op_shared_ld.sum
smsp__sass_inst_executed_op_shared_st.sum smsp__inst_executed.sum gpu__time_duration.sum"
    metrics=$(echo $wanted | tr ' ' ,)
    for attempt in 1 2 3 4; do  # drop what this ncu cannot collect
        trial=$(ncu --clock-control none --metrics "$metrics" "$(bin step05_bank_conflicts)" --n 2^10 --verify-only 2>&1 || true)
        missing=$(echo "$trial" | grep -o 'Failed to find metric [^ ]*' | awk '{print $NF}' | tr -d "\"'" || true)
        [ -z "$missing" ] && break
        for metric in $missing; do metrics=$(echo "$metrics" | tr , '\n' | grep -vx "$metric" | paste -sd,); done
    done
    {
        echo "# ncu --csv --clock-control none --kernel-name regex:reduceKernel --metrics $metrics step05_bank_conflicts --n 2^24 --block 256 --type TYPE --verify-only"
        for type in float double; do
            ncu --csv --clock-control none --kernel-name regex:reduceKernel --metrics "$metrics" \
                "$(bin step05_bank_conflicts)" --n 2^24 --block 256 --type $type --verify-only 2>/dev/null |
                grep '^"' >"$work/step05_$type.csv"
            echo; echo "## --type $type"; echo
            "$root/scripts/maintainer/counters_table.sh" "$work/step05_$type.csv" | grep -v 'threads per instruction\|sectors per request'
        done
    } >"$1"
    awk -F'|' '/^## --type/ { ty = $0; sub(/.*type /, "", ty) }
        $2 ~ /bank_conflicts.*op_ld/ { ld[ty] = $(NF - 1) } $2 ~ /bank_conflicts.*op_st/ { st[ty] = $(NF - 1) }
        $2 ~ /wavefronts_mem_shared\.sum/ { wf[ty] = $(NF - 1) }
        END { printf "launch 3 (one block of 256): bank conflicts ld/st float %s/%s, double %s/%s; wavefronts float %s, double %s\n",
              ld["float"], st["float"], ld["double"], st["double"], wf["float"], wf["double"] }' "$1" | tr -s ' '
}
m_step06_four() {  # first add of four against step 06, 2^28 floats
    { header step06_first_add
      csv step06_first_add --n 2^28; csv step99_first_add_four --n 2^28
      csv step06_first_add --n 2^28 --type double; csv step99_first_add_four --n 2^28 --type double; } >"$1"
    echo "GB/s float: two $(gbs "$1" step06_first_add float), four $(gbs "$1" step99_first_add_four float); double: two $(gbs "$1" step06_first_add double), four $(gbs "$1" step99_first_add_four double)"
}
m_step06_memcheck() {  # memcheck on the unguarded second load at 2^20 and 2^20+7
    # Without the sanitizer, each run is judged by its two lines, and its sum of the random
    # input is compared bit for bit with step 06's (the same order of additions: a stray read
    # that added anything but 0 would change it).
    need compute-sanitizer
    local n status line="" exact=0 same=0 plain reference
    : >"$1"
    for n in 2^20 2^20+7; do
        status=0
        echo "\$ compute-sanitizer --tool memcheck --padding 64 step99_unguarded_second_load --n $n --verify-only" >>"$1"
        compute-sanitizer --tool memcheck --padding 64 "$(bin step99_unguarded_second_load)" --n "$n" --verify-only >"$work/memcheck.txt" 2>&1 || status=$?
        # The first reports in full; then how many reads missed which allocation.
        grep -m 3 -A 5 'Invalid __global__' "$work/memcheck.txt" >>"$1" || true
        echo "reads past the end, by the allocation they missed:" >>"$1"
        grep -o 'nearest allocation at 0x[0-9a-f]* of size [0-9,]* bytes' "$work/memcheck.txt" | sed 's/at 0x[0-9a-f]* //' | sort | uniq -c >>"$1" || true
        grep -v '^=========  ' "$work/memcheck.txt" | grep -E 'correctness:|accuracy:|error|ERROR SUMMARY' | tail -6 >>"$1" || true
        echo "exit code $status" >>"$1"
        reference=$(verdict step06_first_add --n "$n" --verify-only)
        echo "\$ step06_first_add --n $n --verify-only: $reference" >>"$1"
        reference=$(random_sum "$reference")
        plain=$(verdict step99_unguarded_second_load --n "$n" --verify-only)
        echo "\$ step99_unguarded_second_load --n $n --verify-only   (no sanitizer): $plain" >>"$1"
        [[ $plain == *'correctness: exact input, sum '*' = exact sum'* ]] && exact=$((exact + 1))
        [ -n "$reference" ] && [ "$(random_sum "$plain")" = "$reference" ] && same=$((same + 1))
        echo >>"$1"
        line+="n = $n: $(grep -o 'ERROR SUMMARY: [0-9]* errors*$' "$work/memcheck.txt" | tail -1); "
    done
    echo "${line}without the sanitizer: $exact of 2 runs exact (2 checks each), $same of 2 sums of the random input = step 06's, bit for bit"
}
m_step07_classic() {  # the three warp stages, 1000 checked runs each, racecheck on each, synccheck
    # classic_warp_reduce judges every run on an exact input, bit for bit (seeds S and S + 1 in
    # turn), and prints at most five wrong runs. The full racecheck log of the classic stage
    # goes to step07_classic_racecheck_full.txt beside FILE (the page's full list).
    need compute-sanitizer
    local variant status
    : >"$1"
    for variant in classic no-volatile synced; do
        echo "\$ classic_warp_reduce --variant $variant --iters 1000" >>"$1"
        "$(bin classic_warp_reduce)" --variant $variant --iters 1000 >>"$1" 2>&1 || echo "exit code $?" >>"$1"
        echo "\$ compute-sanitizer --tool racecheck classic_warp_reduce --variant $variant --iters 1" >>"$1"
        status=0
        compute-sanitizer --tool racecheck "$(bin classic_warp_reduce)" --variant $variant --iters 1 >"$work/race.txt" 2>&1 || status=$?
        [ $variant = classic ] && cp "$work/race.txt" "$(dirname "$1")/step07_classic_racecheck_full.txt"
        grep -m 3 -A 2 'Race reported' "$work/race.txt" >>"$1" || true
        grep -E 'RACECHECK SUMMARY|PASS|FAIL' "$work/race.txt" >>"$1" || true
        echo "exit code $status" >>"$1"; echo >>"$1"
    done
    echo "\$ compute-sanitizer --tool synccheck classic_warp_reduce --variant classic --iters 1" >>"$1"
    status=0
    compute-sanitizer --tool synccheck "$(bin classic_warp_reduce)" --variant classic --iters 1 >"$work/sync.txt" 2>&1 || status=$?
    grep -E 'ERROR SUMMARY|PASS|FAIL' "$work/sync.txt" >>"$1" || true
    echo "exit code $status" >>"$1"
    grep -E '^(PASS|FAIL): [0-9]+ of|RACECHECK SUMMARY|ERROR SUMMARY' "$1" | sed 's/^=* *//' | paste -sd';' -
}
m_step08_blocks() {  # block sizes of steps 08 and 05 at 2^28 and 2^20
    local n b step
    { header step08_templates_cascading
      for n in 2^28 2^20; do for step in step08_templates_cascading step05_bank_conflicts; do
          for b in 64 128 256 512 1024; do csv $step --n $n --block $b; done
      done; done; } >"$1"
    awk -F, 'NR > 1 { key = $1 " n=" $11; if (!(key in best) || $21 > best[key]) { best[key] = $21; block[key] = $13 } }
        END { for (k in best) printf "%s: best block %s (%s GB/s); ", k, block[k], best[k] }' "$1"
    echo
}
m_step10_one_sum() {  # 8 loads into one sum against step 10's 8 sums
    { header step10_independent_loads
      for type in float double; do
          csv step10_independent_loads --n 2^28 --type $type; csv step99_one_sum --n 2^28 --type $type
      done; } >"$1"
    echo "GB/s float: 8 sums $(gbs "$1" step10_independent_loads float), one sum $(gbs "$1" step99_one_sum float); double: $(gbs "$1" step10_independent_loads double), $(gbs "$1" step99_one_sum double)"
}
m_step11_types() {  # step 11 at 2^28 for every type
    local type
    { header step11_vector_loads
      for type in int float int64 double cfloat cdouble; do csv step11_vector_loads --n 2^28 --type $type; done; } >"$1"
    awk -F, 'NR > 1 { printf "%s %s GB/s (%s%%); ", $10, $21, $22 } END { print "" }' "$1"
}
m_step12_bits() {  # ten runs of the atomic single pass and of step 12, float and int: the printed sums
    # Each run prints two sums: the exact input's (whole numbers: every order adds them
    # exactly, so it must be the exact sum, the same bits in every run, atomics or not) and the
    # random input's (float: the order of the additions shows in the last bits).
    local program type run line
    : >"$1"
    for type in float int; do for program in step99_atomic_pass step12_single_pass; do
        for run in 1 2 3 4 5 6 7 8 9 10; do
            line=$(verdict $program --type $type --n 2^24 --verify-only)
            echo "$program $type run $run: $line" >>"$1"
            [[ $line != 'NO VERDICT'* ]] || { echo "$program $type run $run printed no verdict" >&2; return 1; }
        done
    done; done
    for type in float int; do
        for program in step99_atomic_pass step12_single_pass; do
            printf '%s %s: %s of 10 exact, %s distinct exact-input sums, %s distinct random-input sums (%s .. %s); ' \
                "$program" $type "$(exact_count "$1" "$program $type ")" \
                "$(exact_sums "$1" "$program $type " | sort -u | wc -l)" \
                "$(random_sums "$1" "$program $type " | sort -u | wc -l)" \
                "$(random_sums "$1" "$program $type " | sort -g | head -1)" \
                "$(random_sums "$1" "$program $type " | sort -g | tail -1)"
        done
    done
    echo
}
m_step12_fence() {  # step 12 without the first __threadfence(): the machine code, many runs
    # 1. Where the compiler put the partial-sum store (STG), the ticket (ATOM/RED) and the
    #    fences (MEMBAR) in the float kernel of block 256, step 12 and the copy.
    # 2. The harness, as the tests run it: each run of the copy is a process of its own with
    #    three launches (exact input on a zeroed workspace, random input, exact input again),
    #    judged on the exact input, and its random input's sum compared bit for bit with step
    #    12's (deterministic: the same order in every run).
    # 3. fence_stress: thousands of launches in one process, two exact inputs in turn, for the
    #    copy and for step 12 (the control).
    local small large n type run line reference wrong differ silent program launches
    read -r small large <<<"${ANSWERS_FENCE_RUNS:-40 10}"
    : >"$1"
    echo "## machine code of reduceKernel<256, float>: stores, atomics and fences" >>"$1"
    if command -v cuobjdump >/dev/null; then
        for program in step12_single_pass step12_no_first_fence; do
            echo "### $program" >>"$1"
            cuobjdump -sass "$(bin $program)" |
                awk '/Function :/ { on = ($0 ~ /reduceKernelILj256EfE/) } on && /Function :|MEMBAR|FENCE|ERRBAR|CCTL|ATOM|RED\.|STG/' |
                sed 's/^ *//' >>"$1" || true
        done
    else
        echo "cuobjdump not found: skipped" >>"$1"
    fi
    local summary=""
    for n in 2^24 2^28; do
        local runs=$small
        [ $n = 2^28 ] && runs=$large
        for type in float int; do
            echo >>"$1"; echo "## --n $n --type $type --verify-only: step 12 once, the copy $runs times" >>"$1"
            line=$(verdict step12_single_pass --n $n --type $type --verify-only)
            echo "step12_single_pass: $line" >>"$1"
            reference=$(random_sum "$line")
            [ -n "$reference" ] || { echo "step12_single_pass --n $n --type $type: $line" >&2; return 1; }
            wrong=0 differ=0 silent=0
            for run in $(seq "$runs"); do
                line=$(verdict step12_no_first_fence --n $n --type $type --verify-only)
                echo "step12_no_first_fence $n $type run $run: $line" >>"$1"
                if [[ $line == 'NO VERDICT'* ]]; then silent=$((silent + 1)); continue; fi
                [[ $line == *'correctness: exact input, sum '*' = exact sum'* ]] || wrong=$((wrong + 1))
                [ "$(random_sum "$line")" = "$reference" ] || differ=$((differ + 1))
            done
            summary+="$type $n: $wrong of $runs runs wrong on the exact input, $differ of $runs random sums != step 12's"
            [ $silent = 0 ] || summary+=", $silent without a verdict"
            summary+="; "
        done
    done
    echo >>"$1"; echo "## fence_stress: launches on two exact inputs in turn, block 256" >>"$1"
    for program in fence_stress_no_first_fence fence_stress_step12; do
        for n in 2^24 2^28; do
            launches=10000
            [ $n = 2^28 ] && launches=2000
            for type in float int; do
                line=$("$(bin $program)" $type $n $launches 2>&1) || true
                echo "$program: $line" >>"$1"
                [ $program = fence_stress_no_first_fence ] || continue
                summary+="stress $type $n: $(tail -1 <<<"$line" | sed 's/.*: //'); "
            done
        done
    done
    echo "${summary}control (step 12): $(grep '^fence_stress_step12' "$1" | grep -o '[0-9]* of [0-9]* launches wrong' | paste -sd, -)"
}
m_vs_cub_block512_depth4() {  # the experiment up to 2^24 with 512 threads x 4 loads: step 12's tile
    "$(bin experiment_block512_depth4)" --max 2^24 >"$1" 2>"$work/experiment.txt" ||
        { cat "$work/experiment.txt" >&2; return 1; }
    awk -F, 'NR > 1 && ($5 == "float" || $5 == "double") && ($4 == 4096 || $4 == 16384 || $4 == 65536 || $4 == 16777216) &&
        ($1 == "step12" || $1 == "block 512" || $1 == "block 512 depth 4") { r[$5 " n=" $4] = r[$5 " n=" $4] " " $1 " " $12 }
        END { printf "CUB time / time: "; for (k in r) printf "%s:%s; ", k, r[k]; print "" }' "$1"
}
m_vs_cub_second_launch() {  # 2^24: CUB's order with a second launch, step 11, step 12, CUB
    local type round program
    { header cub_reference
      for type in int float double; do for round in 1 2 3; do
          for program in cub_reference step12_single_pass step11_vector_loads step99_cub_order_two_launches; do
              csv $program --n 2^24 --type $type
          done
      done; done; } >"$1"
    awk -F, 'function median(s,   v, m, i, j, x) {
            m = split(s, v, " ")
            for (i = 2; i <= m; i++) { x = v[i] + 0; for (j = i - 1; j >= 1 && v[j] + 0 > x; j--) v[j + 1] = v[j]; v[j + 1] = x }
            return v[int((m + 1) / 2)] }
        NR > 1 { t[$10, $1] = t[$10, $1] " " $18 }
        END { split("int float double", types, " ")
            for (i = 1; i <= 3; i++) { ty = types[i]; c = median(t[ty, "cub_reference"])
                printf "%s: CUB time / time: step12 %.3f, step11 %.3f, CUB order + second launch %.3f; ", ty,
                    c / median(t[ty, "step12_single_pass"]), c / median(t[ty, "step11_vector_loads"]),
                    c / median(t[ty, "step99_cub_order_two_launches"]) }
            print "" }' "$1"
}
m_cub_block_reduce() {  # cub::BlockReduce in a grid-stride loop against step 11 and CUB
    { header cub_reference
      for program in step99_block_reduce step11_vector_loads cub_reference; do csv $program --n 2^28; done; } >"$1"
    echo "GB/s at 2^28 floats: BlockReduce kernel $(gbs "$1" step99_block_reduce), step11 $(gbs "$1" step11_vector_loads), CUB $(gbs "$1" cub_reference)"
}
m_transfers_link() {  # the host link: what the GPU reports, and the copy
    need nvidia-smi
    local field
    : >"$1"
    for field in name pcie.link.gen.current pcie.link.gen.max pcie.link.gen.gpucurrent pcie.link.gen.gpumax \
        pcie.link.gen.hostmax pcie.link.width.current pcie.link.width.max; do
        echo "$field: $(nvidia-smi --query-gpu=$field --format=csv,noheader 2>&1 | head -1)" >>"$1"
    done
    "$(bin transfers)" --n 2^28 --chunks 8 >>"$1" 2>&1
    echo "$(grep -E 'gen.max|width.max' "$1" | paste -sd' ' -); pinned copy: $(grep 'pinned memory' "$1" | awk -F'|' '{ print $4 }') GB/s"
}
m_transfers_chunks() {  # the overlapped copy and reduction with 1 ... 256 chunks
    local k
    : >"$1"
    for k in 1 2 4 8 16 32 64 128 256; do
        "$(bin transfers)" --n 2^28 --chunks $k >"$work/transfers.txt" 2>&1
        { echo "chunks $k"; grep -E 'reduction alone|copy, then|overlapped' "$work/transfers.txt"; } >>"$1"
    done
    awk -F'|' '/^chunks/ { split($0, w, " "); k = w[2] } /copy, then/ { s = $3 } /overlapped/ { printf "%s: saving %.3f ms; ", k, s - $3 }
        END { print "" }' "$1"
}
m_transfers_heavy() {  # every reduction 100 times: sequential against overlapped, 8 chunks
    "$(bin transfers_heavy)" --n 2^28 --chunks 8 >"$1" 2>&1
    echo "100 reductions: $(grep 'reduction alone' "$1" | awk -F'|' '{ print $3 }') ms; copy then 100: $(grep 'copy, then' "$1" | awk -F'|' '{ print $3 }') ms; overlapped: $(grep 'overlapped' "$1" | awk -F'|' '{ print $3 }') ms"
}
m_accuracy_positive() {  # the accuracy program with all-positive input (CPU only)
    "$(bin accuracy_positive)" >"$1"
    awk -F, 'NR > 1 { printf "n=%s serial error %s; ", $1, $4 } END { print "" }' "$1"
}
two_gpus() {  # FILE [PROGRAM]: writes why not into FILE and fails unless two GPUs are here
    # (and, with PROGRAM step13_multi_gpu, that step and mpirun)
    if [ "$gpus" -lt 2 ]; then echo "skipped: $gpus GPU(s) here, the exercise needs two" >"$1"; return 1; fi
    [ "${2:-}" = step13_multi_gpu ] || return 0
    if [ ! -x "$(bin step13_multi_gpu)" ] || ! command -v mpirun >/dev/null; then
        echo "skipped: step 13 was not built (MPI or NCCL missing) or mpirun is missing" >"$1"; return 1
    fi
}
m_step13_combine() {  # the three combines at 2^17 and 2^31 on two GPUs
    two_gpus "$1" step13_multi_gpu || { cat "$1"; return 0; }
    [ "$(id -u)" -ne 0 ] || export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
    local n combine
    : >"$1"
    for n in 2^17 2^31; do for combine in nccl-allreduce nccl-reduce mpi-allreduce; do
        echo "\$ mpirun -np 2 step13_multi_gpu --n $n --combine $combine --csv" >>"$1"
        mpirun -np 2 --oversubscribe "$(bin step13_multi_gpu)" --n "$n" --combine $combine --csv >>"$1" 2>&1 || echo "exit code $?" >>"$1"
    done; done
    grep -o 'combine ([^)]*) median [0-9.]* us' "$1" | paste -sd';' -
}
m_step13_vector() {  # ncclAllReduce of m floats on every GPU of this machine
    two_gpus "$1" || { cat "$1"; return 0; }
    [ -x "$(bin allreduce_vector)" ] ||
        { echo "skipped: allreduce_vector was not built (it is built beside step 13: MPI or NCCL missing)" >"$1"; cat "$1"; return 0; }
    "$(bin allreduce_vector)" >"$1"
    awk -F, 'NR > 1 && ($2 == 1024 || $2 == 268435456) { printf "m=%s: %s us, busbw %s GB/s; ", $2, $4, $6 } END { print "" }' "$1"
}

# ---------------------------------------------------------------------------------------
# Build what the selected measurements need, then run them.
targets=()
for entry in "${measurements[@]}"; do
    IFS='|' read -r name needs fn <<<"$entry"
    selected "$name" || continue
    case $name in step13_*) [ "$gpus" -ge 2 ] || continue ;; esac
    for t in $needs; do [[ " ${targets[*]} " == *" $t "* ]] || targets+=("$t"); done
done
[[ " ${targets[*]} " == *" step01_cpu_serial "* ]] || targets+=(step01_cpu_serial)  # for the CSV header
log "configuring in $build (CMAKE_CUDA_ARCHITECTURES=$arch)"
cmake -S "$src" -B "$build" -DCMAKE_CUDA_ARCHITECTURES="$arch" -DREDUCTION_BUILD_TESTS=OFF \
    -DCMAKE_BUILD_TYPE=Release >"$out/build.log" 2>&1 || { log "configure failed, see $out/build.log"; exit 1; }
log "building ${targets[*]}"
start=$SECONDS
if ! cmake --build "$build" --parallel "$jobs" --target "${targets[@]}" >>"$out/build.log" 2>&1; then
    log "a target failed to build; building them one at a time (see $out/build.log)"
    for t in "${targets[@]}"; do
        cmake --build "$build" --parallel "$jobs" --target "$t" >>"$out/build.log" 2>&1 || log "build of $t failed"
    done
fi
echo "build: $((SECONDS - start)) s" >>"$out/summary.txt"

for entry in "${measurements[@]}"; do
    IFS='|' read -r name needs fn <<<"$entry"
    selected "$name" || continue
    log "$name"
    start=$SECONDS
    rm -f "$out/$name.log"
    # A background subshell keeps `set -e` in force inside the function; `wait` collects it.
    ("$fn" "$out/$name" >"$work/line" 2>>"$out/$name.log") &
    if wait $!; then
        echo "$name ($((SECONDS - start)) s): $(cat "$work/line")" >>"$out/summary.txt"
    else
        echo "$name ($((SECONDS - start)) s): FAILED, see $name.log" >>"$out/summary.txt"
    fi
    [ -s "$out/$name.log" ] || rm -f "$out/$name.log"
done
echo "total: $SECONDS s" >>"$out/summary.txt"
cat "$out/summary.txt"

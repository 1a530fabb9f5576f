// Experiment: where step 08's gain comes from (complete unrolling or cascading), what
// coalescing is worth, and what the shuffle of step 09 changes (docs/step08_templates_cascading.md,
// docs/step09_warp_shuffle.md). Times, in one process and by the method of
// experiments/variant_timing.cuh, float at n = 2^10, 2^12, ... 2^30, block 256:
//   step06             step06_first_add/reduce.cuh itself
//   step07 warp loop   step 07 with its warp stage as a loop that is not unrolled: step 06
//                      with the last six levels' __syncthreads() replaced by __syncwarp()
//                      (step07_warp_loop.diff)
//   step07             step07_warp_unroll/reduce.cuh itself (Harris's kernel 5)
//   kernel 6           step 08's kernel without cascading: the block size a template
//                      parameter and every level unrolled, but each thread adds 2 elements
//                      and there is one block per 512 elements (Harris's kernel 6)
//   step08             step08_templates_cascading/reduce.cuh itself (Harris's kernel 7)
//   contiguous chunks  step 08 with each thread summing its own contiguous chunk of
//                      n / threads elements instead of the grid-stride loop, on the same grid
//                      (the compiler issues 16 loads before the first add; step 08: 2)
//   contiguous chunks 2 loads  the same chunks, 2 loads per trip as step 08
//   step09             step09_warp_shuffle/reduce.cuh itself
// The last column is step 08's time over the variant's (above 1: faster than step 08).
// Build and run from the repository root (CMake's target: experiment_steps07_to_09):
//   nvcc -std=c++17 -O3 -arch=native -I common -I . -I experiments -o steps07_to_09
//   experiments/steps07_to_09/steps07_to_09.cu
//   ./steps07_to_09 [--max 2^K] > steps07_to_09.csv
//   ./steps07_to_09 --profile      one checked run of each variant at n = 2^24, for Nsight
//                                  Compute (experiments/hardware_counters/run.sh)
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

#include "kernel_helpers.cuh"
#include "variant_timing.cuh"

// Each step's header in a namespace of its own, so the three steps' names do not clash. The
// headers' own includes are already in, so nothing else lands in the namespaces.
namespace step06 {
#include "step06_first_add/reduce.cuh"
}
namespace step07WarpLoop {
#include "step07_warp_loop/reduce.cuh"
}
namespace step07 {
#include "step07_warp_unroll/reduce.cuh"
}
namespace step08 {
#include "step08_templates_cascading/reduce.cuh"
}
namespace step09 {
#include "step09_warp_shuffle/reduce.cuh"
}

constexpr unsigned int blockSize = 256;

// Step 08's tree after the loads, for 256 threads: the levels that need __syncthreads(),
// then the warp.
template <typename T>
__device__ void step08Tree(T* sharedPartials, unsigned int tid)
{
    // clang-format off
    if (tid < 128) sharedPartials[tid] += sharedPartials[tid + 128]; __syncthreads();
    if (tid < 64)  sharedPartials[tid] += sharedPartials[tid + 64];  __syncthreads();
    // clang-format on
    if (tid < 32) step08::warpReduce(sharedPartials, tid);
}

// Harris's kernel 6: step 08 without its grid-stride loop.
template <typename T>
__global__ void kernel6(const T* input, T* blockSums, std::size_t n)
{
    T* sharedPartials = sharedMemory<T>();
    unsigned int tid = threadIdx.x;
    std::size_t i = std::size_t(blockIdx.x) * (blockSize * 2) + threadIdx.x;
    T sum = 0;
    if (i < n) sum += input[i];
    if (i + blockSize < n) sum += input[i + blockSize];
    sharedPartials[tid] = sum;
    __syncthreads();
    step08Tree(sharedPartials, tid);
    if (tid == 0) blockSums[blockIdx.x] = sharedPartials[0];
}

// Step 08 with each thread's elements side by side: thread t sums elements t * chunk up to
// (t + 1) * chunk. At each load the 32 threads of a warp read 32 addresses a chunk apart.
template <typename T>
__global__ void contiguousChunks(const T* input, T* blockSums, std::size_t n)
{
    T* sharedPartials = sharedMemory<T>();
    unsigned int tid = threadIdx.x;
    const std::size_t threads = std::size_t(gridDim.x) * blockSize;
    const std::size_t chunk = (n + threads - 1) / threads;
    const std::size_t begin = (std::size_t(blockIdx.x) * blockSize + tid) * chunk;
    const std::size_t end = begin + chunk < n ? begin + chunk : n;
    T sum = 0;
    for (std::size_t i = begin; i < end; ++i) sum += input[i];
    sharedPartials[tid] = sum;
    __syncthreads();
    step08Tree(sharedPartials, tid);
    if (tid == 0) blockSums[blockIdx.x] = sharedPartials[0];
}

// Contiguous chunks with step 08's loads in flight: the compiler unrolls the chunk loop above
// into 16 independent loads before its first add, step 08's loop issues 2 (LLAA in
// experiments/machine_code); this loop issues 2 per trip too, so the two differ only in
// which addresses a warp's loads touch.
template <typename T>
__global__ void contiguousChunksTwoLoads(const T* input, T* blockSums, std::size_t n)
{
    T* sharedPartials = sharedMemory<T>();
    unsigned int tid = threadIdx.x;
    const std::size_t threads = std::size_t(gridDim.x) * blockSize;
    const std::size_t chunk = (n + threads - 1) / threads;
    const std::size_t begin = (std::size_t(blockIdx.x) * blockSize + tid) * chunk;
    const std::size_t end = begin + chunk < n ? begin + chunk : n;
    T sum = 0;
    std::size_t i = begin;
#pragma unroll 1
    for (; i + 1 < end; i += 2) sum += input[i] + input[i + 1];
    if (i < end) sum += input[i];
    sharedPartials[tid] = sum;
    __syncthreads();
    step08Tree(sharedPartials, tid);
    if (tid == 0) blockSums[blockIdx.x] = sharedPartials[0];
}

constexpr std::size_t workspaceBytes = std::size_t(64) << 20;

// Contiguous chunks on step 08's grid (one wave of blocks), then step 08 on the partial sums.
template <typename T, typename Kernel>
void reduceChunks(Kernel kernel, const T* input, std::size_t n, void* workspace, T* result)
{
    const std::size_t sharedBytes = blockSize * sizeof(T);
    static const unsigned int maxBlocks =
        residentBlocks(step08::reduceKernel<blockSize, T>, blockSize, sharedBytes);
    unsigned int blocks = unsigned(
        std::min<std::size_t>(std::max<std::size_t>(1, ceilDiv(n, 2 * blockSize)), maxBlocks));
    T* partials = static_cast<T*>(workspace);
    kernel<<<blocks, blockSize, sharedBytes>>>(input, partials, n);
    CUDA_CHECK_LAUNCH();
    step08::reduce(partials, blocks, int(blockSize), partials + blocks,
                   workspaceBytes - blocks * sizeof(T), result);
}

std::vector<Variant> variantList()
{
    using T = float;
    const std::size_t sharedBytes = blockSize * sizeof(T);
    const std::size_t elementsPerBlock = 2 * blockSize;
    std::vector<Variant> list;
    list.push_back(stepVariant<step06::reduce<T>, blockSize, workspaceBytes>("step06"));
    list.push_back(
        stepVariant<step07WarpLoop::reduce<T>, blockSize, workspaceBytes>("step07 warp loop"));
    list.push_back(stepVariant<step07::reduce<T>, blockSize, workspaceBytes>("step07"));
    list.push_back(
        {"kernel 6", true, [=](const void* input, std::size_t n, void* workspace, void* result) {
             const T* passInput = static_cast<const T*>(input);
             T* passOutput = static_cast<T*>(workspace);
             std::size_t count = n;
             while (count > elementsPerBlock) {  // one block per 512 elements
                 unsigned int blocks = unsigned(ceilDiv(count, elementsPerBlock));
                 kernel6<<<blocks, blockSize, sharedBytes>>>(passInput, passOutput, count);
                 CUDA_CHECK_LAUNCH();
                 passInput = passOutput;
                 passOutput += blocks;
                 count = blocks;
             }
             kernel6<<<1, blockSize, sharedBytes>>>(passInput, static_cast<T*>(result), count);
             CUDA_CHECK_LAUNCH();
         }});
    list.push_back({"contiguous chunks", true,
                    [](const void* input, std::size_t n, void* workspace, void* result) {
                        reduceChunks(contiguousChunks<T>, static_cast<const T*>(input), n,
                                     workspace, static_cast<T*>(result));
                    }});
    list.push_back({"contiguous chunks 2 loads", true,
                    [](const void* input, std::size_t n, void* workspace, void* result) {
                        reduceChunks(contiguousChunksTwoLoads<T>, static_cast<const T*>(input), n,
                                     workspace, static_cast<T*>(result));
                    }});
    list.push_back(stepVariant<step09::reduce<T>, blockSize, workspaceBytes>("step09"));
    list.push_back(stepVariant<step08::reduce<T>, blockSize, workspaceBytes>("step08"));
    return list;
}

int main(int argc, char** argv)
{
    if (argc == 2 && std::string(argv[1]) == "--profile") {
        const Platform platform = platformOrExit();
        std::vector<Variant> list = variantList();
        std::vector<Variant> one;
        for (const Variant& variant : list) {  // each variant alone, n = 2^24, checked
            one.assign(1, variant);
            timeVariants<float>(one, "float", 24, 24, workspaceBytes, platform, 1);
        }
        return exitVerified;
    }
    const int maxExponent = parseMaxExponent(argc, argv, 10);
    const Platform platform = platformOrExit();
    printVariantCsvHeader("step08");
    timeVariants<float>(variantList(), "float", 10, maxExponent, workspaceBytes, platform);
    return exitVerified;
}

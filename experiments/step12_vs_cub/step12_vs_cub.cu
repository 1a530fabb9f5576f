// Experiment: how close is step 12 to CUB, and how close can any single launch get?
// Times, in one process and with the harness's method (L2 emptied before every run, events
// around one reduction, median of many runs), for int, float and double at n = 2^10..2^30:
//   step12          step12_single_pass/reduce.cuh itself, block 256: one wave of blocks,
//                   block b sums the tiles b, b + grid, ... (a tile: 256 x loadsInFlight
//                   vectors)
//   thread order    the single pass as first written: thread i of the grid loads the
//                   vectors i, i + threads, i + 2 threads, ..., so each trip of a block
//                   touches loadsInFlight stretches of memory a grid apart instead of one tile
//   tile chunks     each block sums one contiguous run of whole tiles ("even share"), four
//                   waves of blocks
//   equal shares    each block sums an equal contiguous share (in 512-byte rows), four waves
//   CUB's order     step 12's tile order with five waves of blocks, as the CUB of CUDA 13.0
//                   (CCCL 3.0) splits its input (GRID_MAPPING_STRIP_MINE)
//   release fence   step 12 with a release fence instead of __threadfence() before the
//                   ticket, and an acquire fence in the last block
//   depth 4, 16     step 12 with 4 or 16 vector loads in flight per thread
//   block 128, 512  step 12 with 128 or 512 threads per block
//   ticket only     step 12 up to the ticket (publish, fence, atomic), but the last block
//                   adds nothing: NOT a reduction; a bound for any "last block" finish
//   no final pass   step 12 without the ticket and the last block: NOT a reduction (its
//                   result is never complete); a lower bound for any single-pass kernel
//                   that reads the input this way
//   empty kernel    one block that reads one value: the floor of any timed launch
//   cub             cub::DeviceReduce::Reduce with a sum in T, as in cub_reference/
// The variants run in a fresh random order in every round (experiments/variant_timing.cuh), and
// every timed run of a real reduction is checked against the exact sum.
//
// Build and run from the repository root (CMake builds it too, as experiment_step12_vs_cub:
// a name that no script takes for a step's):
//   nvcc -std=c++17 -O3 -arch=native -I common -I experiments -I step12_single_pass
//   -o step12_vs_cub experiments/step12_vs_cub/step12_vs_cub.cu
//   ./step12_vs_cub [--max 2^30] > step12_vs_cub.csv
// Summary tables: experiments/step12_vs_cub/run.sh (results_table --pivot on the CSV)
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <cuda/atomic>

#include "cli.cuh"
#include "data.cuh"
#include "device.cuh"
#include "kernel_helpers.cuh"
#include "step12_experiment.cuh"  // step 12 (reduce.cuh), CUB, the timing loop

// Step 12's header is included as it is (through step12_experiment.cuh, which adds what the
// two experiments share: step12Variant, cubVariant, emptyKernelVariant, measureVariants),
// at global scope, and this file uses its names
// (Vector, loadsInFlight, elementsPerVector, vectorBytes, loadVector, loadFromL2, blockSum;
// step12_experiment.cuh uses reduce, workspaceBytes and ticketBytes) instead of retyping them. The
// experiment's own names are at global scope too, with no namespace around them, and none
// is a name of the step's: if the step's header ever declares one of them, the build fails
// with a redefinition error instead of one name silently hiding the other. (A function of
// the same name with other parameters would overload instead: hence names in the
// experiment's own words, variantKernel, makeVariant, variantList.)

enum class Split { gridStride, tileChunks, equalShares, tileStride };
enum class Finish { threadFence, releaseFence, ticketOnly, none };

// Step 12's kernel with four choices made parameters: the block size, the loads in flight
// per thread (depth), how the vectors are split among the blocks, and how the last block
// is found (or not at all). One more difference, the same in every variant: a thread's
// last, partial batch of vectors is loaded and added one vector after the other.
template <unsigned int blockSize, unsigned int depth, Split split, Finish finish, typename T>
__global__ void variantKernel(const T* input, T* blockSums, unsigned int* blocksDone, T* result,
                              std::size_t n)
{
    const std::size_t misalignment = reinterpret_cast<std::uintptr_t>(input) % vectorBytes;
    std::size_t head = (vectorBytes - misalignment) % vectorBytes / sizeof(T);
    if (head > n) head = n;
    const T* alignedInput = input + head;
    const std::size_t vectors = (n - head) / elementsPerVector<T>;
    const std::size_t tailStart = head + vectors * elementsPerVector<T>;
    const std::size_t thread = std::size_t(blockIdx.x) * blockSize + threadIdx.x;

    // This thread's vectors, up to end: batches of `depth` vectors `stride` apart,
    // the next batch `advance` further.
    std::size_t first = thread, stride = std::size_t(gridDim.x) * blockSize, end = vectors;
    if (split != Split::gridStride) {
        const std::size_t unit = split == Split::equalShares ? 32 : blockSize * depth;
        const std::size_t units = (vectors + unit - 1) / unit;
        first = units * blockIdx.x / gridDim.x * unit + threadIdx.x;
        end = units * (blockIdx.x + 1) / gridDim.x * unit;
        if (end > vectors) end = vectors;
        stride = blockSize;
    }
    if (split == Split::tileStride) {
        first = std::size_t(blockIdx.x) * blockSize * depth + threadIdx.x;
        end = vectors;
    }
    const std::size_t advance = split == Split::gridStride ? depth * stride
                                : split == Split::tileStride
                                    ? std::size_t(gridDim.x) * blockSize * depth
                                    : blockSize * depth;
    T sums[depth] = {};
    std::size_t v = first;
    for (; v + (depth - 1) * stride < end; v += advance) {
        Vector<T> loaded[depth];
        for (unsigned int a = 0; a < depth; ++a)
            loaded[a] = loadVector(alignedInput + (v + a * stride) * elementsPerVector<T>);
        for (unsigned int a = 0; a < depth; ++a)
            for (unsigned int e = 0; e < elementsPerVector<T>; ++e) sums[a] += loaded[a].element[e];
    }
    for (unsigned int a = 0; a < depth && v < end; ++a, v += stride) {  // a last, partial batch
        Vector<T> loaded = loadVector(alignedInput + v * elementsPerVector<T>);
        for (unsigned int e = 0; e < elementsPerVector<T>; ++e) sums[0] += loaded.element[e];
    }
    if (thread < head) sums[0] += input[thread];
    if (thread < n - tailStart) sums[1] += input[tailStart + thread];
    T sum = 0;
    for (unsigned int a = 0; a < depth; ++a) sum += sums[a];
    sum = blockSum<blockSize>(sum);
    if (gridDim.x == 1) {
        if (threadIdx.x == 0) *result = sum;
        return;
    }
    __shared__ bool isLastBlock;
    if (threadIdx.x == 0) {
        blockSums[blockIdx.x] = sum;
        if (finish == Finish::threadFence || finish == Finish::ticketOnly) __threadfence();
        if (finish == Finish::releaseFence)
            cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
        isLastBlock =
            finish != Finish::none && atomicInc(blocksDone, gridDim.x - 1) == gridDim.x - 1;
    }
    __syncthreads();
    if (!isLastBlock) return;
    if (finish == Finish::ticketOnly) {
        if (threadIdx.x == 0) *result = sum;
        return;
    }
    if (finish == Finish::threadFence) __threadfence();
    if (finish == Finish::releaseFence)
        cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
    sum = 0;
    for (unsigned int b = threadIdx.x; b < gridDim.x; b += blockSize)
        sum += loadFromL2(&blockSums[b]);
    sum = blockSum<blockSize>(sum);
    if (threadIdx.x == 0) *result = sum;
}

template <unsigned int blockSize, unsigned int depth, Split split, Finish finish, typename T>
Variant makeVariant(const char* name, unsigned int waves)
{
    auto kernel = variantKernel<blockSize, depth, split, finish, T>;
    const std::size_t elementsPerVariantBlock =
        std::size_t(blockSize) * elementsPerVector<T> * depth;
    const std::size_t sharedBytes = (blockSize / 32) * sizeof(T);  // blockSum's per-warp sums
    const std::size_t maxBlocks =
        std::size_t(waves) * residentBlocks(kernel, blockSize, sharedBytes);
    return {name, finish != Finish::none && finish != Finish::ticketOnly,
            tiledLaunch<T>(kernel, blockSize, elementsPerVariantBlock, sharedBytes, maxBlocks)};
}

// Step 12 first, CUB last (the reference of the last column).
template <typename T>
std::vector<Variant> variantList()
{
    std::vector<Variant> list;
    list.push_back(step12Variant<T>());
    constexpr unsigned int block = variantBlockSize, depth = loadsInFlight;
    list.push_back(
        makeVariant<block, depth, Split::gridStride, Finish::threadFence, T>("thread order", 1));
    list.push_back(
        makeVariant<block, depth, Split::tileChunks, Finish::threadFence, T>("tile chunks", 4));
    list.push_back(
        makeVariant<block, depth, Split::equalShares, Finish::threadFence, T>("equal shares", 4));
    list.push_back(
        makeVariant<block, depth, Split::tileStride, Finish::threadFence, T>("CUB's order", 5));
    list.push_back(
        makeVariant<block, depth, Split::tileStride, Finish::releaseFence, T>("release fence", 1));
    list.push_back(makeVariant<block, 4, Split::tileStride, Finish::threadFence, T>("depth 4", 1));
    list.push_back(
        makeVariant<block, 16, Split::tileStride, Finish::threadFence, T>("depth 16", 1));
    list.push_back(
        makeVariant<128, depth, Split::tileStride, Finish::threadFence, T>("block 128", 1));
    list.push_back(
        makeVariant<512, depth, Split::tileStride, Finish::threadFence, T>("block 512", 1));
    list.push_back(
        makeVariant<block, depth, Split::tileStride, Finish::ticketOnly, T>("ticket only", 1));
    list.push_back(
        makeVariant<block, depth, Split::tileStride, Finish::none, T>("no final pass", 1));
    list.push_back(emptyKernelVariant());
    list.push_back(cubVariant<T>());
    return list;
}

int main(int argc, char** argv)
{
    return runStep12Experiment(argc, argv);
}

// Step 09: warp shuffles: the threads of a warp add their values by passing registers to
// each other (__shfl_down_sync); shared memory holds only one partial sum per warp.
#pragma once

#include <cstddef>

#include "kernel_helpers.cuh"

// A block of one warp works too: the warp stage needs no second warp.
constexpr int minBlockSize = 32;

// The sum of a warp's 32 values, in lane 0. Each step moves values from the upper half of
// the live lanes to the lower half through registers: no shared memory, no bank conflicts,
// and the _sync shuffle itself synchronizes the lanes of the mask (all 32).
template <typename T>
__device__ T warpSum(T value)
{
    for (unsigned int offset = 16; offset > 0; offset /= 2) value += shuffleDown(value, offset);
    return value;
}

// The sum of a block's values, in thread 0: each warp sums its own, lane 0 of each warp
// leaves that partial sum in shared memory, and the first warp sums the partials.
template <unsigned int blockSize, typename T>
__device__ T blockSum(T value)
{
    constexpr unsigned int warps = blockSize / 32;
    T* warpSums = sharedMemory<T>();
    unsigned int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    value = warpSum(value);
    if (lane == 0) warpSums[warp] = value;
    __syncthreads();
    if (warp == 0) value = warpSum(lane < warps ? warpSums[lane] : T(0));
    return value;
}

template <unsigned int blockSize, typename T>
__global__ void reduceKernel(const T* input, Accumulator<T>* blockSums, std::size_t n)
{
    using Sum = Accumulator<T>;
    std::size_t i = std::size_t(blockIdx.x) * (blockSize * 2) + threadIdx.x;
    const std::size_t gridSize = std::size_t(gridDim.x) * (blockSize * 2);
    Sum sum = 0;
    while (i < n) {  // each thread adds many elements; the tree comes once, at the end
        sum += Sum(input[i]);
        if (i + blockSize < n) sum += Sum(input[i + blockSize]);  // n need not fill the block
        i += gridSize;
    }
    sum = blockSum<blockSize>(sum);

    if (threadIdx.x == 0) blockSums[blockIdx.x] = sum;
}

// How many elements one block adds up: two per thread in one trip of its grid-stride loop.
template <typename T>
constexpr std::size_t elementsPerBlock(int blockSize)
{
    return 2 * std::size_t(blockSize);
}

template <typename T>
std::size_t workspaceBytes(std::size_t n, int blockSize)
{
    return partialSumsBytes<T>(n, elementsPerBlock<T>(blockSize));
}

// A pass turns the n values into one partial sum per block, stored in the workspace; the
// partial sums are then summed the same way, by a call on them with the rest of the
// workspace, until a single block is enough: that block writes the result.
template <unsigned int blockSize, typename T>
void launchReduction(const T* input, std::size_t n, void* workspace, Accumulator<T>* result)
{
    using Sum = Accumulator<T>;
    const std::size_t sharedBytes = (blockSize / 32) * sizeof(Sum);
    // One wave of blocks; the occupancy of a kernel does not change, so it is asked once.
    static const unsigned int maxBlocks =
        residentBlocks(reduceKernel<blockSize, T>, blockSize, sharedBytes);
    if (n <= elementsPerBlock<T>(blockSize)) {
        reduceKernel<blockSize><<<1, blockSize, sharedBytes>>>(input, result, n);
        CUDA_CHECK_LAUNCH();
        return;
    }
    const unsigned int blocks =
        unsigned(std::min<std::size_t>(ceilDiv(n, elementsPerBlock<T>(blockSize)), maxBlocks));
    Sum* blockSums = static_cast<Sum*>(workspace);
    reduceKernel<blockSize><<<blocks, blockSize, sharedBytes>>>(input, blockSums, n);
    CUDA_CHECK_LAUNCH();
    launchReduction<blockSize>(static_cast<const Sum*>(blockSums), blocks, blockSums + blocks,
                               result);
}

// The kernels need the block size at compile time: one instance per size the CLI allows.
template <typename T>
void reduce(const T* input, std::size_t n, int blockSize, void* workspace,
            std::size_t /*workspaceSize*/, Accumulator<T>* result)
{
    // clang-format off
    switch (blockSize) {
    case 1024: launchReduction<1024>(input, n, workspace, result); break;
    case 512:  launchReduction<512>(input, n, workspace, result); break;
    case 256:  launchReduction<256>(input, n, workspace, result); break;
    case 128:  launchReduction<128>(input, n, workspace, result); break;
    case 64:   launchReduction<64>(input, n, workspace, result); break;
    case 32:   launchReduction<32>(input, n, workspace, result); break;
    default:   noKernelForBlockSize(blockSize);
    }
    // clang-format on
}

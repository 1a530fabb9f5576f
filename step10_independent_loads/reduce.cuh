// Step 10: independent loads: each thread issues several loads before it adds any of them,
// into independent sums, so enough bytes are in flight to cover the DRAM latency.
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

// The loads a trip asks for before its first add (nvcc may issue some adds earlier: the
// SASS, docs/step10_independent_loads.md): 8, the best depth for float on the H200, within
// 3 % of the best everywhere measured. -DLOADS_IN_FLIGHT=k builds another depth.
#ifndef LOADS_IN_FLIGHT
#define LOADS_IN_FLIGHT 8
#endif
constexpr unsigned int loadsInFlight = LOADS_IN_FLIGHT;

// Loads in flight live in registers, and an SM has 65536 of them: __launch_bounds__ tells the
// compiler the block size, so it keeps a thread's registers within 65536 / blockSize.
template <unsigned int blockSize, typename T>
__global__ void __launch_bounds__(blockSize)
    reduceKernel(const T* input, Accumulator<T>* blockSums, std::size_t n)
{
    using Sum = Accumulator<T>;
    // Block b reads tiles b, b + gridDim.x, ...: a tile is `loadsInFlight` neighbouring rows.
    const std::size_t tile = std::size_t(blockSize) * loadsInFlight;
    Sum sums[loadsInFlight] = {};
    std::size_t i = blockIdx.x * tile + threadIdx.x;
    for (; i + (loadsInFlight - 1) * blockSize < n; i += gridDim.x * tile) {
        T loaded[loadsInFlight];  // no load of the trip waits for an add
        for (unsigned int a = 0; a < loadsInFlight; ++a) loaded[a] = input[i + a * blockSize];
        for (unsigned int a = 0; a < loadsInFlight; ++a) sums[a] += Sum(loaded[a]);
    }
    T lastLoaded[loadsInFlight] = {};  // the last tile, if it is not whole: 0 past the end
    for (unsigned int a = 0; a < loadsInFlight; ++a)
        if (i + a * blockSize < n) lastLoaded[a] = input[i + a * blockSize];
    for (unsigned int a = 0; a < loadsInFlight; ++a) sums[a] += Sum(lastLoaded[a]);
    Sum sum = 0;
    for (unsigned int a = 0; a < loadsInFlight; ++a) sum += sums[a];
    sum = blockSum<blockSize>(sum);

    if (threadIdx.x == 0) blockSums[blockIdx.x] = sum;
}

// How many elements one block adds up: `loadsInFlight` per thread in one trip of its loop.
template <typename T>
constexpr std::size_t elementsPerBlock(int blockSize)
{
    return std::size_t(blockSize) * loadsInFlight;
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

// Exercise of step09 (docs/step09_warp_shuffle.md): the warp sum with cooperative groups.
// Below is step09's reduction with its warp sum left out (and a simpler grid: 8 blocks per
// SM, where step 09 asks the occupancy API). blockSum already splits the block into tiles of
// 32 threads (cg::tiled_partition<32>); write warpSum with cg::reduce (header
// <cooperative_groups/reduce.h>) on the tile, instead of a loop of __shfl_down_sync. Then
//   cmake -S . -B build -DREDUCTION_EXERCISES=ON && cmake --build build
//   (cd build && ctest -R exercise_step09 --output-on-failure)
#pragma once

#include <algorithm>
#include <cstddef>

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

#include "kernel_helpers.cuh"

namespace cg = cooperative_groups;

// The sum of the 32 values of the warp `warp`, in (at least) lane 0.
template <typename T>
__device__ T warpSum([[maybe_unused]] cg::thread_block_tile<32> warp, T value)
{
    return value;  // TODO
}

template <unsigned int blockSize, typename T>
__device__ T blockSum(T value)
{
    constexpr unsigned int warps = blockSize / 32;
    T* warpSums = sharedMemory<T>();
    unsigned int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    // Partitioning the block is a collective operation: every thread of the block does it,
    // here, outside any branch. Each thread gets the tile of its own warp.
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    value = warpSum(tile, value);
    if (lane == 0) warpSums[warp] = value;
    __syncthreads();
    if (warp == 0) value = warpSum(tile, lane < warps ? warpSums[lane] : T(0));
    return value;
}

template <unsigned int blockSize, typename T>
__global__ void reduceKernel(const T* input, T* blockSums, std::size_t n)
{
    std::size_t i = std::size_t(blockIdx.x) * (blockSize * 2) + threadIdx.x;
    const std::size_t gridSize = std::size_t(gridDim.x) * (blockSize * 2);
    T sum = 0;
    while (i < n) {
        sum += input[i];
        if (i + blockSize < n) sum += input[i + blockSize];
        i += gridSize;
    }
    sum = blockSum<blockSize>(sum);
    if (threadIdx.x == 0) blockSums[blockIdx.x] = sum;
}

template <typename T>
std::size_t cooperativeGroupsWorkspaceBytes(std::size_t n, int blockSize)
{
    return partialSumsBytes<T>(n, 2 * blockSize);
}

template <unsigned int blockSize, typename T>
void launchReduction(const T* input, std::size_t n, void* workspace, T* result)
{
    const std::size_t elementsPerBlock = 2 * blockSize;
    const std::size_t maxBlocks = 8 * std::size_t(deviceAttribute(cudaDevAttrMultiProcessorCount));
    const T* passInput = input;
    T* passOutput = static_cast<T*>(workspace);
    std::size_t count = n;
    while (count > elementsPerBlock) {
        unsigned int blocks = unsigned(std::min(ceilDiv(count, elementsPerBlock), maxBlocks));
        reduceKernel<blockSize>
            <<<blocks, blockSize, (blockSize / 32) * sizeof(T)>>>(passInput, passOutput, count);
        CUDA_CHECK_LAUNCH();
        passInput = passOutput;
        passOutput += blocks;
        count = blocks;
    }
    reduceKernel<blockSize>
        <<<1, blockSize, (blockSize / 32) * sizeof(T)>>>(passInput, result, count);
    CUDA_CHECK_LAUNCH();
}

template <typename T>
void reduceCooperativeGroups(const T* input, std::size_t n, int blockSize, void* workspace,
                             T* result)
{
    // clang-format off
    switch (blockSize) {
    case 1024: launchReduction<1024>(input, n, workspace, result); break;
    case 512:  launchReduction<512>(input, n, workspace, result); break;
    case 256:  launchReduction<256>(input, n, workspace, result); break;
    case 128:  launchReduction<128>(input, n, workspace, result); break;
    case 64:   launchReduction<64>(input, n, workspace, result); break;
    case 32:   launchReduction<32>(input, n, workspace, result); break;
    }
    // clang-format on
}

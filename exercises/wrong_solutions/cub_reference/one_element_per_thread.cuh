// WRONG: one element per thread and no grid-stride loop, but the grid is one wave of blocks.
// A test fixture, not a solution: the exercise's test must reject it (exercises/README.md).
#pragma once

#include <algorithm>
#include <cstddef>

#include <cub/block/block_reduce.cuh>

#include "kernel_helpers.cuh"

constexpr int blockReduceThreads = 256;

template <typename T>
__global__ void blockReduceKernel(const T* input, std::size_t n, T* blockSums)
{
    using BlockReduce = cub::BlockReduce<T, blockReduceThreads>;
    __shared__ typename BlockReduce::TempStorage temporary;
    T sum = 0;
    const std::size_t i = std::size_t(blockIdx.x) * blockReduceThreads + threadIdx.x;
    if (i < n) sum = input[i];  // WRONG: no grid-stride loop
    sum = BlockReduce(temporary).Sum(sum);
    if (threadIdx.x == 0) blockSums[blockIdx.x] = sum;
}

template <typename T>
unsigned int blockReduceBlocks(std::size_t n)
{
    int blocksPerSM = 0;
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSM, blockReduceKernel<T>,
                                                             blockReduceThreads, 0));
    const std::size_t resident =
        std::size_t(blocksPerSM) * deviceAttribute(cudaDevAttrMultiProcessorCount);
    return unsigned(std::max<std::size_t>(1, std::min(resident, ceilDiv(n, blockReduceThreads))));
}

template <typename T>
std::size_t blockReduceWorkspaceBytes(std::size_t n)
{
    return blockReduceBlocks<T>(n) * sizeof(T);
}

template <typename T>
void reduceWithBlockReduce(const T* input, std::size_t n, void* workspace, T* result)
{
    const unsigned int blocks = blockReduceBlocks<T>(n);
    T* blockSums = static_cast<T*>(workspace);
    blockReduceKernel<<<blocks, blockReduceThreads>>>(input, n, blockSums);
    CUDA_CHECK_LAUNCH();
    blockReduceKernel<<<1, blockReduceThreads>>>(static_cast<const T*>(blockSums), blocks, result);
    CUDA_CHECK_LAUNCH();
}

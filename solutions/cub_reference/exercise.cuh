// Solution of the CUB reference's exercise (docs/cub_reference.md): cub::BlockReduce.
//
// BlockReduce does what blockSum of steps 09-12 does (warp reductions, one value per warp in
// shared memory, a last warp reduction), tuned per architecture; the kernel keeps only the
// parts that are the caller's business: which elements each thread adds, and where the
// block's result goes. Its result is valid in thread 0 only.
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
    for (std::size_t i = std::size_t(blockIdx.x) * blockReduceThreads + threadIdx.x; i < n;
         i += std::size_t(gridDim.x) * blockReduceThreads)
        sum += input[i];
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

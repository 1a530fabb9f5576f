// WRONG: every thread adds each of its elements with its own atomicAdd: no block sum.
// A test fixture, not a solution: the exercise's test must reject it (exercises/README.md).
#pragma once

#include <algorithm>
#include <cstddef>

#include "kernel_helpers.cuh"

template <typename T>
__device__ T warpSumForAtomic(T value)
{
    for (unsigned int offset = 16; offset > 0; offset /= 2)
        value += __shfl_down_sync(0xFFFFFFFFu, value, offset);
    return value;
}

template <typename T>
__global__ void atomicSinglePassKernel(const T* input, std::size_t n, T* result)
{
    for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
         i += std::size_t(gridDim.x) * blockDim.x)
        atomicAdd(result, input[i]);  // WRONG: one atomicAdd per element
}

template <typename T>
void reduceSinglePassAtomic(const T* input, std::size_t n, int blockSize, T* result)
{
    CUDA_CHECK(cudaMemsetAsync(result, 0, sizeof(T)));  // stream-ordered before the kernel
    if (n == 0) return;
    int blocksPerSM = 0;
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &blocksPerSM, atomicSinglePassKernel<T>, blockSize, 0));
    const std::size_t resident =
        std::size_t(blocksPerSM) * deviceAttribute(cudaDevAttrMultiProcessorCount);
    const unsigned int blocks = unsigned(std::min(resident, ceilDiv(n, blockSize)));
    atomicSinglePassKernel<<<blocks, blockSize>>>(input, n, result);
    CUDA_CHECK_LAUNCH();
}

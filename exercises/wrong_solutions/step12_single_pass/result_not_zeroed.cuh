// WRONG: *result is not set to 0 first: the blocks add to the garbage it holds.
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
    __shared__ T warpSums[32];
    T sum = 0;
    for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
         i += std::size_t(gridDim.x) * blockDim.x)
        sum += input[i];
    unsigned int lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = blockDim.x / 32;
    sum = warpSumForAtomic(sum);
    if (lane == 0) warpSums[warp] = sum;
    __syncthreads();
    if (warp == 0) {
        sum = warpSumForAtomic(lane < warps ? warpSums[lane] : T(0));
        if (lane == 0) atomicAdd(result, sum);
    }
}

template <typename T>
void reduceSinglePassAtomic(const T* input, std::size_t n, int blockSize, T* result)
{
    // WRONG: no cudaMemsetAsync(result, 0, sizeof(T)) here
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

// WRONG: *result is not set to 0 first: the atomics add to the garbage it holds.
// A test fixture, not a solution: the exercise's test must reject it (exercises/README.md).
#pragma once

#include <cstddef>

#include "kernel_helpers.cuh"

template <typename T>
__global__ void atomicOnlyKernel(const T* input, T* result, std::size_t n)
{
    std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(result, input[i]);
}

template <typename T>
void reduceAtomicOnly(const T* input, std::size_t n, int blockSize, T* result)
{
    // WRONG: no cudaMemsetAsync(result, 0, sizeof(T)) here
    if (n == 0) return;
    unsigned int blocks = unsigned(ceilDiv(n, blockSize));
    atomicOnlyKernel<<<blocks, blockSize>>>(input, result, n);
    CUDA_CHECK_LAUNCH();
}

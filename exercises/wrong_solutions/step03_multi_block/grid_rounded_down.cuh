// WRONG: n / blockSize blocks, rounded down: the last n % blockSize elements get no thread.
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
    // The result must start at 0: stream-ordered before the kernel, so no race with it.
    CUDA_CHECK(cudaMemsetAsync(result, 0, sizeof(T)));
    if (n == 0) return;
    unsigned int blocks = unsigned(n / blockSize);  // WRONG: rounds down
    atomicOnlyKernel<<<blocks, blockSize>>>(input, result, n);
    CUDA_CHECK_LAUNCH();
}

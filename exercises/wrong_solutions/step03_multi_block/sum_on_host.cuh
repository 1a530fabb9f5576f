// WRONG: the sum is made on the host: right, but no atomicAdd at all.
// A test fixture, not a solution: the exercise's test must reject it (exercises/README.md).
#pragma once

#include <cstddef>
#include <vector>

#include "kernel_helpers.cuh"

template <typename T>
__global__ void atomicOnlyKernel(const T* input, T* result, std::size_t n)
{
    std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(result, input[i]);
}

template <typename T>
void reduceAtomicOnly(const T* input, std::size_t n, [[maybe_unused]] int blockSize, T* result)
{
    // WRONG: copies the input to the host and sums it there; the kernel is never launched
    std::vector<T> values(n);
    if (n > 0) CUDA_CHECK(cudaMemcpy(values.data(), input, n * sizeof(T), cudaMemcpyDeviceToHost));
    T sum = 0;
    for (const T& value : values) sum += value;
    CUDA_CHECK(cudaMemcpy(result, &sum, sizeof(T), cudaMemcpyHostToDevice));
}

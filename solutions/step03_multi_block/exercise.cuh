// Solution of step03's exercise (docs/step03_multi_block.md): the atomicAdd-only baseline.
//
// Work: n additions, like the tree. Steps: also n, because every atomicAdd targets the same
// address and the memory system applies them one after the other, while the tree needs
// log2(n) dependent levels. The atomics run at the rate of one address's atomic unit, not
// at DRAM bandwidth, and the float sum comes out in a different order on every run.
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
    unsigned int blocks = unsigned(ceilDiv(n, blockSize));
    atomicOnlyKernel<<<blocks, blockSize>>>(input, result, n);
    CUDA_CHECK_LAUNCH();
}

// Step 04: the working threads of each level are the first ones (strided index 2*s*tid),
// so whole warps either work or idle instead of diverging; this causes bank conflicts.
#pragma once

#include <cstddef>

#include "kernel_helpers.cuh"

// Every power of two works; the harness allows 32 to 1024.
constexpr int minBlockSize = 32;

template <typename T>
__global__ void reduceKernel(const T* input, Accumulator<T>* blockSums, std::size_t n)
{
    using Sum = Accumulator<T>;
    Sum* sharedPartials = sharedMemory<Sum>();
    unsigned int tid = threadIdx.x;
    std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    sharedPartials[tid] = (i < n) ? Sum(input[i]) : Sum(0);
    __syncthreads();

    // Level s adds pairs s apart: thread tid adds the pair at 2*s*tid, so the working
    // threads are contiguous and whole warps drop out together.
    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        unsigned int index = 2 * s * tid;
        if (index < blockDim.x) sharedPartials[index] += sharedPartials[index + s];
        __syncthreads();
    }

    if (tid == 0) blockSums[blockIdx.x] = sharedPartials[0];
}

// How many elements one block adds up: one per thread.
template <typename T>
constexpr std::size_t elementsPerBlock(int blockSize)
{
    return blockSize;
}

template <typename T>
std::size_t workspaceBytes(std::size_t n, int blockSize)
{
    return partialSumsBytes<T>(n, elementsPerBlock<T>(blockSize));
}

// A pass turns the n values into one partial sum per block, stored in the workspace; the
// partial sums are then summed the same way, by a call on them with the rest of the
// workspace, until a single block is enough: that block writes the result.
template <typename T>
void reduce(const T* input, std::size_t n, int blockSize, void* workspace,
            std::size_t workspaceSize, Accumulator<T>* result)
{
    using Sum = Accumulator<T>;
    const std::size_t sharedBytes = blockSize * sizeof(Sum);
    if (n <= elementsPerBlock<T>(blockSize)) {
        reduceKernel<<<1, blockSize, sharedBytes>>>(input, result, n);
        CUDA_CHECK_LAUNCH();
        return;
    }
    const unsigned int blocks = unsigned(ceilDiv(n, elementsPerBlock<T>(blockSize)));
    Sum* blockSums = static_cast<Sum*>(workspace);
    reduceKernel<<<blocks, blockSize, sharedBytes>>>(input, blockSums, n);
    CUDA_CHECK_LAUNCH();
    reduce(static_cast<const Sum*>(blockSums), blocks, blockSize, blockSums + blocks,
           workspaceSize - blocks * sizeof(Sum), result);
}

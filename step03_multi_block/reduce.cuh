// Step 03: many blocks, one partial sum each; launching again on the partial sums until
// one value is left (kernel decomposition) keeps every SM busy.
#pragma once

#include <cstddef>

#include "kernel_helpers.cuh"

// Every power of two works; the harness allows 32 to 1024.
constexpr int minBlockSize = 32;

template <typename T>
__global__ void reduceKernel(const T* input, T* blockSums, std::size_t n)
{
    T* sharedPartials = sharedMemory<T>();
    unsigned int tid = threadIdx.x;
    std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    sharedPartials[tid] = (i < n) ? input[i] : T(0);
    __syncthreads();

    // Level s adds pairs s apart: thread tid works when tid is a multiple of 2*s.
    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0) sharedPartials[tid] += sharedPartials[tid + s];
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

// Each pass turns `count` values into one partial sum per block, stored one pass after the
// other in the workspace; the pass that needs a single block writes the result.
template <typename T>
void reduce(const T* input, std::size_t n, int blockSize, void* workspace,
            std::size_t /*workspaceSize*/, T* result)
{
    const T* passInput = input;
    T* passOutput = static_cast<T*>(workspace);
    std::size_t count = n;
    while (count > elementsPerBlock<T>(blockSize)) {
        unsigned int blocks = unsigned(ceilDiv(count, elementsPerBlock<T>(blockSize)));
        reduceKernel<<<blocks, blockSize, blockSize * sizeof(T)>>>(passInput, passOutput, count);
        CUDA_CHECK_LAUNCH();
        passInput = passOutput;
        passOutput += blocks;
        count = blocks;
    }
    reduceKernel<<<1, blockSize, blockSize * sizeof(T)>>>(passInput, result, count);
    CUDA_CHECK_LAUNCH();
}

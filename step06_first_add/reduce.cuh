// Step 06: first add during load: each thread adds two elements while loading, so a block
// covers 2*blockDim.x elements, half the blocks are launched, and every thread's first
// value is already a sum of two.
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
    std::size_t i = std::size_t(blockIdx.x) * (blockDim.x * 2) + threadIdx.x;
    T sum = (i < n) ? input[i] : T(0);
    if (i + blockDim.x < n) sum += input[i + blockDim.x];  // guarded: n need not fill the block
    sharedPartials[tid] = sum;
    __syncthreads();

    // Level s adds the upper half of the live values onto the lower half: thread tid
    // reads tid + s, so a warp touches 32 consecutive words, each in its own bank.
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sharedPartials[tid] += sharedPartials[tid + s];
        __syncthreads();
    }

    if (tid == 0) blockSums[blockIdx.x] = sharedPartials[0];
}

// How many elements one block adds up: two per thread (the first add during the load).
template <typename T>
constexpr std::size_t elementsPerBlock(int blockSize)
{
    return 2 * std::size_t(blockSize);
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

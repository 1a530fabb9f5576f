// WRONG: one guard for all four loads: a thread in the last, partial tile adds only its first.
// A test fixture, not a solution: the exercise's test must reject it (exercises/README.md).
#pragma once

#include <cstddef>

#include "kernel_helpers.cuh"

constexpr int elementsPerThread = 4;

template <typename T>
__global__ void reduceKernel(const T* input, T* blockSums, std::size_t n)
{
    T* sharedPartials = sharedMemory<T>();
    unsigned int tid = threadIdx.x;
    std::size_t i = std::size_t(blockIdx.x) * (blockDim.x * elementsPerThread) + threadIdx.x;
    T sum = 0;
    if (i + 3 * blockDim.x < n)
        sum = input[i] + input[i + blockDim.x] + input[i + 2 * blockDim.x] +
              input[i + 3 * blockDim.x];
    else if (i < n)
        sum = input[i];  // WRONG: the second to fourth elements may still be there
    sharedPartials[tid] = sum;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sharedPartials[tid] += sharedPartials[tid + s];
        __syncthreads();
    }

    if (tid == 0) blockSums[blockIdx.x] = sharedPartials[0];
}

template <typename T>
std::size_t firstAddFourWorkspaceBytes(std::size_t n, int blockSize)
{
    return partialSumsBytes<T>(n, elementsPerThread * blockSize);
}

template <typename T>
void reduceFirstAddFour(const T* input, std::size_t n, int blockSize, void* workspace, T* result)
{
    const std::size_t elementsPerBlock = std::size_t(elementsPerThread) * blockSize;
    const T* passInput = input;
    T* passOutput = static_cast<T*>(workspace);
    std::size_t count = n;
    while (count > elementsPerBlock) {
        unsigned int blocks = unsigned(ceilDiv(count, elementsPerBlock));
        reduceKernel<<<blocks, blockSize, blockSize * sizeof(T)>>>(passInput, passOutput, count);
        CUDA_CHECK_LAUNCH();
        passInput = passOutput;
        passOutput += blocks;
        count = blocks;
    }
    reduceKernel<<<1, blockSize, blockSize * sizeof(T)>>>(passInput, result, count);
    CUDA_CHECK_LAUNCH();
}

// WRONG: paddedWords is not enlarged: the last elements are stored past the array.
// A test fixture, not a solution: the exercise's test must reject it (exercises/README.md).
#pragma once

#include <cstddef>

#include "kernel_helpers.cuh"

// Word of shared memory that holds element `index` of the block (4-byte elements).
__host__ __device__ inline unsigned paddedIndex(unsigned index)
{
    return index + index / 32;
}

// Words of shared memory for blockSize elements stored at paddedIndex(0 ... blockSize-1).
__host__ __device__ inline unsigned paddedWords(unsigned blockSize)
{
    return blockSize;  // WRONG: the padding needs blockSize / 32 more words
}

// step04's kernel, every access to sharedPartials through paddedIndex.
template <typename T>
__global__ void reduceKernel(const T* input, T* blockSums, std::size_t n)
{
    T* sharedPartials = sharedMemory<T>();
    unsigned int tid = threadIdx.x;
    std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    sharedPartials[paddedIndex(tid)] = (i < n) ? input[i] : T(0);
    __syncthreads();
    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        unsigned int index = 2 * s * tid;
        if (index < blockDim.x)
            sharedPartials[paddedIndex(index)] += sharedPartials[paddedIndex(index + s)];
        __syncthreads();
    }
    if (tid == 0) blockSums[blockIdx.x] = sharedPartials[paddedIndex(0)];
}

template <typename T>
std::size_t paddedWorkspaceBytes(std::size_t n, int blockSize)
{
    return partialSumsBytes<T>(n, blockSize);
}

// step04's launch sequence, with the padded shared-memory size.
template <typename T>
void reduceStridedPadded(const T* input, std::size_t n, int blockSize, void* workspace, T* result)
{
    const std::size_t sharedBytes = paddedWords(blockSize) * sizeof(T);
    const T* passInput = input;
    T* passOutput = static_cast<T*>(workspace);
    std::size_t count = n;
    while (count > std::size_t(blockSize)) {
        unsigned int blocks = unsigned(ceilDiv(count, blockSize));
        reduceKernel<<<blocks, blockSize, sharedBytes>>>(passInput, passOutput, count);
        CUDA_CHECK_LAUNCH();
        passInput = passOutput;
        passOutput += blocks;
        count = blocks;
    }
    reduceKernel<<<1, blockSize, sharedBytes>>>(passInput, result, count);
    CUDA_CHECK_LAUNCH();
}

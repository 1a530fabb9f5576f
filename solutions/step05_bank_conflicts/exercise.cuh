// Solution of step05's exercise (docs/step05_bank_conflicts.md): padding.
//
// One unused word after every 32 shifts element k by k / 32 words. The words 2*s*tid of a
// warp, which all fell into the banks 0, 2s, 4s, ... (mod 32), are now shifted by
// different amounts, one bank each: for s = 16, thread t loads word 32t + t, bank t.
// It costs blockSize / 32 - 1 extra words of shared memory and an add per access; step05's
// sequential addressing gets the same result for free.
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
    return paddedIndex(blockSize - 1) + 1;
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

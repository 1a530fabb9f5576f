// Exercise of step05 (docs/step05_bank_conflicts.md): the other cure for step04's bank
// conflicts. Keep step04's strided index, but store element `index` of the block at word
// paddedIndex(index) of shared memory, with a few unused words in between, so that the
// words a warp loads at any level fall into 32 different banks. Write paddedIndex and
// paddedWords (the words the padded array needs), then use them in the kernel below. Then
//   cmake -S . -B build -DREDUCTION_EXERCISES=ON && cmake --build build
//   (cd build && ctest -R exercise_step05 --output-on-failure)
// The CPU tests check the banks; the GPU tests check the sums, and, on an int of their own
// that checks where each `+=` of the tree finds its operands, that the kernel really stores
// element k at word paddedIndex(k) (step04's kernel, unchanged, sums right too).
#pragma once

#include <cstddef>

#include "kernel_helpers.cuh"

// Word of shared memory that holds element `index` of the block (4-byte elements).
__host__ __device__ inline unsigned paddedIndex(unsigned index)
{
    return index;  // TODO
}

// Words of shared memory for blockSize elements stored at paddedIndex(0 ... blockSize-1).
__host__ __device__ inline unsigned paddedWords(unsigned blockSize)
{
    return blockSize;  // TODO
}

// step04's kernel. TODO: every access to sharedPartials goes through paddedIndex.
template <typename T>
__global__ void reduceKernel(const T* input, T* blockSums, std::size_t n)
{
    T* sharedPartials = sharedMemory<T>();
    unsigned int tid = threadIdx.x;
    std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    sharedPartials[tid] = (i < n) ? input[i] : T(0);
    __syncthreads();
    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        unsigned int index = 2 * s * tid;
        if (index < blockDim.x) sharedPartials[index] += sharedPartials[index + s];
        __syncthreads();
    }
    if (tid == 0) blockSums[blockIdx.x] = sharedPartials[0];
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

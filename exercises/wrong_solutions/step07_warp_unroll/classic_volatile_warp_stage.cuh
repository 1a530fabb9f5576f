// WRONG: the classic warp stage, volatile with no __syncwarp(): the lanes race (racecheck).
// A test fixture, not a solution: the exercise's test must reject it (exercises/README.md).
#pragma once

#include <cstddef>

#include "kernel_helpers.cuh"

template <typename T>
__device__ void warpReduce(T* sharedPartials, unsigned int tid)
{
    volatile T* partials = sharedPartials;  // WRONG: no __syncwarp() between the levels
    partials[tid] += partials[tid + 32];
    partials[tid] += partials[tid + 16];
    partials[tid] += partials[tid + 8];
    partials[tid] += partials[tid + 4];
    partials[tid] += partials[tid + 2];
    partials[tid] += partials[tid + 1];
}

template <typename T>
__global__ void reduceKernel(const T* input, T* blockSums, std::size_t n)
{
    T* sharedPartials = sharedMemory<T>();
    unsigned int tid = threadIdx.x;
    std::size_t i = std::size_t(blockIdx.x) * (blockDim.x * 2) + threadIdx.x;
    T sum = (i < n) ? input[i] : T(0);
    if (i + blockDim.x < n) sum += input[i + blockDim.x];
    sharedPartials[tid] = sum;
    if (blockDim.x < 64) sharedPartials[tid + 32] = T(0);  // a block of 32: zeros in slots 32..63
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s) sharedPartials[tid] += sharedPartials[tid + s];
        __syncthreads();
    }
    if (tid < 32) warpReduce(sharedPartials, tid);

    if (tid == 0) blockSums[blockIdx.x] = sharedPartials[0];
}

template <typename T>
std::size_t unrolledWorkspaceBytes(std::size_t n, int blockSize)
{
    return partialSumsBytes<T>(n, 2 * blockSize);
}

template <typename T>
void reduceUnrolled(const T* input, std::size_t n, int blockSize, void* workspace, T* result)
{
    const std::size_t sharedBytes = std::size_t(blockSize < 64 ? 64 : blockSize) * sizeof(T);
    const std::size_t elementsPerBlock = 2 * blockSize;
    const T* passInput = input;
    T* passOutput = static_cast<T*>(workspace);
    std::size_t count = n;
    while (count > elementsPerBlock) {
        unsigned int blocks = unsigned(ceilDiv(count, elementsPerBlock));
        reduceKernel<<<blocks, blockSize, sharedBytes>>>(passInput, passOutput, count);
        CUDA_CHECK_LAUNCH();
        passInput = passOutput;
        passOutput += blocks;
        count = blocks;
    }
    reduceKernel<<<1, blockSize, sharedBytes>>>(passInput, result, count);
    CUDA_CHECK_LAUNCH();
}

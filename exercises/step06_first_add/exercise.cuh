// Exercise of step06 (docs/step06_first_add.md): first add of FOUR during the load. Each
// thread adds the elements i, i + blockDim.x, i + 2*blockDim.x and i + 3*blockDim.x of its
// block's tile while loading, so a block covers 4 * blockDim.x elements and a quarter of
// step05's blocks are launched. The launch sequence below already counts 4 * blockSize
// elements per block; the kernel still loads two. Fix the kernel, for every n (each of the
// four loads needs its own guard). Then
//   cmake -S . -B build -DREDUCTION_EXERCISES=ON && cmake --build build
//   (cd build && ctest -R exercise_step06 --output-on-failure)
#pragma once

#include <cstddef>

#include "kernel_helpers.cuh"

constexpr int elementsPerThread = 4;

template <typename T>
__global__ void reduceKernel(const T* input, T* blockSums, std::size_t n)
{
    T* sharedPartials = sharedMemory<T>();
    unsigned int tid = threadIdx.x;
    // TODO: four loads, each guarded
    std::size_t i = std::size_t(blockIdx.x) * (blockDim.x * 2) + threadIdx.x;
    T sum = (i < n) ? input[i] : T(0);
    if (i + blockDim.x < n) sum += input[i + blockDim.x];
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

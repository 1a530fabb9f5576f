// Exercise of step02 (docs/step02_naive_single_block.md): the maximum and the minimum
// instead of the sum. Below is step02's kernel, still summing; change it so that
// reduceMax writes the largest element and reduceMin the smallest, for any n >= 1 and any
// values (all negative ones included). Then
//   cmake -S . -B build -DREDUCTION_EXERCISES=ON && cmake --build build
//   (cd build && ctest -R exercise_step02 --output-on-failure)
#pragma once

#include <cstddef>

#include "kernel_helpers.cuh"

// TODO: a sum starts from 0, the value that changes nothing. What changes nothing for max?
template <typename T>
__global__ void reduceKernel(const T* input, T* result, std::size_t n)
{
    T* sharedPartials = sharedMemory<T>();
    unsigned int tid = threadIdx.x;
    T blockSum = 0;
    for (std::size_t tileStart = 0; tileStart < n; tileStart += blockDim.x) {
        std::size_t i = tileStart + threadIdx.x;
        sharedPartials[tid] = (i < n) ? input[i] : T(0);
        __syncthreads();
        for (unsigned int s = 1; s < blockDim.x; s *= 2) {
            if (tid % (2 * s) == 0) sharedPartials[tid] += sharedPartials[tid + s];
            __syncthreads();
        }
        if (tid == 0) blockSum += sharedPartials[0];
        __syncthreads();
    }
    if (tid == 0) *result = blockSum;
}

// One block of blockSize threads (a power of two, 32 to 1024); result is device memory.
template <typename T>
void reduceMax(const T* input, std::size_t n, int blockSize, T* result)
{
    reduceKernel<<<1, blockSize, blockSize * sizeof(T)>>>(input, result, n);  // TODO
    CUDA_CHECK_LAUNCH();
}

template <typename T>
void reduceMin(const T* input, std::size_t n, int blockSize, T* result)
{
    reduceKernel<<<1, blockSize, blockSize * sizeof(T)>>>(input, result, n);  // TODO
    CUDA_CHECK_LAUNCH();
}

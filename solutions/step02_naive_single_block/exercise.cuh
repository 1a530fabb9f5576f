// Solution of step02's exercise (docs/step02_naive_single_block.md): max and min.
//
// The tree works for any associative operation; only two things change: the operation,
// and the value that fills the slots past the end of the array (and starts the running
// result), which must be the operation's identity: 0 for a sum, the lowest value of the
// type for max, the highest for min. Filling with 0 gives max = 0 for all-negative input.
#pragma once

#include <cstddef>
#include <limits>

#include "kernel_helpers.cuh"

struct Maximum {
    template <typename T>
    __device__ T operator()(T a, T b) const
    {
        return a > b ? a : b;
    }
};

struct Minimum {
    template <typename T>
    __device__ T operator()(T a, T b) const
    {
        return a < b ? a : b;
    }
};

template <typename T, typename Operation>
__global__ void reduceKernel(const T* input, T* result, std::size_t n, T identity,
                             Operation combine)
{
    T* sharedPartials = sharedMemory<T>();
    unsigned int tid = threadIdx.x;
    T blockResult = identity;  // only thread 0's copy is used
    for (std::size_t tileStart = 0; tileStart < n; tileStart += blockDim.x) {
        std::size_t i = tileStart + threadIdx.x;
        sharedPartials[tid] = (i < n) ? input[i] : identity;
        __syncthreads();
        for (unsigned int s = 1; s < blockDim.x; s *= 2) {
            if (tid % (2 * s) == 0)
                sharedPartials[tid] = combine(sharedPartials[tid], sharedPartials[tid + s]);
            __syncthreads();
        }
        if (tid == 0) blockResult = combine(blockResult, sharedPartials[0]);
        __syncthreads();
    }
    if (tid == 0) *result = blockResult;
}

// The identities are computed on the host (std::numeric_limits is host code) and passed in.
template <typename T>
void reduceMax(const T* input, std::size_t n, int blockSize, T* result)
{
    reduceKernel<<<1, blockSize, blockSize * sizeof(T)>>>(
        input, result, n, std::numeric_limits<T>::lowest(), Maximum());
    CUDA_CHECK_LAUNCH();
}

template <typename T>
void reduceMin(const T* input, std::size_t n, int blockSize, T* result)
{
    reduceKernel<<<1, blockSize, blockSize * sizeof(T)>>>(input, result, n,
                                                          std::numeric_limits<T>::max(), Minimum());
    CUDA_CHECK_LAUNCH();
}

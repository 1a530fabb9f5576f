// Step 02: one block sums the whole array, one tile of blockDim.x elements at a time,
// with a tree in shared memory (interleaved addressing). Correct, but only one SM works.
#pragma once

#include <cstddef>

#include "kernel_helpers.cuh"

// Every power of two works; the harness allows 32 to 1024.
constexpr int minBlockSize = 32;

template <typename T>
__global__ void reduceKernel(const T* input, Accumulator<T>* result, std::size_t n)
{
    using Sum = Accumulator<T>;
    Sum* sharedPartials = sharedMemory<Sum>();
    unsigned int tid = threadIdx.x;
    Sum blockSum = 0;  // only thread 0's copy is used
    for (std::size_t tileStart = 0; tileStart < n; tileStart += blockDim.x) {
        std::size_t i = tileStart + threadIdx.x;
        sharedPartials[tid] = (i < n) ? Sum(input[i]) : Sum(0);
        __syncthreads();

        // Level s adds pairs s apart: thread tid works when tid is a multiple of 2*s.
        for (unsigned int s = 1; s < blockDim.x; s *= 2) {
            if (tid % (2 * s) == 0) sharedPartials[tid] += sharedPartials[tid + s];
            __syncthreads();
        }

        if (tid == 0) blockSum += sharedPartials[0];
        __syncthreads();  // ends the tile; not needed: only thread 0 reads and rewrites cell 0
    }
    if (tid == 0) *result = blockSum;
}

template <typename T>
std::size_t workspaceBytes(std::size_t /*n*/, int /*blockSize*/)
{
    return 0;  // the single block writes the result directly
}

template <typename T>
void reduce(const T* input, std::size_t n, int blockSize, void* /*workspace*/,
            std::size_t /*workspaceSize*/, Accumulator<T>* result)
{
    reduceKernel<<<1, blockSize, blockSize * sizeof(Accumulator<T>)>>>(input, result, n);
    CUDA_CHECK_LAUNCH();
}

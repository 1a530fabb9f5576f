// Step 07: unroll the last warp: once 64 values are left, one warp finishes alone with
// __syncwarp() instead of __syncthreads(), and without the loop's overhead.
#pragma once

#include <cstddef>

#include "kernel_helpers.cuh"

// The warp stage reads sharedPartials[tid + 32], so a block needs at least 64 threads.
constexpr int minBlockSize = 64;

// The last six levels run inside one warp, which needs no __syncthreads(). It does need
// __syncwarp(): since Volta, the threads of a warp are scheduled independently, so a
// thread may read its neighbour's slot before the neighbour has written it. Each level
// reads, syncs the warp, writes, and syncs again, which also makes the writes visible.
template <typename T>
__device__ void warpReduce(T* sharedPartials, unsigned int tid)
{
    T sum = sharedPartials[tid];
    // clang-format off
    sum += sharedPartials[tid + 32]; __syncwarp(); sharedPartials[tid] = sum; __syncwarp();
    sum += sharedPartials[tid + 16]; __syncwarp(); sharedPartials[tid] = sum; __syncwarp();
    sum += sharedPartials[tid + 8];  __syncwarp(); sharedPartials[tid] = sum; __syncwarp();
    sum += sharedPartials[tid + 4];  __syncwarp(); sharedPartials[tid] = sum; __syncwarp();
    sum += sharedPartials[tid + 2];  __syncwarp(); sharedPartials[tid] = sum; __syncwarp();
    sum += sharedPartials[tid + 1];  __syncwarp(); sharedPartials[tid] = sum;
    // clang-format on
}

template <typename T>
__global__ void reduceKernel(const T* input, Accumulator<T>* blockSums, std::size_t n)
{
    using Sum = Accumulator<T>;
    Sum* sharedPartials = sharedMemory<Sum>();
    unsigned int tid = threadIdx.x;
    std::size_t i = std::size_t(blockIdx.x) * (blockDim.x * 2) + threadIdx.x;
    Sum sum = (i < n) ? Sum(input[i]) : Sum(0);
    if (i + blockDim.x < n) sum += Sum(input[i + blockDim.x]);  // n need not fill the block
    sharedPartials[tid] = sum;
    __syncthreads();

    // Level s adds the upper half of the live values onto the lower half: thread tid
    // reads tid + s, so a warp touches 32 consecutive words, each in its own bank.
    for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s) sharedPartials[tid] += sharedPartials[tid + s];
        __syncthreads();
    }
    if (tid < 32) warpReduce(sharedPartials, tid);

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

// A pass turns the n values into one partial sum per block, stored in the workspace; the
// partial sums are then summed the same way, by a call on them with the rest of the
// workspace, until a single block is enough: that block writes the result.
template <typename T>
void reduce(const T* input, std::size_t n, int blockSize, void* workspace,
            std::size_t workspaceSize, Accumulator<T>* result)
{
    using Sum = Accumulator<T>;
    const std::size_t sharedBytes = blockSize * sizeof(Sum);
    if (n <= elementsPerBlock<T>(blockSize)) {
        reduceKernel<<<1, blockSize, sharedBytes>>>(input, result, n);
        CUDA_CHECK_LAUNCH();
        return;
    }
    const unsigned int blocks = unsigned(ceilDiv(n, elementsPerBlock<T>(blockSize)));
    Sum* blockSums = static_cast<Sum*>(workspace);
    reduceKernel<<<blocks, blockSize, sharedBytes>>>(input, blockSums, n);
    CUDA_CHECK_LAUNCH();
    reduce(static_cast<const Sum*>(blockSums), blocks, blockSize, blockSums + blocks,
           workspaceSize - blocks * sizeof(Sum), result);
}

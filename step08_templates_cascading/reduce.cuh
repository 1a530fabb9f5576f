// Step 08: the block size as a template parameter unrolls the tree; algorithm cascading:
// one wave of blocks, each thread adding many elements (a grid-stride loop) before the tree.
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

template <unsigned int blockSize, typename T>
__global__ void reduceKernel(const T* input, Accumulator<T>* blockSums, std::size_t n)
{
    using Sum = Accumulator<T>;
    Sum* sharedPartials = sharedMemory<Sum>();
    unsigned int tid = threadIdx.x;
    std::size_t i = std::size_t(blockIdx.x) * (blockSize * 2) + threadIdx.x;
    const std::size_t gridSize = std::size_t(gridDim.x) * (blockSize * 2);
    Sum sum = 0;
    while (i < n) {  // each thread adds many elements; the tree comes once, at the end
        sum += Sum(input[i]);
        if (i + blockSize < n) sum += Sum(input[i + blockSize]);  // n need not fill the block
        i += gridSize;
    }
    sharedPartials[tid] = sum;
    __syncthreads();

    // Level s adds the upper half of the live values onto the lower half: thread tid
    // reads tid + s, so a warp touches 32 consecutive words, each in its own bank.
    // blockSize is a constant, so the compiler drops the levels this block size lacks.
    if (blockSize >= 1024) {
        if (tid < 512) sharedPartials[tid] += sharedPartials[tid + 512];
        __syncthreads();
    }
    if (blockSize >= 512) {
        if (tid < 256) sharedPartials[tid] += sharedPartials[tid + 256];
        __syncthreads();
    }
    if (blockSize >= 256) {
        if (tid < 128) sharedPartials[tid] += sharedPartials[tid + 128];
        __syncthreads();
    }
    if (blockSize >= 128) {
        if (tid < 64) sharedPartials[tid] += sharedPartials[tid + 64];
        __syncthreads();
    }
    if (tid < 32) warpReduce(sharedPartials, tid);

    if (tid == 0) blockSums[blockIdx.x] = sharedPartials[0];
}

// How many elements one block adds up: two per thread in one trip of its grid-stride loop.
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
template <unsigned int blockSize, typename T>
void launchReduction(const T* input, std::size_t n, void* workspace, Accumulator<T>* result)
{
    using Sum = Accumulator<T>;
    const std::size_t sharedBytes = blockSize * sizeof(Sum);
    // One wave of blocks; the occupancy of a kernel does not change, so it is asked once.
    static const unsigned int maxBlocks =
        residentBlocks(reduceKernel<blockSize, T>, blockSize, sharedBytes);
    if (n <= elementsPerBlock<T>(blockSize)) {
        reduceKernel<blockSize><<<1, blockSize, sharedBytes>>>(input, result, n);
        CUDA_CHECK_LAUNCH();
        return;
    }
    const unsigned int blocks =
        unsigned(std::min<std::size_t>(ceilDiv(n, elementsPerBlock<T>(blockSize)), maxBlocks));
    Sum* blockSums = static_cast<Sum*>(workspace);
    reduceKernel<blockSize><<<blocks, blockSize, sharedBytes>>>(input, blockSums, n);
    CUDA_CHECK_LAUNCH();
    launchReduction<blockSize>(static_cast<const Sum*>(blockSums), blocks, blockSums + blocks,
                               result);
}

// The kernels need the block size at compile time: one instance per size this step runs.
template <typename T>
void reduce(const T* input, std::size_t n, int blockSize, void* workspace,
            std::size_t /*workspaceSize*/, Accumulator<T>* result)
{
    // clang-format off
    switch (blockSize) {
    case 1024: launchReduction<1024>(input, n, workspace, result); break;
    case 512:  launchReduction<512>(input, n, workspace, result); break;
    case 256:  launchReduction<256>(input, n, workspace, result); break;
    case 128:  launchReduction<128>(input, n, workspace, result); break;
    case 64:   launchReduction<64>(input, n, workspace, result); break;
    default:   noKernelForBlockSize(blockSize);
    }
    // clang-format on
}

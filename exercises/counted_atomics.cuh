// An int whose atomicAdd counts its calls, per block: the tests of the atomic exercises (step03:
// one atomicAdd per element; step12: one per block) run the solution on it, because a correct
// sum alone does not show how it was made (per-element atomics, or a sum on the host, give the
// same number). The solution calls atomicAdd unqualified on its T, so for T = CountedInt C++
// finds the overload below by argument-dependent lookup (it is in CountedInt's namespace).
#pragma once

#include <algorithm>
#include <vector>

#include "device.cuh"

namespace counted {

struct CountedInt {
    int value;  // no initializer: a type held in __shared__ memory needs a trivial constructor
    CountedInt() = default;
    __host__ __device__ CountedInt(int v) : value(v) {}
    // Converts to int, so that the warp shuffles (__shfl_down_sync has an int overload) and
    // any other int-only intrinsic move it as an int.
    __host__ __device__ operator int() const { return value; }
    __host__ __device__ CountedInt& operator+=(CountedInt other)
    {
        value += other.value;
        return *this;
    }
    __host__ __device__ friend CountedInt operator+(CountedInt a, CountedInt b) { return a += b; }
};

// Enough for the tests' largest grid, n = 2^20 + 7 in blocks of 32: 32769 blocks.
constexpr unsigned int countedBlocks = 1u << 16;
__device__ unsigned int atomicAddsOfBlock[countedBlocks];
__device__ unsigned int atomicAddsOfLaterBlocks;  // blocks past countedBlocks

// Only atomics on global memory count: a block may add into shared memory first.
__device__ inline CountedInt atomicAdd(CountedInt* address, CountedInt value)
{
    if (__isGlobal(address)) {
        const unsigned long long block =
            blockIdx.x +
            std::size_t(gridDim.x) * (blockIdx.y + std::size_t(gridDim.y) * blockIdx.z);
        if (block < countedBlocks)
            ::atomicAdd(&atomicAddsOfBlock[block], 1u);
        else
            ::atomicAdd(&atomicAddsOfLaterBlocks, 1u);
    }
    return CountedInt(::atomicAdd(&address->value, value.value));
}

struct AtomicAddCount {
    unsigned long long total = 0;  // atomicAdd calls on global memory
    unsigned int blocksThatAdded = 0;
    unsigned int mostByOneBlock = 0;  // the largest number of calls made by one block
    unsigned int byLaterBlocks = 0;   // calls by blocks past countedBlocks (not counted per block)
};

inline void resetAtomicAddCount()
{
    std::vector<unsigned int> zeros(countedBlocks, 0);
    CUDA_CHECK(
        cudaMemcpyToSymbol(atomicAddsOfBlock, zeros.data(), countedBlocks * sizeof(unsigned)));
    CUDA_CHECK(cudaMemcpyToSymbol(atomicAddsOfLaterBlocks, zeros.data(), sizeof(unsigned)));
}

inline AtomicAddCount atomicAddCount()
{
    std::vector<unsigned int> perBlock(countedBlocks);
    AtomicAddCount count;
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(
        cudaMemcpyFromSymbol(perBlock.data(), atomicAddsOfBlock, countedBlocks * sizeof(unsigned)));
    CUDA_CHECK(
        cudaMemcpyFromSymbol(&count.byLaterBlocks, atomicAddsOfLaterBlocks, sizeof(unsigned)));
    for (unsigned int calls : perBlock) {
        count.total += calls;
        count.blocksThatAdded += calls > 0 ? 1 : 0;
        count.mostByOneBlock = std::max(count.mostByOneBlock, calls);
    }
    count.total += count.byLaterBlocks;
    return count;
}

}  // namespace counted

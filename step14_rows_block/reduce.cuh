// Step 14: many sums at once. A matrix of rows x cols, one sum per row (Part II). One block
// per row: block r adds row r, each thread a strided share of it with independent loads, and
// the block's threads combine their sums as step 12's do (warp shuffles, one partial per warp).
#pragma once

#include <algorithm>
#include <cstddef>

#include "kernel_helpers.cuh"
#include "rows.cuh"

// A block of one warp works too: the warp stage needs no second warp.
constexpr int minBlockSize = 32;

// The sum of a warp's 32 values, in lane 0, through registers (step 09).
template <typename T>
__device__ T warpSum(T value)
{
    for (unsigned int offset = 16; offset > 0; offset /= 2) value += shuffleDown(value, offset);
    return value;
}

// The sum of a block's values, in thread 0: each warp sums its own, lane 0 of each warp
// leaves that partial sum in shared memory, and the first warp sums the partials.
template <unsigned int blockSize, typename T>
__device__ T blockSum(T value)
{
    constexpr unsigned int warps = blockSize / 32;
    T* warpSums = sharedMemory<T>();
    unsigned int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    value = warpSum(value);
    if (lane == 0) warpSums[warp] = value;
    __syncthreads();
    if (warp == 0) value = warpSum(lane < warps ? warpSums[lane] : T(0));
    return value;
}

// Loads a thread asks for before it adds any of them: independent sums keep them in flight.
constexpr unsigned int loadsInFlight = 4;

// Block r sums row r: thread t adds elements t, t + blockSize, ... of it. Consecutive threads
// read consecutive elements, so a warp's load is one stretch of the row (coalesced); a row
// shorter than the block leaves threads idle (the next step's question).
template <unsigned int blockSize, typename T>
__global__ void __launch_bounds__(blockSize)
    rowsKernel(const T* input, std::size_t cols, Accumulator<T>* sums)
{
    using Sum = Accumulator<T>;
    const T* row = input + std::size_t(blockIdx.x) * cols;
    Sum partial[loadsInFlight] = {};
    for (std::size_t c = threadIdx.x; c < cols; c += loadsInFlight * blockSize) {
        Sum loaded[loadsInFlight];  // every load of the trip is asked for before any add
        for (unsigned int a = 0; a < loadsInFlight; ++a) {
            const std::size_t column = c + a * blockSize;
            loaded[a] = column < cols ? Sum(row[column]) : Sum(0);  // past the row's end: 0
        }
        for (unsigned int a = 0; a < loadsInFlight; ++a) partial[a] += loaded[a];
    }
    Sum sum = 0;
    for (unsigned int a = 0; a < loadsInFlight; ++a) sum += partial[a];
    sum = blockSum<blockSize>(sum);
    if (threadIdx.x == 0) sums[blockIdx.x] = sum;
}

template <typename T>
std::size_t workspaceBytes(Shape /*shape*/, int /*blockSize*/)
{
    return 0;  // every block writes its row's sum itself
}

// A grid holds at most 2^31 - 1 blocks in x.
constexpr std::size_t maxGridBlocks = 2147483647;

// One block per row: one launch, or one per 2^31 - 1 rows.
template <unsigned int blockSize, typename T>
void launchRows(const T* input, Shape shape, Accumulator<T>* sums)
{
    const std::size_t sharedBytes = (blockSize / 32) * sizeof(Accumulator<T>);
    for (std::size_t first = 0; first < shape.rows; first += maxGridBlocks) {
        const unsigned int blocks = unsigned(std::min(shape.rows - first, maxGridBlocks));
        rowsKernel<blockSize><<<blocks, blockSize, sharedBytes>>>(input + first * shape.cols,
                                                                  shape.cols, sums + first);
        CUDA_CHECK_LAUNCH();
    }
}

// The kernels need the block size at compile time: one instance per size the CLI allows.
template <typename T>
void reduceRows(const T* input, Shape shape, int blockSize, void* /*workspace*/,
                std::size_t /*workspaceSize*/, Accumulator<T>* sums)
{
    // clang-format off
    switch (blockSize) {
    case 1024: launchRows<1024>(input, shape, sums); break;
    case 512:  launchRows<512>(input, shape, sums); break;
    case 256:  launchRows<256>(input, shape, sums); break;
    case 128:  launchRows<128>(input, shape, sums); break;
    case 64:   launchRows<64>(input, shape, sums); break;
    case 32:   launchRows<32>(input, shape, sums); break;
    default:   noKernelForBlockSize(blockSize);
    }
    // clang-format on
}

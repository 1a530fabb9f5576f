// Step 15: the threads per row follow the row's length. Step 14 gives every row a block, so a
// row of 32 elements keeps 32 of 256 threads busy and the rest idle; here short rows get part
// of a warp (8 lanes for rows under 256 elements, a whole warp up to 2048), so one block sums
// several rows, and shuffles alone finish each sum: no shared memory, no barrier.
#pragma once

#include <algorithm>
#include <cstddef>

#include "kernel_helpers.cuh"
#include "rows.cuh"

// A block of one warp works too: the warp stage needs no second warp.
constexpr int minBlockSize = 32;

// The sum of a group's values, in its first lane: groups of rowThreads <= 32 lanes sit side by
// side in a warp, and no shuffle offset below rowThreads reaches into the next group's lanes
// for the lane that keeps the sum. All 32 lanes take part in every shuffle.
template <unsigned int rowThreads, typename T>
__device__ T groupSum(T value)
{
    for (unsigned int offset = rowThreads / 2; offset > 0; offset /= 2)
        value += shuffleDown(value, offset);
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
    value = groupSum<32>(value);
    if (lane == 0) warpSums[warp] = value;
    __syncthreads();
    if (warp == 0) value = groupSum<32>(lane < warps ? warpSums[lane] : T(0));
    return value;
}

// Loads a thread asks for before it adds any of them: independent sums keep them in flight.
constexpr unsigned int loadsInFlight = 4;

// A short row costs by the blocks and warps it takes, not by its elements or its combine
// (experiments/rows_causes, parts per_block and combine), so short rows get few lanes and share
// a block: rows under 256 elements get 8 lanes (at most 31 elements each), rows up to 2048 a
// warp (8 to 64 each), longer rows the block. Measured: experiments/rows_causes runs step 15
// with 8 lanes, and with a warp, at every length.
constexpr std::size_t eightLaneRowsBelow = 256;
constexpr std::size_t warpRowsUpTo = 2048;

// Each group of rowThreads threads sums one row: thread t of the group adds elements t,
// t + rowThreads, ... of it, so a group's load is one stretch of its row (coalesced).
// rowThreads is 8, 32 or the whole block (step 14). A group past the last row adds nothing
// but still takes part in the shuffles.
template <unsigned int blockSize, unsigned int rowThreads, typename T>
__global__ void __launch_bounds__(blockSize)
    rowsKernel(const T* input, std::size_t rows, std::size_t cols, Accumulator<T>* sums)
{
    using Sum = Accumulator<T>;
    constexpr unsigned int rowsPerBlock = blockSize / rowThreads;
    const std::size_t rowIndex = std::size_t(blockIdx.x) * rowsPerBlock + threadIdx.x / rowThreads;
    const unsigned int t = threadIdx.x % rowThreads;
    const std::size_t rowCols = rowIndex < rows ? cols : 0;
    const T* row = input + rowIndex * cols;
    Sum partial[loadsInFlight] = {};
    for (std::size_t c = t; c < rowCols; c += loadsInFlight * rowThreads) {
        Sum loaded[loadsInFlight];  // every load of the trip is asked for before any add
        for (unsigned int a = 0; a < loadsInFlight; ++a) {
            const std::size_t column = c + a * rowThreads;
            loaded[a] = column < rowCols ? Sum(row[column]) : Sum(0);  // past the row's end: 0
        }
        for (unsigned int a = 0; a < loadsInFlight; ++a) partial[a] += loaded[a];
    }
    Sum sum = 0;
    for (unsigned int a = 0; a < loadsInFlight; ++a) sum += partial[a];
    if constexpr (rowThreads == blockSize)
        sum = blockSum<blockSize>(sum);
    else
        sum = groupSum<rowThreads>(sum);
    if (t == 0 && rowIndex < rows) sums[rowIndex] = sum;
}

template <typename T>
std::size_t workspaceBytes(Shape /*shape*/, int /*blockSize*/)
{
    return 0;  // every group writes its row's sum itself
}

// A grid holds at most 2^31 - 1 blocks in x.
constexpr std::size_t maxGridBlocks = 2147483647;

// blockSize / rowThreads rows per block: one launch, or one per 2^31 - 1 blocks.
template <unsigned int blockSize, unsigned int rowThreads, typename T>
void launchRowGroups(const T* input, Shape shape, Accumulator<T>* sums)
{
    constexpr std::size_t rowsPerBlock = blockSize / rowThreads;
    const std::size_t sharedBytes = (blockSize / 32) * sizeof(Accumulator<T>);
    const std::size_t rowsPerLaunch = maxGridBlocks * rowsPerBlock;
    for (std::size_t first = 0; first < shape.rows; first += rowsPerLaunch) {
        const std::size_t rows = std::min(shape.rows - first, rowsPerLaunch);
        const unsigned int blocks = unsigned(ceilDiv(rows, rowsPerBlock));
        rowsKernel<blockSize, rowThreads><<<blocks, blockSize, sharedBytes>>>(
            input + first * shape.cols, rows, shape.cols, sums + first);
        CUDA_CHECK_LAUNCH();
    }
}

// The row's length picks the group.
template <unsigned int blockSize, typename T>
void launchRows(const T* input, Shape shape, Accumulator<T>* sums)
{
    if (shape.cols < eightLaneRowsBelow)
        launchRowGroups<blockSize, 8>(input, shape, sums);
    else if (shape.cols <= warpRowsUpTo)
        launchRowGroups<blockSize, 32>(input, shape, sums);
    else
        launchRowGroups<blockSize, blockSize>(input, shape, sums);
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

// Step 15: one warp per row. A row shorter than a block leaves most of step 14's block idle;
// here each warp sums a row of its own, so a block of 256 threads sums 8 rows, and the warp's
// shuffles finish each sum with no shared memory and no barrier.
#pragma once

#include <algorithm>
#include <cstddef>

#include "kernel_helpers.cuh"
#include "rows.cuh"

// A block of one warp works too: each warp is on its own.
constexpr int minBlockSize = 32;

// The sum of a warp's 32 values, in lane 0, through registers (step 09).
template <typename T>
__device__ T warpSum(T value)
{
    for (unsigned int offset = 16; offset > 0; offset /= 2) value += shuffleDown(value, offset);
    return value;
}

// Loads a thread asks for before it adds any of them: independent sums keep them in flight.
constexpr unsigned int loadsInFlight = 4;

// Warp w of the grid sums row w: lane l adds elements l, l + 32, ... of it. A warp's load is
// one stretch of 32 consecutive elements of its row (coalesced).
template <unsigned int blockSize, typename T>
__global__ void __launch_bounds__(blockSize)
    rowsKernel(const T* input, std::size_t rows, std::size_t cols, Accumulator<T>* sums)
{
    using Sum = Accumulator<T>;
    const std::size_t rowIndex = (std::size_t(blockIdx.x) * blockSize + threadIdx.x) / 32;
    if (rowIndex >= rows) return;  // whole warps leave: the shuffles below need all 32 lanes
    const unsigned int lane = threadIdx.x % 32;
    const T* row = input + rowIndex * cols;
    Sum partial[loadsInFlight] = {};
    std::size_t c = lane;
    for (; c + (loadsInFlight - 1) * 32 < cols; c += loadsInFlight * 32) {
        T loaded[loadsInFlight];  // no load of the trip waits for an add
        for (unsigned int a = 0; a < loadsInFlight; ++a) loaded[a] = row[c + a * 32];
        for (unsigned int a = 0; a < loadsInFlight; ++a) partial[a] += Sum(loaded[a]);
    }
    for (; c < cols; c += 32) partial[0] += Sum(row[c]);  // the rest of the row
    Sum sum = 0;
    for (unsigned int a = 0; a < loadsInFlight; ++a) sum += partial[a];
    sum = warpSum(sum);
    if (lane == 0) sums[rowIndex] = sum;
}

template <typename T>
std::size_t workspaceBytes(Shape /*shape*/, int /*blockSize*/)
{
    return 0;  // every warp writes its row's sum itself
}

// A grid holds at most 2^31 - 1 blocks in x.
constexpr std::size_t maxGridBlocks = 2147483647;

// One warp per row: blockSize / 32 rows per block, one launch (or one per 2^31 - 1 blocks).
template <unsigned int blockSize, typename T>
void launchRows(const T* input, Shape shape, Accumulator<T>* sums)
{
    constexpr std::size_t rowsPerBlock = blockSize / 32;
    const std::size_t rowsPerLaunch = maxGridBlocks * rowsPerBlock;
    for (std::size_t first = 0; first < shape.rows; first += rowsPerLaunch) {
        const std::size_t rows = std::min(shape.rows - first, rowsPerLaunch);
        const unsigned int blocks = unsigned(ceilDiv(rows, rowsPerBlock));
        rowsKernel<blockSize>
            <<<blocks, blockSize>>>(input + first * shape.cols, rows, shape.cols, sums + first);
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

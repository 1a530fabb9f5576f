// Step 16: 128-bit loads per row: step 15's groups, each load now 16 bytes (step 11), so 4
// loads in flight carry 16 floats (32 halves) per thread instead of 4. A row starts wherever
// the one before it ends, so each row has its own head (the elements before its first 16-byte
// boundary) and tail, which the group's first threads load one by one.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

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

// One 128-bit load: 8 halves or bfloat16s, 4 ints or floats, 2 int64s or doubles, 1 cdouble.
constexpr std::size_t vectorBytes = 16;

template <typename T>
constexpr unsigned int elementsPerVector = vectorBytes / sizeof(T);

template <typename T>
struct alignas(vectorBytes) Vector {
    T element[elementsPerVector<T>];
};

// The sum of one 128-bit load of a row, in the accumulator type. The load goes through the
// read-only (non-coherent) data path: the input does not change while the kernel runs.
template <typename T>
__device__ Accumulator<T> sumOfVectorAt(const T* address)
{
    int4 bits = __ldg(reinterpret_cast<const int4*>(address));
    Vector<T> vector;
    memcpy(&vector, &bits, sizeof bits);
    Accumulator<T> sum = Accumulator<T>(vector.element[0]);  // not 0 + x: one add fewer
    for (unsigned int e = 1; e < elementsPerVector<T>; ++e)
        sum += Accumulator<T>(vector.element[e]);
    return sum;
}

// Step 15's bounds (a short row costs by its blocks and warps: experiments/rows_causes), in the
// bytes of a float row (a load now carries 16 bytes whatever the type), so rows under 1 KiB get
// 8 lanes, rows up to 8 KiB a warp, longer rows the block. Measured: experiments/rows_causes
// runs step 15 with 8 lanes, and with a warp, at every length, and step 16 with the bounds in
// elements (bf16: 2060 against 3030 GB/s at 256).
constexpr std::size_t eightLaneRowsBelow = 256;
constexpr std::size_t warpRowsUpTo = 2048;

// Each group of rowThreads threads sums one row: thread t of the group adds vectors t,
// t + rowThreads, ... of the row's aligned body, so a warp's load is 512 consecutive bytes,
// then the group's first threads add the head and the tail, one element each. rowThreads is
// 8, 32 or the whole block. A group past the last row adds nothing but still takes part in
// the shuffles.
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
    const std::size_t misalignment = reinterpret_cast<std::uintptr_t>(row) % vectorBytes;
    std::size_t head = (vectorBytes - misalignment) % vectorBytes / sizeof(T);
    if (head > rowCols) head = rowCols;
    const std::size_t vectors = (rowCols - head) / elementsPerVector<T>;
    const std::size_t tailStart = head + vectors * elementsPerVector<T>;
    const T* body = row + head;  // 16-byte aligned

    Sum partial[loadsInFlight] = {};
    for (std::size_t v = t; v < vectors; v += loadsInFlight * rowThreads) {
        Sum loaded[loadsInFlight];  // every load of the trip is asked for before any add
        for (unsigned int a = 0; a < loadsInFlight; ++a) {
            const std::size_t vector = v + a * rowThreads;
            loaded[a] = vector < vectors ? sumOfVectorAt(body + vector * elementsPerVector<T>)
                                         : Sum(0);  // past the body's end: 0
        }
        for (unsigned int a = 0; a < loadsInFlight; ++a) partial[a] += loaded[a];
    }
    // Head and tail: fewer than elementsPerVector (<= 8 <= rowThreads) elements each.
    if (t < head) partial[0] += Sum(row[t]);
    if (t < rowCols - tailStart) partial[0] += Sum(row[tailStart + t]);
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

// The row's bytes pick the group.
template <unsigned int blockSize, typename T>
void launchRows(const T* input, Shape shape, Accumulator<T>* sums)
{
    // A 16-bit row gets the group of the float row of its bytes (the same loads a thread), a
    // double row that of a float row twice as long.
    const std::size_t floatCols = shape.cols * sizeof(T) / sizeof(float);
    if (floatCols < eightLaneRowsBelow)
        launchRowGroups<blockSize, 8>(input, shape, sums);
    else if (floatCols <= warpRowsUpTo)
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

// Step 17: the softmax of every row, e^(x - M) / S, reading the input once. Step 16's groups
// and 128-bit loads, but the group combines (max, sum) states (Milakov & Gimelshein 2018,
// "Online normalizer calculation for softmax", arXiv:1805.02867) instead of sums, and each
// thread keeps the vectors it loaded in registers to write e^(x - M) / S from them: the row
// stays on chip, as in Triton's fused-softmax tutorial. A row longer than the block can hold
// is read twice: once for (M, S), once to write.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "kernel_helpers.cuh"
#include "online_softmax.cuh"
#include "rows.cuh"

// A block of one warp works too: the warp stage needs no second warp.
constexpr int minBlockSize = 32;

// A state moves between lanes as its two floats.
__device__ inline MaxSum shuffleDown(MaxSum state, unsigned int offset)
{
    return {shuffleDown(state.max, offset), shuffleDown(state.sum, offset)};
}

// The combined state of a group's values, in every lane of the group (every thread writes
// from it): the group's first lane combines them as step 16's groupSum adds them, then hands
// its state to the others, so they all hold the same bits.
template <unsigned int rowThreads>
__device__ MaxSum groupCombine(MaxSum state)
{
    for (unsigned int offset = rowThreads / 2; offset > 0; offset /= 2)
        state = combine(state, shuffleDown(state, offset));
    return {__shfl_sync(0xFFFFFFFFu, state.max, 0, rowThreads),
            __shfl_sync(0xFFFFFFFFu, state.sum, 0, rowThreads)};
}

// The combined state of a group of several warps (rowThreads of 64 up to the block), in every
// thread of it: each warp combines its own, lane 0 of each warp leaves that state in shared
// memory, and every warp of the group combines its group's states in the same order (the same
// bits in every warp, with no second barrier). Every thread of the block must call it.
template <unsigned int rowThreads>
__device__ MaxSum warpsCombine(MaxSum state)
{
    constexpr unsigned int warps = rowThreads / 32;
    MaxSum* warpStates = sharedMemory<MaxSum>();
    const unsigned int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const unsigned int groupFirstWarp = warp / warps * warps;
    state = groupCombine<32>(state);
    if (lane == 0) warpStates[warp] = state;
    __syncthreads();
    return groupCombine<32>(lane < warps ? warpStates[groupFirstWarp + lane] : emptyMaxSum());
}

// One 128-bit load: 8 halves or bfloat16s, 4 floats.
constexpr std::size_t vectorBytes = 16;

template <typename T>
constexpr unsigned int elementsPerVector = vectorBytes / sizeof(T);

template <typename T>
struct alignas(vectorBytes) Vector {
    T element[elementsPerVector<T>];
};

// The load goes through the read-only (non-coherent) data path: the input does not change
// while the kernel runs.
template <typename T>
__device__ Vector<T> loadVector(const T* address)
{
    int4 bits = __ldg(reinterpret_cast<const int4*>(address));
    Vector<T> vector;
    memcpy(&vector, &bits, sizeof bits);
    return vector;
}

template <typename T>
__device__ void storeVector(T* address, const Vector<T>& vector)
{
    int4 bits;
    memcpy(&bits, &vector, sizeof bits);
    *reinterpret_cast<int4*>(address) = bits;
}

// e^x of an element. 16-bit elements take the hardware's approximate exponential, __expf: the
// same MUFU.EX2 as expf with fewer instructions around it, at most 2 + 1.173|x| float ulps off
// (CUDA C++ Programming Guide, "Intrinsic Functions"), far inside their output's rounding
// (2^-11 half, 2^-8 bfloat16); where a warp holds a 16-bit row, the SMs' instructions, not
// DRAM, set its time. Float keeps expf (2 ulps): its output is rounded to 2^-24.
template <typename T>
__device__ float exponential(float x)
{
    if constexpr (sizeof(T) == 2)
        return __expf(x);
    else
        return expf(x);
}

// The state of one vector's elements: their maximum first, then one exponential per element
// (not the two of combining them one by one). Only -inf: the count, as combine() keeps it; a
// NaN: the state NaN, as combine() gives.
template <typename T>
__device__ MaxSum maxSumOfVector(const Vector<T>& vector)
{
    float max = -INFINITY;
    bool nan = false;
    for (unsigned int e = 0; e < elementsPerVector<T>; ++e) {
        const float x = float(vector.element[e]);
        max = fmaxf(max, x);
        nan = nan || isnan(x);
    }
    if (nan) return {NAN, NAN};
    if (max == -INFINITY) return {max, float(elementsPerVector<T>)};
    float sum = 0;
    for (unsigned int e = 0; e < elementsPerVector<T>; ++e)
        sum += exponential<T>(float(vector.element[e]) - max);
    return {max, sum};
}

// e^(x - M) / S of each element, in float, rounded once to T.
template <typename T>
__device__ Vector<T> softmaxOfVector(const Vector<T>& x, float max, float inverseSum)
{
    Vector<T> y;
    for (unsigned int e = 0; e < elementsPerVector<T>; ++e)
        y.element[e] = T(exponential<T>(float(x.element[e]) - max) * inverseSum);
    return y;
}

// A row starts wherever the one before it ends: its head (the elements before its first
// 16-byte boundary), its aligned body of whole vectors, and its tail (step 16). The output's
// row has the same alignment: both arrays start 16-byte aligned (softmaxRows checks).
struct RowParts {
    std::size_t head, vectors, tailStart;
};

template <typename T>
__device__ RowParts rowParts(const T* row, std::size_t rowCols)
{
    const std::size_t misalignment = reinterpret_cast<std::uintptr_t>(row) % vectorBytes;
    std::size_t head = (vectorBytes - misalignment) % vectorBytes / sizeof(T);
    if (head > rowCols) head = rowCols;
    const std::size_t vectors = (rowCols - head) / elementsPerVector<T>;
    return {head, vectors, head + vectors * elementsPerVector<T>};
}

// Vectors a thread holds in registers: 1, 2, 4 or 8, as few as the row needs. The registers a
// thread is compiled with set how many threads an SM keeps (65536 registers an SM): a thread
// that held 8 vectors (32 registers of data, 80 in all) for a row that fills 1 of them kept an
// SM at 3 blocks of 256 instead of 8, and so at 3/8 of the loads in flight. A warp of floats
// may hold 16 (a row of 2048), so that such a row needs no second warp, shared memory or
// barrier: 9.6 % faster on the H200, 1.5 % slower on the H100 (lab notes in
// experiments/softmax_by_length/README.md). 16-bit
// elements keep 8: 16 of bf16 take 176-185 registers (ptxas, sm_90), one block of 256 an SM
// (half's 101-114 were not timed). A block of 1024 threads has 64 registers each, and 8
// vectors there spill to local memory: it holds at most 4.
constexpr unsigned int warpOfFloatsVectors = 16;

template <typename T>
__host__ __device__ constexpr unsigned int maxHeldVectors(unsigned int blockSize,
                                                          unsigned int rowThreads)
{
    if (blockSize == 1024) return 4;
    return rowThreads == 32 && sizeof(T) == 4 ? warpOfFloatsVectors : 8;
}

// The row a group keeps on chip: rowThreads x heldVectors x elementsPerVector elements.
template <typename T>
constexpr std::size_t rowCapacity(unsigned int rowThreads, unsigned int heldVectors)
{
    return std::size_t(rowThreads) * heldVectors * elementsPerVector<T>;
}

// One read: each group of rowThreads threads (8, 32, 64, ... up to the block) does one row. Thread
// t loads vectors t, t + rowThreads, ... (at most heldVectors: the row fits) and the group's first
// threads the head and the tail, one element each; each thread combines the states of what it
// holds, the group combines the threads' states, and every thread writes e^(x - M) / S of what it
// holds, from its registers. A group past the last row holds nothing but still takes part in the
// shuffles.
template <unsigned int blockSize, unsigned int rowThreads, unsigned int heldVectors, typename T>
__global__ void __launch_bounds__(blockSize)
    softmaxOneReadKernel(const T* input, T* output, std::size_t rows, std::size_t cols)
{
    constexpr unsigned int rowsPerBlock = blockSize / rowThreads;
    const std::size_t rowIndex = std::size_t(blockIdx.x) * rowsPerBlock + threadIdx.x / rowThreads;
    const unsigned int t = threadIdx.x % rowThreads;
    const std::size_t rowCols = rowIndex < rows ? cols : 0;
    const T* row = input + rowIndex * cols;
    T* out = output + rowIndex * cols;
    const RowParts parts = rowParts(row, rowCols);

    // Unrolled with a constant count, so held[k] are registers, not local memory.
    Vector<T> held[heldVectors];
#pragma unroll
    for (unsigned int k = 0; k < heldVectors; ++k) {
        const std::size_t vector = t + k * rowThreads;
        if (vector < parts.vectors)
            held[k] = loadVector(row + parts.head + vector * elementsPerVector<T>);
    }
    // Head and tail: fewer than elementsPerVector (<= 8 <= rowThreads) elements each.
    const bool hasHead = t < parts.head, hasTail = t < rowCols - parts.tailStart;
    const float headX = hasHead ? float(row[t]) : 0.0f;
    const float tailX = hasTail ? float(row[parts.tailStart + t]) : 0.0f;

    MaxSum state = emptyMaxSum();
#pragma unroll
    for (unsigned int k = 0; k < heldVectors; ++k)
        if (t + k * rowThreads < parts.vectors) state = combine(state, maxSumOfVector(held[k]));
    if (hasHead) state = combine(state, maxSumOf(headX));
    if (hasTail) state = combine(state, maxSumOf(tailX));
    if constexpr (rowThreads > 32)
        state = warpsCombine<rowThreads>(state);
    else
        state = groupCombine<rowThreads>(state);

    // From the registers: the input is not read again.
    const float inverseSum = 1.0f / state.sum;
#pragma unroll
    for (unsigned int k = 0; k < heldVectors; ++k) {
        const std::size_t vector = t + k * rowThreads;
        if (vector < parts.vectors)
            storeVector(out + parts.head + vector * elementsPerVector<T>,
                        softmaxOfVector(held[k], state.max, inverseSum));
    }
    if (hasHead) out[t] = T(exponential<T>(headX - state.max) * inverseSum);
    if (hasTail) out[parts.tailStart + t] = T(exponential<T>(tailX - state.max) * inverseSum);
}

// Loads a thread asks for before it combines any of them, on the path that reads twice.
constexpr unsigned int loadsInFlight = 4;

// Two reads, for a row longer than a block holds: one block per row. Read 1 streams the row
// for (M, S), loadsInFlight vectors in flight per thread, each combined into the thread's
// state as it arrives; the block combines the states; read 2 loads the row again (from DRAM,
// but for what L2 still holds: little, docs/step17_softmax.md) and writes e^(x - M) / S.
template <unsigned int blockSize, typename T>
__global__ void __launch_bounds__(blockSize)
    softmaxTwoReadsKernel(const T* input, T* output, std::size_t cols)
{
    const unsigned int t = threadIdx.x;
    const T* row = input + std::size_t(blockIdx.x) * cols;
    T* out = output + std::size_t(blockIdx.x) * cols;
    const RowParts parts = rowParts(row, cols);
    const T* body = row + parts.head;  // 16-byte aligned

    MaxSum state = emptyMaxSum();
    for (std::size_t v = t; v < parts.vectors; v += loadsInFlight * blockSize) {
        Vector<T> loaded[loadsInFlight];  // every load of the trip is asked for before any use
        for (unsigned int a = 0; a < loadsInFlight; ++a)
            if (v + a * blockSize < parts.vectors)
                loaded[a] = loadVector(body + (v + a * blockSize) * elementsPerVector<T>);
        for (unsigned int a = 0; a < loadsInFlight; ++a)
            if (v + a * blockSize < parts.vectors)
                state = combine(state, maxSumOfVector(loaded[a]));
    }
    if (t < parts.head) state = combine(state, maxSumOf(float(row[t])));
    if (t < cols - parts.tailStart)
        state = combine(state, maxSumOf(float(row[parts.tailStart + t])));
    state = warpsCombine<blockSize>(state);

    const float inverseSum = 1.0f / state.sum;
    for (std::size_t v = t; v < parts.vectors; v += loadsInFlight * blockSize) {
        Vector<T> loaded[loadsInFlight];
        for (unsigned int a = 0; a < loadsInFlight; ++a)
            if (v + a * blockSize < parts.vectors)
                loaded[a] = loadVector(body + (v + a * blockSize) * elementsPerVector<T>);
        for (unsigned int a = 0; a < loadsInFlight; ++a)
            if (v + a * blockSize < parts.vectors)
                storeVector(out + parts.head + (v + a * blockSize) * elementsPerVector<T>,
                            softmaxOfVector(loaded[a], state.max, inverseSum));
    }
    if (t < parts.head) out[t] = T(exponential<T>(float(row[t]) - state.max) * inverseSum);
    if (t < cols - parts.tailStart) {
        const std::size_t c = parts.tailStart + t;
        out[c] = T(exponential<T>(float(row[c]) - state.max) * inverseSum);
    }
}

// A grid holds at most 2^31 - 1 blocks in x.
constexpr std::size_t maxGridBlocks = 2147483647;

// blockSize / rowThreads rows per block: one launch, or one per 2^31 - 1 blocks.
template <unsigned int blockSize, unsigned int rowThreads, unsigned int heldVectors, typename T>
void launchOneRead(const T* input, T* output, Shape shape)
{
    constexpr std::size_t rowsPerBlock = blockSize / rowThreads;
    const std::size_t sharedBytes = rowThreads > 32 ? (blockSize / 32) * sizeof(MaxSum) : 0;
    const std::size_t rowsPerLaunch = maxGridBlocks * rowsPerBlock;
    for (std::size_t first = 0; first < shape.rows; first += rowsPerLaunch) {
        const std::size_t rows = std::min(shape.rows - first, rowsPerLaunch);
        const unsigned int blocks = unsigned(ceilDiv(rows, rowsPerBlock));
        softmaxOneReadKernel<blockSize, rowThreads, heldVectors>
            <<<blocks, blockSize, sharedBytes>>>(input + first * shape.cols,
                                                 output + first * shape.cols, rows, shape.cols);
        CUDA_CHECK_LAUNCH();
    }
}

template <unsigned int blockSize, typename T>
void launchTwoReads(const T* input, T* output, Shape shape)
{
    const std::size_t sharedBytes = (blockSize / 32) * sizeof(MaxSum);
    for (std::size_t first = 0; first < shape.rows; first += maxGridBlocks) {
        const unsigned int rows = unsigned(std::min(shape.rows - first, maxGridBlocks));
        softmaxTwoReadsKernel<blockSize><<<rows, blockSize, sharedBytes>>>(
            input + first * shape.cols, output + first * shape.cols, shape.cols);
        CUDA_CHECK_LAUNCH();
    }
}

// The row fits the block's registers: one read.
template <typename T>
bool softmaxReadsOnce(Shape shape, int blockSize)
{
    const unsigned int threads = unsigned(blockSize);
    return shape.cols <= rowCapacity<T>(threads, maxHeldVectors<T>(threads, threads));
}

// The fewest vectors a thread of a group holds where the group is chosen at all: the next
// smaller group (smallerGroupVectors: its capacity in vectors) takes every shorter row.
constexpr unsigned int fewestHeldVectors(unsigned int rowThreads, unsigned int smallerGroupVectors)
{
    unsigned int held = 1;
    while (rowThreads * held <= smallerGroupVectors) held *= 2;
    return held;
}

// Launches the one-read kernel where a group of rowThreads holds the row with heldVectors a
// thread or the next power of 2 up to the block's maximum; false where it does not fit.
template <unsigned int blockSize, unsigned int rowThreads, unsigned int heldVectors, typename T>
bool launchOneReadIfFits(const T* input, T* output, Shape shape)
{
    if constexpr (heldVectors > maxHeldVectors<T>(blockSize, rowThreads)) {
        return false;
    } else {
        if (shape.cols <= rowCapacity<T>(rowThreads, heldVectors)) {
            launchOneRead<blockSize, rowThreads, heldVectors>(input, output, shape);
            return true;
        }
        return launchOneReadIfFits<blockSize, rowThreads, 2 * heldVectors>(input, output, shape);
    }
}

// The smallest group that holds the row (8 lanes, a warp, 2, 4, ... warps up to the block),
// each thread with the fewest vectors that hold it: a row that fills its threads' registers
// brings the most bytes an SM can ask for at once (a group of several warps holds the most a
// thread allows, as a smaller group with fewer would not hold the row). False where even
// the block does not hold the row.
template <unsigned int blockSize, unsigned int rowThreads, unsigned int smallerGroupVectors,
          typename T>
bool launchOneReadInGroups(const T* input, T* output, Shape shape)
{
    if constexpr (rowThreads > blockSize) {
        return false;
    } else {
        constexpr unsigned int fewest = fewestHeldVectors(rowThreads, smallerGroupVectors);
        if (launchOneReadIfFits<blockSize, rowThreads, fewest>(input, output, shape)) return true;
        constexpr unsigned int nextThreads = rowThreads == 8 ? 32 : 2 * rowThreads;
        constexpr unsigned int capacity = rowThreads * maxHeldVectors<T>(blockSize, rowThreads);
        return launchOneReadInGroups<blockSize, nextThreads, capacity>(input, output, shape);
    }
}

// One read where a group's registers hold the row; else the block reads the row twice.
template <unsigned int blockSize, typename T>
void launchSoftmax(const T* input, T* output, Shape shape)
{
    if (!launchOneReadInGroups<blockSize, 8, 0>(input, output, shape))
        launchTwoReads<blockSize>(input, output, shape);
}

// Writes softmax(row r) to output[r * cols .. (r + 1) * cols) for every row r. The kernels
// need the block size at compile time: one instance per size the CLI allows.
template <typename T>
void softmaxRows(const T* input, T* output, Shape shape, int blockSize)
{
    if (shape.elements() == 0) return;
    if (reinterpret_cast<std::uintptr_t>(input) % vectorBytes != 0 ||
        reinterpret_cast<std::uintptr_t>(output) % vectorBytes != 0) {
        std::fprintf(stderr, "error: softmaxRows(): input and output must be 16-byte aligned\n");
        std::exit(exitBadUsage);
    }
    // clang-format off
    switch (blockSize) {
    case 1024: launchSoftmax<1024>(input, output, shape); break;
    case 512:  launchSoftmax<512>(input, output, shape); break;
    case 256:  launchSoftmax<256>(input, output, shape); break;
    case 128:  launchSoftmax<128>(input, output, shape); break;
    case 64:   launchSoftmax<64>(input, output, shape); break;
    case 32:   launchSoftmax<32>(input, output, shape); break;
    default:   noKernelForBlockSize(blockSize);
    }
    // clang-format on
}

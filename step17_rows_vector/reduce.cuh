// Step 17: 128-bit loads per row: step 14's block per row, each load now 16 bytes (step 11),
// so 4 loads in flight carry 16 floats per thread. A row starts wherever the one before it
// ends, so each row has its own head (the elements before its first 16-byte boundary) and
// tail, loaded one by one.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

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

// One 128-bit load: 8 halves or bfloat16s, 4 ints or floats, 2 int64s or doubles, 1 cdouble.
constexpr std::size_t vectorBytes = 16;

template <typename T>
constexpr unsigned int elementsPerVector = vectorBytes / sizeof(T);

template <typename T>
struct alignas(vectorBytes) Vector {
    T element[elementsPerVector<T>];
};

// One 128-bit load through the read-only (non-coherent) data path: the input does not
// change while the kernel runs, so it may be cached without coherence.
template <typename T>
__device__ Vector<T> loadVector(const T* address)
{
    int4 bits = __ldg(reinterpret_cast<const int4*>(address));
    Vector<T> vector;
    memcpy(&vector, &bits, sizeof bits);
    return vector;
}

// Block r sums row r: thread t adds vectors t, t + blockSize, ... of its aligned body, then
// the head and the tail one element each. A warp's load is 512 consecutive bytes of the row.
template <unsigned int blockSize, typename T>
__global__ void __launch_bounds__(blockSize)
    rowsKernel(const T* input, std::size_t cols, Accumulator<T>* sums)
{
    using Sum = Accumulator<T>;
    const T* row = input + std::size_t(blockIdx.x) * cols;
    const std::size_t misalignment = reinterpret_cast<std::uintptr_t>(row) % vectorBytes;
    std::size_t head = (vectorBytes - misalignment) % vectorBytes / sizeof(T);
    if (head > cols) head = cols;
    const T* alignedRow = row + head;
    const std::size_t vectors = (cols - head) / elementsPerVector<T>;
    const std::size_t tailStart = head + vectors * elementsPerVector<T>;

    Sum partial[loadsInFlight] = {};
    std::size_t v = threadIdx.x;
    for (; v + (loadsInFlight - 1) * blockSize < vectors; v += loadsInFlight * blockSize) {
        Vector<T> loaded[loadsInFlight];  // no load of the trip waits for an add
        for (unsigned int a = 0; a < loadsInFlight; ++a)
            loaded[a] = loadVector(alignedRow + (v + a * blockSize) * elementsPerVector<T>);
        for (unsigned int a = 0; a < loadsInFlight; ++a)
            for (unsigned int e = 0; e < elementsPerVector<T>; ++e)
                partial[a] += Sum(loaded[a].element[e]);
    }
    for (; v < vectors; v += blockSize) {  // the rest of the body
        const Vector<T> loaded = loadVector(alignedRow + v * elementsPerVector<T>);
        for (unsigned int e = 0; e < elementsPerVector<T>; ++e)
            partial[0] += Sum(loaded.element[e]);
    }
    if (threadIdx.x < head) partial[0] += Sum(row[threadIdx.x]);
    if (threadIdx.x < cols - tailStart) partial[0] += Sum(row[tailStart + threadIdx.x]);
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

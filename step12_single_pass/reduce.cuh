// Step 12: a single pass: one launch computes the whole sum. Every block publishes its
// partial sum and takes a ticket; the block that takes the last ticket adds the partial
// sums in a fixed order, so the result is the same, bit for bit, on every run.
#pragma once

#include <cstddef>

#include "kernel_helpers.cuh"

// A block of one warp works too: the warp stage needs no second warp.
constexpr int minBlockSize = 32;

// The sum of a warp's 32 values, in lane 0. Each step moves values from the upper half of
// the live lanes to the lower half through registers: no shared memory, no bank conflicts,
// and the _sync shuffle itself synchronizes the lanes of the mask (all 32).
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

// One 128-bit load: 8 halves or bfloat16s, 4 ints or floats, 2 int64s or doubles, 1 cdouble.
constexpr std::size_t vectorBytes = 16;

template <typename T>
constexpr unsigned int elementsPerVector = vectorBytes / sizeof(T);

template <typename T>
struct alignas(vectorBytes) Vector {
    T element[elementsPerVector<T>];
};

// The loads a trip asks for before its first add (nvcc may issue some adds earlier: the
// SASS, docs/step10_independent_loads.md): 8, the best depth for float on the H200, within
// 3 % of the best everywhere measured. -DLOADS_IN_FLIGHT=k builds another depth.
#ifndef LOADS_IN_FLIGHT
#define LOADS_IN_FLIGHT 8
#endif
constexpr unsigned int loadsInFlight = LOADS_IN_FLIGHT;

// A load that skips L1 and reads L2 (.cg: "cache global"), where every SM's writes meet:
// for the block sums that other blocks of the same launch wrote.
template <typename T>
__device__ T loadFromL2(const T* address)
{
    return __ldcg(address);
}

template <typename Real>
__device__ Complex<Real> loadFromL2(const Complex<Real>* address)
{
    return Complex<Real>(__ldcg(&address->re), __ldcg(&address->im));
}

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

// Loads in flight live in registers, and an SM has 65536 of them: __launch_bounds__ tells the
// compiler the block size, so it keeps a thread's registers within 65536 / blockSize.
template <unsigned int blockSize, typename T>
__global__ void __launch_bounds__(blockSize)
    reduceKernel(const T* input, Accumulator<T>* blockSums, unsigned int* blocksDone,
                 Accumulator<T>* result, std::size_t n)
{
    using Sum = Accumulator<T>;
    // A vector load needs an address aligned to vectorBytes: the few elements before the
    // first aligned address (head) and after the last whole vector (tail) are loaded one by one.
    const std::size_t misalignment = reinterpret_cast<std::uintptr_t>(input) % vectorBytes;
    std::size_t head = (vectorBytes - misalignment) % vectorBytes / sizeof(T);
    if (head > n) head = n;
    const T* alignedInput = input + head;
    const std::size_t vectors = (n - head) / elementsPerVector<T>;
    const std::size_t tailStart = head + vectors * elementsPerVector<T>;

    // Block b reads tiles b, b + gridDim.x, ...: a tile is `loadsInFlight` neighbouring rows.
    const std::size_t thread = std::size_t(blockIdx.x) * blockSize + threadIdx.x;
    const std::size_t tile = std::size_t(blockSize) * loadsInFlight;
    Sum sums[loadsInFlight] = {};
    std::size_t v = blockIdx.x * tile + threadIdx.x;
    for (; v + (loadsInFlight - 1) * blockSize < vectors; v += gridDim.x * tile) {
        Vector<T> loaded[loadsInFlight];  // no load of the trip waits for an add
        for (unsigned int a = 0; a < loadsInFlight; ++a)
            loaded[a] = loadVector(alignedInput + (v + a * blockSize) * elementsPerVector<T>);
        for (unsigned int a = 0; a < loadsInFlight; ++a)
            for (unsigned int e = 0; e < elementsPerVector<T>; ++e)
                sums[a] += Sum(loaded[a].element[e]);
    }
    Vector<T> lastLoaded[loadsInFlight] = {};  // the last tile, if it is not whole: 0 past the end
    for (unsigned int a = 0; a < loadsInFlight; ++a)
        if (v + a * blockSize < vectors)
            lastLoaded[a] = loadVector(alignedInput + (v + a * blockSize) * elementsPerVector<T>);
    for (unsigned int a = 0; a < loadsInFlight; ++a)
        for (unsigned int e = 0; e < elementsPerVector<T>; ++e)
            sums[a] += Sum(lastLoaded[a].element[e]);
    if (thread < head) sums[0] += Sum(input[thread]);
    if (thread < n - tailStart) sums[0] += Sum(input[tailStart + thread]);
    Sum sum = 0;
    for (unsigned int a = 0; a < loadsInFlight; ++a) sum += sums[a];
    sum = blockSum<blockSize>(sum);
    if (gridDim.x == 1) {  // a lone block holds the whole sum: no tickets needed
        if (threadIdx.x == 0) *result = sum;
        return;
    }

    // Publish this block's sum, then take a ticket. The fence makes the sum visible to
    // every SM before the ticket is; atomicInc wraps the counter back to 0 after the last
    // ticket, ready for the next launch.
    __shared__ bool isLastBlock;
    if (threadIdx.x == 0) {
        blockSums[blockIdx.x] = sum;
        __threadfence();
        isLastBlock = atomicInc(blocksDone, gridDim.x - 1) == gridDim.x - 1;
    }
    __syncthreads();
    if (!isLastBlock) return;

    // The last block: every other block's sum is published. Each thread adds a fixed
    // subset in a fixed order, so the result does not depend on which block came last.
    __threadfence();
    sum = 0;
    for (unsigned int b = threadIdx.x; b < gridDim.x; b += blockSize)
        sum += loadFromL2(&blockSums[b]);
    sum = blockSum<blockSize>(sum);
    if (threadIdx.x == 0) *result = sum;
}

// How many elements one block adds up: `loadsInFlight` vectors per thread in one trip of its loop.
template <typename T>
constexpr std::size_t elementsPerBlock(int blockSize)
{
    return std::size_t(blockSize) * elementsPerVector<T> * loadsInFlight;
}

// The workspace holds the ticket counter, then one sum per block; the counter takes 16
// bytes so that the sums after it stay aligned for every type.
constexpr std::size_t ticketBytes = 16;

template <typename T>
std::size_t workspaceBytes(std::size_t n, int blockSize)
{
    return ticketBytes + ceilDiv(n, elementsPerBlock<T>(blockSize)) * sizeof(Accumulator<T>);
}

// One launch: enough blocks to cover n, at most as many as fit on the GPU at once. The
// harness hands over the workspace zeroed, so the ticket counter starts at 0.
template <unsigned int blockSize, typename T>
void launchReduction(const T* input, std::size_t n, void* workspace, Accumulator<T>* result)
{
    using Sum = Accumulator<T>;
    const std::size_t sharedBytes = (blockSize / 32) * sizeof(Sum);
    // One wave of blocks; the occupancy of a kernel does not change, so it is asked once.
    static const unsigned int maxBlocks =
        residentBlocks(reduceKernel<blockSize, T>, blockSize, sharedBytes);
    unsigned int* blocksDone = static_cast<unsigned int*>(workspace);
    Sum* blockSums = reinterpret_cast<Sum*>(static_cast<char*>(workspace) + ticketBytes);
    unsigned int blocks = unsigned(std::min<std::size_t>(
        std::max<std::size_t>(1, ceilDiv(n, elementsPerBlock<T>(blockSize))), maxBlocks));
    reduceKernel<blockSize>
        <<<blocks, blockSize, sharedBytes>>>(input, blockSums, blocksDone, result, n);
    CUDA_CHECK_LAUNCH();
}

// The kernels need the block size at compile time: one instance per size the CLI allows.
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
    case 32:   launchReduction<32>(input, n, workspace, result); break;
    default:   noKernelForBlockSize(blockSize);
    }
    // clang-format on
}

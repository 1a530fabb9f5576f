// Step 12b: step 12's single pass, adding in a reproducible sum (binned_sum.cuh) instead of a
// float or double: the result is the same, bit for bit, for every block size, grid, GPU and
// order of the input, not only from run to run.
#pragma once

#include <cstddef>
#include <cstring>

#include "binned_sum.cuh"
#include "kernel_helpers.cuh"

// A block of one warp works too: the warp stage needs no second warp.
constexpr int minBlockSize = 32;

// A sum is a few doubles and ints: it crosses lanes one 32-bit word at a time.
template <typename Sum>
__device__ Sum shuffleDownWords(const Sum& value, unsigned int offset)
{
    unsigned int words[sizeof(Sum) / 4];
    memcpy(words, &value, sizeof(Sum));
    for (unsigned int& word : words) word = __shfl_down_sync(0xFFFFFFFFu, word, offset);
    Sum moved;
    memcpy(&moved, words, sizeof(Sum));
    return moved;
}

// The sum of a warp's 32 sums, in lane 0. Each step moves sums from the upper half of
// the live lanes to the lower half through registers: no shared memory, no bank conflicts,
// and the _sync shuffle itself synchronizes the lanes of the mask (all 32).
template <typename Sum>
__device__ Sum warpSum(Sum value)
{
    for (unsigned int offset = 16; offset > 0; offset /= 2)
        value.merge(shuffleDownWords(value, offset));
    return value;
}

// The sum of a block's values, in thread 0: each warp sums its own, lane 0 of each warp
// leaves that partial sum in shared memory, and the first warp sums the partials.
template <unsigned int blockSize, typename Sum>
__device__ Sum blockSum(Sum value)
{
    constexpr unsigned int warps = blockSize / 32;
    Sum* warpSums = sharedMemory<Sum>();
    unsigned int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    value = warpSum(value);
    if (lane == 0) warpSums[warp] = value;
    __syncthreads();
    if (warp == 0) value = warpSum(lane < warps ? warpSums[lane] : Sum());
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
template <typename Sum>
__device__ Sum loadFromL2(const Sum* address)
{
    unsigned int words[sizeof(Sum) / 4];
    for (unsigned int w = 0; w < sizeof(Sum) / 4; ++w)
        words[w] = __ldcg(reinterpret_cast<const unsigned int*>(address) + w);
    Sum sum;
    memcpy(&sum, words, sizeof(Sum));
    return sum;
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

// The whole sum, by thread 0: its value, the exact total rounded once, and its bins, kept in
// the workspace's first slot, where a combine across GPUs merges them before the one rounding
// (experiments/reproducible_sum/ranks.cu: rounding each GPU's sum first would not reproduce).
template <typename Sum, typename Result>
__device__ void finish(const Sum& sum, Sum* blockSums, Result* result)
{
    blockSums[0] = sum;
    *result = sum.value();
}

// Loads in flight live in registers, and an SM has 65536 of them: __launch_bounds__ tells the
// compiler the block size, so it keeps a thread's registers within 65536 / blockSize.
template <unsigned int blockSize, typename T>
__global__ void __launch_bounds__(blockSize)
    reduceKernel(const T* input, ReproducibleSum<T>* blockSums, unsigned int* blocksDone,
                 Accumulator<T>* result, std::size_t n)
{
    using Sum = ReproducibleSum<T>;
    // A trip deposits loadsInFlight vectors between two renormalizations: at most 2048 pieces
    // keep every bin in its binade (binned_sum.cuh).
    static_assert(loadsInFlight * elementsPerVector<T> <= 2048, "too many deposits per trip");
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
    Sum sum;
    std::size_t v = blockIdx.x * tile + threadIdx.x;
    for (; v + (loadsInFlight - 1) * blockSize < vectors; v += gridDim.x * tile) {
        Vector<T> loaded[loadsInFlight];  // no load of the trip waits for an add
        for (unsigned int a = 0; a < loadsInFlight; ++a)
            loaded[a] = loadVector(alignedInput + (v + a * blockSize) * elementsPerVector<T>);
        sum.addAll(loaded);  // one window fit per trip, then the deposits
    }
    Vector<T> lastLoaded[loadsInFlight] = {};  // the last tile, if it is not whole: 0 past the end
    for (unsigned int a = 0; a < loadsInFlight; ++a)
        if (v + a * blockSize < vectors)
            lastLoaded[a] = loadVector(alignedInput + (v + a * blockSize) * elementsPerVector<T>);
    sum.addAll(lastLoaded);
    if (thread < head) sum.add(input[thread]);
    if (thread < n - tailStart) sum.add(input[tailStart + thread]);
    sum = blockSum<blockSize>(sum);
    if (gridDim.x == 1) {  // a lone block holds the whole sum: no tickets needed
        if (threadIdx.x == 0) finish(sum, blockSums, result);
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

    // The last block: every other block's sum is published. Any order would do now; a
    // fixed one costs nothing.
    __threadfence();
    sum = Sum();
    for (unsigned int b = threadIdx.x; b < gridDim.x; b += blockSize)
        sum.merge(loadFromL2(&blockSums[b]));
    sum = blockSum<blockSize>(sum);  // every block sum is read: slot 0 is free again
    if (threadIdx.x == 0) finish(sum, blockSums, result);
}

// How many elements one block adds up: `loadsInFlight` vectors per thread in one trip of its loop.
template <typename T>
constexpr std::size_t elementsPerBlock(int blockSize)
{
    return std::size_t(blockSize) * elementsPerVector<T> * loadsInFlight;
}

// The workspace holds the ticket counter, then one sum per block (at least one: the whole
// sum's, at the end); the counter takes 16 bytes so that the sums after it stay aligned for
// every type.
constexpr std::size_t ticketBytes = 16;

template <typename T>
std::size_t workspaceBytes(std::size_t n, int blockSize)
{
    const std::size_t blocks = std::max<std::size_t>(1, ceilDiv(n, elementsPerBlock<T>(blockSize)));
    return ticketBytes + blocks * sizeof(ReproducibleSum<T>);
}

// The bins of the whole sum that the last reduce() left in the workspace (finish()).
template <typename T>
const ReproducibleSum<T>* wholeSumIn(const void* workspace)
{
    return reinterpret_cast<const ReproducibleSum<T>*>(static_cast<const char*>(workspace) +
                                                       ticketBytes);
}

// One launch: enough blocks to cover n, at most as many as fit on the GPU at once. The
// harness hands over the workspace zeroed, so the ticket counter starts at 0.
template <unsigned int blockSize, typename T>
void launchReduction(const T* input, std::size_t n, void* workspace, Accumulator<T>* result)
{
    using Sum = ReproducibleSum<T>;
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

// Step 19: step 18's softmax with one exponential per element. Where a group holds the row in
// its registers the online (max, sum) state saves no read, and it costs instructions: an
// exponential per element for the sum and another for the output, two more at every combine
// (each shuffle level). Here the group finds the row's maximum M first, then computes
// e^(x - M) once per element, keeps it in registers, sums it, and writes e^(x - M) * (1 / S):
// two reductions with no exponential in them, as Triton's fused-softmax tutorial does. 16-bit
// elements (half the bytes of a float per element, so twice the elements a second at the same
// bandwidth) also lose the 3 instructions __expf spends on outputs below 2^-126. Besides: 16-bit
// threads hold at most 4 vectors (groups of 512 threads or more also 3, where 3 hold the row,
// compiled for 3 blocks of 512 an SM); a row past the block takes one block of up to 512 threads
// before a cluster; plain loads; rows of a width that is a multiple of a vector take an instance
// compiled for aligned rows; a group smaller than the block whose threads hold 4 vectors or more
// (16-bit groups of 512: 3) runs in a block of its own (one warp at least). A row longer than a
// cluster holds is read twice, with step 18's online state.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include <cooperative_groups.h>

#include "cuda_check.cuh"
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

// The blocks of a cluster, at most: 8 is the size every GPU with clusters runs (the portable
// size: a cluster's blocks run at once, on the SMs of one GPC).
constexpr unsigned int maxClusterBlocks = 8;

// The combined state of a cluster's clusterBlocks blocks, in every thread of the cluster: each
// block combines its own (warpsCombine), thread 0 leaves it in the block's shared memory, and
// after the cluster's barrier the first clusterBlocks lanes of every warp read the blocks'
// states from the blocks' shared memory (distributed shared memory: another block's shared
// memory, mapped into this block's address space) and the warp combines them, in the same
// order in every warp of every block: the same bits everywhere. A block's shared memory is gone
// when it exits, and another block may still be reading it: each thread arrives at a second
// barrier once it has read, and the kernel waits there (clusterWaitForReaders) only before it
// ends, so the writes go on meanwhile. Every thread of the cluster must call both.
template <unsigned int blockSize, unsigned int clusterBlocks>
__device__ MaxSum clusterCombine(MaxSum state)
{
#if __CUDA_ARCH__ >= 900
    __shared__ MaxSum blockState;
    state = warpsCombine<blockSize>(state);
    if (threadIdx.x == 0) blockState = state;
    cooperative_groups::cluster_group cluster = cooperative_groups::this_cluster();
    cluster.sync();  // every block's state written and visible to the cluster
    const unsigned int lane = threadIdx.x % 32;
    state = groupCombine<32>(lane < clusterBlocks ? *cluster.map_shared_rank(&blockState, lane)
                                                  : emptyMaxSum());
    cluster.barrier_arrive();  // this thread's reads of the others' states are done
    return state;
#else
    __trap();  // no clusters before compute capability 9.0; the host refuses to launch one
    return state;
#endif
}

// The two reductions of a row held on chip: its maximum (fmaxf skips a NaN element; the NaN
// then reaches the sum through e^(NaN - M) and makes the row NaN, as a +inf does through
// e^(inf - inf)) and its sum. Each has its identity, the value of a thread that holds nothing.
struct Maximum {
    static constexpr float identity = -INFINITY;
    __device__ float operator()(float a, float b) const { return fmaxf(a, b); }
};
struct Plus {
    static constexpr float identity = 0.0f;
    __device__ float operator()(float a, float b) const { return a + b; }
};

// The reduction of a group's values (rowThreads of 8 or 32 lanes), in every lane: a butterfly
// (__shfl_xor_sync), where lanes i and i ^ offset compute op(a, b) and op(b, a), the same bits
// (both operations commute), so no broadcast is needed. A shuffle moves one float, where a
// (max, sum) state moved two and its combine took two expf.
template <unsigned int rowThreads, typename Op>
__device__ float groupReduce(float value, Op op)
{
    for (unsigned int offset = rowThreads / 2; offset > 0; offset /= 2)
        value = op(value, __shfl_xor_sync(0xFFFFFFFFu, value, offset, rowThreads));
    return value;
}

// The reduction of a group of several warps (rowThreads of 64 up to the block), in every thread
// of it: each warp reduces its own, lane 0 of each warp leaves it in shared memory (slot 0 for
// the maximum, 1 for the sum: the sum's writes never meet a late read of the maximum), and every
// warp reduces its group's values. Every thread of the block must call it.
template <unsigned int rowThreads, typename Op>
__device__ float warpsReduce(float value, Op op, unsigned int slot)
{
    constexpr unsigned int warps = rowThreads / 32;
    float* warpValues = sharedMemory<float>() + slot * (blockDim.x / 32);
    const unsigned int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const unsigned int groupFirstWarp = warp / warps * warps;
    value = groupReduce<32>(value, op);
    if (lane == 0) warpValues[warp] = value;
    __syncthreads();
    return groupReduce<32>(lane < warps ? warpValues[groupFirstWarp + lane] : Op::identity, op);
}

// The reduction of a cluster's clusterBlocks blocks, in every thread of the cluster: each block
// reduces its own (warpsReduce), thread 0 leaves it in the block's shared memory (a slot per
// reduction, as above), and after the cluster's barrier the first clusterBlocks lanes of every
// warp read the blocks' values from the blocks' shared memory (distributed shared memory) and
// the warp reduces them. The sum's barrier also orders every read of the maxima before it.
// After the sum a block's shared memory must outlive the others' reads: each thread arrives
// once it has read (clusterArriveAfterReads) and the kernel waits before it ends
// (clusterWaitForReaders), so the writes go on meanwhile. Every thread of the cluster calls it.
template <unsigned int blockSize, unsigned int clusterBlocks, typename Op>
__device__ float clusterReduce(float value, Op op, unsigned int slot)
{
#if __CUDA_ARCH__ >= 900
    __shared__ float blockValues[2];
    value = warpsReduce<blockSize>(value, op, slot);
    if (threadIdx.x == 0) blockValues[slot] = value;
    cooperative_groups::cluster_group cluster = cooperative_groups::this_cluster();
    cluster.sync();  // every block's value written and visible to the cluster
    const unsigned int lane = threadIdx.x % 32;
    return groupReduce<32>(
        lane < clusterBlocks ? *cluster.map_shared_rank(&blockValues[slot], lane) : Op::identity,
        op);
#else
    __trap();  // no clusters before compute capability 9.0; the host refuses to launch one
    return value;
#endif
}

// The second barrier's arrival: this thread's reads of the others' sums are done.
__device__ inline void clusterArriveAfterReads()
{
#if __CUDA_ARCH__ >= 900
    cooperative_groups::this_cluster().barrier_arrive();
#endif
}

// The reduction of a row's group, whatever its size: a cluster, several warps, or lanes.
template <unsigned int blockSize, unsigned int rowThreads, typename Op>
__device__ float rowReduce(float value, Op op, unsigned int slot)
{
    constexpr unsigned int clusterBlocks = rowThreads > blockSize ? rowThreads / blockSize : 1;
    if constexpr (clusterBlocks > 1)
        return clusterReduce<blockSize, clusterBlocks>(value, op, slot);
    else if constexpr (rowThreads > 32)
        return warpsReduce<rowThreads>(value, op, slot);
    else
        return groupReduce<rowThreads>(value, op);
}

// The second barrier's wait: no block leaves while another may still read its state.
__device__ inline void clusterWaitForReaders()
{
#if __CUDA_ARCH__ >= 900
    cooperative_groups::this_cluster().barrier_wait();
#endif
}

// One 128-bit load: 8 halves or bfloat16s, 4 floats.
constexpr std::size_t vectorBytes = 16;

template <typename T>
constexpr unsigned int elementsPerVector = vectorBytes / sizeof(T);

template <typename T>
struct alignas(vectorBytes) Vector {
    T element[elementsPerVector<T>];
};

// A plain 128-bit load (LDG.E.128), as the Triton kernel's, not step 18's read-only one (__ldg:
// LDG.E.128.CONSTANT): on the H200 the plain load was 0-8 % faster here in one run (float
// 11008 columns: 4027 against 3870 GB/s; docs/step19_softmax_one_exponential.md).
template <typename T>
__device__ Vector<T> loadVector(const T* address)
{
    int4 bits = *reinterpret_cast<const int4*>(address);
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

// e^x of an element. 16-bit elements take the hardware's approximate exponential, __expf's
// product by log2(e) and MUFU.EX2 (at most 2 + 1.173|x| float ulps off, CUDA C++ Programming
// Guide, "Intrinsic Functions"), with results below 2^-126 flushed to 0 (.ftz, within the check's
// floor): that spares the 3 instructions __expf spends scaling them. Float keeps expf (2 ulps):
// its output is rounded to 2^-24.
template <typename T>
__device__ float exponential(float x)
{
    if constexpr (sizeof(T) == 2) {
        float y;
        asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x * 1.4426950408889634f));
        return y;
    } else {
        return expf(x);
    }
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

// Where cols is a multiple of a vector's elements, every row starts 16-byte aligned: no head, and
// the body is known without the row's address.
template <typename T>
__device__ RowParts alignedRowParts(std::size_t rowCols)
{
    const std::size_t vectors = rowCols / elementsPerVector<T>;
    return {0, vectors, vectors * elementsPerVector<T>};
}

// Vectors a thread holds in registers: 1, 2, 4 or 8, as few as the row needs. The registers a
// thread is compiled with set how many threads an SM keeps (65536 registers an SM): a thread
// that held 8 vectors (32 registers of data, 80 in all) for a row that fills 1 of them kept an
// SM at 3 blocks of 256 instead of 8, and so at 3/8 of the loads in flight. A warp of floats
// may hold 16 (a row of 2048), so that such a row needs no second warp, shared memory or
// barrier: 9.6 % faster on the H200, 1.5 % slower on the H100 (docs/step17_softmax.md). 16-bit
// elements hold at most 4, their e^(x - M) kept as 32 floats: 8 took 100 registers, 2 blocks of
// 256 an SM, 4 take 62, 4 blocks (docs/step19_softmax_one_exponential.md). A block of 1024
// threads has 64 registers each, and 8 vectors there spill to local memory: it holds at most 4.
constexpr unsigned int warpOfFloatsVectors = 16;

template <typename T>
__host__ __device__ constexpr unsigned int maxHeldVectors(unsigned int blockSize,
                                                          unsigned int rowThreads)
{
    if (blockSize == 1024 || sizeof(T) == 2) return 4;
    return rowThreads == 32 ? warpOfFloatsVectors : 8;
}

// The vectors a thread holds after heldVectors, where those do not hold the row: twice as many;
// 16-bit groups of minThreeVectorsGroup threads or more go 2, 3, 4 instead of 2, 4. Holding 4, a
// group of 512 threads took 52 registers: an SM kept 2 of its blocks (rows); holding 3, compiled
// for 40 registers (minBlocksAnSM), it keeps 3. Groups of 256 threads and fewer keep 4: compiled
// for 40 registers too, they were slower on the H200 (docs/step19_softmax_one_exponential.md).
constexpr unsigned int minThreeVectorsGroup = 512;

template <typename T>
constexpr unsigned int nextHeldVectors(unsigned int rowThreads, unsigned int heldVectors)
{
    const bool three = sizeof(T) == 2 && rowThreads >= minThreeVectorsGroup;
    if (three && (heldVectors == 2 || heldVectors == 3)) return heldVectors + 1;
    return 2 * heldVectors;
}

// The fewest blocks an SM must keep that a kernel is compiled for (__launch_bounds__'s second
// argument): threads that hold 3 16-bit vectors for 1536 threads an SM (3 blocks of 512, 6 of
// 256), so at most 40 registers each (65536 an SM); with a bound of 1 they took 48, and an SM
// kept 2 blocks of 512, as with 4 vectors. The others 0: no bound, the compiler chooses (a bound
// of 1 changes its choice: bf16's <256, 256, 4> took 52 registers instead of 48, 4 blocks an SM
// instead of 5). An SM of compute capability 7.5 keeps at most 1024 threads: 1536 is out of its
// range (ptxas says so), so there the bound asks for 1024.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
constexpr unsigned int heldThreeThreadsAnSM = 1024;
#else
constexpr unsigned int heldThreeThreadsAnSM = 1536;
#endif

constexpr unsigned int minBlocksAnSM(unsigned int blockSize, unsigned int heldVectors)
{
    constexpr unsigned int maxBlocksAnSM = 32;
    if (heldVectors != 3) return 0;
    return std::min(maxBlocksAnSM, heldThreeThreadsAnSM / blockSize);
}

// The row a group keeps on chip: rowThreads x heldVectors x elementsPerVector elements.
template <typename T>
constexpr std::size_t rowCapacity(unsigned int rowThreads, unsigned int heldVectors)
{
    return std::size_t(rowThreads) * heldVectors * elementsPerVector<T>;
}

// One read: each group of rowThreads threads (8, 32, 64, ... up to the block) does one row. Thread
// t loads vectors t, t + rowThreads, ... (at most heldVectors: the row fits) and the group's first
// threads the head and the tail, one element each; the group reduces its maximum M, each thread
// computes e^(x - M) of what it holds, the group reduces their sum S, and every thread writes
// e^(x - M) / S of what it holds, from its registers. A group past the last row holds nothing but
// still takes part in the shuffles. Past the block, the group is a cluster of rowThreads /
// blockSize blocks. rowsAligned: cols is a multiple of a vector's elements (the launch checks), so
// no row has a head, as Triton compiles a kernel for integer arguments divisible by 16: 2 to 18 %
// faster than finding each row's head from its address, on the H200 (float 4096, 5120, 8192,
// 11008, bf16 5120; docs/step19_softmax_one_exponential.md); bf16's <256, 256, 4> takes 48
// registers, not 58. Aligned rows of at most 4 vectors take groups of 4 (launchSoftmax).
template <unsigned int blockSize, unsigned int rowThreads, unsigned int heldVectors,
          bool rowsAligned, typename T>
__global__ void __launch_bounds__(blockSize, minBlocksAnSM(blockSize, heldVectors))
    softmaxOneReadKernel(const T* input, T* output, std::size_t rows, std::size_t cols)
{
    constexpr unsigned int clusterBlocks = rowThreads > blockSize ? rowThreads / blockSize : 1;
    constexpr unsigned int rowsPerBlock = rowThreads > blockSize ? 1 : blockSize / rowThreads;
    // A cluster's blocks are consecutive in the grid: block b is block b % clusterBlocks of
    // cluster b / clusterBlocks (the launch sets the cluster's shape to clusterBlocks x 1 x 1).
    const std::size_t rowIndex =
        clusterBlocks > 1 ? blockIdx.x / clusterBlocks
                          : std::size_t(blockIdx.x) * rowsPerBlock + threadIdx.x / rowThreads;
    const unsigned int t = clusterBlocks > 1 ? blockIdx.x % clusterBlocks * blockSize + threadIdx.x
                                             : threadIdx.x % rowThreads;
    const std::size_t rowCols = rowIndex < rows ? cols : 0;
    const T* row = input + rowIndex * cols;
    T* out = output + rowIndex * cols;
    const RowParts parts = rowsAligned ? alignedRowParts<T>(rowCols) : rowParts(row, rowCols);

    // Unrolled with a constant count, so held[k] are registers, not local memory.
    Vector<T> held[heldVectors];
#pragma unroll
    for (unsigned int k = 0; k < heldVectors; ++k) {
        const std::size_t vector = t + k * rowThreads;
        if (vector < parts.vectors)
            held[k] = loadVector(row + parts.head + vector * elementsPerVector<T>);
    }
    // Head and tail: fewer than elementsPerVector (<= 8 <= rowThreads; aligned rows, which groups
    // of 4 take, have none) elements each.
    const bool hasHead = t < parts.head, hasTail = t < rowCols - parts.tailStart;
    const float headX = hasHead ? float(row[t]) : 0.0f;
    const float tailX = hasTail ? float(row[parts.tailStart + t]) : 0.0f;

    // The row's maximum M first: no exponential yet.
    float max = -INFINITY;
#pragma unroll
    for (unsigned int k = 0; k < heldVectors; ++k)
        if (t + k * rowThreads < parts.vectors)
            for (unsigned int e = 0; e < elementsPerVector<T>; ++e)
                max = fmaxf(max, float(held[k].element[e]));
    if (hasHead) max = fmaxf(max, headX);
    if (hasTail) max = fmaxf(max, tailX);
    max = rowReduce<blockSize, rowThreads>(max, Maximum(), 0);

    // Then one exponential per element, e^(x - M), kept in registers (floats) for the writes.
    float exps[heldVectors][elementsPerVector<T>];
    float sum = 0;
#pragma unroll
    for (unsigned int k = 0; k < heldVectors; ++k)
        if (t + k * rowThreads < parts.vectors)
            for (unsigned int e = 0; e < elementsPerVector<T>; ++e) {
                exps[k][e] = exponential<T>(float(held[k].element[e]) - max);
                sum += exps[k][e];
            }
    const float headExp = hasHead ? exponential<T>(headX - max) : 0.0f;
    const float tailExp = hasTail ? exponential<T>(tailX - max) : 0.0f;
    sum = rowReduce<blockSize, rowThreads>(sum + headExp + tailExp, Plus(), 1);
    if constexpr (clusterBlocks > 1) clusterArriveAfterReads();

    // From the registers: the input is not read again.
    const float inverseSum = 1.0f / sum;
#pragma unroll
    for (unsigned int k = 0; k < heldVectors; ++k) {
        const std::size_t vector = t + k * rowThreads;
        if (vector < parts.vectors) {
            Vector<T> y;
            for (unsigned int e = 0; e < elementsPerVector<T>; ++e)
                y.element[e] = T(exps[k][e] * inverseSum);
            storeVector(out + parts.head + vector * elementsPerVector<T>, y);
        }
    }
    if (hasHead) out[t] = T(headExp * inverseSum);
    if (hasTail) out[parts.tailStart + t] = T(tailExp * inverseSum);
    if constexpr (clusterBlocks > 1) clusterWaitForReaders();
}

// Loads a thread asks for before it combines any of them, on the path that reads twice.
constexpr unsigned int loadsInFlight = 4;

// Two reads, for a row longer than a cluster holds: one row per cluster of clusterBlocks blocks
// (1: one block), its threads numbered across the cluster. Read 1 streams the row for (M, S),
// loadsInFlight vectors in flight per thread, each combined into the thread's state as it
// arrives; the block combines the states, then the cluster; read 2 loads the row again (from
// DRAM, but for what L2 still holds) and writes e^(x - M) / S.
template <unsigned int blockSize, unsigned int clusterBlocks, typename T>
__global__ void __launch_bounds__(blockSize)
    softmaxTwoReadsKernel(const T* input, T* output, std::size_t cols)
{
    constexpr unsigned int rowThreads = blockSize * clusterBlocks;
    const unsigned int t = blockIdx.x % clusterBlocks * blockSize + threadIdx.x;
    const std::size_t rowIndex = blockIdx.x / clusterBlocks;
    const T* row = input + rowIndex * cols;
    T* out = output + rowIndex * cols;
    const RowParts parts = rowParts(row, cols);
    const T* body = row + parts.head;  // 16-byte aligned

    MaxSum state = emptyMaxSum();
    for (std::size_t v = t; v < parts.vectors; v += loadsInFlight * rowThreads) {
        Vector<T> loaded[loadsInFlight];  // every load of the trip is asked for before any use
        for (unsigned int a = 0; a < loadsInFlight; ++a)
            if (v + a * rowThreads < parts.vectors)
                loaded[a] = loadVector(body + (v + a * rowThreads) * elementsPerVector<T>);
        for (unsigned int a = 0; a < loadsInFlight; ++a)
            if (v + a * rowThreads < parts.vectors)
                state = combine(state, maxSumOfVector(loaded[a]));
    }
    if (t < parts.head) state = combine(state, maxSumOf(float(row[t])));
    if (t < cols - parts.tailStart)
        state = combine(state, maxSumOf(float(row[parts.tailStart + t])));
    if constexpr (clusterBlocks > 1)
        state = clusterCombine<blockSize, clusterBlocks>(state);
    else
        state = warpsCombine<blockSize>(state);

    const float inverseSum = 1.0f / state.sum;
    for (std::size_t v = t; v < parts.vectors; v += loadsInFlight * rowThreads) {
        Vector<T> loaded[loadsInFlight];
        for (unsigned int a = 0; a < loadsInFlight; ++a)
            if (v + a * rowThreads < parts.vectors)
                loaded[a] = loadVector(body + (v + a * rowThreads) * elementsPerVector<T>);
        for (unsigned int a = 0; a < loadsInFlight; ++a)
            if (v + a * rowThreads < parts.vectors)
                storeVector(out + parts.head + (v + a * rowThreads) * elementsPerVector<T>,
                            softmaxOfVector(loaded[a], state.max, inverseSum));
    }
    if (t < parts.head) out[t] = T(exponential<T>(float(row[t]) - state.max) * inverseSum);
    if (t < cols - parts.tailStart) {
        const std::size_t c = parts.tailStart + t;
        out[c] = T(exponential<T>(float(row[c]) - state.max) * inverseSum);
    }
    if constexpr (clusterBlocks > 1) clusterWaitForReaders();
}

// A grid holds at most 2^31 - 1 blocks in x.
constexpr std::size_t maxGridBlocks = 2147483647;

// Thread-block clusters: compute capability 9.0 and later (Hopper).
inline bool hasClusters()
{
    int device = 0, clusters = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaDeviceGetAttribute(&clusters, cudaDevAttrClusterLaunch, device));
    return clusters != 0;
}

// On a GPU without clusters, a row that needs one is refused in one line.
inline void requireClusters(unsigned int clusterBlocks, std::size_t cols)
{
    if (hasClusters()) return;
    std::fprintf(stderr,
                 "error: a row of %zu elements needs a cluster of %u blocks, and this GPU has no "
                 "thread-block clusters (compute capability 9.0 and later)\n",
                 cols, clusterBlocks);
    std::exit(exitCudaError);
}

// One launch of gridBlocks blocks of blockSize threads in clusters of clusterBlocks blocks:
// cudaLaunchKernelEx takes the cluster's shape as a launch attribute; with no attribute (a
// cluster of 1) it is a plain launch.
template <typename Kernel, typename... Arguments>
void launchInClusters(Kernel kernel, std::size_t gridBlocks, unsigned int blockSize,
                      unsigned int clusterBlocks, std::size_t sharedBytes, Arguments... arguments)
{
    cudaLaunchAttribute cluster = {};
    cluster.id = cudaLaunchAttributeClusterDimension;
    cluster.val.clusterDim.x = clusterBlocks;
    cluster.val.clusterDim.y = 1;
    cluster.val.clusterDim.z = 1;
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(unsigned(gridBlocks));
    config.blockDim = dim3(blockSize);
    config.dynamicSmemBytes = sharedBytes;
    config.attrs = &cluster;
    config.numAttrs = clusterBlocks > 1 ? 1 : 0;
    CUDA_CHECK(cudaLaunchKernelEx(&config, kernel, arguments...));
}

// blockSize / rowThreads rows per block, or one row per cluster of rowThreads / blockSize
// blocks: one launch, or one per 2^31 - 1 blocks.
template <unsigned int blockSize, unsigned int rowThreads, unsigned int heldVectors, typename T>
void launchOneRead(const T* input, T* output, Shape shape)
{
    constexpr unsigned int clusterBlocks = rowThreads > blockSize ? rowThreads / blockSize : 1;
    constexpr std::size_t rowsPerBlock = rowThreads > blockSize ? 1 : blockSize / rowThreads;
    if (clusterBlocks > 1) requireClusters(clusterBlocks, shape.cols);
    // A float a warp for each of the two reductions, where the group has several warps.
    const std::size_t sharedBytes = rowThreads > 32 ? 2 * (blockSize / 32) * sizeof(float) : 0;
    const std::size_t rowsPerLaunch = maxGridBlocks / clusterBlocks * rowsPerBlock;
    auto kernel = softmaxOneReadKernel<blockSize, rowThreads, heldVectors, true, T>;
    if constexpr (rowThreads >= 8)  // a group of 4 takes aligned rows only (launchSoftmax)
        if (shape.cols % elementsPerVector<T> != 0)
            kernel = softmaxOneReadKernel<blockSize, rowThreads, heldVectors, false, T>;
    for (std::size_t first = 0; first < shape.rows; first += rowsPerLaunch) {
        const std::size_t rows = std::min(shape.rows - first, rowsPerLaunch);
        launchInClusters(kernel, ceilDiv(rows, rowsPerBlock) * clusterBlocks, blockSize,
                         clusterBlocks, sharedBytes, input + first * shape.cols,
                         output + first * shape.cols, rows, shape.cols);
    }
}

// One row per cluster of clusterBlocks blocks (1: per block): one launch, or one per 2^31 - 1
// blocks.
template <unsigned int blockSize, unsigned int clusterBlocks, typename T>
void launchTwoReadsInClusters(const T* input, T* output, Shape shape)
{
    const std::size_t rowsPerLaunch = maxGridBlocks / clusterBlocks;
    for (std::size_t first = 0; first < shape.rows; first += rowsPerLaunch) {
        const std::size_t rows = std::min(shape.rows - first, rowsPerLaunch);
        launchInClusters(softmaxTwoReadsKernel<blockSize, clusterBlocks, T>, rows * clusterBlocks,
                         blockSize, clusterBlocks, (blockSize / 32) * sizeof(MaxSum),
                         input + first * shape.cols, output + first * shape.cols, shape.cols);
    }
}

// A cluster of maxClusterBlocks blocks reads each row, where the GPU has clusters (else one
// block a row). One block a row puts a row's loads on one SM, and the rows may be few (2^20
// columns of 2^27 elements: 128 rows, 128 blocks on the H200's 132 SMs); the cluster was 1.6x
// as fast there in step 19, 1.04x at 131072 floats, 0.99x at 131072 bf16 (step 18's page).
template <unsigned int blockSize, typename T>
void launchTwoReads(const T* input, T* output, Shape shape)
{
    if (hasClusters())
        launchTwoReadsInClusters<blockSize, maxClusterBlocks>(input, output, shape);
    else
        launchTwoReadsInClusters<blockSize, 1>(input, output, shape);
}

// The row fits the registers of a cluster of the most blocks: one read.
template <typename T>
bool softmaxReadsOnce(Shape shape, int blockSize)
{
    const unsigned int threads = unsigned(blockSize) * maxClusterBlocks;
    return shape.cols <= rowCapacity<T>(threads, maxHeldVectors<T>(blockSize, threads));
}

// The fewest vectors a thread of a group holds where the group is chosen at all: the next
// smaller group (smallerGroupVectors: its capacity in vectors) takes every shorter row.
template <typename T>
constexpr unsigned int fewestHeldVectors(unsigned int rowThreads, unsigned int smallerGroupVectors)
{
    unsigned int held = 1;
    while (rowThreads * held <= smallerGroupVectors) held = nextHeldVectors<T>(rowThreads, held);
    return held;
}

// Vectors a thread from which a group smaller than the block takes a block of its own: 3, the
// fewest a 16-bit group of 512 threads holds (at --block 1024 it takes a block of 512); every
// other group holds 1, 2, 4 or more, so for them the bound is 4.
constexpr unsigned int ownBlockVectors = 3;

// The block a group runs in, once its vectors a thread are known. A block leaves its SM only when
// every row in it is written, and a block's rows finish at different times: blocks of 256 threads
// with a row a warp kept the SM's warps busy less of the time than blocks of one warp at the same
// residency (docs/step19_softmax_one_exponential.md). So a group smaller than the block whose
// threads hold ownBlockVectors or more runs in the smallest block that holds it: its own, one warp
// at least (4 rows of 8 lanes). With fewer vectors a thread the group keeps a share of the caller's
// block: an SM keeps at most 32 blocks, and 32 warps holding 1 or 2 vectors a thread may ask for
// too few bytes at once (float 32 columns in blocks of one warp: 1695 against 4182 GB/s).
constexpr unsigned int rowsBlock(unsigned int blockSize, unsigned int rowThreads,
                                 unsigned int heldVectors)
{
    if (heldVectors < ownBlockVectors || rowThreads >= blockSize) return blockSize;
    return rowThreads < 32 ? 32 : rowThreads;
}

// Launches the one-read kernel where a group of rowThreads holds the row with heldVectors a
// thread or the next count up to the block's maximum; false where it does not fit.
template <unsigned int blockSize, unsigned int rowThreads, unsigned int heldVectors, typename T>
bool launchOneReadIfFits(const T* input, T* output, Shape shape)
{
    if constexpr (heldVectors > maxHeldVectors<T>(blockSize, rowThreads)) {
        return false;
    } else {
        if (shape.cols <= rowCapacity<T>(rowThreads, heldVectors)) {
            constexpr unsigned int block = rowsBlock(blockSize, rowThreads, heldVectors);
            launchOneRead<block, rowThreads, heldVectors>(input, output, shape);
            return true;
        }
        constexpr unsigned int next = nextHeldVectors<T>(rowThreads, heldVectors);
        return launchOneReadIfFits<blockSize, rowThreads, next>(input, output, shape);
    }
}

// The largest block a row takes whole before it takes a cluster. A row of 512 threads' registers
// (16384 floats or bf16) in one block of 512 was 12-25 % faster on the H200 than in a cluster of
// two blocks of 256 (docs/step19_softmax_one_exponential.md); 1024 threads hold only 4 vectors
// (floats: no more than 512 of 8). At --block 32 a group stops at 8 blocks' 256 threads.
constexpr unsigned int maxRowBlock = 512;

// The block a group of rowThreads runs in: the caller's block, or, for a group past it, one block
// of the group's own size up to maxRowBlock; past that, a cluster of the caller's blocks.
constexpr unsigned int groupBlock(unsigned int blockSize, unsigned int rowThreads)
{
    return rowThreads > blockSize && rowThreads <= maxRowBlock ? rowThreads : blockSize;
}

// The smallest group that holds the row (8 lanes, a warp, 2, 4, ... warps up to the block, then
// one block of up to maxRowBlock threads), each thread with the fewest vectors that hold it: a
// row that fills its threads' registers brings the most bytes an SM can ask for at once (a
// group of several warps holds the most a thread allows, as a smaller group with fewer would
// not hold the row). Then clusters of 2, 4 and 8 blocks. False where even a cluster of
// maxClusterBlocks does not hold the row.
template <unsigned int blockSize, unsigned int rowThreads, unsigned int smallerGroupVectors,
          typename T>
bool launchOneReadInGroups(const T* input, T* output, Shape shape)
{
    if constexpr (rowThreads > blockSize * maxClusterBlocks) {
        return false;
    } else {
        constexpr unsigned int block = groupBlock(blockSize, rowThreads);
        constexpr unsigned int fewest = fewestHeldVectors<T>(rowThreads, smallerGroupVectors);
        if (launchOneReadIfFits<block, rowThreads, fewest>(input, output, shape)) return true;
        constexpr unsigned int nextThreads = rowThreads == 8 ? 32 : 2 * rowThreads;
        constexpr unsigned int capacity = rowThreads * maxHeldVectors<T>(block, rowThreads);
        return launchOneReadInGroups<blockSize, nextThreads, capacity>(input, output, shape);
    }
}

// One read where a group's registers hold the row; else a cluster of 8 (without clusters, one
// block) reads the row twice. A group needs 8 lanes only for a row's head and tail (up to 7
// elements each, a lane each), and aligned rows have neither: those of at most 4 vectors (16-bit:
// 32 columns; floats: 16) go to groups of 4 lanes, a vector each, where a group of 8 would leave
// half its lanes without a load (bf16, 32 columns, H200: 2494 -> 4072 GB/s; step 19's page).
template <unsigned int blockSize, typename T>
void launchSoftmax(const T* input, T* output, Shape shape)
{
    if (shape.cols % elementsPerVector<T> == 0 && shape.cols <= rowCapacity<T>(4, 1))
        launchOneRead<blockSize, 4, 1>(input, output, shape);
    else if (!launchOneReadInGroups<blockSize, 8, 0>(input, output, shape))
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

// Step 16: a cluster of blocks per row (compute capability 9.0: thread-block clusters). A long
// row in one block leaves the GPU idle when there are few rows (2^28 elements in rows of 2^20
// are 256 blocks); here 8 blocks share each row, and they add their sums through distributed
// shared memory: block 0 of the cluster reads the other blocks' shared memory directly.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstdlib>

#include <cooperative_groups.h>

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

// Blocks per row: 8, the largest cluster every GPU with clusters runs (the portable size).
constexpr unsigned int clusterBlocks = 8;

// Cluster k sums row k: thread t of block b adds elements b * blockSize + t, then every
// clusterBlocks * blockSize further. Block b leaves its sum in its shared memory, after the
// warps' partials; block 0 reads the cluster's 8 sums there and writes the row's sum.
template <unsigned int blockSize, typename T>
__global__ void __launch_bounds__(blockSize)
    rowsKernel(const T* input, std::size_t cols, Accumulator<T>* sums)
{
#if __CUDA_ARCH__ >= 900
    namespace cg = cooperative_groups;
    using Sum = Accumulator<T>;
    cg::cluster_group cluster = cg::this_cluster();
    const unsigned int rank = cluster.block_rank();
    const std::size_t rowIndex = blockIdx.x / clusterBlocks;
    const T* row = input + rowIndex * cols;
    constexpr std::size_t stride = std::size_t(clusterBlocks) * blockSize;  // the cluster's threads
    Sum partial[loadsInFlight] = {};
    std::size_t c = std::size_t(rank) * blockSize + threadIdx.x;
    for (; c + (loadsInFlight - 1) * stride < cols; c += loadsInFlight * stride) {
        T loaded[loadsInFlight];  // no load of the trip waits for an add
        for (unsigned int a = 0; a < loadsInFlight; ++a) loaded[a] = row[c + a * stride];
        for (unsigned int a = 0; a < loadsInFlight; ++a) partial[a] += Sum(loaded[a]);
    }
    for (; c < cols; c += stride) partial[0] += Sum(row[c]);  // the rest of the row
    Sum sum = 0;
    for (unsigned int a = 0; a < loadsInFlight; ++a) sum += partial[a];
    sum = blockSum<blockSize>(sum);

    Sum* blockTotal = sharedMemory<Sum>() + blockSize / 32;  // after blockSum's partials
    if (threadIdx.x == 0) *blockTotal = sum;
    cluster.sync();  // every block's sum written, and visible to the cluster
    if (rank == 0 && threadIdx.x < 32) {
        Sum total = threadIdx.x < clusterBlocks
                        ? *cluster.map_shared_rank(blockTotal, int(threadIdx.x))
                        : Sum(0);
        total = warpSum(total);
        if (threadIdx.x == 0) sums[rowIndex] = total;
    }
    cluster.sync();  // no block leaves, freeing its shared memory, before block 0 has read it
#else
    (void)input, (void)cols, (void)sums;  // launched only where clusters exist (launchRows)
#endif
}

template <typename T>
std::size_t workspaceBytes(Shape /*shape*/, int /*blockSize*/)
{
    return 0;  // every cluster writes its row's sum itself
}

// A grid holds at most 2^31 - 1 blocks in x: at most this many rows per launch.
constexpr std::size_t maxRowsPerLaunch = 2147483647 / clusterBlocks;

// Refuses, with one line and exit code 3, a GPU without thread-block clusters.
inline void requireClusters()
{
    static const bool present = deviceAttribute(cudaDevAttrClusterLaunch) != 0;
    if (present) return;
    std::fprintf(stderr,
                 "error: step16_rows_cluster needs thread-block clusters (compute "
                 "capability 9.0 or later); this GPU has none\n");
    std::exit(exitCudaError);
}

// A cluster of clusterBlocks blocks per row, launched with the cluster size as an attribute.
template <unsigned int blockSize, typename T>
void launchRows(const T* input, Shape shape, Accumulator<T>* sums)
{
    requireClusters();
    for (std::size_t first = 0; first < shape.rows; first += maxRowsPerLaunch) {
        const std::size_t rows = std::min(shape.rows - first, maxRowsPerLaunch);
        cudaLaunchConfig_t config = {};
        config.gridDim = dim3(unsigned(rows * clusterBlocks));
        config.blockDim = dim3(blockSize);
        config.dynamicSmemBytes = (blockSize / 32 + 1) * sizeof(Accumulator<T>);
        cudaLaunchAttribute cluster;
        cluster.id = cudaLaunchAttributeClusterDimension;
        cluster.val.clusterDim.x = clusterBlocks;
        cluster.val.clusterDim.y = 1;
        cluster.val.clusterDim.z = 1;
        config.attrs = &cluster;
        config.numAttrs = 1;
        CUDA_CHECK(cudaLaunchKernelEx(&config, rowsKernel<blockSize, T>, input + first * shape.cols,
                                      shape.cols, sums + first));
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

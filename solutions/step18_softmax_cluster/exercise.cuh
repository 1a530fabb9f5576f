// Solution of step18's exercise: the sum of a cluster's blocks, through distributed shared
// memory.
//
// Three things, in this order. The first barrier: thread 0 of each block wrote its block's total
// just before the call, and another block may read it only once every block has arrived there
// (cluster.sync() also makes the writes visible across the cluster). The reads: every block's
// total, in rank order 0, 1, ... in every thread, so every block adds the same numbers in the
// same order. The second barrier: a block's shared memory ends with the block, and a block that
// left the kernel before the others read its total would leave them reading memory that no
// longer exists.
#pragma once

#include <cstddef>

#include <cooperative_groups.h>

#include "cuda_check.cuh"
#include "rows.cuh"

// cluster: cooperative_groups::this_cluster(); blockTotal: this block's total, in its shared
// memory, written by its thread 0 just before the call (no barrier since). Every thread of the
// cluster calls this; it returns the sum of every block's total, in every thread.
template <typename Cluster>
__device__ long long clusterSum(const Cluster& cluster, const long long* blockTotal)
{
    cluster.sync();  // every block's total written, and visible to the others
    long long total = 0;
    for (unsigned int rank = 0; rank < cluster.num_blocks(); ++rank)
        total += *cluster.map_shared_rank(blockTotal, rank);
    cluster.sync();  // no block leaves while another may still read its total
    return total;
}

// What follows uses clusterSum: a row's sum by a cluster of clusterBlocks blocks.

constexpr unsigned int exerciseBlockSize = 128;

// Block b of the grid is block b % clusterBlocks of the cluster that sums row b / clusterBlocks:
// it adds the row's elements rank * 128 + t, (rank + clusterBlocks) * 128 + t, ...; the block's
// warps add their sums in shared memory; clusterSum adds the blocks'. Then every block's last
// thread writes what it got: blockSums[b], which the test checks for every block.
template <unsigned int clusterBlocks>
__global__ void __launch_bounds__(exerciseBlockSize)
    rowSumsInClusters(const int* matrix, std::size_t cols, long long* blockSums)
{
#if __CUDA_ARCH__ >= 900
    __shared__ long long warpSums[exerciseBlockSize / 32];
    __shared__ long long blockTotal;
    const unsigned int rank = blockIdx.x % clusterBlocks, t = threadIdx.x;
    const int* row = matrix + std::size_t(blockIdx.x / clusterBlocks) * cols;
    long long sum = 0;
    for (std::size_t c = rank * exerciseBlockSize + t; c < cols;
         c += clusterBlocks * exerciseBlockSize)
        sum += row[c];
    for (unsigned int offset = 16; offset > 0; offset /= 2)
        sum += __shfl_down_sync(0xFFFFFFFFu, sum, offset);
    if (t % 32 == 0) warpSums[t / 32] = sum;
    __syncthreads();
    if (t == 0) {
        long long block = 0;
        for (unsigned int w = 0; w < exerciseBlockSize / 32; ++w) block += warpSums[w];
        blockTotal = block;
    }
    const long long total = clusterSum(cooperative_groups::this_cluster(), &blockTotal);
    if (t == exerciseBlockSize - 1) blockSums[blockIdx.x] = total;
#else
    __trap();  // clusters: compute capability 9.0 and later (the host checks first)
#endif
}

// blockSums[r * clusterBlocks + b]: what block b of row r's cluster got, for every row
// (device memory). clusterBlocks: 1, 2, 4 or 8.
template <unsigned int clusterBlocks>
void sumRowsInClusters(const int* matrix, Shape shape, long long* blockSums)
{
    if (shape.rows == 0) return;
    cudaLaunchAttribute cluster = {};
    cluster.id = cudaLaunchAttributeClusterDimension;
    cluster.val.clusterDim.x = clusterBlocks;
    cluster.val.clusterDim.y = 1;
    cluster.val.clusterDim.z = 1;
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(unsigned(shape.rows * clusterBlocks));
    config.blockDim = dim3(exerciseBlockSize);
    config.attrs = &cluster;
    config.numAttrs = 1;
    CUDA_CHECK(cudaLaunchKernelEx(&config, rowSumsInClusters<clusterBlocks>, matrix, shape.cols,
                                  blockSums));
}

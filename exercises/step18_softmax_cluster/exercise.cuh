// Exercise of step18 (a cluster of blocks per row): the sum of a cluster's blocks, through
// distributed shared memory. Each block of a cluster has summed its part of a row and left its
// total in its own shared memory; write clusterSum, which gives every thread of every block of
// the cluster the sum of all the blocks' totals: wait until every block has written its total
// (cluster.sync()), read each block's from that block's shared memory
// (cluster.map_shared_rank(blockTotal, rank) is the address of the same variable in block
// `rank` of the cluster; cluster.num_blocks() blocks), and make sure no block's shared memory
// goes away while another block may still read it. The kernel below uses it. The tests sum the
// rows of int matrices with clusters of 1, 2, 4 and 8 blocks and check every block's answer
// exactly (a GPU with clusters needed: compute capability 9.0 and later; else skipped). One
// more test passes a cluster of its own whose map_shared_rank makes every block but rank 0 read
// late, and overwrites each block's total once clusterSum returns: use the `cluster` argument,
// not cooperative_groups::this_cluster(), for everything. Then
//   cmake -S . -B build -DREDUCTION_EXERCISES=ON && cmake --build build
//   (cd build && ctest -R exercise_step18 --output-on-failure)
#pragma once

#include <cstddef>

#include <cooperative_groups.h>

#include "cuda_check.cuh"
#include "rows.cuh"

// cluster: cooperative_groups::this_cluster(); blockTotal: this block's total, in its shared
// memory, written by its thread 0 just before the call (no barrier since). Every thread of the
// cluster calls this; it returns the sum of every block's total, in every thread.
template <typename Cluster>
__device__ long long clusterSum([[maybe_unused]] const Cluster& cluster,
                                const long long* blockTotal)
{
    return *blockTotal;  // TODO
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

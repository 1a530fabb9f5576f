// Exercise of step20 (the cluster's exchange through mailboxes): the sum of a cluster's blocks,
// with no cluster barrier between the stores and the reads. Each block of a cluster has summed
// its part of a row, and every thread holds the block's total. Each block has a mailbox in its
// shared memory (Mailbox below: a slot per block of the cluster and an mbarrier, which the kernel
// sets up at its start, openMailbox). Write clusterSum, which gives every thread of every block
// of the cluster the sum of all the blocks' totals:
//   - wait at the cluster's barrier (cuda::ptx::barrier_cluster_wait()) before the block's first
//     store into another block's mailbox: the kernel's threads arrived there once their block's
//     mbarrier was set up;
//   - lane b of warp 0 (b < clusterBlocks) stores the block's total into block b's
//     totals[this block's rank] with cuda::ptx::st_async, which counts its bytes on block b's
//     mbarrier (cluster.map_shared_rank(address, b) is the address of the same variable in block
//     b; cluster.block_rank() is this block's rank);
//   - thread 0 arrives at its own block's mbarrier, expecting the bytes of every block's total
//     (cuda::ptx::mbarrier_arrive_expect_tx);
//   - every thread waits until the mbarrier's phase 0 is complete
//     (cuda::ptx::mbarrier_try_wait_parity), then adds totals[0], totals[1], ... in rank order.
// st.async is defined only in a cluster of more than one block (PTX ISA, st.async): a cluster of
// one block has only its own total. The tests sum the rows of int matrices with clusters of 1, 2,
// 4 and 8 blocks and check every block's answer exactly (a GPU with clusters needed: compute
// capability 9.0 and later; else skipped). Two more pass a kernel of their own that fills every
// slot with a value no sum comes near before the exchange: one with a cluster whose
// map_shared_rank, in the block of rank 0, waits 1 ms before it gives an address (rank 0's total
// reaches every mailbox late), one where the block of the last rank sets up its mailbox 1 ms late.
// Use the `cluster` argument, not cooperative_groups::this_cluster(), for block_rank() and
// map_shared_rank(). A kernel still running after 20 s ends the test program (an mbarrier whose
// phase never completes: more bytes expected than stored, or counts lost). Then
//   cmake -S . -B build -DREDUCTION_EXERCISES=ON && cmake --build build
//   (cd build && ctest -R exercise_step20 --output-on-failure)
#pragma once

#include <cstddef>
#include <cstdint>

#include <cooperative_groups.h>
#include <cuda/ptx>

#include "cuda_check.cuh"
#include "rows.cuh"

// A block's mailbox, in its shared memory: block r of the cluster stores its total into
// totals[r], and the mbarrier `arrived` (a barrier object in shared memory) completes its phase
// 0 once its one expected arrival (thread 0's) and the bytes that arrival expects have come.
template <unsigned int clusterBlocks>
struct Mailbox {
    std::uint64_t arrived;
    long long totals[clusterBlocks];
};

// cluster: cooperative_groups::this_cluster() (or a test's stand-in); mailbox: this block's,
// set up by openMailbox; blockTotal: this block's total, in every thread. Every thread of the
// cluster calls this; it returns the sum of every block's total, added in rank order, in every
// thread.
template <typename Cluster, unsigned int clusterBlocks>
__device__ long long clusterSum([[maybe_unused]] const Cluster& cluster,
                                [[maybe_unused]] Mailbox<clusterBlocks>& mailbox,
                                long long blockTotal)
{
    return blockTotal;  // TODO
}

// What follows uses clusterSum: a row's sum by a cluster of clusterBlocks blocks.

constexpr unsigned int exerciseBlockSize = 128;

// At the kernel's start: thread 0 sets up the block's mbarrier (one arrival expected) and
// orders that set-up before its arrival at the cluster's barrier (fence.mbarrier_init, a fence
// for mbarrier.init alone); every thread arrives there relaxed, with no fence for its other
// memory accesses, and waits there in clusterSum, before its block's first store into another's
// mailbox: the row's loads go on meanwhile.
template <unsigned int clusterBlocks>
__device__ void openMailbox(Mailbox<clusterBlocks>& mailbox)
{
    if (threadIdx.x == 0) {
        cuda::ptx::mbarrier_init(&mailbox.arrived, 1);
        cuda::ptx::fence_mbarrier_init(cuda::ptx::sem_release, cuda::ptx::scope_cluster);
    }
    cuda::ptx::barrier_cluster_arrive(cuda::ptx::sem_relaxed);
}

// Block b of the grid is block b % clusterBlocks of the cluster that sums row b / clusterBlocks:
// it adds the row's elements rank * 128 + t, (rank + clusterBlocks) * 128 + t, ...; the block's
// warps add their sums in shared memory, every thread adds the warps' sums; clusterSum adds the
// blocks'. Then every block's last thread writes what it got: blockSums[b], which the test checks
// for every block.
template <unsigned int clusterBlocks>
__global__ void __launch_bounds__(exerciseBlockSize)
    rowSumsInClusters(const int* matrix, std::size_t cols, long long* blockSums)
{
#if __CUDA_ARCH__ >= 900
    __shared__ Mailbox<clusterBlocks> mailbox;
    __shared__ long long warpSums[exerciseBlockSize / 32];
    openMailbox(mailbox);
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
    long long blockTotal = 0;
    for (unsigned int w = 0; w < exerciseBlockSize / 32; ++w) blockTotal += warpSums[w];
    const long long total = clusterSum(cooperative_groups::this_cluster(), mailbox, blockTotal);
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

// Solution of step20's exercise: the sum of a cluster's blocks, through mailboxes.
//
// Three things, in this order. The wait at the cluster's barrier: another block's mbarrier may be
// used only once that block has set it up, and every block's thread 0 set up its own before it
// arrived there (fence.mbarrier_init orders the set-up before the arrival, and the wait, an
// acquire, orders it before everything after the wait). The stores: lane b of warp 0 stores this
// block's total into block b's slot of this block's rank with st.async, which counts its bytes on
// block b's mbarrier, and thread 0 arrives at its own mbarrier expecting the bytes of a total
// from every block: the phase completes only once all of them have come. The wait for the phase,
// an acquire at the cluster's scope (each st.async's count is a release at the cluster's scope,
// by a thread of another block), then the reads, in rank order in every thread, so every block
// adds the same numbers in the same order. No barrier before the block leaves: the other blocks
// only write into this block's mailbox, and every total this block reads is there before it
// reads. A cluster of one block returns its own total: st.async is defined only in a cluster of
// two blocks or more.
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
__device__ long long clusterSum(const Cluster& cluster, Mailbox<clusterBlocks>& mailbox,
                                long long blockTotal)
{
    cuda::ptx::barrier_cluster_wait();  // every block's mbarrier set up (openMailbox)
    if constexpr (clusterBlocks == 1) {
        return blockTotal;  // no st.async in a cluster of one block
    } else {
        if (threadIdx.x < clusterBlocks)  // lane b: into block b's slot of this block's rank
            cuda::ptx::st_async(
                cluster.map_shared_rank(&mailbox.totals[cluster.block_rank()], threadIdx.x),
                blockTotal, cluster.map_shared_rank(&mailbox.arrived, threadIdx.x));
        if (threadIdx.x == 0)  // this block's phase: a total from every block of the cluster
            cuda::ptx::mbarrier_arrive_expect_tx(cuda::ptx::sem_release, cuda::ptx::scope_cta,
                                                 cuda::ptx::space_shared, &mailbox.arrived,
                                                 clusterBlocks * sizeof(long long));
        // Every total in its slot: an acquire at the cluster's scope, since each st.async's
        // count is a release at the cluster's scope, by a thread of another block.
        while (!cuda::ptx::mbarrier_try_wait_parity(
            cuda::ptx::sem_acquire, cuda::ptx::scope_cluster, &mailbox.arrived, 0)) {}
        long long total = 0;
        for (unsigned int rank = 0; rank < clusterBlocks; ++rank) total += mailbox.totals[rank];
        return total;
    }
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

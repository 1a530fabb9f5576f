// Tests of step20's exercise (the sum of a cluster's blocks, through mailboxes):
// ctest -R exercise_step20. On a GPU with thread-block clusters (compute capability 9.0 and
// later); else skipped.
//
// The four row tests check every block's sum, but the mistakes of a mailbox show only when the
// timing meets them: a phase that completes before every total has come (too few bytes expected)
// gives a wrong sum only if a total is still on its way when the slots are read, and a slot no
// block stores into gives a wrong sum only if the shared memory did not already hold the right
// number. Two tests make those certain. Their kernel (exchangeTotals) fills every slot with
// unsentTotal before the exchange, so a slot read before its total arrived is certainly wrong.
// NoSlotReadBeforeItsTotalArrives passes a cluster whose map_shared_rank, in the block of rank 0,
// waits 1 ms before it gives an address: rank 0's total reaches every mailbox at least 1 ms after
// the others'. NoStoreBeforeTheMailboxIsSetUp lets the block of the last rank set up its mailbox
// 1 ms late. Which rejects which wrong solution (exercises/wrong_solutions/step20_softmax_mailbox/;
// all three rejected on an H200, experiments/softmax_by_length/results/NVIDIA_H200/
// step20_tests.txt, which records each verdict, not which test failed):
//   - slot_of_receiver (every lane stores into totals[b], the receiver's rank): in a cluster of 2
//     or more every block reads clusterBlocks - 1 slots that no block stored into, which hold
//     unsentTotal in NoSlotReadBeforeItsTotalArrives: rejected whatever the timing. The row tests
//     read whatever the shared memory held there, and will most likely reject it first.
//   - too_few_bytes (thread 0 expects one total's bytes): in NoSlotReadBeforeItsTotalArrives with
//     clusters of 2, block 1's phase completes once thread 0 has arrived and its own total has
//     come (the bytes expected), while rank 0's total is still 1 ms away: block 1 reads
//     unsentTotal in slot 0, whatever the order of its own store and arrival. Where two totals
//     or more come before thread 0 arrives, the byte count goes below 0 and never gets back to 0,
//     and by the PTX ISA (mbarrier) a phase completes only at 0: such a kernel may never end, and
//     the test program stops at the 20 s deadline (waitForKernel). So the row tests of 2, 4 and 8
//     blocks may reject it first, by a wrong sum or by the deadline.
//   - stores_before_cluster_wait (no barrier_cluster_wait): in NoStoreBeforeTheMailboxIsSetUp
//     the other blocks' totals reach the late block's mailbox 1 ms before its thread 0 sets up
//     the mbarrier (an mbarrier operation on an object not set up: undefined) and fills the slots;
//     the set-up starts the count again from 0, so the phase waits for bytes that already came and
//     never completes: the deadline ends the program (or the kernel fails, which also rejects it).
// The 1 ms margins hold unless the GPU stops a running block for a millisecond (another process's
// time slice): these tests are meant for a GPU of one's own, as every timing is.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <cooperative_groups.h>
#include <cuda/ptx>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

// (Outside the unnamed namespace: a member no clusterSum calls is no warning there.)
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900

__device__ inline unsigned long long globalTimerNs()
{
    unsigned long long ns;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(ns));
    return ns;
}

__device__ inline void waitNs(unsigned long long ns)
{
    const unsigned long long start = globalTimerNs();
    while (globalTimerNs() - start < ns) __nanosleep(1000);
}

// 1 ms: the lateness of NoSlotReadBeforeItsTotalArrives's rank 0 and of
// NoStoreBeforeTheMailboxIsSetUp's last rank, far longer than an exchange takes.
constexpr unsigned long long lateNs = 1000000;

// The cluster as clusterSum sees it in NoSlotReadBeforeItsTotalArrives: the real one, every
// member passed through, except that in the block of rank 0 map_shared_rank waits lateNs before
// it gives an address, its own block's included. Every other block's total reaches every mailbox
// at once; rank 0's a millisecond later. (A clusterSum that maps its addresses through
// cooperative_groups::this_cluster() instead of its argument is not slowed, and not judged.)
struct SlowRankZeroCluster {
    using arrival_token = cooperative_groups::cluster_group::arrival_token;

    template <typename T>
    __device__ static T* map_shared_rank(T* address, int rank)
    {
        if (cooperative_groups::this_cluster().block_rank() == 0) waitNs(lateNs);
        asm volatile("" ::: "memory");  // the store comes after the wait
        return cooperative_groups::this_cluster().map_shared_rank(address, rank);
    }
    __device__ static void sync() { cooperative_groups::this_cluster().sync(); }
    __device__ static arrival_token barrier_arrive()
    {
        return cooperative_groups::this_cluster().barrier_arrive();
    }
    __device__ static void barrier_wait() { cooperative_groups::this_cluster().barrier_wait(); }
    __device__ static void barrier_wait(arrival_token&&)
    {
        cooperative_groups::this_cluster().barrier_wait();
    }
    __device__ static unsigned int query_shared_rank(const void* address)
    {
        return cooperative_groups::this_cluster().query_shared_rank(address);
    }
    __device__ static dim3 block_index()
    {
        return cooperative_groups::this_cluster().block_index();
    }
    __device__ static unsigned int block_rank()
    {
        return cooperative_groups::this_cluster().block_rank();
    }
    __device__ static dim3 thread_index()
    {
        return cooperative_groups::this_cluster().thread_index();
    }
    __device__ static unsigned int thread_rank()
    {
        return cooperative_groups::this_cluster().thread_rank();
    }
    __device__ static dim3 dim_blocks() { return cooperative_groups::this_cluster().dim_blocks(); }
    __device__ static unsigned int num_blocks()
    {
        return cooperative_groups::this_cluster().num_blocks();
    }
    __device__ static dim3 dim_threads()
    {
        return cooperative_groups::this_cluster().dim_threads();
    }
    __device__ static unsigned int num_threads()
    {
        return cooperative_groups::this_cluster().num_threads();
    }
    __device__ static unsigned int size() { return num_threads(); }
};

#endif

namespace {

// Skips a test where the GPU has no clusters: nothing was checked.
#define SKIP_WITHOUT_CLUSTERS()                                                                 \
    do {                                                                                        \
        SKIP_WITHOUT_CUDA_DEVICE();                                                             \
        int device = 0, clusters = 0;                                                           \
        CUDA_CHECK(cudaGetDevice(&device));                                                     \
        CUDA_CHECK(cudaDeviceGetAttribute(&clusters, cudaDevAttrClusterLaunch, device));        \
        if (!clusters) GTEST_SKIP() << "this GPU has no thread-block clusters (9.0 and later)"; \
    } while (0)

// How long a launch may run. A kernel with an mbarrier whose phase never completes (more bytes
// expected than stored, or counts lost) never ends, and cudaDeviceSynchronize() would wait for it
// until ctest's timeout. Past the deadline the program says so and ends at once (std::_Exit: the
// kernel cannot be stopped, and the CUDA runtime's clean-up at a normal exit might wait for it;
// the driver ends it with the process). Every kernel here takes milliseconds.
constexpr std::chrono::seconds kernelDeadline{20};

void waitForKernel()
{
    const auto start = std::chrono::steady_clock::now();
    cudaError_t status;
    while ((status = cudaStreamQuery(0)) == cudaErrorNotReady) {
        if (std::chrono::steady_clock::now() - start > kernelDeadline) {
            std::fprintf(stderr,
                         "error: the kernel did not finish within %lld s: an mbarrier phase that "
                         "never completes (more bytes expected than stored, or counts lost)\n",
                         static_cast<long long>(kernelDeadline.count()));
            std::fflush(stdout);
            std::fflush(stderr);
            std::_Exit(exitCudaError);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    CUDA_CHECK(status);
}

// Row lengths that leave blocks of a cluster with nothing (1, 3), end inside a block's share
// or a cluster's (129, 1000), and span many trips of the cluster (65539).
std::vector<Shape> shapes()
{
    return {{1, 1}, {3, 3}, {33, 127}, {5, 128}, {5, 129}, {17, 1000}, {3, 4099}, {2, 65539}};
}

// Every block of every row's cluster must hold the row's exact sum (ints in [-1000, 1000]:
// the sum of a row is exact in long long in any order).
template <unsigned int clusterBlocks>
void checkRowSums()
{
    std::mt19937_64 random(exerciseSeed + clusterBlocks);
    std::uniform_int_distribution<int> value(-1000, 1000);
    for (Shape shape : shapes()) {
        SCOPED_TRACE(std::to_string(shape.rows) + " x " + std::to_string(shape.cols) + ", " +
                     std::to_string(clusterBlocks) + " blocks a cluster");
        std::vector<int> matrix(shape.elements());
        for (int& x : matrix) x = value(random);
        DeviceArray<int> deviceMatrix(matrix.size());
        DeviceArray<long long> blockSums(shape.rows * clusterBlocks);
        CUDA_CHECK(cudaMemcpy(deviceMatrix.data(), matrix.data(), matrix.size() * sizeof(int),
                              cudaMemcpyHostToDevice));
        CUDA_CHECK(
            cudaMemset(blockSums.data(), 0xFF, shape.rows * clusterBlocks * sizeof(long long)));
        sumRowsInClusters<clusterBlocks>(deviceMatrix.data(), shape, blockSums.data());
        CUDA_CHECK(cudaGetLastError());
        waitForKernel();
        std::vector<long long> got(shape.rows * clusterBlocks);
        CUDA_CHECK(cudaMemcpy(got.data(), blockSums.data(), got.size() * sizeof(long long),
                              cudaMemcpyDeviceToHost));
        for (std::size_t r = 0; r < shape.rows; ++r) {
            long long expected = 0;
            for (std::size_t c = 0; c < shape.cols; ++c) expected += matrix[r * shape.cols + c];
            for (unsigned int b = 0; b < clusterBlocks; ++b)
                ASSERT_EQ(got[r * clusterBlocks + b], expected)
                    << "row " << r << ", block " << b << " of its cluster";
        }
    }
}

// What exchangeTotals leaves in every slot before the exchange: no sum of the tests' comes near
// it (8 slots of it, 2^53, still fit a long long).
constexpr long long unsentTotal = 1ll << 50;

// Block b of the grid is block b % clusterBlocks of cluster b / clusterBlocks; its total is
// (cluster + 1) * 1000 + rank + 1. Thread 0 sets up the block's mailbox as openMailbox does (in
// the block of rank lateRank, if there is one, lateNs late) and fills its slots with unsentTotal.
// Then every thread arrives at the cluster's barrier, and unlike openMailbox's, that arrival is a
// release (barrier.cluster.arrive, not .relaxed): the fill is an ordinary store, which
// fence.mbarrier_init does not order (it orders mbarrier.init alone), while after a release
// arrival every memory access the thread asked for before it is complete and visible to each
// thread of the cluster once that thread's barrier.cluster.wait returns (PTX ISA,
// barrier.cluster). clusterSum waits there before its first st.async, so each total's store
// into a slot is issued after the fill of that slot is complete: a slot holds unsentTotal until
// its total arrives, and never loses a total to the fill. Every block's last thread writes what
// clusterSum gave it. slowRankZero: clusterSum gets SlowRankZeroCluster, else the real cluster.
template <unsigned int clusterBlocks, bool slowRankZero>
__global__ void __launch_bounds__(exerciseBlockSize)
    exchangeTotals(long long* blockSums, unsigned int lateRank)
{
#if __CUDA_ARCH__ >= 900
    __shared__ Mailbox<clusterBlocks> mailbox;
    const unsigned int rank = blockIdx.x % clusterBlocks;
    if (threadIdx.x == 0) {
        if (rank == lateRank) waitNs(lateNs);
        cuda::ptx::mbarrier_init(&mailbox.arrived, 1);
        cuda::ptx::fence_mbarrier_init(cuda::ptx::sem_release, cuda::ptx::scope_cluster);
        for (unsigned int r = 0; r < clusterBlocks; ++r) mailbox.totals[r] = unsentTotal;
    }
    cuda::ptx::barrier_cluster_arrive();  // .release: the fill too is visible after the wait
    const long long blockTotal = (blockIdx.x / clusterBlocks + 1) * 1000ll + rank + 1;
    long long total;
    if constexpr (slowRankZero)
        total = clusterSum(SlowRankZeroCluster{}, mailbox, blockTotal);
    else
        total = clusterSum(cooperative_groups::this_cluster(), mailbox, blockTotal);
    if (threadIdx.x == exerciseBlockSize - 1) blockSums[blockIdx.x] = total;
#else
    (void)blockSums;
    (void)lateRank;
    __trap();  // clusters: compute capability 9.0 and later (the host checks first)
#endif
}

// 4 clusters of clusterBlocks blocks exchange their totals in exchangeTotals (lastRankLate: the
// block of the last rank sets up its mailbox late); every block must hold its cluster's sum.
template <unsigned int clusterBlocks, bool slowRankZero, bool lastRankLate>
void checkExchange()
{
    constexpr unsigned int clusters = 4;
    SCOPED_TRACE(std::to_string(clusterBlocks) + " blocks a cluster, " +
                 (slowRankZero ? "rank 0's map_shared_rank 1 ms late"
                               : "the last rank's mailbox set up 1 ms late"));
    DeviceArray<long long> blockSums(clusters * clusterBlocks);
    CUDA_CHECK(cudaMemset(blockSums.data(), 0xFF, clusters * clusterBlocks * sizeof(long long)));
    cudaLaunchAttribute cluster = {};
    cluster.id = cudaLaunchAttributeClusterDimension;
    cluster.val.clusterDim.x = clusterBlocks;
    cluster.val.clusterDim.y = 1;
    cluster.val.clusterDim.z = 1;
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(clusters * clusterBlocks);
    config.blockDim = dim3(exerciseBlockSize);
    config.attrs = &cluster;
    config.numAttrs = 1;
    const unsigned int lateRank = lastRankLate ? clusterBlocks - 1 : clusterBlocks;  // or none
    CUDA_CHECK(cudaLaunchKernelEx(&config, exchangeTotals<clusterBlocks, slowRankZero>,
                                  blockSums.data(), lateRank));
    CUDA_CHECK(cudaGetLastError());
    waitForKernel();
    std::vector<long long> got(clusters * clusterBlocks);
    CUDA_CHECK(cudaMemcpy(got.data(), blockSums.data(), got.size() * sizeof(long long),
                          cudaMemcpyDeviceToHost));
    for (unsigned int k = 0; k < clusters; ++k) {
        long long expected = 0;
        for (unsigned int rank = 0; rank < clusterBlocks; ++rank)
            expected += (k + 1) * 1000ll + rank + 1;
        for (unsigned int rank = 0; rank < clusterBlocks; ++rank)
            EXPECT_EQ(got[k * clusterBlocks + rank], expected)
                << "cluster " << k << ", block of rank " << rank
                << (got[k * clusterBlocks + rank] >= unsentTotal / 2
                        ? ": it read a slot before that block's total had arrived"
                        : "");
    }
}

}  // namespace

TEST(ClusterSum, OneBlock)
{
    SKIP_WITHOUT_CLUSTERS();
    checkRowSums<1>();
}

TEST(ClusterSum, TwoBlocks)
{
    SKIP_WITHOUT_CLUSTERS();
    checkRowSums<2>();
}

TEST(ClusterSum, FourBlocks)
{
    SKIP_WITHOUT_CLUSTERS();
    checkRowSums<4>();
}

TEST(ClusterSum, EightBlocks)
{
    SKIP_WITHOUT_CLUSTERS();
    checkRowSums<8>();
}

// No thread may read a slot before that block's total is in it: thread 0 expects every block's
// bytes, and every thread waits for the phase. Rank 0's total reaches every mailbox 1 ms after
// the others' (SlowRankZeroCluster) and every slot holds unsentTotal until its total arrives: a
// block that reads before every total has come adds unsentTotal. A wrong sum in one size stops
// the test, since a wrong count may also leave a larger cluster's kernel running for good.
TEST(ClusterSum, NoSlotReadBeforeItsTotalArrives)
{
    SKIP_WITHOUT_CLUSTERS();
    checkExchange<2, true, false>();
    if (HasFailure()) return;
    checkExchange<4, true, false>();
    if (HasFailure()) return;
    checkExchange<8, true, false>();
}

// No block may store into another's mailbox before that block has set up its mbarrier: the wait
// at the cluster's barrier. The block of the last rank sets up its mailbox 1 ms late; a total
// stored before then is lost to the set-up, and that block's phase never completes (the
// deadline of waitForKernel ends the program).
TEST(ClusterSum, NoStoreBeforeTheMailboxIsSetUp)
{
    SKIP_WITHOUT_CLUSTERS();
    checkExchange<2, false, true>();
    checkExchange<4, false, true>();
    checkExchange<8, false, true>();
}

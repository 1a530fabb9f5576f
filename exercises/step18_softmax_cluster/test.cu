// Tests of step18's exercise (the sum of a cluster's blocks): ctest -R exercise_step18
// On a GPU with thread-block clusters (compute capability 9.0 and later); else skipped.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <cooperative_groups.h>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

// What NoBlockMovesOnBeforeTheOthersRead needs: the race of a clusterSum without its second
// cluster.sync() made certain. That race is timing: a block that has read every total returns,
// and may leave, while a slower block of its cluster has still to read its total. On the GPU
// the window is short and the memory may well still hold the total. On an H200 (2026-12-02) the
// four tests above passed such a clusterSum in 20 runs of 20; memcheck reported nothing in
// ClusterSum.TwoBlocks (3 runs of 3), and a launch failure in ClusterSum.EightBlocks only when
// the four ran under it together (3 of 3; EightBlocks alone, 0 of 1). racecheck reported it in
// ClusterSum.TwoBlocks in 6 runs of 6 (13800 hazards each; CMakeLists.txt runs it). This test
// makes the race certain whatever the tools do: the slow reader, and the change of the memory.
// (Outside the unnamed namespace: a member no clusterSum calls is no warning there.)
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900

__device__ inline unsigned long long globalTimerNs()
{
    unsigned long long ns;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(ns));
    return ns;
}

// The cluster as clusterSum sees it in that test: the real one, every member passed through,
// except that in a block of rank 1 and up map_shared_rank waits readDelayNs (1 ms) before it
// gives the address of another block's shared memory. Rank 0 reads every total at once; every
// other block reads rank 0's total a millisecond after the first cluster.sync(), when rank 0,
// unless a barrier holds it, has long returned. (A clusterSum that reads through
// cooperative_groups::this_cluster() instead of its argument is not slowed, and not judged.)
struct SlowReadersCluster {
    static constexpr unsigned long long readDelayNs = 1000000;
    using arrival_token = cooperative_groups::cluster_group::arrival_token;

    template <typename T>
    __device__ static T* map_shared_rank(T* address, int rank)
    {
        const unsigned int own = cooperative_groups::this_cluster().block_rank();
        if (own != 0 && unsigned(rank) != own) {
            const unsigned long long start = globalTimerNs();
            while (globalTimerNs() - start < readDelayNs) __nanosleep(1000);
        }
        asm volatile("" ::: "memory");  // the read comes after the wait
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
        CUDA_CHECK(cudaDeviceSynchronize());
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

// A block's total when NoBlockMovesOnBeforeTheOthersRead is over with it: no sum of the test's
// comes near it.
constexpr long long overwrittenTotal = 1ll << 50;

// Block b of the grid is block b % clusterBlocks of cluster b / clusterBlocks; its total is
// (cluster + 1) * 1000 + rank + 1. Every thread calls clusterSum with SlowReadersCluster; as soon
// as it returns, thread 0 overwrites its block's total, as the block may (clusterSum is done
// with it: the next use of that shared memory, or the block's end). Then a cluster.sync() of
// the test's own keeps every block, and its shared memory, until every block of the cluster has
// returned: a read of an overwritten total gets overwrittenTotal, never memory that is gone.
template <unsigned int clusterBlocks>
__global__ void __launch_bounds__(exerciseBlockSize) slowReaders(long long* blockSums)
{
#if __CUDA_ARCH__ >= 900
    __shared__ long long blockTotal;
    const unsigned int rank = blockIdx.x % clusterBlocks;
    if (threadIdx.x == 0) blockTotal = (blockIdx.x / clusterBlocks + 1) * 1000ll + rank + 1;
    const long long total = clusterSum(SlowReadersCluster{}, &blockTotal);
    if (threadIdx.x == 0) blockTotal = overwrittenTotal;
    cooperative_groups::this_cluster().sync();
    if (threadIdx.x == exerciseBlockSize - 1) blockSums[blockIdx.x] = total;
#else
    (void)blockSums;
    __trap();  // clusters: compute capability 9.0 and later (the host checks first)
#endif
}

template <unsigned int clusterBlocks>
void checkSlowReaders()
{
    constexpr unsigned int clusters = 4;
    SCOPED_TRACE(std::to_string(clusterBlocks) + " blocks a cluster, rank 0 fast, the others " +
                 "1 ms late to each read");
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
    CUDA_CHECK(cudaLaunchKernelEx(&config, slowReaders<clusterBlocks>, blockSums.data()));
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
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
                << (got[k * clusterBlocks + rank] >= overwrittenTotal
                        ? ": it read a total after its block had moved on"
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

// No block may move on from clusterSum (overwrite its total, or leave) while another block of
// its cluster may still read its total: the second cluster.sync(). Rank 0 reads at once, every
// other rank a millisecond late (SlowReadersCluster), and each block overwrites its total as
// soon as clusterSum returns; a clusterSum whose blocks wait for each other after the reads
// gives every block the right sum, one that does not gives the late readers overwrittenTotal.
TEST(ClusterSum, NoBlockMovesOnBeforeTheOthersRead)
{
    SKIP_WITHOUT_CLUSTERS();
    checkSlowReaders<2>();
    checkSlowReaders<4>();
    checkSlowReaders<8>();
}

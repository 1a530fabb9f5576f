// Tests of step18's exercise (the sum of a cluster's blocks): ctest -R exercise_step18
// On a GPU with thread-block clusters (compute capability 9.0 and later); else skipped.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

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

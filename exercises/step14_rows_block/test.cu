// Tests of step14's exercise (the sum of each column): ctest -R exercise_step14
#include <cstdint>
#include <string>
#include <vector>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

namespace {

// Every column of R x C matrices, R in 0, 1, 3, 33, 1025 and C in 1, 3, 33, 1025 (so the last
// stripe of 32 columns is short, and a block has more warps than rows), each against
// sumIsCorrect on the random and the exact input. With R = 0 every column sum is 0.
template <typename T>
void checkColumnSums()
{
    using Sum = Accumulator<T>;
    for (int blockSize : {32, 256, 1024})
        for (std::size_t rows : {0, 1, 3, 33, 1025})
            for (std::size_t cols : {1, 3, 33, 1025}) {
                const Shape shape{rows, cols};
                for (const ExerciseInput<T>& input : exerciseInputs<T>(shape.elements())) {
                    SCOPED_TRACE("block " + std::to_string(blockSize) + ", " +
                                 std::to_string(rows) + " x " + std::to_string(cols) + ", " +
                                 input.name);
                    DeviceArray<T> matrix(shape.elements());
                    DeviceArray<Sum> sums(cols);
                    if (shape.elements() > 0)
                        CUDA_CHECK(cudaMemcpy(matrix.data(), input.elements.data(),
                                              shape.elements() * sizeof(T),
                                              cudaMemcpyHostToDevice));
                    CUDA_CHECK(cudaMemset(sums.data(), 0xFF, cols * sizeof(Sum)));  // NaN, -1
                    sumColumns<T>(matrix.data(), shape, blockSize, sums.data());
                    CUDA_CHECK(cudaGetLastError());
                    CUDA_CHECK(cudaDeviceSynchronize());
                    std::vector<Sum> result(cols);
                    CUDA_CHECK(cudaMemcpy(result.data(), sums.data(), cols * sizeof(Sum),
                                          cudaMemcpyDeviceToHost));
                    for (std::size_t c = 0; c < cols; ++c) {
                        std::vector<T> column(rows);
                        for (std::size_t r = 0; r < rows; ++r)
                            column[r] = input.elements[r * cols + c];
                        ASSERT_TRUE(sumIsCorrect(result[c], column)) << "column " << c;
                    }
                }
            }
}

// The matrix of IndexPastTwoToThe31: element (r, c) is rowValue(r) + c % 3, rowValue(r) from
// the harness's generator, -8 to 8. Column c then sums to (the sum of every rowValue) +
// rows * (c % 3): one sum for the host to make, not one per element, and a read of another
// row's element almost always changes it.
__host__ __device__ int largeMatrixRowValue(std::uint64_t seed, std::size_t r)
{
    return int(mixBits(seed + r) % 17) - 8;
}

__global__ void fillLargeMatrix(int* matrix, std::size_t rows, std::size_t cols, std::uint64_t seed)
{
    const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
    for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < rows * cols;
         i += stride)
        matrix[i] = largeMatrixRowValue(seed, i / cols) + int(i % cols % 3);
}

}  // namespace

// More than 2^31 elements: 2^21 rows of 1025 ints (8.6 GB). Its last 2^21 elements (the last
// 2046 rows and the end of the one before) are at indices past 2^31 - 1, where an index kept in
// an int overflows: r * cols + c goes negative and the read lands 8 GB before the matrix (a CUDA
// error, or a wrong sum). Every other test's matrix has at most 1025 x 1025 elements, where an
// int index is right. (An unsigned 32-bit index wraps only past 2^32 elements, 17 GB of ints:
// not tried.) Skipped, saying so, where the GPU has not the memory free.
TEST(ColumnSums, IndexPastTwoToThe31)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    const Shape shape{std::size_t(1) << 21, 1025};
    const std::size_t bytes = shape.elements() * sizeof(int);
    std::size_t freeBytes = 0, totalBytes = 0;
    CUDA_CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
    if (freeBytes < bytes + (std::size_t(1) << 30))
        GTEST_SKIP() << "needs " << (bytes >> 20) + 1024 << " MiB of free GPU memory, has "
                     << (freeBytes >> 20);
    DeviceArray<int> matrix(shape.elements());
    DeviceArray<int> sums(shape.cols);
    fillLargeMatrix<<<4096, 256>>>(matrix.data(), shape.rows, shape.cols, exerciseSeed);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    long long rowValues = 0;
    for (std::size_t r = 0; r < shape.rows; ++r) rowValues += largeMatrixRowValue(exerciseSeed, r);
    for (int blockSize : {32, 256, 1024}) {
        SCOPED_TRACE("block " + std::to_string(blockSize) + ", " + std::to_string(shape.rows) +
                     " x " + std::to_string(shape.cols) + " ints");
        CUDA_CHECK(cudaMemset(sums.data(), 0xFF, shape.cols * sizeof(int)));  // -1
        sumColumns<int>(matrix.data(), shape, blockSize, sums.data());
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaDeviceSynchronize());
        std::vector<int> result(shape.cols);
        CUDA_CHECK(cudaMemcpy(result.data(), sums.data(), shape.cols * sizeof(int),
                              cudaMemcpyDeviceToHost));
        for (std::size_t c = 0; c < shape.cols; ++c)
            ASSERT_EQ(result[c], int(rowValues + (long long)shape.rows * (long long)(c % 3)))
                << "column " << c;
    }
}

TEST(ColumnSums, Int)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkColumnSums<int>();
}

TEST(ColumnSums, Float)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkColumnSums<float>();
}

TEST(ColumnSums, Double)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkColumnSums<double>();
}

// Tests of step14's exercise (the sum of each column): ctest -R exercise_step14
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

}  // namespace

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

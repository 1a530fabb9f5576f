// Tests of step15's exercise (a group of lanes per row): ctest -R exercise_step15
#include <string>
#include <vector>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

namespace {

// Every row of R x C matrices, R and C in 1, 3, 33, 1025 (and R = 0: nothing to write), each
// row against sumIsCorrect on the random and the exact input. A group's shuffles that reach
// into the next group add its row too; with R = 1, 3 or 33 the last warp holds groups past the
// last row (and blocks of 256 hold whole warps past it), which must still take part.
template <unsigned int rowThreads, typename T>
void checkGroupSize()
{
    using Sum = Accumulator<T>;
    for (unsigned int blockSize : {32u, 256u})
        for (std::size_t rows : {0, 1, 3, 33, 1025})
            for (std::size_t cols : {1, 3, 33, 1025}) {
                const Shape shape{rows, cols};
                for (const ExerciseInput<T>& input : exerciseInputs<T>(shape.elements())) {
                    SCOPED_TRACE(std::to_string(rowThreads) + " lanes per row, block " +
                                 std::to_string(blockSize) + ", " + std::to_string(rows) + " x " +
                                 std::to_string(cols) + ", " + input.name);
                    DeviceArray<T> matrix(shape.elements());
                    DeviceArray<Sum> sums(rows);
                    if (shape.elements() > 0)
                        CUDA_CHECK(cudaMemcpy(matrix.data(), input.elements.data(),
                                              shape.elements() * sizeof(T),
                                              cudaMemcpyHostToDevice));
                    if (rows > 0) CUDA_CHECK(cudaMemset(sums.data(), 0xFF, rows * sizeof(Sum)));
                    sumRows<rowThreads, T>(matrix.data(), shape, blockSize, sums.data());
                    CUDA_CHECK(cudaGetLastError());
                    CUDA_CHECK(cudaDeviceSynchronize());
                    std::vector<Sum> result(rows);
                    if (rows > 0)
                        CUDA_CHECK(cudaMemcpy(result.data(), sums.data(), rows * sizeof(Sum),
                                              cudaMemcpyDeviceToHost));
                    for (std::size_t r = 0; r < rows; ++r) {
                        const std::vector<T> row(input.elements.begin() + r * cols,
                                                 input.elements.begin() + (r + 1) * cols);
                        ASSERT_TRUE(sumIsCorrect(result[r], row)) << "row " << r;
                    }
                }
            }
}

template <typename T>
void checkEveryGroupSize()
{
    checkGroupSize<2, T>();
    checkGroupSize<4, T>();
    checkGroupSize<8, T>();
    checkGroupSize<16, T>();
    checkGroupSize<32, T>();
}

}  // namespace

TEST(GroupSum, Int)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkEveryGroupSize<int>();
}

TEST(GroupSum, Float)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkEveryGroupSize<float>();
}

TEST(GroupSum, Double)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkEveryGroupSize<double>();
}

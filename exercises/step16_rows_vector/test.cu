// Tests of step16's exercise (each row's head, vectors and tail): ctest -R exercise_step16
#include <cstdint>
#include <string>
#include <vector>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

namespace {

// An element of 16 bytes, aligned to its size as every element type is (Complex<double>).
struct alignas(16) SixteenBytes {
    double re, im;
};

// The head the test expects, found another way than by a formula: step from the row's first
// element until the address is on a 16-byte boundary, or the row ends.
template <typename T>
std::size_t elementsBeforeBoundary(const T* row, std::size_t cols)
{
    std::size_t head = 0;
    while (head < cols && reinterpret_cast<std::uintptr_t>(row + head) % vectorBytes != 0) ++head;
    return head;
}

// Every row of matrices that start 0 .. elementsPerVector - 1 elements after a 16-byte boundary
// (every misalignment an element of this size can have), for every row length up to three
// vectors and two longer ones: enough rows that the rows' starts go through every misalignment.
template <typename T>
void checkEverySplit()
{
    constexpr std::size_t perVector = elementsPerVector<T>;
    std::vector<std::size_t> lengths;
    for (std::size_t cols = 0; cols <= 3 * perVector + 1; ++cols) lengths.push_back(cols);
    lengths.push_back(1025);
    lengths.push_back(4099);
    const std::size_t rows = 2 * perVector + 1;
    std::vector<SixteenBytes> storage(rows * 4099 * sizeof(T) / 16 + 2);  // 16-byte aligned
    for (std::size_t shift = 0; shift < perVector; ++shift)
        for (std::size_t cols : lengths)
            for (std::size_t r = 0; r < rows; ++r) {
                const T* matrix = reinterpret_cast<const T*>(storage.data()) + shift;
                SCOPED_TRACE(std::to_string(sizeof(T)) + "-byte elements, matrix " +
                             std::to_string(shift) + " elements off a 16-byte boundary, cols = " +
                             std::to_string(cols) + ", row " + std::to_string(r));
                const RowSplit split = splitRow(matrix, cols, r);
                const T* row = matrix + r * cols;
                // The head: exactly the row's elements before its first 16-byte boundary. One
                // less and the vectors are misaligned; one more and a whole vector goes by
                // scalar loads (and a head from the matrix's start is wrong for every row whose
                // start differs from the matrix's).
                ASSERT_EQ(split.head, elementsBeforeBoundary(row, cols));
                ASSERT_LT(split.tail, perVector) << "a whole vector left in the tail";
                ASSERT_EQ(split.head + split.vectors * perVector + split.tail, cols)
                    << "head " << split.head << " + vectors " << split.vectors << " x " << perVector
                    << " + tail " << split.tail;
            }
}

// Row sums on the GPU: matrices of R x C for R, C in 1, 3, 33, 1025 (and R = 0), shifted by
// every misalignment, each row against sumIsCorrect on the random and the exact input.
template <typename T>
void checkRowSums()
{
    using Sum = Accumulator<T>;
    for (std::size_t rows : {0, 1, 3, 33, 1025})
        for (std::size_t cols : {1, 3, 33, 1025}) {
            const Shape shape{rows, cols};
            for (const ExerciseInput<T>& input : exerciseInputs<T>(shape.elements()))
                for (std::size_t shift = 0; shift < elementsPerVector<T>; ++shift) {
                    SCOPED_TRACE(std::to_string(rows) + " x " + std::to_string(cols) + ", shift " +
                                 std::to_string(shift) + ", " + input.name);
                    DeviceArray<T> matrix(shape.elements() + shift);
                    DeviceArray<Sum> sums(rows);
                    if (shape.elements() > 0)
                        CUDA_CHECK(cudaMemcpy(matrix.data() + shift, input.elements.data(),
                                              shape.elements() * sizeof(T),
                                              cudaMemcpyHostToDevice));
                    if (rows > 0) CUDA_CHECK(cudaMemset(sums.data(), 0xFF, rows * sizeof(Sum)));
                    sumRows<T>(matrix.data() + shift, shape, sums.data());
                    CUDA_CHECK(cudaGetLastError());
                    CUDA_CHECK(cudaDeviceSynchronize());
                    std::vector<Sum> result(rows);
                    if (rows > 0)
                        CUDA_CHECK(cudaMemcpy(result.data(), sums.data(), rows * sizeof(Sum),
                                              cudaMemcpyDeviceToHost));
                    for (std::size_t r = 0; r < rows; ++r) {
                        // The row in the accumulator's type (exact: half to float loses nothing).
                        std::vector<Sum> row(cols);
                        for (std::size_t c = 0; c < cols; ++c)
                            row[c] = Sum(input.elements[r * cols + c]);
                        ASSERT_TRUE(sumIsCorrect(result[r], row)) << "row " << r;
                    }
                }
        }
}

}  // namespace

TEST(SplitRow, TwoByteElements)
{
    checkEverySplit<std::uint16_t>();
}

TEST(SplitRow, FourByteElements)
{
    checkEverySplit<float>();
}

TEST(SplitRow, EightByteElements)
{
    checkEverySplit<double>();
}

TEST(SplitRow, SixteenByteElements)
{
    checkEverySplit<SixteenBytes>();
}

TEST(RowSums, Float)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkRowSums<float>();
}

TEST(RowSums, Half)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkRowSums<__half>();
}

TEST(RowSums, Double)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkRowSums<double>();
}

TEST(RowSums, Int)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkRowSums<int>();
}

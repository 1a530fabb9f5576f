// Tests of step02's exercise (max and min): ctest -R exercise_step02
#include <algorithm>
#include <cstdlib>
#include <vector>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

namespace {

// The harness's data (values +-[0.5, 1) or +-2..9, both signs), shifted so that every value
// is negative (for max) or positive (for min): a wrong identity shows at once.
template <typename T>
std::vector<T> shiftedInput(std::size_t n, T shift)
{
    std::vector<T> input = makeInput<T>(n, exerciseSeed + n);
    for (T& x : input) x = x + shift;
    return input;
}

template <typename T>
void checkMaxAndMin()
{
    for (int blockSize : exerciseBlockSizes()) {
        for (std::size_t n : exerciseSizes()) {
            SCOPED_TRACE("n = " + std::to_string(n) + ", block = " + std::to_string(blockSize));
            std::vector<T> negative = shiftedInput<T>(n, T(-20));
            std::vector<T> positive = shiftedInput<T>(n, T(20));
            T largest = runOnDevice(negative, [&](const T* in, std::size_t count, T* out) {
                reduceMax(in, count, blockSize, out);
            });
            T smallest = runOnDevice(positive, [&](const T* in, std::size_t count, T* out) {
                reduceMin(in, count, blockSize, out);
            });
            EXPECT_EQ(largest, *std::max_element(negative.begin(), negative.end()));
            EXPECT_EQ(smallest, *std::min_element(positive.begin(), positive.end()));
        }
    }
}

}  // namespace

TEST(MaxAndMin, Int)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkMaxAndMin<int>();
}

TEST(MaxAndMin, Float)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkMaxAndMin<float>();
}

TEST(MaxAndMin, Double)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkMaxAndMin<double>();
}

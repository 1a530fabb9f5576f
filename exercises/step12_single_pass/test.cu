// Tests of step12's exercise (a single pass with one atomicAdd per block):
//   ctest -R exercise_step12
#include <vector>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

namespace {

template <typename T>
void checkSums()
{
    for (int blockSize : exerciseBlockSizes())
        for (std::size_t n : exerciseSizes()) {
            SCOPED_TRACE("block = " + std::to_string(blockSize));
            std::vector<T> input = makeInput<T>(n, exerciseSeed + n);
            T result = runOnDevice(input, [&](const T* in, std::size_t count, T* out) {
                reduceSinglePassAtomic(in, count, blockSize, out);
            });
            EXPECT_TRUE(sumIsCorrect(result, input));
        }
}

}  // namespace

TEST(SinglePassAtomic, Int)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkSums<int>();
}

TEST(SinglePassAtomic, Float)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkSums<float>();
}

TEST(SinglePassAtomic, Double)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkSums<double>();
}

TEST(SinglePassAtomic, EmptyInputGivesZero)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    std::vector<int> empty;
    EXPECT_EQ(runOnDevice(empty, [](const int* in, std::size_t n,
                                    int* out) { reduceSinglePassAtomic(in, n, 256, out); }),
              0);
}

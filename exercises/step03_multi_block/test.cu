// Tests of step03's exercise (the atomicAdd-only baseline): ctest -R exercise_step03
#include <vector>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

namespace {

template <typename T>
void checkAtomicOnly()
{
    for (int blockSize : {32, 256, 1024}) {
        for (std::size_t n : exerciseSizes()) {
            SCOPED_TRACE("block = " + std::to_string(blockSize));
            std::vector<T> input = makeInput<T>(n, exerciseSeed + n);
            T result = runOnDevice(input, [&](const T* in, std::size_t count, T* out) {
                reduceAtomicOnly(in, count, blockSize, out);
            });
            EXPECT_TRUE(sumIsCorrect(result, input));
        }
    }
}

}  // namespace

TEST(AtomicOnly, Int)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkAtomicOnly<int>();
}

TEST(AtomicOnly, Float)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkAtomicOnly<float>();
}

TEST(AtomicOnly, Double)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkAtomicOnly<double>();
}

TEST(AtomicOnly, EmptyInputGivesZero)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    std::vector<int> empty;
    EXPECT_EQ(runOnDevice(empty, [](const int* in, std::size_t n,
                                    int* out) { reduceAtomicOnly(in, n, 256, out); }),
              0);
}

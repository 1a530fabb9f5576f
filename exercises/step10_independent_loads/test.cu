// Tests of step10's exercise (loads in flight into one sum): ctest -R exercise_step10
#include <vector>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

namespace {

template <typename T>
void checkSums()
{
    for (int blockSize : exerciseBlockSizes())
        for (std::size_t n : exerciseSizes())
            for (const ExerciseInput<T>& input : exerciseInputs<T>(n)) {
                SCOPED_TRACE("block = " + std::to_string(blockSize) + ", " + input.name);
                DeviceArray<unsigned char> workspace(oneSumWorkspaceBytes<T>(n, blockSize));
                T result = runOnDevice(input.elements, [&](const T* in, std::size_t count, T* out) {
                    reduceOneSum(in, count, blockSize, workspace.data(), out);
                });
                EXPECT_TRUE(sumIsCorrect(result, input.elements));
            }
}

}  // namespace

TEST(LoadsInFlightOneSum, Int)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkSums<int>();
}

TEST(LoadsInFlightOneSum, Float)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkSums<float>();
}

TEST(LoadsInFlightOneSum, Double)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkSums<double>();
}

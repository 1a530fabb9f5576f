// Tests of step06's exercise (first add of four): ctest -R exercise_step06
#include <vector>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

namespace {

template <typename T>
void checkSums()
{
    for (int blockSize : exerciseBlockSizes()) {
        std::vector<std::size_t> sizes = exerciseSizes();
        for (std::size_t tail = 1; tail < 4; ++tail)
            sizes.push_back(4 * std::size_t(blockSize) * 3 + tail * blockSize + 1);
        for (std::size_t n : sizes)
            for (const ExerciseInput<T>& input : exerciseInputs<T>(n)) {
                SCOPED_TRACE("block = " + std::to_string(blockSize) + ", " + input.name);
                DeviceArray<unsigned char> workspace(firstAddFourWorkspaceBytes<T>(n, blockSize));
                T result = runOnDevice(input.elements, [&](const T* in, std::size_t count, T* out) {
                    reduceFirstAddFour(in, count, blockSize, workspace.data(), out);
                });
                EXPECT_TRUE(sumIsCorrect(result, input.elements));
            }
    }
}

}  // namespace

TEST(FirstAddFour, Int)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkSums<int>();
}

TEST(FirstAddFour, Float)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkSums<float>();
}

TEST(FirstAddFour, Double)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkSums<double>();
}

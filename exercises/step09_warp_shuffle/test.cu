// Tests of step09's exercise (the warp sum with cooperative groups): ctest -R exercise_step09
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
                DeviceArray<unsigned char> workspace(
                    cooperativeGroupsWorkspaceBytes<T>(n, blockSize));
                T result = runOnDevice(input.elements, [&](const T* in, std::size_t count, T* out) {
                    reduceCooperativeGroups(in, count, blockSize, workspace.data(), out);
                });
                EXPECT_TRUE(sumIsCorrect(result, input.elements));
            }
}

}  // namespace

TEST(CooperativeGroups, Int)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkSums<int>();
}

TEST(CooperativeGroups, Float)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkSums<float>();
}

TEST(CooperativeGroups, Double)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkSums<double>();
}

// Tests of the CUB reference's exercise (cub::BlockReduce in your own kernel):
//   ctest -R exercise_cub
#include <vector>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

namespace {

template <typename T>
void checkSums()
{
    std::vector<std::size_t> sizes = exerciseSizes();
    sizes.push_back(0);
    for (std::size_t n : sizes)
        for (const ExerciseInput<T>& input : exerciseInputs<T>(n)) {
            SCOPED_TRACE(input.name);
            DeviceArray<unsigned char> workspace(blockReduceWorkspaceBytes<T>(n));
            if (workspace.count() > 0)
                CUDA_CHECK(cudaMemset(workspace.data(), 0, workspace.count()));
            T result = runOnDevice(input.elements, [&](const T* in, std::size_t count, T* out) {
                reduceWithBlockReduce(in, count, workspace.data(), out);
            });
            if (n == 0)
                EXPECT_EQ(result, T(0)) << "the sum of no elements is 0";
            else
                EXPECT_TRUE(sumIsCorrect(result, input.elements));
        }
}

}  // namespace

TEST(BlockReduce, Int)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkSums<int>();
}

TEST(BlockReduce, Float)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkSums<float>();
}

TEST(BlockReduce, Double)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkSums<double>();
}

// Tests of step07's exercise (blocks of 32 threads): ctest -R exercise_step07
#include <vector>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

namespace {

template <typename T>
void checkSums(int blockSize)
{
    for (std::size_t n : exerciseSizes())
        for (const ExerciseInput<T>& input : exerciseInputs<T>(n)) {
            SCOPED_TRACE("block = " + std::to_string(blockSize) + ", " + input.name);
            DeviceArray<unsigned char> workspace(unrolledWorkspaceBytes<T>(n, blockSize));
            T result = runOnDevice(input.elements, [&](const T* in, std::size_t count, T* out) {
                reduceUnrolled(in, count, blockSize, workspace.data(), out);
            });
            EXPECT_TRUE(sumIsCorrect(result, input.elements));
        }
}

}  // namespace

TEST(WarpUnroll, BlockOf32Int)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkSums<int>(32);
}

TEST(WarpUnroll, BlockOf32Float)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkSums<float>(32);
}

TEST(WarpUnroll, BlockOf32Double)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkSums<double>(32);
}

TEST(WarpUnroll, LargerBlocksStillWork)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    for (int blockSize : {64, 128, 256, 512, 1024}) checkSums<float>(blockSize);
}

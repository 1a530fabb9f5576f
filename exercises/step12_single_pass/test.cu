// Tests of step12's exercise (a single pass with one atomicAdd per block):
//   ctest -R exercise_step12
#include <numeric>
#include <vector>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "counted_atomics.cuh"
#include "exercise_test.cuh"

namespace {

template <typename T>
void checkSums()
{
    for (int blockSize : exerciseBlockSizes())
        for (std::size_t n : exerciseSizes())
            for (const ExerciseInput<T>& input : exerciseInputs<T>(n)) {
                SCOPED_TRACE("block = " + std::to_string(blockSize) + ", " + input.name);
                T result = runOnDevice(input.elements, [&](const T* in, std::size_t count, T* out) {
                    reduceSinglePassAtomic(in, count, blockSize, out);
                });
                EXPECT_TRUE(sumIsCorrect(result, input.elements));
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

// The sum alone does not show how it was made: per-element or per-warp atomics, or a sum on
// the host, give the same number. Run on an int that counts its atomicAdd calls per block:
// every block that adds must add once, and at least one must (else the kernel made no sum).
TEST(SinglePassAtomic, OneAtomicAddPerBlock)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    using counted::CountedInt;
    for (int blockSize : {32, 64, 256, 1024})
        for (std::size_t n : {std::size_t(1), std::size_t(33), std::size_t(1025),
                              std::size_t(65536 + 3), (std::size_t(1) << 20) + 7}) {
            SCOPED_TRACE("n = " + std::to_string(n) + ", block = " + std::to_string(blockSize));
            std::vector<int> values = makeInput<int>(n, exerciseSeed + n);
            std::vector<CountedInt> input(values.begin(), values.end());
            counted::resetAtomicAddCount();
            CountedInt result =
                runOnDevice(input, [&](const CountedInt* in, std::size_t count, CountedInt* out) {
                    reduceSinglePassAtomic(in, count, blockSize, out);
                });
            counted::AtomicAddCount atomics = counted::atomicAddCount();
            EXPECT_EQ(result.value, std::accumulate(values.begin(), values.end(), 0));
            EXPECT_GT(atomics.total, 0u)
                << "no atomicAdd reached global memory: the kernel must add each block's sum";
            EXPECT_EQ(atomics.mostByOneBlock, 1u)
                << "a block made several atomicAdd calls: add the block's sum once";
            EXPECT_EQ(atomics.byLaterBlocks, 0u) << "more than " << counted::countedBlocks
                                                 << " blocks: size the grid from the device";
        }
}

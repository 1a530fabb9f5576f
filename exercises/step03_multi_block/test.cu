// Tests of step03's exercise (the atomicAdd-only baseline): ctest -R exercise_step03
#include <numeric>
#include <vector>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "counted_atomics.cuh"
#include "exercise_test.cuh"

namespace {

template <typename T>
void checkAtomicOnly()
{
    for (int blockSize : {32, 256, 1024}) {
        for (std::size_t n : exerciseSizes())
            for (const ExerciseInput<T>& input : exerciseInputs<T>(n)) {
                SCOPED_TRACE("block = " + std::to_string(blockSize) + ", " + input.name);
                T result = runOnDevice(input.elements, [&](const T* in, std::size_t count, T* out) {
                    reduceAtomicOnly(in, count, blockSize, out);
                });
                EXPECT_TRUE(sumIsCorrect(result, input.elements));
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

// The sum alone does not show how it was made: a tree with one atomicAdd per block, or a sum
// on the host, gives the same number. Run on an int that counts its atomicAdd calls, the
// baseline must make exactly one per element.
TEST(AtomicOnly, OneAtomicAddPerElement)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    using counted::CountedInt;
    for (int blockSize : {32, 256, 1024})
        for (std::size_t n : {std::size_t(1), std::size_t(2), std::size_t(33), std::size_t(1025),
                              std::size_t(65536 + 3)}) {
            SCOPED_TRACE("n = " + std::to_string(n) + ", block = " + std::to_string(blockSize));
            std::vector<int> values = makeInput<int>(n, exerciseSeed + n);
            std::vector<CountedInt> input(values.begin(), values.end());
            counted::resetAtomicAddCount();
            CountedInt result =
                runOnDevice(input, [&](const CountedInt* in, std::size_t count, CountedInt* out) {
                    reduceAtomicOnly(in, count, blockSize, out);
                });
            counted::AtomicAddCount atomics = counted::atomicAddCount();
            EXPECT_EQ(result.value, std::accumulate(values.begin(), values.end(), 0));
            EXPECT_EQ(atomics.total, n) << "atomicAdd calls on global memory: one per element";
        }
}

// Tests of step05's exercise (padding instead of sequential addressing):
//   ctest -R exercise_step05
#include <set>
#include <vector>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

TEST(Padding, EveryElementHasItsOwnWord)
{
    for (unsigned blockSize : {32u, 64u, 128u, 256u, 512u, 1024u}) {
        std::set<unsigned> words;
        for (unsigned index = 0; index < blockSize; ++index) {
            unsigned word = paddedIndex(index);
            EXPECT_LT(word, paddedWords(blockSize))
                << "block " << blockSize << ", element " << index;
            EXPECT_TRUE(words.insert(word).second)
                << "element " << index << " shares word " << word;
        }
        EXPECT_LE(paddedWords(blockSize), blockSize + blockSize / 16) << "more padding than needed";
    }
}

TEST(Padding, NoBankConflictAtAnyLevel)
{
    // Both loads of step04's addition, sharedPartials[index] and sharedPartials[index + s],
    // for every warp of a block of 1024 at every level where that warp works.
    const unsigned blockSize = 1024;
    for (unsigned s = 1; s < blockSize; s *= 2)
        for (unsigned warp = 0; warp < blockSize / 32; ++warp) {
            std::vector<unsigned> first, second;
            for (unsigned tid = 32 * warp; tid < 32 * warp + 32; ++tid)
                if (2 * s * tid < blockSize) {
                    first.push_back(paddedIndex(2 * s * tid));
                    second.push_back(paddedIndex(2 * s * tid + s));
                }
            if (first.empty()) continue;
            EXPECT_EQ(passesThroughBanks(first), 1u)
                << "sharedPartials[index], s = " << s << ", warp " << warp;
            EXPECT_EQ(passesThroughBanks(second), 1u)
                << "sharedPartials[index + s], s = " << s << ", warp " << warp;
        }
}

namespace {

template <typename T>
void checkSums()
{
    for (int blockSize : exerciseBlockSizes())
        for (std::size_t n : exerciseSizes()) {
            SCOPED_TRACE("block = " + std::to_string(blockSize));
            std::vector<T> input = makeInput<T>(n, exerciseSeed + n);
            DeviceArray<unsigned char> workspace(paddedWorkspaceBytes<T>(n, blockSize));
            T result = runOnDevice(input, [&](const T* in, std::size_t count, T* out) {
                reduceStridedPadded(in, count, blockSize, workspace.data(), out);
            });
            EXPECT_TRUE(sumIsCorrect(result, input));
        }
}

}  // namespace

TEST(PaddedKernel, SumsInt)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkSums<int>();
}

TEST(PaddedKernel, SumsFloat)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkSums<float>();
}

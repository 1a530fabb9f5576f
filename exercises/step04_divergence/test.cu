// Tests of step04's exercises (divergent warps, bank conflicts): ctest -R exercise_step04
// They need no GPU: the numbers follow from the index arithmetic alone.
#include <vector>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

namespace {

// Levels s = 1, 2, 4, ... blockSize/2.
std::vector<unsigned> levels(unsigned blockSize)
{
    std::vector<unsigned> s;
    for (unsigned level = 1; level < blockSize; level *= 2) s.push_back(level);
    return s;
}

void expectPerLevel(unsigned blockSize, const std::vector<unsigned>& expected,
                    unsigned (*count)(unsigned, unsigned))
{
    std::vector<unsigned> s = levels(blockSize);
    ASSERT_EQ(s.size(), expected.size());
    for (std::size_t i = 0; i < s.size(); ++i)
        EXPECT_EQ(count(s[i], blockSize), expected[i])
            << "block " << blockSize << ", level s = " << s[i];
}

}  // namespace

TEST(DivergentWarps, InterleavedAddressingStep03)
{
    expectPerLevel(256, {8, 8, 8, 8, 8, 4, 2, 1}, divergentWarpsInterleaved);
    expectPerLevel(1024, {32, 32, 32, 32, 32, 16, 8, 4, 2, 1}, divergentWarpsInterleaved);
    expectPerLevel(32, {1, 1, 1, 1, 1}, divergentWarpsInterleaved);
}

TEST(DivergentWarps, StridedIndexStep04)
{
    expectPerLevel(256, {0, 0, 0, 1, 1, 1, 1, 1}, divergentWarpsStrided);
    expectPerLevel(1024, {0, 0, 0, 0, 0, 1, 1, 1, 1, 1}, divergentWarpsStrided);
    expectPerLevel(32, {1, 1, 1, 1, 1}, divergentWarpsStrided);
}

TEST(BankConflicts, StridedIndexWarp0)
{
    // s = 1, 2, 4, ...: 2-way, 4-way, ... while all 32 threads of warp 0 work.
    std::vector<unsigned> s = levels(1024);
    std::vector<unsigned> expected1024 = {2, 4, 8, 16, 32, 16, 8, 4, 2, 1};
    for (std::size_t i = 0; i < s.size(); ++i)
        EXPECT_EQ(stridedConflictWays(s[i], 1024, 0), expected1024[i])
            << "block 1024, s = " << s[i];
    s = levels(256);
    std::vector<unsigned> expected256 = {2, 4, 8, 8, 8, 4, 2, 1};
    for (std::size_t i = 0; i < s.size(); ++i)
        EXPECT_EQ(stridedConflictWays(s[i], 256, 0), expected256[i]) << "block 256, s = " << s[i];
}

TEST(BankConflicts, StridedIndexIdleWarps)
{
    EXPECT_EQ(stridedConflictWays(1, 256, 1), 2u);
    EXPECT_EQ(stridedConflictWays(2, 256, 1), 4u);
    EXPECT_EQ(stridedConflictWays(4, 256, 1), 0u)
        << "warp 1 does not work at s = 4 in a block of 256";
    EXPECT_EQ(stridedConflictWays(8, 1024, 1), 16u);
    EXPECT_EQ(stridedConflictWays(16, 1024, 1), 0u);
}

TEST(BankConflicts, AgreesWithTheBankModel)
{
    // The same question asked of the test's own model of the banks, for every warp and level.
    for (unsigned blockSize : {64u, 128u, 256u, 512u, 1024u})
        for (unsigned s : levels(blockSize))
            for (unsigned warp = 0; warp < blockSize / 32; ++warp) {
                std::vector<unsigned> words;
                for (unsigned tid = 32 * warp; tid < 32 * warp + 32; ++tid)
                    if (2 * s * tid < blockSize) words.push_back(2 * s * tid);
                EXPECT_EQ(stridedConflictWays(s, blockSize, warp), passesThroughBanks(words))
                    << "block " << blockSize << ", s = " << s << ", warp " << warp;
            }
}

// The correctness matrix of one Part II program (a sum per row): every element type x every
// block size the program allows x shapes that catch off-by-one, tail and row-boundary
// mistakes, every row checked as the harness checks it. CMake compiles this file once per
// program, with its folder first on the include path, so "reduce.cuh" below is its.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "reduce.cuh"
#include "rows_harness.cuh"

#include "correctness_support.cuh"

namespace {

const std::uint64_t seed = testSeed();

// Rows of 0, 1, 3, 33 or 1025 elements and one longer than any block's share; 0, 1, 3, 33
// or 1025 rows; rows shorter and longer than a warp and a block, of odd lengths (their
// starts misaligned for any vector width).
std::vector<Shape> testShapes()
{
    return {{0, 5},     {1, 0},    {3, 0},     {1, 1},
            {3, 1},     {33, 1},   {1025, 1},  {1, 3},
            {3, 33},    {33, 3},   {1025, 33}, {1, 1025},
            {33, 1025}, {3, 4099}, {2, 65539}, {1, (std::size_t(1) << 20) + 7},
            {4097, 31}};
}

template <typename T>
void expectExactRows(const std::vector<Accumulator<T>>& sums,
                     const std::vector<ExactReference<T>>& exact, const char* when)
{
    const RowsVerdict verdict = checkExactRows<T>(sums, exact);
    EXPECT_EQ(verdict.wrongRows, 0u)
        << "exact input, " << when << ": row " << verdict.shownRow << " sum "
        << valueText(sums[verdict.shownRow]) << ", exact sum "
        << exactReferenceText(exact[verdict.shownRow]);
}

// As the harness runs a step: the exact input, the random input twice (the same bits each
// time), the exact input again (the workspace then holds what the random input left).
template <typename T>
void checkEveryShape(int blockSize)
{
    for (Shape shape : testShapes()) {
        SCOPED_TRACE(std::to_string(shape.rows) + " x " + std::to_string(shape.cols) +
                     ", block = " + std::to_string(blockSize) +
                     ", REDUCTION_TEST_SEED=" + std::to_string(seed));
        const std::uint64_t shapeSeed = seed + shape.rows * 7919 + shape.cols;
        DeviceRowReduction<T> reduction(shape, blockSize);
        std::vector<ExactReference<T>> exact(shape.rows);
        addExactRowSums<T>(shapeSeed, shape, 0, shape.rows, exact);
        makeRowExactInputOnDevice(reduction.input.data(), shape, shapeSeed);
        expectExactRows<T>(reduction.runAndFetch(), exact, "first run");

        const std::vector<Reference<T>> references =
            makeRowInputOnDevice(reduction.input.data(), shape, shapeSeed);
        std::vector<Accumulator<T>> first;
        for (int run = 0; run < 2; ++run) {
            const std::vector<Accumulator<T>> sums = reduction.runAndFetch();
            if (!sums.empty()) {
                const RowsVerdict verdict = checkAccurateRows<T>(sums, references);
                EXPECT_EQ(verdict.wrongRows, 0u)
                    << "random input, run " << run << ": row " << verdict.shownRow << " sum "
                    << valueText(sums[verdict.shownRow]) << ", reference "
                    << referenceText(references[verdict.shownRow]);
            }
            if (run == 0) first = sums;
            // A row's sum is added in an order fixed by the shape and the block size.
            EXPECT_TRUE(sums.empty() || std::memcmp(first.data(), sums.data(),
                                                    sums.size() * sizeof(Accumulator<T>)) == 0)
                << "run " << run << " gave other bits";
        }
        makeRowExactInputOnDevice(reduction.input.data(), shape, shapeSeed);
        expectExactRows<T>(reduction.runAndFetch(), exact, "after the random input's runs");
    }
}

}  // namespace

class RowsCorrectness : public testing::TestWithParam<std::tuple<std::string, int>> {};

TEST_P(RowsCorrectness, EveryRowMatchesTheCpuReference)
{
    const std::string type = std::get<0>(GetParam());
    const int blockSize = std::get<1>(GetParam());
    withElementType(type, [&](auto element) { checkEveryShape<decltype(element)>(blockSize); });
}

INSTANTIATE_TEST_SUITE_P(Quick, RowsCorrectness,
                         testing::Combine(testing::ValuesIn(typeNames()),
                                          testing::ValuesIn(quickBlockSizes())),
                         typeAndBlockName);
INSTANTIATE_TEST_SUITE_P(Matrix, RowsCorrectness,
                         testing::Combine(testing::ValuesIn(typeNames()),
                                          testing::ValuesIn(otherBlockSizes())),
                         typeAndBlockName);

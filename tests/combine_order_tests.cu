// The order of step 13's combine, on the host (no GPU, no MPI): how the K per-GPU sums are
// added is NCCL's choice (ring, tree, ...). Two sums give the same bits in either order
// (IEEE addition commutes), so comparing one rank with two shows nothing about the order;
// three or more sums can give other bits in another association. On the exact input every
// order gives the exact sum, so there a comparison of totals across rank counts is a check.
#include <cstring>
#include <vector>

#include <gtest/gtest.h>

#include "data.cuh"

namespace {

// Step 13's split: n / K elements each, the first n % K ranks one more.
struct Slice {
    std::size_t first, count;
};

Slice sliceOf(std::size_t n, int rank, int ranks)
{
    const std::size_t base = n / ranks, extra = n % ranks, r = std::size_t(rank);
    return {r * base + std::min(r, extra), base + (r < extra ? 1 : 0)};
}

// The per-GPU sums of the random input: each slice's reference sum rounded to the type, as
// a GPU's sum of its slice would be up to its last bits.
template <typename S>
std::vector<S> randomSliceSums(std::size_t n, std::uint64_t seed, int ranks)
{
    const std::vector<S> input = makeInput<S>(n, seed);
    std::vector<S> sums;
    for (int r = 0; r < ranks; ++r) {
        const Slice slice = sliceOf(n, r, ranks);
        sums.push_back(S(referenceSum(input.data() + slice.first, slice.count).component[0].sum));
    }
    return sums;
}

// The result of every way to add the values: any two first, then any two of what is left,
// and so on; this is every order and every association a combine can use (3 for three
// values, 18 for four).
template <typename S>
void everyCombine(const std::vector<S>& values, std::vector<S>& results)
{
    if (values.size() == 1) {
        results.push_back(values[0]);
        return;
    }
    for (std::size_t i = 0; i < values.size(); ++i)
        for (std::size_t j = i + 1; j < values.size(); ++j) {
            std::vector<S> rest{values[i] + values[j]};
            for (std::size_t k = 0; k < values.size(); ++k)
                if (k != i && k != j) rest.push_back(values[k]);
            everyCombine(rest, results);
        }
}

template <typename S>
bool sameBits(S a, S b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

// The harness's random input, seed 42, n = 2^20 + 7 (a size of step 13's test matrix), on
// three GPUs: (a + b) + c and a + (b + c) round differently, in float and in double. So the
// bits of a random-input total may change with the combine's order from three GPUs on.
template <typename S>
void expectAssociationChangesBits()
{
    const std::vector<S> sum = randomSliceSums<S>((1 << 20) + 7, 42, 3);
    EXPECT_FALSE(sameBits((sum[0] + sum[1]) + sum[2], sum[0] + (sum[1] + sum[2])))
        << "(a + b) + c = " << valueText((sum[0] + sum[1]) + sum[2])
        << " and a + (b + c) = " << valueText(sum[0] + (sum[1] + sum[2]))
        << ": the data no longer shows the case; find another seed or n";
}

TEST(CombineOrder, RandomInputThreeGpusFloatAssociationChangesBits)
{
    expectAssociationChangesBits<float>();
}

TEST(CombineOrder, RandomInputThreeGpusDoubleAssociationChangesBits)
{
    expectAssociationChangesBits<double>();
}

// The exact input's per-GPU sums are whole numbers, and so is every sum of them: no
// addition rounds (for float while the magnitudes stay below 2^24, as here), so every order
// and association of 3 and 4 GPUs' sums gives the exact total, the same bits.
template <typename S>
void expectEveryOrderExact()
{
    for (std::uint64_t seed : {1, 42}) {
        for (std::size_t n :
             {std::size_t(1025), std::size_t(1 << 20) + 7, std::size_t(1 << 24) - 1}) {
            ExactInput input;
            const ExactReference<S> total = prepareExactInput<S>(seed, n, input);
            for (int ranks : {3, 4}) {
                std::vector<S> sums;
                for (int r = 0; r < ranks; ++r) {
                    const Slice slice = sliceOf(n, r, ranks);
                    sums.push_back(S(exactSliceSum<S>(input, slice.first, slice.count).sum[0]));
                }
                std::vector<S> results;
                everyCombine(sums, results);
                ASSERT_EQ(results.size(), ranks == 3 ? 3u : 18u);
                for (S result : results) {
                    EXPECT_TRUE(isExactSum(result, total))
                        << "seed " << seed << ", n = " << n << ", " << ranks
                        << " GPUs: " << valueText(result) << ", exact sum "
                        << exactReferenceText(total);
                    EXPECT_TRUE(sameBits(result, results[0]));
                }
            }
        }
    }
}

TEST(CombineOrder, ExactInputEveryOrderFloatSameBits)
{
    expectEveryOrderExact<float>();
}

TEST(CombineOrder, ExactInputEveryOrderDoubleSameBits)
{
    expectEveryOrderExact<double>();
}

}  // namespace

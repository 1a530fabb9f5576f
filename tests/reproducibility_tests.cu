// Does a step's sum keep its bits when the block size (and so the grid) or the order of the
// input changes? Compiled once per program, with the program's folder first on the include
// path: step 12b must keep them, and give the bits of its CPU model (binned_sum.cuh summed
// on the host); step 12 must not keep them on the same inputs, which shows the check can fail.
#include <cstdint>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "reduce.cuh"
#include "gpu_harness.cuh"

#include "correctness_support.cuh"
#include "reproducible_sum/orders.cuh"

// step12b's folder has binned_sum.cuh, the reproducible sum; step 12's does not.
#if __has_include("binned_sum.cuh")
constexpr bool claimsReproducible = true;
#else
constexpr bool claimsReproducible = false;
#endif

namespace {

const std::uint64_t seed = testSeed();

template <typename Real>
std::uint64_t bitsOf(Real x)
{
    std::uint64_t bits = 0;
    std::memcpy(&bits, &x, sizeof x);
    return bits;
}

// The bits of every (block size, order) run of one input.
template <typename Real>
std::set<std::uint64_t> bitsOfEveryRun(std::size_t n, InputKind kind, Real* firstResult)
{
    std::set<std::uint64_t> bits;
    for (int blockSize = minBlockSize; blockSize <= largestBlockSize; blockSize *= 2) {
        DeviceReduction<Real> reduction(n, blockSize);
        for (const InputOrder& order : inputOrders(n, 4)) {
            SCOPED_TRACE("block " + std::to_string(blockSize) + ", order " + orderText(order));
            makeOrderedInput(reduction.input.data(), n, kind, seed, order);
            const Real result = reduction.runAndFetch();
            if (bits.empty()) *firstResult = result;
            bits.insert(bitsOf(result));
        }
    }
    return bits;
}

const std::vector<std::size_t> sizes = {1025, (std::size_t(1) << 20) + 7,
                                        (std::size_t(1) << 22) + 3};
const InputKind kinds[] = {InputKind::uniform, InputKind::wide, InputKind::cancellation};

template <typename Real>
void expectSameBitsEverywhere()
{
    for (std::size_t n : sizes) {
        for (InputKind kind : kinds) {
            SCOPED_TRACE(std::string(kindName(kind)) + ", n = " + std::to_string(n) +
                         ", REDUCTION_TEST_SEED=" + std::to_string(seed));
            Real first = 0;
            const std::set<std::uint64_t> bits = bitsOfEveryRun<Real>(n, kind, &first);
            EXPECT_EQ(bits.size(), 1u) << bits.size() << " different results";
#if __has_include("binned_sum.cuh")
            // The CPU model: the same numbers, one by one, in the order they were made.
            BinnedSum<Real> model;
            for (std::size_t i = 0; i < n; ++i) model.add(inputValue<Real>(kind, seed, i));
            EXPECT_EQ(bitsOf(first), bitsOf(model.value()))
                << "GPU " << first << ", CPU model " << model.value();
#endif
        }
    }
}

template <typename Real>
void expectSomeBitsToChange()
{
    std::size_t kindsThatChange = 0;
    for (InputKind kind : kinds) {
        Real first = 0;
        kindsThatChange += bitsOfEveryRun<Real>(sizes.back(), kind, &first).size() > 1;
    }
    EXPECT_GT(kindsThatChange, 0u) << "no input changed its bits with the block size or order";
}

// Infinities and NaNs at places that land in a trip of the kernel's loop, in its last partial
// trip and in the tail: IEEE's rules (any NaN, or +inf with -inf: NaN; else the infinity), at
// every block size. Step 12's plain sum follows them too, so the test runs on both.
template <typename Real>
void expectInfinitiesAndNaNs()
{
    const std::size_t n = (std::size_t(1) << 20) + 3;
    struct Case {
        std::vector<std::size_t> positions;
        std::vector<Real> values;
        const char* expected;  // "+inf", "-inf" or "nan"
    };
    const Real inf = Real(INFINITY), nan = Real(NAN);
    const Case cases[] = {
        {{5}, {inf}, "+inf"},
        {{n - 1}, {-inf}, "-inf"},
        {{7, 700000}, {inf, inf}, "+inf"},
        {{3, n - 2}, {inf, -inf}, "nan"},
        {{123456}, {nan}, "nan"},
        {{9, 999999}, {-inf, nan}, "nan"},
    };
    for (const Case& c : cases) {
        std::vector<Real> input(n);
        for (std::size_t i = 0; i < n; ++i) input[i] = inputValue<Real>(InputKind::wide, seed, i);
        for (std::size_t k = 0; k < c.positions.size(); ++k) input[c.positions[k]] = c.values[k];
        for (int blockSize = minBlockSize; blockSize <= largestBlockSize; blockSize *= 2) {
            SCOPED_TRACE(std::string("expected ") + c.expected + ", block " +
                         std::to_string(blockSize));
            DeviceReduction<Real> reduction(input, blockSize);
            const Real result = reduction.runAndFetch();
            if (std::string(c.expected) == "nan")
                EXPECT_TRUE(result != result) << result;
            else
                EXPECT_EQ(result, c.expected[0] == '+' ? inf : -inf);
        }
    }
}

}  // namespace

TEST(Reproducibility, InfinitiesAndNaNsFloat)
{
    expectInfinitiesAndNaNs<float>();
}
TEST(Reproducibility, InfinitiesAndNaNsDouble)
{
    expectInfinitiesAndNaNs<double>();
}

TEST(Reproducibility, EveryBlockSizeAndOrderFloat)
{
    if (claimsReproducible)
        expectSameBitsEverywhere<float>();
    else
        expectSomeBitsToChange<float>();
}

TEST(Reproducibility, EveryBlockSizeAndOrderDouble)
{
    if (claimsReproducible)
        expectSameBitsEverywhere<double>();
    else
        expectSomeBitsToChange<double>();
}

// Step 12b's reproducible sum (binned_sum.cuh) on the CPU, where every order and every way of
// splitting and merging can be tried: the same bits whatever the order, the exact sum rounded
// once where every element fits the kept bins, IEEE's rules for infinities and NaNs. Each
// order check is run on a plain sum too, which must fail it: the check can fail.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "binned_sum.cuh"

namespace {

template <typename Real>
std::uint64_t bitsOf(Real x)
{
    if constexpr (sizeof(Real) == 4) {
        std::uint32_t bits;
        std::memcpy(&bits, &x, sizeof bits);
        return bits;
    } else {
        return binned::bitsOf(x);
    }
}

template <typename Real>
Real binnedSum(const std::vector<Real>& values)
{
    BinnedSum<Real> sum;
    for (Real x : values) sum.add(x);
    return sum.value();
}

template <typename Real>
Real plainSum(const std::vector<Real>& values)
{
    Real sum = 0;
    for (Real x : values) sum += x;
    return sum;
}

// The values cut into pieces of random lengths, each summed alone, the pieces' sums merged in
// a random order and a random tree shape: what blocks, a grid and ranks do.
template <typename Real>
Real binnedSumOfPieces(const std::vector<Real>& values, std::mt19937_64& random)
{
    std::vector<BinnedSum<Real>> sums;
    for (std::size_t begin = 0; begin < values.size();) {
        const std::size_t length = 1 + random() % 97;
        BinnedSum<Real> piece;
        for (std::size_t i = begin; i < std::min(values.size(), begin + length); ++i)
            piece.add(values[i]);
        sums.push_back(piece);
        begin += length;
    }
    while (sums.size() > 1) {
        const std::size_t a = random() % sums.size();
        std::size_t b = random() % (sums.size() - 1);
        if (b >= a) ++b;
        sums[a].merge(sums[b]);
        sums.erase(sums.begin() + b);
    }
    return sums.empty() ? Real(0) : sums[0].value();
}

// Inputs built to be hard, by name: every one mixes signs.
template <typename Real>
std::vector<Real> hardInput(const std::string& kind, std::size_t n, std::mt19937_64& random)
{
    constexpr int precision = std::numeric_limits<Real>::digits;
    constexpr int lowest =
        std::numeric_limits<Real>::min_exponent - precision;  // last subnormal bit
    constexpr int highest = std::numeric_limits<Real>::max_exponent - 2;
    std::uniform_real_distribution<double> unit(1, 2);
    std::vector<Real> values(n);
    for (std::size_t i = 0; i < n; ++i) {
        const double sign = random() % 2 ? 1 : -1;
        if (kind == "whole exponent range") {  // subnormals to near overflow
            values[i] =
                Real(sign * std::ldexp(unit(random), lowest + int(random() % (highest - lowest))));
        } else if (kind == "subnormals") {
            values[i] = Real(sign * std::ldexp(double(random() % (1u << 20)), lowest));
        } else if (kind == "cancellation") {  // large pairs that cancel, small values between
            values[i] = i % 3 == 2 ? Real(sign * std::ldexp(unit(random), -30))
                                   : Real((i % 3 ? -1 : 1) * std::ldexp(1.0 + double(i / 3), 40));
        } else {  // "ties": odd multiples of half the spacing of bin 25 (b = -20, spacing
            // 2^-72; a double is scaled by 2^-64 first), the lowest bin kept once +-M (elements
            // 0 and 1) set the window: every other element's last piece is a tie; the others,
            // odd multiples of the spacing, change the parity of the bin's S, which an
            // even-breaking rounding would read. Float keeps two bins, double three, so M's
            // bin is 26 (M = 2^5) or 27 (M = 2^30, scaled).
            const int scale = -BinnedSum<Real>::scaleExponent;
            const int largest = std::is_same_v<Real, float> ? 5 : 30;
            values[i] = i < 2 ? Real((i ? -1 : 1) * std::ldexp(1.0, largest + scale))
                              : Real(sign * std::ldexp(double(2 * (random() % (1u << 20)) + 1),
                                                       (i % 2 ? -73 : -72) + scale));
        }
    }
    return values;
}

const std::vector<std::string> hardKinds = {"whole exponent range", "subnormals", "cancellation",
                                            "ties"};

template <typename Real>
void expectSameBitsInEveryOrder()
{
    std::mt19937_64 random(2026);
    for (const std::string& kind : hardKinds) {
        for (std::size_t n : {std::size_t(3), std::size_t(1000), std::size_t(40000)}) {
            SCOPED_TRACE(kind + ", n = " + std::to_string(n));
            std::vector<Real> values = hardInput<Real>(kind, n, random);
            const Real first = binnedSum(values);
            for (int order = 0; order < 6; ++order) {
                std::shuffle(values.begin(), values.end(), random);
                ASSERT_EQ(bitsOf(binnedSum(values)), bitsOf(first)) << "order " << order;
                ASSERT_EQ(bitsOf(binnedSumOfPieces(values, random)), bitsOf(first))
                    << "pieces, order " << order;
            }
        }
    }
}

// The same check on the plain sum: at least one input changes its bits with the order.
template <typename Real>
bool plainSumChangesWithOrder()
{
    std::mt19937_64 random(2026);
    for (const std::string& kind : hardKinds) {
        std::vector<Real> values = hardInput<Real>(kind, 1000, random);
        const Real first = plainSum(values);
        for (int order = 0; order < 6; ++order) {
            std::shuffle(values.begin(), values.end(), random);
            if (bitsOf(plainSum(values)) != bitsOf(first)) return true;
        }
    }
    return false;
}

TEST(BinnedSum, SameBitsInEveryOrderFloat)
{
    expectSameBitsInEveryOrder<float>();
}
TEST(BinnedSum, SameBitsInEveryOrderDouble)
{
    expectSameBitsInEveryOrder<double>();
}
TEST(BinnedSum, ThePlainSumFailsTheSameCheck)
{
    EXPECT_TRUE(plainSumChangesWithOrder<float>());
    EXPECT_TRUE(plainSumChangesWithOrder<double>());
}

// Exact arithmetic for the reference, independent of binned_sum.cuh: a value that is a whole
// number of 2^unit, as an __int128 count of them.
template <typename Real>
__int128 units(Real x, int unit)
{
    const double scaled = std::ldexp(double(x), -unit);
    EXPECT_EQ(scaled, std::trunc(scaled)) << "not a whole number of units";
    return (__int128)scaled;
}

// Is `result` the exact sum (a count of 2^unit) rounded to nearest, ties to even? If the exact
// sum has at most the type's precision in bits, it must be it. Else the result and its
// neighbours are whole numbers of 2^unit, and the result must be no farther from the exact
// sum than either neighbour, with an even last bit on a tie (counted in half units).
template <typename Real>
testing::AssertionResult roundedOnce(Real result, __int128 exact, int unit)
{
    const auto magnitude = [](__int128 v) { return v < 0 ? -v : v; };
    __int128 significant = magnitude(exact);
    while (significant != 0 && significant % 2 == 0) significant /= 2;
    if (significant < ((__int128)1 << std::numeric_limits<Real>::digits)) {
        if (units(result, unit) == exact) return testing::AssertionSuccess();
        return testing::AssertionFailure()
               << "result " << double(result) << " is not the exact sum, which it can hold";
    }
    const __int128 distance = units(result, unit - 1) - 2 * exact;
    for (Real neighbour : {std::nextafter(result, -INFINITY), std::nextafter(result, INFINITY)}) {
        const __int128 other = units(neighbour, unit - 1) - 2 * exact;
        if (magnitude(other) < magnitude(distance) ||
            (magnitude(other) == magnitude(distance) && (bitsOf(result) & 1)))
            return testing::AssertionFailure()
                   << "result " << double(result) << " is not the exact sum rounded once";
    }
    return testing::AssertionSuccess();
}

// Elements that all fit the kept bins (within 2^13 of the largest: float's two bins take
// every element within 2^15 of it whole, double's three within 2^26), so the binned sum must be
// the exact sum rounded once, whatever the order.
template <typename Real>
void expectExactSumRoundedOnce()
{
    constexpr int precision = std::numeric_limits<Real>::digits;
    std::mt19937_64 random(12);
    for (int exponent : {-140, -60, 0, 50, 100}) {
        if (std::is_same_v<Real, float> && exponent == -140) continue;  // below float's normals
        for (std::size_t n : {std::size_t(2), std::size_t(777), std::size_t(30000)})
            for (bool alternate : {true, false}) {
                SCOPED_TRACE("exponent " + std::to_string(exponent) + ", n = " + std::to_string(n) +
                             (alternate ? ", signs alternate" : ", all positive"));
                const int unit = exponent - 13 - (precision - 1);  // last bit of the smallest
                std::vector<Real> values(n);
                __int128 exact = 0;
                for (std::size_t i = 0; i < n; ++i) {
                    const double mantissa =
                        double(random() % (std::uint64_t(1) << (precision - 1))) +
                        std::ldexp(1.0, precision - 1);
                    const int shift = int(random() % 14);
                    Real x = Real(std::ldexp(mantissa, unit + shift));
                    if (alternate && i % 2) x = -x;  // near-cancellation: the sum needs every bit
                    if (i == n - 1) x = Real(std::ldexp(1.0, unit));  // one unit off cancellation
                    values[i] = x;
                    exact += units(x, unit);
                }
                EXPECT_TRUE(roundedOnce(binnedSum(values), exact, unit));
                std::shuffle(values.begin(), values.end(), random);
                EXPECT_TRUE(roundedOnce(binnedSumOfPieces(values, random), exact, unit));
            }
    }
}

// Many elements of the same sign near the top of their bin's range (2^(b - 14)): a bin's S
// leaves its binade after about 2^12 of them unless renormalize moves quarters to the carry.
template <typename Real>
void expectExactSumOfManyLargePieces()
{
    constexpr int precision = std::numeric_limits<Real>::digits;
    const int exponent = -34 - BinnedSum<Real>::scaleExponent;  // bin 25: b = -20
    const int unit = exponent - (precision - 1);
    std::vector<Real> values(100000);
    __int128 exact = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        values[i] = Real(std::ldexp(1.0 + double(i % 4096) / 4096, exponent));
        exact += units(values[i], unit);
    }
    EXPECT_TRUE(roundedOnce(binnedSum(values), exact, unit));
}

TEST(BinnedSum, ExactSumOfManyLargePiecesFloat)
{
    expectExactSumOfManyLargePieces<float>();
}
TEST(BinnedSum, ExactSumOfManyLargePiecesDouble)
{
    expectExactSumOfManyLargePieces<double>();
}

TEST(BinnedSum, ExactSumRoundedOnceFloat)
{
    expectExactSumRoundedOnce<float>();
}
TEST(BinnedSum, ExactSumRoundedOnceDouble)
{
    expectExactSumRoundedOnce<double>();
}

// Rounding once where a plain sum rounds at every step: 1 + 2^-24 + 2^-24 is 1 in float added
// left to right (each 2^-24 is a tie, broken to even), 1 + 2^-23 exactly.
TEST(BinnedSum, RoundsOnceNotAtEveryStep)
{
    const std::vector<float> values = {1.0f, std::ldexp(1.0f, -24), std::ldexp(1.0f, -24)};
    EXPECT_EQ(plainSum(values), 1.0f);
    EXPECT_EQ(binnedSum(values), 1.0f + std::ldexp(1.0f, -23));
}

TEST(BinnedSum, InfinitiesAndNaNsAsIEEE)
{
    EXPECT_EQ(binnedSum<float>({1, INFINITY, 2}), INFINITY);
    EXPECT_EQ(binnedSum<double>({-INFINITY, 1e300}), -INFINITY);
    EXPECT_TRUE(std::isnan(binnedSum<float>({INFINITY, 1, -INFINITY})));
    EXPECT_TRUE(std::isnan(binnedSum<double>({1, NAN, 2})));
    EXPECT_TRUE(std::isnan(binnedSum<float>({NAN})));
    // A finite sum too large for the type overflows to infinity, as the exact sum rounded
    // would; one that comes back below the largest finite value does not, in any order.
    EXPECT_EQ(binnedSum<float>({FLT_MAX, FLT_MAX}), INFINITY);
    EXPECT_EQ(binnedSum<float>({FLT_MAX, FLT_MAX, -FLT_MAX}), FLT_MAX);
    EXPECT_EQ(binnedSum<double>({DBL_MAX, DBL_MAX, -DBL_MAX}), DBL_MAX);
    EXPECT_EQ(binnedSum<double>({-DBL_MAX, DBL_MAX, DBL_MAX}), DBL_MAX);
    EXPECT_EQ(plainSum<double>({DBL_MAX, DBL_MAX, -DBL_MAX}), INFINITY);  // the plain sum does
}

TEST(BinnedSum, SubnormalsAndZeros)
{
    const float tiny = std::ldexp(1.0f, -149);  // the smallest float
    EXPECT_EQ(binnedSum<float>({3 * tiny, -tiny}), 2 * tiny);
    EXPECT_EQ(binnedSum<float>({FLT_MIN, -tiny}), FLT_MIN - tiny);
    EXPECT_EQ(bitsOf(binnedSum<float>({})), bitsOf(0.0f));
    EXPECT_EQ(bitsOf(binnedSum<float>({1, -1})), bitsOf(0.0f));
    // Documented loss: a double is scaled by 2^-64 before it is cut, so every double counts in
    // multiples of 2^-1008: the smallest doubles vanish (reproducibly).
    EXPECT_EQ(binnedSum<double>({std::ldexp(1.0, -1074), std::ldexp(1.0, -1074)}), 0.0);
    EXPECT_EQ(binnedSum<double>({std::ldexp(3.0, -1000), std::ldexp(1.0, -1000)}),
              std::ldexp(1.0, -998));
}

// Elements far below the largest lose the bits under the kept bins: the cost of the window.
TEST(BinnedSum, ElementsFarBelowTheLargestAreDropped)
{
    EXPECT_EQ(binnedSum<float>({std::ldexp(1.0f, 100), 1.0f, -std::ldexp(1.0f, 100)}), 0.0f);
    EXPECT_EQ(binnedSum<float>({std::ldexp(1.0f, 30), 1.0f, -std::ldexp(1.0f, 30)}), 1.0f);
}

}  // namespace

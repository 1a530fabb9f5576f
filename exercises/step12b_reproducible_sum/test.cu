// Tests of step12b's exercise (cut a number into the kept bins), on the CPU:
// ctest -R exercise_step12b
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

namespace {

// Step 12b's add() with the student's cut in place of its deposit().
template <typename Real>
void addWithCut(BinnedSum<Real>& sum, Real x)
{
    sum.fit(x < 0 ? -x : x);
    cutIntoBins(sum.bin, double(x) * BinnedSum<Real>::scale);
    sum.renormalize();
}

template <typename Real>
Real sumWithCut(const std::vector<Real>& values)
{
    BinnedSum<Real> sum;
    for (Real x : values) addWithCut(sum, x);
    return sum.value();
}

template <typename Real>
std::uint64_t bitsOf(Real x)
{
    std::uint64_t bits = 0;
    std::memcpy(&bits, &x, sizeof x);
    return bits;
}

// The exact sum rounded once: 1 + 2^-24 + 2^-24 is 1 + 2^-23 in float (a plain float sum, left
// to right, gives 1); whole numbers and quarters sum exactly.
TEST(CutIntoBins, ExactSums)
{
    EXPECT_EQ(sumWithCut<float>({1.0f, std::ldexp(1.0f, -24), std::ldexp(1.0f, -24)}),
              1.0f + std::ldexp(1.0f, -23));
    EXPECT_EQ(sumWithCut<float>({0.25f, 1000.5f, -3.0f, 7.75f}), 1005.5f);
    EXPECT_EQ(sumWithCut<double>({1e15, 0.5, -1e15, 0.25}), 0.75);
    std::vector<float> many(100000);
    for (std::size_t i = 0; i < many.size(); ++i) many[i] = float(int(i % 1000) - 400) / 4;
    EXPECT_EQ(sumWithCut(many), 2487500.0f);  // 100 * (sum of (k - 400) / 4, k < 1000)
}

// Values at exactly half the spacing of the lowest kept bin (+-32 set a window whose lowest bin
// has spacing 2^-72), among odd multiples of the spacing, which change the parity of the
// bin's S: a cut that reads that parity gives other bits in another order.
TEST(CutIntoBins, SameBitsInEveryOrder)
{
    std::mt19937_64 random(7);
    std::vector<float> values = {32.0f, -32.0f};
    for (int i = 0; i < 4000; ++i)
        values.push_back((random() % 2 ? 1.0f : -1.0f) *
                         std::ldexp(float(2 * (random() % 1000) + 1), i % 2 ? -73 : -72));
    const float first = sumWithCut(values);
    for (int order = 0; order < 10; ++order) {
        std::shuffle(values.begin(), values.end(), random);
        ASSERT_EQ(bitsOf(sumWithCut(values)), bitsOf(first)) << "order " << order;
    }
}

// Bin by bin the same as step 12b's deposit(), on values of every magnitude the window fits.
TEST(CutIntoBins, SameBinsAsStep12b)
{
    std::mt19937_64 random(11);
    std::uniform_real_distribution<double> unit(1, 2);
    BinnedSum<double> mine, step12b;
    for (int i = 0; i < 20000; ++i) {
        const double x =
            (random() % 2 ? 1 : -1) * std::ldexp(unit(random), int(random() % 80) - 40);
        addWithCut(mine, x);
        step12b.add(x);
        for (int f = 0; f < BinnedSum<double>::folds; ++f) {
            ASSERT_EQ(bitsOf(mine.bin[f]), bitsOf(step12b.bin[f]))
                << "element " << i << ", bin " << f;
            ASSERT_EQ(mine.carry[f], step12b.carry[f]) << "element " << i << ", bin " << f;
        }
    }
}

}  // namespace

// Tests of step17's exercise (the online (max, sum) combine): ctest -R exercise_step17
// On the CPU: the combine is plain arithmetic, __host__ __device__, the same rules on both.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

namespace {

// One way to combine the states of a row's elements: every order and grouping below must give
// the same state (the combine is associative and commutative, up to rounding).
struct Order {
    std::string name;
    std::function<MaxSum(const std::vector<float>&)> combineAll;
};

MaxSum leftToRight(const std::vector<float>& x)
{
    MaxSum state = emptyMaxSum();
    for (float value : x) state = combine(state, maxSumOf(value));
    return state;
}

MaxSum rightToLeft(const std::vector<float>& x)
{
    MaxSum state = emptyMaxSum();
    for (std::size_t i = x.size(); i-- > 0;) state = combine(maxSumOf(x[i]), state);
    return state;
}

// A tree: the elements [begin, end) split at `split(begin, end)`, each half combined alone.
MaxSum tree(const std::vector<float>& x, std::size_t begin, std::size_t end,
            const std::function<std::size_t(std::size_t, std::size_t)>& split)
{
    if (end == begin) return emptyMaxSum();
    if (end - begin == 1) return maxSumOf(x[begin]);
    const std::size_t middle = split(begin, end);
    return combine(tree(x, begin, middle, split), tree(x, middle, end, split));
}

MaxSum balancedTree(const std::vector<float>& x)
{
    return tree(x, 0, x.size(), [](std::size_t b, std::size_t e) { return b + (e - b) / 2; });
}

// As a warp does it: 32 lanes, lane l takes elements l, l + 32, ... in turn, then the lanes'
// states meet in a butterfly (lane l and lane l ^ offset, offsets 16, 8, 4, 2, 1); lane 0's.
MaxSum likeAWarp(const std::vector<float>& x)
{
    std::vector<MaxSum> lanes(32, emptyMaxSum());
    for (std::size_t i = 0; i < x.size(); ++i)
        lanes[i % 32] = combine(lanes[i % 32], maxSumOf(x[i]));
    for (unsigned offset = 16; offset > 0; offset /= 2) {
        std::vector<MaxSum> next(32);
        for (unsigned l = 0; l < 32; ++l) next[l] = combine(lanes[l], lanes[l ^ offset]);
        lanes = next;
    }
    return lanes[0];
}

// The elements in a random order, split at random points.
MaxSum shuffledRandomTree(const std::vector<float>& x, std::uint64_t seed)
{
    std::mt19937_64 random(seed);
    std::vector<float> shuffled = x;
    std::shuffle(shuffled.begin(), shuffled.end(), random);
    return tree(shuffled, 0, shuffled.size(), [&random](std::size_t b, std::size_t e) {
        return b + 1 + std::size_t(random() % (e - b - 1));  // both halves non-empty
    });
}

std::vector<Order> everyOrder()
{
    std::vector<Order> orders = {{"left to right", leftToRight},
                                 {"right to left", rightToLeft},
                                 {"balanced tree", balancedTree},
                                 {"like a warp", likeAWarp}};
    for (std::uint64_t seed = 1; seed <= 16; ++seed)
        orders.push_back(
            {"shuffled random tree " + std::to_string(seed),
             [seed](const std::vector<float>& x) { return shuffledRandomTree(x, seed); }});
    return orders;
}

// How far a float state's sum may be from S = sum_j e^(x_j - M), computed in double. Each
// element's term, 1 in its own state, reaches the final state through at most n - 1 combines
// (left to right); at each it is multiplied by expf(max - m) (the difference rounded once, expf
// within 1 ulp = 2u on the host, the product rounded once) and added (rounded once): at most 5
// roundings of u = 2^-24 per combine. The differences' roundings add up along the way to at
// most u (M - x_j) in the exponent, as the differences themselves add up to M - x_j. So
// |s - S| <= ((5 (n - 1) + R) u + small) S, R = M - the least finite x (a -inf element adds an
// exact 0): a bound for every order, loose for most of them, far below what a wrong combine does
// (a sum off by a factor, or a wrong maximum).
double sumTolerance(const std::vector<float>& x, double S)
{
    const double u = std::ldexp(1.0, -24);
    double M = -INFINITY, least = INFINITY;
    for (float value : x)
        if (std::isfinite(value)) {
            M = std::max(M, double(value));
            least = std::min(least, double(value));
        }
    return (5.0 * double(x.size() - 1) + (M - least) + 1.0) * u * S * 1.01;
}

// Rows of finite elements: every order gives the maximum exactly (fmaxf rounds nothing) and
// the sum within sumTolerance of the double reference.
void checkEveryOrder(const std::vector<float>& x)
{
    const float M = *std::max_element(x.begin(), x.end());
    double S = 0;
    for (float value : x) S += std::exp(double(value) - double(M));
    for (const Order& order : everyOrder()) {
        SCOPED_TRACE(order.name + ", n = " + std::to_string(x.size()));
        const MaxSum state = order.combineAll(x);
        EXPECT_EQ(state.max, M);
        EXPECT_NEAR(double(state.sum), S, sumTolerance(x, S));
    }
}

std::vector<float> rowOf(std::size_t n, std::uint64_t seed, float scale)
{
    std::vector<float> x = makeInput<float>(n, seed);  // in [-1, 1]
    for (std::size_t i = 0; i < n; ++i) x[i] *= scale * float(1 + i % 7);
    return x;
}

// Bitwise equal, or both NaN where the state holds a NaN.
testing::AssertionResult sameState(const MaxSum& got, const MaxSum& expected)
{
    const auto same = [](float a, float b) { return (std::isnan(a) && std::isnan(b)) || a == b; };
    if (same(got.max, expected.max) && same(got.sum, expected.sum))
        return testing::AssertionSuccess();
    return testing::AssertionFailure() << "(" << got.max << ", " << got.sum << "), expected ("
                                       << expected.max << ", " << expected.sum << ")";
}

}  // namespace

// Bit for bit: the other side's sum is multiplied by e^0 = 1 and the empty side adds 0. Every
// state but those with maximum +inf: there the formula forms e^(inf - inf), NaN, as it should
// (PlusInfinityIsTheMaximum).
TEST(OnlineMaxSum, EmptyStateIsTheIdentity)
{
    const float inf = std::numeric_limits<float>::infinity();
    const std::vector<MaxSum> states = {emptyMaxSum(), maxSumOf(3.0f), maxSumOf(-2.5f),
                                        {7.0f, 3.25f}, {-inf, 4.0f},   maxSumOf(-inf),
                                        {1e30f, 1.0f}, {-1e30f, 2.0f}, {NAN, NAN}};
    for (const MaxSum& x : states) {
        SCOPED_TRACE("x = (" + std::to_string(x.max) + ", " + std::to_string(x.sum) + ")");
        EXPECT_TRUE(sameState(combine(emptyMaxSum(), x), x)) << "empty + x";
        EXPECT_TRUE(sameState(combine(x, emptyMaxSum()), x)) << "x + empty";
    }
}

TEST(OnlineMaxSum, AnyOrderAndGroupingGivesTheSameState)
{
    for (std::size_t n : {1, 2, 3, 33, 1000})
        for (float scale : {1.0f, 10.0f}) checkEveryOrder(rowOf(n, exerciseSeed + n, scale));
    // Elements that are equal: maxima meet exactly, the rescaling factor is e^0 = 1.
    checkEveryOrder(std::vector<float>(100, 0.5f));
}

// e^x of these overflows float (e^88.7 is its largest), e^(x - M) does not: the combine never
// forms e^x, only e^(x - max) <= 1.
TEST(OnlineMaxSum, LargeElementsDoNotOverflow)
{
    std::vector<float> x = rowOf(1000, exerciseSeed, 1.0f);
    for (float& value : x) value += 10000.0f;
    checkEveryOrder(x);
    for (float& value : x) value -= 20000.0f;  // e^x underflows to 0: the sum must not
    checkEveryOrder(x);
}

// Only -inf: each element is its own maximum, so e^(x - max) is taken as 1 and the row keeps
// its count; -inf - (-inf) is NaN, so a combine that forms it leaves NaN. Beside a finite
// element, -inf elements add e^(-inf) = 0.
TEST(OnlineMaxSum, MinusInfinity)
{
    const float inf = std::numeric_limits<float>::infinity();
    for (std::size_t n : {1, 2, 3, 33}) {
        const std::vector<float> x(n, -inf);
        for (const Order& order : everyOrder()) {
            SCOPED_TRACE(order.name + ", n = " + std::to_string(n) + " elements, all -inf");
            const MaxSum state = order.combineAll(x);
            EXPECT_EQ(state.max, -inf);
            EXPECT_EQ(state.sum, float(n));
        }
    }
    std::vector<float> x = rowOf(33, exerciseSeed, 1.0f);
    for (std::size_t i = 0; i < x.size(); i += 3) x[i] = -inf;
    const float M = *std::max_element(x.begin(), x.end());
    double S = 0;
    for (float value : x) S += std::exp(double(value) - double(M));
    for (const Order& order : everyOrder()) {
        SCOPED_TRACE(order.name + ", every third element -inf");
        const MaxSum state = order.combineAll(x);
        EXPECT_EQ(state.max, M);
        EXPECT_NEAR(double(state.sum), S, sumTolerance(x, S));
    }
}

// A NaN element makes the softmax of its whole row NaN: the state's maximum or sum must be NaN
// (then every e^(x - m) / s is), wherever the NaN is, beside -inf and finite elements, in every
// order. fmaxf(NaN, y) is y: a combine that only takes the maximum loses the NaN there.
TEST(OnlineMaxSum, NaNAnywhereMakesTheStateNaN)
{
    const float inf = std::numeric_limits<float>::infinity();
    std::vector<std::vector<float>> rows = {{NAN},       {NAN, 1.0f}, {1.0f, NAN},
                                            {NAN, -inf}, {-inf, NAN}, {-inf, NAN, -inf, 2.0f},
                                            {inf, NAN},  {NAN, inf}};
    for (std::size_t where : {std::size_t(0), std::size_t(16), std::size_t(32)}) {
        std::vector<float> x = rowOf(33, exerciseSeed + where, 1.0f);
        for (std::size_t i = 1; i < x.size(); i += 4) x[i] = -inf;
        x[where] = NAN;
        rows.push_back(x);
    }
    for (const std::vector<float>& x : rows)
        for (const Order& order : everyOrder()) {
            SCOPED_TRACE(order.name + ", n = " + std::to_string(x.size()));
            const MaxSum state = order.combineAll(x);
            EXPECT_TRUE(std::isnan(state.max) || std::isnan(state.sum))
                << "(" << state.max << ", " << state.sum << ")";
        }
}

// +inf is the row's maximum in every order, never NaN. Its sum, NaN: the next test.
TEST(OnlineMaxSum, PlusInfinityIsTheMaximum)
{
    const float inf = std::numeric_limits<float>::infinity();
    std::vector<float> x = rowOf(33, exerciseSeed, 1.0f);
    x[5] = -inf;
    for (std::size_t where : {std::size_t(0), std::size_t(17), std::size_t(32)}) {
        std::vector<float> withInf = x;
        withInf[where] = inf;
        for (const Order& order : everyOrder()) {
            SCOPED_TRACE(order.name + ", +inf at " + std::to_string(where));
            EXPECT_EQ(order.combineAll(withInf).max, inf);
        }
    }
}

// A row with +inf and no NaN ends as (+inf, NaN) in every order, as the page requires: every
// combine with maximum +inf forms e^(+inf - (+inf)) = NaN, so every output of the row is NaN
// (what torch.softmax gives). One +inf beside the empty state too, either way round:
// e + (+inf, 1) = (+inf, NaN). A combine that reads e^(+inf - (+inf)) as 1, as the -inf case
// reads e^(-inf - (-inf)), keeps a finite sum instead: (+inf, the count) for a row of +inf.
TEST(OnlineMaxSum, PlusInfinityMakesTheSumNaN)
{
    const float inf = std::numeric_limits<float>::infinity();
    const auto plusInfinityAndNaN = [](const MaxSum& state) {
        if (state.max == std::numeric_limits<float>::infinity() && std::isnan(state.sum))
            return testing::AssertionSuccess();
        return testing::AssertionFailure()
               << "(" << state.max << ", " << state.sum << "), expected (inf, nan)";
    };
    EXPECT_TRUE(plusInfinityAndNaN(combine(emptyMaxSum(), maxSumOf(inf)))) << "empty + (+inf, 1)";
    EXPECT_TRUE(plusInfinityAndNaN(combine(maxSumOf(inf), emptyMaxSum()))) << "(+inf, 1) + empty";
    std::vector<std::vector<float>> rows = {{inf, 0.0f},  {0.0f, inf},        {inf, inf},
                                            {inf, -inf},  {-inf, inf},        {inf, inf, inf},
                                            {inf, 1e30f}, {-1e30f, inf, -inf}};
    std::vector<float> x = rowOf(33, exerciseSeed, 1.0f);
    x[5] = -inf;
    for (std::size_t where : {std::size_t(0), std::size_t(17), std::size_t(32)}) {
        rows.push_back(x);
        rows.back()[where] = inf;
    }
    std::vector<float> twoInfinities = x;
    twoInfinities[3] = twoInfinities[30] = inf;
    rows.push_back(twoInfinities);
    for (const std::vector<float>& row : rows)
        for (const Order& order : everyOrder()) {
            SCOPED_TRACE(order.name + ", n = " + std::to_string(row.size()));
            EXPECT_TRUE(plusInfinityAndNaN(order.combineAll(row)));
        }
}

// Unit tests of the softmax's reference, tolerance and check (common/softmax_reference.cuh):
// they need no GPU. A computation done as the kernel does it (float math, the online combine
// of common/online_softmax.cuh, the output rounded to T) must pass on every kind of row; a
// result of zeros, one off by two tolerances, a wrong combine, a value in a NaN row must not.
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "online_softmax.cuh"
#include "softmax_reference.cuh"

namespace {

using Combine = std::function<MaxSum(MaxSum, MaxSum)>;

// The combine of a kernel that forgot the -inf case: -inf - (-inf) is NaN.
MaxSum naiveCombine(MaxSum a, MaxSum b)
{
    const float m = std::fmax(a.max, b.max);
    return {m, a.sum * std::exp(a.max - m) + b.sum * std::exp(b.max - m)};
}

// The combine of a kernel that adds the sums without rescaling them to the new maximum.
MaxSum unscaledCombine(MaxSum a, MaxSum b)
{
    if (std::isnan(a.max) || std::isnan(b.max)) return {NAN, NAN};
    return {std::fmax(a.max, b.max), a.sum + b.sum};
}

// A state of states[begin, end): combined in a tree, as a group's shuffles combine them.
MaxSum combineTree(const std::vector<MaxSum>& states, std::size_t begin, std::size_t end,
                   const Combine& combineStates)
{
    if (end - begin == 1) return states[begin];
    const std::size_t middle = begin + (end - begin) / 2;
    return combineStates(combineTree(states, begin, middle, combineStates),
                         combineTree(states, middle, end, combineStates));
}

// The softmax of every row as the kernel computes it, in float: one state per element, the
// states of a row padded with empty ones to a power of two (the threads past a row's end) and
// combined in a tree (`serial`: one after the other, the longest path any order has), then
// e^(x - M) * (1 / S) rounded to T.
template <typename T>
std::vector<T> softmaxLikeTheKernel(const std::vector<T>& input, Shape shape,
                                    const Combine& combineStates = combine, bool serial = false)
{
    std::vector<T> output(input.size());
    for (std::size_t r = 0; r < shape.rows; ++r) {
        const T* x = input.data() + r * shape.cols;
        MaxSum state = emptyMaxSum();
        if (serial) {
            for (std::size_t c = 0; c < shape.cols; ++c)
                state = combineStates(state, maxSumOf(float(x[c])));
        } else {
            std::size_t padded = 1;
            while (padded < shape.cols) padded *= 2;
            std::vector<MaxSum> states(padded, emptyMaxSum());
            for (std::size_t c = 0; c < shape.cols; ++c) states[c] = maxSumOf(float(x[c]));
            state = combineTree(states, 0, padded, combineStates);
        }
        const float inverseSum = 1.0f / state.sum;
        for (std::size_t c = 0; c < shape.cols; ++c)
            output[r * shape.cols + c] = T(std::exp(float(x[c]) - state.max) * inverseSum);
    }
    return output;
}

template <typename T>
std::vector<T> softmaxInput(Shape shape, std::uint64_t seed, bool specialRows)
{
    std::vector<T> input(shape.elements());
    makeSoftmaxInputRows(input.data(), shape, 0, shape.rows, seed, specialRows);
    return input;
}

template <typename T>
SoftmaxVerdict check(const std::vector<T>& input, const std::vector<T>& output, Shape shape)
{
    return checkSoftmaxRows(input.data(), output.data(), shape, 0, shape.rows);
}

std::string verdictText(const SoftmaxVerdict& verdict)
{
    return std::to_string(verdict.wrong) + " of " + std::to_string(verdict.checked) +
           " wrong; first: " + softmaxElementText(verdict.firstWrong) +
           "; closest: " + softmaxElementText(verdict.closest);
}

const std::vector<Shape> shapes = {{1, 1},    {3, 1},    {1, 3},    {12, 33},
                                   {7, 1025}, {6, 4099}, {1, 65539}};

}  // namespace

TEST(SoftmaxReference, SmallRowsByHand)
{
    const float equal[4] = {1, 1, 1, 1};
    const SoftmaxRowReference four = softmaxRowReference(equal, 4);
    EXPECT_FALSE(four.undefined);
    EXPECT_EQ(four.max, 1.0);
    EXPECT_EQ(four.sum, 4.0);
    EXPECT_EQ(four.spread, 0.0);
    EXPECT_TRUE(checkSoftmaxElement(0.25f, 1.0f, four, 4).within);
    EXPECT_EQ(checkSoftmaxElement(0.25f, 1.0f, four, 4).reference, 0.25);

    const float withMinusInf[3] = {-INFINITY, 0, -INFINITY};
    const SoftmaxRowReference one = softmaxRowReference(withMinusInf, 3);
    EXPECT_EQ(one.sum, 1.0);
    EXPECT_TRUE(checkSoftmaxElement(1.0f, 0.0f, one, 3).within);
    EXPECT_TRUE(checkSoftmaxElement(0.0f, -INFINITY, one, 3).within);
    EXPECT_FALSE(checkSoftmaxElement(0.5f, -INFINITY, one, 3).within);

    const float allMinusInf[2] = {-INFINITY, -INFINITY}, nan[2] = {1, NAN}, inf[2] = {INFINITY, 1};
    for (const float* row : {allMinusInf, nan, inf}) {
        const SoftmaxRowReference undefined = softmaxRowReference(row, 2);
        EXPECT_TRUE(undefined.undefined);
        EXPECT_TRUE(checkSoftmaxElement(NAN, row[0], undefined, 2).within);
        EXPECT_FALSE(checkSoftmaxElement(0.5f, row[0], undefined, 2).within);  // must be NaN
    }
    // 16-bit input: the reference is of the value of the type (1/3 rounded to half).
    const __half third[2] = {__half(1.0f / 3), __half(0.0f)};
    const SoftmaxRowReference halves = softmaxRowReference(third, 2);
    EXPECT_EQ(halves.max, double(float(third[0])));
    EXPECT_NE(halves.max, 1.0 / 3);
}

TEST(SoftmaxReference, InputIsRandomInItsRangeAndHasTheSpecialRows)
{
    const Shape shape{12, 100};
    const std::vector<float> plain = softmaxInput<float>(shape, 7, false);
    const std::vector<float> special = softmaxInput<float>(shape, 7, true);
    EXPECT_NE(softmaxInput<float>(shape, 8, false), plain);  // fresh per seed
    bool negative = false, positive = false;
    for (float x : plain) {
        EXPECT_LE(std::fabs(x), softmaxInputRange);
        negative = negative || x < 0;
        positive = positive || x > 0;
    }
    EXPECT_TRUE(negative && positive);
    std::size_t minusInf = 0, nan = 0, inf = 0;
    for (std::size_t r = 0; r < shape.rows; ++r) {
        const SoftmaxRowReference reference =
            softmaxRowReference(&special[r * shape.cols], shape.cols);
        const int kind = int(r % softmaxRowKinds);
        EXPECT_EQ(reference.undefined,
                  kind == allMinusInfinity || kind == oneNaN || kind == onePlusInfinity)
            << "row " << r;
        if (kind == wideRange) EXPECT_GT(reference.spread, 100.0);  // e^-100: below float's range
        for (std::size_t c = 0; c < shape.cols; ++c) {
            const float x = special[r * shape.cols + c];
            minusInf += x == -INFINITY;
            nan += std::isnan(x);
            inf += x == INFINITY;
        }
    }
    EXPECT_EQ(nan, 2u);  // rows 3 and 9
    EXPECT_EQ(inf, 2u);  // rows 4 and 10
    EXPECT_EQ(minusInf, 2 * (33 + 100u));
}

TEST(SoftmaxTolerance, IsDerivedAndTight)
{
    const Shape shape{1, 1024};
    const std::vector<float> row = softmaxInput<float>(shape, 3, false);
    const SoftmaxRowReference reference = softmaxRowReference(row.data(), shape.cols);
    const double u = std::ldexp(1.0, -24);
    // Relative to the output, at x = M: at least the roundings of expf, 1/S, the product and
    // the conversion; at most about 2e-4 (Part I's bound of a sum of 1024 terms at 6u).
    const double atMax = softmaxTolerance<float>(reference, 1024, reference.max, 1.0);
    EXPECT_GT(atMax, 8 * u);
    EXPECT_LT(atMax, 2e-4);
    // It grows with |x - M|, and with the output type's rounding.
    EXPECT_GT(softmaxTolerance<float>(reference, 1024, reference.max - 16, 1.0), atMax);
    EXPECT_GT(softmaxTolerance<__half>(reference, 1024, reference.max, 1.0),
              atMax + std::ldexp(1.0, -11));
    EXPECT_GT(softmaxTolerance<__nv_bfloat16>(reference, 1024, reference.max, 1.0),
              atMax + std::ldexp(1.0, -8));
    // 16-bit elements' exponential is __expf, 2 + 1.173|x - M| ulps: from x = M to M - 16 their
    // tolerance grows by more than 16 x 2.346u, float's (expf, 2 ulps) by less than 16 x 2u.
    const double halfAtMax = softmaxTolerance<__half>(reference, 1024, reference.max, 1.0);
    EXPECT_GT(softmaxTolerance<__half>(reference, 1024, reference.max - 16, 1.0) - halfAtMax,
              16 * 2.346 * u);
    EXPECT_LT(softmaxTolerance<float>(reference, 1024, reference.max - 16, 1.0) - atMax,
              16 * 2 * u);
    // The floor: half's subnormal spacing; float's and bfloat16's: float's smallest normal.
    EXPECT_EQ(softmaxTolerance<__half>(reference, 1024, -INFINITY, 0.0), std::ldexp(1.0, -24));
    EXPECT_EQ(softmaxTolerance<float>(reference, 1024, -INFINITY, 0.0), std::ldexp(1.0, -126));
    // One element: S = 1 exactly, no sum's rounding.
    EXPECT_LT(softmaxTolerance<float>(softmaxRowReference(row.data(), 1), 1, row[0], 1.0), 12 * u);
}

// Float, half and bfloat16, every kind of row, rows from 1 to 65539 elements, in a tree and
// serially (the longest path): the kernel's arithmetic is within the tolerance everywhere.
template <typename T>
void expectKernelArithmeticPasses()
{
    for (Shape shape : shapes) {
        SCOPED_TRACE(std::to_string(shape.rows) + " x " + std::to_string(shape.cols));
        const std::vector<T> input = softmaxInput<T>(shape, 11 + shape.cols, true);
        for (bool serial : {false, true}) {
            const SoftmaxVerdict verdict =
                check(input, softmaxLikeTheKernel(input, shape, combine, serial), shape);
            EXPECT_EQ(verdict.checked, shape.elements());
            EXPECT_EQ(verdict.wrong, 0u)
                << (serial ? "serial: " : "tree: ") << verdictText(verdict);
            EXPECT_LT(verdict.closest.share(), 1.0);
        }
    }
}

TEST(SoftmaxCheck, TheKernelsArithmeticPassesFloat)
{
    expectKernelArithmeticPasses<float>();
}
TEST(SoftmaxCheck, TheKernelsArithmeticPassesHalf)
{
    expectKernelArithmeticPasses<__half>();
}
TEST(SoftmaxCheck, TheKernelsArithmeticPassesBfloat16)
{
    expectKernelArithmeticPasses<__nv_bfloat16>();
}

TEST(SoftmaxCheck, RejectsZerosAndResultsOffByTwoTolerances)
{
    const Shape shape{12, 1025};
    const std::vector<float> input = softmaxInput<float>(shape, 5, true);
    const std::vector<float> right = softmaxLikeTheKernel(input, shape);
    ASSERT_EQ(check(input, right, shape).wrong, 0u);

    // All zeros: every element of a defined row with no -inf is wrong (a check that accepts
    // 0, as a sum's tolerance at large n would, fails here).
    const std::vector<float> zeros(input.size(), 0.0f);
    const SoftmaxVerdict zero = check(input, zeros, shape);
    EXPECT_GE(zero.wrong, shape.elements() / 2) << verdictText(zero);
    EXPECT_EQ(zero.firstWrong.row, 0u);
    EXPECT_EQ(zero.firstWrong.col, 0u);

    // Every element moved by 2 tolerances (up or down): all of them wrong; by half a
    // tolerance: none.
    for (double shift : {2.0, -2.0, 0.5, -0.5}) {
        std::vector<float> moved = right;
        std::size_t movable = 0;
        for (std::size_t r = 0; r < shape.rows; ++r) {
            const SoftmaxRowReference reference =
                softmaxRowReference(&input[r * shape.cols], shape.cols);
            if (reference.undefined) continue;
            for (std::size_t c = 0; c < shape.cols; ++c) {
                const SoftmaxElement element = checkSoftmaxElement(
                    right[r * shape.cols + c], input[r * shape.cols + c], reference, shape.cols);
                if (!(element.reference > 0)) continue;  // -inf: exactly 0
                moved[r * shape.cols + c] = float(element.reference + shift * element.tolerance);
                ++movable;
            }
        }
        const SoftmaxVerdict verdict = check(input, moved, shape);
        EXPECT_EQ(verdict.wrong, std::fabs(shift) > 1 ? movable : 0u)
            << "shift " << shift << ": " << verdictText(verdict);
    }
}

TEST(SoftmaxCheck, NamesTheFirstWrongElement)
{
    const Shape shape{33, 100};
    const std::vector<float> input = softmaxInput<float>(shape, 9, true);
    std::vector<float> output = softmaxLikeTheKernel(input, shape);
    output[7 * shape.cols + 42] *= 1.001f;  // row 7 (some -inf; column 42 finite): 0.1 % off
    output[30 * shape.cols + 3] = 0.5f;     // row 30 (random) too
    output[9 * shape.cols + 1] = 0.0f;      // row 9: a NaN row must stay NaN
    const SoftmaxVerdict verdict = check(input, output, shape);
    EXPECT_EQ(verdict.wrong, 3u) << verdictText(verdict);
    EXPECT_EQ(verdict.firstWrong.row, 7u);
    EXPECT_EQ(verdict.firstWrong.col, 42u);
    // The same verdict on one host thread as on many.
    setenv("REDUCTION_HOST_THREADS", "1", 1);
    const SoftmaxVerdict oneThread = check(input, output, shape);
    unsetenv("REDUCTION_HOST_THREADS");
    EXPECT_EQ(oneThread.wrong, 3u);
    EXPECT_EQ(oneThread.closest.row, verdict.closest.row);
    EXPECT_EQ(oneThread.closest.col, verdict.closest.col);
    // A NaN where the row is defined.
    output = softmaxLikeTheKernel(input, shape);
    output[12 * shape.cols] = NAN;
    EXPECT_EQ(check(input, output, shape).wrong, 1u);
}

// The elements of the rows whose softmax is defined (no NaN, no +inf, a finite element), and
// those of them that are finite.
std::size_t definedElements(const std::vector<float>& input, Shape shape, bool finiteOnly)
{
    std::size_t count = 0;
    for (std::size_t r = 0; r < shape.rows; ++r) {
        const float* x = &input[r * shape.cols];
        if (softmaxRowReference(x, shape.cols).undefined) continue;
        for (std::size_t c = 0; c < shape.cols; ++c) count += !finiteOnly || std::isfinite(x[c]);
    }
    return count;
}

// The wrong kernels' combines: each is caught.
TEST(SoftmaxCheck, RejectsTheNaiveAndTheUnscaledCombine)
{
    const Shape shape{12, 33};  // 33 states padded to 64: empty states meet empty states
    const std::vector<float> input = softmaxInput<float>(shape, 13, true);
    // The naive combine: two empty states (threads past the row's end) give 0 * e^(-inf -
    // (-inf)) = NaN, and the row is NaN: every element of every defined row fails.
    const SoftmaxVerdict naive =
        check(input, softmaxLikeTheKernel(input, shape, naiveCombine), shape);
    EXPECT_EQ(naive.wrong, definedElements(input, shape, false)) << verdictText(naive);
    EXPECT_EQ(naive.firstWrong.row, 0u);
    EXPECT_TRUE(std::isnan(naive.firstWrong.value));
    // The unscaled combine: S is the count of elements, too large, so every element of the
    // random rows comes out too small (and a +inf row gives 0, not NaN, where e^(x - inf) = 0).
    const SoftmaxVerdict unscaled =
        check(input, softmaxLikeTheKernel(input, shape, unscaledCombine), shape);
    EXPECT_GE(unscaled.wrong, 2 * shape.cols) << verdictText(unscaled);  // rows 0 and 6
    EXPECT_EQ(unscaled.firstWrong.row, 0u);
}

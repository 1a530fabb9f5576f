// Tests of step01's exercises: ctest -R exercise_step01
#include <algorithm>
#include <numeric>
#include <vector>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"
#include "step01_cpu_serial/reduce.cuh"

TEST(ExactCheck, SmallSums)
{
    EXPECT_EQ(exactSumOneToN(0), 0);
    EXPECT_EQ(exactSumOneToN(1), 1);
    EXPECT_EQ(exactSumOneToN(10), 55);
    EXPECT_EQ(exactSumOneToN(100), 5050);
}

TEST(ExactCheck, NoOverflowUpToFourBillion)
{
    // 4e9 * (4e9 + 1) = 1.6e19 does not fit in int64 (at most 9.22e18); the sum 8.000000002e18
    // does.
    EXPECT_EQ(exactSumOneToN(4000000000LL), 8000000002000000000LL);
    EXPECT_EQ(exactSumOneToN(3999999999LL), 7999999998000000000LL);
    // An odd sum near 8e18: a double (53 bits of mantissa) cannot hold it, so a formula
    // computed in floating point fails here (the two sums above happen to be multiples of 2^10).
    EXPECT_EQ(exactSumOneToN(3999999997LL), 7999999990000000003LL);
}

TEST(ExactCheck, SerialLoopSumsOneToNExactly)
{
    for (long long n : {1LL, 2LL, 1000LL, 1048583LL, 3000001LL}) {
        std::vector<long long> oneToN(n);
        std::iota(oneToN.begin(), oneToN.end(), 1LL);
        EXPECT_EQ(reduce(oneToN.data(), oneToN.size()), exactSumOneToN(n)) << "n = " << n;
    }
}

template <typename T>
void checkFourAccumulators()
{
    for (std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(2), std::size_t(3),
                          std::size_t(4), std::size_t(5), std::size_t(7), std::size_t(1000003)})
        for (const ExerciseInput<T>& input : exerciseInputs<T>(n)) {
            SCOPED_TRACE(input.name);
            T result = reduceFourAccumulators(input.elements.data(), n);
            if (n == 0)
                EXPECT_EQ(result, T(0));
            else
                EXPECT_TRUE(sumIsCorrect(result, input.elements));
        }
}

TEST(FourAccumulators, Int)
{
    checkFourAccumulators<int>();
}
TEST(FourAccumulators, Int64)
{
    checkFourAccumulators<long long>();
}
TEST(FourAccumulators, Float)
{
    checkFourAccumulators<float>();
}
TEST(FourAccumulators, Double)
{
    checkFourAccumulators<double>();
}

// A named namespace (not an anonymous one): a solution that never uses operator+ would
// leave it unreferenced, and nvcc warns about that for functions with internal linkage.
namespace chains {

// An integer that also carries the length of the longest chain of additions that led to it:
// the additions a CPU must do one after the other. A serial loop makes one chain of n
// additions; four independent accumulators make four chains of n/4, joined at the end.
struct ChainedSum {
    long long value = 0;
    std::size_t chain = 0;
    ChainedSum() = default;
    ChainedSum(long long v) : value(v) {}
    ChainedSum& operator+=(const ChainedSum& other)
    {
        value += other.value;
        chain = std::max(chain, other.chain) + 1;
        return *this;
    }
    friend ChainedSum operator+(ChainedSum a, const ChainedSum& b) { return a += b; }
};

}  // namespace chains

using chains::ChainedSum;

TEST(FourAccumulators, BreaksTheDependencyChain)
{
    // A correct sum does not show four accumulators: the serial loop gives it too.
    for (std::size_t n : {std::size_t(8), std::size_t(1000), std::size_t(1000003)}) {
        std::vector<ChainedSum> input(n);
        for (std::size_t i = 0; i < n; ++i) input[i] = ChainedSum((long long)(i % 7) - 3);
        ChainedSum result = reduceFourAccumulators(input.data(), n);
        long long exact = 0;
        for (const ChainedSum& x : input) exact += x.value;
        EXPECT_EQ(result.value, exact) << "n = " << n;
        // n/4 additions per accumulator (rounded up), then at most three to join the four.
        EXPECT_LE(result.chain, (n + 3) / 4 + 3)
            << "n = " << n << ": a chain of " << result.chain << " dependent additions";
    }
}

// The check itself can fail: on the exact input of every exercise size it demands the exact
// sum, so the exact sum less one element, or with every element truncated to a whole number,
// fails it (the accuracy rule alone would pass a lost element at 2^20 floats).
TEST(ExactCheck, RejectsALostOrTruncatedElement)
{
    for (std::size_t n : exerciseSizes()) {
        if (n < 2) continue;
        const std::vector<float> exact = makeExactExerciseInput<float>(n, exerciseSeed + n);
        double sum = 0, truncated = 0;  // exact in double: multiples of 1/4 far below 2^51
        for (float x : exact) {
            sum += x;
            truncated += std::trunc(x);
        }
        EXPECT_TRUE(sumIsCorrect(float(sum), exact)) << "n = " << n;
        EXPECT_FALSE(sumIsCorrect(float(sum - exact[n / 2]), exact)) << "n = " << n;
        EXPECT_FALSE(sumIsCorrect(float(truncated), exact)) << "n = " << n;
    }
}

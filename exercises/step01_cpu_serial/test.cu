// Tests of step01's exercises: ctest -R exercise_step01
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
                          std::size_t(4), std::size_t(5), std::size_t(7), std::size_t(1000003)}) {
        std::vector<T> input = makeInput<T>(n, exerciseSeed + n);
        T result = reduceFourAccumulators(input.data(), n);
        if (n == 0) {
            EXPECT_EQ(result, T(0));
            continue;
        }
        EXPECT_TRUE(sumIsCorrect(result, input));
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

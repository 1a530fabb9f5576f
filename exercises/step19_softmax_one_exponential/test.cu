// Tests of step19's exercise (a block's reduction, for any operation): ctest -R exercise_step19
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

namespace {

// Blocks of each launch of the three reductions: each block reduces its own values.
constexpr unsigned int threeReductionBlocks = 5;

std::uint32_t bitsOf(float x)
{
    std::uint32_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    return bits;
}

// The same bits (a NaN, a -0 in place of a 0 differ), with both values in the message.
testing::AssertionResult sameBits(float got, float expected)
{
    if (bitsOf(got) == bitsOf(expected)) return testing::AssertionSuccess();
    return testing::AssertionFailure()
           << "got " << got << " (bits 0x" << std::hex << bitsOf(got) << "), expected " << expected
           << " (bits 0x" << bitsOf(expected) << ")" << std::dec;
}

// What every thread of a block got from reduceThreeTimes: the maximum of a, the sum of a and
// the maximum of b, results[3 i + k] for thread i of the grid.
std::vector<float> runThreeReductions(const std::vector<float>& a, const std::vector<float>& b,
                                      int blockSize)
{
    const unsigned int blocks = unsigned(a.size() / blockSize);
    DeviceArray<float> deviceA(a.size()), deviceB(b.size()), results(3 * a.size());
    CUDA_CHECK(
        cudaMemcpy(deviceA.data(), a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(
        cudaMemcpy(deviceB.data(), b.data(), b.size() * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(results.data(), 0xFF, 3 * a.size() * sizeof(float)));  // NaN
    reduceThreeTimes(deviceA.data(), deviceB.data(), results.data(), blocks, blockSize);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    std::vector<float> got(3 * a.size());
    CUDA_CHECK(
        cudaMemcpy(got.data(), results.data(), got.size() * sizeof(float), cudaMemcpyDeviceToHost));
    return got;
}

const char* const callNames[3] = {"the maximum of a (call 1)", "the sum of a (call 2)",
                                  "the maximum of b (call 3)"};

// Whole numbers from low to high as floats, threeReductionBlocks x blockSize of them.
std::vector<float> wholeNumbers(std::mt19937_64& random, int low, int high, int blockSize)
{
    std::uniform_int_distribution<int> value(low, high);
    std::vector<float> values(std::size_t(threeReductionBlocks) * blockSize);
    for (float& x : values) x = float(value(random));
    return values;
}

// Every block size, a of whole numbers from low to high and b from bLow to bHigh: every thread
// of each block must hold its block's maximum of a, sum of a and maximum of b exactly, bit for
// bit. A block of 1024 sums at most 1024 * 1000 < 2^24 in magnitude: every partial sum of any
// order is a whole number a float holds, so every order gives the exact sum.
void checkExactReductions(int low, int high, int bLow, int bHigh, std::uint64_t seed)
{
    for (int blockSize : exerciseBlockSizes()) {
        SCOPED_TRACE("block " + std::to_string(blockSize));
        std::mt19937_64 random(seed + blockSize);
        const std::vector<float> a = wholeNumbers(random, low, high, blockSize);
        const std::vector<float> b = wholeNumbers(random, bLow, bHigh, blockSize);
        const std::vector<float> got = runThreeReductions(a, b, blockSize);
        for (unsigned int block = 0; block < threeReductionBlocks; ++block) {
            const std::size_t first = std::size_t(block) * blockSize;
            float maxOfA = a[first], maxOfB = b[first];
            double sumOfA = 0;
            for (int t = 0; t < blockSize; ++t) {
                maxOfA = std::max(maxOfA, a[first + t]);
                maxOfB = std::max(maxOfB, b[first + t]);
                sumOfA += a[first + t];
            }
            const float expected[3] = {maxOfA, float(sumOfA), maxOfB};
            for (int t = 0; t < blockSize; ++t)
                for (int k = 0; k < 3; ++k)
                    ASSERT_TRUE(sameBits(got[3 * (first + t) + k], expected[k]))
                        << "block " << block << ", thread " << t << ": " << callNames[k];
        }
    }
}

// The largest relative error of a correct output of softmaxRowsKernel, to first order in
// u = 2^-24 (float's unit roundoff), for a row of cols floats whose maximum M exceeds its
// smallest element by R, at a block of B threads (each adds k = ceil(cols / B) terms):
//  - x - M rounded: e^(x - M) off by a factor e^(|x - M| u) at most, (R u) relative;
//  - expf: within 2 ulp (CUDA C++ Programming Guide, "Mathematical Functions"), 4u relative;
//  - S: positive terms, each within (R + 4) u, added in k - 1 roundings per thread, then by
//    blockReduce in at most B - 1 more on any element's path, in whatever order: (R + 4 + k + B) u;
//  - the division: u.
// (2 R + 9 + k + B) u in all; +1 for the second-order terms. At R = 40 (values from -20 to 20),
// B = 32 and 4099 columns that is 1.5e-5; at B = 1024, 6.7e-5. A wrong maximum or sum is far
// off (a 0 in place of M = -190 makes every e^(x - M) 0 and the row NaN); a lost element, too
// small to see here, is the exact tests' to catch.
double softmaxTolerance(double R, std::size_t cols, int blockSize)
{
    const double k = double((cols + blockSize - 1) / blockSize);
    return (2 * R + 10 + k + blockSize) * std::ldexp(1.0, -24);
}

}  // namespace

// Whole numbers from -1000 to 1000 (b: -50 to 50), every block size from 32 to 1024: every
// thread gets the maximum and the sum of its block exactly.
TEST(BlockReduce, ExactForEveryBlockSize)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkExactReductions(-1000, 1000, -50, 50, exerciseSeed);
}

// Every value negative (a: -1000 to -1, b: -50 to -1): a lane that takes 0, not -inf, where a
// block has fewer than 32 warps makes the maximum 0.
TEST(BlockReduce, AllNegative)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkExactReductions(-1000, -1, -50, -1, exerciseSeed + 1);
}

// Three calls in a row with the same warpValues (maximum, sum, maximum of other values), on
// random floats from -10 to 10, whose sum depends on the order: every thread of a block must
// get the same bits from each call, the maxima exactly, the sum within (B - 1) u sum |a| of the
// sum in double (u = 2^-24: the bound of any order of B terms). A call whose warps may write
// warpValues while a slower warp still reads the call before's is a race that racecheck reports
// here (exercises/CMakeLists.txt runs it); the sums are wrong only when the timing meets it.
TEST(BlockReduce, ThreeCallsInARow)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    for (int blockSize : exerciseBlockSizes()) {
        SCOPED_TRACE("block " + std::to_string(blockSize));
        std::mt19937_64 random(exerciseSeed + 2 + blockSize);
        std::uniform_real_distribution<float> value(-10.0f, 10.0f);
        std::vector<float> a(std::size_t(threeReductionBlocks) * blockSize), b(a.size());
        for (float& x : a) x = value(random);
        for (float& x : b) x = value(random);
        const std::vector<float> got = runThreeReductions(a, b, blockSize);
        for (unsigned int block = 0; block < threeReductionBlocks; ++block) {
            const std::size_t first = std::size_t(block) * blockSize;
            for (int t = 1; t < blockSize; ++t)
                for (int k = 0; k < 3; ++k)
                    ASSERT_TRUE(sameBits(got[3 * (first + t) + k], got[3 * first + k]))
                        << "block " << block << ", thread " << t
                        << " against thread 0: " << callNames[k];
            float maxOfA = a[first], maxOfB = b[first];
            double sumOfA = 0, magnitudes = 0;
            for (int t = 0; t < blockSize; ++t) {
                maxOfA = std::max(maxOfA, a[first + t]);
                maxOfB = std::max(maxOfB, b[first + t]);
                sumOfA += a[first + t];
                magnitudes += std::fabs(a[first + t]);
            }
            EXPECT_TRUE(sameBits(got[3 * first], maxOfA))
                << "block " << block << ": " << callNames[0];
            const double tolerance = (blockSize - 1) * std::ldexp(1.0, -24) * magnitudes;
            EXPECT_LE(std::fabs(double(got[3 * first + 1]) - sumOfA), tolerance)
                << "block " << block << ": " << callNames[1] << " " << got[3 * first + 1]
                << ", reference " << sumOfA;
            EXPECT_TRUE(sameBits(got[3 * first + 2], maxOfB))
                << "block " << block << ": " << callNames[2];
        }
    }
}

// softmaxRows (blockReduce twice a row, the maximum then the sum, the same warpValues) for
// every block size, on rows of 1 to 4099 random floats in three ranges: around 0 (-20 to 20);
// 80 to 100, where e^x overflows a float (past 88.7) and only e^(x - M) stays finite; and -200
// to -180, where e^x is 0 in float and only e^(x - M) is not. Every output against a softmax in
// double of the same floats, within softmaxTolerance.
TEST(BlockReduce, SoftmaxRows)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    const Shape shapes[] = {{1, 1}, {3, 31}, {5, 32}, {4, 33}, {3, 1000}, {2, 1025}, {2, 4099}};
    const float ranges[][2] = {{-20.0f, 20.0f}, {80.0f, 100.0f}, {-200.0f, -180.0f}};
    for (int blockSize : exerciseBlockSizes())
        for (const Shape& shape : shapes)
            for (const auto& range : ranges) {
                SCOPED_TRACE("block " + std::to_string(blockSize) + ", " +
                             std::to_string(shape.rows) + " x " + std::to_string(shape.cols) +
                             ", values from " + std::to_string(range[0]) + " to " +
                             std::to_string(range[1]));
                std::mt19937_64 random(exerciseSeed + 3 + shape.elements() + blockSize);
                std::uniform_real_distribution<float> value(range[0], range[1]);
                std::vector<float> input(shape.elements());
                for (float& x : input) x = value(random);
                DeviceArray<float> deviceInput(input.size()), deviceOutput(input.size());
                CUDA_CHECK(cudaMemcpy(deviceInput.data(), input.data(),
                                      input.size() * sizeof(float), cudaMemcpyHostToDevice));
                CUDA_CHECK(cudaMemset(deviceOutput.data(), 0xFF, input.size() * sizeof(float)));
                softmaxRows(deviceInput.data(), deviceOutput.data(), shape, blockSize);
                CUDA_CHECK(cudaGetLastError());
                CUDA_CHECK(cudaDeviceSynchronize());
                std::vector<float> output(input.size());
                CUDA_CHECK(cudaMemcpy(output.data(), deviceOutput.data(),
                                      output.size() * sizeof(float), cudaMemcpyDeviceToHost));
                for (std::size_t r = 0; r < shape.rows; ++r) {
                    const float* row = input.data() + r * shape.cols;
                    const float max = *std::max_element(row, row + shape.cols);
                    const float min = *std::min_element(row, row + shape.cols);
                    double sum = 0;
                    for (std::size_t c = 0; c < shape.cols; ++c)
                        sum += std::exp(double(row[c]) - max);
                    const double tolerance =
                        softmaxTolerance(double(max) - min, shape.cols, blockSize);
                    for (std::size_t c = 0; c < shape.cols; ++c) {
                        const double expected = std::exp(double(row[c]) - max) / sum;
                        const double got = output[r * shape.cols + c];
                        ASSERT_LE(std::fabs(got - expected), tolerance * expected)  // NaN fails
                            << "row " << r << ", column " << c << ": " << got << ", reference "
                            << expected << " (relative tolerance " << tolerance << ")";
                    }
                }
            }
}

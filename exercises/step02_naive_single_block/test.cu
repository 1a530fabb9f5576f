// Tests of step02's exercises (max and min; argmax): ctest -R exercise_step02
#include <algorithm>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

namespace {

// The harness's data (values +-[0.5, 1] or +-2..9, both signs), shifted so that every value
// is negative (for max) or positive (for min): a wrong identity shows at once.
template <typename T>
std::vector<T> shiftedInput(std::size_t n, T shift)
{
    std::vector<T> input = makeInput<T>(n, exerciseSeed + n);
    for (T& x : input) x = x + shift;
    return input;
}

template <typename T>
void checkMaxAndMin()
{
    for (int blockSize : exerciseBlockSizes()) {
        for (std::size_t n : exerciseSizes()) {
            SCOPED_TRACE("n = " + std::to_string(n) + ", block = " + std::to_string(blockSize));
            std::vector<T> negative = shiftedInput<T>(n, T(-20));
            std::vector<T> positive = shiftedInput<T>(n, T(20));
            T largest = runOnDevice(negative, [&](const T* in, std::size_t count, T* out) {
                reduceMax(in, count, blockSize, out);
            });
            T smallest = runOnDevice(positive, [&](const T* in, std::size_t count, T* out) {
                reduceMin(in, count, blockSize, out);
            });
            EXPECT_EQ(largest, *std::max_element(negative.begin(), negative.end()));
            EXPECT_EQ(smallest, *std::min_element(positive.begin(), positive.end()));
            // The lowest value the type holds (-inf where it has one) is a maximum too, and
            // the highest a minimum: lowest() as max's identity would beat a real -inf.
            using Limits = std::numeric_limits<T>;
            const T bottom = Limits::has_infinity ? -Limits::infinity() : Limits::lowest();
            const T top = Limits::has_infinity ? Limits::infinity() : Limits::max();
            EXPECT_EQ(runOnDevice(std::vector<T>(n, bottom),
                                  [&](const T* in, std::size_t count, T* out) {
                                      reduceMax(in, count, blockSize, out);
                                  }),
                      bottom);
            EXPECT_EQ(runOnDevice(std::vector<T>(n, top),
                                  [&](const T* in, std::size_t count, T* out) {
                                      reduceMin(in, count, blockSize, out);
                                  }),
                      top);
        }
    }
}

}  // namespace

TEST(MaxAndMin, Int)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkMaxAndMin<int>();
}

TEST(MaxAndMin, Float)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkMaxAndMin<float>();
}

TEST(MaxAndMin, Double)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkMaxAndMin<double>();
}

namespace {

// numpy.argmax on the host: the first NaN if there is one, else the first largest element.
template <typename T>
std::size_t expectedArgmax(const std::vector<T>& values)
{
    std::size_t best = noIndex;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (values[i] != values[i]) return i;  // NaN (never for int)
        if (best == noIndex || values[i] > values[best]) best = i;
    }
    return best;
}

template <typename T>
std::size_t argmaxOnDevice(const std::vector<T>& values, int blockSize)
{
    DeviceArray<T> input(values.size());
    DeviceArray<std::size_t> result(1);
    if (!values.empty())
        CUDA_CHECK(cudaMemcpy(input.data(), values.data(), values.size() * sizeof(T),
                              cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(result.data(), 0xAB, sizeof(std::size_t)));  // garbage, not noIndex
    reduceArgmax(static_cast<const T*>(input.data()), values.size(), blockSize, result.data());
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    std::size_t index = 0;
    CUDA_CHECK(cudaMemcpy(&index, result.data(), sizeof index, cudaMemcpyDeviceToHost));
    return index;
}

// One input, every block size: the index must be numpy's.
template <typename T>
void expectArgmax(const std::vector<T>& values, const std::string& what)
{
    const std::size_t expected = expectedArgmax(values);
    for (int blockSize : exerciseBlockSizes())
        EXPECT_EQ(argmaxOnDevice(values, blockSize), expected)
            << what << ", n = " << values.size() << ", block = " << blockSize;
}

// The sizes of every exercise up to 65539 (the largest, 2^20 + 7, only for the harness's data).
std::vector<std::size_t> argmaxSizes()
{
    std::vector<std::size_t> sizes = exerciseSizes();
    sizes.pop_back();
    return sizes;
}

template <typename T>
T lowestOf()  // -inf where the type has it
{
    return std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity()
                                                : std::numeric_limits<T>::lowest();
}

template <typename T>
void checkFirstLargest()
{
    for (std::size_t n : exerciseSizes())  // int data is +-2..9: the largest value repeats
        expectArgmax(makeInput<T>(n, exerciseSeed + n), "the harness's data");
    for (std::size_t n : argmaxSizes()) {
        std::vector<T> values = makeInput<T>(n, exerciseSeed + n);
        values[n - 1] = T(100);
        expectArgmax(values, "the largest element last (in the last, partial tile)");
        values[n / 2] = T(100);
        expectArgmax(values, "a tie between the middle and the last element");
        expectArgmax(std::vector<T>(n, T(-3)), "all equal");
        expectArgmax(std::vector<T>(n, lowestOf<T>()), "all equal to the lowest value (-inf)");
    }
}

template <typename T>
void checkFirstNaN()
{
    const T nan = std::numeric_limits<T>::quiet_NaN(), inf = std::numeric_limits<T>::infinity();
    for (std::size_t n : argmaxSizes()) {
        const std::vector<T> data = makeInput<T>(n, exerciseSeed + n);
        for (std::size_t position : {std::size_t(0), n / 2, n - 1}) {
            std::vector<T> values = data;
            values[position] = nan;
            expectArgmax(values, "one NaN at " + std::to_string(position));
        }
        std::vector<T> values = data;
        values[n / 2] = nan;
        values[n - 1] = nan;
        expectArgmax(values, "NaN in the middle and last");
        values = std::vector<T>(n, -inf);
        values[0] = inf;
        values[n - 1] = nan;
        expectArgmax(values, "+inf first, -inf, NaN last");
    }
}

}  // namespace

TEST(Argmax, FirstLargestInt)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkFirstLargest<int>();
}

TEST(Argmax, FirstLargestFloat)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkFirstLargest<float>();
}

TEST(Argmax, FirstLargestDouble)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkFirstLargest<double>();
}

TEST(Argmax, FirstNaNFloat)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkFirstNaN<float>();
}

TEST(Argmax, FirstNaNDouble)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    checkFirstNaN<double>();
}

TEST(Argmax, InfinitiesAndSignedZeros)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    const float inf = std::numeric_limits<float>::infinity();
    for (std::size_t n : argmaxSizes()) {
        std::vector<float> values(n, -inf);
        values[n - 1] = inf;
        expectArgmax(values, "-inf, then +inf last");
        values = makeInput<float>(n, exerciseSeed + n);
        values[n / 2] = -inf;
        expectArgmax(values, "the harness's data with one -inf");
        for (std::size_t i = 0; i < n; ++i) values[i] = i % 2 == 0 ? -0.0f : 0.0f;
        expectArgmax(values, "-0.0 and +0.0 alternating: equal, so the first");
    }
}

TEST(Argmax, EmptyInputGivesNoIndex)
{
    SKIP_WITHOUT_CUDA_DEVICE();
    EXPECT_EQ(argmaxOnDevice(std::vector<float>(), 256), noIndex);
    EXPECT_EQ(argmaxOnDevice(std::vector<int>(), 32), noIndex);
}

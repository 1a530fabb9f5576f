// What the exercise tests share: the harness's two inputs (random and exact) and its checks,
// the sizes every exercise is tried on, and running a student's launch on the device.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include <gtest/gtest.h>

#include "data.cuh"
#include "device.cuh"

// A GPU test without a GPU is skipped with the reason, never passed.
#define SKIP_WITHOUT_CUDA_DEVICE()                                       \
    do {                                                                 \
        std::string noDeviceReason;                                      \
        if (!cudaDevicePresent(&noDeviceReason))                         \
            GTEST_SKIP() << "no CUDA device (" << noDeviceReason << ")"; \
    } while (0)

constexpr std::uint64_t exerciseSeed = 20240611;

// Sizes that catch off-by-one, tail and multi-pass mistakes: not only powers of two, not
// only multiples of a block or of two blocks.
inline std::vector<std::size_t> exerciseSizes()
{
    return {1,    2,    3,    31,        32,
            33,   255,  256,  257,       1023,
            1024, 1025, 4099, 65536 + 3, (std::size_t(1) << 20) + 7};
}

inline std::vector<int> exerciseBlockSizes()
{
    return {32, 64, 128, 256, 512, 1024};
}

// Copies `hostInput` to the device, poisons the result (all bits set: NaN for floating
// point), calls launch(deviceInput, n, deviceResult) and returns what it left in the result.
template <typename T, typename Launch>
T runOnDevice(const std::vector<T>& hostInput, Launch&& launch)
{
    DeviceArray<T> input(hostInput.size());
    DeviceArray<T> result(1);
    if (!hostInput.empty())
        CUDA_CHECK(cudaMemcpy(input.data(), hostInput.data(), hostInput.size() * sizeof(T),
                              cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(result.data(), 0xFF, sizeof(T)));
    launch(static_cast<const T*>(input.data()), hostInput.size(), result.data());
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    T value;
    CUDA_CHECK(cudaMemcpy(&value, result.data(), sizeof(T), cudaMemcpyDeviceToHost));
    return value;
}

// The harness's exact input of n elements (common/data.cuh): for floating-point types
// half-integers from 1/2 to 15/2 with random signs, element 0 a whole number less a quarter
// (the sum is never a whole number); for integer types whole numbers from 1 to 8, never summing
// to 0. At every exercise size the positive elements, and the negative ones, each sum to far
// less than 2^22 (about 2n), so every order of summation gives the exact sum in every type:
// sumIsCorrect then accepts that sum alone, and one lost or repeated element fails.
template <typename T>
std::vector<T> makeExactExerciseInput(std::size_t n, std::uint64_t seed)
{
    ExactInput input;
    prepareExactInput<T>(seed, n, input);
    return makeExactInput<T>(input, n);
}

// The inputs every sum is checked on, as the harness checks a step: the random input
// (accuracy) and the exact input (correctness), both of n elements.
template <typename T>
struct ExerciseInput {
    const char* name;
    std::vector<T> elements;
};

template <typename T>
std::vector<ExerciseInput<T>> exerciseInputs(std::size_t n)
{
    return {{"random input", makeInput<T>(n, exerciseSeed + n)},
            {"exact input", makeExactExerciseInput<T>(n, exerciseSeed + n)}};
}

// Is component c of every element a multiple of 1/4, with the positive elements' sum and the
// negative ones' magnitudes each at most 2^digits of the type's finest unit among them (1 if
// every element is whole, else 1/4: 2^24 or 2^22 for float)? Every partial sum of any order is
// the sum of some of the elements, so it lies between those two bounds: a multiple of that unit
// the type holds exactly. Then every order of summation gives the exact sum, *exactQuarters (in
// quarters). Integer types always qualify (their sum is exact modulo 2^bits in any order;
// *exactQuarters is then the sum itself).
template <typename T>
bool everyOrderIsExact(const std::vector<T>& input, int c, long long* exactQuarters)
{
    using Scalar = typename ElementTraits<T>::Scalar;
    unsigned long long sum = 0;  // modulo 2^64, as integer types wrap
    if constexpr (std::is_integral_v<Scalar>) {
        for (const T& x : input) sum += (unsigned long long)(long long)componentOf(x, c);
    } else {
        const double wholeLimit = std::ldexp(4.0, std::numeric_limits<Scalar>::digits);  // quarters
        unsigned long long positive = 0, negative = 0;  // in quarters
        bool whole = true;
        for (const T& x : input) {
            const double quarters = 4 * double(componentOf(x, c));
            if (!(std::fabs(quarters) <= wholeLimit) || std::trunc(quarters) != quarters)
                return false;
            whole = whole && std::fmod(quarters, 4.0) == 0;
            (quarters > 0 ? positive : negative) += (unsigned long long)std::fabs(quarters);
            if (positive > wholeLimit || negative > wholeLimit) return false;  // each <= 2^55
            sum += (unsigned long long)(long long)quarters;
        }
        const double limit = whole ? wholeLimit : wholeLimit / 4;
        if (double(positive) > limit || double(negative) > limit) return false;
    }
    *exactQuarters = (long long)sum;
    return true;
}

// The exact sum of component c, from everyOrderIsExact's count, as a double (exact).
template <typename Scalar>
double exactValue(long long count)
{
    return std::is_integral_v<Scalar> ? double(count) : double(count) / 4;
}

// The harness's check of a sum, as a gtest assertion with the numbers in its message. Where
// every order of summation is exact (everyOrderIsExact), the sum must be the exact sum, bit
// for bit: at 2^20 floats the accuracy rule would accept a sum missing an element (its
// tolerance is about 500). Otherwise the accuracy rule: within the tolerance of the CPU
// reference (checkAccuracy, common/data.cuh).
template <typename T>
testing::AssertionResult sumIsCorrect(const T& result, const std::vector<T>& input)
{
    using Scalar = typename ElementTraits<T>::Scalar;
    constexpr int components = ElementTraits<T>::components;
    long long exactSum[components] = {};
    bool exact = true;
    for (int c = 0; c < components; ++c) exact = exact && everyOrderIsExact(input, c, &exactSum[c]);
    if (exact) {
        bool equal = true;
        for (int c = 0; c < components; ++c) {
            const Scalar value = componentOf(result, c);
            if constexpr (std::is_integral_v<Scalar>)
                equal = equal && value == Scalar(exactSum[c]);  // both modulo 2^bits
            else
                equal = equal && double(value) == exactValue<Scalar>(exactSum[c]);  // NaN fails
        }
        if (equal) return testing::AssertionSuccess();
        T expected{};
        if constexpr (std::is_integral_v<Scalar>)
            expected = Scalar(exactSum[0]);  // integer types have one component
        else if constexpr (components == 1)
            expected = Scalar(exactValue<Scalar>(exactSum[0]));
        else
            expected =
                T(Scalar(exactValue<Scalar>(exactSum[0])), Scalar(exactValue<Scalar>(exactSum[1])));
        const std::string why = std::is_integral_v<Scalar>
                                    ? "integer addition is exact in every order"
                                    : "every element a multiple of 1/4 (or whole), the "
                                      "positive and the negative ones each summing to at most 2^" +
                                          std::to_string(std::numeric_limits<Scalar>::digits) +
                                          " such units: every order of summation is exact";
        return testing::AssertionFailure()
               << "n = " << input.size() << ": sum " << valueText(result) << ", exact sum "
               << valueText(expected) << " (" << why << ", so only the exact sum is right)";
    }
    Reference<T> reference = referenceSum(input.data(), input.size());
    Accuracy accuracy = checkAccuracy(result, reference);
    if (accuracy.withinTolerance) return testing::AssertionSuccess();
    return testing::AssertionFailure()
           << "n = " << input.size() << ": sum " << valueText(result) << ", reference "
           << referenceText(reference) << ", |error| " << accuracy.error << " > tolerance "
           << accuracy.tolerance << " (accuracy rule)";
}

// Counts the distinct 4-byte words that the addresses `words` (one per thread of a
// warp) need from each of the 32 banks and returns the largest count: the passes the
// access takes through the banks (1: no conflict, k: a k-way conflict).
inline unsigned passesThroughBanks(const std::vector<unsigned>& words)
{
    std::vector<std::vector<unsigned>> perBank(32);
    unsigned passes = 0;
    for (unsigned word : words) {
        std::vector<unsigned>& bank = perBank[word % 32];
        bool seen = false;
        for (unsigned w : bank) seen = seen || w == word;  // the same word is broadcast
        if (!seen) bank.push_back(word);
        if (bank.size() > passes) passes = unsigned(bank.size());
    }
    return passes;
}

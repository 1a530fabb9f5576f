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

// The harness's exact input of n elements (common/data.cuh): whole numbers from 1 to 8 with
// random signs, never summing to 0. Up to 2^21 elements (every exercise size) the sum of
// their magnitudes is at most 2^24, so every order of summation gives the exact sum in every
// type: sumIsCorrect then accepts that sum alone, and one lost or repeated element fails.
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

// Is component c of every element a whole number, with sum |x_i| <= 2^digits of the type
// (2^24 for float, 2^53 for double)? Then every partial sum, in any order, is a whole number
// the type holds exactly, so every order of summation gives the exact sum; *exactSum is it.
// Integer types always qualify (their sum is exact modulo 2^bits in any order).
template <typename T>
bool everyOrderIsExact(const std::vector<T>& input, int c, long long* exactSum)
{
    using Scalar = typename ElementTraits<T>::Scalar;
    unsigned long long sum = 0;  // modulo 2^64, as integer types wrap
    if constexpr (std::is_integral_v<Scalar>) {
        for (const T& x : input) sum += (unsigned long long)(long long)componentOf(x, c);
    } else {
        const double limit = std::ldexp(1.0, std::numeric_limits<Scalar>::digits);
        const unsigned long long limitWhole = 1ull << std::numeric_limits<Scalar>::digits;
        unsigned long long magnitudes = 0;
        for (const T& x : input) {
            const double value = double(componentOf(x, c));
            if (!(std::fabs(value) <= limit) || std::trunc(value) != value) return false;
            magnitudes += (unsigned long long)std::fabs(value);  // exact: each is at most 2^53
            if (magnitudes > limitWhole) return false;           // so it never passes 2^54
            sum += (unsigned long long)(long long)value;
        }
    }
    *exactSum = (long long)sum;
    return true;
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
                equal = equal && double(value) == double(exactSum[c]);  // NaN fails
        }
        if (equal) return testing::AssertionSuccess();
        T expected{};
        if constexpr (components == 1)
            expected = Scalar(exactSum[0]);
        else
            expected = T(Scalar(exactSum[0]), Scalar(exactSum[1]));
        const std::string why = std::is_integral_v<Scalar>
                                    ? "integer addition is exact in every order"
                                    : "every element a whole number and sum |x_i| <= 2^" +
                                          std::to_string(std::numeric_limits<Scalar>::digits) +
                                          ": every order of summation is exact";
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

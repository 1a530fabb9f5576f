// What the exercise tests share: the harness's data, reference and verification rule, the
// sizes every exercise is tried on, and running a student's launch on the device.
#pragma once

#include <cstdint>
#include <string>
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

// The harness's verdict on a sum, as a gtest assertion with the numbers in its message.
template <typename T>
testing::AssertionResult sumIsCorrect(const T& result, const std::vector<T>& input)
{
    Reference<T> reference = referenceSum(input.data(), input.size());
    Verdict verdict = verify(result, reference);
    if (verdict.correct) return testing::AssertionSuccess();
    return testing::AssertionFailure() << "n = " << input.size() << ": sum " << valueText(result)
                                       << ", reference " << referenceText(reference) << ", |error| "
                                       << verdict.error << ", tolerance " << verdict.tolerance;
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

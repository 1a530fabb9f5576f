// The correctness matrix of one GPU step: every element type x every block size the step
// allows x sizes that catch off-by-one, tail and multi-pass mistakes, against the CPU
// reference. CMake compiles this file once per step, with the step's folder first on the
// include path, so "reduce.cuh" below is that step's.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "reduce.cuh"
#include "gpu_harness.cuh"

#include "correctness_support.cuh"

namespace {

const std::uint64_t seed = testSeed();

std::vector<std::size_t> testSizes()
{
    std::vector<std::size_t> sizes = {0,  1,    2,    31,   32,
                                      33, 1023, 1024, 1025, (std::size_t(1) << 20) + 7};
    std::mt19937_64 random(seed);
    std::uniform_int_distribution<std::size_t> anySize(2, std::size_t(1) << 22);
    for (int i = 0; i < 3; ++i) sizes.push_back(anySize(random));
    return sizes;
}

// The correctness check: the exact input must give its exact sum, bit for bit.
template <typename T>
void expectExactSum(const Accumulator<T>& result, const ExactReference<T>& exact, const char* when)
{
    EXPECT_TRUE(isExactSum(result, exact))
        << "exact input, " << when << ": sum " << valueText(result) << ", exact sum "
        << exactReferenceText(exact);
}

template <typename T>
void expectAccurate(const Accumulator<T>& result, const Reference<T>& reference, int run)
{
    Accuracy accuracy = checkAccuracy(result, reference);
    EXPECT_TRUE(accuracy.withinTolerance)
        << "random input, run " << run << ": sum " << valueText(result) << ", reference "
        << referenceText(reference) << ", |error| " << accuracy.error << ", tolerance "
        << accuracy.tolerance;
}

// As the harness runs a step: the exact input, the random input twice, the exact input again
// (it then finds the random input's partial sums in the workspace: a partial read before it
// is written gives a wrong exact sum).
template <typename T>
void checkEverySize(int blockSize)
{
    for (std::size_t n : testSizes()) {
        SCOPED_TRACE("n = " + std::to_string(n) + ", block = " + std::to_string(blockSize) +
                     ", REDUCTION_TEST_SEED=" + std::to_string(seed));
        DeviceReduction<T> reduction(n, blockSize);
        ExactInput exactInput;
        const ExactReference<T> exact = prepareExactInput<T>(seed + n, n, exactInput);
        makeExactInputOnDevice(reduction.input.data(), n, exactInput);
        expectExactSum(reduction.runAndFetch(), exact, "first run");

        std::vector<T> input = makeInput<T>(n, seed + n);
        Reference<T> reference = referenceSum(input.data(), n);
        if (n > 0)
            CUDA_CHECK(cudaMemcpy(reduction.input.data(), input.data(), n * sizeof(T),
                                  cudaMemcpyHostToDevice));
        Accumulator<T> firstResult{};
        for (int run = 0; run < 2; ++run) {  // the second run finds the workspace used
            Accumulator<T> result = reduction.runAndFetch();
            expectAccurate(result, reference, run);
            if (run == 0) firstResult = result;
            // Every step adds in an order fixed by n and the block size: same bits every run.
            EXPECT_EQ(std::memcmp(&firstResult, &result, sizeof(result)), 0)
                << "run " << run << " gave " << valueText(result) << " after "
                << valueText(firstResult);
        }
        makeExactInputOnDevice(reduction.input.data(), n, exactInput);
        expectExactSum(reduction.runAndFetch(), exact, "after the random input's runs");
    }
}

// As a library would call reduce(): on input that starts 1 to 3 elements past an aligned
// address (1 to 7 for 16-bit types), with the workspace reused. The offsets give every
// misalignment an element can have (2, 4, ... 14 bytes past a 16-byte boundary for 16-bit
// types; 4, 8 or 12 for 4-byte ones), so steps with 128-bit loads take their head path.
template <typename T>
void checkMisalignedInput(int blockSize)
{
    const std::size_t largestOffset = std::max<std::size_t>(3, 16 / sizeof(T) - 1);
    for (std::size_t offset = 1; offset <= largestOffset; ++offset) {
        for (std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(2), std::size_t(3),
                              std::size_t(5), std::size_t(1000), (std::size_t(1) << 20) + 3}) {
            SCOPED_TRACE("offset " + std::to_string(offset) + " elements, n = " +
                         std::to_string(n) + ", block = " + std::to_string(blockSize) +
                         ", REDUCTION_TEST_SEED=" + std::to_string(seed));
            DeviceReduction<T> reduction(n + offset, blockSize);  // its workspace fits n too
            T* start = reduction.input.data() + offset;           // offset elements past 16 bytes
            auto runAtStart = [&]() {
                CUDA_CHECK(cudaMemset(reduction.result.data(), 0xFF, sizeof(Accumulator<T>)));
                reduce(static_cast<const T*>(start), n, blockSize, reduction.workspace.data(),
                       reduction.workspace.count(), reduction.result.data());
                return reduction.fetchResult();
            };
            ExactInput exactInput;
            const ExactReference<T> exact = prepareExactInput<T>(seed + n + offset, n, exactInput);
            makeExactInputOnDevice(start, n, exactInput);
            expectExactSum(runAtStart(), exact, "first run");

            std::vector<T> input = makeInput<T>(n, seed + n + offset);
            Reference<T> reference = referenceSum(input.data(), n);
            if (n > 0)
                CUDA_CHECK(cudaMemcpy(start, input.data(), n * sizeof(T), cudaMemcpyHostToDevice));
            for (int run = 0; run < 2; ++run) expectAccurate(runAtStart(), reference, run);

            makeExactInputOnDevice(start, n, exactInput);
            expectExactSum(runAtStart(), exact, "after the random input's runs");
        }
    }
}

}  // namespace

class Correctness : public testing::TestWithParam<std::tuple<std::string, int>> {};

TEST_P(Correctness, MatchesCpuReferenceAtEverySize)
{
    const std::string type = std::get<0>(GetParam());
    const int blockSize = std::get<1>(GetParam());
    withElementType(type, [&](auto element) { checkEverySize<decltype(element)>(blockSize); });
}

TEST_P(Correctness, MatchesCpuReferenceOnMisalignedInput)
{
    const std::string type = std::get<0>(GetParam());
    const int blockSize = std::get<1>(GetParam());
    withElementType(type,
                    [&](auto element) { checkMisalignedInput<decltype(element)>(blockSize); });
}

INSTANTIATE_TEST_SUITE_P(Quick, Correctness,
                         testing::Combine(testing::ValuesIn(typeNames()),
                                          testing::ValuesIn(quickBlockSizes())),
                         typeAndBlockName);
INSTANTIATE_TEST_SUITE_P(Matrix, Correctness,
                         testing::Combine(testing::ValuesIn(typeNames()),
                                          testing::ValuesIn(otherBlockSizes())),
                         typeAndBlockName);

// What the two experiments on step 12 (step12_vs_cub.cu, step12_read_variants.cu) share: the
// variants every list starts and ends with (step 12 itself first; the empty kernel, and CUB
// last as the reference), the workspace they split, and the run over int, float and double.
// Each experiment defines variantList<T>(): its own variants between those.
#pragma once

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cub/device/device_reduce.cuh>
#include <cuda/std/functional>

#include "cli.cuh"
#include "device.cuh"
#include "reduce.cuh"  // step12_single_pass/reduce.cuh (on the include path)
#include "variant_timing.cuh"

constexpr unsigned int variantBlockSize = 256;

// The workspace: step 12's share first, then CUB's. They must not overlap: CUB would
// overwrite the ticket counter. The variants lay out the step's share as the step does: the
// ticket counter (ticketBytes), then one sum per block.
constexpr std::size_t stepWorkspaceBytes = std::size_t(64) << 20;
constexpr std::size_t cubWorkspaceBytes = std::size_t(32) << 20;

__global__ void emptyKernel(const float* input, float* result)
{
    if (input[0] == 12345.0f) *result = 0;  // one load, so the launch is not optimized away
}

template <typename T>
Variant step12Variant()
{
    return {"step12", true, [](const void* input, std::size_t n, void* workspace, void* result) {
                reduce(static_cast<const T*>(input), n, int(variantBlockSize), workspace,
                       stepWorkspaceBytes, static_cast<Accumulator<T>*>(result));
            }};
}

// A variant kernel's launch, as step 12 launches its own: one block per tile of
// elementsPerBlock, at most maxBlocks; the workspace laid out as the step's (the ticket
// counter, then one sum per block).
template <typename T, typename Kernel>
auto tiledLaunch(Kernel kernel, unsigned int blockSize, std::size_t elementsPerBlock,
                 std::size_t sharedBytes, std::size_t maxBlocks)
{
    return [=](const void* input, std::size_t n, void* workspace, void* result) {
        unsigned int blocks =
            unsigned(std::min(std::max<std::size_t>(1, ceilDiv(n, elementsPerBlock)), maxBlocks));
        kernel<<<blocks, blockSize, sharedBytes>>>(
            static_cast<const T*>(input),
            reinterpret_cast<T*>(static_cast<char*>(workspace) + ticketBytes),
            static_cast<unsigned int*>(workspace), static_cast<T*>(result), n);
        CUDA_CHECK_LAUNCH();
    };
}

// One block that reads one value: the floor of any timed launch (not a reduction).
inline Variant emptyKernelVariant()
{
    return {"empty kernel", false, [](const void* input, std::size_t, void*, void* result) {
                emptyKernel<<<1, 32>>>(static_cast<const float*>(input),
                                       static_cast<float*>(result));
                CUDA_CHECK_LAUNCH();
            }};
}

// CUB as cub_reference/ calls it: DeviceReduce::Reduce with the sum in T's accumulator.
template <typename T>
cudaError_t cubSum(void* workspace, std::size_t& bytes, const T* input, Accumulator<T>* result,
                   std::size_t n)
{
    return cub::DeviceReduce::Reduce(workspace, bytes, input, result, n,
                                     cuda::std::plus<Accumulator<T>>{}, Accumulator<T>{});
}

template <typename T>
Variant cubVariant()
{
    return {"cub", true, [](const void* input, std::size_t n, void* workspace, void* result) {
                std::size_t bytes = 0;
                CUDA_CHECK(cubSum<T>(nullptr, bytes, static_cast<const T*>(input),
                                     static_cast<Accumulator<T>*>(result), n));
                if (bytes > cubWorkspaceBytes) {
                    std::fprintf(
                        stderr,
                        "error: CUB needs %zu bytes of workspace at n = %zu, more than its %zu\n",
                        bytes, n, cubWorkspaceBytes);
                    std::exit(exitBadUsage);
                }
                CUDA_CHECK(cubSum<T>(static_cast<char*>(workspace) + stepWorkspaceBytes, bytes,
                                     static_cast<const T*>(input),
                                     static_cast<Accumulator<T>*>(result), n));
            }};
}

// Defined by each experiment: step12Variant<T>() first, cubVariant<T>() last.
template <typename T>
std::vector<Variant> variantList();

template <typename T>
void measureVariants(const char* typeName, int maxExponent, const Platform& platform,
                     int minExponent = 10, int exponentStep = 2)
{
    const std::size_t maxN = std::size_t(1) << maxExponent;
    if (workspaceBytes<T>(maxN, int(variantBlockSize)) > stepWorkspaceBytes) {
        std::fprintf(stderr,
                     "error: step 12 needs %zu bytes of workspace at n = %zu, more than its %zu\n",
                     workspaceBytes<T>(maxN, int(variantBlockSize)), maxN, stepWorkspaceBytes);
        std::exit(exitBadUsage);
    }
    timeVariants<T>(variantList<T>(), typeName, minExponent, maxExponent,
                    stepWorkspaceBytes + cubWorkspaceBytes, platform, 0, exponentStep);
}

// The experiment's main: --max 2^K, then int, float and double at n = 2^10, 2^12, ... up to
// 2^K.
inline int runStep12Experiment(int argc, char** argv)
{
    const int maxExponent = parseMaxExponent(argc, argv, 10);
    const Platform platform = platformOrExit();
    printVariantCsvHeader("cub");
    measureVariants<int>("int", maxExponent, platform);
    measureVariants<float>("float", maxExponent, platform);
    measureVariants<double>("double", maxExponent, platform);
    return exitVerified;
}

// What the experiments of experiments/ share: variants of a reduction timed in one process, in a
// fresh random order every round, so none profits from its place, with the harness's method
// (L2 emptied before every run, events around one reduction, the median of many runs). The
// input is small integers (-9..9), so every type sums them exactly (16-bit types in their float
// accumulator): every timed run of a real reduction is checked against the exact sum, and a
// wrong one ends the program (exitWrongResult).
#pragma once

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "cli.cuh"
#include "data.cuh"
#include "device.cuh"
#include "measure.cuh"

struct Variant {
    const char* name;
    bool isReduction;  // false: its result is not the sum, and is not checked
    std::function<void(const void* input, std::size_t n, void* workspace, void* result)> run;
};

// A step's reduce(input, n, blockSize, workspace, workspaceBytes, result), the signature of
// every step's reduce.cuh, as a variant of floats with that block size and workspace.
template <void (*reduce)(const float*, std::size_t, int, void*, std::size_t, float*), int blockSize,
          std::size_t workspaceBytes>
Variant stepVariant(const char* name)
{
    return {name, true, [](const void* input, std::size_t n, void* workspace, void* result) {
                reduce(static_cast<const float*>(input), n, blockSize, workspace, workspaceBytes,
                       static_cast<float*>(result));
            }};
}

inline void printVariantCsvHeader(const char* referenceName)
{
    std::printf(
        "variant,device,compute_capability,n,type,runs,time_median_us,time_min_us,time_max_us,gbs,"
        "percent_of_peak,%s_time_over_time\n",
        referenceName);
}

// Times every variant of `list` at n = 2^minExponent, 2^(minExponent + exponentStep), ... up
// to 2^maxExponent (a distance that is not a multiple of the step stops below it)
// and prints one CSV row per variant and n; the last column is the time of `list.back()` (the
// reference) over the variant's time: above 1, faster than the reference. onlyRounds > 0: that
// many rounds and no untimed ones (one checked run each, for a profiler). The variants write
// their sum as T's accumulator (float for 16-bit T), as the steps do.
template <typename T>
void timeVariants(const std::vector<Variant>& list, const char* typeName, int minExponent,
                  int maxExponent, std::size_t workspaceBytes, const Platform& platform,
                  int onlyRounds = 0, int exponentStep = 2)
{
    using Sum = Accumulator<T>;
    const std::size_t maxN = std::size_t(1) << maxExponent;
    std::vector<T> host(maxN);
    std::uint64_t state = 2026;
    for (T& x : host) x = T(int(mixBits(state++) % 19) - 9);
    DeviceArray<T> input(maxN);
    CUDA_CHECK(cudaMemcpy(input.data(), host.data(), maxN * sizeof(T), cudaMemcpyHostToDevice));
    DeviceArray<char> workspace(workspaceBytes);
    CUDA_CHECK(cudaMemset(workspace.data(), 0, workspace.count()));
    DeviceArray<Sum> result(1);
    L2Evictor l2(platform.l2Bytes);
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));

    long long exactSum = 0;
    std::size_t summed = 0;
    for (int exponent = minExponent; exponent <= maxExponent; exponent += exponentStep) {
        const std::size_t n = std::size_t(1) << exponent;
        for (; summed < n; ++summed) exactSum += (long long)(host[summed]);
        const int rounds = onlyRounds > 0   ? onlyRounds
                           : exponent <= 22 ? 300
                           : exponent <= 26 ? 80
                                            : 40;
        std::fprintf(stderr, "%s n = 2^%d: %d rounds of %zu variants\n", typeName, exponent, rounds,
                     list.size());
        std::vector<std::vector<double>> times(list.size());
        std::vector<std::size_t> order(list.size());
        for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
        for (int round = onlyRounds > 0 ? 0 : -3; round < rounds; ++round) {  // 3 untimed first
            for (std::size_t k = order.size() - 1; k > 0; --k)
                std::swap(order[k], order[mixBits(state++) % (k + 1)]);
            for (std::size_t k : order) {
                CUDA_CHECK(cudaMemset(result.data(), 0xFF, sizeof(Sum)));
                l2.evict();
                CUDA_CHECK(cudaEventRecord(start));
                list[k].run(input.data(), n, workspace.data(), result.data());
                CUDA_CHECK(cudaEventRecord(stop));
                CUDA_CHECK(cudaEventSynchronize(stop));
                float milliseconds = 0;
                CUDA_CHECK(cudaEventElapsedTime(&milliseconds, start, stop));
                if (round >= 0) times[k].push_back(milliseconds);
                Sum sum;
                CUDA_CHECK(cudaMemcpy(&sum, result.data(), sizeof(Sum), cudaMemcpyDeviceToHost));
                if (list[k].isReduction && (long long)(sum) != exactSum) {
                    std::fprintf(stderr, "error: %s, %s, n = 2^%d: sum %lld, expected %lld\n",
                                 list[k].name, typeName, exponent, (long long)(sum), exactSum);
                    std::exit(exitWrongResult);
                }
            }
        }
        TimingSummary reference = summarize(times.back());
        for (std::size_t k = 0; k < list.size(); ++k) {
            TimingSummary t = summarize(times[k]);
            double gbs = bandwidthGBs(double(n) * sizeof(T), t.medianMs);
            std::printf("%s,%s,%s,%zu,%s,%d,%.6f,%.6f,%.6f,%.1f,%.2f,%.4f\n", list[k].name,
                        platform.deviceName.c_str(), platform.computeCapability.c_str(), n,
                        typeName, int(times[k].size()), t.medianMs * 1e3, t.minMs * 1e3,
                        t.maxMs * 1e3, gbs, 100 * gbs / platform.peakGBs,
                        reference.medianMs / t.medianMs);
        }
        std::fflush(stdout);
    }
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
}

// "--max 2^K" with K from minExponent to 30, the only argument: returns K (30 without it),
// or ends the program with exit code 2 and a usage line.
inline int parseMaxExponent(int argc, char** argv, int minExponent)
{
    int maxExponent = 30;
    for (int i = 1; i < argc; ++i) {
        std::string argument = argv[i];
        std::size_t n = 0;
        if (argument == "--max" && i + 1 < argc && parseSize(argv[i + 1], n) &&
            n >= (std::size_t(1) << minExponent) && n <= (std::size_t(1) << 30) &&
            (n & (n - 1)) == 0) {
            maxExponent = 0;
            while ((std::size_t(1) << maxExponent) < n) ++maxExponent;
            ++i;
        } else {
            std::fprintf(stderr, "usage: %s [--max 2^K]  (K = %d..30; default 2^30)\n", argv[0],
                         minExponent);
            std::exit(exitBadUsage);
        }
    }
    return maxExponent;
}

// No GPU: one line and exit code 3, as every step.
inline Platform platformOrExit()
{
    std::string reason;
    if (!cudaDevicePresent(&reason)) {
        std::fprintf(stderr, "error: no CUDA device: %s\n", reason.c_str());
        std::exit(exitCudaError);
    }
    Platform platform = queryPlatform();
    std::fprintf(stderr, "%s, peak %.1f GB/s\n", platform.deviceName.c_str(), platform.peakGBs);
    return platform;
}

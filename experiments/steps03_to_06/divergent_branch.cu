// Experiment: what a branch costs when it really diverges (docs/step04_divergence.md). Steps 03
// and 04 have no such branch: the compiler predicates their `if` (100 % branch uniformity in
// their counters). Here every thread runs `trips` dependent multiply-adds down one of two
// paths of the same length, chosen
//   divergent  by the lane's parity: every warp holds both kinds of thread, so it runs the
//              first path with half its lanes, then the second with the other half
//   uniform    by the warp's parity: each warp runs one path with all 32 lanes
// The same threads do the same work; only which threads share a warp differs. CSV: one row per
// variant, the median of 21 timed launches (3 untimed first); the last column is the uniform
// variant's time over the variant's.
//   ./build/experiments/divergent_branch            the timing (CSV on stdout)
//   ./build/experiments/divergent_branch --profile  one launch of each, for Nsight Compute
#include <cstdio>
#include <string>
#include <vector>

#include "device.cuh"
#include "measure.cuh"

constexpr int blockSize = 256;

template <bool divergent>
__global__ void twoPaths(float* values, int trips, float a, float b)
{
    const std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    float x = values[i];
    const unsigned int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const bool first = divergent ? lane % 2 == 0 : warp % 2 == 0;
    // a and b are arguments, so neither loop folds; each step waits for the one before.
    if (first) {
        for (int k = 0; k < trips; ++k) x = x * a + b;
    } else {
        for (int k = 0; k < trips; ++k) x = x * b - a;
    }
    values[i] = x;
}

// The median, minimum and maximum of `runs` timed launches (after 3 untimed).
template <bool divergent>
TimingSummary timeLaunches(float* values, unsigned int blocks, int trips, int runs)
{
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    std::vector<double> times;
    for (int run = -3; run < runs; ++run) {
        CUDA_CHECK(cudaEventRecord(start));
        twoPaths<divergent><<<blocks, blockSize>>>(values, trips, 1.0f, 0.0f);
        CUDA_CHECK_LAUNCH();
        CUDA_CHECK(cudaEventRecord(stop));
        CUDA_CHECK(cudaEventSynchronize(stop));
        float milliseconds = 0;
        CUDA_CHECK(cudaEventElapsedTime(&milliseconds, start, stop));
        if (run >= 0) times.push_back(milliseconds);
    }
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    return summarize(times);
}

int main(int argc, char** argv)
{
    const bool profile = argc == 2 && std::string(argv[1]) == "--profile";
    if (argc > 1 && !profile) {
        std::fprintf(stderr, "usage: %s [--profile]\n", argv[0]);
        return exitBadUsage;
    }
    std::string reason;
    if (!cudaDevicePresent(&reason)) {
        std::fprintf(stderr, "error: no CUDA device: %s\n", reason.c_str());
        return exitCudaError;
    }
    const Platform platform = queryPlatform();
    const unsigned int blocks = 4096;  // 2^20 threads: every SM full, several waves
    const int trips = profile ? 256 : 16384, runs = profile ? 1 : 21;
    DeviceArray<float> values(std::size_t(blocks) * blockSize);
    CUDA_CHECK(cudaMemset(values.data(), 0, values.count() * sizeof(float)));
    const TimingSummary uniform = timeLaunches<false>(values.data(), blocks, trips, runs);
    const TimingSummary divergent = timeLaunches<true>(values.data(), blocks, trips, runs);
    if (profile) return exitVerified;
    std::printf(
        "variant,device,compute_capability,threads,trips,runs,time_median_us,time_min_us,"
        "time_max_us,uniform_time_over_time\n");
    for (const auto& [name, t] : {std::pair{"uniform", uniform}, {"divergent", divergent}})
        std::printf("%s,%s,%s,%zu,%d,%d,%.3f,%.3f,%.3f,%.4f\n", name, platform.deviceName.c_str(),
                    platform.computeCapability.c_str(), values.count(), trips, runs,
                    t.medianMs * 1e3, t.minMs * 1e3, t.maxMs * 1e3, uniform.medianMs / t.medianMs);
    return exitVerified;
}

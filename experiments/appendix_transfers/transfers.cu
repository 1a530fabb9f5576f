// Appendix: getting the data there. Times, for one array of floats already in host memory:
//   1. the host-to-device copy from pageable memory (std::vector),
//   2. the same copy from pinned (page-locked) memory (cudaMallocHost),
//   3. the reduction alone, on data already on the device (what the table measures),
//   4. copy then reduce, one after the other,
//   5. the copy cut into chunks, each reduced as soon as it arrives, on two streams, so the
//      reduction of one chunk overlaps the copy of the next.
// The reduction is cub::DeviceReduce::Sum (it takes a stream). Every sum is checked as the
// harness checks a step: first, correctness, the whole copy-then-reduce and the overlapped
// chunks on the exact input (common/data.cuh), which must give its exact sum, bit for bit;
// then accuracy, each timed sum of the random input against its CPU reference.
// Build and run from the repository root:
//   nvcc -std=c++17 -O3 -arch=native -I common -o transfers
//   experiments/appendix_transfers/transfers.cu
//   ./transfers [--n 2^28] [--chunks 8]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include <cub/device/device_reduce.cuh>

#include "cli.cuh"
#include "data.cuh"
#include "device.cuh"

namespace {

// Median time in ms of `runs` repetitions of work(), timed with events on `stream`.
template <typename Work>
double medianMs(int runs, cudaStream_t stream, Work work)
{
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
        CUDA_CHECK(cudaEventRecord(start, stream));
        work();
        CUDA_CHECK(cudaEventRecord(stop, stream));
        CUDA_CHECK(cudaEventSynchronize(stop));
        float ms = 0;
        CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
        times.push_back(ms);
    }
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    return summarize(times).medianMs;
}

std::size_t cubBytes(std::size_t n)
{
    std::size_t bytes = 0;
    CUDA_CHECK(cub::DeviceReduce::Sum(nullptr, bytes, static_cast<const float*>(nullptr),
                                      static_cast<float*>(nullptr), n));
    return bytes;
}

}  // namespace

int main(int argc, char** argv)
{
    std::size_t n = std::size_t(1) << 28;
    std::size_t chunks = 8;
    for (int i = 1; i < argc; ++i) {
        std::string flag = argv[i];
        std::uint64_t value = 0;
        bool ok = i + 1 < argc;
        if (ok && flag == "--n") {
            ok = parseSize(argv[++i], n) && n > 0;
        } else if (ok && flag == "--chunks") {
            ok = parseUnsigned(argv[++i], 1024, value) && value > 0;
            chunks = value;
        } else {
            ok = false;
        }
        if (!ok) {
            std::fprintf(stderr,
                         "transfers: error: usage: transfers [--n N] [--chunks K] (N > 0, 1 <= K "
                         "<= 1024)\n");
            return exitBadUsage;
        }
    }
    std::string reason;
    if (!cudaDevicePresent(&reason)) {
        std::fprintf(stderr, "transfers: error: no CUDA device found (%s)\n", reason.c_str());
        return exitCudaError;
    }
    const Platform platform = queryPlatform();
    const double bytes = double(n) * sizeof(float);

    // The exact input first (the correctness checks), then the random input in the same memory.
    const std::uint64_t seed = 42;
    ExactInput exactInput;
    const ExactReference<float> exactReference = prepareExactInput<float>(seed, n, exactInput);
    std::vector<float> pageable = makeExactInput<float>(exactInput, n);
    float* pinned = nullptr;
    CUDA_CHECK(cudaMallocHost(&pinned, n * sizeof(float)));
    std::copy(pageable.begin(), pageable.end(), pinned);

    DeviceArray<float> input(n), partials(chunks);
    const std::size_t chunkSize = ceilDiv(n, chunks);
    // CUB's scratch space: one for the whole array, one per stream for the chunks.
    DeviceArray<unsigned char> wholeWorkspace(cubBytes(n));
    DeviceArray<unsigned char> chunkWorkspace0(cubBytes(chunkSize)),
        chunkWorkspace1(cubBytes(chunkSize));
    unsigned char* chunkWorkspace[2] = {chunkWorkspace0.data(), chunkWorkspace1.data()};
    cudaStream_t streams[2];
    for (cudaStream_t& s : streams) CUDA_CHECK(cudaStreamCreate(&s));

    auto copyFrom = [&](const float* host) {
        CUDA_CHECK(
            cudaMemcpyAsync(input.data(), host, n * sizeof(float), cudaMemcpyHostToDevice, 0));
    };
    auto reduceAll = [&]() {
        std::size_t workspaceBytes = wholeWorkspace.count();
        CUDA_CHECK(cub::DeviceReduce::Sum(wholeWorkspace.data(), workspaceBytes, input.data(),
                                          partials.data(), n, 0));
    };
    // Chunk c goes to stream c % 2: its copy, then its reduction into partials[c]. A stream
    // runs its work in order; two streams let chunk c's reduction run during chunk c+1's copy.
    auto overlapped = [&]() {
        for (std::size_t c = 0; c < chunks; ++c) {
            std::size_t first = c * chunkSize, count = std::min(chunkSize, n - std::min(n, first));
            if (count == 0) break;
            cudaStream_t s = streams[c % 2];
            CUDA_CHECK(cudaMemcpyAsync(input.data() + first, pinned + first, count * sizeof(float),
                                       cudaMemcpyHostToDevice, s));
            std::size_t workspaceBytes = chunkWorkspace0.count();
            CUDA_CHECK(cub::DeviceReduce::Sum(chunkWorkspace[c % 2], workspaceBytes,
                                              input.data() + first, partials.data() + c, count, s));
        }
        for (cudaStream_t& s : streams) CUDA_CHECK(cudaStreamSynchronize(s));
    };
    // The sum of the partial sums, on the host (one partial for the whole array).
    auto fetchSum = [&](std::size_t parts) {
        std::vector<float> host(parts);
        CUDA_CHECK(cudaMemcpy(host.data(), partials.data(), parts * sizeof(float),
                              cudaMemcpyDeviceToHost));
        float sum = 0;
        for (float p : host) sum += p;
        return sum;
    };
    const std::size_t chunkCount = std::min(chunks, ceilDiv(n, chunkSize));
    // Before each run on the exact input, the input on the device and the partials are poisoned
    // (all bits set: NaN), so a reduction that reads a chunk before its copy has arrived, or a
    // partial that was never written, cannot find the right value left from before.
    auto checkExact = [&](const char* what, std::size_t parts, auto work) {
        CUDA_CHECK(cudaMemset(input.data(), 0xFF, n * sizeof(float)));
        CUDA_CHECK(cudaMemset(partials.data(), 0xFF, chunks * sizeof(float)));
        work();
        CUDA_CHECK(cudaDeviceSynchronize());
        const float sum = fetchSum(parts);
        if (!isExactSum(sum, exactReference)) {
            std::fprintf(stderr,
                         "transfers: error: %s: exact input: sum %s, not its exact sum %s\n", what,
                         valueText(sum).c_str(), exactReferenceText(exactReference).c_str());
            std::exit(exitWrongResult);
        }
    };

    // Correctness, before any timing.
    checkExact("copy then reduce", 1, [&] {
        copyFrom(pinned);
        reduceAll();
    });
    checkExact("overlapped chunks", chunkCount, overlapped);

    // Accuracy and the timings: the random input.
    makeInputSlice(pageable.data(), 0, n, seed);
    const Reference<float> reference = referenceSum(pageable.data(), n);
    std::copy(pageable.begin(), pageable.end(), pinned);
    auto checkSum = [&](const char* what, std::size_t parts) {
        const float sum = fetchSum(parts);
        const Accuracy accuracy = checkAccuracy(sum, reference);
        if (!accuracy.withinTolerance) {
            std::fprintf(stderr,
                         "transfers: error: %s: sum %s, reference %s, |error| %.3g > tolerance "
                         "%.3g\n",
                         what, valueText(sum).c_str(), referenceText(reference).c_str(),
                         accuracy.error, accuracy.tolerance);
            std::exit(exitWrongResult);
        }
    };

    const int runs = 5;
    double pageableMs = medianMs(runs, 0, [&] { copyFrom(pageable.data()); });
    double pinnedMs = medianMs(runs, 0, [&] { copyFrom(pinned); });
    double reduceMs = medianMs(20, 0, reduceAll);
    checkSum("reduction", 1);
    double sequentialMs = medianMs(runs, 0, [&] {
        copyFrom(pinned);
        reduceAll();
    });
    checkSum("copy then reduce", 1);
    CUDA_CHECK(cudaDeviceSynchronize());
    std::vector<double> overlappedTimes;  // host clock: the work spans two streams
    for (int i = 0; i < runs; ++i) {
        auto start = std::chrono::steady_clock::now();
        overlapped();
        overlappedTimes.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count());
    }
    double overlappedMs = summarize(overlappedTimes).medianMs;
    checkSum("overlapped chunks", chunkCount);

    std::printf("%s, CUDA %s: n = %zu floats (%s), medians\n", platform.deviceName.c_str(),
                platform.cudaRuntime.c_str(), n, bytesText(bytes).c_str());
    std::printf("| what | time (ms) | GB/s | x reduction time |\n|---|--:|--:|--:|\n");
    auto row = [&](const char* what, double ms) {
        std::printf("| %s | %.3f | %.1f | %.1f |\n", what, ms, bandwidthGBs(bytes, ms),
                    ms / reduceMs);
    };
    row("copy host to device, pageable memory", pageableMs);
    row("copy host to device, pinned memory", pinnedMs);
    row("reduction alone (data already on the device)", reduceMs);
    row("pinned copy, then reduction", sequentialMs);
    std::string overlapName =
        "pinned copy in " + std::to_string(chunks) + " chunks, reductions overlapped (2 streams)";
    row(overlapName.c_str(), overlappedMs);
    std::printf(
        "\nAll sums verified: the exact input's exact, bit for bit; the random input's within the "
        "tolerance of the CPU reference.\n");
    CUDA_CHECK(cudaFreeHost(pinned));
    for (cudaStream_t& s : streams) CUDA_CHECK(cudaStreamDestroy(s));
    return exitVerified;
}

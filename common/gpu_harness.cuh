// The harness of every GPU step: command line, data, memory, timing, verification, report.
//
// Include it after the step's reduce.cuh, which must define
//   constexpr int minBlockSize;                      the smallest --block the kernels support
//   template <typename T> std::size_t workspaceBytes(std::size_t n, int blockSize);
//   template <typename T> void reduce(const T* input, std::size_t n, int blockSize,
//                                     void* workspace, std::size_t workspaceSize, T* result);
// reduce() sums input[0..n) on the device into *result (device memory). It may use the
// workspaceSize = workspaceBytes(n, blockSize) bytes of device memory at `workspace`,
// allocated and zeroed once by the harness outside the timed region.
#pragma once

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "cuda_check.cuh"
#include "device.cuh"
#include "harness.cuh"

// Everything a reduction needs on the device, allocated before any timing.
template <typename T>
struct DeviceReduction {
    DeviceReduction(std::size_t n, int blockSize)
        : n(n),
          blockSize(blockSize),
          input(n),
          workspace(workspaceBytes<T>(n, blockSize)),
          result(1)
    {
        if (workspace.count() > 0) CUDA_CHECK(cudaMemset(workspace.data(), 0, workspace.count()));
    }

    DeviceReduction(const std::vector<T>& hostInput, int blockSize)
        : DeviceReduction(hostInput.size(), blockSize)
    {
        if (n > 0)
            CUDA_CHECK(
                cudaMemcpy(input.data(), hostInput.data(), n * sizeof(T), cudaMemcpyHostToDevice));
    }

    void run()
    {
        reduce(input.data(), n, blockSize, workspace.data(), workspace.count(), result.data());
    }

    // Poisons the result first (all bits set: NaN for floating point), so a reduction that
    // never writes its result cannot pass by finding the right value left from before.
    T runAndFetch()
    {
        CUDA_CHECK(cudaMemset(result.data(), 0xFF, sizeof(T)));
        run();
        return fetchResult();
    }

    T fetchResult()
    {
        T value;
        CUDA_CHECK(cudaMemcpy(&value, result.data(), sizeof(T), cudaMemcpyDeviceToHost));
        return value;
    }

    std::size_t n;
    int blockSize;
    DeviceArray<T> input;
    DeviceArray<unsigned char> workspace;
    DeviceArray<T> result;
};

// The input goes to the device through a host buffer of at most this many bytes.
constexpr std::size_t stagingBytes = std::size_t(256) << 20;

template <typename T>
std::size_t stagingElements(std::size_t n)
{
    return std::min(n, stagingBytes / sizeof(T));  // a whole number of host pieces
}

// Makes elements first .. first + n - 1 of the input one stretch at a time in pinned host
// memory, adds each stretch to the reference and copies it to the device: the host holds
// one stretch however large n is. (first > 0: one rank's slice of a larger input, step 13.)
template <typename T>
Reference<T> makeInputOnDevice(T* deviceInput, std::size_t n, std::uint64_t seed,
                               std::size_t first = 0)
{
    ReferenceBuilder<T> reference;
    PinnedArray<T> stretch(stagingElements<T>(n));
    for (std::size_t done = 0; done < n; done += stretch.count()) {
        const std::size_t count = std::min(stretch.count(), n - done);
        makeInputSlice(stretch.data(), first + done, count, seed);
        reference.add(stretch.data(), count);
        CUDA_CHECK(cudaMemcpy(deviceInput + done, stretch.data(), count * sizeof(T),
                              cudaMemcpyHostToDevice));
    }
    return reference.result();
}

// Elements first .. first + count - 1 of the exact input, made on the device into
// out[0 .. count): it depends on the seed alone, so nothing crosses the PCIe bus and a second
// copy costs a fraction of a millisecond.
template <typename T>
__global__ void exactInputKernel(T* out, std::size_t first, std::size_t count, ExactInput input)
{
    const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
    for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride)
        out[i] = exactElement<T>(input, first + i);
}

template <typename T>
void makeExactInputOnDevice(T* out, std::size_t count, const ExactInput& input,
                            std::size_t first = 0)
{
    if (count == 0) return;
    exactInputKernel<<<1024, 256>>>(out, first, count, input);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaDeviceSynchronize());
}

// Device bytes a run needs: input, workspace, result, and the buffer that empties L2. The
// workspace is asked for only when the rest fits in `usable` bytes: CUB, asked for the
// workspace of an input larger than any GPU, ends the program (SIGFPE, seen on an H200).
template <typename T>
std::size_t deviceBytesNeeded(std::size_t n, int blockSize, const Platform& platform,
                              std::size_t usable)
{
    std::size_t bytes = n * sizeof(T) + sizeof(T) + L2Evictor::bytesNeeded(platform.l2Bytes);
    if (bytes <= usable) bytes += workspaceBytes<T>(n, blockSize);
    return bytes;
}

template <typename T>
int runOnDevice(Options options, const char* stepName, const char* technique,
                const Platform& platform)
{
    // Fit the input into device memory, keeping some room for the CUDA context.
    std::size_t freeBytes = 0, totalBytes = 0;
    CUDA_CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
    const std::size_t reserve = std::size_t(256) << 20;
    const std::size_t usable = freeBytes > reserve ? freeBytes - reserve : 0;
    auto needed = [&](std::size_t n) {
        return deviceBytesNeeded<T>(n, options.blockSize, platform, usable);
    };
    if (needed(options.n) > usable) {
        if (options.nGiven) {
            std::fprintf(
                stderr, "%s: error: not enough device memory: n = %zu %s needs %s, %s is free\n",
                stepName, options.n, options.type.c_str(),
                bytesText(double(needed(options.n))).c_str(), bytesText(double(freeBytes)).c_str());
            return exitCudaError;
        }
        while (options.n > 1 && needed(options.n) > usable) options.n /= 2;
        std::fprintf(stderr, "%s: note: default n lowered to %s: the device has %s free\n",
                     stepName, sizeText(options.n).c_str(), bytesText(double(freeBytes)).c_str());
    }
    if (!hostMemoryFits(double(stagingElements<T>(options.n)) * sizeof(T), stepName, options))
        return exitCudaError;

    DeviceReduction<T> reduction(options.n, options.blockSize);
    RunRecord record = newRecord<T>(options, stepName, technique, platform);
    record.blockSize = options.blockSize;
    ExactInput exactInput;
    ExactReference<T> exactReference;
    Reference<T> reference;
    {
        SlowPhaseNotice notice(makingInputLine<T>(stepName, options.n, options.type));
        exactReference = prepareExactInput<T>(options.seed, options.n, exactInput);
        // Correct before fast. Correctness: the exact input must give its exact sum, bit for bit.
        makeExactInputOnDevice(reduction.input.data(), options.n, exactInput);
        addExactRun(record, reduction.runAndFetch(), exactReference);
        // Accuracy, and the timing: the random input, in the same memory.
        reference = makeInputOnDevice(reduction.input.data(), options.n, options.seed);
    }
    T result = reduction.runAndFetch();
    addAccuracyRun(record, result, reference);

    if (!options.verifyOnly) {
        L2Evictor l2(platform.l2Bytes);
        record.iterations =
            options.iterations > 0 ? options.iterations : chooseIterations(record.bytes);
        record.warmup = options.warmup;
        record.cache = "L2 emptied before each run";
        SlowPhaseNotice notice(timingLine(stepName, record.warmup, record.iterations));
        for (int i = 0; i < options.warmup; ++i) reduction.run();

        cudaEvent_t start, stop;
        CUDA_CHECK(cudaEventCreate(&start));
        CUDA_CHECK(cudaEventCreate(&stop));
        std::vector<double> timesMs;
        for (int i = 0; i < record.iterations; ++i) {
            l2.evict();
            CUDA_CHECK(cudaEventRecord(start));
            reduction.run();
            CUDA_CHECK(cudaEventRecord(stop));
            CUDA_CHECK(cudaEventSynchronize(stop));
            float milliseconds = 0;
            CUDA_CHECK(cudaEventElapsedTime(&milliseconds, start, stop));
            timesMs.push_back(milliseconds);
        }
        CUDA_CHECK(cudaEventDestroy(start));
        CUDA_CHECK(cudaEventDestroy(stop));
        record.timed = true;
        record.timing = summarize(timesMs);
        addAccuracyRun(record, reduction.fetchResult(), reference);  // a race can pass once
    }

    // The exact input once more. The workspace now holds the random input's partial sums, so
    // a run that reads a partial before it is written (a missing fence, a stale block sum)
    // gets a wrong one and misses the exact sum; with the same input in every run, the stale
    // partial would have been the right one.
    makeExactInputOnDevice(reduction.input.data(), options.n, exactInput);
    addExactRun(record, reduction.runAndFetch(), exactReference);

    if (record.timed && platform.peakGBs > 0 && record.gbs() > platform.peakGBs) {
        std::fprintf(stderr,
                     "%s: error: measured %.1f GB/s exceeds the device's theoretical %.1f GB/s: "
                     "the timing is wrong (cached input or a broken event), not the GPU fast\n",
                     stepName, record.gbs(), platform.peakGBs);
        return exitBadMeasurement;
    }
    return finishRun(record, options);
}

inline int runGpuStep(int argc, char** argv, const char* stepName, const char* technique)
{
    Options options;
    int status = exitBadUsage;
    if (!startProgram(argc, argv, stepName, options, &status)) return status;
    if (options.blockSize < minBlockSize) {
        std::fprintf(stderr,
                     "%s: error: --block %d: this step needs at least %d threads per block\n",
                     stepName, options.blockSize, minBlockSize);
        return exitBadUsage;
    }
    std::string reason;
    if (!cudaDevicePresent(&reason)) {
        std::fprintf(stderr, "%s: error: no CUDA device found (%s)\n", stepName, reason.c_str());
        return exitCudaError;
    }
    const Platform platform = queryPlatform();
    withElementType(options.type, [&](auto element) {
        status = runOnDevice<decltype(element)>(options, stepName, technique, platform);
    });
    return status;
}

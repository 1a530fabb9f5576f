// The harness of every GPU step: command line, data, memory, timing, verification, report.
//
// Include it after the step's reduce.cuh, which must define
//   constexpr int minBlockSize;                      the smallest --block the kernels support
//   template <typename T> std::size_t workspaceBytes(std::size_t n, int blockSize);
//   template <typename T> void reduce(const T* input, std::size_t n, int blockSize,
//                                     void* workspace, std::size_t workspaceSize,
//                                     Accumulator<T>* result);
// reduce() sums input[0..n) on the device into *result (device memory), adding in the
// accumulator type (element_types.cuh: T, or float for 16-bit T). It may use the
// workspaceSize = workspaceBytes(n, blockSize) bytes of device memory at `workspace`,
// allocated and zeroed once by the harness outside the timed region.
//
// A step's main() calls runGpuStep(argc, argv, name, technique): one process, one GPU. A
// step over several processes (step 13) calls runGpuStepOn(argc, argv, name, processes)
// with its own struct of the processes (see OneProcess in harness.cuh).
#pragma once

#include <algorithm>
#include <chrono>
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
    using Sum = Accumulator<T>;

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
    Sum runAndFetch()
    {
        CUDA_CHECK(cudaMemset(result.data(), 0xFF, sizeof(Sum)));
        run();
        return fetchResult();
    }

    Sum fetchResult()
    {
        Sum value;
        CUDA_CHECK(cudaMemcpy(&value, result.data(), sizeof(Sum), cudaMemcpyDeviceToHost));
        return value;
    }

    std::size_t n;
    int blockSize;
    DeviceArray<T> input;
    DeviceArray<unsigned char> workspace;
    DeviceArray<Sum> result;
};

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
    std::size_t bytes =
        n * sizeof(T) + sizeof(Accumulator<T>) + L2Evictor::bytesNeeded(platform.l2Bytes);
    if (bytes <= usable) bytes += workspaceBytes<T>(n, blockSize);
    return bytes;
}

// One timed run of several processes, in ms, as the slowest process saw it.
struct ProcessTimes {
    double runMs = 0;      // from a barrier to the total on the process (host clock)
    double combineMs = 0;  // the combine alone (events)
};

// The timed runs of several processes: each run from a barrier to the total on this process,
// on the host's clock (a combine may pass through the host), the slowest process's time
// being the run's; each process's own time would hide the slowest. The combine alone is
// timed with events, from the slice's sum to the total. Returns the runs' times; the
// combines' go to combineMs.
template <typename T, typename Processes>
std::vector<double> timeProcesses(Processes& processes, DeviceReduction<T>& reduction,
                                  Accumulator<T>* total, L2Evictor& l2, int iterations,
                                  std::vector<double>& combineMs)
{
    cudaEvent_t sliceDone, combineDone;
    CUDA_CHECK(cudaEventCreate(&sliceDone));
    CUDA_CHECK(cudaEventCreate(&combineDone));
    std::vector<double> timesMs;
    for (int i = 0; i < iterations; ++i) {
        l2.evict();
        CUDA_CHECK(cudaDeviceSynchronize());
        processes.barrier();
        const auto start = std::chrono::steady_clock::now();
        reduction.run();
        CUDA_CHECK(cudaEventRecord(sliceDone));
        processes.combine(reduction.result.data(), total);
        CUDA_CHECK(cudaEventRecord(combineDone));
        CUDA_CHECK(cudaEventSynchronize(combineDone));
        ProcessTimes mine;
        mine.runMs =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
        float combineTime = 0;
        CUDA_CHECK(cudaEventElapsedTime(&combineTime, sliceDone, combineDone));
        mine.combineMs = combineTime;
        ProcessTimes slowest;
        for (const ProcessTimes& times : everyRank(processes, mine)) {
            slowest.runMs = std::max(slowest.runMs, times.runMs);
            slowest.combineMs = std::max(slowest.combineMs, times.combineMs);
        }
        timesMs.push_back(slowest.runMs);
        combineMs.push_back(slowest.combineMs);
    }
    CUDA_CHECK(cudaEventDestroy(sliceDone));
    CUDA_CHECK(cudaEventDestroy(combineDone));
    return timesMs;
}

// One run: the input of n elements (over several processes, this process's slice of it) on
// the device, checked, timed and reported. Every process judges every process's total, so
// all reach the same verdict, and a wrong total on any process fails every one.
template <typename T, typename Processes>
int runOnDevice(Options options, const char* stepName, const Platform& platform,
                Processes& processes)
{
    const std::string rank = rankPrefix(processes);
    // Fit the input (the slice) into device memory, keeping some room for the CUDA context.
    std::size_t freeBytes = 0, totalBytes = 0;
    CUDA_CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
    const std::size_t reserve = processes.reservedDeviceBytes;
    const std::size_t usable = freeBytes > reserve ? freeBytes - reserve : 0;
    auto needed = [&](std::size_t n) {
        return deviceBytesNeeded<T>(processes.slice(n).count, options.blockSize, platform, usable);
    };
    const std::size_t askedN = options.n;
    int status = exitVerified;
    if (needed(options.n) > usable && options.nGiven) {
        const std::string slice =
            processes.count > 1
                ? " (" + std::to_string(processes.slice(options.n).count) + " on this rank)"
                : "";
        std::fprintf(
            stderr, "%s: error: %snot enough device memory: n = %zu %s%s needs %s, %s is free\n",
            stepName, rank.c_str(), options.n, options.type.c_str(), slice.c_str(),
            bytesText(double(needed(options.n))).c_str(), bytesText(double(freeBytes)).c_str());
        status = exitCudaError;
    }
    if ((status = worstStatus(processes, status)) != exitVerified) return status;
    // The default n is lowered until it fits every process's device.
    while (options.n > 1 && needed(options.n) > usable) options.n /= 2;
    const std::vector<std::size_t> fits = everyRank(processes, options.n);
    options.n = *std::min_element(fits.begin(), fits.end());
    if (options.n < askedN &&  // the first process with the smallest n says so
        std::find(fits.begin(), fits.end(), options.n) - fits.begin() == processes.rank)
        std::fprintf(stderr, "%s: note: %sdefault n lowered to %s: the device has %s free\n",
                     stepName, rank.c_str(), sizeText(options.n).c_str(),
                     bytesText(double(freeBytes)).c_str());
    const Slice slice = processes.slice(options.n);
    if (!hostMemoryFits(double(stagingElements<T>(slice.count)) * sizeof(T), stepName, options))
        status = exitCudaError;
    if ((status = worstStatus(processes, status)) != exitVerified) return status;

    using Sum = Accumulator<T>;
    DeviceReduction<T> reduction(slice.count, options.blockSize);
    // Several processes: where the combine leaves the total. One: reduce()'s result is it.
    DeviceArray<Sum> combined(Processes::combines ? 1 : 0);
    Sum* total = Processes::combines ? combined.data() : reduction.result.data();
    RunRecord record = newRecord<T>(options, stepName, processes.technique, platform);
    record.blockSize = options.blockSize;
    record.gpus = processes.count;
    for (double peak : everyRank(processes, platform.peakGBs)) record.peakGBsOfAllGpus += peak;

    // One reduction of the whole input: the slice's sum, then (several processes) the combine.
    // A process with an empty slice still takes part: its sum is 0.
    auto reduceAll = [&]() {
        reduction.run();
        if constexpr (Processes::combines) processes.combine(reduction.result.data(), total);
    };
    auto fetchTotal = [&]() {
        Sum value;
        CUDA_CHECK(cudaMemcpy(&value, total, sizeof(Sum), cudaMemcpyDeviceToHost));
        return value;
    };
    // A checked run poisons the sum and the total first (all bits set: NaN for floating
    // point), so a reduction that never writes its result cannot pass by finding the right
    // value left from before.
    auto checkedRun = [&]() {
        if constexpr (Processes::combines) CUDA_CHECK(cudaMemset(total, 0xFF, sizeof(Sum)));
        CUDA_CHECK(cudaMemset(reduction.result.data(), 0xFF, sizeof(Sum)));
        reduceAll();
        return fetchTotal();
    };
    ExactInput exactInput;
    ExactReference<T> exactReference;
    Reference<T> reference;
    // Every process that holds the total must hold the exact sum, and the same bits: on the
    // exact input every order of a combine gives the same bits, so a difference is a wrong
    // total (on the random input three or more sums need not: tests/combine_order_tests.cu).
    bool sameBits = true;
    auto exactRun = [&]() {
        const std::vector<Sum> totals = everyRank(processes, checkedRun());
        int shown = 0;  // rank 0's total, or the first wrong one
        for (int r = 0; r < processes.count; ++r) {
            if (!processes.holdsTotal(r)) continue;
            if (!isExactSum(totals[r], exactReference) && isExactSum(totals[shown], exactReference))
                shown = r;
            if (std::memcmp(&totals[r], &totals[0], sizeof(Sum)) != 0) {
                if (processes.rank == 0)
                    std::fprintf(stderr, "%s: rank %d holds the total %s, rank 0 holds %s\n",
                                 stepName, r, valueText(totals[r]).c_str(),
                                 valueText(totals[0]).c_str());
                sameBits = false;
            }
        }
        addExactRun(record, totals[shown], exactReference);
    };
    auto accuracyRun = [&](const Sum& mine) {
        const std::vector<Sum> totals = everyRank(processes, mine);
        for (int r = 0; r < processes.count; ++r)
            if (processes.holdsTotal(r)) addAccuracyRun(record, totals[r], reference);
    };
    {
        SlowPhaseNotice notice(makingInputLine<T>(stepName, slice.count, options.type));
        exactReference =
            prepareExactInput<T>(processes, options.seed, options.n, slice, exactInput);
        // Correct before fast. Correctness: the exact input must give its exact sum, bit for bit.
        makeExactInputOnDevice(reduction.input.data(), slice.count, exactInput, slice.first);
        exactRun();
        // Accuracy, and the timing: the random input, in the same memory.
        reference = referenceOfAll(everyRank(
            processes,
            makeInputOnDevice(reduction.input.data(), slice.count, options.seed, slice.first)));
    }
    accuracyRun(checkedRun());

    std::vector<double> combineMs;
    if (!options.verifyOnly) {
        L2Evictor l2(platform.l2Bytes);
        record.iterations = options.iterations > 0
                                ? options.iterations
                                : chooseIterations(record.bytes / processes.count);
        record.warmup = options.warmup;
        record.cache = "L2 emptied before each run";
        SlowPhaseNotice notice(timingLine(stepName, record.warmup, record.iterations));
        for (int i = 0; i < options.warmup; ++i) reduceAll();
        if constexpr (Processes::combines)
            record.timing = summarize(
                timeProcesses(processes, reduction, total, l2, record.iterations, combineMs));
        else
            record.timing = summarize(timeOneGpu(reduction, l2, record.iterations));
        record.timed = true;
        accuracyRun(fetchTotal());  // a race can pass once
    }

    // The exact input once more. The workspace now holds the random input's partial sums, so
    // a run that reads a partial before it is written (a missing fence, a stale block sum)
    // gets a wrong one and misses the exact sum; with the same input in every run, the stale
    // partial would have been the right one.
    makeExactInputOnDevice(reduction.input.data(), slice.count, exactInput, slice.first);
    exactRun();

    // Every process has the same record (the totals and the times were shared), so every
    // one takes the same decision; rank 0 prints.
    if (measuredAbovePeak(record, processes.rank == 0)) return exitBadMeasurement;
    const int verdict = record.passed() && sameBits ? exitVerified : exitWrongResult;
    if (processes.rank != 0) return verdict;
    finishRun(record, options);
    if constexpr (Processes::combines) {
        if (record.timed)
            std::fprintf(options.csv ? stderr : stdout,
                         "%s: %d GPU(s): %.1f GB/s in all, %.1f GB/s per GPU; combine (%s) "
                         "median %.2f us of the slowest rank\n",
                         stepName, processes.count, record.gbs(), record.gbs() / processes.count,
                         processes.combineName, summarize(combineMs).medianMs * 1e3);
    }
    return verdict;
}

// A GPU step over the processes of `processes` (one GPU each; OneProcess: this one).
template <typename Processes>
int runGpuStepOn(int argc, char** argv, const char* stepName, Processes& processes)
{
    Options options;
    int status = exitBadUsage;
    if (!startProgram(argc, argv, stepName, options, &status, processes)) return status;
    const std::string rank = rankPrefix(processes);
    if (options.blockSize < minBlockSize) {
        std::fprintf(stderr,
                     "%s: error: %s--block %d: this step needs at least %d threads per block\n",
                     stepName, rank.c_str(), options.blockSize, minBlockSize);
        status = exitBadUsage;
    }
    if ((status = worstStatus(processes, status)) != exitVerified) return status;
    std::string reason;
    if (!cudaDevicePresent(&reason)) {
        std::fprintf(stderr, "%s: error: %sno CUDA device found (%s)\n", stepName, rank.c_str(),
                     reason.c_str());
        status = exitCudaError;
    } else {
        status = processes.selectDevice(stepName);
    }
    if ((status = worstStatus(processes, status)) != exitVerified) return status;
    processes.connect();
    const Platform platform = queryPlatform();
    withElementType(options.type, [&](auto element) {
        status = runOnDevice<decltype(element)>(options, stepName, platform, processes);
    });
    return status;
}

inline int runGpuStep(int argc, char** argv, const char* stepName, const char* technique)
{
    OneProcess oneProcess;
    oneProcess.technique = technique;
    return runGpuStepOn(argc, argv, stepName, oneProcess);
}

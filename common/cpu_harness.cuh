// The harness of the CPU step (step01): the same command line, data, verification and
// report as the GPU steps, timed with the host's steady clock.
//
// Include it after the step's reduce.cuh, which must define
//   template <typename T> Accumulator<T> reduce(const T* input, std::size_t n);
#pragma once

#include <chrono>
#include <cstdio>
#include <fstream>
#include <new>
#include <string>
#include <vector>

#include "harness.cuh"

inline Platform cpuPlatform()
{
    Platform platform;
    platform.deviceName = "CPU (one core)";
    std::ifstream cpuinfo("/proc/cpuinfo");
    for (std::string line; std::getline(cpuinfo, line);) {
        if (line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos) {
            platform.deviceName = line.substr(line.find(':') + 2) + " (one core)";
            break;
        }
    }
    int runtime = 0;
    cudaRuntimeGetVersion(&runtime);  // needs no GPU: the runtime is linked into the program
    platform.cudaRuntime = versionText(runtime);
    return platform;
}

template <typename T>
int runOnCpu(const Options& options, const char* stepName, const char* technique)
{
    // The serial loop reads the whole input from host memory.
    if (!hostMemoryFits(double(options.n) * sizeof(T), stepName, options)) return exitCudaError;
    std::vector<T> input;
    Reference<T> reference;
    RunRecord record = newRecord<T>(options, stepName, technique, cpuPlatform());
    try {
        SlowPhaseNotice notice(makingInputLine<T>(stepName, options.n, options.type));
        // Correctness: the exact input, whose sum no order rounds.
        ExactInput exactInput;
        const ExactReference<T> exactReference =
            prepareExactInput<T>(options.seed, options.n, exactInput);
        input = makeExactInput<T>(exactInput, options.n);
        addExactRun(record, reduce(input.data(), input.size()), exactReference);
        // Accuracy, and the timing: the random input, in the same memory.
        makeInputSlice(input.data(), 0, options.n, options.seed);
        reference = referenceSum(input.data(), input.size());
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "%s: error: not enough host memory for n = %zu %s\n", stepName,
                     options.n, options.type.c_str());
        return exitCudaError;
    }

    Accumulator<T> result = reduce(input.data(), input.size());
    addAccuracyRun(record, result, reference);

    if (!options.verifyOnly) {
        record.iterations =
            options.iterations > 0 ? options.iterations : chooseIterations(record.bytes);
        record.warmup = options.warmup;
        record.cache = "CPU caches as found";
        SlowPhaseNotice notice(timingLine(stepName, record.warmup, record.iterations));
        for (int i = 0; i < options.warmup; ++i) result = reduce(input.data(), input.size());
        std::vector<double> timesMs;
        for (int i = 0; i < record.iterations; ++i) {
            auto start = std::chrono::steady_clock::now();
            result = reduce(input.data(), input.size());
            keepResult(result);
            auto stop = std::chrono::steady_clock::now();
            timesMs.push_back(std::chrono::duration<double, std::milli>(stop - start).count());
        }
        record.timed = true;
        record.timing = summarize(timesMs);
        addAccuracyRun(record, result, reference);
    }
    return finishRun(record, options);
}

inline int runCpuStep(int argc, char** argv, const char* stepName, const char* technique)
{
    Options options;
    int status = exitBadUsage;
    if (!startProgram(argc, argv, stepName, options, &status)) return status;
    withElementType(options.type, [&](auto element) {
        status = runOnCpu<decltype(element)>(options, stepName, technique);
    });
    return status;
}

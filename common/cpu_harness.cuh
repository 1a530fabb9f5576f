// The harness of the CPU step (step01): the same command line, data, verification and
// report as the GPU steps, timed with the host's steady clock.
//
// Include it after the step's reduce.cuh, which must define
//   template <typename T> T reduce(const T* input, std::size_t n);
#pragma once

#include <chrono>
#include <cstdio>
#include <fstream>
#include <new>
#include <string>
#include <vector>

#include "cli.cuh"
#include "cuda_check.cuh"
#include "data.cuh"
#include "measure.cuh"
#include "report.cuh"

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
    std::vector<T> input;
    try {
        input = makeInput<T>(options.n, options.seed);
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "%s: error: not enough host memory for n = %zu %s\n", stepName, options.n,
                     options.type.c_str());
        return exitCudaError;
    }
    const Reference<T> reference = referenceSum(input.data(), input.size());

    RunRecord record;
    record.step = stepName;
    record.technique = technique;
    record.platform = cpuPlatform();
    record.type = options.type;
    record.n = options.n;
    record.bytes = double(options.n) * sizeof(T);
    record.seed = options.seed;

    T result = reduce(input.data(), input.size());
    record.verdict = verify(result, reference);

    if (!options.verifyOnly) {
        record.iterations = options.iterations > 0 ? options.iterations : chooseIterations(record.bytes);
        record.warmup = options.warmup;
        record.cache = "CPU caches as found";
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
        Verdict last = verify(result, reference);
        if (!last.correct) record.verdict = last;
    }
    record.result = valueText(result);
    record.reference = referenceText(reference);
    std::fputs(options.csv ? (csvRow(record) + "\n").c_str() : humanReport(record).c_str(), stdout);
    return record.verdict.correct ? exitVerified : exitWrongResult;
}

inline int runCpuStep(int argc, char** argv, const char* stepName, const char* technique)
{
    ParsedCommandLine parsed = parseCommandLine(argc, argv);
    const Options& options = parsed.options;
    if (!parsed.error.empty()) {
        std::fprintf(stderr, "%s: error: %s\n", stepName, parsed.error.c_str());
        return exitBadUsage;
    }
    if (options.help) {
        std::fputs(usage(stepName).c_str(), stdout);
        return exitVerified;
    }
    if (options.csvHeader) {
        std::puts(csvHeader().c_str());
        return exitVerified;
    }
    int status = exitBadUsage;
    withElementType(options.type, [&](auto element) {
        status = runOnCpu<decltype(element)>(options, stepName, technique);
    });
    return status;
}

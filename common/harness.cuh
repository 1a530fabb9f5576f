// What the CPU harness (cpu_harness.cuh) and the GPU harness (gpu_harness.cuh) share: the
// start of every program (command line, --help, --csv-header), the host-memory check, the
// record of a run, and its end (the report and the exit code).
#pragma once

#include <cstdio>
#include <string>

#include "cli.cuh"
#include "cuda_check.cuh"
#include "data.cuh"
#include "host.cuh"
#include "measure.cuh"
#include "progress.cuh"
#include "report.cuh"

// Parses the command line and answers --help and --csv-header. Returns true when the
// program should go on to a run; otherwise *status is its exit code.
inline bool startProgram(int argc, char** argv, const char* stepName, Options& options, int* status)
{
    ParsedCommandLine parsed = parseCommandLine(argc, argv);
    options = parsed.options;
    *status = exitVerified;
    if (!parsed.error.empty()) {
        std::fprintf(stderr, "%s: error: %s\n", stepName, parsed.error.c_str());
        *status = exitBadUsage;
        return false;
    }
    if (options.help) {
        std::fputs(usage(stepName).c_str(), stdout);
        return false;
    }
    if (options.csvHeader) {
        std::puts(csvHeader().c_str());
        return false;
    }
    return true;
}

// Refuses, before anything is made, a run whose host memory the machine cannot give.
inline bool hostMemoryFits(double bytesNeeded, const char* stepName, const Options& options)
{
    const double available = hostBytesAvailable();
    if (available == 0 || bytesNeeded <= available) return true;
    std::fprintf(stderr,
                 "%s: error: not enough host memory: n = %zu %s needs %s, %s is available\n",
                 stepName, options.n, options.type.c_str(), bytesText(bytesNeeded).c_str(),
                 bytesText(available).c_str());
    return false;
}

// "step12_single_pass: making the input, 2^34 double (128.00 GiB), and its reference on 16
// threads": the line a SlowPhaseNotice prints about making the input.
template <typename T>
std::string makingInputLine(const char* stepName, std::size_t n, const std::string& type)
{
    return std::string(stepName) + ": making the input, " + sizeText(n) + " " + type + " (" +
           bytesText(double(n) * sizeof(T)) + "), and its reference on " +
           std::to_string(hostThreads()) + " threads";
}

inline std::string timingLine(const char* stepName, int warmup, int iterations)
{
    return std::string(stepName) + ": timing " + std::to_string(iterations) + " runs after " +
           std::to_string(warmup) + " warm-up runs";
}

template <typename T>
RunRecord newRecord(const Options& options, const char* stepName, const char* technique,
                    const Platform& platform)
{
    RunRecord record;
    record.step = stepName;
    record.technique = technique;
    record.platform = platform;
    record.type = options.type;
    record.n = options.n;
    record.bytes = double(options.n) * sizeof(T);
    record.seed = options.seed;
    return record;
}

// Counts one run on the exact input: its sum must be the exact sum, bit for bit. The report
// keeps the first wrong sum, or else the latest.
template <typename T>
void addExactRun(RunRecord& record, const T& result, const ExactReference<T>& reference)
{
    const bool exact = isExactSum(result, reference);
    ++record.exactRuns;
    if (!exact) ++record.exactWrongRuns;
    if (exact ? record.exactWrongRuns == 0 : record.exactWrongRuns == 1)
        record.exactResult = valueText(result);
    record.exactReference = exactReferenceText(reference);
}

// Keeps the random input's sum and its accuracy; a later run replaces the first only when it
// is outside the tolerance (a race can pass once and fail later).
template <typename T>
void addAccuracyRun(RunRecord& record, const T& result, const Reference<T>& reference)
{
    const Accuracy accuracy = checkAccuracy(result, reference);
    if (record.result.empty() || (!accuracy.withinTolerance && record.accuracy.withinTolerance)) {
        record.accuracy = accuracy;
        record.result = valueText(result);
    }
    record.reference = referenceText(reference);
}

// Prints the report (or the CSV row) and returns the exit code: 0 only if both checks passed.
inline int finishRun(const RunRecord& record, const Options& options)
{
    std::fputs(options.csv ? (csvRow(record) + "\n").c_str() : humanReport(record).c_str(), stdout);
    return record.passed() ? exitVerified : exitWrongResult;
}

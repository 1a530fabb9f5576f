// What the CPU harness (cpu_harness.cuh) and the GPU harness (gpu_harness.cuh) share: the
// start of every program (command line, --help, --csv-header), the host-memory check, the
// record of a run, and its end (the report and the exit code).
#pragma once

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "cli.cuh"
#include "cuda_check.cuh"
#include "data.cuh"
#include "host.cuh"
#include "measure.cuh"
#include "progress.cuh"
#include "report.cuh"

// Elements [first, first + count) of the input: the part one process makes and reduces.
struct Slice {
    std::size_t first = 0, count = 0;
};

// The processes of a run, handed to the harness as one struct (as nccl-tests' harness takes
// one struct per collective): which slice of the input each reduces, how they share small
// values, and how their sums are combined. OneProcess is every step's but 13: one process,
// the whole input, nothing to share or combine. Step 13's struct (MPI ranks, one GPU each)
// derives from it and replaces what it spreads; with combines = true it also defines
//   template <typename Sum> void combine(const Sum* sliceSum, Sum* total);  adds the
//       processes' sums (device memory, of the element type's accumulator, queued after
//       reduce() on the default stream) into total, which work queued next on the default
//       stream must see;
//   const char* combineName;  the combine, for the line after the report.
struct OneProcess {
    const char* technique = "";  // for the report: the technique of the whole run
    int rank = 0;                // this process, 0 .. count - 1 (rank 0 prints the report)
    int count = 1;
    static constexpr bool combines = false;
    std::size_t reservedDeviceBytes = std::size_t(256) << 20;  // room for the CUDA context

    Slice slice(std::size_t n) const { return {0, n}; }
    // Every process's `bytes` bytes at `mine`, in rank order, into `all`, on every process.
    void allGather(const void* mine, void* all, std::size_t bytes) const
    {
        std::memcpy(all, mine, bytes);
    }
    void barrier() const {}
    bool holdsTotal(int /*rank*/) const { return true; }  // false where a combine skips a rank
    // The step's own options, and their lines of --help.
    std::vector<StepOption> stepOptions() { return {}; }
    std::string help() const { return ""; }
    // After the command line, where a GPU is present: picks this process's GPU. Returns
    // exitVerified, or after one line on stderr another exit code.
    int selectDevice(const char* /*stepName*/) { return exitVerified; }
    void connect() {}  // once every process has its GPU: what the combine needs
};

// Every process's value, in rank order, on every process: how they share their statuses,
// sums, references and times (copied as bytes: plain values only).
template <typename Value, typename Processes>
std::vector<Value> everyRank(const Processes& processes, const Value& mine)
{
    std::vector<Value> all(processes.count);
    processes.allGather(&mine, all.data(), sizeof mine);
    return all;
}

// A decision every process takes together: the worst (largest) exit code of all, so that a
// process that fails alone (a bad command line, no memory, no GPU) ends every process
// instead of leaving the others waiting for it.
template <typename Processes>
int worstStatus(const Processes& processes, int status)
{
    const std::vector<int> all = everyRank(processes, status);
    return *std::max_element(all.begin(), all.end());
}

// The lowest rank where the condition holds, or processes.count if it holds on none.
template <typename Processes>
int firstRankWhere(const Processes& processes, bool condition)
{
    const std::vector<int> all = everyRank(processes, int(condition));
    return int(std::find(all.begin(), all.end(), 1) - all.begin());
}

// "rank 1: " before a process's own message where there are several; nothing for one.
template <typename Processes>
std::string rankPrefix(const Processes& processes)
{
    return processes.count > 1 ? "rank " + std::to_string(processes.rank) + ": " : "";
}

// Parses the command line and answers --help and --csv-header. Returns true when the
// program should go on to a run; otherwise *status is its exit code. Each process reads its
// own command line (mpirun can start them with different ones), and they agree on it first:
// the first process that refuses its line, or asks for --help or --csv-header, prints.
template <typename Processes>
bool startProgram(int argc, char** argv, const char* stepName, Options& options, int* status,
                  Processes& processes)
{
    ParsedCommandLine parsed = parseCommandLine(argc, argv, processes.stepOptions());
    options = parsed.options;
    *status = exitVerified;
    const int refusing = firstRankWhere(processes, !parsed.error.empty());
    if (refusing < processes.count) {
        if (processes.rank == refusing)
            std::fprintf(stderr, "%s: error: %s%s\n", stepName, rankPrefix(processes).c_str(),
                         parsed.error.c_str());
        *status = exitBadUsage;
        return false;
    }
    const int asking = firstRankWhere(processes, options.help || options.csvHeader);
    if (asking < processes.count) {
        if (processes.rank == asking && options.help)
            std::fputs(usage(stepName, processes.help()).c_str(), stdout);
        else if (processes.rank == asking)
            std::puts(csvHeader().c_str());
        return false;
    }
    return true;
}

inline bool startProgram(int argc, char** argv, const char* stepName, Options& options, int* status)
{
    OneProcess oneProcess;
    return startProgram(argc, argv, stepName, options, status, oneProcess);
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
void addExactRun(RunRecord& record, const Accumulator<T>& result,
                 const ExactReference<T>& reference)
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
void addAccuracyRun(RunRecord& record, const Accumulator<T>& result, const Reference<T>& reference)
{
    const Accuracy accuracy = checkAccuracy(result, reference);
    if (record.result.empty() || (!accuracy.withinTolerance && record.accuracy.withinTolerance)) {
        record.accuracy = accuracy;
        record.result = valueText(result);
    }
    record.reference = referenceText(reference);
}

// The references of the processes' slices, added in rank order: the reference of the whole
// input. (One process: its own, untouched.)
template <typename T>
Reference<T> referenceOfAll(const std::vector<Reference<T>>& parts)
{
    if (parts.size() == 1) return parts[0];
    Reference<T> total;
    for (int c = 0; c < ElementTraits<T>::components; ++c) {
        double sum = 0, compensation = 0;
        for (const Reference<T>& part : parts) {
            total.component[c].exactSum += part.component[c].exactSum;
            compensatedAdd(sum, compensation, part.component[c].sum);
            total.component[c].sumOfMagnitudes += part.component[c].sumOfMagnitudes;
        }
        total.component[c].sum = sum + compensation;
    }
    for (const Reference<T>& part : parts) total.n += part.n;
    return total;
}

// The exact input of n elements from `seed` and its exact sum (never 0 for n > 0), as
// prepareExactInput makes them, from slices: each process sums its own in int64 and the sums
// are added, exactly (integer addition). Should a component's sum be 0, element 0 is negated
// on every process: it depends on the seed alone, so they all take the same decision.
template <typename T, typename Processes>
ExactReference<T> prepareExactInput(const Processes& processes, std::uint64_t seed, std::size_t n,
                                    const Slice& slice, ExactInput& input)
{
    input = ExactInput{seed, 0};
    ExactReference<T> total;
    for (const ExactReference<T>& part :
         everyRank(processes, exactSliceSum<T>(input, slice.first, slice.count)))
        for (int c = 0; c < ElementTraits<T>::components; ++c) total.sum[c] += part.sum[c];
    total.n = n;
    return makeExactSumNonzero(input, total);
}

// True for a run faster than its devices' theoretical bandwidth (exit code 4): the timing is
// wrong, not the GPU fast. Where `print`, it says so on stderr.
inline bool measuredAbovePeak(const RunRecord& record, bool print)
{
    const bool above = record.timed && record.peakGBs() > 0 && record.gbs() > record.peakGBs();
    if (above && print)
        std::fprintf(stderr,
                     "%s: error: measured %.1f GB/s exceeds the %s theoretical %.1f GB/s: "
                     "the timing is wrong (cached input or a broken event), not the GPU fast\n",
                     record.step.c_str(), record.gbs(), record.gpus > 1 ? "devices'" : "device's",
                     record.peakGBs());
    return above;
}

// Prints the report (or the CSV row) and returns the exit code: 0 only if both checks passed.
inline int finishRun(const RunRecord& record, const Options& options)
{
    std::fputs(options.csv ? (csvRow(record) + "\n").c_str() : humanReport(record).c_str(), stdout);
    return record.passed() ? exitVerified : exitWrongResult;
}

// What a run prints: a short human-readable report, or one CSV row for the bench scripts.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

#include "data.cuh"
#include "measure.cuh"

// Where the run happened.
struct Platform {
    std::string deviceName;
    std::string computeCapability;  // empty on the CPU
    int multiprocessors = 0;        // 0 on the CPU
    long long l2Bytes = 0;
    double peakGBs = 0;  // theoretical DRAM bandwidth; 0 where unknown (the CPU)
    std::string cudaRuntime;
    std::string cudaDriver;
};

struct RunRecord {
    std::string step;
    std::string technique;
    Platform platform;
    std::string type;
    std::size_t n = 0;
    double bytes = 0;
    int blockSize = 0;  // 0 where the step has no blocks (the CPU)
    int iterations = 0;
    int warmup = 0;
    std::uint64_t seed = 0;
    std::string cache;  // how the timed runs found the caches
    bool timed = false;
    TimingSummary timing;
    // The two checks, reported apart. Correctness: every run on the exact input gave its
    // exact sum, bit for bit. Accuracy: the random input's sum is within the tolerance.
    std::string result;     // random input: the sum (the first run, or a wrong later one)
    std::string reference;  // random input: the CPU reference
    Accuracy accuracy;
    std::string exactResult;     // exact input: the first wrong sum, or the last one
    std::string exactReference;  // exact input: its exact sum
    int exactRuns = 0;
    int exactWrongRuns = 0;
    // Several GPUs read the input in step 13 (one per rank): the job's peak is theirs added
    // up. platform.peakGBs stays one GPU's.
    int gpus = 1;
    double peakGBsOfAllGpus = 0;
    // Part II (perRow: a sum per row of a rows x cols matrix; else Part I, one sum): the sums
    // above are then the row each check shows (its first wrong row, or else the row closest
    // to failing), and these say which row and how many were wrong.
    bool perRow = false;
    std::size_t rows = 0, cols = 0;
    std::string exactRow, accuracyRow;  // "row 17 of 4096", "3 of 4096 rows wrong, first: row 17"

    bool exact() const { return exactRuns > 0 && exactWrongRuns == 0; }
    bool passed() const { return exact() && accuracy.withinTolerance; }  // exit code 0, else 1

    double gbs() const { return timed ? bandwidthGBs(bytes, timing.medianMs) : 0; }
    double peakGBs() const { return gpus > 1 ? peakGBsOfAllGpus : platform.peakGBs; }
    double percentOfPeak() const { return peakGBs() > 0 ? 100 * gbs() / peakGBs() : 0; }
};

inline std::string versionText(int version)  // 13000 -> "13.0"
{
    return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

inline std::string formatted(const char* format, double value)
{
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

// "2^28" for powers of two, the plain number otherwise.
inline std::string sizeText(std::size_t n)
{
    if (n != 0 && (n & (n - 1)) == 0) {
        int exponent = 0;
        while ((std::size_t(1) << exponent) != n) ++exponent;
        return "2^" + std::to_string(exponent);
    }
    return std::to_string(n);
}

inline std::string bytesText(double bytes)
{
    if (bytes >= 1024.0 * 1024 * 1024) return formatted("%.2f GiB", bytes / (1024.0 * 1024 * 1024));
    if (bytes >= 1024.0 * 1024) return formatted("%.1f MiB", bytes / (1024.0 * 1024));
    return formatted("%.0f bytes", bytes);
}

inline std::string csvHeader()
{
    return "step,technique,device,compute_capability,multiprocessors,l2_bytes,peak_gbs,cuda_"
           "runtime,"
           "cuda_driver,type,n,bytes,block,iterations,warmup,seed,cache,time_median_ms,time_min_ms,"
           "time_max_ms,gbs,percent_of_peak,result,reference,abs_error,tolerance,verified,accurate,"
           "exact_result,exact_reference,exact_runs,exact,rows,cols";
}

// The columns up to `verified` keep their places (older CSVs and readers by position);
// result .. tolerance and accurate are the accuracy check of the random input, exact_* the
// correctness check of the exact input, and verified is both: yes exactly when the exit code is 0.

// Commas inside a field would shift the columns; device names have none, but be safe.
inline std::string csvField(std::string text)
{
    for (char& c : text)
        if (c == ',') c = ';';
    return text;
}

inline std::string csvRow(const RunRecord& r)
{
    auto number = [](double value, const char* format) { return formatted(format, value); };
    auto orEmpty = [](bool present, const std::string& text) {
        return present ? text : std::string();
    };
    const Platform& p = r.platform;
    std::string row;
    row += csvField(r.step) + "," + csvField(r.technique) + "," + csvField(p.deviceName) + ",";
    row += p.computeCapability + "," +
           orEmpty(p.multiprocessors > 0, std::to_string(p.multiprocessors)) + ",";
    row += orEmpty(p.l2Bytes > 0, std::to_string(p.l2Bytes)) + "," +
           orEmpty(p.peakGBs > 0, number(p.peakGBs, "%.1f")) + ",";
    row += p.cudaRuntime + "," + p.cudaDriver + ",";
    row += r.type + "," + std::to_string(r.n) + "," + number(r.bytes, "%.0f") + ",";
    row += orEmpty(r.blockSize > 0, std::to_string(r.blockSize)) + ",";
    row += std::to_string(r.iterations) + "," + std::to_string(r.warmup) + "," +
           std::to_string(r.seed) + ",";
    row += r.cache + ",";
    row += orEmpty(r.timed, number(r.timing.medianMs, "%.6f")) + "," +
           orEmpty(r.timed, number(r.timing.minMs, "%.6f")) + ",";
    row += orEmpty(r.timed, number(r.timing.maxMs, "%.6f")) + "," +
           orEmpty(r.timed, number(r.gbs(), "%.2f")) + ",";
    row += orEmpty(r.timed && r.peakGBs() > 0, number(r.percentOfPeak(), "%.2f")) + ",";
    row += r.result + "," + r.reference + "," + number(r.accuracy.error, "%.3g") + ",";
    row += number(r.accuracy.tolerance, "%.3g") + "," + (r.passed() ? "yes" : "no") + ",";
    row += std::string(r.accuracy.withinTolerance ? "yes" : "no") + ",";
    row += r.exactResult + "," + r.exactReference + "," + std::to_string(r.exactRuns) + "," +
           (r.exact() ? "yes" : "no") + ",";
    row +=
        orEmpty(r.perRow, std::to_string(r.rows)) + "," + orEmpty(r.perRow, std::to_string(r.cols));
    return row;
}

inline std::string humanReport(const RunRecord& r)
{
    const Platform& p = r.platform;
    std::string text = r.step + " (" + r.technique + ") on " + p.deviceName;
    if (p.multiprocessors > 0) {
        text += " [sm_" + p.computeCapability + ", " + std::to_string(p.multiprocessors) +
                " SMs, L2 " + formatted("%.0f MiB", p.l2Bytes / 1048576.0) + ", peak " +
                formatted("%.0f GB/s", p.peakGBs) + "]";
    }
    text += ", CUDA " + p.cudaRuntime +
            (p.cudaDriver.empty() ? "" : " (driver " + p.cudaDriver + ")") + "\n";
    text += "  " + r.type + "  n = " + std::to_string(r.n) + " (" + sizeText(r.n) + ", " +
            bytesText(r.bytes) + ")";
    if (r.perRow)
        text += "  rows = " + std::to_string(r.rows) + " x cols = " + std::to_string(r.cols);
    if (r.blockSize > 0) text += "  block = " + std::to_string(r.blockSize);
    text += "  seed = " + std::to_string(r.seed);
    if (r.timed)
        text += "  iterations = " + std::to_string(r.iterations) + " after " +
                std::to_string(r.warmup) + " warm-up, " + r.cache;
    text += "\n  ";
    if (r.timed) {
        text += formatted("%.4f ms", r.timing.medianMs) + " median (min " +
                formatted("%.4f", r.timing.minMs) + ", max " + formatted("%.4f", r.timing.maxMs) +
                ")  " + formatted("%.1f GB/s", r.gbs());
        if (r.peakGBs() > 0) text += formatted(" = %.1f%% of peak", r.percentOfPeak());
        if (r.peakGBs() > 0 && r.gpus > 1)
            text += " (" + std::to_string(r.gpus) +
                    " GPUs: " + formatted("%.0f GB/s", r.peakGBs()) + ")";
        text += "\n  ";
    }
    // Correctness first: it decides. Accuracy second: it says how close real data comes.
    text += std::string(r.passed() ? "PASS" : "FAIL") + "  correctness: exact input, sum " +
            r.exactResult + (r.exact() ? " = " : " != ") + "exact sum " + r.exactReference + ", " +
            (r.exact() ? "bit for bit in " + std::to_string(r.exactRuns) + " of " +
                             std::to_string(r.exactRuns) + " runs"
                       : "wrong in " + std::to_string(r.exactWrongRuns) + " of " +
                             std::to_string(r.exactRuns) + " runs") +
            (r.exactRow.empty() ? "" : " (" + r.exactRow + ")") + "\n";
    text += "        accuracy: random input, sum " + r.result + ", reference " + r.reference +
            ", |error| " + formatted("%.3g", r.accuracy.error) +
            (r.accuracy.withinTolerance ? " <= " : " > ") + "tolerance " +
            formatted("%.3g", r.accuracy.tolerance) +
            (r.accuracyRow.empty() ? "" : " (" + r.accuracyRow + ")") + "\n";
    return text;
}

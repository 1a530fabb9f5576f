// Statistics of the timed runs and the bandwidth arithmetic.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

struct TimingSummary {
    double medianMs = 0;
    double minMs = 0;
    double maxMs = 0;
};

// The median resists the odd slow run (a clock change, another process); min and max
// show the spread.
inline TimingSummary summarize(std::vector<double> timesMs)
{
    TimingSummary summary;
    if (timesMs.empty()) return summary;
    std::sort(timesMs.begin(), timesMs.end());
    std::size_t middle = timesMs.size() / 2;
    summary.medianMs =
        timesMs.size() % 2 ? timesMs[middle] : (timesMs[middle - 1] + timesMs[middle]) / 2;
    summary.minMs = timesMs.front();
    summary.maxMs = timesMs.back();
    return summary;
}

// Effective bandwidth as Sizmann 2023 defines it (eq. 3.1) and as Harris 2007 computes his
// GB/s (docs/README.md, Sources): the bytes the reduction must read, over the time.
// Writes (a few partial sums) are negligible and not counted.
inline double bandwidthGBs(double bytes, double milliseconds)
{
    return milliseconds > 0 ? bytes / (milliseconds * 1e-3) / 1e9 : 0;
}

// DRAM moves data on both clock edges: 2 * clock * bus width in bytes.
inline double theoreticalBandwidthGBs(double memoryClockKHz, int busWidthBits)
{
    return 2.0 * memoryClockKHz * 1e3 * (busWidthBits / 8.0) / 1e9;
}

// Tells the compiler that `value` is used and that memory may have changed, so it really
// repeats identical work on every timed run instead of computing it once.
template <typename T>
inline void keepResult(T& value)
{
    asm volatile("" : : "r"(&value) : "memory");
}

// Enough timed runs for a stable median: at least 20, and more for small inputs, whose
// runs are short and noisier (about 2 GiB read in all, at most 1000 runs).
inline int chooseIterations(double bytes)
{
    double runs = (2.0 * 1024 * 1024 * 1024) / std::max(bytes, 1.0);
    return int(std::clamp(runs, 20.0, 1000.0));
}

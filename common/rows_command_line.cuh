// What every Part II harness shares before and around its run: the command line (Part I's,
// with --rows and --cols instead of --n), the default shape, the device and the device-memory
// check. The row sums (rows_harness.cuh) and the softmax (softmax_harness.cuh) both start here.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "cli.cuh"
#include "cuda_check.cuh"
#include "device.cuh"
#include "report.cuh"
#include "rows.cuh"

// The default shape: rows of 1024 elements, 2^28 elements in all (1 GiB of floats).
constexpr std::size_t defaultCols = 1024;
constexpr std::size_t defaultElements = std::size_t(1) << 28;

// Parses the command line, answers --help and --csv-header, refuses what the step cannot run
// (one line on stderr, exit code 2): --n, more than 2^48 elements, a block below
// minimumBlockSize, a type not in `types` (empty: every type); then needs a device (exit code
// 3 without one). Returns true when the program should go on to a run; otherwise *status is
// its exit code. typesHelp: the line of --help that says which types the step takes.
inline bool startRowStep(int argc, char** argv, const char* stepName, int minimumBlockSize,
                         Shape& shape, Options& options, int* status,
                         const std::vector<std::string>& types = {},
                         const std::string& typesHelp = "")
{
    bool rowsGiven = false, colsGiven = false;
    auto sizeOption = [](std::size_t& value, bool& given) {
        return [&value, &given](const std::string& text) -> std::string {
            if (!parseSize(text, value)) return "expected a count, e.g. 1024, 2^20 or 2^10+3";
            given = true;
            return "";
        };
    };
    std::vector<StepOption> own = {{"--rows", sizeOption(shape.rows, rowsGiven)},
                                   {"--cols", sizeOption(shape.cols, colsGiven)}};
    ParsedCommandLine parsed = parseCommandLine(argc, argv, own);
    options = parsed.options;
    auto refuse = [&](const std::string& why) {
        std::fprintf(stderr, "%s: error: %s\n", stepName, why.c_str());
        *status = exitBadUsage;
        return false;
    };
    *status = exitVerified;
    if (!parsed.error.empty()) return refuse(parsed.error);
    if (options.help) {
        std::fputs(usage(stepName,
                         "  --rows R       rows of the matrix (default 2^28 / cols)\n"
                         "  --cols C       elements per row (default 1024)\n" +
                             typesHelp)
                       .c_str(),
                   stdout);
        return false;
    }
    if (options.csvHeader) {
        std::puts(csvHeader().c_str());
        return false;
    }
    if (options.nGiven) return refuse("--n: a row step takes --rows and --cols");
    if (!colsGiven) shape.cols = defaultCols;
    if (!rowsGiven) shape.rows = shape.cols > 0 ? defaultElements / shape.cols : 0;
    if (shape.cols > 0 && shape.rows > (std::size_t(1) << maxSizeExponent) / shape.cols)
        return refuse("--rows " + std::to_string(shape.rows) + " x --cols " +
                      std::to_string(shape.cols) + ": more than 2^48 elements");
    if (options.blockSize < minimumBlockSize)
        return refuse("--block " + std::to_string(options.blockSize) +
                      ": this step needs at least " + std::to_string(minimumBlockSize) +
                      " threads per block");
    if (!types.empty()) {
        std::string list;
        bool known = false;
        for (const std::string& type : types) {
            known = known || type == options.type;
            list += (list.empty() ? "" : ", ") + type;
        }
        if (!known) return refuse("--type " + options.type + ": this step takes " + list);
    }
    std::string reason;
    if (!cudaDevicePresent(&reason)) {
        std::fprintf(stderr, "%s: error: no CUDA device found (%s)\n", stepName, reason.c_str());
        *status = exitCudaError;
        return false;
    }
    return true;
}

// The device memory a run may take: what is free, less room for the CUDA context.
struct DeviceMemory {
    std::size_t freeBytes = 0, usable = 0;
};

inline DeviceMemory deviceMemory()
{
    DeviceMemory memory;
    std::size_t totalBytes = 0;
    CUDA_CHECK(cudaMemGetInfo(&memory.freeBytes, &totalBytes));
    const std::size_t reserve = std::size_t(256) << 20;  // room for the CUDA context
    memory.usable = memory.freeBytes > reserve ? memory.freeBytes - reserve : 0;
    return memory;
}

// False, after one line on stderr, where `needed` bytes do not fit (the caller exits with 3).
inline bool deviceMemoryFits(std::size_t needed, const DeviceMemory& memory, Shape shape,
                             const Options& options, const char* stepName)
{
    if (needed <= memory.usable) return true;
    std::fprintf(stderr, "%s: error: not enough device memory: %zu x %zu %s needs %s, %s is free\n",
                 stepName, shape.rows, shape.cols, options.type.c_str(),
                 bytesText(double(needed)).c_str(), bytesText(double(memory.freeBytes)).c_str());
    return false;
}

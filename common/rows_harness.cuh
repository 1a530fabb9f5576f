// The harness of every Part II step: a sum per row of a rows x cols matrix, with Part I's
// command line (plus --rows and --cols), data, checks (on every row), timing and report.
//
// Include it after the step's reduce.cuh, which must define
//   constexpr int minBlockSize;
//   template <typename T> std::size_t workspaceBytes(Shape shape, int blockSize);
//   template <typename T> void reduceRows(const T* input, Shape shape, int blockSize,
//                                         void* workspace, std::size_t workspaceSize,
//                                         Accumulator<T>* sums);
// reduceRows() writes the sum of row r (input[r * cols .. (r + 1) * cols)) to sums[r], for
// every r < rows, adding in the accumulator type, as Part I's reduce() does for one sum.
#pragma once

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "cuda_check.cuh"
#include "device.cuh"
#include "harness.cuh"
#include "rows.cuh"
#include "rows_command_line.cuh"
#include "rows_record.cuh"

// The exact input of the matrix, made on the device (rowExactElement).
template <typename T>
__global__ void rowExactInputKernel(T* out, std::size_t count, std::size_t cols, std::uint64_t seed)
{
    const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
    for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride)
        out[i] = rowExactElement<T>(seed, cols, i);
}

// Everything a row reduction needs on the device, allocated before any timing.
template <typename T>
struct DeviceRowReduction {
    using Sum = Accumulator<T>;
    DeviceRowReduction(Shape shape, int blockSize)
        : shape(shape),
          blockSize(blockSize),
          input(shape.elements()),
          workspace(workspaceBytes<T>(shape, blockSize)),
          sums(shape.rows)
    {
        if (workspace.count() > 0) CUDA_CHECK(cudaMemset(workspace.data(), 0, workspace.count()));
    }

    void run()
    {
        reduceRows(static_cast<const T*>(input.data()), shape, blockSize, workspace.data(),
                   workspace.count(), sums.data());
    }

    // Poisons the sums first (all bits set: NaN for floating point), so a row never written
    // cannot pass by finding the right value left from before.
    std::vector<Sum> runAndFetch()
    {
        if (shape.rows > 0) CUDA_CHECK(cudaMemset(sums.data(), 0xFF, shape.rows * sizeof(Sum)));
        run();
        return fetchSums();
    }

    std::vector<Sum> fetchSums()
    {
        std::vector<Sum> host(shape.rows);
        if (shape.rows > 0)
            CUDA_CHECK(cudaMemcpy(host.data(), sums.data(), shape.rows * sizeof(Sum),
                                  cudaMemcpyDeviceToHost));
        return host;
    }

    Shape shape;
    int blockSize;
    DeviceArray<T> input;
    DeviceArray<unsigned char> workspace;
    DeviceArray<Sum> sums;
};

template <typename T>
void makeRowExactInputOnDevice(T* out, Shape shape, std::uint64_t seed)
{
    if (shape.elements() == 0) return;
    rowExactInputKernel<<<1024, 256>>>(out, shape.elements(), shape.cols, seed);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaDeviceSynchronize());
}

// The random input on the device, made on the host a stretch of whole rows at a time, and
// every row's reference.
template <typename T>
std::vector<Reference<T>> makeRowInputOnDevice(T* deviceInput, Shape shape, std::uint64_t seed)
{
    std::vector<Reference<T>> references(shape.rows);
    if (shape.elements() == 0) {
        for (Reference<T>& reference : references) reference = referenceSum<T>(nullptr, 0);
        return references;
    }
    const std::size_t stretchRows =
        std::max<std::size_t>(1, stagingElements<T>(shape.elements()) / shape.cols);
    PinnedArray<T> stretch(stretchRows * shape.cols);
    for (std::size_t first = 0; first < shape.rows; first += stretchRows) {
        const std::size_t count = std::min(stretchRows, shape.rows - first);
        makeInputSlice(stretch.data(), first * shape.cols, count * shape.cols, seed);
        addRandomRowReferences(stretch.data(), shape, first, count, references);
        CUDA_CHECK(cudaMemcpy(deviceInput + first * shape.cols, stretch.data(),
                              count * shape.cols * sizeof(T), cudaMemcpyHostToDevice));
    }
    return references;
}

template <typename T>
int runRowsOnDevice(Options options, Shape shape, const char* stepName, const char* technique,
                    const Platform& platform)
{
    using Sum = Accumulator<T>;
    const DeviceMemory memory = deviceMemory();
    std::size_t needed = shape.elements() * sizeof(T) + shape.rows * sizeof(Sum) +
                         L2Evictor::bytesNeeded(platform.l2Bytes);
    if (needed <= memory.usable) needed += workspaceBytes<T>(shape, options.blockSize);
    const double hostNeeded =
        double(stagingElements<T>(shape.elements())) * sizeof(T) +
        double(shape.rows) * (sizeof(Reference<T>) + sizeof(ExactReference<T>));
    if (!deviceMemoryFits(needed, memory, shape, options, stepName)) return exitCudaError;
    if (!hostMemoryFits(hostNeeded, stepName, options)) return exitCudaError;

    DeviceRowReduction<T> reduction(shape, options.blockSize);
    options.n = shape.elements();
    RunRecord record = newRecord<T>(options, stepName, technique, platform);
    record.bytes = double(shape.elements()) * sizeof(T) + double(shape.rows) * sizeof(Sum);
    record.blockSize = options.blockSize;
    record.perRow = true;
    record.rows = shape.rows;
    record.cols = shape.cols;

    RowReferences<T> references;
    references.exact.resize(shape.rows);
    {
        SlowPhaseNotice notice(makingInputLine<T>(stepName, shape.elements(), options.type));
        addExactRowSums<T>(options.seed, shape, 0, shape.rows, references.exact);
        // Correct before fast: the exact input, every row bit for bit.
        makeRowExactInputOnDevice(reduction.input.data(), shape, options.seed);
        addExactRowsRun<T>(record, reduction.runAndFetch(), references.exact);
        references.random = makeRowInputOnDevice(reduction.input.data(), shape, options.seed);
    }
    addAccurateRowsRun<T>(record, reduction.runAndFetch(), references.random);

    if (!options.verifyOnly) {
        L2Evictor l2(platform.l2Bytes);
        record.iterations =
            options.iterations > 0 ? options.iterations : chooseIterations(record.bytes);
        record.warmup = options.warmup;
        record.cache = "L2 emptied before each run";
        SlowPhaseNotice notice(timingLine(stepName, record.warmup, record.iterations));
        for (int i = 0; i < options.warmup; ++i) reduction.run();
        record.timing = summarize(timeOneGpu(reduction, l2, record.iterations));
        record.timed = true;
        addAccurateRowsRun<T>(record, reduction.fetchSums(),
                              references.random);  // a race can pass once
    }
    // The exact input once more: the workspace now holds what the random input left there.
    makeRowExactInputOnDevice(reduction.input.data(), shape, options.seed);
    addExactRowsRun<T>(record, reduction.runAndFetch(), references.exact);

    if (measuredAbovePeak(record, true)) return exitBadMeasurement;
    return finishRun(record, options);
}

// A Part II step: the command line (Part I's, with --rows and --cols instead of --n), then
// the run on GPU 0.
inline int runRowStep(int argc, char** argv, const char* stepName, const char* technique)
{
    Shape shape;
    Options options;
    int status = exitBadUsage;
    if (!startRowStep(argc, argv, stepName, minBlockSize, shape, options, &status)) return status;
    const Platform platform = queryPlatform();
    withElementType(options.type, [&](auto element) {
        status = runRowsOnDevice<decltype(element)>(options, shape, stepName, technique, platform);
    });
    return status;
}

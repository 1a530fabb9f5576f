// The harness of Part II's softmax step: the softmax of every row of a rows x cols matrix,
// with the row steps' command line (rows_command_line.cuh), timing and CSV, and a check of
// every element of every row against a double-precision reference (softmax_reference.cuh);
// the record and report of the checked runs (softmax_record.cuh) are shared with the
// frameworks' harness, tools/framework_runs.cu.
//
// Include it after the step's softmax.cuh, which must define
//   constexpr int minBlockSize;
//   template <typename T> bool softmaxReadsOnce(Shape shape, int blockSize);
//   template <typename T> void softmaxRows(const T* input, T* output, Shape shape, int blockSize);
// softmaxRows() writes e^(x - M) / S of row r of input (input[r * cols .. (r + 1) * cols)) to
// the same place in output, for every row r, for T float, half or bfloat16 (math in float);
// softmaxReadsOnce() says whether it reads the input once (the report names the path).
#pragma once

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "cuda_check.cuh"
#include "device.cuh"
#include "harness.cuh"
#include "rows_command_line.cuh"
#include "softmax_record.cuh"
#include "softmax_reference.cuh"

// Before each checked run every output byte is set to this: 0x50505050 is 1.4e10 in float,
// 0x5050 is 34.5 in half and 1.4e10 in bfloat16, all above 1, which no softmax gives: an
// output the kernel never wrote fails. (All bits set, NaN, would pass in a row whose softmax is
// NaN.)
constexpr int softmaxPoisonByte = 0x50;

// Everything the softmax needs on the device, allocated before any timing.
template <typename T>
struct DeviceSoftmax {
    DeviceSoftmax(Shape shape, int blockSize)
        : shape(shape), blockSize(blockSize), input(shape.elements()), output(shape.elements())
    {
    }

    void run()
    {
        softmaxRows(static_cast<const T*>(input.data()), output.data(), shape, blockSize);
    }

    void runPoisoned()
    {
        if (shape.elements() > 0)
            CUDA_CHECK(cudaMemset(output.data(), softmaxPoisonByte, shape.elements() * sizeof(T)));
        run();
        CUDA_CHECK(cudaDeviceSynchronize());
    }

    Shape shape;
    int blockSize;
    DeviceArray<T> input;
    DeviceArray<T> output;
};

// Rows per stretch of host work: at most the staging buffer's elements, at least one row.
template <typename T>
std::size_t softmaxStretchRows(Shape shape)
{
    return std::max<std::size_t>(
        1, stagingElements<T>(shape.elements()) / std::max<std::size_t>(1, shape.cols));
}

// The input on the device, made on the host a stretch of whole rows at a time.
template <typename T>
void makeSoftmaxInputOnDevice(T* deviceInput, Shape shape, std::uint64_t seed, bool specialRows)
{
    if (shape.elements() == 0) return;
    const std::size_t stretchRows = softmaxStretchRows<T>(shape);
    PinnedArray<T> stretch(stretchRows * shape.cols);
    for (std::size_t first = 0; first < shape.rows; first += stretchRows) {
        const std::size_t count = std::min(stretchRows, shape.rows - first);
        makeSoftmaxInputRows(stretch.data(), shape, first, count, seed, specialRows);
        CUDA_CHECK(cudaMemcpy(deviceInput + first * shape.cols, stretch.data(),
                              count * shape.cols * sizeof(T), cudaMemcpyHostToDevice));
    }
}

// Every element of every row of the output checked against the reference of the input the
// device holds, both copied back a stretch of rows at a time.
template <typename T>
SoftmaxVerdict checkSoftmaxOnDevice(const DeviceSoftmax<T>& softmax)
{
    const Shape shape = softmax.shape;
    SoftmaxVerdict verdict;
    if (shape.elements() == 0) return verdict;
    const std::size_t stretchRows = softmaxStretchRows<T>(shape);
    std::vector<T> input(stretchRows * shape.cols), output(stretchRows * shape.cols);
    for (std::size_t first = 0; first < shape.rows; first += stretchRows) {
        const std::size_t count = std::min(stretchRows, shape.rows - first);
        const std::size_t bytes = count * shape.cols * sizeof(T);
        CUDA_CHECK(cudaMemcpy(input.data(), softmax.input.data() + first * shape.cols, bytes,
                              cudaMemcpyDeviceToHost));
        CUDA_CHECK(cudaMemcpy(output.data(), softmax.output.data() + first * shape.cols, bytes,
                              cudaMemcpyDeviceToHost));
        verdict.add(checkSoftmaxRows(input.data(), output.data(), shape, first, count));
    }
    return verdict;
}

template <typename T>
int runSoftmaxOnDevice(Options options, Shape shape, const char* stepName,
                       const std::string& technique, const Platform& platform)
{
    const DeviceMemory memory = deviceMemory();
    const std::size_t needed =
        2 * shape.elements() * sizeof(T) + L2Evictor::bytesNeeded(platform.l2Bytes);
    if (!deviceMemoryFits(needed, memory, shape, options, stepName)) return exitCudaError;
    // The pinned stretch of the input, and the input and output stretches of the check.
    const double hostNeeded = 3.0 * double(softmaxStretchRows<T>(shape) * shape.cols) * sizeof(T);
    options.n = shape.elements();
    if (!hostMemoryFits(hostNeeded, stepName, options)) return exitCudaError;

    DeviceSoftmax<T> softmax(shape, options.blockSize);
    const std::string path =
        softmaxReadsOnce<T>(shape, options.blockSize) ? "one read" : "two reads";
    RunRecord record = newRecord<T>(options, stepName, (technique + "; " + path).c_str(), platform);
    record.bytes = 2.0 * double(shape.elements()) * sizeof(T);  // read once, written once
    record.blockSize = options.blockSize;
    record.perRow = true;
    record.rows = shape.rows;
    record.cols = shape.cols;

    SoftmaxRuns runs;
    {
        SlowPhaseNotice notice(makingInputLine<T>(stepName, shape.elements(), options.type));
        makeSoftmaxInputOnDevice(softmax.input.data(), shape, options.seed, false);
        softmax.runPoisoned();  // correct before fast
        runs.add(checkSoftmaxOnDevice(softmax));
    }
    if (!options.verifyOnly) {
        L2Evictor l2(platform.l2Bytes);
        record.iterations =
            options.iterations > 0 ? options.iterations : chooseIterations(record.bytes);
        record.warmup = options.warmup;
        record.cache = "L2 emptied before each run";
        SlowPhaseNotice notice(timingLine(stepName, record.warmup, record.iterations));
        for (int i = 0; i < options.warmup; ++i) softmax.run();
        record.timing = summarize(timeOneGpu(softmax, l2, record.iterations));
        record.timed = true;
        runs.add(
            checkSoftmaxOnDevice(softmax));  // the last timed run's output: a race can pass once
    }
    softmax.runPoisoned();  // and once more after timing
    runs.add(checkSoftmaxOnDevice(softmax));
    fillSoftmaxRecord(record, runs);

    if (measuredAbovePeak(record, true)) return exitBadMeasurement;
    std::fputs(options.csv ? (csvRow(record) + "\n").c_str() : softmaxReport(record, runs).c_str(),
               stdout);
    return record.passed() ? exitVerified : exitWrongResult;
}

// The softmax step: the row steps' command line (float, half and bf16 only), then the run on
// GPU 0.
inline int runSoftmaxStep(int argc, char** argv, const char* stepName, const char* technique)
{
    Shape shape;
    Options options;
    int status = exitBadUsage;
    if (!startRowStep(argc, argv, stepName, minBlockSize, shape, options, &status, softmaxTypes(),
                      "  (the softmax takes --type float, half or bf16; math in float)\n"))
        return status;
    const Platform platform = queryPlatform();
    if (options.type == "float")
        return runSoftmaxOnDevice<float>(options, shape, stepName, technique, platform);
    if (options.type == "half")
        return runSoftmaxOnDevice<__half>(options, shape, stepName, technique, platform);
    return runSoftmaxOnDevice<__nv_bfloat16>(options, shape, stepName, technique, platform);
}

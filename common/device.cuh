// The GPU side of the harness that is not a reduction: finding the device, describing it,
// owning device memory, and emptying L2 between timed runs.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "cuda_check.cuh"
#include "kernel_helpers.cuh"
#include "measure.cuh"
#include "report.cuh"

// False, with the reason, where there is no usable device (no GPU, no driver).
inline bool cudaDevicePresent(std::string* reason = nullptr)
{
    int count = 0;
    cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess || count == 0) {
        if (reason) {
            if (status == cudaErrorInsufficientDriver)
                *reason = "no NVIDIA driver is loaded, or it is older than this CUDA runtime";
            else
                *reason = status != cudaSuccess ? cudaGetErrorString(status)
                                                : "the driver lists no devices";
        }
        cudaGetLastError();  // clear the error so it does not resurface later
        return false;
    }
    return true;
}

inline Platform queryPlatform()
{
    int device = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    cudaDeviceProp properties{};
    CUDA_CHECK(cudaGetDeviceProperties(&properties, device));
    Platform platform;
    platform.deviceName = properties.name;
    platform.computeCapability =
        std::to_string(properties.major) + std::to_string(properties.minor);
    platform.multiprocessors = properties.multiProcessorCount;
    platform.l2Bytes = properties.l2CacheSize;
    // CUDA 13 removed cudaDeviceProp::memoryClockRate; the attribute remains (in kHz).
    platform.peakGBs = theoreticalBandwidthGBs(deviceAttribute(cudaDevAttrMemoryClockRate),
                                               deviceAttribute(cudaDevAttrGlobalMemoryBusWidth));
    int runtime = 0, driver = 0;
    CUDA_CHECK(cudaRuntimeGetVersion(&runtime));
    CUDA_CHECK(cudaDriverGetVersion(&driver));
    platform.cudaRuntime = versionText(runtime);
    platform.cudaDriver = versionText(driver);
    return platform;
}

// CUDA memory that frees itself: on the device, or page-locked (pinned) on the host, which
// the GPU's copy engine reads directly (pageable memory is first staged by the driver). Allocation
// failures end the program (exit code 3).
enum class Memory { device, pinnedHost };

template <typename T, Memory where>
class CudaArray {
public:
    explicit CudaArray(std::size_t count) : count_(count)
    {
        if (count_ == 0) return;
        if (where == Memory::device)
            CUDA_CHECK(cudaMalloc(&data_, count_ * sizeof(T)));
        else
            CUDA_CHECK(cudaMallocHost(&data_, count_ * sizeof(T)));
    }
    ~CudaArray()
    {
        if (where == Memory::device)
            cudaFree(data_);
        else
            cudaFreeHost(data_);
    }
    CudaArray(const CudaArray&) = delete;
    CudaArray& operator=(const CudaArray&) = delete;

    T* data() const { return data_; }
    std::size_t count() const { return count_; }

private:
    T* data_ = nullptr;
    std::size_t count_ = 0;
};

template <typename T>
using DeviceArray = CudaArray<T, Memory::device>;

template <typename T>
using PinnedArray = CudaArray<T, Memory::pinnedHost>;

// Reads every byte of a buffer. Run before each timed reduction on a buffer twice the size
// of L2, it leaves none of the reduction's input in L2, so small inputs are timed from DRAM
// like large ones. Reading (not writing) leaves no dirty lines to be written back during
// the timed run.
__global__ void readWholeBuffer(const int4* buffer, std::size_t count, int* sink)
{
    int bits = 0;
    for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
         i += std::size_t(gridDim.x) * blockDim.x) {
        int4 v = buffer[i];
        bits ^= v.x ^ v.y ^ v.z ^ v.w;
    }
    if (bits == 0x7fffffff) *sink = bits;  // never true (the buffer holds zeros); keeps the loads
}

class L2Evictor {
public:
    explicit L2Evictor(long long l2Bytes)
        : buffer_(std::size_t(2 * l2Bytes) / sizeof(int4) + 1),
          sink_(1),
          blocks_(4 * deviceAttribute(cudaDevAttrMultiProcessorCount))
    {
        CUDA_CHECK(cudaMemset(buffer_.data(), 0, buffer_.count() * sizeof(int4)));
    }
    static std::size_t bytesNeeded(long long l2Bytes)
    {
        return std::size_t(2 * l2Bytes) + 2 * sizeof(int4);
    }
    void evict()
    {
        readWholeBuffer<<<blocks_, 256>>>(buffer_.data(), buffer_.count(), sink_.data());
        CUDA_CHECK_LAUNCH();
    }

private:
    DeviceArray<int4> buffer_;
    DeviceArray<int> sink_;
    int blocks_;
};

// The input goes to the device through a host buffer of at most this many bytes.
constexpr std::size_t stagingBytes = std::size_t(256) << 20;

template <typename T>
std::size_t stagingElements(std::size_t n)
{
    return std::min(n, stagingBytes / sizeof(T));  // a whole number of host pieces
}

// The timed runs on one GPU: CUDA events around reduction.run() alone, L2 emptied before each.
template <typename Reduction>
std::vector<double> timeOneGpu(Reduction& reduction, L2Evictor& l2, int iterations)
{
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    std::vector<double> timesMs;
    for (int i = 0; i < iterations; ++i) {
        l2.evict();
        CUDA_CHECK(cudaEventRecord(start));
        reduction.run();
        CUDA_CHECK(cudaEventRecord(stop));
        CUDA_CHECK(cudaEventSynchronize(stop));
        float milliseconds = 0;
        CUDA_CHECK(cudaEventElapsedTime(&milliseconds, start, stop));
        timesMs.push_back(milliseconds);
    }
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    return timesMs;
}

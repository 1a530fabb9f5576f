// Step 13's exercise 3, the gradient case: ncclAllReduce of m floats (a gradient, not one
// sum) over every visible GPU, for m = 2^10 ... 2^28, one process driving them all (as
// nccl-tests does with -g), one stream per GPU. Prints one CSV row per m: the median over
// the runs of the slowest GPU's event time, and nccl-tests' two bandwidths, algorithm
// bandwidth = bytes / time and bus bandwidth = algorithm bandwidth * 2 (K - 1) / K.
//   allreduce_vector      exit code 3 with fewer than two GPUs
#include <algorithm>
#include <cstdio>
#include <vector>

#include <cuda_runtime.h>
#include <nccl.h>

#define CHECK(call, ok, text)                                                               \
    do {                                                                                    \
        auto status = (call);                                                               \
        if (status != (ok)) {                                                               \
            std::fprintf(stderr, "allreduce_vector: %s failed: %s\n", #call, text(status)); \
            return 1;                                                                       \
        }                                                                                   \
    } while (0)
#define CUDA(call) CHECK(call, cudaSuccess, cudaGetErrorString)
#define NCCL(call) CHECK(call, ncclSuccess, ncclGetErrorString)

int main()
{
    int gpus = 0;
    CUDA(cudaGetDeviceCount(&gpus));
    if (gpus < 2) {
        std::fprintf(stderr, "allreduce_vector: needs two GPUs, found %d\n", gpus);
        return 3;
    }
    const std::size_t maxFloats = std::size_t(1) << 28;
    std::vector<int> devices(gpus);
    for (int g = 0; g < gpus; ++g) devices[g] = g;
    std::vector<ncclComm_t> comms(gpus);
    NCCL(ncclCommInitAll(comms.data(), gpus, devices.data()));
    std::vector<float*> send(gpus), receive(gpus);
    std::vector<cudaStream_t> streams(gpus);
    std::vector<cudaEvent_t> start(gpus), stop(gpus);
    for (int g = 0; g < gpus; ++g) {
        CUDA(cudaSetDevice(g));
        CUDA(cudaMalloc(&send[g], maxFloats * sizeof(float)));
        CUDA(cudaMalloc(&receive[g], maxFloats * sizeof(float)));
        CUDA(cudaMemset(send[g], 0, maxFloats * sizeof(float)));
        CUDA(cudaStreamCreate(&streams[g]));
        CUDA(cudaEventCreate(&start[g]));
        CUDA(cudaEventCreate(&stop[g]));
    }
    std::printf("gpus,floats,bytes,time_us,algbw_GBs,busbw_GBs\n");
    for (std::size_t m = std::size_t(1) << 10; m <= maxFloats; m *= 4) {
        const int warmup = 5, runs = m >= (std::size_t(1) << 24) ? 20 : 100;
        std::vector<float> times;
        for (int run = 0; run < warmup + runs; ++run) {
            for (int g = 0; g < gpus; ++g) {
                CUDA(cudaSetDevice(g));
                CUDA(cudaEventRecord(start[g], streams[g]));
            }
            NCCL(ncclGroupStart());
            for (int g = 0; g < gpus; ++g)
                NCCL(ncclAllReduce(send[g], receive[g], m, ncclFloat, ncclSum, comms[g],
                                   streams[g]));
            NCCL(ncclGroupEnd());
            // The all-reduce ends when its slowest GPU ends: that GPU's time is the time.
            float slowest = 0;
            for (int g = 0; g < gpus; ++g) {
                CUDA(cudaSetDevice(g));
                CUDA(cudaEventRecord(stop[g], streams[g]));
                CUDA(cudaEventSynchronize(stop[g]));
                float ms = 0;
                CUDA(cudaEventElapsedTime(&ms, start[g], stop[g]));
                slowest = std::max(slowest, ms);
            }
            if (run >= warmup) times.push_back(slowest);
        }
        std::sort(times.begin(), times.end());
        const double seconds = times[times.size() / 2] * 1e-3, bytes = double(m) * sizeof(float);
        const double algbw = bytes / seconds / 1e9, busbw = algbw * 2.0 * (gpus - 1) / gpus;
        std::printf("%d,%zu,%.0f,%.2f,%.2f,%.2f\n", gpus, m, bytes, seconds * 1e6, algbw, busbw);
    }
    for (int g = 0; g < gpus; ++g) ncclCommDestroy(comms[g]);
    return 0;
}

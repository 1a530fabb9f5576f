// How fast can any kernel read 1 GiB once and write 1 GiB once on this GPU? That is the most a
// softmax that reads its input once (step 17) can reach, whatever its arithmetic: a copy does
// nothing else. The driver's copy (cudaMemcpyAsync, device to device), CUB's copy
// (cub::DeviceTransform with the identity: on Hopper it moves large arrays with bulk copies,
// CCCL's kernel written for the most bandwidth), and a copy kernel of 128-bit loads at every
// block size and 1, 2, 4 or 8 vectors a thread (all of a thread's loads asked for before its
// first store, as step 17 holds its row), the last also with streaming stores (__stcs: the
// output's lines marked first to leave L2), timed as the experiments time
// a reduction (variant_timing.cuh: a fresh random order every round, L2 emptied before every
// run, the median). GB/s counts the bytes read and the bytes written, as step 17's does.
// Every timed copy is checked: the output is poisoned before the run and compared with the
// input after it; a wrong copy ends the program (exitWrongResult). Built with
// -DCOPY_SKIPS_LAST_VECTOR (copy_bandwidth_wrong), every copy kernel leaves its last vector
// unwritten: the check that must reject it.
#include <cstdio>
#include <functional>
#include <vector>

#include <cub/device/device_transform.cuh>

#include "variant_timing.cuh"

// Thread t of a block copies the vectors t, t + blockDim.x, ... of the block's
// blockDim.x * vectorsPerThread: neighbours read neighbours (coalesced), and every load is
// in flight before the first store waits on one.
template <unsigned int vectorsPerThread, bool streamingStores>
__global__ void copyKernel(const int4* input, int4* output, std::size_t vectors)
{
    const std::size_t first = std::size_t(blockIdx.x) * blockDim.x * vectorsPerThread + threadIdx.x;
    int4 held[vectorsPerThread];
#pragma unroll
    for (unsigned int k = 0; k < vectorsPerThread; ++k)
        if (first + k * blockDim.x < vectors) held[k] = __ldg(input + first + k * blockDim.x);
#pragma unroll
    for (unsigned int k = 0; k < vectorsPerThread; ++k)
        if (first + k * blockDim.x < vectors) {
            if constexpr (streamingStores)
                __stcs(output + first + k * blockDim.x, held[k]);
            else
                output[first + k * blockDim.x] = held[k];
        }
}

// The vectors of output that differ from input's, added to *wrong.
__global__ void countWrongVectors(const int4* input, const int4* output, std::size_t vectors,
                                  unsigned long long* wrong)
{
    unsigned long long count = 0;
    for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < vectors;
         i += std::size_t(gridDim.x) * blockDim.x) {
        const int4 a = input[i], b = output[i];
        count += a.x != b.x || a.y != b.y || a.z != b.z || a.w != b.w;
    }
    if (count > 0) atomicAdd(wrong, count);
}

struct Identity {
    __device__ int4 operator()(int4 vector) const { return vector; }
};

struct Copy {
    const char* variant;
    unsigned int blockSize, vectorsPerThread;  // 0, 0: the driver's or CUB's copy
    std::function<void(const int4*, int4*, std::size_t)> run;
};

template <unsigned int vectorsPerThread, bool streamingStores = false>
Copy copyKernelVariant(unsigned int blockSize)
{
    return {streamingStores ? "copy_kernel_streaming_stores" : "copy_kernel", blockSize,
            vectorsPerThread, [blockSize](const int4* input, int4* output, std::size_t vectors) {
#ifdef COPY_SKIPS_LAST_VECTOR
                --vectors;  // the wrong copy: its last vector keeps the poison
#endif
                const std::size_t perBlock = std::size_t(blockSize) * vectorsPerThread;
                copyKernel<vectorsPerThread, streamingStores>
                    <<<unsigned(ceilDiv(vectors, perBlock)), blockSize>>>(input, output, vectors);
                CUDA_CHECK_LAUNCH();
            }};
}

int main(int argc, char** argv)
{
    const int exponent = parseMaxExponent(argc, argv, 20);  // copies 2^K floats (run.sh: 2^28)
    const Platform platform = platformOrExit();
    const std::size_t n = std::size_t(1) << exponent, vectors = n / 4;

    std::vector<Copy> copies;
    for (unsigned int blockSize : {64u, 128u, 256u, 512u, 1024u}) {
        copies.push_back(copyKernelVariant<1>(blockSize));
        copies.push_back(copyKernelVariant<2>(blockSize));
        copies.push_back(copyKernelVariant<4>(blockSize));
        copies.push_back(copyKernelVariant<8>(blockSize));
        copies.push_back(copyKernelVariant<1, true>(blockSize));
    }
    copies.push_back(
        {"cub_transform", 0, 0, [](const int4* input, int4* output, std::size_t count) {
             CUDA_CHECK(cub::DeviceTransform::Transform(input, output, count, Identity{}));
         }});
    copies.push_back(
        {"cudaMemcpyAsync", 0, 0, [](const int4* input, int4* output, std::size_t count) {
             CUDA_CHECK(
                 cudaMemcpyAsync(output, input, count * sizeof(int4), cudaMemcpyDeviceToDevice));
         }});

    std::vector<float> host(n);
    std::uint64_t state = 2026;
    for (float& x : host) x = float(int(mixBits(state++) % 19) - 9);
    DeviceArray<int4> input(vectors), output(vectors);
    CUDA_CHECK(cudaMemcpy(input.data(), host.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    DeviceArray<unsigned long long> wrong(1);
    L2Evictor l2(platform.l2Bytes);
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));

    const int rounds = 40;
    std::vector<std::vector<double>> times(copies.size());
    std::vector<std::size_t> order(copies.size());
    for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
    std::fprintf(stderr, "n = 2^%d floats: %d rounds of %zu copies\n", exponent, rounds,
                 copies.size());
    for (int round = -3; round < rounds; ++round) {  // 3 untimed first
        for (std::size_t k = order.size() - 1; k > 0; --k)
            std::swap(order[k], order[mixBits(state++) % (k + 1)]);
        for (std::size_t k : order) {
            CUDA_CHECK(cudaMemset(output.data(), 0xFF, vectors * sizeof(int4)));  // the poison
            l2.evict();  // also writes the poison's dirty lines back, before the timing
            CUDA_CHECK(cudaEventRecord(start));
            copies[k].run(input.data(), output.data(), vectors);
            CUDA_CHECK(cudaEventRecord(stop));
            CUDA_CHECK(cudaEventSynchronize(stop));
            float milliseconds = 0;
            CUDA_CHECK(cudaEventElapsedTime(&milliseconds, start, stop));
            if (round >= 0) times[k].push_back(milliseconds);

            CUDA_CHECK(cudaMemset(wrong.data(), 0, sizeof(unsigned long long)));
            countWrongVectors<<<4 * platform.multiprocessors, 256>>>(input.data(), output.data(),
                                                                     vectors, wrong.data());
            CUDA_CHECK_LAUNCH();
            unsigned long long wrongVectors = 0;
            CUDA_CHECK(cudaMemcpy(&wrongVectors, wrong.data(), sizeof wrongVectors,
                                  cudaMemcpyDeviceToHost));
            if (wrongVectors != 0) {
                std::fprintf(stderr,
                             "error: %s, block %u, %u vectors a thread: %llu of %zu vectors "
                             "differ from the input\n",
                             copies[k].variant, copies[k].blockSize, copies[k].vectorsPerThread,
                             wrongVectors, vectors);
                return exitWrongResult;
            }
        }
    }
    std::printf(
        "variant,block_size,vectors_per_thread,device,compute_capability,n,type,runs,"
        "time_median_us,time_min_us,time_max_us,gbs,percent_of_peak\n");
    for (std::size_t k = 0; k < copies.size(); ++k) {
        const TimingSummary t = summarize(times[k]);
        const double gbs = bandwidthGBs(2.0 * n * sizeof(float), t.medianMs);  // read + written
        std::printf("%s,%u,%u,%s,%s,%zu,float,%d,%.6f,%.6f,%.6f,%.1f,%.2f\n", copies[k].variant,
                    copies[k].blockSize, copies[k].vectorsPerThread, platform.deviceName.c_str(),
                    platform.computeCapability.c_str(), n, int(times[k].size()), t.medianMs * 1e3,
                    t.minMs * 1e3, t.maxMs * 1e3, gbs, 100 * gbs / platform.peakGBs);
    }
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    return 0;
}

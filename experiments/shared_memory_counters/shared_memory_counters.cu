// Experiment: what do Nsight Compute's shared-memory counters count? Kernels whose answer is
// known, one launch each, for ncu (run.sh): every trip of a kernel's loop is one shared-memory
// instruction per warp (a volatile access, so the compiler keeps every one), and the words a
// warp touches fix how many passes ("wavefronts") the 32 banks of 4 bytes need:
//   load stride 1            32 lanes, 32 consecutive floats: 32 banks, 1 wavefront
//   load stride 2            words 0, 2, ... 62: 16 banks, 2 words each: 2 wavefronts (2-way)
//   load stride 32           words 0, 32, ... 992: all in bank 0: 32 wavefronts (32-way)
//   load same word           every lane reads word 0: a broadcast, 1 wavefront
//   load double stride 1     32 doubles = 256 bytes: 2 wavefronts, the minimum for 256 bytes
//   store stride 1 / 2       as the loads: 1 and 2 wavefronts
//   store one lane           lane 0 alone stores a word (step 09's warp sums): 1 wavefront
// and the same one-lane store while the block's other warps stream global loads through L1
// (ld.global: cached in L1) or past it (__ldcg: L2 only), to see whether the conflict
// counters count more than the conflicts of the instruction itself, and while the other warps
// shuffle. Each load/store kernel runs `trips` trips in one warp of one block; the last three
// run on 132 blocks of 256 threads.
//   ./build/experiments/experiment_shared_memory_counters      one launch of each (ncu's table:
//   run.sh)
#include <cstdio>
#include <string>

#include "device.cuh"

constexpr int trips = 1000;
constexpr int tileWords = 32 * 32;

// One warp: `trips` loads of word (lane * stride) % tileWords of a shared tile of T.
template <int stride, typename T>
__global__ void loads(T* sink)
{
    __shared__ T tile[tileWords];
    const unsigned int lane = threadIdx.x % 32;
    for (unsigned int k = lane; k < tileWords; k += 32) tile[k] = T(k);
    __syncwarp();
    volatile T* shared = tile;  // volatile: every trip loads again
    T sum = 0;
    for (int trip = 0; trip < trips; ++trip) sum += shared[(lane * stride) % tileWords];
    sink[lane] = sum;
}

// One warp: `trips` stores of word (lane * stride) % tileWords; oneLane: lane 0 only.
template <int stride, bool oneLane>
__global__ void stores(float* sink)
{
    __shared__ float tile[tileWords];
    const unsigned int lane = threadIdx.x % 32;
    volatile float* shared = tile;  // volatile: every trip stores again
    for (int trip = 0; trip < trips; ++trip)
        if (!oneLane || lane == 0) shared[(lane * stride) % tileWords] = float(trip);
    __syncwarp();
    sink[lane] = tile[lane];
}

// Warp 0's lane 0 stores `trips` words while warps 1-7 stream `input` (through L1 or not).
template <bool throughL1>
__global__ void oneLaneStoreWhileStreaming(const float* input, std::size_t n, float* sink)
{
    __shared__ float tile[tileWords];
    volatile float* shared = tile;
    float sum = 0;
    if (threadIdx.x == 0) {
        for (int trip = 0; trip < trips; ++trip) shared[trip % 32] = float(trip);
    } else if (threadIdx.x >= 32) {
        const std::size_t threads = std::size_t(gridDim.x) * (blockDim.x - 32);
        for (std::size_t i = blockIdx.x * std::size_t(blockDim.x - 32) + threadIdx.x - 32; i < n;
             i += threads)
            sum += throughL1 ? input[i] : __ldcg(input + i);
    }
    __syncthreads();
    sink[std::size_t(blockIdx.x) * blockDim.x + threadIdx.x] = sum + tile[threadIdx.x % 32];
}

// Warp 0's lane 0 stores `trips` words while warps 1-7 shuffle (step 09's warp sums: a shuffle
// in the other warps while one lane stores).
__global__ void oneLaneStoreWhileShuffling(float* sink)
{
    __shared__ float tile[tileWords];
    volatile float* shared = tile;
    float value = float(threadIdx.x);
    if (threadIdx.x == 0) {
        for (int trip = 0; trip < trips; ++trip) shared[trip % 32] = float(trip);
    } else if (threadIdx.x >= 32) {
        for (int trip = 0; trip < 4 * trips; ++trip)
            value += __shfl_down_sync(0xFFFFFFFFu, value, 1);
    }
    __syncthreads();
    sink[std::size_t(blockIdx.x) * blockDim.x + threadIdx.x] = value + tile[threadIdx.x % 32];
}

int main(int argc, char** argv)
{
    if (argc != 1) {
        std::fprintf(stderr, "usage: %s   (one launch of each kernel, for ncu: run.sh)\n", argv[0]);
        return exitBadUsage;
    }
    std::string reason;
    if (!cudaDevicePresent(&reason)) {
        std::fprintf(stderr, "error: no CUDA device: %s\n", reason.c_str());
        return exitCudaError;
    }
    const unsigned int blocks = 132, threads = 256;
    const std::size_t n = std::size_t(1) << 24;
    DeviceArray<float> input(n);
    CUDA_CHECK(cudaMemset(input.data(), 0, n * sizeof(float)));
    DeviceArray<double> sink(std::size_t(blocks) * threads);
    float* floatSink = reinterpret_cast<float*>(sink.data());
    loads<1, float><<<1, 32>>>(floatSink);
    loads<2, float><<<1, 32>>>(floatSink);
    loads<32, float><<<1, 32>>>(floatSink);
    loads<0, float><<<1, 32>>>(floatSink);
    loads<1, double><<<1, 32>>>(sink.data());
    stores<1, false><<<1, 32>>>(floatSink);
    stores<2, false><<<1, 32>>>(floatSink);
    stores<1, true><<<1, 32>>>(floatSink);
    oneLaneStoreWhileStreaming<true><<<blocks, threads>>>(input.data(), n, floatSink);
    oneLaneStoreWhileStreaming<false><<<blocks, threads>>>(input.data(), n, floatSink);
    oneLaneStoreWhileShuffling<<<blocks, threads>>>(floatSink);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaDeviceSynchronize());
    return exitVerified;
}

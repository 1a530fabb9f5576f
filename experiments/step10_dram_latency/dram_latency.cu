// The latency of one load from DRAM, for the Little's-law arithmetic of
// docs/step10_independent_loads.md: one thread follows a chain of indices through a random
// cycle over a buffer far larger than L2, so each load must wait for the one before it and
// almost every load misses every cache. Time per load = the kernel's time / the loads.
// Footprints from 256 MiB to 4 GiB show the share of address translation (TLB misses).
// Build and run from the repository root:
//   nvcc -std=c++17 -O3 -arch=native -I common -I experiments -o dram_latency
//   experiments/step10_dram_latency/dram_latency.cu
//   ./dram_latency > dram_latency.csv
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <vector>

#include "variant_timing.cuh"

// Slot k of the buffer lives `spacing` words after slot k - 1: one slot per 128-byte line
// (the chain visits the slots in a random order, not one after the other).
constexpr std::size_t spacing = 32;
constexpr unsigned int chainLoads = 1 << 20;

__global__ void followChain(const unsigned int* next, unsigned int loads, unsigned int* end)
{
    unsigned int slot = 0;
    for (unsigned int k = 0; k < loads; ++k) slot = next[std::size_t(slot) * spacing];
    *end = slot;  // a store, so the loads are not optimized away
}

int main(int argc, char** argv)
{
    if (argc != 1) {
        std::fprintf(stderr, "usage: %s  (no options)\n", argv[0]);
        return exitBadUsage;
    }
    const Platform platform = platformOrExit();
    std::printf("device,footprint_mib,loads,latency_ns\n");
    for (std::size_t mib : {256, 1024, 4096}) {
        const std::size_t slots = (mib << 20) / (spacing * sizeof(unsigned int));
        // One random cycle through every slot (Sattolo's shuffle), stored slot by slot.
        std::vector<unsigned int> order(slots);
        std::iota(order.begin(), order.end(), 0u);
        std::uint64_t state = 7;
        for (std::size_t k = slots - 1; k > 0; --k)
            std::swap(order[k], order[mixBits(state++) % k]);
        std::vector<unsigned int> next(slots * spacing, 0);
        for (std::size_t k = 0; k < slots; ++k) next[order[k] * spacing] = order[(k + 1) % slots];
        DeviceArray<unsigned int> deviceNext(next.size()), end(1);
        CUDA_CHECK(cudaMemcpy(deviceNext.data(), next.data(), next.size() * sizeof(unsigned int),
                              cudaMemcpyHostToDevice));
        cudaEvent_t start, stop;
        CUDA_CHECK(cudaEventCreate(&start));
        CUDA_CHECK(cudaEventCreate(&stop));
        followChain<<<1, 1>>>(deviceNext.data(), 1000, end.data());  // warm-up
        CUDA_CHECK_LAUNCH();
        CUDA_CHECK(cudaEventRecord(start));
        followChain<<<1, 1>>>(deviceNext.data(), chainLoads, end.data());
        CUDA_CHECK_LAUNCH();
        CUDA_CHECK(cudaEventRecord(stop));
        CUDA_CHECK(cudaEventSynchronize(stop));
        float milliseconds = 0;
        CUDA_CHECK(cudaEventElapsedTime(&milliseconds, start, stop));
        std::printf("%s,%zu,%u,%.1f\n", platform.deviceName.c_str(), mib, chainLoads,
                    milliseconds * 1e6 / chainLoads);
        CUDA_CHECK(cudaEventDestroy(start));
        CUDA_CHECK(cudaEventDestroy(stop));
    }
    return exitVerified;
}

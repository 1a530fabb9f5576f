// Experiment: how close is step 11 to CUB, and how close can any single launch get?
// Times, in one process and with the harness's method (L2 emptied before every run, events
// around one reduction, median of many runs), for int, float and double at n = 2^10..2^30:
//   step11          step11_single_pass/reduce.cuh itself, block 256: one wave of blocks,
//                   block b sums the tiles b, b + grid, ... (a tile: 256 x 4 vectors)
//   thread order    step 11 as first written: thread i of the grid loads the vectors
//                   i, i + threads, i + 2 threads, i + 3 threads, so each trip of a block
//                   touches four stretches of memory a grid apart instead of one tile
//   tile chunks     each block sums one contiguous run of whole tiles ("even share"), four
//                   waves of blocks
//   equal shares    each block sums an equal contiguous share (in 512-byte rows), four waves
//   CUB's order     step 11's tile order with five waves of blocks, as CUB 13.0 splits its
//                   input (GRID_MAPPING_STRIP_MINE)
//   release fence   step 11 with a release fence instead of __threadfence()
//   ticket only     step 11 up to the ticket (publish, fence, atomic), but the last block
//                   adds nothing: NOT a reduction; a bound for any "last block" finish
//   no final pass   step 11 without the ticket and the last block: NOT a reduction (its
//                   result is never complete); a lower bound for any single-pass kernel
//                   that reads the input this way
//   empty kernel    one block that reads one value: the floor of any timed launch
//   cub             cub::DeviceReduce::Sum, as in cub_reference/
// The variants run in a fresh random order in every round, so none profits from its place.
// Every timed run of a real reduction is checked against the exact sum (the inputs are small
// integers, so every type sums them exactly).
//
// Build and run from the repository root (CMake builds it too, as experiment_step11_vs_cub:
// a name that no script takes for a step's):
//   nvcc -std=c++17 -O3 -arch=native -I common -I step11_single_pass -o step11_vs_cub
//   programs/step11_vs_cub.cu
//   ./step11_vs_cub [--max 2^30] > step11_vs_cub.csv
// Summary tables: scripts/maintainer/summarize_step11_vs_cub.sh step11_vs_cub.csv
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <cuda/atomic>
#include <cub/device/device_reduce.cuh>

#include "cli.cuh"
#include "data.cuh"
#include "device.cuh"
#include "kernel_helpers.cuh"
#include "reduce.cuh"  // step11_single_pass/reduce.cuh (on the include path)

// Step 11's header is included as it is, at global scope, and this file uses its names
// (reduce, workspaceBytes, Vector, accumulators, elementsPerVector, elementsPerBlock,
// vectorBytes, ticketBytes, loadVector, loadFromL2, blockSum) instead of retyping them. The
// experiment's own names are at global scope too, with no namespace around them, and none
// is a name of the step's: if the step's header ever declares one of them, the build fails
// with a redefinition error instead of one name silently hiding the other. (A function of
// the same name with other parameters would overload instead: hence names in the
// experiment's own words, variantKernel, makeVariant, variantList, measureVariants.)

enum class Split { gridStride, tileChunks, equalShares, tileStride };
enum class Finish { threadFence, releaseFence, ticketOnly, none };

constexpr unsigned int variantBlockSize = 256;

// Step 11's kernel with two choices made parameters: how the vectors are split among the
// blocks, and how the last block is found (or not at all).
template <unsigned int blockSize, Split split, Finish finish, typename T>
__global__ void variantKernel(const T* input, T* blockSums, unsigned int* blocksDone, T* result,
                              std::size_t n)
{
    const std::size_t misalignment = reinterpret_cast<std::uintptr_t>(input) % vectorBytes;
    std::size_t head = (vectorBytes - misalignment) % vectorBytes / sizeof(T);
    if (head > n) head = n;
    const T* alignedInput = input + head;
    const std::size_t vectors = (n - head) / elementsPerVector<T>;
    const std::size_t tailStart = head + vectors * elementsPerVector<T>;
    const std::size_t thread = std::size_t(blockIdx.x) * blockSize + threadIdx.x;

    // This thread's vectors, up to end: batches of `accumulators` vectors `stride` apart,
    // the next batch `advance` further.
    std::size_t first = thread, stride = std::size_t(gridDim.x) * blockSize, end = vectors;
    if (split != Split::gridStride) {
        const std::size_t unit = split == Split::equalShares ? 32 : blockSize * accumulators;
        const std::size_t units = (vectors + unit - 1) / unit;
        first = units * blockIdx.x / gridDim.x * unit + threadIdx.x;
        end = units * (blockIdx.x + 1) / gridDim.x * unit;
        if (end > vectors) end = vectors;
        stride = blockSize;
    }
    if (split == Split::tileStride) {
        first = std::size_t(blockIdx.x) * blockSize * accumulators + threadIdx.x;
        end = vectors;
    }
    const std::size_t advance = split == Split::gridStride ? accumulators * stride
                                : split == Split::tileStride
                                    ? std::size_t(gridDim.x) * blockSize * accumulators
                                    : blockSize * accumulators;
    T sums[accumulators] = {};
    std::size_t v = first;
    for (; v + (accumulators - 1) * stride < end; v += advance) {
        Vector<T> loaded[accumulators];
        for (unsigned int a = 0; a < accumulators; ++a)
            loaded[a] = loadVector(alignedInput + (v + a * stride) * elementsPerVector<T>);
        for (unsigned int a = 0; a < accumulators; ++a)
            for (unsigned int e = 0; e < elementsPerVector<T>; ++e) sums[a] += loaded[a].element[e];
    }
    for (unsigned int a = 0; a < accumulators && v < end;
         ++a, v += stride) {  // a last, partial batch
        Vector<T> loaded = loadVector(alignedInput + v * elementsPerVector<T>);
        for (unsigned int e = 0; e < elementsPerVector<T>; ++e) sums[0] += loaded.element[e];
    }
    if (thread < head) sums[0] += input[thread];
    if (thread < n - tailStart) sums[1] += input[tailStart + thread];
    T sum = 0;
    for (unsigned int a = 0; a < accumulators; ++a) sum += sums[a];
    sum = blockSum<blockSize>(sum);
    if (gridDim.x == 1) {
        if (threadIdx.x == 0) *result = sum;
        return;
    }
    __shared__ bool isLastBlock;
    if (threadIdx.x == 0) {
        blockSums[blockIdx.x] = sum;
        if (finish == Finish::threadFence || finish == Finish::ticketOnly) __threadfence();
        if (finish == Finish::releaseFence)
            cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
        isLastBlock =
            finish != Finish::none && atomicInc(blocksDone, gridDim.x - 1) == gridDim.x - 1;
    }
    __syncthreads();
    if (!isLastBlock) return;
    if (finish == Finish::ticketOnly) {
        if (threadIdx.x == 0) *result = sum;
        return;
    }
    if (finish == Finish::threadFence) __threadfence();
    if (finish == Finish::releaseFence)
        cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
    sum = 0;
    for (unsigned int b = threadIdx.x; b < gridDim.x; b += blockSize)
        sum += loadFromL2(&blockSums[b]);
    sum = blockSum<blockSize>(sum);
    if (threadIdx.x == 0) *result = sum;
}

__global__ void emptyKernel(const float* input, float* result)
{
    if (input[0] == 12345.0f) *result = 0;  // one load, so the launch is not optimized away
}

struct Variant {
    const char* name;
    bool isReduction;  // false: its result is not the sum, and is not checked
    std::function<void(const void* input, std::size_t n, void* workspace, void* result)> run;
};

// The workspace: step 11's share first, then CUB's. They must not overlap: CUB would
// overwrite the ticket counter. The variants lay out the step's share as the step does: the
// ticket counter (ticketBytes), then one sum per block.
constexpr std::size_t stepWorkspaceBytes = std::size_t(32) << 20;
constexpr std::size_t cubWorkspaceBytes = std::size_t(32) << 20;

template <Split split, Finish finish, typename T>
Variant makeVariant(const char* name, unsigned int waves)
{
    constexpr unsigned int blockSize = variantBlockSize;
    auto kernel = variantKernel<blockSize, split, finish, T>;
    const std::size_t sharedBytes = (blockSize / 32) * sizeof(T);  // blockSum's per-warp sums
    const std::size_t maxBlocks =
        std::size_t(waves) * residentBlocks(kernel, blockSize, sharedBytes);
    return {
        name, finish != Finish::none && finish != Finish::ticketOnly,
        [=](const void* input, std::size_t n, void* workspace, void* result) {
            unsigned int blocks = unsigned(std::min(
                std::max<std::size_t>(1, ceilDiv(n, elementsPerBlock<T>(blockSize))), maxBlocks));
            kernel<<<blocks, blockSize, sharedBytes>>>(
                static_cast<const T*>(input),
                reinterpret_cast<T*>(static_cast<char*>(workspace) + ticketBytes),
                static_cast<unsigned int*>(workspace), static_cast<T*>(result), n);
            CUDA_CHECK_LAUNCH();
        }};
}

template <typename T>
std::vector<Variant> variantList()
{
    std::vector<Variant> list;
    list.push_back(
        {"step11", true, [](const void* input, std::size_t n, void* workspace, void* result) {
             reduce(static_cast<const T*>(input), n, int(variantBlockSize), workspace,
                    stepWorkspaceBytes, static_cast<T*>(result));
         }});
    list.push_back(makeVariant<Split::gridStride, Finish::threadFence, T>("thread order", 1));
    list.push_back(makeVariant<Split::tileChunks, Finish::threadFence, T>("tile chunks", 4));
    list.push_back(makeVariant<Split::equalShares, Finish::threadFence, T>("equal shares", 4));
    list.push_back(makeVariant<Split::tileStride, Finish::threadFence, T>("CUB's order", 5));
    list.push_back(makeVariant<Split::tileStride, Finish::releaseFence, T>("release fence", 1));
    list.push_back(makeVariant<Split::tileStride, Finish::ticketOnly, T>("ticket only", 1));
    list.push_back(makeVariant<Split::tileStride, Finish::none, T>("no final pass", 1));
    list.push_back({"empty kernel", false, [](const void* input, std::size_t, void*, void* result) {
                        emptyKernel<<<1, 32>>>(static_cast<const float*>(input),
                                               static_cast<float*>(result));
                        CUDA_CHECK_LAUNCH();
                    }});
    list.push_back(
        {"cub", true, [](const void* input, std::size_t n, void* workspace, void* result) {
             std::size_t bytes = 0;
             CUDA_CHECK(cub::DeviceReduce::Sum(nullptr, bytes, static_cast<const T*>(input),
                                               static_cast<T*>(result), n));
             if (bytes > cubWorkspaceBytes) {
                 std::fprintf(
                     stderr,
                     "error: CUB needs %zu bytes of workspace at n = %zu, more than its %zu\n",
                     bytes, n, cubWorkspaceBytes);
                 std::exit(exitBadUsage);
             }
             CUDA_CHECK(cub::DeviceReduce::Sum(static_cast<char*>(workspace) + stepWorkspaceBytes,
                                               bytes, static_cast<const T*>(input),
                                               static_cast<T*>(result), n));
         }});
    return list;
}

template <typename T>
void measureVariants(const char* typeName, int maxExponent, const Platform& platform)
{
    std::vector<Variant> list = variantList<T>();
    const std::size_t maxN = std::size_t(1) << maxExponent;
    if (workspaceBytes<T>(maxN, int(variantBlockSize)) > stepWorkspaceBytes) {
        std::fprintf(stderr,
                     "error: step 11 needs %zu bytes of workspace at n = %zu, more than its %zu\n",
                     workspaceBytes<T>(maxN, int(variantBlockSize)), maxN, stepWorkspaceBytes);
        std::exit(exitBadUsage);
    }
    std::vector<T> host(maxN);
    std::uint64_t state = 2026;
    for (T& x : host)
        x = T(int(mixBits(state++) % 19) - 9);  // -9..9: every type sums these exactly
    DeviceArray<T> input(maxN);
    CUDA_CHECK(cudaMemcpy(input.data(), host.data(), maxN * sizeof(T), cudaMemcpyHostToDevice));
    DeviceArray<char> workspace(stepWorkspaceBytes + cubWorkspaceBytes);
    CUDA_CHECK(cudaMemset(workspace.data(), 0, workspace.count()));
    DeviceArray<T> result(1);
    L2Evictor l2(platform.l2Bytes);
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));

    long long exactSum = 0;
    std::size_t summed = 0;
    for (int exponent = 10; exponent <= maxExponent; exponent += 2) {
        const std::size_t n = std::size_t(1) << exponent;
        for (; summed < n; ++summed) exactSum += (long long)(host[summed]);
        const int rounds = exponent <= 22 ? 300 : exponent <= 26 ? 80 : 40;
        std::fprintf(stderr, "%s n = 2^%d: %d rounds of %zu variants\n", typeName, exponent, rounds,
                     list.size());
        std::vector<std::vector<double>> times(list.size());
        std::vector<std::size_t> order(list.size());
        for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
        for (int round = -3; round < rounds; ++round) {  // 3 untimed rounds first
            for (std::size_t k = order.size() - 1; k > 0; --k)
                std::swap(order[k], order[mixBits(state++) % (k + 1)]);
            for (std::size_t k : order) {
                CUDA_CHECK(cudaMemset(result.data(), 0xFF, sizeof(T)));
                l2.evict();
                CUDA_CHECK(cudaEventRecord(start));
                list[k].run(input.data(), n, workspace.data(), result.data());
                CUDA_CHECK(cudaEventRecord(stop));
                CUDA_CHECK(cudaEventSynchronize(stop));
                float milliseconds = 0;
                CUDA_CHECK(cudaEventElapsedTime(&milliseconds, start, stop));
                if (round >= 0) times[k].push_back(milliseconds);
                T sum;
                CUDA_CHECK(cudaMemcpy(&sum, result.data(), sizeof(T), cudaMemcpyDeviceToHost));
                if (list[k].isReduction && (long long)(sum) != exactSum) {
                    std::fprintf(stderr, "error: %s, %s, n = 2^%d: sum %lld, expected %lld\n",
                                 list[k].name, typeName, exponent, (long long)(sum), exactSum);
                    std::exit(exitWrongResult);
                }
            }
        }
        TimingSummary cub = summarize(times.back());
        for (std::size_t k = 0; k < list.size(); ++k) {
            TimingSummary t = summarize(times[k]);
            double gbs = bandwidthGBs(double(n) * sizeof(T), t.medianMs);
            std::printf("%s,%s,%s,%zu,%s,%d,%.6f,%.6f,%.6f,%.1f,%.2f,%.4f\n", list[k].name,
                        platform.deviceName.c_str(), platform.computeCapability.c_str(), n,
                        typeName, int(times[k].size()), t.medianMs * 1e3, t.minMs * 1e3,
                        t.maxMs * 1e3, gbs, 100 * gbs / platform.peakGBs,
                        cub.medianMs / t.medianMs);
        }
        std::fflush(stdout);
    }
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
}

int main(int argc, char** argv)
{
    int maxExponent = 30;
    for (int i = 1; i < argc; ++i) {
        std::string argument = argv[i];
        std::size_t n = 0;
        if (argument == "--max" && i + 1 < argc && parseSize(argv[i + 1], n) && n >= 1024 &&
            n <= (std::size_t(1) << 30) && (n & (n - 1)) == 0) {
            maxExponent = 0;
            while ((std::size_t(1) << maxExponent) < n) ++maxExponent;
            ++i;
        } else {
            std::fprintf(stderr, "usage: %s [--max 2^K]  (K = 10..30; default 2^30)\n", argv[0]);
            return exitBadUsage;
        }
    }
    std::string reason;
    if (!cudaDevicePresent(&reason)) {
        std::fprintf(stderr, "error: no CUDA device: %s\n", reason.c_str());
        return exitCudaError;
    }
    Platform platform = queryPlatform();
    std::fprintf(stderr, "%s, peak %.1f GB/s\n", platform.deviceName.c_str(), platform.peakGBs);
    std::printf(
        "variant,device,compute_capability,n,type,runs,time_median_us,time_min_us,time_max_us,gbs,"
        "percent_of_peak,cub_time_over_time\n");
    measureVariants<int>("int", maxExponent, platform);
    measureVariants<float>("float", maxExponent, platform);
    measureVariants<double>("double", maxExponent, platform);
    return exitVerified;
}

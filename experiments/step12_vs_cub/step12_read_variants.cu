// Experiment: the read of step 12, and what else a single launch could read with. Measured
// once on an H200 (docs/results/NVIDIA_H200/step12_read_variants.csv, discussed in
// docs/step12_vs_cub.md), with the harness's method (experiments/variant_timing.cuh: L2 emptied
// before every run, events around one reduction, median of many runs, variants in a fresh
// random order every round, every real reduction checked against the exact sum):
//   step12          step12_single_pass/reduce.cuh itself, block 256
//   guarded         step 12's kernel retyped: its last, partial tile loads each vector under
//                   an `if` (the compiler interleaves those loads with the adds)
//   clamped         the last tile loads every vector unconditionally, from an index clamped
//                   to the last vector, and adds only the ones inside the array
//   clamped d4/d16  the same with 4 or 16 loads in flight per thread
//   clamped b512    the same with 512 threads per block
//   clamped 2 waves twice as many blocks as fit on the GPU at once
//   tile per block  one tile per block, as many blocks as tiles (no loop)
//   L2 256B         loads with the PTX hint L2::256B (L2 fetches 256-byte blocks)
//   noL1 L2 256B    L1::no_allocate and L2::256B
//   streaming       __ldcs (evict-first) instead of __ldg
//   b512 L2 256B, tpb L2 256B   the hint with 512 threads, and with one tile per block
//   no final pass, nfp L2 256B  NOT reductions: no ticket, no last block; the read alone
//   empty kernel    one block that reads one value: the floor of any timed launch
//   cub             cub::DeviceReduce::Reduce with a sum in T, as in cub_reference/
// Build and run from the repository root (CMake builds it as experiment_step12_read_variants):
//   nvcc -std=c++17 -O3 -arch=native -I common -I experiments -I step12_single_pass
//   -o step12_read_variants experiments/step12_vs_cub/step12_read_variants.cu
//   ./step12_read_variants [--max 2^30] > step12_read_variants.csv
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <cuda/atomic>

#include "cli.cuh"
#include "data.cuh"
#include "device.cuh"
#include "kernel_helpers.cuh"
#include "step12_experiment.cuh"  // step 12 (reduce.cuh), CUB, the timing loop

// Step 12's header is included as it is (through step12_experiment.cuh, which adds what the
// two experiments share: step12Variant, cubVariant, emptyKernelVariant, measureVariants),
// at global scope, and this file uses its names
// (Vector, elementsPerVector, vectorBytes, loadFromL2, blockSum; step12_experiment.cuh uses
// reduce, workspaceBytes and ticketBytes) instead of retyping them. The
// experiment's own names are at global scope too, with no namespace around them, and none
// is a name of the step's: if the step's header ever declares one of them, the build fails
// with a redefinition error instead of one name silently hiding the other. (A function of
// the same name with other parameters would overload instead: hence names in the
// experiment's own words, variantKernel, makeVariant, variantList.)

enum class LastTile { guarded, clamped };
enum class Load { nc, ncL2Prefetch, ncNoL1, streaming };
enum class Finish { threadFence, none };

template <Load load, typename T>
__device__ Vector<T> loadVectorAs(const T* address)
{
    int4 bits;
    if (load == Load::nc) bits = __ldg(reinterpret_cast<const int4*>(address));
    if (load == Load::streaming) bits = __ldcs(reinterpret_cast<const int4*>(address));
#if __CUDA_ARCH__ >= 800  // the L2::256B hint exists from sm_80 on; older GPUs take __ldg
    if (load == Load::ncL2Prefetch)
        asm("ld.global.nc.L2::256B.v4.s32 {%0,%1,%2,%3}, [%4];"
            : "=r"(bits.x), "=r"(bits.y), "=r"(bits.z), "=r"(bits.w)
            : "l"(address));
    if (load == Load::ncNoL1)
        asm("ld.global.nc.L1::no_allocate.L2::256B.v4.s32 {%0,%1,%2,%3}, [%4];"
            : "=r"(bits.x), "=r"(bits.y), "=r"(bits.z), "=r"(bits.w)
            : "l"(address));
#else
    if (load == Load::ncL2Prefetch || load == Load::ncNoL1)
        bits = __ldg(reinterpret_cast<const int4*>(address));
#endif
    Vector<T> vector;
    memcpy(&vector, &bits, sizeof bits);
    return vector;
}

template <unsigned int blockSize, unsigned int depth, LastTile lastTile, Load load, Finish finish,
          typename T>
__global__ void __launch_bounds__(blockSize)
    variantKernel(const T* input, T* blockSums, unsigned int* blocksDone, T* result, std::size_t n)
{
    const std::size_t misalignment = reinterpret_cast<std::uintptr_t>(input) % vectorBytes;
    std::size_t head = (vectorBytes - misalignment) % vectorBytes / sizeof(T);
    if (head > n) head = n;
    const T* alignedInput = input + head;
    const std::size_t vectors = (n - head) / elementsPerVector<T>;
    const std::size_t tailStart = head + vectors * elementsPerVector<T>;
    const std::size_t thread = std::size_t(blockIdx.x) * blockSize + threadIdx.x;
    const std::size_t tile = std::size_t(blockSize) * depth;
    T sums[depth] = {};
    std::size_t v = blockIdx.x * tile + threadIdx.x;
    for (; v + (depth - 1) * blockSize < vectors; v += gridDim.x * tile) {
        Vector<T> loaded[depth];
        for (unsigned int a = 0; a < depth; ++a)
            loaded[a] =
                loadVectorAs<load>(alignedInput + (v + a * blockSize) * elementsPerVector<T>);
        for (unsigned int a = 0; a < depth; ++a)
            for (unsigned int e = 0; e < elementsPerVector<T>; ++e) sums[a] += loaded[a].element[e];
    }
    if (lastTile == LastTile::guarded) {
        Vector<T> lastLoaded[depth] = {};
        for (unsigned int a = 0; a < depth; ++a)
            if (v + a * blockSize < vectors)
                lastLoaded[a] =
                    loadVectorAs<load>(alignedInput + (v + a * blockSize) * elementsPerVector<T>);
        for (unsigned int a = 0; a < depth; ++a)
            for (unsigned int e = 0; e < elementsPerVector<T>; ++e)
                sums[a] += lastLoaded[a].element[e];
    } else if (v < vectors) {
        Vector<T> lastLoaded[depth];
        for (unsigned int a = 0; a < depth; ++a)
            lastLoaded[a] = loadVectorAs<load>(
                alignedInput + (v + a * blockSize < vectors ? v + a * blockSize : vectors - 1) *
                                   elementsPerVector<T>);
        for (unsigned int a = 0; a < depth; ++a)
            if (v + a * blockSize < vectors)
                for (unsigned int e = 0; e < elementsPerVector<T>; ++e)
                    sums[a] += lastLoaded[a].element[e];
    }
    if (thread < head) sums[0] += input[thread];
    if (thread < n - tailStart) sums[0] += input[tailStart + thread];
    T sum = 0;
    for (unsigned int a = 0; a < depth; ++a) sum += sums[a];
    sum = blockSum<blockSize>(sum);
    if (gridDim.x == 1) {
        if (threadIdx.x == 0) *result = sum;
        return;
    }
    __shared__ bool isLastBlock;
    if (threadIdx.x == 0) {
        blockSums[blockIdx.x] = sum;
        __threadfence();
        isLastBlock =
            finish != Finish::none && atomicInc(blocksDone, gridDim.x - 1) == gridDim.x - 1;
    }
    __syncthreads();
    if (!isLastBlock) return;
    __threadfence();
    sum = 0;
    for (unsigned int b = threadIdx.x; b < gridDim.x; b += blockSize)
        sum += loadFromL2(&blockSums[b]);
    sum = blockSum<blockSize>(sum);
    if (threadIdx.x == 0) *result = sum;
}

// waves 0: one tile per block (as many blocks as tiles)
template <unsigned int blockSize, unsigned int depth, LastTile lastTile, Load load, Finish finish,
          typename T>
Variant makeVariant(const char* name, unsigned int waves)
{
    auto kernel = variantKernel<blockSize, depth, lastTile, load, finish, T>;
    const std::size_t elementsPerVariantBlock =
        std::size_t(blockSize) * elementsPerVector<T> * depth;
    const std::size_t sharedBytes = (blockSize / 32) * sizeof(T);
    const std::size_t maxBlocks =
        waves == 0 ? std::size_t(1) << 30
                   : std::size_t(waves) * residentBlocks(kernel, blockSize, sharedBytes);
    return {name, finish != Finish::none,
            tiledLaunch<T>(kernel, blockSize, elementsPerVariantBlock, sharedBytes, maxBlocks)};
}

// Step 12 first, CUB last (the reference of the last column).
template <typename T>
std::vector<Variant> variantList()
{
    std::vector<Variant> list;
    list.push_back(step12Variant<T>());
    using L = LastTile;
    using F = Finish;
    list.push_back(makeVariant<256, 8, L::guarded, Load::nc, F::threadFence, T>("guarded", 1));
    list.push_back(makeVariant<256, 8, L::clamped, Load::nc, F::threadFence, T>("clamped", 1));
    list.push_back(makeVariant<256, 4, L::clamped, Load::nc, F::threadFence, T>("clamped d4", 1));
    list.push_back(makeVariant<256, 16, L::clamped, Load::nc, F::threadFence, T>("clamped d16", 1));
    list.push_back(makeVariant<512, 8, L::clamped, Load::nc, F::threadFence, T>("clamped b512", 1));
    list.push_back(
        makeVariant<256, 8, L::clamped, Load::nc, F::threadFence, T>("clamped 2 waves", 2));
    list.push_back(
        makeVariant<256, 8, L::clamped, Load::nc, F::threadFence, T>("tile per block", 0));
    list.push_back(
        makeVariant<256, 8, L::clamped, Load::ncL2Prefetch, F::threadFence, T>("L2 256B", 1));
    list.push_back(
        makeVariant<256, 8, L::clamped, Load::ncNoL1, F::threadFence, T>("noL1 L2 256B", 1));
    list.push_back(
        makeVariant<256, 8, L::clamped, Load::streaming, F::threadFence, T>("streaming", 1));
    list.push_back(
        makeVariant<512, 8, L::clamped, Load::ncL2Prefetch, F::threadFence, T>("b512 L2 256B", 1));
    list.push_back(
        makeVariant<256, 8, L::clamped, Load::ncL2Prefetch, F::threadFence, T>("tpb L2 256B", 0));
    list.push_back(makeVariant<256, 8, L::clamped, Load::nc, F::none, T>("no final pass", 1));
    list.push_back(
        makeVariant<256, 8, L::clamped, Load::ncL2Prefetch, F::none, T>("nfp L2 256B", 1));
    list.push_back(emptyKernelVariant());
    list.push_back(cubVariant<T>());
    return list;
}

int main(int argc, char** argv)
{
    return runStep12Experiment(argc, argv);
}

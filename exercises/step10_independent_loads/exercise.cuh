// Exercise of step10 (docs/step10_independent_loads.md): the loads in flight, one sum.
// Below is step10's reduction with the loop of its kernel left out (and a simpler grid: 8
// blocks per SM, where step 10 asks the occupancy API; no __launch_bounds__). Write it with
// the same `depth` loads issued first, into `loaded[a]`, then added one after the other into
// the single `sum`; the last, partial tile must be summed too. Then
//   cmake -S . -B build -DREDUCTION_EXERCISES=ON && cmake --build build
//   (cd build && ctest -R exercise_step10 --output-on-failure)
// and time it against step 10 (exercise 3 of the page asks why it is as fast, or not).
#pragma once

#include <algorithm>
#include <cstddef>

#include "kernel_helpers.cuh"

constexpr unsigned int depth = 8;

template <typename T>
__device__ T warpSum(T value)
{
    for (unsigned int offset = 16; offset > 0; offset /= 2) value += shuffleDown(value, offset);
    return value;
}

template <unsigned int blockSize, typename T>
__device__ T blockSum(T value)
{
    constexpr unsigned int warps = blockSize / 32;
    T* warpSums = sharedMemory<T>();
    unsigned int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    value = warpSum(value);
    if (lane == 0) warpSums[warp] = value;
    __syncthreads();
    if (warp == 0) value = warpSum(lane < warps ? warpSums[lane] : T(0));
    return value;
}

template <unsigned int blockSize, typename T>
__global__ void reduceKernel([[maybe_unused]] const T* input, T* blockSums,
                             [[maybe_unused]] std::size_t n)
{
    T sum = 0;
    // TODO: block b reads tiles b, b + gridDim.x, ... of depth * blockSize elements
    sum = blockSum<blockSize>(sum);
    if (threadIdx.x == 0) blockSums[blockIdx.x] = sum;
}

template <typename T>
std::size_t oneSumWorkspaceBytes(std::size_t n, int blockSize)
{
    return partialSumsBytes<T>(n, depth * std::size_t(blockSize));
}

template <unsigned int blockSize, typename T>
void launchReduction(const T* input, std::size_t n, void* workspace, T* result)
{
    const std::size_t elementsPerBlock = depth * std::size_t(blockSize);
    const std::size_t maxBlocks = 8 * std::size_t(deviceAttribute(cudaDevAttrMultiProcessorCount));
    const T* passInput = input;
    T* passOutput = static_cast<T*>(workspace);
    std::size_t count = n;
    while (count > elementsPerBlock) {
        unsigned int blocks = unsigned(std::min(ceilDiv(count, elementsPerBlock), maxBlocks));
        reduceKernel<blockSize>
            <<<blocks, blockSize, (blockSize / 32) * sizeof(T)>>>(passInput, passOutput, count);
        CUDA_CHECK_LAUNCH();
        passInput = passOutput;
        passOutput += blocks;
        count = blocks;
    }
    reduceKernel<blockSize>
        <<<1, blockSize, (blockSize / 32) * sizeof(T)>>>(passInput, result, count);
    CUDA_CHECK_LAUNCH();
}

template <typename T>
void reduceOneSum(const T* input, std::size_t n, int blockSize, void* workspace, T* result)
{
    // clang-format off
    switch (blockSize) {
    case 1024: launchReduction<1024>(input, n, workspace, result); break;
    case 512:  launchReduction<512>(input, n, workspace, result); break;
    case 256:  launchReduction<256>(input, n, workspace, result); break;
    case 128:  launchReduction<128>(input, n, workspace, result); break;
    case 64:   launchReduction<64>(input, n, workspace, result); break;
    case 32:   launchReduction<32>(input, n, workspace, result); break;
    }
    // clang-format on
}

// WRONG: the grid-stride step is gridDim.x * blockSize, not a whole tile: tiles overlap.
// A test fixture, not a solution: the exercise's test must reject it (exercises/README.md).
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
__global__ void reduceKernel(const T* input, T* blockSums, std::size_t n)
{
    T sum = 0;
    const std::size_t tile = std::size_t(blockSize) * depth;
    std::size_t i = blockIdx.x * tile + threadIdx.x;
    for (; i + (depth - 1) * blockSize < n; i += gridDim.x * blockSize) {  // WRONG
        T loaded[depth];
        for (unsigned int a = 0; a < depth; ++a) loaded[a] = input[i + a * blockSize];
        for (unsigned int a = 0; a < depth; ++a) sum += loaded[a];
    }
    for (unsigned int a = 0; a < depth; ++a)
        if (i + a * blockSize < n) sum += input[i + a * blockSize];
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

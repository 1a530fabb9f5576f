// WRONG: f(x_0) and f(x_m) get weight 1, not 1/2: the rule is off by h (f(a) + f(b)) / 2.
// A test fixture, not a solution: the exercise's test must reject it (exercises/README.md).
#pragma once

#include <algorithm>
#include <cstddef>

#include "device.cuh"
#include "kernel_helpers.cuh"

constexpr unsigned int trapezoidBlockSize = 256;

// The sum of load(i) for i < count, one partial sum per block, in double.
template <unsigned int blockSize, typename Load>
__global__ void transformReduceKernel(Load load, std::size_t count, double* blockSums)
{
    __shared__ double partials[blockSize];
    unsigned int tid = threadIdx.x;
    double sum = 0;
    for (std::size_t i = std::size_t(blockIdx.x) * blockSize + tid; i < count;
         i += std::size_t(gridDim.x) * blockSize)
        sum += load(i);
    partials[tid] = sum;
    __syncthreads();
    for (unsigned int s = blockSize / 2; s > 0; s >>= 1) {  // blockSize is a constant: unrolled
        if (tid < s) partials[tid] += partials[tid + s];
        __syncthreads();
    }
    if (tid == 0) blockSums[blockIdx.x] = partials[0];
}

// Term i of the rule, without the factor h (applied once at the end).
template <typename Function>
struct TrapezoidTerm {
    Function f;
    double a, h;
    std::size_t intervals;
    __device__ double operator()(std::size_t i) const
    {
        double weight = 1.0;  // WRONG: the end points weigh 1/2
        return weight * f(a + double(i) * h);
    }
};

struct ArrayElement {
    const double* values;
    __device__ double operator()(std::size_t i) const { return values[i]; }
};

template <typename Function>
double trapezoidIntegral(Function f, double a, double b, std::size_t intervals)
{
    const double h = (b - a) / double(intervals);
    const std::size_t points = intervals + 1;
    TrapezoidTerm<Function> term{f, a, h, intervals};

    int blocksPerSM = 0;
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &blocksPerSM, transformReduceKernel<trapezoidBlockSize, TrapezoidTerm<Function>>,
        trapezoidBlockSize, 0));
    const std::size_t resident =
        std::size_t(blocksPerSM) * deviceAttribute(cudaDevAttrMultiProcessorCount);
    const unsigned int blocks = unsigned(std::min(resident, ceilDiv(points, trapezoidBlockSize)));

    DeviceArray<double> blockSums(blocks);
    DeviceArray<double> total(1);
    transformReduceKernel<trapezoidBlockSize>
        <<<blocks, trapezoidBlockSize>>>(term, points, blockSums.data());
    CUDA_CHECK_LAUNCH();
    transformReduceKernel<trapezoidBlockSize>
        <<<1, trapezoidBlockSize>>>(ArrayElement{blockSums.data()}, blocks, total.data());
    CUDA_CHECK_LAUNCH();
    double sum = 0;
    CUDA_CHECK(cudaMemcpy(&sum, total.data(), sizeof sum, cudaMemcpyDeviceToHost));
    return h * sum;
}

// WRONG: the rule is computed by a loop on the host: f evaluated and summed there.
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
        double weight = (i == 0 || i == intervals) ? 0.5 : 1.0;
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
    double sum = 0.5 * (f(a) + f(b));  // WRONG: on the host, no kernel
    for (std::size_t i = 1; i < intervals; ++i) sum += f(a + double(i) * h);
    return h * sum;
}

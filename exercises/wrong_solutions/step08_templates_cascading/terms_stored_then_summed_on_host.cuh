// WRONG: every term is stored, then summed on the host: m + 1 doubles of device memory.
// A test fixture, not a solution: the exercise's test must reject it (exercises/README.md).
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

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

// Term i of the rule for every i < count, into terms[i].
template <typename Term>
__global__ void storeTermsKernel(Term term, std::size_t count, double* terms)
{
    for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
         i += std::size_t(gridDim.x) * blockDim.x)
        terms[i] = term(i);
}

template <typename Function>
double trapezoidIntegral(Function f, double a, double b, std::size_t intervals)
{
    const double h = (b - a) / double(intervals);
    const std::size_t points = intervals + 1;
    TrapezoidTerm<Function> term{f, a, h, intervals};

    DeviceArray<double> terms(points);  // WRONG: every term stored, then summed on the host
    storeTermsKernel<<<1024, trapezoidBlockSize>>>(term, points, terms.data());
    CUDA_CHECK_LAUNCH();
    std::vector<double> values(points);
    CUDA_CHECK(
        cudaMemcpy(values.data(), terms.data(), points * sizeof(double), cudaMemcpyDeviceToHost));
    double sum = 0;
    for (double value : values) sum += value;
    return h * sum;
}

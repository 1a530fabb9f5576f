// Solution of step11's exercise (docs/step11_vector_loads.md): a dot product with vector
// loads. x and y are shifted by the same amount, so one head length aligns both; the
// products of each vector pair go to one of four accumulators; a second pass sums the
// block partials with a plain reduction (a "dot product" of the partials with ones would
// read a second array for nothing). Each element is converted to Accumulator<T> (float for
// half and bfloat16) before it is multiplied: the product of two halves (up to 22 significant
// bits) is exact in float, while a product rounded to half keeps 11 of them.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "kernel_helpers.cuh"

namespace dot {

template <typename T>
struct alignas(16) Vector {
    T element[16 / sizeof(T)];
};

template <typename T>
constexpr unsigned int elementsPerVector = 16 / sizeof(T);

constexpr unsigned int accumulators = 4;
constexpr unsigned int blockSizeOfPartialsPass = 256;

template <typename T>
__device__ Vector<T> loadVector(const T* address)
{
    int4 bits = __ldg(reinterpret_cast<const int4*>(address));
    Vector<T> vector;
    memcpy(&vector, &bits, sizeof bits);
    return vector;
}

template <typename T>
__device__ T warpSum(T value)
{
    for (unsigned int offset = 16; offset > 0; offset /= 2)
        value += __shfl_down_sync(0xFFFFFFFFu, value, offset);
    return value;
}

// The sum of a block's values in thread 0 (shared memory: one value per warp).
template <typename T>
__device__ T blockSum(T value)
{
    __shared__ T warpSums[32];
    unsigned int lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = blockDim.x / 32;
    value = warpSum(value);
    if (lane == 0) warpSums[warp] = value;
    __syncthreads();
    if (warp == 0) value = warpSum(lane < warps ? warpSums[lane] : T(0));
    return value;
}

template <typename T>
__global__ void dotKernel(const T* x, const T* y, std::size_t n, Accumulator<T>* blockSums)
{
    using Sum = Accumulator<T>;
    // head, vectors and the tail count elements: a 16-byte vector holds 8 halves, 4 floats.
    std::size_t head = (16 - reinterpret_cast<std::uintptr_t>(x) % 16) % 16 / sizeof(T);
    if (head > n) head = n;
    const std::size_t vectors = (n - head) / elementsPerVector<T>;
    const std::size_t tailStart = head + vectors * elementsPerVector<T>;
    const T* alignedX = x + head;
    const T* alignedY = y + head;

    const std::size_t thread = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    const std::size_t threads = std::size_t(gridDim.x) * blockDim.x;
    Sum sums[accumulators] = {};
    std::size_t v = thread;
    for (; v + (accumulators - 1) * threads < vectors; v += accumulators * threads) {
        Vector<T> xs[accumulators], ys[accumulators];  // all loads before the first multiply
        for (unsigned int a = 0; a < accumulators; ++a) {
            xs[a] = loadVector(alignedX + (v + a * threads) * elementsPerVector<T>);
            ys[a] = loadVector(alignedY + (v + a * threads) * elementsPerVector<T>);
        }
        for (unsigned int a = 0; a < accumulators; ++a)
            for (unsigned int e = 0; e < elementsPerVector<T>; ++e)
                sums[a] += Sum(xs[a].element[e]) * Sum(ys[a].element[e]);
    }
    for (; v < vectors; v += threads) {
        Vector<T> xv = loadVector(alignedX + v * elementsPerVector<T>);
        Vector<T> yv = loadVector(alignedY + v * elementsPerVector<T>);
        for (unsigned int e = 0; e < elementsPerVector<T>; ++e)
            sums[0] += Sum(xv.element[e]) * Sum(yv.element[e]);
    }
    if (thread < head) sums[0] += Sum(x[thread]) * Sum(y[thread]);
    if (thread < n - tailStart) sums[1] += Sum(x[tailStart + thread]) * Sum(y[tailStart + thread]);
    Sum sum = (sums[0] + sums[1]) + (sums[2] + sums[3]);
    sum = blockSum(sum);
    if (threadIdx.x == 0) blockSums[blockIdx.x] = sum;
}

template <typename T>
__global__ void sumKernel(const T* values, std::size_t count, T* result)
{
    T sum = 0;
    for (std::size_t i = threadIdx.x; i < count; i += blockDim.x) sum += values[i];
    sum = blockSum(sum);
    if (threadIdx.x == 0) *result = sum;
}

template <typename T>
unsigned int dotBlocks(std::size_t n, int blockSize)
{
    int blocksPerSM = 0;
    CUDA_CHECK(
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSM, dotKernel<T>, blockSize, 0));
    const std::size_t resident =
        std::size_t(blocksPerSM) * deviceAttribute(cudaDevAttrMultiProcessorCount);
    const std::size_t elementsPerBlock =
        std::size_t(blockSize) * elementsPerVector<T> * accumulators;
    return unsigned(std::max<std::size_t>(1, std::min(resident, ceilDiv(n, elementsPerBlock))));
}

}  // namespace dot

template <typename T>
std::size_t dotProductWorkspaceBytes(std::size_t n, int blockSize)
{
    return dot::dotBlocks<T>(n, blockSize) * sizeof(Accumulator<T>);
}

template <typename T>
void dotProduct(const T* x, const T* y, std::size_t n, int blockSize, void* workspace,
                Accumulator<T>* result)
{
    const unsigned int blocks = dot::dotBlocks<T>(n, blockSize);
    Accumulator<T>* blockSums = static_cast<Accumulator<T>*>(workspace);
    dot::dotKernel<<<blocks, blockSize>>>(x, y, n, blockSums);
    CUDA_CHECK_LAUNCH();
    dot::sumKernel<<<1, dot::blockSizeOfPartialsPass>>>(blockSums, blocks, result);
    CUDA_CHECK_LAUNCH();
}

// Exercise of step19 (one exponential per element): the reduction of a block, for any
// operation. Step 19 reduces a row twice, its maximum M and then the sum of e^(x - M), where step
// 18 combined (max, sum) states: each reduction is of one float, with an operation (fmaxf, +)
// and its identity (-inf, 0: the value of a thread that holds nothing). Write blockReduce,
// which gives every thread of the block op over every thread's value: each warp reduces its 32
// values with shuffles (__shfl_xor_sync leaves the result in every lane), lane 0 of each warp
// leaves its warp's value in warpValues[warp], and once every warp's is there every warp
// reduces the warps' values (in a block of fewer than 32 warps, the lanes past the last warp
// take Op::identity). Every thread must end with the same bits. The kernels below call
// blockReduce several times in a row with the same warpValues: make sure that no call's writes
// can meet the reads of the call before. The tests check the maximum and the sum exactly for
// floats that are whole numbers (every order of their sum is exact), in every thread, at every
// block size from 32 to 1024, also with every value negative; that every thread of a block
// gets the same bits from three calls in a row; and the softmax of rows against a double
// reference. racecheck runs the three calls in a row. Then
//   cmake -S . -B build -DREDUCTION_EXERCISES=ON && cmake --build build
//   (cd build && ctest -R exercise_step19 --output-on-failure)
#pragma once

#include <cmath>
#include <cstddef>

#include "cuda_check.cuh"
#include "kernel_helpers.cuh"
#include "rows.cuh"

// The two reductions of a softmax row, as step 19's: its maximum and its sum, each with its
// identity, the value of a thread that holds nothing (op(identity, x) is x for every x).
struct Maximum {
    static constexpr float identity = -INFINITY;
    __device__ float operator()(float a, float b) const { return fmaxf(a, b); }
};
struct Plus {
    static constexpr float identity = 0.0f;
    __device__ float operator()(float a, float b) const { return a + b; }
};

// Every thread of the block calls it (blockDim.x a multiple of 32, up to 1024), possibly several
// times in a row with the same warpValues (blockDim.x / 32 floats of shared memory); it returns
// op over every thread's value, in every thread, the same bits in every thread.
template <typename Op>
__device__ float blockReduce(float value, [[maybe_unused]] Op op,
                             [[maybe_unused]] float* warpValues)
{
    return value;  // TODO
}

// What follows uses blockReduce.

// The softmax of each row, a block per row (blockDim.x: 32, 64, ..., 1024): the row's maximum M
// (blockReduce with Maximum), then the sum S of e^(x - M) (blockReduce with Plus, the same
// warpValues), then e^(x - M) / S of each element. Thread t takes the elements t, t +
// blockDim.x, ... and computes e^(x - M) again for the writes: step 19 keeps it in registers,
// which takes the row's length at compile time.
__global__ void softmaxRowsKernel(const float* input, float* output, std::size_t cols)
{
    float* warpValues = sharedMemory<float>();  // blockDim.x / 32 floats
    const float* row = input + std::size_t(blockIdx.x) * cols;
    float* out = output + std::size_t(blockIdx.x) * cols;
    float max = Maximum::identity;
    for (std::size_t c = threadIdx.x; c < cols; c += blockDim.x) max = fmaxf(max, row[c]);
    max = blockReduce(max, Maximum(), warpValues);
    float sum = Plus::identity;
    for (std::size_t c = threadIdx.x; c < cols; c += blockDim.x) sum += expf(row[c] - max);
    sum = blockReduce(sum, Plus(), warpValues);
    for (std::size_t c = threadIdx.x; c < cols; c += blockDim.x) out[c] = expf(row[c] - max) / sum;
}

// output = the softmax of each row of input (rows x cols floats, row-major, device memory), a
// block of blockSize threads (32, 64, ..., 1024) per row; at most 2^31 - 1 rows.
inline void softmaxRows(const float* input, float* output, Shape shape, int blockSize)
{
    if (shape.rows == 0 || shape.cols == 0) return;
    const std::size_t sharedBytes = std::size_t(blockSize / 32) * sizeof(float);
    softmaxRowsKernel<<<unsigned(shape.rows), blockSize, sharedBytes>>>(input, output, shape.cols);
    CUDA_CHECK_LAUNCH();
}

// Three reductions in a row with the same warpValues: thread i of the grid (block b holds a[i]
// and b[i] for i = b * blockDim.x, ..., (b + 1) * blockDim.x - 1) gets its block's maximum of
// a, its block's sum of a and its block's maximum of b, and writes them to results[3 i],
// results[3 i + 1] and results[3 i + 2]: the tests check every thread's three.
__global__ void threeReductionsKernel(const float* a, const float* b, float* results)
{
    float* warpValues = sharedMemory<float>();  // blockDim.x / 32 floats
    const std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    const float maxOfA = blockReduce(a[i], Maximum(), warpValues);
    const float sumOfA = blockReduce(a[i], Plus(), warpValues);
    const float maxOfB = blockReduce(b[i], Maximum(), warpValues);
    results[3 * i] = maxOfA;
    results[3 * i + 1] = sumOfA;
    results[3 * i + 2] = maxOfB;
}

// a, b: blocks x blockSize floats each; results: 3 x blocks x blockSize floats (device memory).
inline void reduceThreeTimes(const float* a, const float* b, float* results, unsigned int blocks,
                             int blockSize)
{
    if (blocks == 0) return;
    const std::size_t sharedBytes = std::size_t(blockSize / 32) * sizeof(float);
    threeReductionsKernel<<<blocks, blockSize, sharedBytes>>>(a, b, results);
    CUDA_CHECK_LAUNCH();
}

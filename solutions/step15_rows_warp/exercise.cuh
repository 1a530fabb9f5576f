// Solution of step15's exercise: a group of rowThreads lanes per row.
//
// groupSum: offsets rowThreads / 2, ..., 1. Lane 0 of a group (lane g * rowThreads of the warp)
// reads lanes g * rowThreads + offset with offset < rowThreads: its own group only, so the sum
// it keeps is its row's. Other lanes read past their group, but their results are not used.
// rowsKernel: every lane, also those of groups past the last row, reaches the shuffles: their
// mask names all 32 lanes, and a shuffle whose mask names a lane that has returned is undefined.
#pragma once

#include <cstddef>

#include "kernel_helpers.cuh"
#include "rows.cuh"

// The sum of the values of a group of rowThreads lanes (2, 4, 8, 16 or 32), in the group's
// first lane. Groups sit side by side in the warp; all 32 lanes call it together.
template <unsigned int rowThreads, typename T>
__device__ T groupSum(T value)
{
    for (unsigned int offset = rowThreads / 2; offset > 0; offset /= 2)
        value += shuffleDown(value, offset);
    return value;
}

// Each group of rowThreads threads sums one row: thread t of the group adds elements t,
// t + rowThreads, ... of it; the group's first thread writes the row's sum.
template <unsigned int rowThreads, typename T>
__global__ void rowsKernel(const T* input, Shape shape, Accumulator<T>* sums)
{
    const std::size_t r = (std::size_t(blockIdx.x) * blockDim.x + threadIdx.x) / rowThreads;
    const unsigned int t = threadIdx.x % rowThreads;
    Accumulator<T> sum = 0;
    if (r < shape.rows)
        for (std::size_t c = t; c < shape.cols; c += rowThreads)
            sum += Accumulator<T>(input[r * shape.cols + c]);
    sum = groupSum<rowThreads>(sum);
    if (t == 0 && r < shape.rows) sums[r] = sum;
}

// sums[r] = the sum of row r, for every row (device memory), rowThreads lanes per row.
template <unsigned int rowThreads, typename T>
void sumRows(const T* input, Shape shape, unsigned int blockSize, Accumulator<T>* sums)
{
    const std::size_t rowsPerBlock = blockSize / rowThreads;
    if (shape.rows == 0) return;
    rowsKernel<rowThreads>
        <<<unsigned(ceilDiv(shape.rows, rowsPerBlock)), blockSize>>>(input, shape, sums);
    CUDA_CHECK_LAUNCH();
}

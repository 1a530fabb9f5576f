// Exercise of step15 (a group of lanes per row): rows shorter than a block share a warp, a group
// of rowThreads lanes (2, 4, 8, 16 or 32) per row, and each group's sum is finished with
// shuffles alone. Write groupSum (the sum of a group's values, in its first lane, with
// shuffleDown from common/kernel_helpers.cuh: all 32 lanes take part) and the body of
// rowsKernel (group g of the grid sums row g; its first lane writes the sum). sumRows launches
// it. The tests try every group size on rows of 1 to 1025 elements, with as many rows as leave
// groups past the last row in the last warp. Then
//   cmake -S . -B build -DREDUCTION_EXERCISES=ON && cmake --build build
//   (cd build && ctest -R exercise_step15 --output-on-failure)
#pragma once

#include <cstddef>

#include "kernel_helpers.cuh"
#include "rows.cuh"

// The sum of the values of a group of rowThreads lanes (2, 4, 8, 16 or 32), in the group's
// first lane. Groups sit side by side in the warp; all 32 lanes call it together.
template <unsigned int rowThreads, typename T>
__device__ T groupSum(T value)
{
    return value;  // TODO
}

// Each group of rowThreads threads sums one row: thread t of the group adds elements t,
// t + rowThreads, ... of it; the group's first thread writes the row's sum.
template <unsigned int rowThreads, typename T>
__global__ void rowsKernel([[maybe_unused]] const T* input, [[maybe_unused]] Shape shape,
                           [[maybe_unused]] Accumulator<T>* sums)
{
    // TODO
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

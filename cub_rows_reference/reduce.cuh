// The reference of Part II: cub::DeviceSegmentedReduce, CUB's sum per segment, one segment per
// row, timed by the same harness as the row steps. CUB chooses its own block size and grid:
// --block is accepted and ignored.
#pragma once

#include <cstddef>

#include <cub/device/device_segmented_reduce.cuh>
#include <cuda/std/functional>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include "kernel_helpers.cuh"
#include "rows.cuh"

constexpr int minBlockSize = 32;

// Row r starts at r * cols: the segments' offsets, computed where CUB reads them (no array).
struct RowStart {
    std::size_t cols;
    __host__ __device__ std::size_t operator()(std::size_t row) const { return row * cols; }
};

// Reduce with the sum and the zero of T's accumulator (float for 16-bit input), as
// cub_reference/ asks DeviceReduce; segment r is [start(r), start(r + 1)).
template <typename T>
cudaError_t cubRowSums(void* workspace, std::size_t& workspaceSize, const T* input, Shape shape,
                       Accumulator<T>* sums)
{
    auto starts = thrust::make_transform_iterator(thrust::make_counting_iterator<std::size_t>(0),
                                                  RowStart{shape.cols});
    return cub::DeviceSegmentedReduce::Reduce(
        workspace, workspaceSize, input, sums, static_cast<long long>(shape.rows), starts,
        starts + 1, cuda::std::plus<Accumulator<T>>{}, Accumulator<T>{});
}

template <typename T>
std::size_t workspaceBytes(Shape shape, int /*blockSize*/)
{
    std::size_t bytes = 0;
    CUDA_CHECK(cubRowSums<T>(nullptr, bytes, nullptr, shape, nullptr));
    return bytes;
}

template <typename T>
void reduceRows(const T* input, Shape shape, int /*blockSize*/, void* workspace,
                std::size_t workspaceSize, Accumulator<T>* sums)
{
    if (shape.rows == 0) return;
    CUDA_CHECK(cubRowSums(workspace, workspaceSize, input, shape, sums));
}

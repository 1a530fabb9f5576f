// The reference: cub::DeviceReduce from CUB, NVIDIA's tuned library of parallel primitives
// (part of CCCL, shipped with the CUDA Toolkit), timed by the same harness as every step.
// CUB chooses its own block size and grid: --block is accepted and ignored.
#pragma once

#include <cstddef>

#include <cub/device/device_reduce.cuh>
#include <cuda/std/functional>

#include "kernel_helpers.cuh"

constexpr int minBlockSize = 32;

// CUB adds in the type of its initial value (+) an element. DeviceReduce::Sum starts from
// the output type's zero, so for a 16-bit input and output it accumulates in 16 bits
// (experiments/cub_16bit); Reduce with the sum and the zero of T's accumulator asks CUB for
// the same float accumulator every step uses, so both add in the same type.
template <typename T>
cudaError_t cubSum(void* workspace, std::size_t& workspaceSize, const T* input,
                   Accumulator<T>* result, std::size_t n)
{
    return cub::DeviceReduce::Reduce(workspace, workspaceSize, input, result, n,
                                     cuda::std::plus<Accumulator<T>>{}, Accumulator<T>{});
}

// CUB's scratch space; its size depends on n. The harness asks for it before timing (to
// check the memory, then to allocate), and hands the size to reduce() with the workspace.
template <typename T>
std::size_t workspaceBytes(std::size_t n, int /*blockSize*/)
{
    std::size_t bytes = 0;
    CUDA_CHECK(cubSum<T>(nullptr, bytes, nullptr, nullptr, n));
    return bytes;
}

template <typename T>
void reduce(const T* input, std::size_t n, int /*blockSize*/, void* workspace,
            std::size_t workspaceSize, Accumulator<T>* result)
{
    CUDA_CHECK(cubSum(workspace, workspaceSize, input, result, n));
}

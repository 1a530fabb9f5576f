// The reference: cub::DeviceReduce::Sum from CUB, NVIDIA's tuned library of parallel
// primitives (part of CCCL, shipped with the CUDA Toolkit), timed by the same harness as
// every step. CUB chooses its own block size and grid: --block is accepted and ignored.
#pragma once

#include <cstddef>

#include <cub/device/device_reduce.cuh>

#include "kernel_helpers.cuh"

constexpr int minBlockSize = 32;

// CUB's scratch space; its size depends on n. The harness asks for it before timing (to
// check the memory, then to allocate), and hands the size to reduce() with the workspace.
template <typename T>
std::size_t workspaceBytes(std::size_t n, int /*blockSize*/)
{
    std::size_t bytes = 0;
    CUDA_CHECK(cub::DeviceReduce::Sum(nullptr, bytes, static_cast<const T*>(nullptr),
                                      static_cast<T*>(nullptr), n));
    return bytes;
}

template <typename T>
void reduce(const T* input, std::size_t n, int /*blockSize*/, void* workspace,
            std::size_t workspaceSize, T* result)
{
    CUDA_CHECK(cub::DeviceReduce::Sum(workspace, workspaceSize, input, result, n));
}

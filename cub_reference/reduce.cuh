// The reference: cub::DeviceReduce::Sum from CUB, NVIDIA's tuned library of parallel
// primitives (part of CCCL, shipped with the CUDA Toolkit), timed by the same harness as
// every step. CUB chooses its own block size and grid: --block is accepted and ignored.
#pragma once

#include <cstddef>

#include <cub/device/device_reduce.cuh>

#include "kernel_helpers.cuh"

constexpr int minBlockSize = 32;

// CUB's scratch space; its size depends on n. Asking is host work, so reduce() asks once per
// n rather than inside every timed run.
template <typename T>
std::size_t workspaceBytes(std::size_t n, int /*blockSize*/)
{
    static std::size_t lastN = 0, lastBytes = 0;
    if (lastBytes == 0 || lastN != n) {
        lastBytes = 0;
        CUDA_CHECK(cub::DeviceReduce::Sum(nullptr, lastBytes, static_cast<const T*>(nullptr), static_cast<T*>(nullptr), n));
        lastN = n;
    }
    return lastBytes;
}

template <typename T>
void reduce(const T* input, std::size_t n, int blockSize, void* workspace, T* result)
{
    std::size_t bytes = workspaceBytes<T>(n, blockSize);
    CUDA_CHECK(cub::DeviceReduce::Sum(workspace, bytes, input, result, n));
}

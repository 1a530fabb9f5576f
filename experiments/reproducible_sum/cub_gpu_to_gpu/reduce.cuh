// CUB's own reproducible sum, the peer of step 12b: cub::DeviceReduce::Reduce with
// cuda::execution::require(cuda::execution::determinism::gpu_to_gpu) (CCCL 3.1 and later, not
// the CCCL 3.0 of CUDA 13.0) adds floats and doubles in a 3-fold binned accumulator
// (cub/detail/rfa.cuh). That call allocates its scratch space itself; this program calls the
// function it dispatches to, cub::detail::rfa::dispatch, with the harness's workspace, so no
// allocation is timed (as cub_reference). Float and double only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cub/device/device_reduce.cuh>

#include "kernel_helpers.cuh"

constexpr int minBlockSize = 32;

template <typename T>
cudaError_t cubReproducibleSum(void* workspace, std::size_t& workspaceSize, const T* input,
                               Accumulator<T>* result, std::size_t n)
{
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
        return cub::detail::rfa::dispatch(workspace, workspaceSize, input, result,
                                          static_cast<std::int64_t>(n), Accumulator<T>{});
    } else {
        noKernelForType(ElementTraits<T>::name);
    }
}

template <typename T>
std::size_t workspaceBytes(std::size_t n, int /*blockSize*/)
{
    std::size_t bytes = 0;
    CUDA_CHECK(cubReproducibleSum<T>(nullptr, bytes, nullptr, nullptr, n));
    return bytes;
}

template <typename T>
void reduce(const T* input, std::size_t n, int /*blockSize*/, void* workspace,
            std::size_t workspaceSize, Accumulator<T>* result)
{
    CUDA_CHECK(cubReproducibleSum(workspace, workspaceSize, input, result, n));
}

// Exercise of the CUB reference (docs/cub_reference.md): CUB's building blocks in your own
// kernel. Write reduceWithBlockReduce: a kernel of 256 threads per block with a grid-stride
// loop, whose block sum comes from cub::BlockReduce<T, 256> (header
// <cub/block/block_reduce.cuh>; its TempStorage lives in shared memory), one partial sum per
// block into the workspace, then a second launch of one block over the partial sums. Then
//   cmake -S . -B build -DREDUCTION_EXERCISES=ON && cmake --build build
//   (cd build && ctest -R exercise_cub --output-on-failure)
#pragma once

#include <cstddef>

#include <cub/block/block_reduce.cuh>

#include "kernel_helpers.cuh"

constexpr int blockReduceThreads = 256;

// Device bytes reduceWithBlockReduce may use (handed over zeroed).
template <typename T>
std::size_t blockReduceWorkspaceBytes([[maybe_unused]] std::size_t n)
{
    return 0;  // TODO
}

template <typename T>
void reduceWithBlockReduce([[maybe_unused]] const T* input, [[maybe_unused]] std::size_t n,
                           [[maybe_unused]] void* workspace, [[maybe_unused]] T* result)
{
    // TODO
}

// The CUB page's exercise 2 as a step: cub::BlockReduce in a grid-stride kernel
// (reduceWithBlockReduce, the solution's), with its own block size (--block is not used).
#pragma once

#include "../../solutions/cub_reference/exercise.cuh"

constexpr int minBlockSize = 32;

template <typename T>
std::size_t workspaceBytes(std::size_t n, int)
{
    return blockReduceWorkspaceBytes<T>(n);
}

template <typename T>
void reduce(const T* input, std::size_t n, int, void* workspace, std::size_t,
            Accumulator<T>* result)
{
    if constexpr (std::is_same_v<Accumulator<T>, T>)
        reduceWithBlockReduce(input, n, workspace, result);
    else
        noKernelForType(ElementTraits<T>::name);
}

// Step 06's exercise 2 as a step: the first add of four (reduceFirstAddFour, the solution's)
// behind a step's interface.
#pragma once

#include "../../solutions/step06_first_add/exercise.cuh"

constexpr int minBlockSize = 32;

template <typename T>
std::size_t workspaceBytes(std::size_t n, int blockSize)
{
    return firstAddFourWorkspaceBytes<T>(n, blockSize);
}

template <typename T>
void reduce(const T* input, std::size_t n, int blockSize, void* workspace, std::size_t,
            Accumulator<T>* result)
{
    if constexpr (std::is_same_v<Accumulator<T>, T>)
        reduceFirstAddFour(input, n, blockSize, workspace, result);
    else
        noKernelForType(ElementTraits<T>::name);
}

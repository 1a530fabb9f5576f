// Exercise of step12 (docs/step12_single_pass.md): the other single pass. Instead of
// tickets and a last block, every block adds its partial sum to *result with one
// atomicAdd. Write the kernel (a grid-stride loop, the sum of the block, one atomicAdd by
// thread 0) and the launch. *result holds garbage on entry (the test fills it with all bits
// set). Types: int, float, double, and an int of the test's own that counts the atomicAdd
// calls of each block (exercises/counted_atomics.cuh): call atomicAdd on T, unqualified,
// and move T between lanes with __shfl_*_sync or shared memory. Then
//   cmake -S . -B build -DREDUCTION_EXERCISES=ON && cmake --build build
//   (cd build && ctest -R exercise_step12 --output-on-failure)
#pragma once

#include <cstddef>

#include "kernel_helpers.cuh"

template <typename T>
void reduceSinglePassAtomic([[maybe_unused]] const T* input, [[maybe_unused]] std::size_t n,
                            [[maybe_unused]] int blockSize, [[maybe_unused]] T* result)
{
    // TODO
}

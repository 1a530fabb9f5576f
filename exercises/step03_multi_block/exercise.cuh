// Exercise of step03 (docs/step03_multi_block.md): the atomicAdd-only baseline. Every
// thread adds its one element straight into *result with atomicAdd: no shared memory, no
// tree, one launch. Write the kernel and the launch; *result holds garbage on entry (the
// test fills it with all bits set). Types: int, float, double (atomicAdd has overloads for
// them), and an int of the test's own that counts the atomicAdd calls (one per element
// expected; exercises/counted_atomics.cuh): call atomicAdd on T, unqualified. Then
//   cmake -S . -B build -DREDUCTION_EXERCISES=ON && cmake --build build
//   (cd build && ctest -R exercise_step03 --output-on-failure)
#pragma once

#include <cstddef>

#include "kernel_helpers.cuh"

template <typename T>
void reduceAtomicOnly([[maybe_unused]] const T* input, [[maybe_unused]] std::size_t n,
                      [[maybe_unused]] int blockSize, [[maybe_unused]] T* result)
{
    // TODO
}

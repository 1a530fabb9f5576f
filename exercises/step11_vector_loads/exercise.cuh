// Exercise of step11 (docs/step11_vector_loads.md): a dot product, sum of x[i] * y[i],
// with 128-bit vector loads of both arrays. It reads two arrays per result, so it is a
// reduction with twice the bytes per element. The test passes x and y shifted by the same
// number of elements (0 to 3 for int and float, 0 to 7 for half and bfloat16: a 16-byte
// vector holds 4 or 8 of them) from a cudaMalloc'ed address: the head before the first
// 16-byte aligned address and the tail after the last whole vector need scalar loads, as in
// step11. Types: int, float, half (__half) and bfloat16 (__nv_bfloat16); the products and
// their sum are in Accumulator<T> (common/element_types.cuh: float for the 16-bit types, as
// in step11), so convert each element before multiplying. Then
//   cmake -S . -B build -DREDUCTION_EXERCISES=ON && cmake --build build
//   (cd build && ctest -R exercise_step11 --output-on-failure)
#pragma once

#include <cstddef>

#include "kernel_helpers.cuh"

// Device bytes dotProduct may use as its workspace (handed over zeroed).
template <typename T>
std::size_t dotProductWorkspaceBytes([[maybe_unused]] std::size_t n, [[maybe_unused]] int blockSize)
{
    return 0;  // TODO
}

// Writes the sum of x[i] * y[i], i < n, to *result (device memory). blockSize: 32 ... 1024.
template <typename T>
void dotProduct([[maybe_unused]] const T* x, [[maybe_unused]] const T* y,
                [[maybe_unused]] std::size_t n, [[maybe_unused]] int blockSize,
                [[maybe_unused]] void* workspace, [[maybe_unused]] Accumulator<T>* result)
{
    // TODO
}

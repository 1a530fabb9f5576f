// Exercise of step08 (docs/step08_templates_cascading.md): the composite trapezoidal rule,
// summed on the GPU. With h = (b - a) / m and x_i = a + i*h,
//     integral of f from a to b  ~  h * ( f(x_0)/2 + f(x_1) + ... + f(x_{m-1}) + f(x_m)/2 ).
// The sum is a reduction whose elements are computed, not loaded: write a kernel in the
// shape of step08 (block size as a template parameter, a grid-stride loop over
// i = 0 ... m in which each thread adds its terms, then the tree of the block), a second
// pass over the partial sums, and copy the result back. f is a functor with a
// `double operator()(double x) const` to be called in the kernel only: the test's integrands
// throw when called on the host. The test also asks for 2^36 intervals, more terms than fit
// in any GPU's memory: compute each term where it is added. Then
//   cmake -S . -B build -DREDUCTION_EXERCISES=ON && cmake --build build
//   (cd build && ctest -R exercise_step08 --output-on-failure)
#pragma once

#include <cstddef>

#include "kernel_helpers.cuh"

template <typename Function>
double trapezoidIntegral([[maybe_unused]] Function f, [[maybe_unused]] double a,
                         [[maybe_unused]] double b, [[maybe_unused]] std::size_t intervals)
{
    return 0;  // TODO
}

// Step 01: a serial loop on one CPU core, the baseline every other step is compared with.
#pragma once

#include <cstddef>

#include "element_types.cuh"

template <typename T>
Accumulator<T> reduce(const T* input, std::size_t n)
{
    Accumulator<T> sum = 0;
    for (std::size_t i = 0; i < n; ++i) sum += Accumulator<T>(input[i]);
    return sum;
}

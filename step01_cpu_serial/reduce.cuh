// Step 01: a serial loop on one CPU core, the baseline every other step is compared with.
#pragma once

#include <cstddef>

template <typename T>
T reduce(const T* input, std::size_t n)
{
    T sum = 0;
    for (std::size_t i = 0; i < n; ++i) sum += input[i];
    return sum;
}

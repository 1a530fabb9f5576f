// Exercises of step01 (docs/step01_cpu_serial.md). Fill in the TODOs, then
//   cmake -S . -B build -DREDUCTION_EXERCISES=ON && cmake --build build
//   (cd build && ctest -R exercise_step01 --output-on-failure)
#pragma once

#include <cstddef>

// Exercise 2, the exact check: 1 + 2 + ... + n, exactly, in 64-bit integers, for every n
// from 0 to 4'000'000'000. Careful: n * (n + 1) can overflow where the result does not.
inline long long exactSumOneToN([[maybe_unused]] long long n)
{
    // TODO
    return 0;
}

// Exercise 3: the serial loop with four independent partial sums (elements 4k, 4k+1,
// 4k+2, 4k+3 go to sums 0, 1, 2, 3), added together at the end. Any n, including n < 4.
// Besides the sum, the test checks the longest chain of additions that must happen one
// after the other: about n/4 here, n in a serial loop (it runs this on a type that counts).
template <typename T>
T reduceFourAccumulators([[maybe_unused]] const T* input, [[maybe_unused]] std::size_t n)
{
    // TODO
    return T(0);
}

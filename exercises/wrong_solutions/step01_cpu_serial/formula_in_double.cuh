// WRONG: the formula in double: exact only while the sum has at most 53 significant bits.
// A test fixture, not a solution: the exercise's test must reject it (exercises/README.md).
#pragma once

#include <cstddef>

// n * (n + 1) overflows int64 from n of about 3.04e9 on, while the sum fits until about
// 4.29e9: halve the even factor before multiplying.
inline long long exactSumOneToN(long long n)
{
    return (long long)(0.5 * double(n) * double(n + 1));  // WRONG
}

// Four independent dependency chains: each add waits only for the add four elements back,
// so four adds can be in flight at once (the serial loop waits for the previous add every
// time). For floating point the order of the additions changes, so the last bits may too.
template <typename T>
T reduceFourAccumulators(const T* input, std::size_t n)
{
    T sums[4] = {0, 0, 0, 0};
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        sums[0] += input[i];
        sums[1] += input[i + 1];
        sums[2] += input[i + 2];
        sums[3] += input[i + 3];
    }
    // The last n % 4 elements (at most three), one into each of the first sums. Indices the
    // compiler knows let it keep the four sums in registers; a tail loop writing sums[i % 4]
    // makes GCC keep them in memory, the main loop's too.
    if (i < n) sums[0] += input[i];
    if (i + 1 < n) sums[1] += input[i + 1];
    if (i + 2 < n) sums[2] += input[i + 2];
    return (sums[0] + sums[1]) + (sums[2] + sums[3]);
}

// WRONG: the split is computed in int: wrong from n = 2^31 on.
// A test fixture, not a solution: the exercise's test must reject it (exercises/README.md).
#pragma once

#include <algorithm>
#include <cstddef>

struct RankSlice {
    std::size_t first = 0, count = 0;
};

// n / ranks each, and the first n % ranks ranks one more: the sizes differ by at most one,
// and rank r starts after r full shares plus the extra elements of the ranks before it.
inline RankSlice rankSlice(std::size_t n, int rank, int ranks)
{
    const int base = int(n) / ranks, extra = int(n) % ranks;  // WRONG: int(n) wraps
    return {std::size_t(rank * base + std::min(rank, extra)),
            std::size_t(base + (rank < extra ? 1 : 0))};
}

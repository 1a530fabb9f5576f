// WRONG: ceil(n / ranks) per rank, the rest to the last: the last ranks can get far less.
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
    const std::size_t share = (n + ranks - 1) / ranks, r = std::size_t(rank);
    const std::size_t first = std::min(r * share, n);
    return {first, std::min(share, n - first)};  // WRONG: 5 on 4 ranks gives 2, 2, 1, 0
}

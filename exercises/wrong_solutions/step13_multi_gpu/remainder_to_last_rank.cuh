// WRONG: the last rank takes all n % ranks extra elements: sizes differ by up to ranks - 1.
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
    const std::size_t base = n / ranks, r = std::size_t(rank);
    return {r * base, rank == ranks - 1 ? n - r * base : base};  // WRONG: unbalanced
}

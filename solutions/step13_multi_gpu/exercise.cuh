// Solution of step13's exercise (docs/step13_multi_gpu.md): the split step 13 uses.
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
    const std::size_t base = n / ranks, extra = n % ranks, r = std::size_t(rank);
    return {r * base + std::min(r, extra), base + (r < extra ? 1 : 0)};
}

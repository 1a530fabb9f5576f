// Exercise of step13 (docs/step13_multi_gpu.md). Fill in the TODO, then
//   cmake -S . -B build -DREDUCTION_EXERCISES=ON && cmake --build build
//   (cd build && ctest -R exercise_step13 --output-on-failure)
#pragma once

#include <cstddef>

// Exercise 1, the split: rank `rank` of `ranks` takes elements [first, first + count) of n.
// The slices must be contiguous, in rank order, cover 0..n exactly once, and differ in size
// by at most one element; any n (0, n < ranks, n not divisible by ranks) and any ranks >= 1.
struct RankSlice {
    std::size_t first = 0, count = 0;
};

inline RankSlice rankSlice([[maybe_unused]] std::size_t n, [[maybe_unused]] int rank,
                           [[maybe_unused]] int ranks)
{
    // TODO
    return {};
}

// Tests of step13's exercise: ctest -R exercise_step13
#include <algorithm>
#include <cstddef>
#include <vector>

#include <exercise.cuh>  // angle brackets: the stub or the solution, whichever CMake put first

#include "exercise_test.cuh"

// Every n and ranks: the slices are in rank order, touch, cover [0, n), and differ in size
// by at most one.
TEST(RankSlice, ContiguousCoveringBalanced)
{
    for (int ranks : {1, 2, 3, 4, 7, 8, 64}) {
        for (std::size_t n :
             {std::size_t(0), std::size_t(1), std::size_t(2), std::size_t(3), std::size_t(7),
              std::size_t(8), std::size_t(1000003), (std::size_t(1) << 33) + 5}) {
            std::size_t next = 0, smallest = n, largest = 0;
            for (int rank = 0; rank < ranks; ++rank) {
                RankSlice slice = rankSlice(n, rank, ranks);
                EXPECT_EQ(slice.first, next) << "n = " << n << ", rank " << rank << " of " << ranks;
                next = slice.first + slice.count;
                smallest = std::min(smallest, slice.count);
                largest = std::max(largest, slice.count);
            }
            EXPECT_EQ(next, n) << "n = " << n << ", " << ranks << " ranks: not all covered";
            EXPECT_LE(largest - smallest, 1u) << "n = " << n << ", " << ranks << " ranks";
        }
    }
}

// The cases the step's own test matrix runs: fewer elements than ranks leaves ranks empty.
TEST(RankSlice, FewerElementsThanRanks)
{
    EXPECT_EQ(rankSlice(3, 0, 4).count, 1u);
    EXPECT_EQ(rankSlice(3, 3, 4).count, 0u);
    EXPECT_EQ(rankSlice(3, 3, 4).first, 3u);
    EXPECT_EQ(rankSlice(0, 1, 2).count, 0u);
}

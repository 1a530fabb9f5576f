// WRONG: threads that do not work at level s are counted in the bank conflict.
// A test fixture, not a solution: the exercise's test must reject it (exercises/README.md).
#pragma once

#include <algorithm>
#include <set>
#include <vector>

// Replays the branch condition for every thread of every warp.
template <typename Condition>
unsigned divergentWarps(unsigned blockSize, Condition takesBranch)
{
    unsigned divergent = 0;
    for (unsigned warp = 0; warp < blockSize / 32; ++warp) {
        unsigned taking = 0;
        for (unsigned tid = 32 * warp; tid < 32 * warp + 32; ++tid)
            taking += takesBranch(tid) ? 1 : 0;
        if (taking > 0 && taking < 32) ++divergent;
    }
    return divergent;
}

// Every warp diverges while 2*s <= 32 (every 2s-th thread works); after that, one thread in
// every (2s/32)-th warp works, and those warps diverge too.
inline unsigned divergentWarpsInterleaved(unsigned s, unsigned blockSize)
{
    return divergentWarps(blockSize, [&](unsigned tid) { return tid % (2 * s) == 0; });
}

// The working threads are 0 ... blockSize/(2s) - 1: whole warps, until fewer than 32 threads
// work (the last five levels), when exactly one warp diverges.
inline unsigned divergentWarpsStrided(unsigned s, unsigned blockSize)
{
    return divergentWarps(blockSize, [&](unsigned tid) { return 2 * s * tid < blockSize; });
}

// Words 2*s*tid for consecutive tid are 2s words apart, so they fall in 32 / gcd(2s, 32)
// different banks: 2-way at s = 1, 4-way at s = 2, ... while all 32 threads work; fewer
// working threads mean fewer words per bank.
inline unsigned stridedConflictWays(unsigned s, [[maybe_unused]] unsigned blockSize, unsigned warp)
{
    std::vector<std::set<unsigned>> wordsInBank(32);
    unsigned ways = 0;
    for (unsigned tid = 32 * warp; tid < 32 * warp + 32; ++tid) {
        unsigned index = 2 * s * tid;
        // WRONG: no check that index < blockSize, so idle threads count too
        std::set<unsigned>& bank = wordsInBank[index % 32];
        bank.insert(index);
        ways = std::max(ways, unsigned(bank.size()));
    }
    return ways;
}

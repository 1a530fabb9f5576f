// Exercises of step04 (docs/step04_divergence.md): count, on the CPU, what a warp does at
// each level of the tree. A warp is 32 consecutive threads: warp w holds threads
// 32*w ... 32*w + 31. Shared memory has 32 banks of 4-byte words; word k is in bank k % 32.
// Then
//   cmake -S . -B build -DREDUCTION_EXERCISES=ON && cmake --build build
//   (cd build && ctest -R exercise_step04 --output-on-failure)
#pragma once

// Exercise 1: in how many warps of a block of blockSize threads do some, but not all,
// threads take the branch at level s?
//   step03 (interleaved addressing):  if (tid % (2 * s) == 0)
//   step04 (strided index):           if (2 * s * tid < blockSize)
inline unsigned divergentWarpsInterleaved([[maybe_unused]] unsigned s,
                                          [[maybe_unused]] unsigned blockSize)
{
    return 0;  // TODO
}

inline unsigned divergentWarpsStrided([[maybe_unused]] unsigned s,
                                      [[maybe_unused]] unsigned blockSize)
{
    return 0;  // TODO
}

// Exercise 2: at level s of step04, the working threads of warp `warp` load
// sharedPartials[2 * s * tid] (4-byte elements). How many passes through the banks does
// that load take, that is, the largest number of distinct words any one bank must deliver
// (1: no conflict; k: a k-way conflict)? 0 if no thread of the warp works at this level.
inline unsigned stridedConflictWays([[maybe_unused]] unsigned s,
                                    [[maybe_unused]] unsigned blockSize,
                                    [[maybe_unused]] unsigned warp)
{
    return 0;  // TODO
}

// Exercise of step12b (a reproducible sum): cut a number into the kept bins. Step 12b's
// BinnedSum (step12b_reproducible_sum/binned_sum.cuh) keeps `folds` bins, bins[0] the top one;
// each is a double S that started at 1.5 * 2^b and stays in [2^b, 2^(b+1)), so adding a number
// to it rounds that number to S's spacing 2^(b - 52). Write cutIntoBins: bins[0] takes x rounded
// to its spacing, the exact rest goes on to bins[1], and so on; the last bin takes what is left,
// rounded, and the rest below it is dropped. The window fits x (|x| is below 2^39 spacings of
// bins[0]). What each bin takes must depend on x alone, never on what the bin already holds:
// think of a number exactly halfway between two multiples of a spacing. The tests (CPU only)
// sum with your cut in BinnedSum's place and check the exact sum rounded once, the same bits
// in every order, and the same bins as step 12b's own deposit. Then
//   cmake -S . -B build -DREDUCTION_EXERCISES=ON && cmake --build build
//   (cd build && ctest -R exercise_step12b --output-on-failure)
#pragma once

#include "step12b_reproducible_sum/binned_sum.cuh"

template <int folds>
__host__ __device__ void cutIntoBins([[maybe_unused]] double (&bins)[folds],
                                     [[maybe_unused]] double x)
{
    // TODO
}

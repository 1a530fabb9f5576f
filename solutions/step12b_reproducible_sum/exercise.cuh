// Solution of step12b's exercise: cut a number into the kept bins.
//
// Adding x to bin f's S rounds x to S's spacing (S stays in its binade), and before - after is
// minus the part that S took, exactly (both are in the same binade), so x plus it is the exact
// rest, handed to the next bin. Rounding to nearest breaks a tie towards the even neighbour of
// the result, which depends on what S holds: x | 1 (its last bit set) is never halfway, since
// a bin's spacing is at least 4 times x's last bit, and is rounded to the same multiple as x
// would be when x is not a tie. So each bin takes a function of x alone.
#pragma once

#include "step12b_reproducible_sum/binned_sum.cuh"

template <int folds>
__host__ __device__ void cutIntoBins(double (&bins)[folds], double x)
{
    for (int f = 0; f < folds - 1; ++f) {
        const double before = bins[f];
        bins[f] = before + binned::withLastBitSet(x);  // x rounded to bin f's spacing
        x += before - bins[f];                         // the exact rest
    }
    bins[folds - 1] += binned::withLastBitSet(x);  // the last bin: the rest rounded, no further
}

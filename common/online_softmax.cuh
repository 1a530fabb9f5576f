// Part II's capstone, the softmax of a row in one read: softmax(x)_i = e^(x_i - M) / S with
// M = max_j x_j and S = sum_j e^(x_j - M). M and S come from one pass over the row with the
// online (maximum, sum) combine (Milakov & Gimelshein 2018, "Online normalizer calculation for
// softmax"), an associative operator that is not a plain sum: a state (m, s) says "these
// elements have maximum m and sum of e^(x - m) equal to s", and two states combine as
//     (m, s) + (m', s') = (max(m, m'), s * e^(m - max(m, m')) + s' * e^(m' - max(m, m')))
// Every exponent is <= 0, so nothing overflows however large the x are.
#pragma once

#include <cmath>

struct MaxSum {
    float max;  // the largest element seen (-inf: none yet)
    float sum;  // the sum of e^(x - max) over the elements seen
};

// The state of no element: the identity of the combine.
__host__ __device__ inline MaxSum emptyMaxSum()
{
    return {-INFINITY, 0.0f};
}

// The state of one element x: e^(x - x) = 1.
__host__ __device__ inline MaxSum maxSumOf(float x)
{
    return {x, 1.0f};
}

// The combine. Three cases need care:
//  - a NaN element: it must make the whole row NaN, but fmaxf skips NaN and a later finite
//    maximum would scale its sum by e^(-inf) = 0 and drop it; so a NaN maximum makes the
//    state NaN, and NaN stays NaN whatever it meets;
//  - both maxima -inf (no element, or only -inf elements): max - max would be -inf - (-inf) =
//    NaN, so the sums are added unscaled (e^0 = 1): the identity stays the identity, and a
//    row of -inf keeps its count (its softmax is then e^(-inf - (-inf)) / count: NaN);
//  - a maximum of +inf: e^(+inf - (+inf)) is NaN, and the row's softmax with it.
__host__ __device__ inline MaxSum combine(MaxSum a, MaxSum b)
{
    if (isnan(a.max) || isnan(b.max)) return {NAN, NAN};
    const float m = fmaxf(a.max, b.max);
    if (m == -INFINITY) return {m, a.sum + b.sum};
    return {m, a.sum * expf(a.max - m) + b.sum * expf(b.max - m)};
}

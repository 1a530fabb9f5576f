// Solution of step17's exercise: the online (max, sum) combine.
//
// The larger maximum m is the new one; each side's sum was taken relative to its own maximum,
// so it is rescaled to m by e^(its max - m), a factor <= 1 (1 for the side that holds m): no
// exponent is positive, so nothing overflows. Two cases come before the formula:
//  - a NaN maximum: fmaxf returns the other operand, so the NaN would vanish from the maximum,
//    and where the other side is -inf from the sum too (the next case); so a NaN maximum makes
//    the state (NaN, NaN), which stays NaN whatever it meets;
//  - both maxima -inf: -inf - (-inf) is NaN; the sums are added as they are (each side's
//    elements are all -inf, so each e^(x - m) is "e^0" = 1): the empty state stays the
//    identity and a row of -inf keeps its count.
#pragma once

#include <cmath>

struct MaxSum {
    float max;  // the largest element seen (-inf: none yet)
    float sum;  // the sum of e^(x - max) over the elements seen
};

__host__ __device__ inline MaxSum emptyMaxSum()
{
    return {-INFINITY, 0.0f};
}

__host__ __device__ inline MaxSum maxSumOf(float x)
{
    return {x, 1.0f};
}

// The state of the elements of a and of b together.
__host__ __device__ inline MaxSum combine(MaxSum a, MaxSum b)
{
    if (isnan(a.max) || isnan(b.max)) return {NAN, NAN};
    const float m = fmaxf(a.max, b.max);
    if (m == -INFINITY) return {m, a.sum + b.sum};
    return {m, a.sum * expf(a.max - m) + b.sum * expf(b.max - m)};
}

// Exercise of step17 (the softmax): the online (max, sum) combine, the operator a softmax in
// one read of its row is built on. A state (m, s) stands for some elements of a row: m is
// their maximum and s the sum of e^(x - m) over them. Write combine(a, b), the state of the
// elements of a and of b together:
//     (m, s) + (m', s') = (max(m, m'), s * e^(m - max(m, m')) + s' * e^(m' - max(m, m')))
// so that, with the functions below,
//  - combine(emptyMaxSum(), x) and combine(x, emptyMaxSum()) are x, bit for bit, for every
//    state x whose maximum is not +inf;
//  - any order and any grouping of the same elements give the same maximum exactly and the
//    same sum within rounding;
//  - a row of -inf gives (-inf, the count of its elements), with no NaN on the way;
//  - a NaN anywhere in a row makes its sum NaN, in every order;
//  - a row with +inf (and no NaN) gives (+inf, NaN), in every order: e^(+inf - (+inf)) is NaN,
//    and so is every output of the row.
// The tests run on the CPU (no GPU needed). Then
//   cmake -S . -B build -DREDUCTION_EXERCISES=ON && cmake --build build
//   (cd build && ctest -R exercise_step17 --output-on-failure)
#pragma once

#include <cmath>

struct MaxSum {
    float max;  // the largest element seen (-inf: none yet)
    float sum;  // the sum of e^(x - max) over the elements seen
};

// The state of no element.
__host__ __device__ inline MaxSum emptyMaxSum()
{
    return {-INFINITY, 0.0f};
}

// The state of one element x: its maximum is x, and e^(x - x) = 1.
__host__ __device__ inline MaxSum maxSumOf(float x)
{
    return {x, 1.0f};
}

// The state of the elements of a and of b together.
__host__ __device__ inline MaxSum combine(MaxSum a, [[maybe_unused]] MaxSum b)
{
    return a;  // TODO
}

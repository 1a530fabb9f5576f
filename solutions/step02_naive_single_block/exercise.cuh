// Solutions of step02's exercises (docs/step02_naive_single_block.md): max and min; argmax.
//
// The tree works for any associative operation; only two things change: the operation,
// and the value that fills the slots past the end of the array (and starts the running
// result), which must be the operation's identity: 0 for a sum, -inf for max and +inf for
// min (for int, which has no infinity, the lowest and the highest int). Filling with 0 gives
// max = 0 for all-negative input; filling with lowest() gives -FLT_MAX for all -inf input.
#pragma once

#include <cstddef>
#include <limits>

#include "kernel_helpers.cuh"

struct Maximum {
    template <typename T>
    __device__ T operator()(T a, T b) const
    {
        return a > b ? a : b;
    }
};

struct Minimum {
    template <typename T>
    __device__ T operator()(T a, T b) const
    {
        return a < b ? a : b;
    }
};

template <typename T, typename Operation>
__global__ void reduceKernel(const T* input, T* result, std::size_t n, T identity,
                             Operation combine)
{
    T* sharedPartials = sharedMemory<T>();
    unsigned int tid = threadIdx.x;
    T blockResult = identity;  // only thread 0's copy is used
    for (std::size_t tileStart = 0; tileStart < n; tileStart += blockDim.x) {
        std::size_t i = tileStart + threadIdx.x;
        sharedPartials[tid] = (i < n) ? input[i] : identity;
        __syncthreads();
        for (unsigned int s = 1; s < blockDim.x; s *= 2) {
            if (tid % (2 * s) == 0)
                sharedPartials[tid] = combine(sharedPartials[tid], sharedPartials[tid + s]);
            __syncthreads();
        }
        if (tid == 0) blockResult = combine(blockResult, sharedPartials[0]);
        __syncthreads();
    }
    if (tid == 0) *result = blockResult;
}

// The identities are computed on the host (std::numeric_limits is host code) and passed in.
template <typename T>
void reduceMax(const T* input, std::size_t n, int blockSize, T* result)
{
    using Limits = std::numeric_limits<T>;
    const T identity = Limits::has_infinity ? -Limits::infinity() : Limits::lowest();
    reduceKernel<<<1, blockSize, blockSize * sizeof(T)>>>(input, result, n, identity, Maximum());
    CUDA_CHECK_LAUNCH();
}

template <typename T>
void reduceMin(const T* input, std::size_t n, int blockSize, T* result)
{
    using Limits = std::numeric_limits<T>;
    const T identity = Limits::has_infinity ? Limits::infinity() : Limits::max();
    reduceKernel<<<1, blockSize, blockSize * sizeof(T)>>>(input, result, n, identity, Minimum());
    CUDA_CHECK_LAUNCH();
}

// Argmax: the tree carries (value, index) pairs, and the operation picks the winner of two.
// numpy.argmax's order: any number beats no element, NaN beats any number, a larger number
// beats a smaller one, and on a tie (equal values, or two NaNs) the lower index wins. With
// the index as the tie-break the operation is associative and commutative, like max, so the
// tree may pair elements in any order. The slots past the end hold "no element" (noIndex),
// which loses to everything: -inf would tie with a real -inf, and lowest() would beat it.
constexpr std::size_t noIndex = ~std::size_t(0);

template <typename T>
struct Candidate {
    T value;
    std::size_t index;  // noIndex: no element
};

// x != x holds for NaN only, and is false for every int: one test for all three types.
template <typename T>
__device__ bool isNaN(T x)
{
    return x != x;
}

template <typename T>
__device__ Candidate<T> argmaxOf(Candidate<T> a, Candidate<T> b)
{
    if (a.index == noIndex) return b;
    if (b.index == noIndex) return a;
    const bool aIsNaN = isNaN(a.value), bIsNaN = isNaN(b.value);
    if (aIsNaN != bIsNaN) return aIsNaN ? a : b;
    if (!aIsNaN && a.value != b.value) return a.value > b.value ? a : b;
    return a.index < b.index ? a : b;  // equal values, or two NaNs
}

template <typename T>
__global__ void argmaxKernel(const T* input, std::size_t* result, std::size_t n)
{
    Candidate<T>* sharedCandidates = sharedMemory<Candidate<T>>();
    unsigned int tid = threadIdx.x;
    Candidate<T> best = {T(0), noIndex};  // only thread 0's copy is used
    for (std::size_t tileStart = 0; tileStart < n; tileStart += blockDim.x) {
        std::size_t i = tileStart + threadIdx.x;
        sharedCandidates[tid] = (i < n) ? Candidate<T>{input[i], i} : Candidate<T>{T(0), noIndex};
        __syncthreads();
        for (unsigned int s = 1; s < blockDim.x; s *= 2) {
            if (tid % (2 * s) == 0)
                sharedCandidates[tid] = argmaxOf(sharedCandidates[tid], sharedCandidates[tid + s]);
            __syncthreads();
        }
        if (tid == 0) best = argmaxOf(best, sharedCandidates[0]);
        __syncthreads();
    }
    if (tid == 0) *result = best.index;  // noIndex for n = 0
}

template <typename T>
void reduceArgmax(const T* input, std::size_t n, int blockSize, std::size_t* result)
{
    argmaxKernel<<<1, blockSize, blockSize * sizeof(Candidate<T>)>>>(input, result, n);
    CUDA_CHECK_LAUNCH();
}

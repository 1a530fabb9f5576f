// Exercises of step02 (docs/step02_naive_single_block.md), numbered as on the page.
// Exercise 3: the maximum and the minimum instead of the sum. Below is step02's kernel, still
// summing; change it so that reduceMax writes the largest element and reduceMin the
// smallest, for any n >= 1 and any values (all negative ones included).
// Exercise 5 (at the end of the file): argmax, with NaN. Then
//   cmake -S . -B build -DREDUCTION_EXERCISES=ON && cmake --build build
//   (cd build && ctest -R exercise_step02 --output-on-failure)
//   (ctest -R exercise_step02.Argmax for exercise 5 alone)
#pragma once

#include <cstddef>

#include "kernel_helpers.cuh"

// TODO: a sum starts from 0, the value that changes nothing. What changes nothing for max?
template <typename T>
__global__ void reduceKernel(const T* input, T* result, std::size_t n)
{
    T* sharedPartials = sharedMemory<T>();
    unsigned int tid = threadIdx.x;
    T blockSum = 0;
    for (std::size_t tileStart = 0; tileStart < n; tileStart += blockDim.x) {
        std::size_t i = tileStart + threadIdx.x;
        sharedPartials[tid] = (i < n) ? input[i] : T(0);
        __syncthreads();
        for (unsigned int s = 1; s < blockDim.x; s *= 2) {
            if (tid % (2 * s) == 0) sharedPartials[tid] += sharedPartials[tid + s];
            __syncthreads();
        }
        if (tid == 0) blockSum += sharedPartials[0];
        __syncthreads();
    }
    if (tid == 0) *result = blockSum;
}

// One block of blockSize threads (a power of two, 32 to 1024); result is device memory.
template <typename T>
void reduceMax(const T* input, std::size_t n, int blockSize, T* result)
{
    reduceKernel<<<1, blockSize, blockSize * sizeof(T)>>>(input, result, n);  // TODO
    CUDA_CHECK_LAUNCH();
}

template <typename T>
void reduceMin(const T* input, std::size_t n, int blockSize, T* result)
{
    reduceKernel<<<1, blockSize, blockSize * sizeof(T)>>>(input, result, n);  // TODO
    CUDA_CHECK_LAUNCH();
}

// Exercise 5: argmax, the index of the largest element, with the rules of numpy.argmax:
//   - ties: the index of the FIRST largest element (3, 7, 7 gives 1);
//   - NaN is larger than every number: if any element is NaN, the index of the first NaN;
//   - -inf and +inf are numbers like the others; -0.0 and +0.0 are equal (the first wins);
//   - no element (n = 0): noIndex (numpy raises an error; a kernel writes this instead).
// One block of blockSize threads (a power of two, 32 to 1024) walks the array as above;
// *result is device memory and holds garbage on entry. Types: int, float, double.
// Hint: carry (value, index) pairs through the tree. Which pair fills a slot past the end,
// and which pair wins when both values are equal, or NaN?
constexpr std::size_t noIndex = ~std::size_t(0);

template <typename T>
void reduceArgmax([[maybe_unused]] const T* input, [[maybe_unused]] std::size_t n,
                  [[maybe_unused]] int blockSize, [[maybe_unused]] std::size_t* result)
{
    // TODO
}

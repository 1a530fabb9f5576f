// Small pieces that the kernels and launch sequences of every GPU step share.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

#include "cuda_check.cuh"
#include "element_types.cuh"

// Dynamic shared memory (sized at launch) seen as an array of T. An `extern __shared__`
// array can have only one type in a program, so every kernel takes the same untyped bytes.
template <typename T>
__device__ T* sharedMemory()
{
    extern __shared__ __align__(16) unsigned char sharedBytes[];
    return reinterpret_cast<T*>(sharedBytes);
}

// __shfl_down_sync moves a 32- or 64-bit scalar from the lane `offset` above; a complex
// number moves as its two parts.
template <typename T>
__device__ T shuffleDown(T value, unsigned int offset)
{
    return __shfl_down_sync(0xFFFFFFFFu, value, offset);
}

template <typename Real>
__device__ Complex<Real> shuffleDown(Complex<Real> value, unsigned int offset)
{
    return Complex<Real>(shuffleDown(value.re, offset), shuffleDown(value.im, offset));
}

// The end of every `switch (blockSize)`: reduce() was handed a block size it has no kernel
// for (the harness refuses such sizes first, so only a caller that skips it gets here).
[[noreturn]] inline void noKernelForBlockSize(int blockSize)
{
    std::fprintf(stderr, "error: reduce(): no kernel was compiled for block size %d\n", blockSize);
    std::exit(exitBadUsage);
}

// The end of a reduce() that sums in the element type only (the experiments built on the
// exercises' solutions): every type of the command line reaches it, and a 16-bit one, summed
// in 16 bits, would stall (docs/accuracy.md), so it is refused.
[[noreturn]] inline void noKernelForType(const char* type)
{
    std::fprintf(stderr,
                 "error: reduce(): this program sums in the element type; --type %s is "
                 "not one it takes\n",
                 type);
    std::exit(exitBadUsage);
}

inline std::size_t ceilDiv(std::size_t count, std::size_t divisor)
{
    return (count + divisor - 1) / divisor;
}

// Bytes for the partial sums of a launch sequence where the first pass turns the n elements
// into ceil(n / elementsPerBlock) partial sums and each later pass turns `count` partial sums
// into ceil(count / sumsPerBlock), until one block is left; that last block writes the result
// itself, so it needs no room here. The partial sums are of T's accumulator type; a block
// takes as many of them as of elements unless it loads a fixed number of bytes (step 11).
template <typename T>
std::size_t partialSumsBytes(std::size_t n, std::size_t elementsPerBlock, std::size_t sumsPerBlock)
{
    std::size_t partialSums = 0;
    for (std::size_t count = n, perBlock = elementsPerBlock; count > perBlock;
         perBlock = sumsPerBlock) {
        count = ceilDiv(count, perBlock);
        partialSums += count;
    }
    return partialSums * sizeof(Accumulator<T>);
}

template <typename T>
std::size_t partialSumsBytes(std::size_t n, std::size_t elementsPerBlock)
{
    return partialSumsBytes<T>(n, elementsPerBlock, elementsPerBlock);
}

inline int deviceAttribute(cudaDeviceAttr attribute)
{
    int device = 0, value = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaDeviceGetAttribute(&value, attribute, device));
    return value;
}

// One wave: how many blocks of `kernel` fit on the GPU at once (the blocks per SM that its
// registers and shared memory allow, times the SMs). Fewer would leave SMs idle; more would
// only add partial sums.
template <typename Kernel>
unsigned int residentBlocks(Kernel kernel, int blockSize, std::size_t sharedBytes)
{
    int blocksPerSM = 0;
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSM, kernel, blockSize,
                                                             sharedBytes));
    return unsigned(blocksPerSM * deviceAttribute(cudaDevAttrMultiProcessorCount));
}

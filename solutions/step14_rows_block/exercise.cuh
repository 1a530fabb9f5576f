// Solution of step14's exercise: the sum of each column.
//
// A block takes a stripe of 32 columns: lane l of every warp adds column 32 b + l, warp w the
// rows w, w + warps, ... So a warp's load is 32 consecutive elements of one row (one 128-byte
// line for floats, coalesced as step 14's loads are), and each thread's sum is a column's,
// over a share of the rows: no shuffle is needed, as no two lanes share a column. The warps'
// partial sums of a column meet in shared memory; the barrier makes every warp's partial
// visible before warp 0 reads them. A matrix of 0 rows still gets its column sums: 0.
#pragma once

#include <cstddef>

#include "kernel_helpers.cuh"
#include "rows.cuh"

template <unsigned int blockSize, typename T>
__global__ void columnsKernel(const T* input, Shape shape, Accumulator<T>* sums)
{
    using Sum = Accumulator<T>;
    constexpr unsigned int warps = blockSize / 32;
    __shared__ Sum partials[warps][32];
    const unsigned int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const std::size_t c = std::size_t(blockIdx.x) * 32 + lane;
    Sum sum = 0;
    if (c < shape.cols)
        for (std::size_t r = warp; r < shape.rows; r += warps)
            sum += Sum(input[r * shape.cols + c]);
    partials[warp][lane] = sum;
    __syncthreads();
    if (warp == 0) {
        for (unsigned int w = 1; w < warps; ++w) sum += partials[w][lane];
        if (c < shape.cols) sums[c] = sum;
    }
}

template <unsigned int blockSize, typename T>
void launchColumns(const T* input, Shape shape, Accumulator<T>* sums)
{
    if (shape.cols == 0) return;
    const unsigned int blocks = unsigned(ceilDiv(shape.cols, 32));  // the last stripe may be short
    columnsKernel<blockSize><<<blocks, blockSize>>>(input, shape, sums);
    CUDA_CHECK_LAUNCH();
}

// sums[c] = the sum of column c of the rows x cols matrix `input` (row-major, device memory),
// for every column. blockSize: 32 ... 1024.
template <typename T>
void sumColumns(const T* input, Shape shape, int blockSize, Accumulator<T>* sums)
{
    // clang-format off
    switch (blockSize) {
    case 1024: launchColumns<1024>(input, shape, sums); break;
    case 512:  launchColumns<512>(input, shape, sums); break;
    case 256:  launchColumns<256>(input, shape, sums); break;
    case 128:  launchColumns<128>(input, shape, sums); break;
    case 64:   launchColumns<64>(input, shape, sums); break;
    case 32:   launchColumns<32>(input, shape, sums); break;
    default:   noKernelForBlockSize(blockSize);
    }
    // clang-format on
}

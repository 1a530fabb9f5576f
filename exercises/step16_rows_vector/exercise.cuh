// Exercise of step16 (rows with 128-bit loads): each row's head, vectors and tail. A row
// starts wherever the row before it ends, so with cols not a multiple of the vector, rows start
// off a 16-byte boundary by different amounts, and each needs its own split: the elements before
// its first 16-byte boundary (the head, loaded one by one), then whole 16-byte vectors, then
// the elements after the last whole vector (the tail). Write splitRow: the split of row r of a
// matrix of `cols` columns that starts at `matrix`. The kernel below uses it. The tests check
// splitRow on the CPU, for 2-, 4-, 8- and 16-byte elements, every misalignment of the matrix
// and every row length up to a few vectors (no GPU needed), then the row sums on the GPU. Then
//   cmake -S . -B build -DREDUCTION_EXERCISES=ON && cmake --build build
//   (cd build && ctest -R exercise_step16 --output-on-failure)
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernel_helpers.cuh"
#include "rows.cuh"

// One 128-bit load: 8 halves, 4 ints or floats, 2 doubles, 1 element of 16 bytes.
constexpr std::size_t vectorBytes = 16;

template <typename T>
constexpr std::size_t elementsPerVector = vectorBytes / sizeof(T);

// Row r of a matrix: `head` elements before its first 16-byte boundary, then `vectors` whole
// 16-byte vectors, then `tail` elements; head + vectors * elementsPerVector<T> + tail = cols.
struct RowSplit {
    std::size_t head, vectors, tail;
};

template <typename T>
__host__ __device__ RowSplit splitRow([[maybe_unused]] const T* matrix,
                                      [[maybe_unused]] std::size_t cols,
                                      [[maybe_unused]] std::size_t r)
{
    return {0, 0, 0};  // TODO
}

// What follows uses splitRow: step 16's kernel with one warp per row.

template <typename T>
struct alignas(vectorBytes) Vector {
    T element[elementsPerVector<T>];
};

template <typename T>
__device__ Accumulator<T> sumOfVectorAt(const T* address)
{
    Vector<T> vector = *reinterpret_cast<const Vector<T>*>(address);
    Accumulator<T> sum = 0;
    for (std::size_t e = 0; e < elementsPerVector<T>; ++e) sum += Accumulator<T>(vector.element[e]);
    return sum;
}

// Warp w of the grid sums row w: lane l adds vectors l, l + 32, ... of the row's aligned body,
// and lanes 0 .. head - 1 and 0 .. tail - 1 one element each of the head and the tail.
template <typename T>
__global__ void rowsKernel(const T* matrix, Shape shape, Accumulator<T>* sums)
{
    const std::size_t r = (std::size_t(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
    const unsigned int lane = threadIdx.x % 32;
    Accumulator<T> sum = 0;
    if (r < shape.rows) {
        const RowSplit split = splitRow(matrix, shape.cols, r);
        const T* row = matrix + r * shape.cols;
        const T* body = row + split.head;
        for (std::size_t v = lane; v < split.vectors; v += 32)
            sum += sumOfVectorAt(body + v * elementsPerVector<T>);
        const T* tail = body + split.vectors * elementsPerVector<T>;
        if (lane < split.head) sum += Accumulator<T>(row[lane]);
        if (lane < split.tail) sum += Accumulator<T>(tail[lane]);
    }
    for (unsigned int offset = 16; offset > 0; offset /= 2) sum += shuffleDown(sum, offset);
    if (lane == 0 && r < shape.rows) sums[r] = sum;
}

// sums[r] = the sum of row r, for every row of the matrix (device memory).
template <typename T>
void sumRows(const T* matrix, Shape shape, Accumulator<T>* sums)
{
    constexpr unsigned int blockSize = 256, rowsPerBlock = blockSize / 32;
    if (shape.rows == 0) return;
    rowsKernel<<<unsigned(ceilDiv(shape.rows, rowsPerBlock)), blockSize>>>(matrix, shape, sums);
    CUDA_CHECK_LAUNCH();
}

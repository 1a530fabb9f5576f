// Solution of step16's exercise: each row's head, vectors and tail.
//
// Row r starts r * cols elements after the matrix, so its misalignment is its own: a row of
// 33 floats starts 132 bytes after the one before it, 4 bytes further from a 16-byte boundary.
// The head is measured from the row's first address, in elements (the bytes to the next
// boundary, divided by the element's size: a T is aligned to its size, so they divide), and
// never longer than the row; the vectors and the tail share what the head leaves.
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
__host__ __device__ RowSplit splitRow(const T* matrix, std::size_t cols, std::size_t r)
{
    const T* row = matrix + r * cols;
    const std::size_t misalignment = reinterpret_cast<std::uintptr_t>(row) % vectorBytes;
    std::size_t head = (vectorBytes - misalignment) % vectorBytes / sizeof(T);
    if (head > cols) head = cols;  // a row shorter than its head: no boundary inside it
    const std::size_t vectors = (cols - head) / elementsPerVector<T>;
    return {head, vectors, cols - head - vectors * elementsPerVector<T>};
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

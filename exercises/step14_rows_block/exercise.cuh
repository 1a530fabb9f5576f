// Exercise of step14 (one block per row): the other axis, the sum of each column of a rows x
// cols matrix (row-major, as in step 14). Write sumColumns. Every column must be written, also
// when the matrix has no rows (its sums are 0), and a matrix may have more than 2^31 elements
// (the tests sum one of 2^21 x 1025 ints). The tests check the sums only, not how the threads
// read: a kernel that reads uncoalesced and sums right passes them, and its speed is yours to
// measure. The layout to aim for: rows are contiguous and columns are not, element (r, c) is at
// r * cols + c, so threads that read one column each, side by side, read one row's consecutive
// elements together (coalesced), while a thread that walked down one column alone would touch a
// new line at every element. So consecutive threads take consecutive columns; the block's
// threads (and warps) share a stripe of columns and split its rows. Then
//   cmake -S . -B build -DREDUCTION_EXERCISES=ON && cmake --build build
//   (cd build && ctest -R exercise_step14 --output-on-failure)
#pragma once

#include <cstddef>

#include "kernel_helpers.cuh"
#include "rows.cuh"

// sums[c] = the sum of column c of the rows x cols matrix `input` (row-major, device memory),
// for every column. blockSize: 32 ... 1024.
template <typename T>
void sumColumns([[maybe_unused]] const T* input, [[maybe_unused]] Shape shape,
                [[maybe_unused]] int blockSize, [[maybe_unused]] Accumulator<T>* sums)
{
    // TODO
}

// Part II: many sums at once. A matrix of `rows` x `cols` elements, row-major, one sum per
// row. The data are Part I's (element (r, c) is element r * cols + c of the same streams),
// the checks are Part I's applied to every row: the exact input, bit for bit, and the random
// input within the tolerance of a row of `cols` terms.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "data.cuh"

struct Shape {
    std::size_t rows = 0, cols = 0;
    std::size_t elements() const { return rows * cols; }
};

// The exact input of a matrix: element (r, c) from (seed, r * cols + c) alone, like Part I's,
// with a random sign; its magnitude:
//  - integer types: a whole number from 1 to 8, odd in column 0 (1, 3, 5, 7) and even
//    elsewhere (2, 4, 6, 8), so every row sums to an odd number;
//  - floating-point types: as Part I's (exactScalar), column 0 as its element 0: a
//    half-integer (1/2 to 15/2), but a whole number less a quarter in column 0 (3/4 to 31/4),
//    so every row sums to a multiple of 1/4 that is no whole number: a kernel that turns
//    elements into whole numbers fails; every 1024th element of the matrix (r * cols + c =
//    512, 1536, ...; never in column 0) a bfloat16 witness, +256.5 or -257.5 (float, double,
//    half), which rounding to bfloat16 moves down by 1/2: a kernel that rounds elements to
//    bfloat16 fails on every row that holds one.
// Then no row sums to 0, so a row left at 0 (or any row-sized fault that changes a sum by a
// whole row's sum: a row added twice) shows, with no state per row; no element is 0, so one
// lost or doubled element changes its row's sum; and the sum of any part of a row is exact in
// float while it stays below 2^22 (the multiples of 1/4 a float holds): for certain up to
// cols = 2^19 (|row sum| <= 7.5 * cols + 1/4 + 250 per witness: 4,060,160.25 < 2^22), far
// beyond with overwhelming probability (the signs are random: docs/accuracy.md); integer sums
// are exact in every order. A matrix whose cols divides 512 has no witness (each falls in
// column 0, which keeps its quarter): there rounding to bfloat16 is not caught.
template <typename Scalar>
__host__ __device__ Scalar rowExactScalar(std::uint64_t bits, bool firstColumn, bool witness)
{
    if constexpr (std::is_integral_v<Scalar>) {
        const int magnitude =
            2 * int((bits >> 32) % (exactMagnitudeMax / 2)) + (firstColumn ? 1 : 2);
        return Scalar((bits & 1) ? -magnitude : magnitude);
    } else {
        // Part I's, column 0 as its element 0
        return exactScalar<Scalar>(bits, firstColumn, witness);
    }
}

template <typename T>
__host__ __device__ T rowExactElement(std::uint64_t seed, std::size_t cols, std::size_t index)
{
    using Scalar = typename ElementTraits<T>::Scalar;
    // ~seed: the stream of Part I's exact input (exactElement), not the random input's.
    const std::uint64_t stream = mixBits(~seed) + 2 * index;
    const bool firstColumn = index % cols == 0;
    const bool witness = isBfloat16Witness(index);
    Scalar part[2] = {rowExactScalar<Scalar>(mixBits(stream), firstColumn, witness),
                      rowExactScalar<Scalar>(mixBits(stream + 1), firstColumn, witness)};
    if constexpr (ElementTraits<T>::components == 1) {
        return part[0];
    } else {
        return T(part[0], part[1]);
    }
}

// What a row's checks need: its exact sum (exact input) and its reference (random input).
template <typename T>
struct RowReferences {
    std::vector<ExactReference<T>> exact;  // one per row
    std::vector<Reference<T>> random;      // one per row
};

// Rows per piece of host work: about hostPieceElements elements, at least one row.
inline std::size_t rowsPerPiece(std::size_t cols)
{
    return std::max<std::size_t>(1, hostPieceElements / std::max<std::size_t>(1, cols));
}

inline std::size_t rowPieces(std::size_t rows, std::size_t cols)
{
    return (rows + rowsPerPiece(cols) - 1) / rowsPerPiece(cols);
}

// The exact sums of the exact input's rows first .. first + count - 1, in int64 (counted in
// exactUnitsPerOne: quarters for floating-point types).
template <typename T>
void addExactRowSums(std::uint64_t seed, Shape shape, std::size_t first, std::size_t count,
                     std::vector<ExactReference<T>>& sums)
{
    const std::size_t perPiece = rowsPerPiece(shape.cols);
    forEachPiece(rowPieces(count, shape.cols), [&](std::size_t piece) {
        const std::size_t end = std::min(count, (piece + 1) * perPiece);
        for (std::size_t r = piece * perPiece; r < end; ++r) {
            ExactReference<T>& sum = sums[first + r];
            sum.n = shape.cols;
            for (std::size_t c = 0; c < shape.cols; ++c) {
                const T x = rowExactElement<T>(seed, shape.cols, (first + r) * shape.cols + c);
                for (int k = 0; k < ElementTraits<T>::components; ++k)
                    sum.sum[k] += exactUnits(componentOf(x, k));
            }
        }
    });
}

// The references of `count` whole rows of the random input at `elements` (rows first ..), each
// built as Part I builds the reference of one input (referenceSum: compensated double sums
// and the sum of magnitudes; the same bits however the work is shared). A row of at least a
// host piece is summed on every core, one row after the other; shorter rows, a piece of rows
// per core.
template <typename T>
void addRandomRowReferences(const T* elements, Shape shape, std::size_t first, std::size_t count,
                            std::vector<Reference<T>>& references)
{
    if (shape.cols >= hostPieceElements) {
        for (std::size_t r = 0; r < count; ++r)
            references[first + r] = referenceSum(elements + r * shape.cols, shape.cols);
        return;
    }
    const std::size_t perPiece = rowsPerPiece(shape.cols);
    forEachPiece(rowPieces(count, shape.cols), [&](std::size_t piece) {
        const std::size_t end = std::min(count, (piece + 1) * perPiece);
        for (std::size_t r = piece * perPiece; r < end; ++r)  // one host piece: one thread
            references[first + r] = referenceSum(elements + r * shape.cols, shape.cols);
    });
}

// The verdict of one run over every row, as the report shows it: the first wrong row, or the
// last row checked.
struct RowsVerdict {
    std::size_t wrongRows = 0;
    std::size_t shownRow = 0;
};

// Every row's sum must be its exact sum, bit for bit.
template <typename T>
RowsVerdict checkExactRows(const std::vector<Accumulator<T>>& sums,
                           const std::vector<ExactReference<T>>& exact)
{
    RowsVerdict verdict;
    for (std::size_t r = 0; r < sums.size(); ++r) {
        if (isExactSum(sums[r], exact[r])) continue;
        if (verdict.wrongRows++ == 0) verdict.shownRow = r;
    }
    if (verdict.wrongRows == 0 && !sums.empty()) verdict.shownRow = sums.size() - 1;
    return verdict;
}

// Every row's sum must be within the tolerance of its reference; the row shown is the first
// outside it, or else the one with the largest error relative to its tolerance.
template <typename T>
RowsVerdict checkAccurateRows(const std::vector<Accumulator<T>>& sums,
                              const std::vector<Reference<T>>& references)
{
    RowsVerdict verdict;
    double worst = -1;
    for (std::size_t r = 0; r < sums.size(); ++r) {
        const Accuracy accuracy = checkAccuracy(sums[r], references[r]);
        if (!accuracy.withinTolerance) {
            if (verdict.wrongRows++ == 0) verdict.shownRow = r;
            continue;
        }
        const double share = accuracy.tolerance > 0 ? accuracy.error / accuracy.tolerance : 0;
        if (verdict.wrongRows == 0 && share > worst) {
            worst = share;
            verdict.shownRow = r;
        }
    }
    return verdict;
}
